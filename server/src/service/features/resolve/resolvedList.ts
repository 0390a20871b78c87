// The resolved list: a parsed list read against one rules index, once. Its faction (named or inferred) with the
// army's keywords, its detachments, its battle size (stated or read from its points), every unit with its datasheet
// (or why it has none), its keywords as fielded, its Enhancements and attachments. Every feature reads a list unit
// through this resolution, never by looking its name up again: two lookups of one name could disagree (a hover and
// a check did), and each costs the name's normalisation again.
//
// Memoised on the parse tree object and the rules index: the façade's parse cache keeps one tree per document
// version and a rules index per data version, so a resolution is made once per document and data version, and
// features called with the same tree (by the façade, the CLI or a test) share it.
import type { ArmyList, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { BattleSizeRule, Datasheet, Detachment, Enhancement, Faction } from '../../domain/rules/model';
import { editionRules, type EditionRules } from '../../domain/editions';
import { grantKeywords, unitKeywords, type FieldedUnit } from '../../domain/rules/detachmentGrants';
import { attachedUnits } from '../../domain/stratagems/eligibility';
import { normalizeName, spellingKey } from '../../domain/text/normalize';
import { sameFaction } from '../diagnostics/names';
import { keywordSelection, readWithData } from './readWithData';
import { unitPrices } from './prices';
import { loadoutGroups } from './loadout';
import type { LoadoutGroup } from '../../domain/damage/fromRules';

/** A unit with its datasheet and keywords as fielded: its notes' and its detachments' grants included (`detachmentGrants.ts`). */
export type ResolvedUnit = FieldedUnit;

/** Every unit of the list, with its datasheet or why it has none. */
export interface UnitResolution {
  /** The unit as the text writes it. */
  parsed: Unit;
  /** The unit as read with the data (`readWithData`: an Enhancement written as a wargear token read as one, ...). */
  unit: Unit;
  /** Its datasheet and keywords; undefined when the data has no datasheet for it (`why` says). */
  fielded?: ResolvedUnit;
  why?: string;
}

export interface ResolvedList {
  /** The text's tree. */
  parsed: ArmyList;
  /** The list as read with the data; its units parallel `parsed.units`. */
  list: ArmyList;
  rules: RulesIndex;
  /** The list's edition: the checks ask its `muster` rules, never an edition number. */
  edition: EditionRules;
  /** Units whose datasheet the data has, in text order. */
  units: ResolvedUnit[];
  /** Every unit, in text order (parallel to `parsed.units`). */
  all: UnitResolution[];
  /** The army's faction as the list names it, or as inferred from its units when it names none. */
  faction?: string;
  /** Set when the list names no faction and `faction` was inferred from the datasheets its units match. */
  inferredFaction?: { covered: number; of: number };
  /** Faction keywords a unit of this army may carry (faction and super-faction), upper case. */
  armyKeywords: string[];
  /** The sub-faction keyword the army is (SPACE WOLVES), upper case; units of a sibling sub-faction are not its own. */
  subFaction?: string;
  detachment?: Detachment;
  /** Faction keywords of units a chosen detachment lets the army include ("You can include PLAGUE LEGIONS units"), upper case. */
  includedKeywords?: string[];
  /** Every detachment the list names, resolved (parallel to `list.detachments`; undefined where the data lacks it). */
  detachments: (Detachment | undefined)[];
  /** The battle size's rule in the data (points limit, 11th: DP and enhancement allowances). */
  battleSizeRule?: BattleSizeRule;
  /** Set when the list states no battle size and `battleSizeRule` was read from its points (`MusterRules.battleSizeFromPoints`). */
  battleSizeInferred?: { points: number };
  combatPatrol: boolean;
  /** The resolution of a unit of the list, given as parsed or as read with the data. */
  of(unit: Unit): UnitResolution | undefined;
  /** A unit's datasheet (as parsed or as read with the data); undefined when the data has none. */
  sheetOf(unit: Unit): Datasheet | undefined;
  /** The units attached to it (its Bodyguard, Leaders, Supports), as parsed. */
  attached(unit: Unit): Unit[];
  /** The Enhancements the unit takes, as the data has them under the list's detachments (those the data knows). */
  enhancements(unit: Unit): Enhancement[];
  /**
   * The datasheet a name the list writes outside its unit lines denotes (a plan target no unit of the list answers,
   * a unit the list names in a note), under the list's faction: the one lookup of such a name, memoised.
   */
  sheetNamed(name: string): Datasheet | undefined;
  /**
   * The unit's price under the data as the checks count it (`prices.ts`: requisition tiers by its place among its
   * datasheet's copies, wargear costs, Enhancements, an ally's price); undefined where the data cannot settle it.
   */
  price(unit: Unit): number | undefined;
  /** The unit's models grouped by identical wargear with the weapons it resolves to, as written (`loadout.ts`); [] without a datasheet. */
  loadout(unit: Unit): LoadoutGroup[];
}

// Weak both ways: a tree dropped (a new version) or an index dropped (new data) drops its resolutions.
const memo = new WeakMap<ArmyList, WeakMap<RulesIndex, Map<string, ResolvedList>>>();

/**
 * The list resolved against `rules` under `edition` (the data's own edition when not given): once per tree, index and
 * edition.
 */
export function resolveList(parsed: ArmyList, rules: RulesIndex, edition: EditionRules = editionRules(rules.data.sources[0]?.edition ?? 10)): ResolvedList {
  let byRules = memo.get(parsed);
  if (!byRules) memo.set(parsed, (byRules = new WeakMap()));
  let byEdition = byRules.get(rules);
  if (!byEdition) byRules.set(rules, (byEdition = new Map()));
  const key = String(edition.edition);
  let out = byEdition.get(key);
  if (!out) byEdition.set(key, (out = resolve(parsed, rules, edition)));
  return out;
}

let made = 0;
/** How many resolutions have been made in this process (a test counts them: one per document and data version). */
export const resolutionsMade = () => made;

function resolve(parsed: ArmyList, rules: RulesIndex, edition: EditionRules): ResolvedList {
  made++;
  const inferred = parsed.faction ? undefined : inferFaction(parsed, rules);
  const faction = parsed.faction?.text ?? inferred?.faction.name;
  // The one lookup of each unit's name.
  const sheets = parsed.units.map((u) => rules.datasheet(u.name.text, faction));
  const parsedDetachments = parsed.detachments.map((d) => findDetachment(rules, d.text, parsed.faction?.text));
  const list = readWithData(parsed, rules, parsed.faction?.text, sheets, parsedDetachments);
  const detachments = faction === parsed.faction?.text ? parsedDetachments : list.detachments.map((d) => findDetachment(rules, d.text, faction));
  const chosen = { tokens: list.detachments, resolved: detachments.filter((d): d is Detachment => !!d) };
  const units: ResolvedUnit[] = [];
  const noData = !rules.data.datasheets.length;
  const all: UnitResolution[] = list.units.map((unit, i) => {
    const sheet = sheets[i];
    if (!sheet) return { parsed: parsed.units[i], unit, why: noData ? 'no rules data of this edition is loaded' : `the data has no datasheet named "${unit.name.text}"` };
    const fielded = { unit, sheet, keywords: unitKeywords(unit, sheet, (note, own) => keywordSelection(note, own, chosen)) };
    units.push(fielded);
    return { parsed: parsed.units[i], unit, fielded };
  });
  // The detachments' grants complete the units' keywords (in place: `fielded.keywords`).
  const include = grantKeywords(units, detachments.filter((d): d is Detachment => !!d));
  const factions = [faction, list.superFaction?.text].filter((n): n is string => !!n);
  const parent = faction ? rules.parentFaction(faction) : undefined;
  const armyKeywords = [...new Set([...factions.map((n) => (rules.faction(n)?.keyword ?? n).toUpperCase()), ...(parent ? [parent.keyword.toUpperCase()] : [])])];
  const bs = list.battleSize ? (list.battleSize.english ?? list.battleSize.name.text) : undefined;
  const stated = bs ? rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(bs)) : undefined;
  const fromPoints = bs || !edition.muster.battleSizeFromPoints ? undefined : battleSizeFromPoints(list, rules);
  const bsRule = stated ?? fromPoints?.rule;

  const byUnit = new Map<Unit, UnitResolution>();
  for (const r of all) byUnit.set(r.parsed, r).set(r.unit, r);
  const attachedMemo = new Map<Unit, Unit[]>();
  const enhancementsMemo = new Map<Unit, Enhancement[]>();
  const named = new Map<string, Datasheet | undefined>();
  let prices: Map<Unit, number | undefined> | undefined;
  const loadouts = new Map<Unit, LoadoutGroup[]>();
  const out: ResolvedList = {
    parsed,
    list,
    rules,
    edition,
    units,
    all,
    ...(faction ? { faction } : {}),
    ...(inferred ? { inferredFaction: { covered: inferred.covered, of: list.units.length } } : {}),
    armyKeywords,
    ...(parent && faction ? { subFaction: faction.toUpperCase() } : {}),
    detachment: detachments[0],
    detachments,
    ...(include.length ? { includedKeywords: include } : {}),
    ...(bsRule ? { battleSizeRule: bsRule } : {}),
    ...(fromPoints ? { battleSizeInferred: { points: fromPoints.points } } : {}),
    // A battle size without a points limit in the data (or named so) is a fixed force.
    combatPatrol: !!bs && (normalizeName(bs) === 'combat patrol' || (!!bsRule && bsRule.points === undefined)),
    of: (u) => byUnit.get(u),
    sheetOf: (u) => byUnit.get(u)?.fielded?.sheet,
    attached(u) {
      const r = byUnit.get(u);
      if (!r) return [];
      let a = attachedMemo.get(r.parsed);
      if (!a) attachedMemo.set(r.parsed, (a = attachedUnits(parsed, r.parsed)));
      return a;
    },
    enhancements(u) {
      const r = byUnit.get(u);
      if (!r) return [];
      let e = enhancementsMemo.get(r.parsed);
      if (!e) enhancementsMemo.set(r.parsed, (e = r.unit.enhancements.flatMap((x) => findEnhancement(out, x.name.text) ?? [])));
      return e;
    },
    price(u) {
      const r = byUnit.get(u);
      return r && (prices ??= unitPrices(out)).get(r.unit);
    },
    loadout(u) {
      const r = byUnit.get(u);
      const sheet = r?.fielded?.sheet;
      if (!r || !sheet) return [];
      let l = loadouts.get(r.parsed);
      if (!l) loadouts.set(r.parsed, (l = loadoutGroups(r.parsed, sheet)));
      return l;
    },
    sheetNamed(name) {
      const key = normalizeName(name);
      if (!named.has(key)) named.set(key, rules.datasheet(name, faction));
      return named.get(key);
    },
  };
  return out;
}

/** The Enhancement of that name under the list's detachments (every detachment's when the edition allows several). */
export function findEnhancement(r: Pick<ResolvedList, 'rules' | 'edition' | 'detachments' | 'detachment'>, name: string): Enhancement | undefined {
  const all = r.rules.enhancementsNamed(name);
  const dets = (r.edition.muster.severalDetachments ? r.detachments : [r.detachment]).map((d) => normalizeName(d?.name ?? ''));
  return all.find((e) => dets.includes(normalizeName(e.detachment))) ?? all[0];
}

/**
 * The battle size of a list that states none (New Recruit's exports): the smallest one of the data whose points
 * limit holds the list's points (its stated total, else the sum of its units' stated points).
 */
function battleSizeFromPoints(list: ArmyList, rules: RulesIndex): { rule: BattleSizeRule; points: number } | undefined {
  const points = list.statedPoints?.value ?? (list.units.length && list.units.every((u) => u.points) ? list.units.reduce((n, u) => n + (u.points?.value ?? 0), 0) : undefined);
  if (!points) return undefined;
  const fits = rules.data.battleSizes.filter((b) => b.points !== undefined && b.points >= points).sort((a, b) => (a.points ?? 0) - (b.points ?? 0));
  return fits.length ? { rule: fits[0], points } : undefined;
}

/** The detachment of that name, preferring the list's faction when several factions share the name. */
export function findDetachment(rules: RulesIndex, name: string, faction?: string): Detachment | undefined {
  let all = rules.data.detachments.filter((d) => normalizeName(d.name) === normalizeName(name));
  // "Houndpack Lance Detachment": exporters and players append the word; "Pact-bound Zealots": they spell the
  // name otherwise (punctuation, spacing, plurals).
  const bare = name.replace(/\s+detachment\s*$/i, '');
  if (!all.length) all = rules.data.detachments.filter((d) => spellingKey(d.name).replace(/ /g, '') === spellingKey(bare).replace(/ /g, ''));
  if (faction) {
    const f = sameFaction(rules, faction);
    const own = all.find((d) => f(d.faction));
    if (own) return own;
  }
  return all[0];
}

/**
 * The faction whose datasheets cover most of a list's units, for a list that names none; undefined when
 * no unit matches a datasheet of a faction in the data.
 */
export function inferFaction(list: ArmyList, rules: RulesIndex): { faction: Faction; covered: number } | undefined {
  let best: { faction: Faction; covered: number } | undefined;
  for (const f of rules.data.factions) {
    const key = normalizeName(f.keyword);
    let covered = 0;
    for (const u of list.units) {
      const sheet = rules.datasheet(u.name.text, f.name);
      if (sheet && sheet.factionKeywords.some((k) => normalizeName(k) === key)) covered++;
    }
    if (covered > 0 && (!best || covered > best.covered)) best = { faction: f, covered };
  }
  return best;
}
