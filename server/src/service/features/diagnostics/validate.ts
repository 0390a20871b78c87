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
import { normalizeName } from '../../domain/text/normalize';
import { createContext, plural } from './context';
import { expectedUnitPoints, unitModelCount } from './unitPoints';
import { checkArmy } from './army';
import { checkEnhancements } from './enhancements';
import { checkComposition } from './composition';
import { checkWargearLimits } from './wargearLimits';
import { checkPlan } from './plan';
import { checkMuster, checkPrices } from './muster';
import { groupStalePrices } from './stalePrices';
import { datasheetRule, pointsRule } from './ruleRefs';
import { resolveList } from '../resolve/resolvedList';

/**
 * `edition`: the list's edition (`listEdition`); `rules` must be that edition's data. `loadable`: the factions the
 * data folders of that edition hold, loaded or not (an unknown faction name is matched against them too).
 */
export function validateList(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, settings: Settings = DEFAULT_SETTINGS, edition: Edition = 10, loadable: () => readonly string[] = () => []): Diagnostic[] {
  const found = checkList(doc, parsed, rules, settings, edition, loadable);
  // Stale prices said once, where the MFM's changelog shows the list priced under an older version.
  return groupStalePrices(doc, parsed, rules, found, (older) => checkList(doc, parsed, older, settings, edition, loadable));
}

function checkList(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, settings: Settings, edition: Edition, loadable: () => readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = parsed.errors.map((e) => makeDiagnostic(doc, e.span, e.code, e.message));
  const list = withoutMistakenFaction(parsed, rules);
  // A faction name the data does not know, where the edition has data (loaded, or in folders that hold factions).
  if (list.faction && !factionKnown(rules, list.faction.text) && (rules.data.datasheets.length || loadable().length)) {
    out.push(factionNotLoaded(doc, list, rules, settings, loadable));
    return out;
  }
  const missing = editionDataMissing(doc, list, rules, editionRules(edition));
  if (missing) {
    out.push(missing.diagnostic);
    // Data with only points for the faction (the MFM alone): the prices are still checked, nothing else.
    if (missing.pricesOnly) checkPricesOnly(doc, list, rules, settings, edition, out);
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
  // Each unit's datasheet as the context resolved it (once per check), not looked up again.
  const sheetOf = new Map(ctx.units.map((r) => [r.unit, r.sheet] as const));
  for (const unit of ctx.list.units) {
    const sheet = sheetOf.get(unit);
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
          { rule: datasheetRule(edition, sheet, 'Warhammer Legends') },
        ),
      );
    }
    // Units priced by requisition thresholds are checked as copies of their datasheet together (muster.ts).
    const points = ctx.edition.muster.requisition && sheet.pointsTiers?.length ? undefined : checkPoints(doc, unit, sheet, rules, ctx.armyKeywords, edition);
    if (points) out.push(points);
  }
  for (const check of [checkArmy, checkEnhancements, checkComposition, checkWargearLimits, checkMuster, checkPlan]) {
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
 * faction (which is then inferred from its units). A detachment's exact name wins over a faction keyword that
 * only its spelling key matches ("Scintillating Legion", the detachment, beside the keyword SCINTILLATING LEGIONS).
 */
function withoutMistakenFaction(list: ArmyList, rules: RulesIndex): ArmyList {
  const f = list.faction;
  if (!f || list.detachments.length || rules.faction(f.text)) return list;
  const detachment = rules.detachment(f.text);
  if (!detachment) return list;
  if (factionKnown(rules, f.text) && normalizeName(detachment.name) !== normalizeName(f.text)) return list;
  return { ...list, faction: undefined, detachments: [f] };
}

/**
 * One finding when the list's edition has no rules data loaded, or its faction has none in that edition beyond
 * points (the MFM prices units but has no datasheets), or its faction's data links a catalogue the folder lacks
 * and the list has units only that catalogue defines: which data it needs, never a flood of unknown datasheets
 * or wargear, and never the advice to download data that is already loaded.
 */
function editionDataMissing(doc: TextDocument, list: ArmyList, rules: RulesIndex, ed: EditionRules): { diagnostic: Diagnostic; pricesOnly: boolean } | undefined {
  const span = list.faction?.span ?? list.title?.span ?? list.units[0]?.name.span ?? { start: 0, end: 0 };
  const needs = `Download it (the quick fix, or \`auspex data fetch\`), or point the setting auspex.data.paths (or --data) at ${ed.muster.dataNeeded}.`;
  if (!rules.data.datasheets.length) {
    const diagnostic = makeDiagnostic(doc, span, 'edition-data-missing', `The list is read under the ${ed.label} and no ${ed.label} rules data is loaded, so it is not checked. ${needs}`, {
      data: { edition: ed.edition, download: ed.edition, checked: 'none' },
    });
    return { diagnostic, pricesOnly: false };
  }
  const faction = list.faction?.text;
  if (!faction || !factionKnown(rules, faction)) return undefined;
  const sheets = resolveList(list, rules, ed).all.map((r) => r.fielded?.sheet);
  const known = sheets.filter((d): d is Datasheet => !!d);
  // Datasheets known only by their points (no profiles, no keywords): the faction's rules are not loaded.
  const pointsOnly = (d: Datasheet) => d.models.length === 0 && d.keywords.length === 0;
  const by = [...new Set(known.map((d) => d.pricedBy?.label).filter(Boolean))].join(', ');
  const lacking = missingCatalogues(rules, list);
  if (lacking.length && sheets.some((d) => !d || pointsOnly(d))) {
    const names = lacking.map((n) => `"${n}"`).join(' and ');
    const one = lacking.length === 1;
    const diagnostic = makeDiagnostic(
      doc,
      span,
      'edition-data-missing',
      `The ${ed.label} BattleScribe data loaded for ${faction} links the catalogue${one ? '' : 's'} ${names}, which ${one ? 'is' : 'are'} not in its folder: ` +
        `the datasheets, wargear and keywords ${one ? 'it defines' : 'they define'} are unknown, so only the units' points and the total are checked${by ? ` (points from ${by})` : ''}. ` +
        `Add the missing catalogue${one ? '' : 's'} to that folder (or point auspex.data.paths / --data at a BattleScribe folder that has ${one ? 'it' : 'them'}) to check the rest.`,
      { data: { edition: ed.edition, missingCatalogues: lacking, checked: 'points' } },
    );
    return { diagnostic, pricesOnly: true };
  }
  if (known.length && known.every(pointsOnly)) {
    // A BattleScribe source of this edition is loaded: downloading it again would not add the faction.
    const bs = rules.data.sources.filter((s) => s.kind === 'bsdata' && s.edition === ed.edition);
    const advice = bs.length
      ? `The BattleScribe data loaded (${[...new Set(bs.map((s) => s.location))].join(', ')}) has no catalogue for ${faction}; point auspex.data.paths (or --data) at a BattleScribe folder that has it to check the rest.`
      : needs;
    const diagnostic = makeDiagnostic(
      doc,
      span,
      'edition-data-missing',
      `The loaded ${ed.label} data has only points for ${faction}${by ? ` (${by})` : ''}, no datasheets, so only its points are checked. ${advice}`,
      { data: bs.length ? { edition: ed.edition, checked: 'points' } : { edition: ed.edition, download: ed.edition, checked: 'points' } },
    );
    return { diagnostic, pricesOnly: true };
  }
  return undefined;
}

/** The catalogues the data of the list's faction (and the faction line above it, a chapter's parent) links but lacks. */
function missingCatalogues(rules: RulesIndex, list: ArmyList): string[] {
  const out = new Set<string>();
  for (const name of [list.faction?.text, list.superFaction?.text]) {
    if (!name) continue;
    const f = rules.faction(name);
    for (const c of f?.missingCatalogues ?? []) out.add(c);
    // A chapter read as its keyword: the parent's catalogue lacks the same.
    if (!f) for (const g of rules.data.factions) if (normalizeKey(g.keyword) === normalizeKey(name)) for (const c of g.missingCatalogues ?? []) out.add(c);
  }
  return [...out];
}

const normalizeKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Unit prices and the stated total only, against data that has nothing else for the faction. */
function checkPricesOnly(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, edition: Edition, out: Diagnostic[]): void {
  const ctx = createContext(doc, list, rules, settings, out, editionRules(edition));
  for (const { unit, sheet } of ctx.units) {
    const points = ctx.edition.muster.requisition && sheet.pointsTiers?.length ? undefined : checkPoints(doc, unit, sheet, rules, ctx.armyKeywords, edition);
    if (points) out.push(points);
  }
  checkPrices(ctx);
}

/**
 * How much of a list its findings say was left unchecked for want of rules data: 'none' checked (no data for its
 * edition or faction), only its 'points', or undefined when it was checked in full. The event report's verdict.
 */
export function notCheckedBy(diagnostics: readonly Diagnostic[]): 'none' | 'points' | undefined {
  let out: 'none' | 'points' | undefined;
  for (const d of diagnostics) {
    const checked = (d.data as { checked?: unknown } | undefined)?.checked;
    if (checked === 'none') return 'none';
    if (checked === 'points') out = 'points';
  }
  return out;
}

/**
 * A faction the loaded data does not have: the list is not checked, which must not pass silently (an error). The
 * closest faction names of the data and its folders are suggested (`data.suggestions`, for a quick fix that
 * rewrites the faction line); without any, the data itself is missing: download it.
 */
function factionNotLoaded(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, loadable: () => readonly string[]): Diagnostic {
  const faction = list.faction!;
  const onlyEmbedded = rules.data.sources.every((s) => s.kind === 'embedded');
  const suggestions = rules.closestFactions(faction.text, loadable());
  const unchecked = 'so none of its units is checked';
  if (suggestions.length) {
    return makeDiagnostic(
      doc,
      faction.span,
      'faction-not-loaded',
      `"${faction.text}" is no faction the rules data knows, ${unchecked}. Did you mean ${suggestions.map((n) => `"${n}"`).join(', ')}?`,
      { data: { suggestions, checked: 'none', ...(onlyEmbedded ? downloadPayload(list, settings) : {}) } },
    );
  }
  return makeDiagnostic(
    doc,
    faction.span,
    'faction-not-loaded',
    `No rules data is loaded for the faction "${faction.text}", ${unchecked}. ` +
      'Download the community data (the quick fix, or `auspex data fetch`), or point the setting auspex.data.paths (or --data) at a BattleScribe or Wahapedia folder that has it.',
    // A download brings nothing the folders or the download cache of that edition do not hold already (a
    // faction name still being typed: "Gen").
    { data: { suggestions: [], checked: 'none', ...(loadable().length ? {} : downloadPayload(list, settings)) } },
  );
}

function factionKnown(rules: RulesIndex, name: string): boolean {
  return rules.faction(name) !== undefined || rules.hasFactionKeyword(name);
}

/** The data a name was looked up in, as its sources state their versions ("Wahapedia 2025-11-14 19:35:22"). */
export function dataVersionLabel(rules: RulesIndex): string {
  const label: Record<string, string> = { wahapedia: 'Wahapedia', bsdata: 'BattleScribe data', mfm: 'Munitorum Field Manual', embedded: 'the embedded data' };
  const parts = rules.data.sources
    .filter((s, _i, all) => s.kind !== 'embedded' || all.length === 1)
    .map((s) => {
      const kind = label[s.kind] ?? s.kind;
      // A version that already names its source ("Munitorum Field Manual v1.1 (2026-07-22)") stands alone.
      if (!s.version) return kind;
      return s.version.toLowerCase().startsWith(kind.toLowerCase()) ? s.version : `${kind} ${s.version}`;
    });
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

function checkPoints(doc: TextDocument, unit: Unit, sheet: Datasheet, rules: RulesIndex, armyKeywords: string[], edition: Edition): Diagnostic | undefined {
  if (!unit.points) return undefined;
  // A text naming only some of the unit's models settles no size where a larger one is legal.
  if (unit.modelsUnlisted && sheet.points.some((p) => p.models > unitModelCount(unit))) return checkPointsUnsettledSize(doc, unit, sheet, rules, edition);
  const army = armyKeywords.map(normalizeName);
  const ally = army.length > 0 && !sheet.factionKeywords.some((k) => army.includes(normalizeName(k)));
  const expected = expectedUnitPoints(unit, sheet, (name) => rules.enhancement(name)?.points, ally);
  if (expected === undefined || expected === unit.points.value) return undefined;
  const size = unitModelCount(unit, sheet);
  const enh = unit.enhancements.length ? ' including enhancements' : '';
  return makeDiagnostic(
    doc,
    unit.points.span,
    'points-mismatch',
    `${sheet.name} with ${size} model${size === 1 ? '' : 's'} costs ${expected} points${enh} in the rules data, not ${unit.points.value}.`,
    { data: { expected }, rule: pointsRule(edition, sheet) },
  );
}

/**
 * A unit whose text lists only some of its models (`Unit.modelsUnlisted`): its stated points must be the price of
 * some legal size holding the models listed; no size is guessed.
 */
function checkPointsUnsettledSize(doc: TextDocument, unit: Unit, sheet: Datasheet, rules: RulesIndex, edition: Edition): Diagnostic | undefined {
  const stated = unit.points;
  if (!stated) return undefined;
  const listed = unitModelCount(unit);
  const prices = sheet.points
    .filter((p) => p.models >= listed)
    .map((p) => ({ models: p.models, points: expectedUnitPoints({ ...unit, models: [{ count: p.models, name: unit.name, span: unit.span, wargear: [], implicit: false }] }, sheet, (name) => rules.enhancement(name)?.points) }));
  if (!prices.length || prices.some((p) => p.points === undefined || p.points === stated.value)) return undefined;
  const enh = unit.enhancements.length ? ' including enhancements' : '';
  const options = prices.map((p) => `${p.points} (${plural(p.models, 'model')})`);
  const said = options.length > 1 ? `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}` : options[0];
  return makeDiagnostic(
    doc,
    stated.span,
    'points-mismatch',
    `${sheet.name} (${unit.models.length ? `the text lists ${listed} of its models` : 'the text names none of its models'}) costs ${said} points${enh} in the rules data, not ${stated.value}.`,
    { rule: pointsRule(edition, sheet) },
  );
}
