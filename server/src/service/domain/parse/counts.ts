// How a body item states its count: "2x Bolt pistol" (COUNT), "5 with A, B" (WITH), "2 Inferno Pistols"
// (BARE_COUNT). They are asked of every bullet of every unit, several times each, so COUNT is read by a scan that
// answers as the pattern does (test/unit/parse-counts.test.ts compares them), and the two others are tried only where
// a count is followed by a space, the only texts they can match.
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

/** The value of the text's first `d` characters, digits (exact up to 15 of them). */
function digitsValue(text: string, d: number): number {
  let v = 0;
  for (let i = 0; i < d; i++) v = v * 10 + text.charCodeAt(i) - 48;
  return v;
}

/** Where the run of ASCII digits starting at `from` ends. */
function digitsEnd(text: string, from = 0): number {
  let i = from;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** Whether the text's first character is a digit: every count pattern needs one. */
export function digitFirst(text: string): boolean {
  return isDigit(text.charCodeAt(0));
}

/** COUNT.exec(text) without the regex (on a part of a line): the count and where its name starts, or undefined where COUNT fails. */
export function countOf(text: string): Count | undefined {
  const n = text.length;
  const d = digitsEnd(text);
  if (d === 0) return undefined;
  let i = d;
  while (i < n && isSpaceCode(text.charCodeAt(i))) i++;
  const x = text.charCodeAt(i);
  if (x !== 120 /* x */ && x !== 88 /* X */ && x !== 0xd7 /* × */) return undefined;
  let name = i + 1;
  while (name < n && isSpaceCode(text.charCodeAt(name))) name++;
  if (name === n) {
    // Only spaces after the "x": `\s*` gives its last one back to `(.+)`; nothing at all fails.
    if (name === i + 1) return undefined;
    name = n - 1;
  }
  return { n: d <= 15 ? digitsValue(text, d) : Number(text.slice(0, d)), name };
}

/** COUNT.test(text). */
export function isCounted(text: string): boolean {
  return countOf(text) !== undefined;
}

/** Whether a count opens the text and a space follows it: WITH and BARE_COUNT match nothing else. */
function spacedCount(text: string): boolean {
  const d = digitsEnd(text);
  return d > 0 && isSpaceCode(text.charCodeAt(d));
}

/** WITH.exec(text). */
export function withCount(text: string): RegExpExecArray | null {
  return spacedCount(text) ? WITH.exec(text) : null;
}

/** BARE_COUNT.exec(text). */
export function bareCount(text: string): RegExpExecArray | null {
  return spacedCount(text) ? BARE_COUNT.exec(text) : null;
}

