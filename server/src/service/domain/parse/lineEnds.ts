// What a line's end states, read backwards from it: the app's "(95 points)" and the like. The app's unit lines all
// end so, and read from their last characters they cost less than a pattern tried from their first; each reading
// answers as the pattern it stands for (test/unit/parse-scans.test.ts compares them on generated lines). Also the
// readers of a text's start that the app's hand-written patterns share (eleventh.ts, attached.ts).
import { isSpaceCode } from './lines';

/**
 * Where `lower` (its ASCII letters read in any case, as an `i` pattern reads them; anything else as it is) at `at`
 * ends, or -1; the text is read up to `end`.
 */
export function foldedAt(t: string, at: number, lower: string, end = t.length): number {
  if (at < 0 || at + lower.length > end) return -1;
  for (let k = 0; k < lower.length; k++) {
    const l = lower.charCodeAt(k);
    const c = t.charCodeAt(at + k);
    if (c !== l && ((c | 0x20) !== l || l < 0x61 || l > 0x7a)) return -1;
  }
  return at + lower.length;
}

/** Where the white space (`\s`) from `at` ends (at `end` at the latest). */
export function spacesEnd(t: string, at: number, end = t.length): number {
  while (at < end && isSpaceCode(t.charCodeAt(at))) at++;
  return at;
}

/** Whether t[0, end) ends with `lower` (ASCII letters; a space there also passes any character below "!") in any case, as an `i` pattern reads letters. */
export function endsFolded(t: string, end: number, lower: string): boolean {
  const from = end - lower.length;
  if (from < 0) return false;
  for (let k = 0; k < lower.length; k++) if ((t.charCodeAt(from + k) | 0x20) !== lower.charCodeAt(k)) return false;
  return true;
}

/** Where t[0, end) ends without its trailing white space. */
export function beforeSpaces(t: string, end: number): number {
  while (end > 0 && isSpaceCode(t.charCodeAt(end - 1))) end--;
  return end;
}

/** Where the run of digits and commas ending at `end` starts, or -1 when it is empty or opens with a comma. */
function numberBefore(t: string, end: number): number {
  let run = end;
  while (run > 0 && ((t.charCodeAt(run - 1) >= 48 && t.charCodeAt(run - 1) <= 57) || t.charCodeAt(run - 1) === 44)) run--;
  const first = t.charCodeAt(run);
  return run === end || first < 48 || first > 57 ? -1 : run;
}

/** POINTS.test(t) (detection's) on a trimmed line: "(", spaces, a digit then digits and commas, spaces, "points)". */
export function endsInPoints(t: string): boolean {
  const close = t.length - 1;
  if (t.charCodeAt(close) !== 41 /* ) */ || !endsFolded(t, close, 'points')) return false;
  const runEnd = beforeSpaces(t, close - 6);
  const run = numberBefore(t, runEnd);
  if (run < 0) return false;
  const open = beforeSpaces(t, run);
  return open > 0 && t.charCodeAt(open - 1) === 40 /* ( */;
}

/**
 * The app's unit line, "Name (95 points)", as UNIT (gwapp.ts) reads it: the name's end and the points' range, or
 * undefined. The points' parenthesis is the line's last (nothing after it may hold one), and the name, which must
 * end with something other than a space, ends where the spaces before it start.
 */
export function unitTail(t: string): { nameEnd: number; points: [number, number] } | undefined {
  let i = t.length - 1;
  if (t.charCodeAt(i) !== 41 /* ) */) return undefined;
  i = beforeSpaces(t, i);
  if (endsFolded(t, i, 'points')) i -= 6;
  else if (endsFolded(t, i, 'point')) i -= 5;
  else return undefined;
  const runEnd = beforeSpaces(t, i);
  const run = numberBefore(t, runEnd);
  if (run < 0) return undefined;
  const open = beforeSpaces(t, run);
  if (open === 0 || t.charCodeAt(open - 1) !== 40 /* ( */) return undefined;
  const nameEnd = beforeSpaces(t, open - 1);
  return nameEnd > 0 ? { nameEnd, points: [run, runEnd] } : undefined;
}
