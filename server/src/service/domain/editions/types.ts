// The interface every edition module implements. Members are grouped by the
// concern that asks them; a new edition is one new module implementing this.
import type { WeaponAbilities } from '../damage/abilities';
import type { ScenarioContext, ScenarioTarget, TargetGroup } from '../damage/scenario';
import type { Edition } from './edition';
export type { Edition, EditionSetting } from './edition';
export { CURRENT_EDITION, EDITIONS } from './edition';

export interface EditionRules {
  readonly edition: Edition;
  /** "10th edition", "11th edition": how messages and hovers name it. */
  readonly label: string;
  /** Damage: weapon-ability semantics and the core rules the damage engine needs (see `DamageRules`). */
  readonly damage: DamageRules;
  /** Muster rules: what list checks differ by edition (see `MusterRules`). */
  readonly muster: MusterRules;
  /** What the muster words a list writes mean (Warlord, Attached Units, ...), for hovers; a word this edition lacks is absent. */
  readonly terms: MusterTerms;
}

// ---- Terms: the muster words of a list, explained in hovers (member `terms`). ----

/** The muster words a list's own lines write. */
export type MusterTerm = 'warlord' | 'attachedUnits' | 'leader' | 'support' | 'bodyguard' | 'detachmentPoints' | 'forceDisposition';

/** A rule a list's line names, as the edition states it where its rules data holds no text for it: short, paraphrased. */
export interface TermNote {
  /** The rule's name as a heading ("Warlord", "Detachment Points"). */
  readonly name: string;
  readonly text: string;
  /** Where the rule stands: its section of the core rules where known ("19.01–19.04"), else the rules it belongs to. */
  readonly from: string;
  /** The name of the data's rule that holds this text, when the edition's data has a usable one (the 10th's "Leader"). */
  readonly dataRule?: string;
  /** The data's glossary term (the Munitorum Field Manual's notes) that defines the word, when a source holds one. */
  readonly dataTerm?: string;
}

export type MusterTerms = Readonly<Partial<Record<MusterTerm, TermNote>>>;

// ---- Muster: the army-construction rules the list checks ask (member `muster`). Limits come from the data
// where it states them (the battle sizes' force constraints, the MFM); the members say which rules apply. ----

export interface MusterRules {
  /** The rules data a list of this edition is checked against, for the message when none is loaded. */
  readonly dataNeeded: string;
  /** Chosen detachments cost Detachment Points, at most the battle size's allowance (`BattleSizeRule.detachmentPoints`). */
  readonly detachmentPoints: boolean;
  /** Copies of a unit are priced by requisition thresholds (`Datasheet.pointsTiers`) and wargear per item (`wargearCosts`). */
  readonly requisition: boolean;
  /** Enhancements an army may take when the battle size's data states no allowance (the 10th's setting). */
  enhancementAllowance(stated: number | undefined, setting: number): number;
  /** Enhancements may go on the units an enhancement's `leaderTo`/`supportTo` names, not only on CHARACTERs. */
  readonly enhancementsOnNamedUnits: boolean;
  /** The list's detachments each give their enhancements (10th: only the first detachment is the army's). */
  readonly severalDetachments: boolean;
  /** Attached units (Leader/Support on a Bodyguard) and their limits are read from the data's Leader/Support rules. */
  readonly attachedUnits: boolean;
  /** Force dispositions stated must be those of the chosen detachments. */
  readonly forceDispositions: boolean;
  /**
   * Upgrades exist (enhancements a non-CHARACTER unit they name takes, `Enhancement.upgrade`), at most this many copies
   * of one where the data states no number, only the first counted against the allowance; 0: no Upgrades.
   */
  readonly upgradeCopies: number;
  /** At most one enhancement per unit, an attached unit (Bodyguard with its Leader and Support units) counting as one. */
  readonly enhancementPerAttachedUnit: boolean;
  /** A list that states no battle size is read at the smallest one whose points limit its points fit (the allowances follow from it). */
  readonly battleSizeFromPoints: boolean;
  /** How many units of one datasheet an army may include at a battle size (`battleSize` undefined: none known). */
  datasheetCopies(battleSize: string | undefined): CopyLimit | undefined;
  /** Leader and Support units one Bodyguard unit may have, and where the limit comes from; a Support unit must be attached. */
  readonly attach: { leaders: number; supports: number; supportMustAttach: boolean; from: string };
  /** A single detachment may cost up to this many DP at this battle size whatever its allowance (undefined: no exception). */
  loneDetachmentDp(battleSize: string): { dp: number; from: string } | undefined;
}

/** Copies of a datasheet: `max`, twice that for units with a keyword of `doubled`, EPIC HEROes once. */
export interface CopyLimit {
  max: number;
  doubled: readonly string[];
  /** The rule's name in messages ("Rule of Three", "copies at Strike Force"). */
  rule: string;
}

// ---- Damage: the weapon-ability semantics and core rules the damage engine asks (member `damage`). ----

/** One modifier to a roll and the rule it comes from ("HEAVY", "Stealth", "INDIRECT FIRE", "modifiers" for the scenario's own). */
export interface RollModifier {
  value: number;
  source: string;
  /**
   * A change to the BS/WS characteristic (+1 improves it by 1) rather than a modifier to the hit roll: such changes
   * add up and the result is clamped to 2+..6+, apart from the hit roll's ±1 cap.
   */
  characteristic?: boolean;
  /** Shown in the weapon's notes when the modifier applies. */
  note?: string;
}

/** What the engine knows about one weapon's attacks when it asks the edition. */
export interface AttackSituation {
  ranged: boolean;
  context: Readonly<Required<ScenarioContext>>;
  target: Readonly<ScenarioTarget>;
  /** INDIRECT FIRE at a target that is not visible. */
  indirectBlind: boolean;
  /** The target has the benefit of cover against the attack (the edition's `benefitOfCover`). */
  cover: boolean;
}

/** The hit roll's fixed limits: unmodified results up to `failUpTo` always fail; `rerolls` false: no hit re-rolls. */
export interface HitRollLimits {
  failUpTo: number;
  rerolls: boolean;
}

/** A condition the breakdown offers as a toggle, as this edition words it. */
export interface ConditionSpec {
  label: string;
  detail: string;
}

/** A number with the notes saying where it came from. */
export interface Noted<T> {
  value: T;
  notes: string[];
}

/**
 * How an edition's weapon abilities and core rules change the damage engine's numbers. The engine, the
 * rules bridge (`damage/fromRules.ts`) and the damage features ask this and never an edition number.
 */
export interface DamageRules {
  /** Attack dice each model adds ([BLAST], [BLAST X], [CLEAVE X]) against a target unit of `targetModels` models. */
  extraAttacks(ab: WeaponAbilities, targetModels: number): Noted<number>;
  /**
   * Hit-roll modifiers and BS/WS changes (`characteristic`) from the weapon's abilities, the target and the
   * situation (Heavy, Stealth, cover, Plunging Fire, blind INDIRECT FIRE), before the caps.
   */
  hitModifiers(ab: WeaponAbilities, s: AttackSituation): Noted<RollModifier[]>;
  /** The results that always fail and whether hits may be re-rolled (INDIRECT FIRE). */
  hitRollLimits(ab: WeaponAbilities, s: AttackSituation): Noted<HitRollLimits>;
  /** The hit-roll modifiers the attack applies out of all it has ([PSYCHIC] in the 11th may ignore any). */
  appliedHitModifiers(ab: WeaponAbilities, mods: RollModifier[]): Noted<RollModifier[]>;
  /** Whether the target has the benefit of cover against the attack (cover, Stealth in the 11th, blind INDIRECT FIRE; IGNORES COVER). */
  benefitOfCover(ab: WeaponAbilities, s: AttackSituation): Noted<boolean>;
  /** The armour-save improvement the benefit of cover gives a model with this Sv against this AP (AP as a non-positive number). */
  coverSaveBonus(Sv: number, AP: number): number;
  /** The T the wound roll uses against the target (a unit of model groups: the Bodyguard's, as the edition says). */
  woundToughness(t: ScenarioTarget): Noted<number>;
  /** Whether a profile is fired as a Pistol (a model fires its Pistols or its other ranged weapons). */
  isPistol(ab: WeaponAbilities): boolean;
  /** Notes on a weapon's abilities that the engine applies as written elsewhere or not at all (Precision, abilities not in this edition, Hazardous). */
  abilityNotes(ab: WeaponAbilities): string[];
  /** Notes on the target as a whole ("Stealth: -1 to hit with ranged attacks"). */
  targetNotes(t: ScenarioTarget): string[];
  /** The context flag that satisfies [HEAVY], and how the breakdown's toggle names it. */
  heavyCondition: ConditionSpec & { context: 'remainedStationary' | 'heavyReady' };
  /** How the breakdown describes the target's Stealth. */
  stealth: ConditionSpec;
  /** How the breakdown describes the cover toggle. */
  coverCondition: ConditionSpec;
  /** The edition's own condition toggles (the context flag each sets), after the common ones. */
  extraConditions: readonly (ConditionSpec & { key: 'engaged' | 'plungingFire' | 'indirectSpotted' | 'overwatch' })[];
  /** Core rules the engine needs for which this edition's data holds no text, and the 10th edition's effect kept instead. */
  borrowed: readonly string[];
  /** Core rules this edition's data holds no text for, applied from the published rules (eleventh-edition.md), each with its section. */
  fromSources: readonly string[];
  /** A line under the dice odds of a unit's hover (charge, Battle-shock, Advance), when they are not this edition's own. */
  oddsNote?: string;

  // ---- allocation over a real target's model groups and the attacker's own losses (issue 15) ----
  /** How attacks are allocated to a target made of model groups (`ScenarioTarget.groups`). */
  readonly allocation: AllocationRules;
  /** [LETHAL HITS] is the attacker's choice (automatic wound or a wound roll): the rule's name for the note; undefined: always automatic. */
  readonly lethalHitsChoice?: string;
  /** The order damage modifiers apply in (Melta's addition is `add`, the target's halving `halve`, "-1 Damage" `subtract`). */
  readonly damageOrder: { value: readonly DamageStep[]; note?: string };
  /** Fire Overwatch (snap shooting): hits only on an unmodified 6; whether those are critical hits and hits may be re-rolled. */
  readonly snapShooting: { critical: boolean; rerolls: boolean; note: string };
  /** How Devastating Wounds resolve: each critical wound's mortal wounds reach one model (excess lost), after all normal damage. */
  readonly devastatingWounds: DevastatingWoundsRules;
  /** What a failed Hazardous test (hazard roll) costs the attacking unit. */
  readonly hazardous: HazardousRules;
  /** A ranged weapon of a unit shooting while engaged (`context.engaged`): whether it shoots, and a hit modifier. */
  engagedShooting(ab: WeaponAbilities, attackerKeywords: ReadonlySet<string>): Noted<{ shoots: boolean; modifier?: RollModifier }>;
  /** Whether a ranged weapon may shoot when its unit Advanced this turn ([ASSAULT]). */
  advancedShooting(ab: WeaponAbilities): Noted<boolean>;
}

/**
 * Allocation over model groups. Within a group every model has the same profile, and a model that has lost
 * wounds is allocated the next attack; the engine keeps one wounds-lost count per group.
 */
export interface AllocationRules {
  /** The defender's order over the groups for ordinary attacks (indices into `groups`): Bodyguard groups first. */
  order(groups: readonly TargetGroup[]): number[];
  /** The groups a [PRECISION] attack goes to first while one of their models lives (indices, in `order`'s order); empty when none. */
  precisionGroups(groups: readonly TargetGroup[]): number[];
  /** One allocation group per CHARACTER model: a model group of several CHARACTER models is split into one-model groups. */
  readonly oneGroupPerCharacterModel?: boolean;
  /** What the rules data does not state about allocation and the engine assumes (shown with a grouped target). */
  readonly notes: readonly string[];
}

/** One damage modifier: change to a value, multiply, add (Melta), halve (rounding up), subtract (never below 1). */
export type DamageStep = 'set' | 'multiply' | 'add' | 'halve' | 'subtract';

/** Devastating Wounds: the note the result carries, and whether the launch wording (mortal wounds spill) may be asked for. */
export interface DevastatingWoundsRules {
  readonly note: string;
  /** `rules.devastatingWounds: 'spill'` applies (the 10th edition's launch wording); false: ignored, said in `spillIgnored`. */
  readonly spillOption: boolean;
  readonly spillIgnored?: string;
}

/** Hazard rolls: one D6 per Hazardous weapon used; a failed one destroys a model or inflicts mortal wounds. */
export interface HazardousRules {
  /** A roll of this or lower fails. */
  readonly failUpTo: number;
  /** Mortal wounds one failed roll inflicts on the attacking unit with these (upper-case) keywords; 0: a model is destroyed instead. */
  mortalWounds(keywords: ReadonlySet<string>): number;
  /** The mortal wounds spill from model to model (a wounded model first); false: the excess of one failed roll is lost. */
  readonly spill: boolean;
  /** Where the effect comes from, when not this edition's data. */
  readonly note?: string;
}
