// The pieces every format shares: the list under construction (Ctx), the battle size, a body line's bullet, the
// faction lines and lists joined by "and". A unit body's tree and its reading are body.ts's.
import type { ArmyList, BattleSize, ListFormat, Section, Token, Unit } from './ast';
import { BOUNDS } from '../bounds';
import { Bullet, Line, err, isSpaceCode, numTok, splitList, tok, toNumber, trimEnd, trimRange, trimStart } from './lines';
import { foldedAt, spacesEnd } from './lineEnds';

export class Ctx {
  readonly list: ArmyList;
  section?: Section;
  /** Where the text holds a no-break space, in order: tokens fold it to a space, and most hold none. */
  private readonly nbsps: number[];
  /** Where the next comma, and colon, stand from where a body item asks (most items hold neither: a search says so). */
  private readonly commas: NextOf;
  private readonly colons: NextOf;
  private readonly parens: NextOf;
  private readonly squares: NextOf;
  constructor(readonly src: string, format: ListFormat) {
    this.list = { format, detachments: [], sections: [], units: [], comments: [], errors: [] };
    this.nbsps = positionsOf(src, '\u00A0');
    this.commas = new NextOf(src, ',');
    this.colons = new NextOf(src, ':');
    this.parens = new NextOf(src, '(');
    this.squares = new NextOf(src, '[');
  }
  tok(start: number, end: number): Token {
    const s = trimStart(this.src, start, end);
    const e = trimEnd(this.src, s, end);
    const text = this.src.slice(s, e);
    return { text: this.nbsps.length && firstFrom(this.nbsps, s) < e ? text.replace(/\u00A0/g, ' ') : text, span: { start: s, end: e } };
  }
  /** Whether [s, e) holds a comma. */
  commaIn(s: number, e: number): boolean {
    return this.commas.from(s) < e;
  }
  /** Where the first colon of [s, e) stands, or -1. */
  colonIn(s: number, e: number): number {
    const at = this.colons.from(s);
    return at < e ? at : -1;
  }
  /** Where the first comma at or after `s` stands (the text's length when none). */
  commaFrom(s: number): number {
    return this.commas.from(s);
  }
  /** Whether an opening bracket, "(" or "[", stands in [s, e). */
  openerIn(s: number, e: number): boolean {
    return this.parens.from(s) < e || this.squares.from(s) < e;
  }
  error(code: string, message: string, start: number, end: number): void {
    err(this.list.errors, code, message, start, end);
  }
  /**
   * A count read from the list, clamped to BOUNDS.modelsPerUnit: a larger one is reported at its span
   * ("999999x Atalan Jackal") and counted as the bound, so nothing downstream (composition, lenses) sees it.
   */
  count(n: number, start: number, end: number): number {
    if (n <= BOUNDS.modelsPerUnit) return n;
    this.error('count-out-of-bounds', `Count ${Number.isFinite(n) ? n : 'too large'} is beyond the bound of ${BOUNDS.modelsPerUnit} (a real unit has at most 30 models); counted as ${BOUNDS.modelsPerUnit}`, start, end);
    return BOUNDS.modelsPerUnit;
  }
  /** Reports a whole line as unreadable. */
  unknownLine(line: Line, what = 'Unrecognised line'): void {
    this.error('parse-error', `${what}: "${line.content}"`, line.contentStart, line.contentEnd);
  }
  openSection(line: Line, nameStart?: number, nameEnd?: number): Section {
    const [s, e] = [line.contentStart, line.contentEnd];
    const section: Section = { name: this.tok(nameStart ?? s, nameEnd ?? e), span: { start: s, end: e }, units: [] };
    this.list.sections.push(section);
    this.section = section;
    return section;
  }
  addUnit(name: Token, lineStart: number, lineEnd: number): Unit {
    const unit: Unit = { name, span: { start: lineStart, end: lineEnd }, enhancements: [], models: [], notes: [] };
    if (this.section) {
      unit.section = this.section.name.text;
      this.section.units.push(unit);
    }
    this.list.units.push(unit);
    return unit;
  }
}

/**
 * Runs fn(arg), turning any exception into an error over the line instead of a crash. A loop over lines passes its
 * reader, made once, and the line: a closure made for every line would cost more than reading most lines.
 */
export function guard<A>(ctx: Ctx, start: number, end: number, fn: (arg: A) => void, arg?: A): void {
  try {
    fn(arg as A);
  } catch (e) {
    ctx.error('internal-error', `The parser failed on this line: ${(e as Error)?.message ?? e}`, start, end);
  }
}

/** Where `ch` stands in `src`, in order. */
function positionsOf(src: string, ch: string): number[] {
  const out: number[] = [];
  for (let at = src.indexOf(ch); at >= 0; at = src.indexOf(ch, at + 1)) out.push(at);
  return out;
}

/** The first of the ordered positions `at` at or after `s` (a binary search), or Infinity. */
function firstFrom(at: number[], s: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo < at.length ? at[lo] : Infinity;
}

/**
 * Where a character next stands in a text from a position, for positions asked mostly in the text's order (a unit body's
 * items): one native search answers every position up to the character it finds.
 */
class NextOf {
  /** The character is nowhere in [searched, found), and at `found` (the text's length when nowhere after). */
  private searched = 0;
  private found = -1;
  constructor(
    private readonly src: string,
    private readonly ch: string,
  ) {}
  /** Where the character first stands at or after `s`, or the text's length. */
  from(s: number): number {
    if (s < this.searched || s > this.found) {
      const at = this.src.indexOf(this.ch, s);
      this.searched = s;
      this.found = at < 0 ? this.src.length : at;
    }
    return this.found;
  }
}

/** A UTF-16 unit in lower case when it is an ASCII letter, else 0. */
export function letterCode(code: number): number {
  const c = code | 0x20;
  return c >= 97 && c <= 122 ? c : 0;
}

// ---- battle size -------------------------------------------------------

/** A battle size line: read by hand (parseBattleSize), kept as the tests' reference. */
export const BATTLE_SIZE = /^(Combat Patrol|Incursion|Strike Force|Onslaught|Force de Frappe)(?:\s*\(\s*(\d[\d,]*)\s*(?:points?|pts|point limit)\s*\))?\s*$/di;
/** The app's French battle sizes (only those seen in real exports). */
const LOCALISED_SIZES: Record<string, string> = { 'force de frappe': 'Strike Force' };

/** BATTLE_SIZE's names in lower case, by their first letter. */
const SIZE_NAMES: Partial<Record<number, string>> = { 0x63: 'combat patrol', 0x69: 'incursion', 0x73: 'strike force', 0x6f: 'onslaught', 0x66: 'force de frappe' };

/** Whether [s, e) of `src` opens with `name` (in lower case) as the `i` flag reads it: its ASCII letters in any case. */
export function opensWith(src: string, s: number, e: number, name: string): boolean {
  if (e - s < name.length) return false;
  for (let i = 0; i < name.length; i++) {
    const w = name.charCodeAt(i);
    const c = src.charCodeAt(s + i);
    if (c !== w && (w === 32 || (c | 0x20) !== w)) return false;
  }
  return true;
}

/** BATTLE_SIZE's words for points (`points?` read as its two spellings). */
const LIMIT_UNITS = ['points', 'point', 'pts', 'point limit'];

/** Where "(2000 points)" (or "pts", "point limit") from `at` ends in [.., e) of `src`, its number's range, or undefined: BATTLE_SIZE's optional group. */
function statedLimit(src: string, at: number, e: number): { end: number; n: [number, number] } | undefined {
  let k = spacesEnd(src, at, e);
  if (k >= e || src.charCodeAt(k) !== 40 /* ( */) return undefined;
  const n0 = spacesEnd(src, k + 1, e);
  let n1 = n0;
  if (!(n0 < e && src.charCodeAt(n0) >= 48 && src.charCodeAt(n0) <= 57)) return undefined;
  while (n1 < e && ((src.charCodeAt(n1) >= 48 && src.charCodeAt(n1) <= 57) || src.charCodeAt(n1) === 44)) n1++;
  k = spacesEnd(src, n1, e);
  // "points?", "pts" or "point limit", then white space and ")": at most one of them reaches the ")".
  for (const unit of LIMIT_UNITS) {
    const u = foldedAt(src, k, unit, e);
    const close = u < 0 ? -1 : spacesEnd(src, u, e);
    if (close >= 0 && close < e && src.charCodeAt(close) === 41 /* ) */) return { end: close + 1, n: [n0, n1] };
  }
  return undefined;
}

/**
 * The battle size [start, end) states (BATTLE_SIZE, read by hand: test/unit/parse-scans-app.test.ts and
 * parse-scans-body.test.ts compare them): "Strike Force (2000 points)", "Incursion", "Force de Frappe" (in any case).
 */
export function parseBattleSize(src: string, start: number, end: number): BattleSize | undefined {
  const s = trimStart(src, start, end);
  const e = trimEnd(src, s, end);
  // The name its first letter names (any case): most lines asked are none, and are refused at their first character.
  const name = SIZE_NAMES[letterCode(src.charCodeAt(s))];
  const nameEnd = name === undefined ? -1 : foldedAt(src, s, name, e);
  if (nameEnd < 0) return undefined;
  // The statement of points, or nothing, then white space to the end.
  const limit = statedLimit(src, nameEnd, e);
  if (spacesEnd(src, limit ? limit.end : nameEnd, e) !== e) return undefined;
  const bs: BattleSize = { name: tok(src, s, nameEnd), span: { start: s, end: e } };
  // Only "Force de Frappe" is localised.
  const english = LOCALISED_SIZES[name!];
  if (english) bs.english = english;
  if (limit) bs.points = toNumber(src.slice(limit.n[0], limit.n[1]));
  return bs;
}

// ---- body lines ----------------------------------------------------------

/** The bullets: "•", "◦", "▪", "‣", "·", "*" and "-". */
function isBulletCode(c: number): boolean {
  return c === 0x2022 || c === 0x25e6 || c === 0x25aa || c === 0x2023 || c === 0xb7 || c === 42 || c === 45;
}

/** BattleScribe's dotted body line: its depth (the number of ". "), its marker ("." or none) and the content after the dots. */
export function splitDots(src: string, line: Line): { marker: string; start: number; end: number; depth: number } {
  let s = line.contentStart;
  const e = line.contentEnd;
  let marker = '';
  let depth = 0;
  while (s < e && src[s] === '.' && (s + 1 === e || src[s + 1] === ' ')) {
    depth++;
    marker = '.';
    [s] = trimRange(src, s + 1, e);
  }
  return { marker, start: s, end: e, depth };
}

/**
 * A body line's bullet and content: markers "•" (any bullet but "◦"), "◦" or "" (none). Asked of a line by several
 * readers, so read once and kept on the line.
 */
export function bulleted(src: string, line: Line): Bullet {
  if (line.bullet) return line.bullet;
  const marker = bulletMarker(src, line);
  const s = bulletStart(src, line, marker);
  return (line.bullet = { marker, start: s, end: trimEnd(src, s, line.contentEnd) });
}

/** `bulleted`'s marker, read without making (or keeping) a Bullet: for a reader that asks once per line. */
export function bulletMarker(src: string, line: Line): string {
  const s = line.contentStart;
  const c = src.charCodeAt(s);
  // "-" and "*" only count as bullets when followed by a space (never "-2x").
  if (s < line.contentEnd && isBulletCode(c) && (s + 1 === line.contentEnd || isSpaceCode(src.charCodeAt(s + 1)))) return c === 0x25e6 /* ◦ */ ? '◦' : '•';
  return '';
}

/** Where `bulleted`'s content starts, given the line's marker (its end: trimEnd from there to the line's content end). */
export function bulletStart(src: string, line: Line, marker: string): number {
  return marker ? trimStart(src, line.contentStart + 1, line.contentEnd) : line.contentStart;
}

/**
 * A bulleted line, in a format where no header, footer or unit line opens with a bullet: it joins the open unit's body
 * (which then ends with it), or is reported outside any unit. False for a line without a bullet.
 */
export function joinBody(ctx: Ctx, unit: Unit | undefined, body: Line[], line: Line): boolean {
  if (!bulletMarker(ctx.src, line)) return false;
  if (unit) {
    body.push(line);
    unit.span.end = line.contentEnd;
  } else ctx.unknownLine(line, 'Line outside any unit');
  return true;
}

export function setPoints(ctx: Ctx, unit: Unit, r: [number, number] | undefined): void {
  if (r) unit.points = numTok(ctx.src, r[0], r[1]);
}

/** The header lines naming the faction: the last is the faction, the one before it the super-faction ("Space Marines" above a chapter). */
export function setFactionLines(ctx: Ctx, lines: Line[]): void {
  const n = lines.length;
  if (n) ctx.list.faction = ctx.tok(lines[n - 1].start, lines[n - 1].end);
  if (n >= 2) ctx.list.superFaction = ctx.tok(lines[n - 2].start, lines[n - 2].end);
  for (const l of lines.slice(0, -2)) ctx.unknownLine(l, 'Unexpected header line');
}

/** "Chaos - World Eaters" → super-faction Chaos, faction World Eaters (the last two parts). */
export function setFactionPath(ctx: Ctx, start: number, end: number): void {
  const parts: Array<[number, number]> = [];
  let from = start;
  const text = ctx.src.slice(start, end);
  const re = /\s+-\s+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    parts.push([from, start + m.index]);
    from = start + m.index + m[0].length;
  }
  parts.push([from, end]);
  const last = parts[parts.length - 1];
  ctx.list.faction = ctx.tok(last[0], last[1]);
  if (parts.length >= 2) {
    const sup = parts[parts.length - 2];
    ctx.list.superFaction = ctx.tok(sup[0], sup[1]);
  }
}

/** How lists join their last item ("A, B and C"; French "A et B"). */
export const JOIN = /\s+(?:and|et)\s+/g;

/** Splits [start, end) on commas and, when `and` is set, on " and " / " et ", never inside parentheses. */
export function splitJoined(src: string, start: number, end: number, and: boolean): Array<[number, number]> {
  // splitList finds commas by native searches, quicker than a loop on the long lists of wargear joined here.
  const items = splitList(src, start, end);
  if (!and) return items;
  const out: Array<[number, number]> = [];
  for (const [s, e] of items) splitAnd(out, src, s, e);
  return out;
}

/** Adds the parts of the item [s, e) joined by " and " / " et " outside brackets to `out`. */
function splitAnd(out: Array<[number, number]>, src: string, s: number, e: number): void {
  const text = src.slice(s, e);
  // No "and" / "et" between white space (JOIN is case-sensitive): the item is whole ("Rocket launcher").
  if (!spacedWord(text, 'and') && !spacedWord(text, 'et')) {
    out.push([s, e]);
    return;
  }
  let from = 0;
  // The brackets opened (less those closed) before the match, counted on from the previous match (when it has any).
  const brackets = text.includes('(') || text.includes('[');
  let open = 0;
  let counted = 0;
  // JOIN's own exec (matchAll would copy the pattern on every call).
  JOIN.lastIndex = 0;
  for (let m = JOIN.exec(text); m; m = JOIN.exec(text)) {
    for (; brackets && counted < m.index; counted++) {
      const c = text.charCodeAt(counted);
      if (c === 40 /* ( */ || c === 91 /* [ */) open++;
      else if (c === 41 /* ) */ || c === 93 /* ] */) open--;
    }
    if (open !== 0) continue;
    pushTrimmed(out, src, s + from, s + m.index);
    from = m.index + m[0].length;
  }
  pushTrimmed(out, src, s + from, e);
}

/** Whether `word` stands in `text` between white space characters, as JOIN needs it. */
function spacedWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word, 1); i >= 0; i = text.indexOf(word, i + 1)) {
    if (isSpaceCode(text.charCodeAt(i - 1)) && i + word.length < text.length && isSpaceCode(text.charCodeAt(i + word.length))) return true;
  }
  return false;
}

/** Adds [start, end) trimmed to `out` unless nothing is left of it. */
function pushTrimmed(out: Array<[number, number]>, src: string, start: number, end: number): void {
  const s = trimStart(src, start, end);
  const e = trimEnd(src, s, end);
  if (e > s) out.push([s, e]);
}
