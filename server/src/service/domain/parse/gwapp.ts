// The official Warhammer 40,000 app export, both dialects and the older
// 4-space build, plus the Auspex hand-writing extensions (units without
// points in Combat Patrol lists, "• Leading:" bullets).
import type { Unit } from './ast';
import { Ctx, bulletMarker, bulletStart, guard, joinBody, parseBattleSize, setFactionLines, setPoints } from './common';
import { BodyStyle, Node, interpretBody } from './body';
import { Line, isSpaceCode, numTok, trimEnd } from './lines';
import { readDetachments } from './eleventh';
import { unitTail } from './lineEnds';

const SECTION = /^(CHARACTERS?|EPIC HERO(?:ES)?|BATTLELINE|DEDICATED TRANSPORTS?|OTHER DATASHEETS|ALLIED UNITS|ATTACHED UNITS|FORTIFICATIONS?)$/i;
/** "Name (95 points)". */
export const UNIT = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*points?\s*\)$/i;
const FOOTER = /^(?:Exported with App Version|Export[ée] avec la Version de l.Appli)/i;
const JUNK = /^(undefined|null)$/;
/** An item starts with its count: read by `isItem` (test/unit/parse-scans-app.test.ts compares them). */
export const ITEM = /^\d+\s*x\s/i;

/**
 * SECTION.test of a line's content (trimmed): its names run from 9 ("EPIC HERO") to 20 characters ("DEDICATED
 * TRANSPORTS") and open with A, B, C, D, E, F or O (in either case: an `i` pattern folds only ASCII letters to them).
 */
export function isAppSection(t: string): boolean {
  if (t.length < 9 || t.length > 20) return false;
  const c = t.charCodeAt(0) | 0x20;
  return (c === 0x61 || c === 0x62 || c === 0x63 || c === 0x64 || c === 0x65 || c === 0x66 || c === 0x6f) && SECTION.test(t);
}

/** ITEM.test(t): digits, white space, "x" or "X", a white space character. */
export function isItem(t: string): boolean {
  let i = 0;
  while (i < t.length && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
  if (i === 0) return false;
  while (i < t.length && isSpaceCode(t.charCodeAt(i))) i++;
  return (t.charCodeAt(i) | 0x20) === 0x78 /* x */ && isSpaceCode(t.charCodeAt(i + 1));
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

export interface UnitRanges {
  name: [number, number];
  points: [number, number];
}

/**
 * A unit line's match (UNIT, or gwapp2's flattened one) as ranges of the text, which starts at `s`: the name opens
 * it, and the points are its last run of digits and commas (no `d` flag, which costs more than the match).
 */
export function unitRanges(m: RegExpExecArray, text: string, s: number): UnitRanges {
  const p = text.lastIndexOf(m[2]);
  return { name: [s, s + m[1].length], points: [s + p, s + p + m[2].length] };
}

/** UNIT's reading of a line (read from its end, lineEnds.ts). */
export function unitLine(text: string, s: number): UnitRanges | undefined {
  const m = unitTail(text);
  if (!m) return undefined;
  // The points' range, moved to the text's place (unitTail's own array: nothing else holds it).
  const points = m.points;
  points[0] += s;
  points[1] += s;
  return { name: [s, s + m.nameEnd], points };
}

const TENTH_APP: AppDialect = { section: isAppSection, unit: unitLine, header: parseHeader };

export function parseGwApp(ctx: Ctx, lines: Line[], dialect: AppDialect = TENTH_APP): void {
  const src = ctx.src;

  // The header runs to the first section header (or, when a list has none, to the first unit line after the title).
  let bodyFrom = lines.findIndex((l) => !l.blank && dialect.section(l.content));
  if (bodyFrom < 0) {
    const firstText = lines.findIndex((l) => !l.blank);
    bodyFrom = lines.findIndex((l, i) => i > firstText && !l.blank && !!dialect.unit(l.content, 0) && !parseBattleSize(src, l.contentStart, l.contentEnd));
    if (bodyFrom < 0) bodyFrom = lines.length;
  }
  dialect.header(ctx, lines.slice(0, bodyFrom));

  // Only dialect B writes item lines without a bullet (continuations), at any indentation.
  let dialectB = false;
  for (let i = bodyFrom; i < lines.length && !dialectB; i++) dialectB = !lines[i].blank && isItem(lines[i].content);
  let unit: Unit | undefined;
  let body: Line[] = [];
  let prevBlank = true;
  let afterFooter = false;
  let afterSection = false;
  // The body of the unit being closed, which `finish` (made once: guard runs it for each unit) reads.
  let closing: Line[] = body;
  const finish = (u: Unit) => finishUnit(ctx, u, closing, dialectB);
  const close = () => {
    if (unit) {
      const u = unit;
      closing = dialect.body ? dialect.body(u, body) : body;
      guard(ctx, u.span.start, u.span.end, finish, u);
    }
    unit = undefined;
    // Only a unit's body holds lines (and neither reader keeps it).
    if (body.length) body = [];
  };
  // The 10th-edition app writes unit lines at column 0; one typed indented (after Enter kept the
  // indentation) is still a unit line, with a hint. Other dialects (War Organ's) indent them on purpose.
  const indentHint = (line: Line) => {
    if (line.indent > 0 && dialect === TENTH_APP) ctx.error('unit-line-indented', 'Unit line indented: unit lines start at column 0, their models below them as "•" bullets', line.start, line.contentStart);
  };
  let wasSection = false;
  const read = (line: Line) => {
    const { content: text, contentStart: s, contentEnd: e } = line;
    if (afterFooter) {
      if (!JUNK.test(text)) ctx.unknownLine(line, 'Text after the export footer');
      return;
    }
    // No footer, section or unit line opens with a bullet, and no bullet is an ASCII letter or digit (those lines are
    // not asked for one).
    const c = text.charCodeAt(0);
    const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
    if (!letter && !(c >= 48 && c <= 57) && joinBody(ctx, unit, body, line)) return;
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
    if (dialect.isOther?.(text)) {
      close();
      dialect.readOther?.(s, e);
      afterSection = true;
      return;
    }
    const m = dialect.unit(text, s);
    if (m) {
      close();
      unit = ctx.addUnit(ctx.tok(m.name[0], m.name[1]), s, e);
      setPoints(ctx, unit, m.points);
      dialect.opened?.(unit);
      indentHint(line);
      return;
    }
    if ((line.indent === 0 || dialect === TENTH_APP) && (prevBlank || wasSection) && !isItem(text)) {
      // Auspex extension: a Combat Patrol unit line may carry no points.
      close();
      unit = ctx.addUnit(ctx.tok(s, e), s, e);
      dialect.opened?.(unit);
      indentHint(line);
      return;
    }
    // Continuation lines are always "Nx item"; anything else unbulleted is not app syntax.
    if (unit && isItem(text)) {
      body.push(line);
      unit.span.end = e;
      return;
    }
    ctx.unknownLine(line, unit ? 'Unrecognised line in a unit' : 'Line outside any unit');
  };
  for (let i = bodyFrom; i < lines.length; i++) {
    const line = lines[i];
    // A lone "." (seen between two units of a real v2 export) stands for a blank line.
    // (Its length from its offsets: `text` is cut when read.)
    if (line.blank || (line.end - line.start - line.indent <= 3 && /^\s*\.+\s*$/.test(line.text))) {
      close();
      prevBlank = true;
      continue;
    }
    wasSection = afterSection;
    afterSection = false;
    guard(ctx, line.start, line.end, read, line);
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
  // Made once: `guard` runs it on each line.
  const readLine = (line: Line) => {
    let title: UnitRanges | undefined;
    const bs = parseBattleSize(src, line.contentStart, line.contentEnd);
    if (bs) {
      list.battleSize = bs;
      sawSize = true;
    } else if (first && (title = unitLine(line.content, line.contentStart))) {
      list.title = ctx.tok(title.name[0], title.name[1]);
      list.statedPoints = numTok(src, title.points[0], title.points[1]);
    } else (sawSize ? post : pre).push(line);
    first = false;
  };
  for (const line of lines) if (!line.blank) guard(ctx, line.start, line.end, readLine, line);
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
  // The open bullets, outermost first, and their levels.
  const open: Node[] = [];
  const levels: number[] = [];
  let lastList: Node[] = roots;
  let hasSub = false;
  let oneIndent = true;
  const indent = body.length ? body[0].indent : 0;
  for (const line of body) {
    // bulleted's reading, without a Bullet made for each line (its parts go into the node).
    const marker = line.bullet ? line.bullet.marker : bulletMarker(src, line);
    const start = bulletStart(src, line, marker);
    const node: Node = { start, end: trimEnd(src, start, line.contentEnd), marker, children: [] };
    oneIndent &&= line.indent === indent;
    if (!marker) {
      lastList.push(node);
      continue;
    }
    if (marker === '◦') hasSub = true;
    const level = line.indent + (marker === '◦' ? 1000 : 0);
    while (levels.length && levels[levels.length - 1] >= level) {
      open.pop();
      levels.pop();
    }
    const list = open.length ? open[open.length - 1].children : roots;
    list.push(node);
    open.push(node);
    levels.push(level);
    lastList = list;
  }
  let tree = roots;
  if (dialectB && !hasSub && body.length > 0 && oneIndent) tree = regroupFlatDialectB(ctx, roots);
  interpretBody(ctx, unit, tree, APP_BODY, false);
}

const APP_BODY: BodyStyle = { inlineGroups: false, multiplyInline: false, childlessAreGroups: false, bundlesUnlessCounted: false, untalliedIsNote: true, countedBesideGroupsAreGroups: true };

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
