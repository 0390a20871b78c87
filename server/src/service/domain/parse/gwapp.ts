// The official Warhammer 40,000 app export, both dialects and the older
// 4-space build, plus the Auspex hand-writing extensions (units without
// points in Combat Patrol lists, "• Leading:" bullets).
import type { Unit } from './ast';
import { Ctx, Node, guard, interpretBody, parseBattleSize, setFactionLines, setPoints, splitMarker } from './common';
import { Line, grp, numTok, trimRange } from './lines';
import { readDetachments } from './eleventh';

const SECTION = /^(CHARACTERS?|EPIC HERO(?:ES)?|BATTLELINE|DEDICATED TRANSPORTS?|OTHER DATASHEETS|ALLIED UNITS|ATTACHED UNITS|FORTIFICATIONS?)$/i;
const UNIT = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*points?\s*\)$/di;
const FOOTER = /^(?:Exported with App Version|Export[ée] avec la Version de l.Appli)/i;
const JUNK = /^(undefined|null)$/;
const ITEM = /^\d+\s*x\s/i;

export function isAppSection(text: string): boolean {
  return isSection(text.trim());
}

/** SECTION.test of a trimmed text: its names run from 9 ("EPIC HERO") to 20 characters ("DEDICATED TRANSPORTS"). */
function isSection(t: string): boolean {
  return t.length >= 9 && t.length <= 20 && SECTION.test(t);
}

/** ITEM.test of a trimmed text: an item starts with its count. */
function isItem(t: string): boolean {
  const c = t.charCodeAt(0);
  return c >= 48 && c <= 57 && ITEM.test(t);
}

/** What differs between the app's export generations; the body loop below is shared. */
export interface AppDialect {
  /** A section header line. */
  section(text: string): boolean;
  /** A unit line: the name's and the points' ranges. */
  unit(text: string, s: number): { name: [number, number]; points: [number, number] } | undefined;
  /** Reads the header (the lines before the body). */
  header(ctx: Ctx, lines: Line[]): void;
  /** A section header was read. */
  sectionOpened?(): void;
  /** A bare body line the dialect reads itself ("Attached Unit 1"), read by `readOther` once the unit above is closed. */
  isOther?(text: string): boolean;
  readOther?(s: number, e: number): void;
  /** A unit was opened (before its body). */
  opened?(unit: Unit): void;
  /** A unit's body lines before they become a tree: may take the lines it reads itself. */
  body?(unit: Unit, body: Line[]): Line[];
  /** The footer line. */
  footer?(s: number, e: number): void;
}

function unitLine(text: string, s: number): { name: [number, number]; points: [number, number] } | undefined {
  // A unit line ends in "points)": the others skip the regex.
  if (text.charCodeAt(text.length - 1) !== 41 /* ) */) return undefined;
  const m = UNIT.exec(text);
  return m ? { name: grp(m, 1, s)!, points: grp(m, 2, s)! } : undefined;
}

const TENTH_APP: AppDialect = { section: isSection, unit: unitLine, header: parseHeader };

export function parseGwApp(ctx: Ctx, lines: Line[], dialect: AppDialect = TENTH_APP): void {
  const src = ctx.src;
  const content = (l: Line) => src.slice(...trimRange(src, l.start, l.end));

  // The header runs to the first section header (or, when a list has none, to the first unit line after the title).
  let bodyFrom = lines.findIndex((l) => !l.blank && dialect.section(content(l)));
  if (bodyFrom < 0) {
    const firstText = lines.findIndex((l) => !l.blank);
    bodyFrom = lines.findIndex((l, i) => i > firstText && !l.blank && !!dialect.unit(content(l), 0) && !parseBattleSize(src, l.start, l.end));
    if (bodyFrom < 0) bodyFrom = lines.length;
  }
  dialect.header(ctx, lines.slice(0, bodyFrom));

  // Only dialect B writes item lines without a bullet (continuations), at any indentation.
  const dialectB = lines.some((l, i) => i >= bodyFrom && !l.blank && isItem(content(l)));
  let unit: Unit | undefined;
  let body: Line[] = [];
  let prevBlank = true;
  let afterFooter = false;
  let afterSection = false;
  const close = () => {
    if (unit) {
      const u = unit;
      const b = dialect.body ? dialect.body(u, body) : body;
      guard(ctx, u.span.start, u.span.end, () => finishUnit(ctx, u, b, dialectB));
    }
    unit = undefined;
    body = [];
  };
  for (let i = bodyFrom; i < lines.length; i++) {
    const line = lines[i];
    // A lone "." (seen between two units of a real v2 export) stands for a blank line.
    if (line.blank || (line.text.length - line.indent <= 3 && /^\s*\.+\s*$/.test(line.text))) {
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
      if ((text[0] === 'E' || text[0] === 'e') && FOOTER.test(text)) {
        close();
        dialect.footer?.(s, e);
        afterFooter = true;
        return;
      }
      if (dialect.section(text)) {
        close();
        ctx.openSection(line);
        dialect.sectionOpened?.();
        afterSection = true;
        return;
      }
      const mk = splitMarker(src, line);
      if (!mk.marker && dialect.isOther?.(text)) {
        close();
        dialect.readOther?.(s, e);
        afterSection = true;
        return;
      }
      const m = mk.marker ? undefined : dialect.unit(text, s);
      // The 10th-edition app writes unit lines at column 0; one typed indented (after Enter kept the
      // indentation) is still a unit line, with a hint. Other dialects (War Organ's) indent them on purpose.
      const indentHint = () => {
        if (line.indent > 0 && dialect === TENTH_APP) ctx.error('unit-line-indented', 'Unit line indented: unit lines start at column 0, their models below them as "•" bullets', line.start, s);
      };
      if (m) {
        close();
        unit = ctx.addUnit(ctx.tok(m.name[0], m.name[1]), s, e);
        setPoints(ctx, unit, m.points);
        dialect.opened?.(unit);
        indentHint();
        return;
      }
      if (!mk.marker && (line.indent === 0 || dialect === TENTH_APP) && (prevBlank || wasSection) && !isItem(text)) {
        // Auspex extension: a Combat Patrol unit line may carry no points.
        close();
        unit = ctx.addUnit(ctx.tok(s, e), s, e);
        dialect.opened?.(unit);
        indentHint();
        return;
      }
      // Continuation lines are always "Nx item"; anything else unbulleted is not app syntax.
      if (unit && (mk.marker || isItem(text))) {
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
  // Dialect B states the battle size before the detachment; dialect A after it.
  let factionLines: Line[];
  if (post.length) {
    for (const l of post) readDetachments(ctx, l.start, l.end, { and: false });
    factionLines = pre;
  } else if (pre.length >= 2) {
    readDetachments(ctx, pre[pre.length - 1].start, pre[pre.length - 1].end, { and: false });
    factionLines = pre.slice(0, -1);
  } else factionLines = pre;
  setFactionLines(ctx, factionLines);
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
  const item = (n: Node) => isItem(ctx.src.slice(n.start, n.end));
  const items = roots.filter(item);
  if (items.filter((n) => n.marker).length < 2) return roots;
  const out: Node[] = [];
  let group: Node | undefined;
  for (let i = 0; i < roots.length; i++) {
    const n = roots[i];
    if (!item(n)) {
      out.push(n);
      continue;
    }
    let next: Node | undefined;
    for (let j = i + 1; j < roots.length && !next; j++) if (item(roots[j])) next = roots[j];
    if (n.marker && next?.marker && (!group || group.children.length > 0)) {
      group = n;
      out.push(n);
    } else if (group) group.children.push(n);
    else out.push(n);
  }
  return out;
}
