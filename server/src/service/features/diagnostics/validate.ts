// List checks against the rules data: turns a parsed list into diagnostics.
// Parse errors come first, then one check per concern.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet } from '../../domain/rules/model';
import { DEFAULT_SETTINGS, Settings } from '../../settings';
import { editionRules, listEdition, type Edition, type EditionRules } from '../../domain/editions';
import { makeDiagnostic } from './make';
import { createContext, modelGroups } from './context';
import { checkArmy } from './army';
import { checkEnhancements } from './enhancements';
import { checkComposition } from './composition';
import { checkPlan } from './plan';
import { checkMuster, checkPrices } from './muster';

/** `edition`: the list's edition (`listEdition`); `rules` must be that edition's data. */
export function validateList(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, settings: Settings = DEFAULT_SETTINGS, edition: Edition = 10): Diagnostic[] {
  const out: Diagnostic[] = parsed.errors.map((e) => makeDiagnostic(doc, e.span, e.code, e.message));
  const list = withoutMistakenFaction(parsed, rules);
  const missing = editionDataMissing(doc, list, rules, editionRules(edition));
  if (missing) {
    out.push(missing.diagnostic);
    // Data with only points for the faction (the MFM alone): the prices are still checked, nothing else.
    if (missing.pricesOnly) checkPricesOnly(doc, list, rules, settings, edition, out);
    return out;
  }
  if (list.faction && !factionKnown(rules, list.faction.text)) {
    out.push(
      makeDiagnostic(
        doc,
        list.faction.span,
        'faction-not-loaded',
        `No rules data is loaded for the faction "${list.faction.text}", so its units are not checked. ` +
          'Download the community data (the quick fix, or `auspex data fetch`), or point the setting auspex.data.paths (or --data) at a BattleScribe or Wahapedia folder that has it.',
        { data: downloadPayload(list, settings) },
      ),
    );
    return out;
  }
  const ctx = createContext(doc, list, rules, settings, out, editionRules(edition));
  const factionName = ctx.faction;
  if (ctx.inferredFaction && factionName && list.units.length) {
    const { covered, of } = ctx.inferredFaction;
    ctx.report(
      list.title?.span ?? list.units[0].name.span,
      'faction-inferred',
      `The list names no faction; ${covered} of its ${of} units are ${factionName} datasheets, so it is checked as ${factionName}. Add a faction line to say so.`,
      { data: { faction: factionName } },
    );
  }
  // With only the embedded seed loaded, an unknown unit most likely needs the community data: offer the download.
  const onlyEmbedded = rules.data.sources.every((s) => s.kind === 'embedded');
  for (const unit of list.units) {
    const sheet = rules.datasheet(unit.name.text, factionName);
    if (!sheet) {
      out.push(unknownDatasheet(doc, unit, rules, factionName, onlyEmbedded ? downloadPayload(list, settings) : undefined));
      continue;
    }
    if (sheet.legends && !settings.dataIncludeNonMatchedPlay) {
      out.push(
        makeDiagnostic(
          doc,
          unit.name.span,
          'legends-datasheet',
          `${sheet.name} is a Warhammer Legends datasheet: not for matched play (checked all the same; setting auspex.data.includeNonMatchedPlay silences this).`,
        ),
      );
    }
    // Units priced by requisition thresholds are checked as copies of their datasheet together (muster.ts).
    const points = ctx.edition.muster.requisition && sheet.pointsTiers?.length ? undefined : checkPoints(doc, unit, sheet, rules);
    if (points) out.push(points);
  }
  for (const check of [checkArmy, checkEnhancements, checkComposition, checkMuster, checkPlan]) {
    try {
      check(ctx);
    } catch (e) {
      // One failing check must not hide the others' findings.
      ctx.report(list.faction?.span ?? { start: 0, end: 0 }, 'internal-error', `Auspex failed in ${check.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

/**
 * A list without a faction line: the exports' header then reads the detachment where the faction stands
 * ("Subterranean Assault" above the battle size). When that "faction" is no faction of the data but is one
 * of its detachments, and no other detachment is named, the list is read as naming that detachment and no
 * faction (which is then inferred from its units).
 */
function withoutMistakenFaction(list: ArmyList, rules: RulesIndex): ArmyList {
  const f = list.faction;
  if (!f || list.detachments.length || factionKnown(rules, f.text) || !rules.detachment(f.text)) return list;
  return { ...list, faction: undefined, detachments: [f] };
}

/**
 * One finding when the list's edition has no rules data loaded, or its faction has none in that edition beyond
 * points (the MFM prices units but has no datasheets): which data it needs, never a flood of unknown datasheets.
 */
function editionDataMissing(doc: TextDocument, list: ArmyList, rules: RulesIndex, ed: EditionRules): { diagnostic: Diagnostic; pricesOnly: boolean } | undefined {
  const span = list.faction?.span ?? list.title?.span ?? list.units[0]?.name.span ?? { start: 0, end: 0 };
  const needs = `Download it (the quick fix, or \`auspex data fetch\`), or point the setting auspex.data.paths (or --data) at ${ed.muster.dataNeeded}.`;
  if (!rules.data.datasheets.length) {
    const diagnostic = makeDiagnostic(doc, span, 'edition-data-missing', `The list is read under the ${ed.label} and no ${ed.label} rules data is loaded, so it is not checked. ${needs}`, {
      data: { edition: ed.edition, download: ed.edition },
    });
    return { diagnostic, pricesOnly: false };
  }
  const faction = list.faction?.text;
  if (!faction || !factionKnown(rules, faction)) return undefined;
  const sheets = list.units.map((u) => rules.datasheet(u.name.text, faction)).filter((d): d is Datasheet => !!d);
  // Datasheets known only by their points (no profiles, no keywords): the faction's rules are not loaded.
  if (sheets.length && sheets.every((d) => d.models.length === 0 && d.keywords.length === 0)) {
    const by = [...new Set(sheets.map((d) => d.pricedBy?.label).filter(Boolean))].join(', ');
    const diagnostic = makeDiagnostic(
      doc,
      span,
      'edition-data-missing',
      `The loaded ${ed.label} data has only points for ${faction}${by ? ` (${by})` : ''}, no datasheets, so only its points are checked. ${needs}`,
      { data: { edition: ed.edition, download: ed.edition } },
    );
    return { diagnostic, pricesOnly: true };
  }
  return undefined;
}

/** Unit prices and the stated total only, against data that has nothing else for the faction. */
function checkPricesOnly(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, edition: Edition, out: Diagnostic[]): void {
  const ctx = createContext(doc, list, rules, settings, out, editionRules(edition));
  for (const { unit, sheet } of ctx.units) {
    const points = ctx.edition.muster.requisition && sheet.pointsTiers?.length ? undefined : checkPoints(doc, unit, sheet, rules);
    if (points) out.push(points);
  }
  checkPrices(ctx);
}

function factionKnown(rules: RulesIndex, name: string): boolean {
  return rules.faction(name) !== undefined || rules.hasFactionKeyword(name);
}

/** The data a name was looked up in, as its sources state their versions ("Wahapedia 2025-11-14 19:35:22"). */
export function dataVersionLabel(rules: RulesIndex): string {
  const label: Record<string, string> = { wahapedia: 'Wahapedia', bsdata: 'BattleScribe data', mfm: 'Munitorum Field Manual', embedded: 'the embedded data' };
  const parts = rules.data.sources
    .filter((s, _i, all) => s.kind !== 'embedded' || all.length === 1)
    .map((s) => `${label[s.kind] ?? s.kind}${s.version ? ` ${s.version}` : ''}`);
  return [...new Set(parts)].join(', ') || 'the embedded data';
}

/** `data.download`: the edition whose community data a quick fix downloads (the editor's Download Rules Data). */
function downloadPayload(list: ArmyList, settings: Settings): { download: Edition } {
  return { download: listEdition(list, settings.edition) };
}

function unknownDatasheet(doc: TextDocument, unit: Unit, rules: RulesIndex, faction?: string, download?: { download: Edition }): Diagnostic {
  const suggestions = rules.closestDatasheets(unit.name.text, faction);
  const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
  return makeDiagnostic(doc, unit.name.span, 'unknown-datasheet', `Unknown datasheet "${unit.name.text}".${hint} Looked up in ${dataVersionLabel(rules)}.`, {
    data: { suggestions, ...download },
  });
}

/** The number of models in a unit as the list states it. */
/** The unit's models as written; with its datasheet, bullets the data makes wargear ("2x Bomb Squig") are not counted. */
export function unitModelCount(unit: Unit, sheet?: Datasheet): number {
  const counted = modelGroups(unit, sheet).reduce((n, m) => n + m.count, 0);
  if (counted > 0) return counted;
  return unit.statedModelCount?.value ?? 1;
}

/** Points the data gives for this unit at its size, enhancements included; undefined when the data has none. */
export function expectedUnitPoints(unit: Unit, sheet: Datasheet, enhancementPoints: (name: string) => number | undefined = () => undefined): number | undefined {
  if (sheet.points.length === 0) return undefined;
  const size = unitModelCount(unit, sheet);
  const step = sheet.points.find((p) => p.models === size);
  if (!step) return undefined;
  let total = step.points;
  for (const e of unit.enhancements) {
    const pts = enhancementPoints(e.name.text) ?? e.points;
    if (pts === undefined) return undefined;
    total += pts;
  }
  return total;
}

function checkPoints(doc: TextDocument, unit: Unit, sheet: Datasheet, rules: RulesIndex): Diagnostic | undefined {
  if (!unit.points) return undefined;
  const expected = expectedUnitPoints(unit, sheet, (name) => rules.enhancement(name)?.points);
  if (expected === undefined || expected === unit.points.value) return undefined;
  const size = unitModelCount(unit, sheet);
  const enh = unit.enhancements.length ? ' including enhancements' : '';
  return makeDiagnostic(
    doc,
    unit.points.span,
    'points-mismatch',
    `${sheet.name} with ${size} model${size === 1 ? '' : 's'} costs ${expected} points${enh} in the rules data, not ${unit.points.value}.`,
    { data: { expected } },
  );
}
