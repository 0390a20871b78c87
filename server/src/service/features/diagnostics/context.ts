// What every list check needs, resolved once per validation: the units with
// their datasheets and keywords, the army's faction keyword, its detachment and
// whether it is a Combat Patrol (a fixed force without points).
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { BattleSizeRule, Detachment, Faction } from '../../domain/rules/model';
import type { Settings } from '../../settings';
import type { EditionRules } from '../../domain/editions';
import { TENTH } from '../../domain/editions/tenth';
import { grantKeywords, unitKeywords, type FieldedUnit } from '../../domain/rules/detachmentGrants';
import { normalizeName } from '../../domain/text/normalize';
export { modelGroups, namesModel, namesWargear } from '../../domain/rules/parts';
import { makeDiagnostic, DiagnosticExtras } from './make';
import { looseName, sameFaction } from './names';
import { readWithData } from './readWithData';

export { looseName, sameFaction };
import type { DiagnosticCode } from './codes';

/** A unit with its datasheet and keywords as fielded: its notes' and its detachments' grants included (`detachmentGrants.ts`). */
export type ResolvedUnit = FieldedUnit;

export interface CheckContext {
  doc: TextDocument;
  list: ArmyList;
  rules: RulesIndex;
  settings: Settings;
  /** The list's edition: the checks ask its `muster` rules, never an edition number. */
  edition: EditionRules;
  /** Units whose datasheet the data has, in text order. */
  units: ResolvedUnit[];
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
  report(span: Span, code: DiagnosticCode, message: string, extras?: DiagnosticExtras): void;
  out: Diagnostic[];
}

/**
 * The one reading of a list every check shares: the list as read with the data (`readWithData`: an enhancement
 * written as a wargear token, a unit's own name among its wargear), its units resolved to datasheets, its faction,
 * detachments and battle size. `ctx.list` is that reading; `parsed` is the text's tree.
 */
export function createContext(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, settings: Settings, out: Diagnostic[], edition: EditionRules = TENTH): CheckContext {
  const list = readWithData(parsed, rules, parsed.faction?.text);
  const inferred = list.faction ? undefined : inferFaction(list, rules);
  const faction = list.faction?.text ?? inferred?.faction.name;
  const units: ResolvedUnit[] = [];
  for (const unit of list.units) {
    const sheet = rules.datasheet(unit.name.text, faction);
    if (sheet) units.push({ unit, sheet, keywords: unitKeywords(unit, sheet) });
  }
  const detachments = list.detachments.map((d) => findDetachment(rules, d.text, faction));
  const include = grantKeywords(units, detachments.filter((d): d is Detachment => !!d));
  const named = [faction, list.superFaction?.text].filter((n): n is string => !!n);
  const parent = faction ? rules.parentFaction(faction) : undefined;
  const armyKeywords = [...new Set([...named.map((n) => (rules.faction(n)?.keyword ?? n).toUpperCase()), ...(parent ? [parent.keyword.toUpperCase()] : [])])];
  const bs = list.battleSize ? (list.battleSize.english ?? list.battleSize.name.text) : undefined;
  const stated = bs ? rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(bs)) : undefined;
  const fromPoints = bs || !edition.muster.battleSizeFromPoints ? undefined : battleSizeFromPoints(list, rules);
  const bsRule = stated ?? fromPoints?.rule;
  return {
    doc,
    list,
    rules,
    settings,
    edition,
    units,
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
    report(span, code, message, extras) {
      out.push(makeDiagnostic(doc, span, code, message, extras));
    },
    out,
  };
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

/** What a message adds when the battle size was read from the list's points: "" when the list states it. */
export function battleSizeNote(ctx: CheckContext): string {
  const b = ctx.battleSizeInferred;
  return b ? `; the list states no battle size: ${ctx.battleSizeRule?.name}, the smallest that holds its ${b.points} points` : '';
}

/** The detachment of that name, preferring the list's faction when several factions share the name. */
export function findDetachment(rules: RulesIndex, name: string, faction?: string): Detachment | undefined {
  let all = rules.data.detachments.filter((d) => normalizeName(d.name) === normalizeName(name));
  // "Houndpack Lance Detachment": exporters and players append the word.
  const bare = name.replace(/\s+detachment\s*$/i, '');
  if (!all.length && bare !== name) all = rules.data.detachments.filter((d) => normalizeName(d.name) === normalizeName(bare));
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

export const isCharacter = (u: ResolvedUnit) => u.keywords.has('CHARACTER');
export const isEpicHero = (u: ResolvedUnit) => u.sheet.epicHero || u.keywords.has('EPIC HERO');


export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

