// New Recruit's unit line, "Char1: 2x Name (95 pts): A, B" (all but the name and the points optional), as ranges of
// its text. The pattern matches every unit line, and a match with the `d` flag (its groups' indices) costs several
// times one without: the ranges are read from the groups' lengths, which the text fixes (test/unit/parse-scans.test.ts
// compares them with the flag's indices on generated lines).
import { isSpaceCode } from './lines';

export const UNIT = /^(?:([A-Za-z]+\d+)\s*:\s*)?(?:(\d+)\s*x\s+)?(.*?\S)\s*\(\s*(\d[\d,]*)\s*pts?\s*\)(?:\s*:\s*(.*?))?\s*$/;
export const UNIT_INDICES = new RegExp(UNIT.source, 'd');
/** A unit line without points: the groups of UNIT, its points group (4) never set. */
const UNPRICED = /^(?:([A-Za-z]+\d+)\s*:\s*)?(?:(\d+)\s*x\s+)?(.*?\S)()(?:\s*:\s+(.*?))?\s*$/d;

/** The parts of a unit line, as ranges of its text. */
export interface UnitLine {
  charId?: string;
  count?: [number, number];
  name: [number, number];
  /** Undefined on a line without points. */
  points?: [number, number];
  /** What follows the line's colon (its inline items). */
  rest?: [number, number];
}

/** The unit line `text` is, priced (UNIT) or, when `unpriced` allows it, without points; undefined when it is none. */
export function readUnitLine(text: string, unpriced: () => boolean): UnitLine | undefined {
  const m = UNIT.exec(text);
  if (m) return fromLengths(m, text) ?? fromIndices(UNIT_INDICES.exec(text)!);
  const u = unpriced() ? UNPRICED.exec(text) : null;
  return u ? fromIndices(u) : undefined;
}

function fromIndices(m: RegExpExecArray): UnitLine {
  const ix = m.indices!;
  const points = ix[4] && ix[4][1] > ix[4][0] ? ix[4] : undefined;
  return { charId: m[1], count: ix[2], name: ix[3], points, rest: ix[5] };
}

function skipSpaces(text: string, i: number): number {
  while (i < text.length && isSpaceCode(text.charCodeAt(i))) i++;
  return i;
}

/**
 * UNIT's ranges from its groups: each `\s*` or `\s+` before a group reads every space there (a group that opened
 * with a space could end nowhere else). Each range is checked against the text; should one not hold, the flag's
 * indices are asked.
 */
export function fromLengths(m: RegExpExecArray, text: string): UnitLine | undefined {
  let at = 0;
  // "Char1 : ": the id, its spaces, the colon, the spaces after it.
  if (m[1] !== undefined) at = skipSpaces(text, skipSpaces(text, m[1].length) + 1);
  let count: [number, number] | undefined;
  if (m[2] !== undefined) {
    // "2 x ": the count, its spaces, the "x", the spaces after it.
    count = [at, at + m[2].length];
    at = skipSpaces(text, skipSpaces(text, count[1]) + 1);
  }
  // Had the name opened with a space, the text would hold none where the spaces end (their first characters differ).
  if (text.charCodeAt(at) !== m[3].charCodeAt(0)) return undefined;
  const name: [number, number] = [at, at + m[3].length];
  // " ( ": the spaces, the parenthesis, the spaces before the points.
  const p = skipSpaces(text, skipSpaces(text, name[1]) + 1);
  if (text.charCodeAt(p) !== m[4].charCodeAt(0)) return undefined;
  let rest: [number, number] | undefined;
  if (m[5] !== undefined) {
    // The rest ends before the line's trailing spaces; empty, it stands at the line's end.
    let end = text.length;
    while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
    rest = m[5] ? [end - m[5].length, end] : [text.length, text.length];
  }
  return { charId: m[1], count, name, points: [p, p + m[4].length], rest };
}
