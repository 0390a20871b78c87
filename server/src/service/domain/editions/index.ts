// The editions of the game Auspex reads. What differs between editions (muster
// rules, battle sizes and their limits, CP, weapon-ability semantics,
// allocation) lives in one module per edition (`tenth.ts`, `eleventh.ts`)
// behind the one `EditionRules` interface; the checks and the damage engine
// ask the list's `EditionRules` and never branch on an edition number.
import type { ArmyList } from '../parse/ast';
import { CURRENT_EDITION, type Edition, type EditionRules, type EditionSetting } from './types';
import { TENTH } from './tenth';
import { ELEVENTH } from './eleventh';

export type { Edition, EditionRules, EditionSetting } from './types';
export type { CopyLimit, MusterRules, MusterTerm, MusterTerms, TermNote } from './types';
export type { AllocationRules, AttackSituation, DamageStep, DevastatingWoundsRules, ConditionSpec, DamageRules, HazardousRules, Noted, RollModifier } from './types';
export { CURRENT_EDITION, EDITIONS } from './types';

const BY_EDITION: Record<10 | 11, EditionRules> = { 10: TENTH, 11: ELEVENTH };

/** The rules module of an edition. */
export function editionRules(edition: 10 | 11): EditionRules {
  return BY_EDITION[edition];
}

/**
 * The edition a list is read under: the setting when it forces one, else what the text shows; a list not written
 * yet (no unit, detachment or battle size: an empty file, a faction line being typed) the current edition, a new
 * list being the current edition's; else the 10th (its exports show no mark of their edition).
 */
export function listEdition(list: ArmyList, setting: EditionSetting): Edition {
  if (setting === '10') return 10;
  if (setting === '11') return 11;
  return list.editionShown ?? (notWrittenYet(list) ? CURRENT_EDITION : 10);
}

/** A list with nothing of an army in it yet: no unit, no detachment, no battle size (a title or a faction at most). */
export function notWrittenYet(list: ArmyList): boolean {
  return list.units.length === 0 && list.detachments.length === 0 && !list.battleSize && !list.stratagemPlan;
}
