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

/** COUNT's reading of a text: the count, and where the counted name (its group 2, to the text's end) starts. */
export interface Count {
  n: number;
  name: number;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether the text's first character is a digit: every count pattern needs one. */
export function digitFirst(text: string): boolean {
  return isDigit(text.charCodeAt(0));
}

/** COUNT.exec(text) without the regex (on a part of a line): the count and where its name starts, or undefined where COUNT fails. */
export function countOf(text: string): Count | undefined {
  const name = countNameAt(text, 0, text.length);
  return name < 0 ? undefined : { n: leadingNumber(text, 0, text.length), name };
}

/** COUNT.test(text). */
export function isCounted(text: string): boolean {
  return countNameAt(text, 0, text.length) >= 0;
}

/** WITH.exec(text). */
export function withCount(text: string): RegExpExecArray | null {
  return spacedAt(text, 0, text.length) ? WITH.exec(text) : null;
}

/** BARE_COUNT.exec(text). */
export function bareCount(text: string): RegExpExecArray | null {
  return spacedAt(text, 0, text.length) ? BARE_COUNT.exec(text) : null;
}

// The same readings of a range [s, e) of a text (a body item where it stands in the list), so that an item is read
// without being cut out of the list first. They never look beyond `e`.

/** Where the run of ASCII digits starting at `s` ends, at `e` at the latest. */
function digitsEndAt(src: string, s: number, e: number): number {
  let i = s;
  while (i < e && isDigit(src.charCodeAt(i))) i++;
  return i;
}

/** Where white space (`\s`) starting at `s` ends, at `e` at the latest. */
function spacesEndAt(src: string, s: number, e: number): number {
  let i = s;
  while (i < e && isSpaceCode(src.charCodeAt(i))) i++;
  return i;
}

/** The value of the digits opening [s, e) (COUNT's, WITH's or BARE_COUNT's group 1, as Number reads it). */
export function leadingNumber(src: string, s: number, e: number): number {
  const d = digitsEndAt(src, s, e) - s;
  if (d > 15) return Number(src.slice(s, s + d));
  let v = 0;
  for (let i = 0; i < d; i++) v = v * 10 + src.charCodeAt(s + i) - 48;
  return v;
}

/** COUNT on [s, e) of `src`: where its counted name (group 2, to `e`) starts, or -1 where COUNT fails. */
export function countNameAt(src: string, s: number, e: number): number {
  const d = digitsEndAt(src, s, e);
  if (d === s) return -1;
  const i = spacesEndAt(src, d, e);
  if (i === e) return -1;
  const x = src.charCodeAt(i);
  if (x !== 120 /* x */ && x !== 88 /* X */ && x !== 0xd7 /* × */) return -1;
  const name = spacesEndAt(src, i + 1, e);
  if (name < e) return name;
  // Only spaces after the "x": `\s*` gives its last one back to `(.+)`; nothing at all fails.
  return name === i + 1 ? -1 : e - 1;
}

/** Whether a count opens [s, e) and a space follows it: WITH and BARE_COUNT match nothing else. */
export function spacedAt(src: string, s: number, e: number): boolean {
  const d = digitsEndAt(src, s, e);
  return d > s && d < e && isSpaceCode(src.charCodeAt(d));
}

/** WITH on [s, e) of `src`: where its group 2 (the items, to `e`) starts, or -1 where WITH fails. */
export function withAt(src: string, s: number, e: number): number {
  const d = digitsEndAt(src, s, e);
  if (d === s || d === e || !isSpaceCode(src.charCodeAt(d))) return -1;
  const w = spacesEndAt(src, d, e);
  // "with" in any case (`i` without `u` folds ASCII letters only), then white space.
  if (
    w + 4 >= e ||
    (src.charCodeAt(w) | 0x20) !== 0x77 /* w */ ||
    (src.charCodeAt(w + 1) | 0x20) !== 0x69 /* i */ ||
    (src.charCodeAt(w + 2) | 0x20) !== 0x74 /* t */ ||
    (src.charCodeAt(w + 3) | 0x20) !== 0x68 /* h */ ||
    !isSpaceCode(src.charCodeAt(w + 4))
  )
    return -1;
  const items = spacesEndAt(src, w + 4, e);
  if (items < e) return items;
  // Only spaces after "with": `\s+` keeps one and gives the last to `(.+)`, when there are two.
  return e - (w + 4) >= 2 ? e - 1 : -1;
}
