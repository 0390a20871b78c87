// The official Warhammer 40,000 app export, both dialects and the older
// 4-space build, plus the Auspex hand-writing extensions (units without
// points in Combat Patrol lists, "• Leading:" bullets).
import type { Token, Unit } from './ast';
import { Ctx, Node, guard, interpretBody, parseBattleSize, setPoints, splitMarker } from './common';
import { Line, grp, numTok, trimRange } from './lines';

const SECTION = /^(CHARACTERS?|EPIC HERO(?:ES)?|BATTLELINE|DEDICATED TRANSPORTS?|OTHER DATASHEETS|ALLIED UNITS|ATTACHED UNITS|FORTIFICATIONS?)$/i;
const UNIT = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*points?\s*\)$/di;
const FOOTER = /^Exported with App Version/i;
const JUNK = /^(undefined|null)$/;
const ITEM = /^\d+\s*x\s/i;

export function isAppSection(text: string): boolean {
  return SECTION.test(text.trim());
}

export function parseGwApp(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const content = (l: Line) => src.slice(...trimRange(src, l.start, l.end));

  // The header runs to the first section header (or, when a list has none, to the first unit line after the title).
  let bodyFrom = lines.findIndex((l) => !l.blank && SECTION.test(content(l)));
  if (bodyFrom < 0) {
    const firstText = lines.findIndex((l) => !l.blank);
    bodyFrom = lines.findIndex((l, i) => i > firstText && !l.blank && UNIT.test(content(l)) && !parseBattleSize(src, l.start, l.end));
    if (bodyFrom < 0) bodyFrom = lines.length;
  }
  parseHeader(ctx, lines.slice(0, bodyFrom));

  // Only dialect B writes item lines without a bullet (continuations), at any indentation.
  const dialectB = lines.some((l, i) => i >= bodyFrom && !l.blank && ITEM.test(content(l)));
  let unit: Unit | undefined;
  let body: Line[] = [];
  let prevBlank = true;
  let afterFooter = false;
  let afterSection = false;
  const close = () => {
    if (unit) {
      const u = unit;
      guard(ctx, u.span.start, u.span.end, () => finishUnit(ctx, u, body, dialectB));
    }
    unit = undefined;
    body = [];
  };
  for (let i = bodyFrom; i < lines.length; i++) {
    const line = lines[i];
    if (line.blank) {
      close();
      prevBlank = true;
      continue;
    }
    const wasSection = afterSection;
    afterSection = false;
    guard(ctx, line.start, line.end, () => {
      const [s, e] = trimRange(src, line.start, line.end);
      const text = src.slice(s, e);
      if (afterFooter) {
        if (!JUNK.test(text)) ctx.unknownLine(line, 'Text after the export footer');
        return;
      }
      if (FOOTER.test(text)) {
        close();
        afterFooter = true;
        return;
      }
      if (SECTION.test(text)) {
        close();
        ctx.openSection(line);
        afterSection = true;
        return;
      }
      const mk = splitMarker(src, line);
      const m = mk.marker ? null : UNIT.exec(text);
      if (m) {
        close();
        const n = grp(m, 1, s)!;
        unit = ctx.addUnit(ctx.tok(n[0], n[1]), s, e);
        setPoints(ctx, unit, grp(m, 2, s));
        return;
      }
      if (!mk.marker && line.indent === 0 && (prevBlank || wasSection) && !ITEM.test(text)) {
        // Auspex extension: a Combat Patrol unit line may carry no points.
        close();
        unit = ctx.addUnit(ctx.tok(s, e), s, e);
        return;
      }
      // Continuation lines are always "Nx item"; anything else unbulleted is not app syntax.
      if (unit && (mk.marker || ITEM.test(text))) {
        body.push(line);
        unit.span.end = e;
        return;
      }
      ctx.unknownLine(line, unit ? 'Unrecognised line in a unit' : 'Line outside any unit');
    });
    prevBlank = false;
  }
  close();
}

function parseHeader(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  const pre: Line[] = [];
  const post: Line[] = [];
  let sawSize = false;
  let first = true;
  for (const line of lines) {
    if (line.blank) continue;
    guard(ctx, line.start, line.end, () => {
      const [s, e] = trimRange(src, line.start, line.end);
      const bs = parseBattleSize(src, s, e);
      if (bs) {
        list.battleSize = bs;
        sawSize = true;
      } else if (first && UNIT.test(src.slice(s, e))) {
        const m = UNIT.exec(src.slice(s, e))!;
        const n = grp(m, 1, s)!;
        const p = grp(m, 2, s)!;
        list.title = ctx.tok(n[0], n[1]);
        list.statedPoints = numTok(src, p[0], p[1]);
      } else (sawSize ? post : pre).push(line);
      first = false;
    });
  }
  const tokOf = (l: Line): Token => ctx.tok(l.start, l.end);
  // Dialect B states the battle size before the detachment; dialect A after it.
  let factionLines: Line[];
  if (post.length) {
    for (const l of post) list.detachments.push(stripDetachmentPoints(ctx, l));
    factionLines = pre;
  } else if (pre.length >= 2) {
    list.detachments.push(stripDetachmentPoints(ctx, pre[pre.length - 1]));
    factionLines = pre.slice(0, -1);
  } else factionLines = pre;
  if (factionLines.length) list.faction = tokOf(factionLines[factionLines.length - 1]);
  if (factionLines.length >= 2) list.superFaction = tokOf(factionLines[factionLines.length - 2]);
  for (const l of factionLines.slice(0, -2)) ctx.unknownLine(l, 'Unexpected header line');
}

/** 11th-edition exports append "(3 Detachment Points)" to the detachment. */
function stripDetachmentPoints(ctx: Ctx, l: Line): Token {
  const [s, e] = trimRange(ctx.src, l.start, l.end);
  const m = /^(.*?)\s*\(\s*\d+\s*Detachment Points?\s*\)$/di.exec(ctx.src.slice(s, e));
  if (m) {
    const r = grp(m, 1, s)!;
    return ctx.tok(r[0], r[1]);
  }
  return ctx.tok(s, e);
}

function finishUnit(ctx: Ctx, unit: Unit, body: Line[], dialectB: boolean): void {
  const src = ctx.src;
  // Bullets nest by indentation ("◦" always under the last "•", even with indentation stripped);
  // a line without a bullet continues the list of the bullet above it: a sibling, not a child.
  const roots: Node[] = [];
  const stack: Array<{ node: Node; level: number; list: Node[] }> = [];
  let lastList: Node[] = roots;
  let hasSub = false;
  const levels = new Set<number>();
  for (const line of body) {
    const mk = splitMarker(src, line);
    const node: Node = { start: mk.start, end: mk.end, marker: mk.marker, children: [] };
    levels.add(line.indent);
    if (!mk.marker) {
      lastList.push(node);
      continue;
    }
    if (mk.marker === '◦') hasSub = true;
    const level = line.indent + (mk.marker === '◦' ? 1000 : 0);
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    const list = stack.length ? stack[stack.length - 1].node.children : roots;
    list.push(node);
    stack.push({ node, level, list });
    lastList = list;
  }
  let tree = roots;
  if (dialectB && !hasSub && levels.size === 1) tree = regroupFlatDialectB(ctx, roots);
  interpretBody(ctx, unit, tree, { inlineGroups: false, multiplyInline: false, childlessAreGroups: false, bundlesUnlessCounted: false, untalliedIsNote: true, countedBesideGroupsAreGroups: true }, false);
}

/**
 * Dialect B with all indentation lost: only the bullets remain. The app bullets a model line and the
 * first wargear item under it, so a bullet directly followed by another bullet opens a model group
 * (unless it is that group's first wargear item).
 */
function regroupFlatDialectB(ctx: Ctx, roots: Node[]): Node[] {
  const isItem = (n: Node) => ITEM.test(ctx.src.slice(n.start, n.end));
  const items = roots.filter(isItem);
  if (items.filter((n) => n.marker).length < 2) return roots;
  const out: Node[] = [];
  let group: Node | undefined;
  for (let i = 0; i < roots.length; i++) {
    const n = roots[i];
    if (!isItem(n)) {
      out.push(n);
      continue;
    }
    let next: Node | undefined;
    for (let j = i + 1; j < roots.length && !next; j++) if (isItem(roots[j])) next = roots[j];
    if (n.marker && next?.marker && (!group || group.children.length > 0)) {
      group = n;
      out.push(n);
    } else if (group) group.children.push(n);
    else out.push(n);
  }
  return out;
}
