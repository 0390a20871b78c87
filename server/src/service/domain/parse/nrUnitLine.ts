// New Recruit's unit line, "Char1: 2x Name (95 pts): A, B" (all but the name and the points optional), as ranges of
// its text. The pattern matches every unit line, and runs from the line's start over its name lazily: the parser reads
// the line by hand instead (readPricedLine, from its "(N pts)" tails; test/unit/parse-scans-others.test.ts compares it
// with the pattern's indices). fromLengths, the ranges from a match's groups' lengths (test/unit/parse-scans.test.ts),
// serves a text the hand reading leaves to the pattern.
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
  return readPriced(text) ?? (unpriced() ? readUnpriced(text) : undefined);
}

/** A unit line without points (UNPRICED), its points never set; undefined when it is none. */
export function readUnpriced(text: string): UnitLine | undefined {
  const u = UNPRICED.exec(text);
  return u ? fromIndices(u) : undefined;
}

/**
 * UNIT's match as ranges (undefined when it does not match). A text holding a line terminator (which the name's `.`
 * refuses) is left to the pattern; any other is read by hand (readPricedLine).
 */
export function readPriced(text: string): UnitLine | undefined {
  if (text.includes('\n') || text.includes('\r') || text.includes('\u2028') || text.includes('\u2029')) {
    const m = UNIT.exec(text);
    return m ? fromLengths(m, text) ?? fromIndices(UNIT_INDICES.exec(text)!) : undefined;
  }
  return readPricedLine(text);
}

/**
 * readPriced of a text without line terminators (a line's content: lines end at CR and LF, and parseArmyList folds
 * U+2028 and U+2029 to spaces), by hand: the pattern, run on every unit line, costs several times this. Finds the
 * "(N pts)" tails that could close the line (pointsTail), then, for the optional id and count in the order the
 * pattern tries them, the first tail with a non-space between the name's start and its "(" (the lazy name ends at
 * the first one that lets the line match).
 */
export function readPricedLine(text: string): UnitLine | undefined {
  let tails: Tail[] | undefined;
  for (let i = text.indexOf('('); i >= 0; i = text.indexOf('(', i + 1)) {
    const t = pointsTail(text, i);
    if (t) (tails ??= []).push(t);
  }
  if (!tails) return undefined;
  // "Char1 : ": letters, digits, spaces, the colon, spaces.
  let idEnd = -1;
  let at = letters(text, 0);
  if (at > 0) {
    const d = digits(text, at);
    if (d > at) {
      const colon = skipSpaces(text, d);
      if (text.charCodeAt(colon) === 58 /* : */) {
        idEnd = d;
        at = skipSpaces(text, colon + 1);
      }
    }
  }
  if (idEnd > 0) {
    const line = named(text, tails, at, text.slice(0, idEnd));
    if (line) return line;
  }
  return named(text, tails, 0, undefined);
}

/** The line read with its name (after any count) from `from`, or undefined when no tail leaves the name a non-space. */
function named(text: string, tails: Tail[], from: number, charId: string | undefined): UnitLine | undefined {
  // "2 x ": digits, spaces, "x", at least one space.
  const d = digits(text, from);
  if (d > from) {
    const x = skipSpaces(text, d);
    if (text.charCodeAt(x) === 120 /* x */ && x + 1 < text.length && isSpaceCode(text.charCodeAt(x + 1))) {
      const line = withTail(tails, skipSpaces(text, x + 1), charId, [from, d]);
      if (line) return line;
    }
  }
  return withTail(tails, from, charId, undefined);
}

function withTail(tails: Tail[], from: number, charId: string | undefined, count: [number, number] | undefined): UnitLine | undefined {
  for (const t of tails) if (t.nameEnd > from) return { charId, count, name: [from, t.nameEnd], points: t.points, rest: t.rest };
  return undefined;
}

/** A "(N pts)" that could end the unit line: where the name before it would end, the points, what follows a colon. */
export interface Tail {
  nameEnd: number;
  points: [number, number];
  rest?: [number, number];
}

/**
 * UNIT's `\s*\(\s*(\d[\d,]*)\s*pts?\s*\)(?:\s*:\s*(.*?))?\s*$` with its "(" at `open` (a line terminator aside);
 * `close` the closing bracket's code (BattleScribe writes "[N pts]").
 */
export function pointsTail(text: string, open: number, close = 41): Tail | undefined {
  const p = skipSpaces(text, open + 1);
  const c = text.charCodeAt(p);
  if (!(c >= 48 && c <= 57)) return undefined;
  let pe = p + 1;
  for (let c2 = text.charCodeAt(pe); (c2 >= 48 && c2 <= 57) || c2 === 44; c2 = text.charCodeAt(++pe));
  let at = skipSpaces(text, pe);
  if (text.charCodeAt(at) !== 112 /* p */ || text.charCodeAt(at + 1) !== 116 /* t */) return undefined;
  at += 2;
  if (text.charCodeAt(at) === 115 /* s */) at++;
  at = skipSpaces(text, at);
  if (text.charCodeAt(at) !== close) return undefined;
  at = skipSpaces(text, at + 1);
  let rest: [number, number] | undefined;
  if (at < text.length) {
    if (text.charCodeAt(at) !== 58 /* : */) return undefined;
    // The rest runs from the spaces after the colon to the line's trailing spaces; empty, it stands at the line's end.
    const rs = skipSpaces(text, at + 1);
    let end = text.length;
    while (end > rs && isSpaceCode(text.charCodeAt(end - 1))) end--;
    rest = rs < text.length ? [rs, end] : [text.length, text.length];
  }
  // The name ends at the last non-space before the "(".
  let nameEnd = open;
  while (nameEnd > 0 && isSpaceCode(text.charCodeAt(nameEnd - 1))) nameEnd--;
  return { nameEnd, points: [p, pe], rest };
}

function letters(text: string, i: number): number {
  for (let c = text.charCodeAt(i) | 0x20; c >= 97 && c <= 122; c = text.charCodeAt(++i) | 0x20);
  return i;
}

function digits(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i));
  return i;
}

function fromIndices(m: RegExpExecArray): UnitLine {
  const ix = m.indices!;
  const points = ix[4] && ix[4][1] > ix[4][0] ? ix[4] : undefined;
  return { charId: m[1], count: ix[2], name: ix[3], points, rest: ix[5] };
}

/** Where the white space (as `\s` reads it) from `i` in `text` ends. */
export function skipSpaces(text: string, i: number): number {
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
