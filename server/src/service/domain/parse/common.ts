// The pieces every format shares: the list under construction, unit bodies
// as indentation trees, and the reading of one item ("2x Bolt pistol",
// "5 with A, B", "Warlord", "Enhancement: X (+15 pts)").
import type { ArmyList, BattleSize, EnhancementRef, ListFormat, ModelGroup, Section, Token, Unit, WargearRef } from './ast';
import { BOUNDS } from '../bounds';
import { Bullet, Line, err, grp, isSpaceCode, numTok, splitList, tok, toNumber, trimEnd, trimRange, trimStart } from './lines';
import { BARE_COUNT, COUNTED, SPACED, WITH_ITEMS, countNameAt, readCount, reading } from './counts';

export class Ctx {
  readonly list: ArmyList;
  section?: Section;
  /** Where the text holds a no-break space, in order: tokens fold it to a space, and most hold none. */
  private readonly nbsps: number[];
  /** Where the next comma, and colon, stand from where a body item asks (most items hold neither: a search says so). */
  private readonly commas: NextOf;
  private readonly colons: NextOf;
  constructor(readonly src: string, format: ListFormat) {
    this.list = { format, detachments: [], sections: [], units: [], comments: [], errors: [] };
    this.nbsps = positionsOf(src, '\u00A0');
    this.commas = new NextOf(src, ',');
    this.colons = new NextOf(src, ':');
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

// ---- battle size -------------------------------------------------------

export const BATTLE_SIZE = /^(Combat Patrol|Incursion|Strike Force|Onslaught|Force de Frappe)(?:\s*\(\s*(\d[\d,]*)\s*(?:points?|pts|point limit)\s*\))?\s*$/di;
/** The app's French battle sizes (only those seen in real exports). */
const LOCALISED_SIZES: Record<string, string> = { 'force de frappe': 'Strike Force' };

/** BATTLE_SIZE's names in lower case, by their first letter. */
const SIZE_NAMES: Partial<Record<number, string>> = { 0x63: 'combat patrol', 0x69: 'incursion', 0x73: 'strike force', 0x6f: 'onslaught', 0x66: 'force de frappe' };

/** Whether [s, e) of `src` opens with `name` (in lower case) as the `i` flag reads it: its ASCII letters in any case. */
function opensWith(src: string, s: number, e: number, name: string): boolean {
  if (e - s < name.length) return false;
  for (let i = 0; i < name.length; i++) {
    const w = name.charCodeAt(i);
    const c = src.charCodeAt(s + i);
    if (c !== w && (w === 32 || (c | 0x20) !== w)) return false;
  }
  return true;
}

export function parseBattleSize(src: string, start: number, end: number): BattleSize | undefined {
  const s = trimStart(src, start, end);
  const e = trimEnd(src, s, end);
  // The line opens with a size's name, the one its first letter names (any case): most lines asked are none, and are
  // refused without the pattern.
  const name = SIZE_NAMES[letterCode(src.charCodeAt(s))];
  if (name === undefined || !opensWith(src, s, e, name)) return undefined;
  const m = BATTLE_SIZE.exec(src.slice(s, e));
  if (!m) return undefined;
  const n = grp(m, 1, s)!;
  const p = grp(m, 2, s);
  const bs: BattleSize = { name: tok(src, n[0], n[1]), span: { start: s, end: e } };
  // Only "Force de Frappe" is localised.
  const english = (m[1].charCodeAt(0) | 0x20) === 0x66 /* f */ ? LOCALISED_SIZES[m[1].toLowerCase()] : undefined;
  if (english) bs.english = english;
  if (p) bs.points = toNumber(src.slice(p[0], p[1]));
  return bs;
}

// ---- unit bodies -------------------------------------------------------

/** One body line (or one inline token) of a unit, with the lines nested under it. */
export interface Node {
  /** Trimmed content after any bullet marker. */
  start: number;
  end: number;
  /** End of the last line the node covers (grows with its children). */
  marker: string;
  children: Node[];
  /** Inline tokens of a unit line have no line of their own. */
  inline?: boolean;
}

export function nodeEnd(n: Node): number {
  let e = n.end;
  for (const c of n.children) e = Math.max(e, nodeEnd(c));
  return e;
}

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
  let s = line.contentStart;
  let e = line.contentEnd;
  let marker = '';
  const c = src.charCodeAt(s);
  if (s < e && isBulletCode(c) && (s + 1 === e || isSpaceCode(src.charCodeAt(s + 1)))) {
    // "-" and "*" only count as bullets when followed by a space (never "-2x").
    marker = c === 0x25e6 /* ◦ */ ? '◦' : '•';
    s = trimStart(src, s + 1, e);
    e = trimEnd(src, s, e);
  }
  return (line.bullet = { marker, start: s, end: e });
}

/**
 * A bulleted line, in a format where no header, footer or unit line opens with a bullet: it joins the open unit's body
 * (which then ends with it), or is reported outside any unit. False for a line without a bullet.
 */
export function joinBody(ctx: Ctx, unit: Unit | undefined, body: Line[], line: Line): boolean {
  if (!bulleted(ctx.src, line).marker) return false;
  if (unit) {
    body.push(line);
    unit.span.end = line.contentEnd;
  } else ctx.unknownLine(line, 'Line outside any unit');
  return true;
}

/** Builds an indentation tree: a line nests under the nearest preceding line with a smaller level. */
export function indentTree(items: Array<{ node: Node; level: number }>): Node[] {
  const roots: Node[] = [];
  const stack: Array<{ node: Node; level: number }> = [];
  for (const it of items) {
    while (stack.length && stack[stack.length - 1].level >= it.level) stack.pop();
    (stack.length ? stack[stack.length - 1].node.children : roots).push(it.node);
    stack.push(it);
  }
  return roots;
}

export interface BodyStyle {
  /** "Model: wargear, ..." lines name a model group with its wargear inline. */
  inlineGroups: boolean;
  /** Inline wargear is per model ("5x Berzerker: Bolt pistol"): multiply by the group count. */
  multiplyInline: boolean;
  /** BattleScribe: every model line is a model group, even without wargear. */
  childlessAreGroups: boolean;
  /** ListForge: parents without an "Nx" count are option bundles, not models, unless a sibling parent has a count. */
  bundlesUnlessCounted: boolean;
  /** GW app: an item without "Nx" is a decoration note ("Daemonic Allegiance: Tzeentch"). */
  untalliedIsNote: boolean;
  /** GW app: a counted bullet without wargear beside model groups is a model without wargear, not unit wargear. */
  countedBesideGroupsAreGroups?: boolean;
}

type Special =
  | { kind: 'warlord' }
  | { kind: 'enhancement'; name: [number, number]; points?: number }
  | { kind: 'leading'; name: [number, number] }
  | { kind: 'bundle' };

export const WARLORD = /^(?:warlord|seigneur de guerre)$/i;
export const ENH_PREFIX = /^(?:enhancements?|optimisations?|e)\s*:\s*(.+?)\s*$/di;
export const LEADING = /^(?:leading|attached to)\s*:\s*(.+?)\s*$/di;
export const PRICED = /^(.+?)\s*(?:\(\s*\+\s*(\d[\d,]*)\s*(?:pts?|points?)\s*\)|\[\s*\+?\s*(\d[\d,]*)\s*(?:pts?|points?)\s*\])$/di;
export const BUNDLE = /^B\s*:/;
/** A label that makes a line a note rather than wargear: the keywords or allegiance it grants. */
const NOTE_LABEL = /\b(?:keywords?|allegiance)\s*$/i;

/** WARLORD.test on [s, e) of `src`, tried only on the two texts' lengths and first letters ("w" of 7, "s" of 18). */
function isWarlordAt(src: string, s: number, e: number): boolean {
  const first = src.charCodeAt(s) | 0x20;
  return (e - s === 7 ? first === 0x77 /* w */ : e - s === 18 && first === 0x73) /* s */ && WARLORD.test(src.slice(s, e));
}

/** The first character of a text in lower case when it is an ASCII letter (a pattern is tried only after the letter it opens with). */
export function firstLetter(text: string): number {
  return letterCode(text.charCodeAt(0));
}

/** A UTF-16 unit in lower case when it is an ASCII letter, else 0. */
function letterCode(code: number): number {
  const c = code | 0x20;
  return c >= 97 && c <= 122 ? c : 0;
}

/** Whether [s, e) holds a colon followed by white space (/:\s/.test of its text). */
export function colonSpaceIn(ctx: Ctx, s: number, e: number): boolean {
  for (let c = ctx.colonIn(s, e); c >= 0; c = ctx.colonIn(c + 1, e)) if (c + 1 < e && isSpaceCode(ctx.src.charCodeAt(c + 1))) return true;
  return false;
}

/**
 * "N (…)" with the content in its parentheses ("2 magma cutters (2x Magma cutter)"): where that content starts in
 * [s, e) of `src` (after its first parenthesis, an opening one; it ends before the last character, a closing one),
 * as /^[^()]*\((.*)\)$/ would capture it, or -1.
 */
function bundledAt(src: string, s: number, e: number): number {
  if (e - s < 2 || src.charCodeAt(e - 1) !== 41 /* ) */) return -1;
  for (let i = s; i < e; i++) {
    const c = src.charCodeAt(i);
    if (c === 41) return -1;
    if (c === 40 /* ( */) return i < e - 1 ? i + 1 : -1;
  }
  return -1;
}

/** Recognises the bullets that are not wargear: Warlord, enhancements, Leading, option bundles. */
export function special(src: string, start: number, end: number, priced: boolean): Special | undefined {
  if (end <= start) return undefined;
  // WARLORD matches a "w" of 7 characters or an "s" of 18; the labelled patterns (BUNDLE, ENH_PREFIX, LEADING) open
  // with their word's first two characters ("B" then a space or colon; "en", "e" then a space or colon, "op"; "le",
  // "at"); PRICED ends in a bracket. Most bullets are none ("2x Bolt pistol"), and are refused after a character or two.
  const c0 = src.charCodeAt(start);
  const first = letterCode(c0);
  if (first !== 0) {
    const len = end - start;
    if ((len === 7 ? first === 0x77 /* w */ : len === 18 && first === 0x73) /* s */ && WARLORD.test(src.slice(start, end))) return { kind: 'warlord' };
    const c1 = start + 1 < end ? src.charCodeAt(start + 1) : -1;
    const second = letterCode(c1);
    const labelled =
      c0 === 66 /* B */
        ? c1 === 58 || isSpaceCode(c1)
        : first === 0x65 /* e */
          ? second === 0x6e /* n */ || c1 === 58 || isSpaceCode(c1)
          : (first === 0x6f /* o */ && second === 0x70) /* p */ || (first === 0x6c /* l */ && second === 0x65) /* e */ || (first === 0x61 /* a */ && second === 0x74); /* t */
    const found = labelled ? labelledSpecial(src, start, end, c0, first) : undefined;
    if (found) return found;
  }
  if (!priced) return undefined;
  const last = src.charCodeAt(end - 1);
  if (last !== 41 /* ) */ && last !== 93 /* ] */) return undefined;
  const m = PRICED.exec(src.slice(start, end));
  if (m && countNameAt(src, start, end) < 0) return { kind: 'enhancement', name: grp(m, 1, start)!, points: toNumber(m[2] ?? m[3]) };
  return undefined;
}

/** The labelled bullets: option bundles ("B: ..."), enhancements ("Enhancement: X (+15 pts)"), Leading. */
function labelledSpecial(src: string, start: number, end: number, c0: number, first: number): Special | undefined {
  const text = src.slice(start, end);
  if (c0 === 66 && BUNDLE.test(text)) return { kind: 'bundle' };
  let m = first === 0x65 || first === 0x6f ? ENH_PREFIX.exec(text) : null;
  if (m) {
    const r = grp(m, 1, start)!;
    const p = PRICED.exec(src.slice(r[0], r[1]));
    if (p) {
      const n = grp(p, 1, r[0])!;
      return { kind: 'enhancement', name: n, points: toNumber(p[2] ?? p[3]) };
    }
    return { kind: 'enhancement', name: r };
  }
  m = first === 0x6c || first === 0x61 ? LEADING.exec(text) : null;
  if (m) return { kind: 'leading', name: grp(m, 1, start)! };
  return undefined;
}

/**
 * Where the comma that ends the list item starting at `from` stands (or `end`): splitList's cut, a comma outside
 * parentheses and brackets (a closing one without its opening one is passed over).
 */
function itemEnd(src: string, from: number, end: number): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */) depth++;
    else if ((c === 41 /* ) */ || c === 93 /* ] */) && depth > 0) depth--;
    else if (c === 44 /* , */ && depth === 0) return i;
  }
  return end;
}

/**
 * Reads each item of the list [start, end) (splitList's items) as wargear alone. `clamp`: the factor is a count
 * read from the list, clamped (and reported) over [clampStart, clampEnd) for each item, as each item states it.
 */
function readItems(ctx: Ctx, start: number, end: number, factor: number, out: WargearRef[], unit: Unit, clamp = false, clampStart = 0, clampEnd = 0): void {
  const src = ctx.src;
  // Without a comma the list is one item: no need to read it for one.
  const commas = ctx.commaIn(start, end);
  for (let from = start; from <= end; ) {
    const at = commas ? itemEnd(src, from, end) : end;
    const s = trimStart(src, from, at);
    const e = trimEnd(src, s, at);
    from = at + 1;
    if (e > s) readWargear(ctx, s, e, clamp ? ctx.count(factor, clampStart, clampEnd) : factor, out, unit, false);
  }
}

/**
 * Wargear named by [start, end): "2x Bolt pistol", "2 Inferno Pistols" (a count without "x"), "5 with A, 2x B",
 * "A, B" and "Gun Drone, 2x Shield Drone" (a bullet listing several items, each read alone: `split`, the range holds
 * a comma), bundles "2 cannons (2x Cannon)". `known`: readCount's answer for the range, its reading not yet replaced.
 */
function readWargear(ctx: Ctx, start: number, end: number, factor: number, out: WargearRef[], unit: Unit, split: boolean, known = readCount(ctx.src, start, end)): void {
  const src = ctx.src;
  let opens = known;
  if (opens === WITH_ITEMS) return readItems(ctx, reading.at, end, factor * reading.n, out, unit, true, start, end);
  let n = reading.n;
  let at = reading.at;
  let s = start;
  let e = end;
  if (split) {
    // Several items are read alone, in order (the first once a second shows); one is read trimmed; none (only commas
    // and white space) leaves the range as it is.
    let items = 0;
    for (let from = start; from <= end; ) {
      const cut = itemEnd(src, from, end);
      const is = trimStart(src, from, cut);
      const ie = trimEnd(src, is, cut);
      from = cut + 1;
      if (ie <= is) continue;
      if (++items === 1) {
        s = is;
        e = ie;
        continue;
      }
      if (items === 2) readWargear(ctx, s, e, factor, out, unit, false);
      readWargear(ctx, is, ie, factor, out, unit, false);
    }
    if (items > 1) return;
  } else {
    const ts = trimStart(src, start, end);
    const te = trimEnd(src, ts, end);
    if (te > ts) {
      s = ts;
      e = te;
    }
  }
  if (s !== start || e !== end) {
    opens = readCount(src, s, e);
    n = reading.n;
    at = reading.at;
  }
  // "Houndpack Lance Character, Warlord": the Warlord marker among a line's items is no wargear.
  if (isWarlordAt(src, s, e)) {
    unit.warlord = { start: s, end: e };
    return;
  }
  // New Recruit option bundles name their content in parentheses: "2 magma cutters (2x Magma cutter)".
  const b = bundledAt(src, s, e);
  if (b >= 0 && (ctx.commaIn(b, e - 1) || countNameAt(src, b, e - 1) >= 0)) return readItems(ctx, b, e - 1, factor, out, unit);
  if (opens === COUNTED) {
    out.push({ count: ctx.count(factor * n, s, e), name: ctx.tok(at, e), span: { start: s, end: e } });
    return;
  }
  const bare = opens === SPACED ? BARE_COUNT.exec(src.slice(s, e)) : null;
  if (bare) {
    out.push({ count: ctx.count(factor * Number(bare[1]), s, e), name: ctx.tok(e - bare[2].length, e), span: { start: s, end: e } });
    return;
  }
  out.push({ count: factor, name: ctx.tok(s, e), span: { start: s, end: e } });
}

/** Position of the ": " that separates a model name from its inline wargear, outside brackets. */
function inlineColon(src: string, start: number, end: number): number {
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */) depth++;
    else if ((c === 41 /* ) */ || c === 93 /* ] */) && depth > 0) depth--;
    else if (c === 58 /* : */ && depth === 0 && (i + 1 === end || src.charCodeAt(i + 1) === 32)) return i;
  }
  return -1;
}

/** Pulls the special bullets out of `nodes` at any depth (the app sometimes nests "Warlord" under a model) into the unit. */
function strip(ctx: Ctx, unit: Unit, nodes: Node[], priced: boolean): Node[] {
  // A copy only once a special bullet shows: most bodies hold none, and keep their arrays.
  let out: Node[] | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    const sp = special(ctx.src, n.start, n.end, priced);
    if (!sp) {
      if (n.children.length) n.children = strip(ctx, unit, n.children, priced);
      if (out) out.push(n);
      continue;
    }
    out ??= nodes.slice(0, i);
    if (sp.kind === 'warlord') unit.warlord = { start: n.start, end: n.end };
    else if (sp.kind === 'leading') unit.leading = ctx.tok(sp.name[0], sp.name[1]);
    else if (sp.kind === 'enhancement') {
      const e: EnhancementRef = { name: ctx.tok(sp.name[0], sp.name[1]), span: { start: n.start, end: n.end } };
      if (sp.points !== undefined) e.points = sp.points;
      unit.enhancements.push(e);
    }
    // Option bundles ("B: 1 mauler chainblade, 7 chainblades") only group lines: keep what they hold.
    for (const c of strip(ctx, unit, n.children, priced)) out.push(c);
  }
  return out ?? nodes;
}

/** The nodes without children, at any depth, in order. */
function leaves(nodes: Node[], out: Node[]): Node[] {
  for (const n of nodes) {
    if (n.children.length) leaves(n.children, out);
    else out.push(n);
  }
  return out;
}

/**
 * A line under a model: its wargear. BattleScribe's text writes a selection with its content after a colon
 * (". . 2x 2 Bolt Pistols: 4x Bolt Pistol"): the content is the wargear, the selection's name only labels it; a
 * label granting keywords ("... Keywords: Character") makes the line a note.
 */
function readChild(ctx: Ctx, unit: Unit, start: number, end: number, out: WargearRef[]): void {
  const src = ctx.src;
  const colon = ctx.colonIn(start, end) >= 0 ? inlineColon(src, start, end) : -1;
  if (colon < 0) return readWargear(ctx, start, end, 1, out, unit, ctx.commaIn(start, end));
  if (NOTE_LABEL.test(src.slice(start, colon))) return void unit.notes.push(ctx.tok(start, end));
  const is = trimStart(src, colon + 1, end);
  const ie = trimEnd(src, is, end);
  if (ie > is) readWargear(ctx, is, ie, 1, out, unit, ctx.commaIn(is, ie));
}

/** The lines under a model, at any depth, read as its wargear. */
function readChildren(ctx: Ctx, unit: Unit, nodes: Node[], out: WargearRef[]): void {
  for (const ch of nodes) {
    readChild(ctx, unit, ch.start, ch.end, out);
    if (ch.children.length) readChildren(ctx, unit, ch.children, out);
  }
}

/** Whether a node with children states a model count (COUNT): it is then a model, not an option bundle. */
function countedParent(src: string, n: Node): boolean {
  return n.children.length > 0 && countNameAt(src, n.start, n.end) >= 0;
}

/**
 * Turns a unit's body tree into models, wargear, enhancements, warlord, notes.
 * `priced` lets "Name (+15 pts)" bullets count as enhancements.
 */
export function interpretBody(ctx: Ctx, unit: Unit, roots: Node[], style: BodyStyle, priced: boolean): void {
  const src = ctx.src;
  let items = strip(ctx, unit, roots, priced);
  // No parent states a model count: they are option bundles of a single model ("2 ectoplasma cannons").
  if (style.bundlesUnlessCounted && !items.some((n) => countedParent(src, n))) items = leaves(items, []);

  const groups: ModelGroup[] = [];
  const loose: WargearRef[] = [];
  let implicitCount = 0;
  const besideGroups = !!style.countedBesideGroupsAreGroups && items.some((n) => n.children.length > 0);
  for (const n of items) {
    const { start, end } = n;
    const colon = style.inlineGroups && !n.inline && ctx.colonIn(start, end) >= 0 ? inlineColon(src, start, end) : -1;
    const opens = readCount(src, start, end);
    const counted = opens === COUNTED;
    const isGroup = !n.inline && (n.children.length > 0 || colon >= 0 || style.childlessAreGroups || (besideGroups && counted));
    if (!isGroup) {
      const w = opens === WITH_ITEMS;
      if (w) implicitCount += reading.n;
      if (style.untalliedIsNote && !w && !counted) {
        unit.notes.push(ctx.tok(start, end));
        continue;
      }
      if (!style.untalliedIsNote && !n.inline && !w && !counted && colon < 0 && !style.inlineGroups && colonSpaceIn(ctx, start, end)) {
        unit.notes.push(ctx.tok(start, end));
        continue;
      }
      readWargear(ctx, start, end, 1, loose, unit, ctx.commaIn(start, end), opens);
      continue;
    }
    const headEnd = colon >= 0 ? colon : end;
    const hs = trimStart(src, start, headEnd);
    const he = trimEnd(src, hs, headEnd);
    const headCounted = (hs === start && he === end ? opens : readCount(src, hs, he)) === COUNTED;
    const name = headCounted ? reading.at : hs;
    const count = headCounted ? ctx.count(reading.n, hs, he) : 1;
    const group: ModelGroup = {
      count,
      name: ctx.tok(name, he),
      span: { start, end: nodeEnd(n) },
      wargear: [],
      implicit: false,
    };
    if (colon >= 0) {
      const is = trimStart(src, colon + 1, end);
      const ie = trimEnd(src, is, end);
      if (ie > is) {
        // "8 with A, B": the count covers the whole list.
        if (readCount(src, is, ie) === WITH_ITEMS) readWargear(ctx, is, ie, 1, group.wargear, unit, false, WITH_ITEMS);
        else readItems(ctx, is, ie, style.multiplyInline ? count : 1, group.wargear, unit);
      }
    }
    readChildren(ctx, unit, n.children, group.wargear);
    groups.push(group);
  }
  if (groups.length === 0 && loose.length > 0) {
    const first = loose[0].span.start;
    const last = loose[loose.length - 1].span.end;
    groups.push({
      count: ctx.count(implicitCount || unit.statedModelCount?.value || 1, first, last),
      name: { text: unit.name.text, span: { start: unit.name.span.start, end: unit.name.span.end } },
      span: { start: first, end: last },
      wargear: loose,
      implicit: true,
    });
  } else if (loose.length > 0) {
    unit.wargear = loose;
  }
  unit.models = groups;
}

/** Inline tokens after a unit line's colon ("Warlord, Dawn Blade, 2x Shield Drone") as body nodes. */
export function inlineNodes(src: string, start: number, end: number): Node[] {
  const out: Node[] = [];
  for (let from = start; from <= end; ) {
    const at = itemEnd(src, from, end);
    const s = trimStart(src, from, at);
    const e = trimEnd(src, s, at);
    from = at + 1;
    if (e > s) out.push({ start: s, end: e, marker: '', children: [], inline: true });
  }
  return out;
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
