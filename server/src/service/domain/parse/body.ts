// A unit's body: its lines as an indentation tree of nodes, and the reading of that tree into models, wargear,
// Enhancements, the Warlord and notes ("2x Bolt pistol", "5 with A, B", "Warlord", "Enhancement: X (+15 pts)"),
// shared by every text format.
import type { EnhancementRef, ModelGroup, Unit, WargearRef } from './ast';
import { type Ctx, letterCode } from './common';
import { isSpaceCode, trimEnd, trimStart } from './lines';
import { WARLORD, special } from './special';
import { BARE_COUNT, COUNTED, SPACED, WITH_ITEMS, countNameAt, readCount, reading } from './counts';

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
  const children = n.children;
  // Most nodes have no children: their end is asked without a call.
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    const ce = c.children.length ? nodeEnd(c) : c.end;
    if (ce > e) e = ce;
  }
  return e;
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
 * itemEnd with the text's native searches: the next comma ends the item when no opening bracket stands before it (a
 * closing one alone is passed over); only an item holding a bracket is scanned.
 */
function itemEndIn(ctx: Ctx, from: number, end: number): number {
  const comma = ctx.commaFrom(from);
  if (comma >= end) return end;
  return ctx.openerIn(from, comma) ? itemEnd(ctx.src, from, end) : comma;
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
    const at = commas ? itemEndIn(ctx, from, end) : end;
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
      const cut = itemEndIn(ctx, from, end);
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

/** Whether a node states a model count over children (countedParent), as a loop: no closure made per body. */
function someCountedParent(src: string, nodes: Node[]): boolean {
  for (let i = 0; i < nodes.length; i++) if (countedParent(src, nodes[i])) return true;
  return false;
}

/** Whether a node has children. */
function someParent(nodes: Node[]): boolean {
  for (let i = 0; i < nodes.length; i++) if (nodes[i].children.length > 0) return true;
  return false;
}

/**
 * Turns a unit's body tree into models, wargear, enhancements, warlord, notes.
 * `priced` lets "Name (+15 pts)" bullets count as enhancements.
 */
export function interpretBody(ctx: Ctx, unit: Unit, roots: Node[], style: BodyStyle, priced: boolean): void {
  const src = ctx.src;
  let items = strip(ctx, unit, roots, priced);
  // No parent states a model count: they are option bundles of a single model ("2 ectoplasma cannons").
  if (style.bundlesUnlessCounted && !someCountedParent(src, items)) items = leaves(items, []);

  const groups: ModelGroup[] = [];
  // Unit wargear outside the model groups: most bodies hold none, and make no array for it.
  let loose: WargearRef[] | undefined;
  let implicitCount = 0;
  const besideGroups = !!style.countedBesideGroupsAreGroups && someParent(items);
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
      readWargear(ctx, start, end, 1, (loose ??= []), unit, ctx.commaIn(start, end), opens);
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
  if (groups.length === 0 && loose !== undefined && loose.length > 0) {
    const first = loose[0].span.start;
    const last = loose[loose.length - 1].span.end;
    groups.push({
      count: ctx.count(implicitCount || unit.statedModelCount?.value || 1, first, last),
      name: { text: unit.name.text, span: { start: unit.name.span.start, end: unit.name.span.end } },
      span: { start: first, end: last },
      wargear: loose,
      implicit: true,
    });
  } else if (loose !== undefined && loose.length > 0) {
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

