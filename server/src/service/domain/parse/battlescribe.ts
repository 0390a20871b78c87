// The "[N pts]" family: BattleScribe classic text and New Recruit's default
// ("simple") export, which is BattleScribe's layout in markdown dress.
import type { BattleSize, ModelGroup, Unit } from './ast';
import { battleSizeFromLimit } from './nrHeader';
import { pointsTail, skipSpaces } from './nrUnitLine';
import { Ctx, bulleted, guard, parseBattleSize, setFactionPath, setPoints, splitDots } from './common';
import { BodyStyle, Node, indentTree, inlineNodes, interpretBody } from './body';
import { Line, numTok } from './lines';

/** A unit line: read by hand (bracketUnit), this the reference its test holds it to (with the `d` flag). */
export const UNIT = /^(.*?\S)\s*\[\s*(\d[\d,]*)\s*pts?\s*\](?:\s*:\s*(.*?))?\s*$/;
// Each header pattern opens with a character ("+", "#") a unit or body line never does: tried only after it.
// Their groups' ranges follow from their lengths (lastRun, the first "("; test/unit/parse-scans-others.test.ts).
export const BS_ROSTER = /^\+\+\s*Army Roster\s*(?:\((.*)\))?\s*\[\s*(\d[\d,]*)\s*pts?\s*\]\s*\+\+$/;
export const BS_TOTAL = /^\+\+\s*Total\s*:\s*\[\s*(\d[\d,]*)\s*pts?\s*\]\s*\+\+$/;
/** Its name's range follows from its length (categoryName): no `d` flag. */
export const BS_CATEGORY = /^\+\s+(.*?)\s+\+$/;
const BS_FOOTER = /^Created with BattleScribe/i;
export const NR_TITLE = /^(.*?)\s*-\s*\[\s*(\d[\d,]*)\s*pts?\s*\]$/;
export const NR_ROSTER = /^#\s*\+\+\s*Army Roster\s*\+\+\s*(?:\[\s*(\d[\d,]*)\s*pts?\s*\])?$/;
export const NR_CATEGORY = /^##\s+(.*?)(?:\s*\[\s*\d[\d,]*\s*pts?\s*\])?$/;
// Each value runs to the line's end: its range follows from its length.
const BATTLE_SIZE = /^Battle Size\s*:\s*(?:\d+\.\s*)?(.*)$/i;
const DETACHMENT = /^Detachments?(?: Choice)?\s*:\s*(.*?)$/i;

/** A unit line's parts as ranges of its text: the name, the points, what follows the colon. */
export interface BracketUnit {
  name: [number, number];
  points: [number, number];
  rest?: [number, number];
}

/**
 * UNIT's match as ranges in a text without line terminators (a line's content), read by hand as New Recruit's line
 * is (nrUnitLine.ts): the first "[N pts]" tail that can close the line with a non-space before it. Undefined when
 * UNIT does not match.
 */
export function bracketUnit(text: string): BracketUnit | undefined {
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
    const t = pointsTail(text, i, 93 /* ] */);
    if (t && t.nameEnd > 0) return t.rest ? { name: [0, t.nameEnd], points: t.points, rest: t.rest } : { name: [0, t.nameEnd], points: t.points };
  }
  return undefined;
}

/**
 * Where a category line's name (its pattern's group) stands: after the marker ("##" or "+") and every space after it.
 * For "##", the rest of the pattern matches whatever the name is; for "+", a name of one character or more ends before
 * the spaces closing the line, so the greedy spaces are its start. An empty "+" name is asked of the `d` flag.
 */
export function categoryName(m: RegExpExecArray, text: string, simple: boolean): [number, number] {
  if (!simple && !m[1]) return new RegExp(BS_CATEGORY.source, 'd').exec(text)!.indices![1];
  const at = skipSpaces(text, simple ? 2 : 1);
  return [at, at + m[1].length];
}

/**
 * Where group `i` of `m` stands in `text` when it is the last place its text occurs: a points group, which only
 * spaces, "pts" and brackets follow (a later occurrence would have to run into them).
 */
export function lastRun(text: string, m: RegExpExecArray, i: number): [number, number] {
  const at = text.lastIndexOf(m[i]);
  return [at, at + m[i].length];
}

export function parseBracketed(ctx: Ctx, lines: Line[], simple: boolean): void {
  const src = ctx.src;
  const list = ctx.list;
  let config = false;
  let unit: Unit | undefined;
  let inline: Node[] = [];
  let body: Line[] = [];
  // BattleScribe: each body line's dots, read once for the loop and the unit's body.
  let dots: Dots[] = [];
  let afterFooter = false;
  let first = true;
  let titleLimit: BattleSize | undefined;
  const finish = (u: Unit) => finishUnit(ctx, u, inline, body, dots, simple);
  const close = () => {
    if (unit) guard(ctx, unit.span.start, unit.span.end, finish, unit);
    unit = undefined;
    inline = [];
    body = [];
    dots = [];
  };
  const read = (line: Line) => {
    const { content: text, contentStart: s, contentEnd: e } = line;
    const isFirst = first;
    first = false;
    if (afterFooter) return ctx.unknownLine(line, 'Text after the export footer');
    let m: RegExpExecArray | null;
    if (simple && isFirst && (m = NR_TITLE.exec(text))) {
      // "Chaos - World Eaters - Fiendish! (no hb) - [2000 pts]"
      const head = [s, s + m[1].length];
      const parts = splitDash(src, head[0], head[1]);
      if (parts.length >= 3) {
        setFactionPath(ctx, parts[0][0], parts[1][1]);
        list.title = ctx.tok(parts[2][0], parts[parts.length - 1][1]);
      } else if (parts.length === 2) {
        list.faction = ctx.tok(parts[0][0], parts[0][1]);
        list.title = ctx.tok(parts[1][0], parts[1][1]);
      } else list.title = ctx.tok(head[0], head[1]);
      // The title's points are the list's limit, not its total (the roster line states that).
      const p = s + lastRun(text, m, 2)[0];
      titleLimit = battleSizeFromLimit(ctx, p, p + m[2].length);
      return;
    }
    // The roster, total and category lines open with "#" (New Recruit) or "+" (BattleScribe).
    const opens = text.charCodeAt(0) === (simple ? 35 /* # */ : 43 /* + */);
    if (opens && (m = simple ? NR_ROSTER.exec(text) : BS_ROSTER.exec(text))) {
      close();
      if (!simple && m[1]) {
        const f = s + text.indexOf('(') + 1;
        setFactionPath(ctx, f, f + m[1].length);
      }
      const p = m[simple ? 1 : 2] === undefined ? undefined : lastRun(text, m, simple ? 1 : 2);
      if (p && !list.statedPoints) list.statedPoints = numTok(src, s + p[0], s + p[1]);
      return;
    }
    if (opens && !simple && (m = BS_TOTAL.exec(text))) {
      close();
      const p = lastRun(text, m, 1);
      if (!list.statedPoints) list.statedPoints = numTok(src, s + p[0], s + p[1]);
      return;
    }
    if (!simple && (text.charCodeAt(0) | 0x20) === 0x63 /* c */ && BS_FOOTER.test(text)) {
      close();
      afterFooter = true;
      return;
    }
    const cat = !opens ? null : simple ? NR_CATEGORY.exec(text) : BS_CATEGORY.exec(text);
    if (cat) {
      close();
      const n = categoryName(cat, text, simple);
      const r = [s + n[0], s + n[1]];
      config = /^configuration$/i.test(cat[1]);
      if (!config) ctx.openSection(line, r[0], r[1]);
      return;
    }
    if (config) {
      if ((m = BATTLE_SIZE.exec(text))) {
        const bs = parseBattleSize(src, e - m[1].length, e);
        if (bs) list.battleSize = bs;
      } else if ((m = DETACHMENT.exec(text)) && m[1]) list.detachments.push(ctx.tok(e - m[1].length, e));
      // Other configuration lines ("Show/Hide Options", "... Reference") carry nothing for the list.
      return;
    }
    const d = simple ? undefined : splitDots(src, line);
    const marker = d ? d.marker : bulleted(src, line).marker;
    const u = !marker && line.indent === 0 ? bracketUnit(text) : undefined;
    if (u) {
      close();
      unit = ctx.addUnit(ctx.tok(s + u.name[0], s + u.name[1]), s, e);
      setPoints(ctx, unit, [s + u.points[0], s + u.points[1]]);
      if (u.rest) inline = inlineNodes(src, s + u.rest[0], s + u.rest[1]);
      return;
    }
    if (unit && (marker || line.indent > 0)) {
      body.push(line);
      if (d) dots.push(d);
      unit.span.end = e;
      return;
    }
    ctx.unknownLine(line, unit ? 'Unrecognised line in a unit' : 'Line outside any unit');
  };
  readLines(ctx, lines, read, close);
  if (!list.battleSize && titleLimit) list.battleSize = titleLimit;
}

/** Reads each line that is not blank (an exception becomes an error over it), closing the open unit at a blank one and at the end. */
export function readLines(ctx: Ctx, lines: Line[], read: (line: Line) => void, close: () => void): void {
  for (const line of lines) {
    if (line.blank) close();
    else guard(ctx, line.start, line.end, read, line);
  }
  close();
}

export function splitDash(src: string, start: number, end: number): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  const re = /\s+-\s+/g;
  const text = src.slice(start, end);
  let from = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    parts.push([start + from, start + m.index]);
    from = m.index + m[0].length;
  }
  parts.push([start + from, end]);
  return parts;
}


type Dots = ReturnType<typeof splitDots>;

const SIMPLE_BODY: BodyStyle = { inlineGroups: true, multiplyInline: true, childlessAreGroups: false, bundlesUnlessCounted: false, untalliedIsNote: false };
const BS_BODY: BodyStyle = { inlineGroups: true, multiplyInline: false, childlessAreGroups: true, bundlesUnlessCounted: false, untalliedIsNote: false };

function finishUnit(ctx: Ctx, unit: Unit, inline: Node[], body: Line[], dots: Dots[], simple: boolean): void {
  const src = ctx.src;
  const items: Array<{ node: Node; level: number }> = [];
  for (let i = 0; i < body.length; i++) {
    const line = body[i];
    const d = simple ? undefined : dots[i];
    const mk = d ?? bulleted(src, line);
    if (simple && !mk.marker) {
      // Stray option summaries ("  1 mauler chainblade, 7 chainblades") describe, they do not add wargear.
      unit.notes.push(ctx.tok(mk.start, mk.end));
      continue;
    }
    items.push({ node: { start: mk.start, end: mk.end, marker: mk.marker, children: [] }, level: d ? d.depth : line.indent });
  }
  let tree = indentTree(items);
  // A unit line with nothing under or after it ("Saint Celestine [135pts]") names none of its models: its size is
  // not settled by the text (BattleScribe leaves out models that are no selection, Celestine's Geminae).
  if (!simple && !items.length && !inline.length) unit.modelsUnlisted = true;
  if (!simple) {
    if (tree.some((n) => bundleHidesModels(src, n))) unit.modelsUnlisted = true;
    tree = liftModels(src, tree);
  }
  interpretBody(
    ctx,
    unit,
    !tree.length ? inline : !inline.length ? tree : inline.concat(tree),
    simple ? SIMPLE_BODY : BS_BODY,
    true,
  );
  if (!simple) for (const g of unit.models) countFromWargear(src, g);
}

/** The tree with each selection group that heads model lines (headsModels) replaced by those lines. */
function liftModels(src: string, tree: Node[]): Node[] {
  let out: Node[] | undefined;
  for (let i = 0; i < tree.length; i++) {
    const n = tree[i];
    if (headsModels(src, n)) {
      out ??= tree.slice(0, i);
      for (const c of n.children) out.push(c);
    } else if (out) out.push(n);
  }
  return out ?? tree;
}

const COUNTED = /^(\d+)\s*[xX×]\s/;

/**
 * A BattleScribe line heading model lines (". Crusaders" above ". . 4x Crusader: 4x Power weapon") is a
 * selection group, not a model: every line under it is a counted model with its wargear.
 */
function headsModels(src: string, n: Node): boolean {
  if (!n.children.length) return false;
  const text = src.slice(n.start, n.end);
  if (/:\s/.test(text) || (digitAt(src, n.start) && COUNTED.test(text))) return false;
  // COUNTED opens with a digit.
  for (const c of n.children) {
    if (!digitAt(src, c.start)) return false;
    const t = src.slice(c.start, c.end);
    if (!COUNTED.test(t) || !/:\s/.test(t)) return false;
  }
  return true;
}

function digitAt(src: string, at: number): boolean {
  const c = src.charCodeAt(at);
  return c >= 48 && c <= 57;
}

/**
 * A BattleScribe model line without a count whose every item is counted alike stands for that many models
 * (". Geminae Superia: 2x Bolt pistol, 2x Power weapon" is two Geminae Superia).
 */
function countFromWargear(src: string, g: ModelGroup): void {
  if (g.count !== 1 || g.implicit || COUNTED.test(src.slice(g.span.start, g.span.end)) || g.wargear.length === 0) return;
  // Only wargear written on the model's own line: a selection under it (". . 2x Ministorum Hand Flamers") is what
  // one model carries.
  const lineEnd = src.slice(g.span.start).search(/[\r\n]/);
  const own = lineEnd < 0 ? g.span.end : g.span.start + lineEnd;
  if (g.wargear.some((w) => w.span.start >= own)) return;
  const n = g.wargear[0].count;
  if (n > 1 && g.wargear.every((w) => w.count === n)) g.count = n;
}

/**
 * An option group ("B: 1 mauler chainblade, 7 chainblades") counting more models than the model lines under
 * it (". . 7x Jakhals"): BattleScribe's text leaves the others out.
 */
function bundleHidesModels(src: string, n: Node): boolean {
  const m = /^B\s*:\s*(.*)$/.exec(src.slice(n.start, n.end));
  if (!m) return false;
  const counted = m[1].split(',').reduce((s, part) => s + (Number(/^\s*(\d+)\s/.exec(part)?.[1]) || 0), 0);
  const listed = n.children.reduce((s, c) => s + (Number(/^(\d+)\s*[xX×]\s/.exec(src.slice(c.start, c.end))?.[1]) || 1), 0);
  return counted > listed;
}
