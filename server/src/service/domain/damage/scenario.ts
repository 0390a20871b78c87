// What a damage scenario and its result are: the attacker, the target (one profile or model groups), the
// context and modifiers, and the figures the engine answers. Its own module so that the edition modules can
// name these types without importing the engine that asks them.
import type { Edition } from '../editions/edition';

export type RerollKind = 'none' | 'ones' | 'failed' | 'noncrit';

export interface ScenarioWeapon {
  name: string;
  type: 'ranged' | 'melee';
  /** As printed (`24"`, `Melee`) or inches; informative only (half range is a condition). */
  range?: string | number;
  /** Attacks per model: number or dice expression. */
  A: string | number;
  /** BS/WS target number; null for TORRENT. */
  skill: number | null;
  S: number;
  /** AP as a non-positive number (a positive value is read as its negative). */
  AP: number;
  D: string | number;
  abilities: string[];
  /** How many models fire this weapon. */
  models: number;
  /** Profile chosen for a multi-profile weapon (informative). */
  profile?: string;
  /** A modifier to this weapon's hit rolls (its own rule), beside the scenario's `modifiers.hit`; capped with them. */
  hitModifier?: number;
  /** A modifier to this weapon's wound rolls, beside `modifiers.wound`; capped with them. */
  woundModifier?: number;
  /**
   * A change to this weapon's BS/WS characteristic (+1 improves it): added to the edition's other changes (cover,
   * Plunging Fire) and clamped with them to 2+..6+, apart from the hit roll's modifiers.
   */
  skillModifier?: number;
  /** Re-rolls of this weapon's hit rolls (an army rule reaching its models), beside `modifiers.rerollHits`: the broader applies. */
  rerollHits?: RerollKind;
  /** Re-rolls of this weapon's wound rolls, beside `modifiers.rerollWounds`: the broader applies. */
  rerollWounds?: RerollKind;
  /** This weapon's Critical Hits on this unmodified roll or more, beside `modifiers.critHitOn`: the lower applies. */
  critHitOn?: number;
  /** This weapon's Critical Wounds on this unmodified roll or more, beside `modifiers.critWoundOn`: the lower applies. */
  critWoundOn?: number;
  /** The target is within half this weapon's range (its distance is known): overrides `context.withinHalfRange`. */
  halfRange?: boolean;
}

/** The defensive profile of models: a whole single-profile target, or one model group of a real unit. */
export interface ModelsProfile {
  models: number;
  T: number;
  Sv: number;
  invuln?: number | null;
  W: number;
  fnp?: number | null;
  /** Feel No Pain that works against mortal wounds only. */
  fnpMortal?: number | null;
  /** Subtract this from each attack's Damage (minimum 1). */
  damageReduction?: number;
  halfDamage?: boolean;
  /** Each attack's Damage is changed to this (the first damage modifier). */
  damageSetTo?: number;
  /** Each attack's Damage is multiplied by this (after `damageSetTo`, before Melta's addition). */
  damageMultiplier?: number;
  keywords?: string[];
}

/** What a target's rules do to an attack against it: modifiers to its hit and wound rolls, its AP worsened. */
export interface IncomingModifiers {
  hit?: number;
  wound?: number;
  /** Worsen the attack's Armour Penetration by this (AP -2 worsened by 1 is -1; never better than 0). */
  apWorse?: number;
}

export interface ScenarioTarget extends ModelsProfile {
  stealth?: boolean;
  /** The target's rules against attacks of each type (a Leader's "-1 to be hit by melee attacks"); capped with the others. */
  incoming?: { ranged?: IncomingModifiers; melee?: IncomingModifiers };
  /**
   * A real unit: its model groups, each with its own profile, in the order the defender allocates (Bodyguard
   * groups first, attached Leader/Support groups after). When present, the groups are the target; the top-level
   * profile above is the one the wound roll uses (the Bodyguard's) and `models` is the unit's total
   * (see `groupedTarget`).
   */
  groups?: TargetGroup[];
}

/** One model group of a target unit (a squad's sergeant, its troopers, an attached Leader). */
export interface TargetGroup extends ModelsProfile {
  name?: string;
  /** A CHARACTER model: PRECISION may choose it. */
  character?: boolean;
  /** From a Leader or Support unit attached to the Bodyguard. */
  attached?: boolean;
  /** Points per model of this group (for the points' worth removed). */
  pointsPerModel?: number;
  /** Which list unit of the target the group belongs to (0: the Bodyguard), for the rules that reach some of them. */
  part?: number;
}

/**
 * A target made of model groups: the top-level profile is the first Bodyguard group's (its T is the unit's for
 * the wound roll), `models` the total; unit-wide abilities (Stealth) and keywords are given once.
 */
export function groupedTarget(groups: TargetGroup[], unit: { stealth?: boolean; keywords?: string[] } = {}): ScenarioTarget {
  if (!groups.length) throw new Error('a target needs at least one model group');
  const body = groups.find((g) => !g.attached) ?? groups[0];
  const keywords = [...new Set([...(unit.keywords ?? []), ...groups.flatMap((g) => g.keywords ?? [])])];
  return {
    models: groups.reduce((n, g) => n + g.models, 0),
    T: body.T, Sv: body.Sv, invuln: body.invuln ?? null, W: body.W, fnp: body.fnp ?? null, fnpMortal: body.fnpMortal ?? null,
    damageReduction: body.damageReduction, halfDamage: body.halfDamage, damageSetTo: body.damageSetTo, damageMultiplier: body.damageMultiplier, stealth: unit.stealth, keywords, groups,
  };
}

export interface ScenarioContext {
  phase?: 'shooting' | 'fight';
  targetInCover?: boolean;
  withinHalfRange?: boolean;
  /** 10th edition: [HEAVY] +1 to hit. */
  remainedStationary?: boolean;
  /** 11th edition: [HEAVY] +1 to hit: the unit is unengaged, was not set up this turn and no model moved more than 3". */
  heavyReady?: boolean;
  charged?: boolean;
  /** Default true; false matters to INDIRECT FIRE. */
  targetVisible?: boolean;
  overwatch?: boolean;
  /** The attacking unit Advanced this turn: only the weapons the edition allows ([ASSAULT]) shoot. */
  advanced?: boolean;
  /** The attacking unit shoots while engaged (11th: close-quarters shooting, 10.06; 10th: Pistols and Big Guns Never Tire). */
  engaged?: boolean;
  /** 11th edition, Plunging Fire (22.05): +1 to the attacker's BS against a visible target on the ground level. */
  plungingFire?: boolean;
  /** 11th edition, indirect shooting (10.07): the unit remained stationary and a friendly unit sees the target: 1-3 fail, not 1-5. */
  indirectSpotted?: boolean;
}

export interface ScenarioModifiers {
  /** Modifiers to the hit roll: one net number, or each separately (an 11th-edition PSYCHIC attack ignores the negative ones). */
  hit?: number | number[];
  wound?: number;
  /** Save modifier: +1 improves (the total improvement, cover included, is capped at +1). */
  save?: number;
  rerollHits?: RerollKind;
  rerollWounds?: RerollKind;
  critHitOn?: number;
  critWoundOn?: number;
}

/** The attacking unit: its weapons, and what its own losses (Hazardous) depend on. */
export interface ScenarioAttacker {
  weapons: ScenarioWeapon[];
  /** Upper-case keywords: a failed Hazardous test costs a CHARACTER, MONSTER or VEHICLE mortal wounds instead of a model (as the edition says). */
  keywords?: string[];
  /** Wounds of a model carrying the Hazardous weapon (default 1). */
  W?: number;
  /** Models in the attacking unit (caps the models lost; default: the most models firing one weapon). */
  models?: number;
}

export interface DamageScenario {
  attacker: ScenarioAttacker;
  target: ScenarioTarget;
  context?: ScenarioContext;
  modifiers?: ScenarioModifiers;
  rules?: {
    devastatingWounds?: 'current' | 'spill';
    /** The edition whose weapon abilities and core rules apply (default 10); the engine asks `editionRules(edition).damage`. */
    edition?: Edition;
  };
}

/** Expected values and distributions. */
export interface DamageStats {
  attacks: number;
  hits: number;
  critHits: number;
  wounds: number;
  critWounds: number;
  lethalAutoWounds: number;
  devWounds: number;
  /** Attacks that get through: failed saves plus Devastating Wounds. */
  unsaved: number;
  /**
   * Expected damage that gets through Feel No Pain: what the target actually loses before wasted damage (damage
   * beyond a model's remaining wounds, or after the unit is gone, still counts).
   */
  damage: number;
  /** Expected damage of unsaved attacks after damage modifiers, before Feel No Pain and wastage (`damage` before issue 15). */
  damageBeforeFnp: number;
  /** Expected wounds actually removed (after Feel No Pain and wastage, capped by the unit's wounds). */
  woundsLost: number;
  modelsSlain: number;
  /** P(every model slain). */
  pWipe: number;
  /** modelsSlainDist[k] = P(k models slain), k = 0..models. */
  modelsSlainDist: number[];
  /** woundsLostDist[k] = P(k wounds removed), k = 0..models×W. */
  woundsLostDist: number[];
  /** damageDist[k] = P(total damage inflicted = k), before Feel No Pain and wastage (empty when not requested). */
  damageDist: number[];
  hazardousFailedTests: number;
  /** Expected models the attacking unit loses to its failed Hazardous tests (`attacker.keywords`, `attacker.W`). */
  hazardousModelsLost: number;
}

export interface WeaponResult extends DamageStats {
  name: string;
  profile?: string;
  /** False when the weapon does not attack in this phase. */
  used: boolean;
  /** [ONE SHOT]: once per battle; left out of the unit's totals (see `DamageResult.withOneShot`). */
  oneShot?: true;
  notes: string[];
}

/** The unit's figures with its [ONE SHOT] weapons fired too (the turn they are used). */
export interface OneShotTotals {
  damage: number;
  damageBeforeFnp: number;
  woundsLost: number;
  modelsSlain: number;
  pWipe: number;
  groupsSlain?: { name?: string; modelsSlain: number }[];
}

/** Unit totals: the weapons fire in list order against one target; per-weapon entries are each weapon alone. */
export interface DamageResult extends DamageStats {
  /** The edition whose rules were applied. */
  edition: Edition;
  /** With `target.groups`: expected models slain per group, in the groups' order. */
  groupsSlain?: { name?: string; modelsSlain: number }[];
  /**
   * The totals leave out [ONE SHOT] weapons (once per battle, not every turn); when the unit has one, these are
   * the figures with them fired as well.
   */
  withOneShot?: OneShotTotals;
  perWeapon: WeaponResult[];
  notes: string[];
}
