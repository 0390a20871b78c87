// Which datasheets a stratagem can target, from its own TARGET/RESTRICTIONS
// (and WHEN) text and the datasheets' keywords, names and abilities. Situational
// clauses are not checked: a datasheet is eligible when some unit of it could be
// a target, alone or as the Leader of an Attached unit (whose keywords are the
// Leader's and the Bodyguard's together).
import type { ArmyList, Unit } from '../parse/ast';
import type { Datasheet, Stratagem } from '../rules/model';
import { normalizeName } from '../text/normalize';
import { KeywordExpr, positiveKeywords, readTargetText, satisfies, TargetSpec, UnitFacts } from './targetText';

/** The stratagem's target spec (the WHEN text is passed so "That unit" takes the keywords WHEN names). */
export function stratagemTargetSpec(stratagem: Stratagem): TargetSpec {
  return readTargetText(stratagem.target, stratagem.restrictions, stratagem.effect, stratagem.when);
}

/** All keywords of a datasheet, faction keywords included. */
export function datasheetKeywords(ds: Datasheet): string[] {
  return [...ds.factionKeywords, ...ds.keywords];
}

/** What the TARGET reader can check of a unit of this datasheet, with the keywords of the units attached to it. */
export function datasheetFacts(ds: Datasheet, attached: Datasheet[] = []): UnitFacts {
  const all = [ds, ...attached];
  return {
    keywords: all.flatMap(datasheetKeywords),
    names: all.flatMap((d) => [d.name, ...d.models.map((m) => m.name), ...d.composition.map((c) => c.model)]),
    abilities: all.flatMap((d) => d.abilities.map((a) => a.name.replace(/\s+\d+"?$/, ''))),
    attachable: all.some((d) => d.leads.length > 0 || d.ledBy.length > 0),
  };
}

/**
 * Whether the datasheet belongs with a detachment stratagem: it carries the stratagem's faction
 * keyword (as a faction or a plain keyword), or the TARGET text itself names one of its faction keywords (Brood Brothers: a
 * GENESTEALER CULTS stratagem for "One ASTRA MILITARUM unit from your army"). Core: always.
 */
function factionFits(stratagem: Stratagem, spec: TargetSpec, ds: Datasheet): boolean {
  if (!stratagem.faction) return true;
  const fk = ds.factionKeywords.map((k) => k.toUpperCase());
  const f = stratagem.faction.toUpperCase();
  // The faction's keyword may be a plain keyword (Aeldari datasheets: faction keyword ASURYANI, AELDARI plain).
  if (fk.includes(f) || ds.keywords.some((k) => k.toUpperCase() === f)) return true;
  // The faction's own datasheet under a keyword of its own (Death Guard's Nurglings, PLAGUE LEGIONS).
  if (ds.listedUnder?.toUpperCase() === f) return true;
  return positiveKeywords(spec.requirement).some((p) => fk.some((k) => p === k || p.startsWith(`${k} `)));
}

/**
 * Whether a unit of this datasheet can be the stratagem's target, as far as its datasheet tells.
 * `attached`: the datasheets of the units it forms an Attached unit with (a Leader's Bodyguard),
 * whose keywords count too.
 */
export function canTarget(stratagem: Stratagem, ds: Datasheet, spec: TargetSpec = stratagemTargetSpec(stratagem), attached: Datasheet[] = []): boolean {
  if (spec.subject === 'other' || spec.side === 'enemy') return false;
  return factionFits(stratagem, spec, ds) && satisfies(spec.requirement, datasheetFacts(ds, attached));
}

/**
 * The datasheets whose units the stratagem can target (keyword requirements and the detachment's
 * faction), each datasheet on its own: a Leader is checked with its Bodyguard's keywords only where
 * the list attaches them (the STRATAGEMS plan's `Leading:` units).
 */
export function eligibleDatasheets(stratagem: Stratagem, datasheets: Datasheet[]): Datasheet[] {
  const spec = stratagemTargetSpec(stratagem);
  return datasheets.filter((ds) => canTarget(stratagem, ds, spec));
}

/**
 * The units of the list a unit forms an Attached unit with: the Bodyguard it leads (`Leading:`,
 * the first unit of that name, as the Leader check reads it), the Leaders leading it, and the other
 * members of an attachment the list states (`ArmyList.attachments`).
 */
export function attachedUnits(list: ArmyList, unit: Unit): Unit[] {
  const bodyguard = (leader: Unit) => {
    const name = leader.leading && normalizeName(leader.leading.text);
    return name ? list.units.find((u) => u !== leader && normalizeName(u.name.text) === name) : undefined;
  };
  // 11th edition: the attachments the export states (the app's and New Recruit's Attached Units, NR's `Leading X[n]`).
  const stated = (list.attachments ?? []).flatMap((a) => {
    const members = [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])];
    return members.includes(unit) ? members : [];
  });
  return list.units.filter((o) => o !== unit && (bodyguard(unit) === o || bodyguard(o) === unit || stated.includes(o)));
}

/**
 * The requirement the target at `index` of a plan line must meet: its own part for a two-target
 * stratagem whose plan names one unit a part (`planned` targets), else the whole requirement.
 */
export function requirementAt(spec: TargetSpec, index: number, planned: number): { requirement: KeywordExpr; part?: number } {
  if (!spec.parts) return { requirement: spec.requirement };
  if (planned === spec.parts.length && index < spec.parts.length) return { requirement: spec.parts[index].requirement, part: index };
  return { requirement: spec.requirement };
}
