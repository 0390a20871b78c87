// Name normalisation shared by the parsers, the rules index and the data
// loaders: players and exporters disagree on case, apostrophes, dashes and
// spaces, but "T’au" and "T'au" name the same faction.

const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u0060\u00B4]/g;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g;
const SPACES = /[\s\u00A0\u2007\u202F]+/g;
const INVISIBLE = /[\u200B\u200C\u200D\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Folds typography only: apostrophes, dashes, NBSP and invisible characters. Keeps case. */
export function foldTypography(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(APOSTROPHES, "'")
    .replace(DASHES, '-')
    .replace(SPACES, ' ')
    .trim();
}

/** Names recur constantly (every check looks up the same datasheet and weapon names): remember them. */
const normalized = new Map<string, string>();
const NORMALIZED_LIMIT = 20000;

/** The key under which a name is looked up: typography folded, lower case, accents removed. */
export function normalizeName(text: string): string {
  let key = normalized.get(text);
  if (key !== undefined) return key;
  key = foldTypography(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (normalized.size >= NORMALIZED_LIMIT) normalized.clear();
  normalized.set(text, key);
  return key;
}

/** Loose name equality for names the sources spell differently ("Hand Flamers"/"HANDFLAMERS", "Ravener"/"Raveners", "&"/"and"). */
export function looseName(name: string): string {
  return normalizeName(name).replace(/&/g, 'and').replace(/[^a-z0-9]/g, '').replace(/s$/, '');
}

/**
 * The key under which two spellings of one name meet, by general rules only (never a table of names):
 * punctuation and spacing dropped, "&" read as "and", every word singular ("Raveners"/"Ravener", "Mines"/"Mine",
 * "Harpies"/"Harpy"), and the -ize/-ise variant folded (z → s: "Berzerkers"/"Berserkers").
 */
export function spellingKey(text: string): string {
  let key = spellings.get(text);
  if (key !== undefined) return key;
  key = normalizeName(text)
    .replace(/&/g, ' and ')
    .replace(/-/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .map(singular)
    .join(' ')
    .replace(/z/g, 's');
  if (spellings.size >= NORMALIZED_LIMIT) spellings.clear();
  spellings.set(text, key);
  return key;
}

/** Spelling keys recur as names do (a list's model names on every parse, the data's on every lookup). */
const spellings = new Map<string, string>();

/**
 * The key under which exporters' spellings of one faction name meet: `spellingKey` with its words in order
 * ("T’au Empire", "T'au Empire", "Tau Empire" and the French export's "Empire T’au" → "empire tau").
 */
export function factionKey(text: string): string {
  return spellingKey(text).split(' ').sort().join(' ');
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/**
 * A name without the tag a source adds in brackets at its end: the MFM's "Symphonic Payload (Upgrade)",
 * BSData's "Pyresoul (Psychic)" and "False Majesty (Aura)" name what the lists and the other source write bare.
 */
export function withoutNameTag(name: string): string {
  return name.replace(/\s*\([^()]*\)\s*$/, '');
}
