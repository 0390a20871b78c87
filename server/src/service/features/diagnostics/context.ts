// What every list check needs, resolved once per validation: the units with
// their datasheets and keywords, the army's faction keyword, its detachment and
// whether it is a Combat Patrol (a fixed force without points).
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet, Detachment } from '../../domain/rules/model';
import type { Settings } from '../../settings';
import { normalizeName } from '../../domain/text/normalize';
import { makeDiagnostic, DiagnosticExtras } from './make';
import type { DiagnosticCode } from './codes';

export interface ResolvedUnit {
  unit: Unit;
  sheet: Datasheet;
  /** Datasheet and faction keywords plus those the list grants ("Subterranean Assault Keywords: Character"), upper case. */
  keywords: Set<string>;
}

export interface CheckContext {
  doc: TextDocument;
  list: ArmyList;
  rules: RulesIndex;
  settings: Settings;
  /** Units whose datasheet the data has, in text order. */
  units: ResolvedUnit[];
  /** Faction keywords a unit of this army may carry (faction and super-faction), upper case. */
  armyKeywords: string[];
  detachment?: Detachment;
  combatPatrol: boolean;
  report(span: Span, code: DiagnosticCode, message: string, extras?: DiagnosticExtras): void;
  out: Diagnostic[];
}

export function createContext(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, out: Diagnostic[]): CheckContext {
  const faction = list.faction?.text;
  const units: ResolvedUnit[] = [];
  for (const unit of list.units) {
    const sheet = rules.datasheet(unit.name.text, faction);
    if (sheet) units.push({ unit, sheet, keywords: unitKeywords(unit, sheet) });
  }
  const armyKeywords = [list.faction?.text, list.superFaction?.text]
    .filter((n): n is string => !!n)
    .map((n) => (rules.faction(n)?.keyword ?? n).toUpperCase());
  const detName = list.detachments[0]?.text;
  const bs = list.battleSize?.name.text;
  const bsRule = bs ? rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(bs)) : undefined;
  return {
    doc,
    list,
    rules,
    settings,
    units,
    armyKeywords,
    detachment: detName ? findDetachment(rules, detName, faction) : undefined,
    // A battle size without a points limit in the data (or named so) is a fixed force.
    combatPatrol: !!bs && (normalizeName(bs) === 'combat patrol' || (!!bsRule && bsRule.points === undefined)),
    report(span, code, message, extras) {
      out.push(makeDiagnostic(doc, span, code, message, extras));
    },
    out,
  };
}

/** The detachment of that name, preferring the list's faction when several factions share the name. */
export function findDetachment(rules: RulesIndex, name: string, faction?: string): Detachment | undefined {
  const all = rules.data.detachments.filter((d) => normalizeName(d.name) === normalizeName(name));
  if (faction) {
    const f = sameFaction(rules, faction);
    const own = all.find((d) => f(d.faction));
    if (own) return own;
  }
  return all[0];
}

/** A predicate: does a faction name or keyword denote the same faction as `faction`? */
export function sameFaction(rules: RulesIndex, faction: string): (other: string) => boolean {
  const key = (n: string) => normalizeName(rules.faction(n)?.keyword ?? n);
  const k = key(faction);
  return (other) => key(other) === k;
}

/**
 * Keywords a list note grants: "<Detachment> Keywords: Character" (the app's detachment choices) and
 * "Daemonic Allegiance: Tzeentch" (the Chaos God keyword the model gains).
 */
const GRANTED = /\b(?:keywords?|allegiance)\s*:\s*(.+)$/i;

function unitKeywords(unit: Unit, sheet: Datasheet): Set<string> {
  const set = new Set([...sheet.factionKeywords, ...sheet.keywords].map((k) => k.toUpperCase()));
  for (const note of unit.notes) {
    const m = GRANTED.exec(note.text);
    if (m) for (const k of m[1].split(/\s*,\s*/)) if (k.trim()) set.add(k.trim().toUpperCase());
  }
  if (sheet.epicHero) set.add('EPIC HERO');
  return set;
}

export const isCharacter = (u: ResolvedUnit) => u.keywords.has('CHARACTER');
export const isEpicHero = (u: ResolvedUnit) => u.sheet.epicHero || u.keywords.has('EPIC HERO');

/** Loose name equality for names the sources spell differently ("Hand Flamers"/"HANDFLAMERS", "Ravener"/"Raveners"). */
export function looseName(name: string): string {
  return normalizeName(name).replace(/[^a-z0-9]/g, '').replace(/s$/, '');
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
