// Weapon abilities as datasheets print them ("[SUSTAINED HITS D3]", "anti-infantry 4+",
// "Melta 2") parsed into one typed record. Unknown abilities are kept and reported.
import { DiceExpr, parseDice } from './dice';
import { BOUNDS } from '../bounds';

export interface WeaponAbilities {
  lethalHits: boolean;
  /** Extra hits per Critical Hit (number or D3). */
  sustainedHits?: DiceExpr;
  devastatingWounds: boolean;
  /** Keyword (upper case) → unmodified Wound roll that is a Critical Wound. */
  anti: { keyword: string; on: number }[];
  twinLinked: boolean;
  torrent: boolean;
  /** [BLAST] is 1, [BLAST X] (11th edition) is X: attack dice per five target models; 0 without Blast. */
  blast: number;
  /** [CLEAVE X] (11th edition): X; 0 without. */
  cleave: number;
  melta?: DiceExpr;
  rapidFire?: DiceExpr;
  heavy: boolean;
  lance: boolean;
  ignoresCover: boolean;
  indirectFire: boolean;
  precision: boolean;
  hazardous: boolean;
  pistol: boolean;
  /** [CLOSE-QUARTERS] (11th edition: the same as [PISTOL]). */
  closeQuarters: boolean;
  /** [PSYCHIC]: a keyword in the 10th edition; in the 11th its attacks may ignore hit modifiers. */
  psychic: boolean;
  assault: boolean;
  extraAttacks: boolean;
  /** Abilities that do not change the numbers here but are known (ONE SHOT, CONVERSION, ...). */
  other: string[];
  /** Strings not recognised: reported to the user, never fatal. */
  unknown: string[];
  /** Abilities whose number is beyond BOUNDS.abilityNumber: ignored, each with the reason. */
  outOfBounds: string[];
}

export function emptyAbilities(): WeaponAbilities {
  return {
    lethalHits: false, devastatingWounds: false, anti: [], twinLinked: false, torrent: false, blast: 0, cleave: 0,
    heavy: false, lance: false, ignoresCover: false, indirectFire: false, precision: false, hazardous: false,
    pistol: false, closeQuarters: false, psychic: false, assault: false, extraAttacks: false, other: [], unknown: [], outOfBounds: [],
  };
}

type Flag = { [K in keyof WeaponAbilities]: WeaponAbilities[K] extends boolean ? K : never }[keyof WeaponAbilities];

const FLAGS: Record<string, Flag> = {
  'LETHAL HITS': 'lethalHits',
  'DEVASTATING WOUNDS': 'devastatingWounds',
  'TWIN-LINKED': 'twinLinked',
  'TORRENT': 'torrent',
  'HEAVY': 'heavy',
  'LANCE': 'lance',
  'IGNORES COVER': 'ignoresCover',
  'INDIRECT FIRE': 'indirectFire',
  'PRECISION': 'precision',
  'HAZARDOUS': 'hazardous',
  'PISTOL': 'pistol',
  'CLOSE-QUARTERS': 'closeQuarters',
  'PSYCHIC': 'psychic',
  'ASSAULT': 'assault',
  'EXTRA ATTACKS': 'extraAttacks',
};

// Known abilities that do not affect expected damage against one target.
const INERT = new Set(['ONE SHOT', 'CONVERSION', 'DEADLY DEMISE']);

/** Upper case, brackets and surrounding punctuation removed, dashes/spaces folded. */
export function normalizeAbility(raw: string): string {
  return raw
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .replace(/\s*-\s*/g, '-')
    .replace(/^TWIN LINKED$/, 'TWIN-LINKED')
    .replace(/^CLOSE QUARTERS$/, 'CLOSE-QUARTERS');
}

/** Splits "[LETHAL HITS], [PISTOL]" style strings into single abilities. */
export function splitAbilities(raw: string): string[] {
  return raw.split(/[,;]|\]\s*\[/).map((s) => s.replace(/[[\]]/g, '').trim()).filter((s) => s.length > 0);
}

/** Parses ability strings, case-insensitive, with or without brackets; one string may hold several. */
/** Parsed per abilities array: rules data is immutable once loaded, and lenses ask for the same arrays again and again. */
const parsed = new WeakMap<readonly string[], WeaponAbilities>();

/** The weapon abilities of a profile. The result is shared: treat it as read-only. */
export function parseAbilities(list: readonly string[]): WeaponAbilities {
  const hit = parsed.get(list);
  if (hit) return hit;
  const out = emptyAbilities();
  for (const item of list) {
    for (const part of splitAbilities(item)) applyOne(out, part);
  }
  parsed.set(list, out);
  return out;
}

function applyOne(out: WeaponAbilities, raw: string): void {
  const a = normalizeAbility(raw);
  const flag = FLAGS[a];
  if (flag) {
    out[flag] = true;
    return;
  }
  // [BLAST] and the 11th edition's [BLAST X] / [CLEAVE X]: a whole number of attack dice per five target models.
  const per5 = /^(BLAST|CLEAVE)(?: ([1-9]\d?))?$/.exec(a);
  if (per5 && (per5[1] === 'BLAST' || per5[2])) {
    out[per5[1] === 'BLAST' ? 'blast' : 'cleave'] = per5[2] ? Number(per5[2]) : 1;
    return;
  }
  for (const [re, key] of NUMBERED) {
    const m = re.exec(a);
    if (!m) continue;
    const d = boundedDice(m[1]);
    if (d === 'beyond') {
      out.outOfBounds.push(`${raw.trim()}: the number is beyond the bound of ${BOUNDS.abilityNumber}; ignored`);
      return;
    }
    if (d) {
      out[key] = d;
      return;
    }
  }
  const m = /^ANTI-(.+?) ([2-6])\+$/.exec(a);
  if (m) {
    out.anti.push({ keyword: m[1].trim(), on: Number(m[2]) });
    return;
  }
  if (INERT.has(a)) {
    out.other.push(a);
    return;
  }
  out.unknown.push(raw.trim());
}

const NUMBERED: [RegExp, 'sustainedHits' | 'melta' | 'rapidFire'][] = [
  [/^SUSTAINED HITS (\S+)$/, 'sustainedHits'],
  [/^MELTA (\S+)$/, 'melta'],
  [/^RAPID FIRE (\S+)$/, 'rapidFire'],
];

/** A weapon keyword's number: the dice, 'beyond' when it can exceed BOUNDS.abilityNumber, undefined when not dice. */
function boundedDice(s: string): DiceExpr | 'beyond' | undefined {
  if (/^\d+$/.test(s)) return s.length > 6 || Number(s) > BOUNDS.abilityNumber ? 'beyond' : parseDice(s);
  try {
    const d = parseDice(s);
    return d.count * d.sides + d.plus > BOUNDS.abilityNumber ? 'beyond' : d;
  } catch {
    return undefined;
  }
}
