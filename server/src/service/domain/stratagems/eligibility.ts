// Which datasheets a stratagem can target, from its own TARGET/RESTRICTIONS
// (and WHEN) text and the datasheets' keywords. Situational clauses are not
// checked: a datasheet is eligible when some unit of it could be a target.
import type { Datasheet, Stratagem } from '../rules/model';
import { positiveKeywords, readTargetText, satisfies, TargetSpec } from './targetText';

/** The stratagem's target spec (the WHEN text is passed so "That unit" takes the keywords WHEN names). */
export function stratagemTargetSpec(stratagem: Stratagem): TargetSpec {
  return readTargetText(stratagem.target, stratagem.restrictions, stratagem.effect, stratagem.when);
}

/** All keywords of a datasheet, faction keywords included. */
export function datasheetKeywords(ds: Datasheet): string[] {
  return [...ds.factionKeywords, ...ds.keywords];
}

/**
 * Whether the datasheet belongs with a detachment stratagem: it carries the stratagem's faction
 * keyword, or the TARGET text itself names one of its faction keywords (Brood Brothers: a
 * GENESTEALER CULTS stratagem for "One ASTRA MILITARUM unit from your army"). Core: always.
 */
function factionFits(stratagem: Stratagem, spec: TargetSpec, ds: Datasheet): boolean {
  if (!stratagem.faction) return true;
  const fk = ds.factionKeywords.map((k) => k.toUpperCase());
  if (fk.includes(stratagem.faction.toUpperCase())) return true;
  return positiveKeywords(spec.requirement).some((p) => fk.some((k) => p === k || p.startsWith(`${k} `)));
}

/** Whether a unit of this datasheet can be the stratagem's target, as far as keywords tell. */
export function canTarget(stratagem: Stratagem, ds: Datasheet, spec: TargetSpec = stratagemTargetSpec(stratagem)): boolean {
  if (spec.subject === 'other' || spec.side === 'enemy') return false;
  return factionFits(stratagem, spec, ds) && satisfies(spec.requirement, datasheetKeywords(ds));
}

/** The datasheets whose units the stratagem can target (keyword requirements and the detachment's faction). */
export function eligibleDatasheets(stratagem: Stratagem, datasheets: Datasheet[]): Datasheet[] {
  const spec = stratagemTargetSpec(stratagem);
  return datasheets.filter((ds) => canTarget(stratagem, ds, spec));
}
