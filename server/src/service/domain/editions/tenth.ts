// The 10th edition (2023–2026): the rules Auspex 0.1 implemented.
import type { AllocationRules, DamageRules, EditionRules, HazardousRules, MusterRules, MusterTerms, Noted, RollModifier } from './types';

// ---- Damage (member `damage`): the 10th edition's weapon abilities and core rules, as the engine applied them
// before there were editions. The 11th-edition module reuses some of these where its data holds no text. ----

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The benefit of cover (10th core rules): +1 to the armour save, but not for a model with Sv 3+ or better against AP 0. */
function coverSaveBonus(Sv: number, AP: number): number {
  return Sv <= 3 && AP === 0 ? 0 : 1;
}

/** The target has the benefit of cover: in cover, or not visible to INDIRECT FIRE; IGNORES COVER removes it. */
function benefitOfCover(ab: { ignoresCover: boolean }, ranged: boolean, inCover: boolean, indirectBlind: boolean): boolean {
  return ranged && (inCover || indirectBlind) && !ab.ignoresCover;
}

/** Bodyguard groups (not attached) in the given order, then the attached Leader/Support groups. */
function bodyguardFirst(groups: readonly { attached?: boolean }[]): number[] {
  const idx = groups.map((_, i) => i);
  return [...idx.filter((i) => !groups[i].attached), ...idx.filter((i) => groups[i].attached)];
}

/**
 * 10th-edition allocation: a model that has lost wounds first; while a Bodyguard model lives, attacks cannot be
 * allocated to an attached CHARACTER; [PRECISION] may allocate to a visible attached CHARACTER (the engine takes
 * every CHARACTER as visible and the attacker as always choosing it).
 */
function TENTH_ALLOCATION(): AllocationRules {
  return {
    order: bodyguardFirst,
    precisionGroups(groups) {
      const led = groups.some((g) => !g.attached);
      return led ? bodyguardFirst(groups).filter((i) => groups[i].attached && groups[i].character) : [];
    },
    notes: [
      'allocation: the defender allocates to the Bodyguard groups in the order given, then to the attached groups; a wounded model first',
    ],
  };
}

/** A failed Hazardous test: a model is destroyed, or a CHARACTER, MONSTER or VEHICLE suffers 3 mortal wounds. */
const TENTH_HAZARDOUS_RULES: HazardousRules = {
  failUpTo: 1,
  mortalWounds: (kw) => (['CHARACTER', 'MONSTER', 'VEHICLE'].some((k) => kw.has(k)) ? 3 : 0),
  spill: false,
};

/** Shooting while engaged, as both editions word it: `special` weapons (Pistols; CLOSE-QUARTERS) only, unless MONSTER/VEHICLE (−1 to hit otherwise). */
export function engaged(special: boolean, kw: ReadonlySet<string>, what: string, rule: string): Noted<{ shoots: boolean; modifier?: RollModifier }> {
  const big = kw.has('MONSTER') || kw.has('VEHICLE');
  if (special) return { value: { shoots: true }, notes: [] };
  if (big) return { value: { shoots: true, modifier: { value: -1, source: rule, note: `${rule}: -1 to hit (engaged, not one of its ${what})` } }, notes: [] };
  return { value: { shoots: false }, notes: [`${rule}: an engaged unit that is not a MONSTER or VEHICLE shoots only ${what}`] };
}

const TENTH_DAMAGE: DamageRules = {
  extraAttacks(ab, targetModels) {
    const notes: string[] = [];
    let value = 0;
    if (ab.blast) {
      value = Math.floor(targetModels / 5);
      if (ab.blast > 1) notes.push(`BLAST ${ab.blast}: the 10th edition's Blast has no X: +1 attack per five models`);
      if (value) notes.push(`BLAST: +${plural(value, 'attack')}`);
    }
    if (ab.cleave) notes.push(`CLEAVE ${ab.cleave}: not a 10th-edition ability, ignored`);
    return { value, notes };
  },
  hitModifiers(ab, s) {
    const out: RollModifier[] = [];
    if (ab.heavy && s.ranged && s.context.remainedStationary) out.push({ value: 1, source: 'HEAVY', note: 'HEAVY: +1 to hit (remained stationary)' });
    if (s.target.stealth && s.ranged) out.push({ value: -1, source: 'Stealth' });
    if (s.indirectBlind) out.push({ value: -1, source: 'INDIRECT FIRE', note: 'INDIRECT FIRE (not visible): -1 to hit, unmodified 1-3 fail, target has cover' });
    return { value: out, notes: [] };
  },
  hitRollLimits: (_ab, s) => ({ value: { failUpTo: s.indirectBlind ? 3 : 1, rerolls: true }, notes: [] }),
  appliedHitModifiers: (_ab, mods) => ({ value: mods, notes: [] }),
  benefitOfCover: (ab, s) => ({ value: benefitOfCover(ab, s.ranged, s.context.targetInCover, s.indirectBlind), notes: [] }),
  coverSaveBonus,
  isPistol: (ab) => ab.pistol,
  woundToughness: (t) => ({ value: t.T, notes: [] }),
  abilityNotes(ab) {
    const notes: string[] = [];
    if (ab.closeQuarters) notes.push('CLOSE-QUARTERS: not a 10th-edition ability, ignored');
    if (ab.precision) notes.push('PRECISION: allocated to an attached CHARACTER while one lives (a target with model groups)');
    return notes;
  },
  targetNotes: (t) => (t.stealth ? ['Stealth: -1 to hit with ranged attacks'] : []),
  heavyCondition: { context: 'remainedStationary', label: 'Remained stationary', detail: 'Heavy: +1 to hit' },
  stealth: { label: 'Target has Stealth', detail: '-1 to hit with ranged attacks' },
  coverCondition: { label: 'Target in cover', detail: '+1 to the save against ranged attacks' },
  extraConditions: [{ key: 'engaged', label: 'Shooting while engaged', detail: 'Pistols only; a MONSTER or VEHICLE shoots everything at -1 to hit (Big Guns Never Tire)' }],
  borrowed: [],
  fromSources: [],
  allocation: TENTH_ALLOCATION(),
  // Halving before Melta's addition, as the engine applied it before there were editions.
  damageOrder: { value: ['set', 'multiply', 'halve', 'add', 'subtract'] },
  snapShooting: { critical: true, rerolls: true, note: 'Fire Overwatch: only unmodified 6s hit' },
  devastatingWounds: { note: 'Devastating Wounds: allocated after all other attacks, excess lost', spillOption: true },
  hazardous: TENTH_HAZARDOUS_RULES,
  advancedShooting: (ab) => ({ value: ab.assault, notes: [] }),
  // Engaged: a unit that is not a MONSTER or VEHICLE shoots only its Pistols; Big Guns Never Tire: a MONSTER or
  // VEHICLE shoots everything, -1 to hit except with Pistols.
  engagedShooting: (ab, kw) => engaged(ab.pistol, kw, 'Pistols', 'Big Guns Never Tire'),
};

/** The pieces of the 10th edition's damage rules the 11th keeps where its data holds no text (one place). */
export const TENTH_CORE = { benefitOfCover, bodyguardFirst, engaged } as const;

// ---- Muster (member `muster`): one detachment, enhancements on CHARACTERs up to the setting's allowance. ----

const TENTH_MUSTER: MusterRules = {
  dataNeeded: 'a Wahapedia CSV export or BattleScribe 10th-edition data (wh40k-10e), or the embedded seed data',
  detachmentPoints: false,
  requisition: false,
  enhancementAllowance: (_stated, setting) => setting,
  enhancementsOnNamedUnits: false,
  severalDetachments: false,
  attachedUnits: false,
  forceDispositions: false,
  upgradeCopies: 0,
  enhancementPerAttachedUnit: false,
  battleSizeFromPoints: false,
  // Rule of Three: three of a datasheet, six of a BATTLELINE or DEDICATED TRANSPORT one, at any battle size.
  datasheetCopies: () => ({ max: 3, doubled: ['BATTLELINE', 'DEDICATED TRANSPORT'], rule: 'Muster your army: Rule of Three' }),
  attach: { leaders: 1, supports: 0, supportMustAttach: false, from: 'the Leader rule' },
  loneDetachmentDp: () => undefined,
};

// ---- Terms (member `terms`): the muster words a 10th-edition list writes; the data's Leader rule where it has one. ----

const MUSTER = 'Muster your army';

const TENTH_TERMS: MusterTerms = {
  warlord: { name: 'Warlord', text: 'Select one CHARACTER model from your army as your Warlord: it gains the WARLORD keyword.', from: MUSTER },
  armyPoints: {
    name: 'Army points',
    text: "An army's points are the points of all its units, each at the price its datasheet gives for its size, with their enhancements' points.",
    from: MUSTER,
  },
  battleSize: {
    name: 'Battle size',
    text: "The battle size sets the army's points limit: Incursion 1,000, Strike Force 2,000, Onslaught 3,000 points. A Combat Patrol is a fixed force.",
    from: MUSTER,
  },
  datasheetCopies: {
    name: 'Rule of Three',
    text: 'An army may include a datasheet up to three times, or six times if it is a BATTLELINE or DEDICATED TRANSPORT datasheet; an EPIC HERO once.',
    from: MUSTER,
  },
  epicHero: { name: 'Epic Heroes', text: 'Each EPIC HERO is unique: an army includes it at most once, and it cannot take an enhancement.', from: MUSTER },
  enhancements: {
    name: 'Enhancements',
    text: "Enhancements come from the army's detachment; each goes on a CHARACTER model that is not an EPIC HERO, at most one per model, each enhancement at most once, and the army takes up to three.",
    from: MUSTER,
  },
  faction: { name: 'Army faction', text: "Every unit in the army has the army's Faction keyword; allied units are taken only as their own rules allow.", from: MUSTER },
  detachment: { name: 'Detachment', text: "The army takes one detachment of its faction: its rule, enhancements and stratagems are the army's.", from: MUSTER },
  combatPatrol: { name: 'Combat Patrol', text: "A Combat Patrol is a fixed force: its datasheets, wargear and enhancements are given, so points, Warlord and muster limits do not apply.", from: 'Combat Patrol' },
  stratagems: { name: 'Stratagems', text: 'A stratagem is a Core stratagem or one of the army\'s detachment; its TARGET says which units it may target, and each is used at most once per phase.', from: 'Core rules: Stratagems' },
  leader: {
    name: 'Leader',
    text: 'Before the battle, a CHARACTER unit with the Leader ability may join one of the Bodyguard units its datasheet lists: the two form one Attached unit, and a Bodyguard unit takes one Leader.',
    from: 'Leader (core ability)',
    dataRule: 'Leader',
  },
  bodyguard: {
    name: 'Bodyguard',
    text: 'The unit a Leader joins: while it contains a Leader it is an Attached unit, one unit for all rules purposes.',
    from: 'Leader (core ability)',
    dataRule: 'Leader',
  },
  attachedUnits: {
    name: 'Attached Units',
    text: 'A Leader and the Bodyguard unit it joins form one Attached unit, one unit for all rules purposes.',
    from: 'Leader (core ability)',
    dataRule: 'Leader',
  },
};

export const TENTH: EditionRules = {
  edition: 10,
  label: '10th edition',
  damage: TENTH_DAMAGE,
  muster: TENTH_MUSTER,
  terms: TENTH_TERMS,
};
