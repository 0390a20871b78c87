// The 11th edition (June 2026). Where the data (the 11e game system's sharedRules) holds no text for a core
// rule the engine needs, the rule is applied from the published sources gathered in eleventh-edition.md
// ("Core rules that the data does not hold"), each with its section, here in one place, and said so.
import type { DamageRules, EditionRules, MusterRules, MusterTerms, RollModifier } from './types';
import { TENTH_CORE } from './tenth';

// ---- Damage (member `damage`): the weapon abilities as the 11e game system's sharedRules word them. ----

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * Where a rule applied here comes from, as a player reads it: the published 11th-edition Core Rules (gathered in
 * eleventh-edition.md), since the data holds no text for it. Each rule names itself and its section.
 */
const SOURCE = 'from the 11th-edition Core Rules: the rules data holds no text for it';
const COVER = 'Benefit of cover (13.08)';
const PLUNGING = 'Plunging Fire (22.05)';
const INDIRECT = 'Indirect shooting (10.07)';
const COVER_RULE = `${COVER}: against ranged attacks the attack's BS worsens by 1 (no save bonus); IGNORES COVER removes it; PSYCHIC ignores it (${SOURCE})`;
const HIT_RULE = `Hit roll (the attack sequence): changes to BS/WS add up and are clamped to 2+..6+; modifiers to the hit roll add up and are capped at ±1 (${SOURCE})`;
const INDIRECT_RULE = `${INDIRECT}: the target has the benefit of cover, no hit re-rolls, unmodified 1-5 fail (1-3 if stationary and a friendly unit sees the target) (${SOURCE})`;
const HAZARD = 'Hazard rolls (06.03)';
const ALLOCATION = 'Allocation groups (05.03)';
const HAZARD_RULE = `${HAZARD}: after the unit's attacks, one D6 per HAZARDOUS weapon used; 1-2 fails: 1 mortal wound to the unit, 3 if every model is MONSTER or VEHICLE, allocated as mortal wounds are (${SOURCE})`;
const ALLOCATION_RULE = `${'Allocation groups (05.03)'}: one per CHARACTER model and one per distinct W/Sv/InSv among the rest; no CHARACTER group before a non-CHARACTER one; a wounded model first; PRECISION makes a CHARACTER's group current (${SOURCE})`;

const ELEVENTH_DAMAGE: DamageRules = {
  extraAttacks(ab, targetModels) {
    const notes: string[] = [];
    const fives = Math.floor(targetModels / 5);
    let value = 0;
    // [BLAST X]: X additional attack dice per five target models ([BLAST] is X = 1).
    if (ab.blast && fives) {
      value += ab.blast * fives;
      notes.push(`BLAST${ab.blast > 1 ? ` ${ab.blast}` : ''}: +${plural(ab.blast * fives, 'attack')}`);
    }
    // [CLEAVE X]: the same, when all of the weapon's attacks go at one target (a scenario has one target).
    if (ab.cleave && fives) {
      value += ab.cleave * fives;
      notes.push(`CLEAVE ${ab.cleave}: +${plural(ab.cleave * fives, 'attack')} (all of the weapon's attacks at this one target)`);
    }
    return { value, notes };
  },
  hitModifiers(ab, s) {
    const out: RollModifier[] = [];
    const notes: string[] = [];
    if (ab.heavy && s.ranged && s.context.heavyReady) {
      out.push({ value: 1, source: 'HEAVY', note: 'HEAVY: +1 to hit (unengaged, not set up this turn, no model moved more than 3")' });
    } else if (ab.heavy && s.ranged && s.context.remainedStationary) {
      notes.push('HEAVY: the 11th edition asks for "unengaged, not set up this turn, no model moved more than 3"" (heavyReady), not "remained stationary"');
    }
    // 13.08: the benefit of cover worsens the attack's BS by 1 (a change to the characteristic, not to the roll).
    if (s.cover) out.push({ value: -1, characteristic: true, source: 'benefit of cover', note: `${COVER}: the attack's BS worsens by 1` });
    // 22.05: Plunging Fire improves BS by 1.
    if (s.ranged && s.context.plungingFire) out.push({ value: 1, characteristic: true, source: 'Plunging Fire', note: `${PLUNGING}: +1 to the attack's BS` });
    return { value: out, notes };
  },
  hitRollLimits(_ab, s) {
    if (!s.indirectBlind) return { value: { failUpTo: 1, rerolls: true }, notes: [] };
    const spotted = s.context.indirectSpotted;
    return {
      value: { failUpTo: spotted ? 3 : 5, rerolls: false },
      notes: [`${INDIRECT}: unmodified ${spotted ? '1-3 (stationary, the target seen by a friendly unit)' : '1-5'} fail, no hit re-rolls, the target has the benefit of cover`],
    };
  },
  appliedHitModifiers(ab, mods) {
    // [PSYCHIC]: the attacker may ignore any or all modifiers to BS/WS and to the hit roll, so it ignores the negative ones.
    if (!ab.psychic) return { value: mods, notes: [] };
    const dropped = mods.filter((m) => m.value < 0);
    const say = (m: RollModifier) => `${m.value} ${m.characteristic ? 'BS' : 'to hit'} (${m.source})`;
    const notes = dropped.length ? [`PSYCHIC: ignores ${dropped.map(say).join(', ')}`] : [];
    return { value: mods.filter((m) => m.value >= 0), notes };
  },
  benefitOfCover(ab, s) {
    const from = s.context.targetInCover || !!s.target.stealth || s.indirectBlind;
    const value = s.ranged && from && !ab.ignoresCover;
    const notes: string[] = [];
    if (value && s.target.stealth && !s.context.targetInCover) notes.push('Stealth: the target has the benefit of cover');
    if (s.ranged && from && ab.ignoresCover) notes.push(`IGNORES COVER: no benefit of cover (${COVER})`);
    return { value, notes };
  },
  // 13.08: no save bonus (and so no 3+/AP 0 exception).
  coverSaveBonus: () => 0,
  isPistol: (ab) => ab.pistol || ab.closeQuarters,
  // The attack sequence: an attached unit's wound rolls use the highest T among its Bodyguard models while any
  // remain (the engine keeps it for the whole sequence: it does not change when the last Bodyguard model falls).
  woundToughness(t) {
    const body = (t.groups ?? []).filter((g) => !g.attached);
    const T = body.length ? Math.max(...body.map((g) => g.T)) : t.T;
    const notes = T !== t.T ? [`Wound roll: the highest T among the Bodyguard models, ${T} (${SOURCE})`] : [];
    return { value: T, notes };
  },
  abilityNotes(ab) {
    const notes: string[] = [];
    if (ab.precision) notes.push("PRECISION: selects a visible CHARACTER's allocation group, current until the weapon's attacks are resolved or the group is destroyed (a target with model groups)");
    if (ab.hazardous) notes.push(`HAZARDOUS: a hazard roll per weapon after the unit's attacks (${HAZARD})`);
    return notes;
  },
  targetNotes: (t) => (t.stealth ? ['Stealth: the benefit of cover against ranged attacks'] : []),
  heavyCondition: {
    context: 'heavyReady',
    label: 'Unengaged, not set up, moved ≤ 3"',
    detail: 'Heavy: +1 to hit if the unit is unengaged, was not set up this turn and no model moved more than 3"',
  },
  stealth: { label: 'Target has Stealth', detail: 'the benefit of cover against ranged attacks' },
  coverCondition: { label: 'Target in cover', detail: `the attack's BS worsens by 1 against ranged attacks (${COVER})` },
  extraConditions: [
    { key: 'engaged', label: 'Shooting while engaged', detail: 'CLOSE-QUARTERS weapons only; a MONSTER or VEHICLE shoots everything, -1 to hit without them (Close-quarters shooting, 10.06)' },
    { key: 'plungingFire', label: 'Plunging Fire', detail: `+1 BS against a visible target on the ground level (${PLUNGING})` },
    { key: 'indirectSpotted', label: 'Indirect: stationary, target seen', detail: `indirect shooting fails on 1-3, not 1-5 (${INDIRECT})` },
    { key: 'overwatch', label: 'Snap shooting (Fire Overwatch)', detail: `ranged weapons only; only unmodified 6s hit, no hit re-rolls, not critical hits (Snap shooting, 15.09)` },
  ],
  fromSources: [HIT_RULE, COVER_RULE, INDIRECT_RULE, HAZARD_RULE, ALLOCATION_RULE],
  borrowed: [],
  oddsNote: 'Charge, Battle-shock and Advance rolls as in the 10th edition: the 11th-edition core rules are not in the data.',
  // 05.03: one allocation group per CHARACTER model and one per distinct (W, Sv, InSv) among the rest; the defender
  // orders them, but no CHARACTER group before a non-CHARACTER one, and a wounded model's group is current. Groups
  // of one profile given apart (a sergeant with the troopers' profile) are one allocation group in the order given.
  allocation: {
    order: (groups) => {
      const body = TENTH_CORE.bodyguardFirst(groups);
      return [...body.filter((i) => !groups[i].character), ...body.filter((i) => groups[i].character)];
    },
    oneGroupPerCharacterModel: true,
    // [PRECISION] (sharedRules): "select one allocation group that contains one of those visible CHARACTER models",
    // current until the weapon's attacks are resolved or the group is destroyed: one CHARACTER model's group (the
    // first in the order; the engine takes every CHARACTER as visible and the attacker as choosing it).
    precisionGroups: (groups) => TENTH_CORE.bodyguardFirst(groups).filter((i) => groups[i].character).slice(0, 1),
    notes: [
      `${ALLOCATION}: the non-CHARACTER groups first in the order given (a wounded model first), then one group per CHARACTER model; ` +
        `a PRECISION weapon makes the first CHARACTER's group current until its attacks are resolved or the group is destroyed (${SOURCE})`,
    ],
  },
  // The attack sequence: set → multiply → add (Melta) → halve (rounding up) → subtract, never below 1.
  damageOrder: {
    value: ['set', 'multiply', 'add', 'halve', 'subtract'],
    note: `Damage modifiers: changed, multiplied, added (MELTA), halved (rounding up), subtracted, never below 1 (${SOURCE})`,
  },
  // 15.09: snap shooting hits only on an unmodified 6, without hit re-rolls; those hits are not critical (one source).
  snapShooting: {
    critical: false,
    rerolls: false,
    note: `Snap shooting (15.09, Fire Overwatch): only unmodified 6s hit, no hit re-rolls, and those hits are not critical hits (a single source; ${SOURCE})`,
  },
  // [LETHAL HITS] (sharedRules): the attacker may have a critical hit wound automatically (not a critical wound).
  lethalHitsChoice: "LETHAL HITS (the attacker's choice)",
  // [DEVASTATING WOUNDS] (sharedRules): a critical wound ends the attack sequence; mortal wounds equal to the Damage
  // after all normal damage, those of one critical wound reaching one model (excess lost); Feel No Pain applies.
  devastatingWounds: {
    note: 'DEVASTATING WOUNDS: a critical wound ends the attack sequence: mortal wounds equal to D after all normal damage, each critical wound reaching at most one model (excess lost), Feel No Pain applies',
    spillOption: false,
    spillIgnored: "Devastating Wounds: the 10th edition's launch wording (spill) does not apply in the 11th edition",
  },
  hazardous: {
    failUpTo: 2,
    // The unit's keywords stand for "every model" (a unit with MONSTER or VEHICLE is one of such models).
    mortalWounds: (kw) => (kw.has('MONSTER') || kw.has('VEHICLE') ? 3 : 1),
    spill: true,
    note: `${HAZARD}: 1-2 fails, 1 mortal wound to the unit (3 if MONSTER or VEHICLE), spilling from model to model`,
  },
  // 10.06: an engaged unit that did not advance shoots; models that are not MONSTER/VEHICLE only CLOSE-QUARTERS
  // weapons (Pistols are read as such) at units they are engaged with; MONSTER/VEHICLE models -1 to hit otherwise.
  // An engaged unit shoots at the units it is engaged with, and BLAST never fires at an engaged unit (C).
  engagedShooting: (ab, kw) =>
    ab.blast
      ? { value: { shoots: false }, notes: [`BLAST: never fires at an engaged unit, and an engaged unit shoots at the units it is engaged with (${SOURCE})`] }
      : TENTH_CORE.engaged(ab.pistol || ab.closeQuarters, kw, 'CLOSE-QUARTERS weapons', 'Close-quarters shooting (10.06)'),
  advancedShooting: (ab) => ({
    value: ab.assault,
    notes: ab.assault ? ['ASSAULT: assault shooting (10.05) is not in the data: the weapon shoots after an Advance, as in the 10th edition'] : [],
  }),
};

// ---- Muster (member `muster`): Detachment Points, requisition thresholds, attached units. Every limit comes
// from the data where it holds one: the game system's force constraints per battle size, the MFM. What the data
// does not hold is kept here, each with its section of the core rules (see eleventh-edition.md "Mustering"). ----

/** Copies of one datasheet per battle size (the data states no such constraint): Onslaught is unsettled, so none. */
const COPIES: Record<string, number> = { incursion: 2, 'strike force': 3 };

const ELEVENTH_MUSTER: MusterRules = {
  dataNeeded: "BSData's 11th-edition game system and catalogues (wh40k-11e) and the Munitorum Field Manual YAML files",
  detachmentPoints: true,
  requisition: true,
  // The game system's "Enhancements" constraint; without it the setting's allowance.
  enhancementAllowance: (stated, setting) => stated ?? setting,
  enhancementsOnNamedUnits: true,
  severalDetachments: true,
  attachedUnits: true,
  forceDispositions: true,
  // Upgrades: up to 3 copies, the 2nd and 3rd not counted against the allowance (BSData states the 3 on most).
  upgradeCopies: 3,
  enhancementPerAttachedUnit: true,
  battleSizeFromPoints: true,
  datasheetCopies(battleSize) {
    const max = battleSize ? COPIES[battleSize.toLowerCase()] : undefined;
    return max === undefined ? undefined : { max, doubled: ['BATTLELINE', 'DEDICATED TRANSPORT'], rule: `copies of a datasheet at ${battleSize}` };
  },
  // 19.01–19.04: the game system's Leader rule is the 10th's text and its Support rule is empty.
  attach: { leaders: 1, supports: 1, supportMustAttach: true, from: 'Leader and Support, 19.01–19.04: the game system states no number' },
  // An erratum after launch: at Incursion a 3-DP detachment may be the army's only detachment (not in the game system of 2026-07-22).
  loneDetachmentDp: (battleSize) => (battleSize.toLowerCase() === 'incursion' ? { dp: 3, from: "Incursion's exception for a single detachment" } : undefined),
};

// ---- Terms (member `terms`): the muster words a list writes. The game system's Leader rule is the 10th's text and
// its Support rule is empty, so the attached-unit words are paraphrased here from the published rules (19.01–19.04);
// the Munitorum Field Manual's notes define Detachment Points and force dispositions where the data holds them. ----

const MUSTER_RULES = 'mustering';
const ATTACHED = 'Leader and Support, 19.01–19.04';

const ELEVENTH_TERMS: MusterTerms = {
  warlord: {
    name: 'Warlord',
    text: "One CHARACTER model with the army's faction keyword is your Warlord. A rule saying a model must be your Warlord yields to one saying it cannot be.",
    from: MUSTER_RULES,
  },
  attachedUnits: {
    name: 'Attached Units',
    text: 'Which Leader and Support units join which Bodyguard unit, fixed when mustering. Each group is one Attached unit for the whole battle and never splits; it takes at most one enhancement.',
    from: ATTACHED,
  },
  leader: {
    name: 'Leader',
    text: 'A Leader unit may join one of the Bodyguard units its datasheet names, forming one Attached unit; it need not join one. A Bodyguard unit takes at most one Leader unless a rule says otherwise.',
    from: ATTACHED,
  },
  support: {
    name: 'Support',
    text: 'A Support unit must join one of the Bodyguard units its datasheet names, forming one Attached unit. A Bodyguard unit takes at most one Support unit unless a rule says otherwise.',
    from: ATTACHED,
  },
  bodyguard: {
    name: 'Bodyguard',
    text: 'The unit a Leader or Support unit joins: together they are one Attached unit. A Bodyguard unit takes at most one Leader and one Support unit unless a rule says otherwise.',
    from: ATTACHED,
  },
  detachmentPoints: {
    name: 'Detachment Points',
    text: "Each detachment costs Detachment Points (DP); the army's detachments together cost at most the battle size's allowance. The same detachment is never taken twice, nor two with the same Unique tag.",
    from: MUSTER_RULES,
    dataTerm: 'Detachment Points',
  },
  forceDisposition: {
    name: 'Force Disposition',
    text: 'Each detachment grants your army a force disposition, which can affect the missions you play. The dispositions a list states are those of its detachments.',
    from: MUSTER_RULES,
    dataTerm: 'Force Disposition',
  },
};

export const ELEVENTH: EditionRules = {
  edition: 11,
  label: '11th edition',
  damage: ELEVENTH_DAMAGE,
  muster: ELEVENTH_MUSTER,
  terms: ELEVENTH_TERMS,
};
