// Each kind of army rule on the real 11th-edition data (and the 10th's Wahapedia export), with its figure derived by
// hand from the datasheets' printed profiles: one table, run in-process (`test/unit/armyRules.test.ts`), through
// `auspex lenses --json` (`test/cli/lenses.test.ts`) and over the protocol's breakdown (`test/protocol/armyRules.test.ts`).
import * as fs from 'fs';
import { sharedPath } from './shared';

export interface ArmyCase {
  name: string;
  /** The list's text (read lazily: some come from ../shared). */
  text: () => string;
  /** The ../shared data folders it needs. */
  data: string[][];
  target: { name: string; models: number; T: number; Sv: number; W: number; keywords: string[] };
  /** As `auspex lenses --when` takes them. */
  when?: string;
  unit: string;
  phase: 'shooting' | 'fight';
  /** The figures derived by hand (expected damage and whatever else the case states). */
  expected: { damage: number; hits?: number; attacks?: number; wounds?: number };
}

export const GEQ = { name: 'GEQ', models: 10, T: 3, Sv: 5, W: 1, keywords: ['INFANTRY'] };
export const MEQ = { name: 'MEQ', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] };
const DATA11 = [['data', 'bsdata-11e'], ['data', 'mfm-11e', 'v1.1']];

export const WORLD_EATERS = `Test (600 Points)

World Eaters
Berzerker Warband (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Khârn the Betrayer (115 Points)
  • Attached as: Leader (Character)
  • 1x Gorechild
  • 1x Plasma pistol

Khorne Berzerkers (170 Points)
  • Attached as: Bodyguard (Battleline)
  • 10x Khorne Berzerker
     ◦ 10x Bolt pistol
     ◦ 10x Chainblade

CHARACTERS

Master of Executions (75 Points)
  • 1x Axe of dismemberment
  • 1x Bolt pistol
  • Enhancements: Berzerker Glaive
`;

export const TAU_STRIKE_TEAM = `T'au (200 Points)

T'au Empire
Kauyon (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Cadre Fireblade (50 Points)
  • Attached as: Leader (Character)
  • 1x Fireblade pulse rifle

Strike Team (70 Points)
  • Attached as: Bodyguard (Battleline)
  • 10x Fire Warrior
     ◦ 10x Pulse rifle
`;

export const necrons = (detachment: string) => `Necrons (300 Points)

Necrons
${detachment} (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Lokhust Lord (70 Points)
  • Attached as: Leader (Character)
  • 1x Staff of light

Lokhust Destroyers (80 Points)
  • Attached as: Bodyguard ()
  • 3x Lokhust Destroyer
     ◦ 3x Gauss cannon
`;

export const FIREKNIVES = `T'au (100 Points)

T'au Empire
Retaliation Cadre (3 Detachment Points)
Strike Force (2,000 Points)

OTHER DATASHEETS

Crisis Fireknife Battlesuits (100 Points)
  • 3x Crisis Fireknife Shas'ui
     ◦ 3x Plasma rifle
`;

export const WORLD_EATERS_10TH = `Tenth (395 points)

World Eaters
Strike Force (2000 points)
Berzerker Warband

CHARACTERS

Khârn the Betrayer (100 points)
  • Leading: Khorne Berzerkers
  • 1x Gorechild
    1x Plasma pistol

Master of Executions (95 points)
  • 1x Axe of dismemberment
    1x Bolt pistol
  • Enhancement: Berzerker Glaive

BATTLELINE

Khorne Berzerkers (180 points)
  • 10x Khorne Berzerker
    • 10x Bolt pistol
      10x Chainblade
`;

/** A success chance p with its 1s re-rolled. */
const r1 = (p: number) => p * (7 / 6);
const T5 = { name: 'T5', models: 5, T: 5, Sv: 3, W: 3, keywords: ['INFANTRY'] };
const T8 = { name: 'T8', models: 3, T: 8, Sv: 2, W: 3, keywords: ['VEHICLE'] };
const orks = () => fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');

export const ARMY_CASES: ArmyCase[] = [
  {
    // Chainblade A4 WS3+ S4 AP-1 D1 (×10), Gorechild A8 WS2+ S7 AP-2 D3, against T4 Sv3+: Khârn's re-rolls of 1.
    name: 'a Leader\'s re-rolls of 1 in melee (Khârn the Betrayer leading Khorne Berzerkers)',
    text: () => WORLD_EATERS, data: DATA11, target: MEQ, unit: 'Khorne Berzerkers', phase: 'fight',
    expected: { damage: 40 * r1(4 / 6) * r1(3 / 6) * (1 / 2) + 8 * r1(5 / 6) * r1(4 / 6) * (4 / 6) * 3, hits: 40 * r1(4 / 6) + 8 * r1(5 / 6) },
  },
  {
    // Bolt pistols (×10) ½ × ½ × ⅓; Khârn's supercharged plasma pistol ⅔ × ⅚ × ⅚ (a 6+ save) × 2: his melee re-rolls no part of it.
    name: 'a Leader\'s melee ability leaves the shooting as it is',
    text: () => WORLD_EATERS, data: DATA11, target: MEQ, unit: 'Khorne Berzerkers', phase: 'shooting',
    expected: { damage: 10 * (1 / 2) * (1 / 2) * (1 / 3) + (2 / 3) * (5 / 6) * (5 / 6) * 2 },
  },
  {
    // Charged: Relentless Rage's +1 A and +2 S: Chainblade A5 S6 (3+), Gorechild A9 S9 (2+), Khârn's re-rolls still.
    name: 'a detachment rule under a condition, switched on (Relentless Rage, charged)',
    text: () => WORLD_EATERS, data: DATA11, target: MEQ, when: 'charged', unit: 'Khorne Berzerkers', phase: 'fight',
    expected: { damage: 50 * r1(4 / 6) * r1(4 / 6) * (1 / 2) + 9 * r1(5 / 6) * r1(5 / 6) * (4 / 6) * 3 },
  },
  {
    // Axe of dismemberment A5→6 WS2+ S7 AP-2 D2→3 [DEVASTATING WOUNDS]: a Critical Wound deals D as mortal wounds.
    name: 'an Enhancement on its bearer (Berzerker Glaive: +1 Attacks and Damage)',
    text: () => WORLD_EATERS, data: DATA11, target: MEQ, unit: 'Master of Executions', phase: 'fight',
    expected: { damage: 6 * (5 / 6) * ((1 / 6) * 3 + (3 / 6) * (4 / 6) * 3) },
  },
  {
    // Beastboss: +1 to hit in melee. Choppas (27) 2+, the Nob's power snappa 2+, the Beastboss's klaw 2+ (S10: 2+).
    name: '+1 to hit (a Beastboss leading Beast Snagga Boyz); a WS2+ weapon still fails on a 1',
    text: orks, data: DATA11, target: MEQ, unit: 'Beast Snagga Boyz', phase: 'fight',
    expected: { damage: 27 * (5 / 6) * (4 / 6) * (3 / 6) + 4 * (5 / 6) * (4 / 6) * (3 / 6) * 2 + 4 * (5 / 6) * (5 / 6) * (4 / 6) * 2 },
  },
  {
    // Breakin' Heads: [SUSTAINED HITS 1] for the whole unit: each 6 one more hit; hits = attacks × (4/6 + 1/6). Smash
    // hammers (×5, the Boss Nob's the better of his two) A2 WS3+ S6 AP-2 D3: 3+ to wound, a 5+ save; the tankhammer
    // (A2, [DEVASTATING WOUNDS]: a 6 to wound deals 3 mortal wounds); the Bigboss's two-handed big choppa A5 +1 (CLEAVE
    // 1 against five models) S7 AP-1 D2: 3+, a 4+ save.
    name: 'a granted ability on the whole attached unit (Breakin\' Heads: [SUSTAINED HITS 1])',
    text: orks, data: DATA11, target: MEQ, unit: 'Breaka Boyz', phase: 'fight',
    expected: {
      damage: 10 * (5 / 6) * (4 / 6) * (4 / 6) * 3 + 2 * (5 / 6) * ((1 / 6) * 3 + (3 / 6) * (4 / 6) * 3) + 6 * (5 / 6) * (4 / 6) * (1 / 2) * 2,
      hits: 12 * (5 / 6) + 6 * (5 / 6),
    },
  },
  {
    // Volley Fire: pulse rifles A1→2 (×10) BS4+ S5 (3+ against T3) vs Sv5+; the Fireblade's rifle A1→2 BS3+ D2.
    name: '+1 Attacks (Volley Fire: a Cadre Fireblade leading a Strike Team)',
    text: () => TAU_STRIKE_TEAM, data: DATA11, target: GEQ, unit: 'Strike Team', phase: 'shooting',
    expected: { attacks: 22, damage: 20 * (1 / 2) * (4 / 6) * (4 / 6) + 2 * (4 / 6) * (4 / 6) * (4 / 6) * 2 },
  },
  {
    // Kauyon's Patient Hunter in the third battle round: [SUSTAINED HITS 1] too.
    name: 'a condition of the battle round (Kauyon\'s Patient Hunter, battleRound=3)',
    text: () => TAU_STRIKE_TEAM, data: DATA11, target: GEQ, when: 'battleRound=3', unit: 'Strike Team', phase: 'shooting',
    expected: { damage: (20 * (3 / 6 + 1 / 6)) * (4 / 6) * (4 / 6) + (2 * (4 / 6 + 1 / 6)) * (4 / 6) * (4 / 6) * 2, hits: 20 * (3 / 6 + 1 / 6) + 2 * (4 / 6 + 1 / 6) },
  },
  {
    // Destroyer Cult: Critical Hits on 5+ for ranged attacks; Command Protocols: +1 to hit while a NECRONS CHARACTER
    // leads. Gauss cannon A3 BS3+→2+ S5 AP-2 D2 [LETHAL HITS] (×3): a 5 or 6 wounds at once, a 2–4 hits and wounds on
    // 4+ (S5 = T5); a 5+ save. The Lord's staff of light A3 BS2+ S5 AP-2 D1.
    name: 'Critical Hits on 5+ with [LETHAL HITS], and a Leader of some keywords (Lokhust Lord, Awakened Dynasty)',
    text: () => necrons('Awakened Dynasty'), data: DATA11, target: T5, unit: 'Lokhust Destroyers', phase: 'shooting',
    expected: { wounds: 9 * (2 / 6 + (3 / 6) * (3 / 6)) + 3 * (5 / 6) * (3 / 6), damage: 9 * (2 / 6 + (3 / 6) * (3 / 6)) * (4 / 6) * 2 + 3 * (5 / 6) * (3 / 6) * (4 / 6) },
  },
  {
    // Cursed Legion's Cold Fervour: +2 Strength to DESTROYER CULT weapons: S7 wounds T5 on 3+.
    name: '+2 Strength from a detachment rule (Cursed Legion\'s Cold Fervour)',
    text: () => necrons('Cursed Legion'), data: DATA11, target: T5, unit: 'Lokhust Destroyers', phase: 'shooting',
    expected: { wounds: 9 * (2 / 6 + (2 / 6) * (4 / 6)) + 3 * (5 / 6) * (4 / 6), damage: 9 * (2 / 6 + (2 / 6) * (4 / 6)) * (4 / 6) * 2 + 3 * (5 / 6) * (4 / 6) * (4 / 6) },
  },
  {
    // Bonded Heroes within 9": S8→9 (3+ against T8) and AP-3→-4 (a 6+ save); the Fireknives re-roll hit rolls of 1.
    name: 'Strength and AP by the target\'s distance (Retaliation Cadre\'s Bonded Heroes, targetDistance=9)',
    text: () => FIREKNIVES, data: DATA11, target: T8, when: 'targetDistance=9', unit: 'Crisis Fireknife Battlesuits', phase: 'shooting',
    expected: { damage: 3 * r1(3 / 6) * (4 / 6) * (5 / 6) * 3 },
  },
  {
    // Beyond 12": neither; the plasma rifle's 18" still reaches.
    name: 'the same beyond 12": no bonus (targetDistance=15)',
    text: () => FIREKNIVES, data: DATA11, target: T8, when: 'targetDistance=15', unit: 'Crisis Fireknife Battlesuits', phase: 'shooting',
    expected: { damage: 3 * r1(3 / 6) * (3 / 6) * (4 / 6) * 3 },
  },
  {
    // Squighog Boyz are MOUNTED: More Dakka!'s [SUSTAINED HITS 1] for ORKS INFANTRY never reaches them, even with the
    // Waaagh! called. Saddlegit weapons A1 BS4+ S3 AP0 (×6): 4+ against T3, a 5+ save; stikkas' ranged profile A1 BS5+
    // S5 AP-1 D2 (×6): 3+, a 6+ save; the Nobs' sluggas (×2) and the Beastboss on Squigosaur's A1 BS5+ S4: 3+, 5+ save.
    name: 'a rule for a keyword the unit lacks (Dakka! Dakka! Dakka! and MOUNTED Squighog Boyz, Waaagh!)',
    text: orks, data: DATA11, target: GEQ, when: 'Waaagh!', unit: 'Squighog Boyz', phase: 'shooting',
    expected: { damage: 6 * (3 / 6) * (3 / 6) * (4 / 6) + 6 * (2 / 6) * (4 / 6) * (5 / 6) * 2 + 3 * (2 / 6) * (4 / 6) * (4 / 6) },
  },
  {
    // The 10th edition, a Leading: bullet: Khârn's re-rolls of 1 as above.
    name: 'the 10th edition on the Wahapedia export: a Leader named by a Leading: bullet',
    text: () => WORLD_EATERS_10TH, data: [['data', 'wahapedia']], target: MEQ, unit: 'Khorne Berzerkers', phase: 'fight',
    expected: { damage: 40 * r1(4 / 6) * r1(3 / 6) * (1 / 2) + 8 * r1(5 / 6) * r1(4 / 6) * (4 / 6) * 3 },
  },
  {
    name: 'the 10th edition: an Enhancement and a detachment rule (Berzerker Glaive; Relentless Rage, charged)',
    text: () => WORLD_EATERS_10TH, data: [['data', 'wahapedia']], target: MEQ, when: 'charged', unit: 'Master of Executions', phase: 'fight',
    // Charged: A5 +1 (the Glaive) +1 (Relentless Rage), S7+2 = 9 (2+ against T4: a 6 is the Critical Wound, 2 to 5 meet
    // a 5+ save), D3.
    expected: { damage: 7 * (5 / 6) * ((1 / 6) * 3 + (4 / 6) * (4 / 6) * 3) },
  },
];

/** `--when` as the breakdown's conditions. */
export function whenConditions(when: string | undefined): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  for (const w of (when ?? '').split(',').filter(Boolean)) {
    if (w === 'charged') c.charged = true;
    else if (/^battleRound=\d+$/.test(w)) c.battleRound = Number(w.split('=')[1]);
    else if (/^targetDistance=\d+$/.test(w)) c.targetDistance = Number(w.split('=')[1]);
    else c.rules = [...((c.rules as string[]) ?? []), w];
  }
  return c;
}
