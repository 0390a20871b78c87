// The game state a damage figure is computed in: the conditions a player switches in the breakdown and the matchup
// (half range, cover, a Charge move, ...), the states the army's rules name (the closest target, a battle round, a
// rule such as the Waaagh! being active), and how they become the engine's context and the army rules' state.
import type { ScenarioContext } from '../domain/damage/engine';
import type { ArmyState } from '../domain/damage/armyRules';
import { editionRules, type Edition } from '../domain/editions';

export interface BreakdownConditions {
  halfRange?: boolean;
  cover?: boolean;
  /** 10th edition: remained stationary (Heavy). */
  stationary?: boolean;
  /** 11th edition: unengaged, not set up this turn, no model moved more than 3" (Heavy). */
  heavyReady?: boolean;
  charged?: boolean;
  stealth?: boolean;
  /** The unit advanced this turn: only ASSAULT ranged weapons shoot. */
  advanced?: boolean;
  /** The unit shoots while engaged (the edition says which weapons and at what penalty). */
  engaged?: boolean;
  /** 11th edition: Plunging Fire (22.05), +1 BS. */
  plungingFire?: boolean;
  /** 11th edition: indirect shooting by a stationary unit at a target a friendly unit sees (10.07): 1-3 fail. */
  indirectSpotted?: boolean;
  /** 11th edition: snap shooting (15.09, Fire Overwatch): only unmodified 6s hit. */
  overwatch?: boolean;
  /** Stratagem variants switched on, by label (`POINT-BLANK AMBUSH`). */
  stratagems?: string[];
  /**
   * A matchup pair (the list has an opponent): `opponent`: the target index is one of the opponent list's units
   * (`listTargets` order); `reverse`: the unit index is the opponent's unit and the target one of this list's.
   */
  vs?: 'opponent' | 'reverse';
  /** The unit with the units attached to it, attacking as one (a matchup row, a Bodyguard's lens): `attackingUnit.ts`. */
  together?: boolean;
  /** Game states the army's rules name beyond the toggles above ("closestTarget", "targetBelowStartingStrength"). */
  states?: ('closestTarget' | 'targetAtStartingStrength' | 'targetBelowStartingStrength' | 'targetBelowHalfStrength')[];
  /** The battle round (rules "in the third battle round or later"). */
  battleRound?: number;
  /** The target's distance in inches: weapons out of range do not shoot, half range is each weapon's own. */
  targetDistance?: number;
  /** Rules whose state holds, by the data's name ("Waaagh!", "Here Be Loot"): their conditional effects apply. */
  rules?: string[];
}

export type ConditionKey = 'halfRange' | 'cover' | 'stationary' | 'heavyReady' | 'charged' | 'stealth' | 'advanced' | 'engaged' | 'plungingFire' | 'indirectSpotted' | 'overwatch';

export interface BreakdownToggle {
  /** A ConditionKey, or `stratagem:<label>`. */
  key: string;
  label: string;
  on: boolean;
  /** What the toggle means (a stratagem's conditions and effect). */
  detail?: string;
}

/** The toggles, in order; Heavy's condition and Stealth's effect are the edition's. */
export function conditionToggles(edition: Edition): { key: ConditionKey; label: string; detail: string }[] {
  const d = editionRules(edition).damage;
  return [
    { key: 'halfRange', label: 'Half range', detail: 'Rapid Fire and Melta apply' },
    { key: 'cover', label: 'Target in cover', detail: d.coverCondition.detail },
    { key: d.heavyCondition.context === 'heavyReady' ? 'heavyReady' : 'stationary', label: d.heavyCondition.label, detail: d.heavyCondition.detail },
    { key: 'charged', label: 'Charged', detail: 'Lance: +1 to wound' },
    { key: 'stealth', label: d.stealth.label, detail: d.stealth.detail },
    { key: 'advanced', label: 'Advanced', detail: 'only ASSAULT ranged weapons shoot' },
    ...d.extraConditions,
  ];
}

/**
 * The engine context of the condition toggles: only those switched on (an absent condition is an unmet one), so
 * that with every toggle off the context is the lenses' own and the pair cache answers both (`fromRules.ts` keys
 * on the context's JSON: `{}` and `{ charged: false, … }` would be two keys for one computation).
 */
export function conditionContext(conditions: BreakdownConditions): ScenarioContext {
  const all: ScenarioContext = {
    withinHalfRange: !!conditions.halfRange,
    targetInCover: !!conditions.cover,
    remainedStationary: !!conditions.stationary,
    heavyReady: !!conditions.heavyReady,
    charged: !!conditions.charged,
    advanced: !!conditions.advanced,
    engaged: !!conditions.engaged,
    plungingFire: !!conditions.plungingFire,
    indirectSpotted: !!conditions.indirectSpotted,
    overwatch: !!conditions.overwatch,
  };
  return Object.fromEntries(Object.entries(all).filter(([, on]) => on)) as ScenarioContext;
}


/**
 * The army rules' state of the conditions: the game states the toggles set, the other states the rules name, the
 * battle round, the target's distance, and the rules whose state holds (named conditions).
 */
export function armyState(conditions: BreakdownConditions): ArmyState {
  const states: NonNullable<ArmyState['states']> = {};
  if (conditions.charged) states.charged = true;
  if (conditions.halfRange) states.halfRange = true;
  if (conditions.cover) states.targetInCover = true;
  if (conditions.stationary || conditions.heavyReady) states.stationary = true;
  for (const k of conditions.states ?? []) states[k] = true;
  const out: ArmyState = { states };
  if (conditions.battleRound !== undefined) out.battleRound = conditions.battleRound;
  if (conditions.targetDistance !== undefined) out.targetDistance = conditions.targetDistance;
  if (conditions.rules?.length) out.rules = conditions.rules;
  return out;
}

