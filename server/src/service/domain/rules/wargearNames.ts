// Which weapon or wargear of a datasheet a name a list writes denotes, by general rules only (never a table of
// names): the data's name loosely (case, plural, punctuation), a multi-profile weapon with its mode ("Seismic
// cannon – frag"), one letter off in a long name (the data's and the exporters' misspellings), a possessive
// profile an exporter names otherwise ("Leader’s cult weapons" for the data's "Leader’s bio-weapons": same owner,
// same head word, the only such profile), the model's name before the weapon ("Jakhal chainblades"), an option
// written with the weapon it brings ("Gun Drone (Twin pulse carbine)", "Fusion blaster (Fusion Blades
// upgrade)"). One reading, shared by the checks (is it the datasheet's?), the hover and the lenses (which weapon?).
import type { Datasheet, Weapon } from './model';
import { editDistance } from '../text/fuzzy';
import { looseName, normalizeName, spellingKey } from '../text/normalize';

export interface WargearVocabulary {
  /** Weapon, profile, ability and wargear entry names, for suggestions. */
  names: string[];
  loose: Set<string>;
  /** Default loadout and wargear option text, squashed, where wargear without a profile is named. */
  text: string;
  /** Items the wargear options name that have no weapon profile or ability on the datasheet ("1 gun drone"). */
  profileless: string[];
  /** The words of the datasheet's and its models' names, which exporters put before weapon names. */
  unitWords: Set<string>;
}

const vocabularies = new WeakMap<Datasheet, WargearVocabulary>();

export function wargearVocabulary(sheet: Datasheet): WargearVocabulary {
  const hit = vocabularies.get(sheet);
  if (hit) return hit;
  // Weapons, abilities and wargear entries without a profile of their own ("Gun Drone").
  const names = [...new Set([...sheet.weapons.flatMap((w) => [w.name, ...w.profiles.map((p) => p.name)]), ...sheet.abilities.map((a) => a.name), ...(sheet.wargearNames ?? [])])];
  const text = [sheet.defaultLoadout ?? '', ...(sheet.wargearOptions ?? [])].map(squash).join('|');
  const loose = new Set(names.map(looseName));
  const profileless = (sheet.wargearOptions ?? []).flatMap((o) => [...o.matchAll(OPTION_ITEM)].map((m) => m[1].trim()))
    .filter((item) => !isKnownName(item, loose));
  const unitWords = new Set([sheet.name, ...sheet.models.map((m) => m.name)].flatMap((n) => spellingKey(n).split(' ')).filter((w) => w.length >= 4));
  const v = { names, loose, text, profileless, unitWords };
  vocabularies.set(sheet, v);
  return v;
}

/** An item an option gives: "... equipped with 1 gun drone", "... up to 2 missile drones", "- 1 marker drone". */
const OPTION_ITEM = /(?:^- |\bwith (?:up to )?)\d+ ([^.,:;\n]+)/gm;

const squash = (s: string) => normalizeName(s).replace(/[^a-z0-9]/g, '');

/** "Head (Inner)": an option written with what it brings, or a weapon with the upgrade that gives it. */
const PARENTHESISED = /^(.*\S)\s*\(([^()]+)\)$/;
/** The upgrade an enhancement's selection is called ("Fusion Blades upgrade"). */
export const UPGRADE_TOKEN = /^(.+?)\s+upgrade$/i;

/**
 * Whether `name` is a weapon or wargear of the datasheet. `elsewhere` answers for a name the datasheet does not
 * hold: a weapon of its faction that an option without a profile brings (a drone's), when it has such options.
 */
export function isKnownWargear(sheet: Datasheet, name: string, elsewhere?: (inner: string) => boolean): boolean {
  const v = wargearVocabulary(sheet);
  if (knownDirectly(name, v)) return true;
  const p = PARENTHESISED.exec(name);
  if (p) {
    const [, head, inner] = p;
    // "Fusion blaster (Fusion Blades upgrade)": the weapon, given by the enhancement.
    if (UPGRADE_TOKEN.test(inner.trim())) return knownDirectly(head, v);
    // "Gun Drone (Twin pulse carbine)": the option and the weapon it brings.
    if (knownDirectly(head, v) && (knownDirectly(inner, v) || (v.profileless.length > 0 && !!elsewhere?.(inner)))) return true;
  }
  return false;
}

function knownDirectly(name: string, v: WargearVocabulary): boolean {
  const l = looseName(name);
  // "Twin heavy stubber" vs profile "Twin heavy stubber"; "Cult Icon" named only in the options text.
  if (isKnownName(name, v.loose) || (l.length >= 4 && v.text.includes(l))) return true;
  // Exporters prefix weapons with the model's name ("Jakhal chainblades", "Berserker chainblade").
  const bare = withoutUnitWords(name, v);
  if (bare && bare !== name && (isKnownName(bare, v.loose) || (looseName(bare).length >= 4 && v.text.includes(looseName(bare))))) return true;
  return !!possessiveMatch(name, v.names);
}

function withoutUnitWords(name: string, v: WargearVocabulary): string {
  return name.split(/\s+/).filter((word) => !v.unitWords.has(spellingKey(word))).join(' ');
}

/** One of the names, loosely, as a multi-profile weapon with its mode, or one letter off in a long name. */
export function isKnownName(name: string, loose: Set<string>): boolean {
  const l = looseName(name);
  if (loose.has(l)) return true;
  // A multi-profile weapon written with its mode ("Seismic cannon – frag").
  if ([...loose].some((k) => k.length >= 4 && (l.startsWith(k) || k.startsWith(l)))) return true;
  return oneLetterOff(l, loose) !== undefined;
}

/**
 * One letter more or less in a long name: the data's own misspellings and the exporters' ("Chirugeon's tools" in
 * the data, "Chirurgeon's tools" written). Tight: names of at least 8 letters, one letter dropped or added, never
 * one changed ("Mining lazer" stays a typo to report).
 */
function oneLetterOff(l: string, loose: Iterable<string>): string | undefined {
  if (l.length < 8) return undefined;
  for (const k of loose) if (k.length >= 8 && Math.abs(k.length - l.length) === 1 && editDistance(l, k, 1) <= 1) return k;
  return undefined;
}

/** "Leader’s cult weapons" → owner "leader", head "weapon"; undefined for a name that is no possessive. */
function possessive(name: string): { owner: string; head: string; middle: string } | undefined {
  const m = /^(\S+)'s\s+(.+)$/.exec(normalizeName(name));
  if (!m) return undefined;
  // "bio-weapons" is two words here: "bio", "weapons".
  const words = m[2].split(/[\s-]+/).filter(Boolean);
  if (words.length < 2) return undefined;
  return { owner: m[1], middle: words.slice(0, -1).join(' '), head: spellingKey(words[words.length - 1]) };
}

/**
 * The one name among `names` with the same possessive owner and head word as `name` but another middle
 * ("Leader’s cult weapons" / "Leader’s bio-weapons"): the same model's own profile under the exporter's name.
 * Undefined when none, or when several could be meant.
 */
function possessiveMatch(name: string, names: string[]): string | undefined {
  const p = possessive(name);
  if (!p) return undefined;
  const hits = names.filter((n) => {
    const q = possessive(n);
    return q && q.owner === p.owner && q.head === p.head && q.middle !== p.middle;
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The datasheet's weapon a list's wargear name denotes, by the same rules as `isKnownWargear`; undefined for
 * wargear without a profile or a name the datasheet does not hold.
 */
export function resolveWeapon(sheet: Datasheet, name: string): Weapon | undefined {
  let byName = resolved.get(sheet);
  if (!byName) resolved.set(sheet, (byName = new Map()));
  const hit = byName.get(name);
  if (hit !== undefined) return hit ?? undefined;
  if (byName.size > 512) byName.clear();
  const w = resolve(sheet, name);
  byName.set(name, w ?? null);
  return w;
}

/** Names resolved per (immutable) datasheet: the lenses and hovers ask the same names on every pass. */
const resolved = new WeakMap<Datasheet, Map<string, Weapon | null>>();

function resolve(sheet: Datasheet, name: string): Weapon | undefined {
  const exact = normalizeName(name);
  const byName = sheet.weapons.find((w) => normalizeName(w.name) === exact);
  if (byName) return byName;
  const l = looseName(name);
  const byLoose = sheet.weapons.find((w) => looseName(w.name) === l);
  if (byLoose) return byLoose;
  const p = PARENTHESISED.exec(name);
  if (p) return resolve(sheet, p[1]) ?? resolve(sheet, p[2]);
  const keys = new Map(sheet.weapons.map((w) => [looseName(w.name), w] as const));
  // A mode written after the weapon's name: the longest weapon name the written one starts with.
  const prefix = [...keys.keys()].filter((k) => k.length >= 4 && l.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  if (prefix) return keys.get(prefix);
  const near = oneLetterOff(l, keys.keys());
  if (near) return keys.get(near);
  const v = wargearVocabulary(sheet);
  const bare = withoutUnitWords(name, v);
  if (bare && bare !== name) {
    const w = keys.get(looseName(bare));
    if (w) return w;
  }
  const owned = possessiveMatch(name, sheet.weapons.map((w) => w.name));
  return owned ? sheet.weapons.find((w) => w.name === owned) : undefined;
}
