// How a body item states its count: "2x Bolt pistol" (COUNT), "5 with A, B" (WITH), "2 Inferno Pistols"
// (BARE_COUNT). They are asked of every bullet of every unit, so COUNT and WITH are read by scans that answer as the
// patterns do (test/unit/parse-scans.test.ts and parse-scans-body.test.ts compare them), and BARE_COUNT is tried only
// where a count is followed by a space, the only texts it can match.
//
// Every text read here is a part of one line: lines are cut at their breaks and parseArmyList reads U+2028/U+2029
// as spaces, so no text holds a line terminator (which `.` would not read) and the scan need not look for one.
import { isSpaceCode } from './lines';

export const COUNT = /^(\d+)\s*[xX×]\s*(.+)$/;
export const WITH = /^(\d+)\s+with\s+(.+)$/i;
/** A count without "x" before a wargear name ("2 Inferno Pistols"); never "5 with ..." (WITH). */
export const BARE_COUNT = /^(\d+)\s+(?!with\s)(\p{L}.*)$/iu;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether the text's first character is a digit: every count pattern needs one. */
export function digitFirst(text: string): boolean {
  return isDigit(text.charCodeAt(0));
}

// The readings of a range [s, e) of a text (a body item where it stands in the list), so that an item is read
// without being cut out of the list first. They never look beyond `e`.

/** Where white space (`\s`) starting at `s` ends, at `e` at the latest. */
function spacesEndAt(src: string, s: number, e: number): number {
  let i = s;
  while (i < e && isSpaceCode(src.charCodeAt(i))) i++;
  return i;
}

// readCount's answers: how a body item opens.
/** No count: neither COUNT, WITH nor BARE_COUNT matches. */
export const NOT_COUNTED = 0;
/** COUNT matches ("2x Bolt pistol"): `reading.at` is where its name starts. */
export const COUNTED = 1;
/** WITH matches ("5 with A, B"): `reading.at` is where its items start. */
export const WITH_ITEMS = 2;
/** A count and a space, neither COUNT nor WITH: BARE_COUNT may match ("2 Inferno Pistols"), nothing else can. */
export const SPACED = 3;

/**
 * readCount's last reading: the count (group 1, as Number reads it) and where what it counts starts (group 2, to the
 * end). One object for every reading, no allocation per item: a caller takes what it needs before reading again.
 */
export const reading = { n: 0, at: 0 };

/**
 * How [s, e) of `src` opens (NOT_COUNTED, COUNTED, WITH_ITEMS or SPACED), its count and group 2 put in `reading`: one
 * pass for the three patterns, reading each character once (`c` is the one at `i`, -1 past the range).
 */
export function readCount(src: string, s: number, e: number): number {
  let i = s;
  let c = i < e ? src.charCodeAt(i) : -1;
  if (!isDigit(c)) return NOT_COUNTED;
  let v = 0;
  do {
    v = v * 10 + c - 48;
    c = ++i < e ? src.charCodeAt(i) : -1;
  } while (isDigit(c));
  const d = i;
  if (d === e) return NOT_COUNTED;
  // Up to 15 digits are read exactly as they go; Number reads more.
  reading.n = d - s > 15 ? Number(src.slice(s, d)) : v;
  while (isSpaceCode(c)) c = ++i < e ? src.charCodeAt(i) : -1;
  const spaced = i > d;
  if (i === e) return spaced ? SPACED : NOT_COUNTED;
  if (c === 120 /* x */ || c === 88 /* X */ || c === 0xd7 /* × */) {
    const x = i;
    do c = ++i < e ? src.charCodeAt(i) : -1;
    while (isSpaceCode(c));
    // Only spaces after the "x": `\s*` gives its last one back to `(.+)`; nothing at all fails.
    if (i < e || i > x + 1) {
      reading.at = i < e ? i : e - 1;
      return COUNTED;
    }
    return spaced ? SPACED : NOT_COUNTED;
  }
  if (!spaced) return NOT_COUNTED;
  // "with" in any case (`i` without `u` folds ASCII letters only), then white space.
  if (
    i + 4 >= e ||
    (c | 0x20) !== 0x77 /* w */ ||
    (src.charCodeAt(i + 1) | 0x20) !== 0x69 /* i */ ||
    (src.charCodeAt(i + 2) | 0x20) !== 0x74 /* t */ ||
    (src.charCodeAt(i + 3) | 0x20) !== 0x68 /* h */ ||
    !isSpaceCode(src.charCodeAt(i + 4))
  )
    return SPACED;
  const w = i + 4;
  i = spacesEndAt(src, w, e);
  // Only spaces after "with": `\s+` keeps one and gives the last to `(.+)`, when there are two.
  if (i === e && e - w < 2) return SPACED;
  reading.at = i < e ? i : e - 1;
  return WITH_ITEMS;
}

/** COUNT on [s, e) of `src`: where its counted name (group 2, to `e`) starts, or -1 where COUNT fails. */
export function countNameAt(src: string, s: number, e: number): number {
  return readCount(src, s, e) === COUNTED ? reading.at : -1;
}
