// Enhancements where a player looks for them: on a bullet line under a unit (the app's `• Enhancement: X` line)
// and after `Enhancement:`, each one that unit may take (editions/enhancementFit.ts, through
// `eligibleEnhancements`), and choosing one also rewrites the unit's stated points (`(N points)` on its line): the
// app states a unit's points with its enhancement.
import { CompletionItemKind } from 'vscode-languageserver-types';
import type { ArmyList, Unit } from '../../domain/parse/ast';
import type { BattleSizeRule, Datasheet, Enhancement } from '../../domain/rules/model';
import type { MusterRules } from '../../domain/editions/types';
import { normalizeName } from '../../domain/text/normalize';
import type { Catalog } from './catalog';
import type { Dialect } from './dialect';
import type { Candidate, Edit } from './candidate';

/** The edit that adds `delta` to the unit's stated points; none when the unit states none or nothing changes. */
export function pointsEdit(unit: Unit, delta: number): Edit | undefined {
  if (!unit.points || delta === 0) return undefined;
  return { start: unit.points.span.start, end: unit.points.span.end, text: String(unit.points.value + delta) };
}

/**
 * Why the army may take no more enhancement (its allowance: the battle size's in the data, else the setting), or
 * undefined while it may. Upgrades are not counted here (their copies after the first are not).
 */
export function allowanceFull(list: ArmyList, battleSizes: BattleSizeRule[], muster: MusterRules, setting: number): string | undefined {
  const size = list.battleSize && battleSizes.find((b) => normalizeName(b.name) === normalizeName(list.battleSize!.english ?? list.battleSize!.name.text));
  const max = muster.enhancementAllowance(size?.enhancements, setting);
  const taken = list.units.reduce((n, u) => n + u.enhancements.length, 0);
  return taken >= max ? `the army already has its ${max} enhancement${max === 1 ? '' : 's'}` : undefined;
}

/** Names of the enhancements other units of the list already took. */
function takenElsewhere(list: ArmyList, unit: Unit): Set<string> {
  return new Set(list.units.filter((u) => u !== unit).flatMap((u) => u.enhancements.map((e) => normalizeName(e.name.text))));
}

function detailOf(e: Enhancement, taken: boolean): string {
  return `${e.points !== undefined ? `+${e.points} pts · ` : ''}${e.detachment}${taken ? ' · already taken in this list' : ''}`;
}

/**
 * `Enhancement: X` items for a bullet line under `unit` (it has none yet): each enhancement of the list's
 * detachments the unit may take, those no other unit took first; each adds its cost to the unit's points.
 */
export function enhancementLineCandidates(cat: Catalog, list: ArmyList, unit: Unit, eligible: Enhancement[], dialect: Dialect, full?: string): Candidate[] {
  if (unit.enhancements.length) return [];
  const taken = takenElsewhere(list, unit);
  return eligible.map((e) => {
    const isTaken = taken.has(normalizeName(e.name));
    const edit = pointsEdit(unit, e.points ?? 0);
    return {
      label: `${dialect.enhancement}: ${e.name}`,
      key: cat.key(`${dialect.enhancement} ${e.name}`),
      tier: isTaken || full ? 3 : 1,
      newText: `${dialect.enhancement}: ${e.name}`,
      kind: CompletionItemKind.EnumMember,
      detail: `${detailOf(e, isTaken)}${full ? ` · ${full}` : ''}${edit ? ` · the unit's points become ${edit.text}` : ''}`,
      description: e.points !== undefined ? `+${e.points} pts` : undefined,
      data: { kind: 'enhancement', id: e.id },
      edits: edit ? [edit] : undefined,
    };
  });
}

/**
 * The enhancements after `Enhancement:` on a unit's bullet: those the unit may take (all of the pool when the
 * datasheet is unknown); `replacing` is the enhancement already written there, whose cost the new one replaces.
 */
export function enhancementNameCandidates(pool: Enhancement[], list: ArmyList, unit: Unit, d: Datasheet | undefined, fits: (e: Enhancement) => boolean, replacing: Enhancement | undefined): Candidate[] {
  const taken = takenElsewhere(list, unit);
  return pool
    .filter((e) => !d || fits(e))
    .map((e) => {
      const isTaken = taken.has(normalizeName(e.name));
      const edit = pointsEdit(unit, (e.points ?? 0) - (replacing?.points ?? 0));
      return {
        label: e.name,
        tier: isTaken ? 1 : 0,
        newText: e.name,
        kind: CompletionItemKind.EnumMember,
        detail: `${detailOf(e, isTaken)}${edit ? ` · the unit's points become ${edit.text}` : ''}`,
        description: e.points !== undefined ? `${e.points} pts` : undefined,
        data: { kind: 'enhancement', id: e.id },
        edits: edit ? [edit] : undefined,
      };
    });
}
