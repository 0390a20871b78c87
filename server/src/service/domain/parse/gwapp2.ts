// The official app's v2 export (11th edition), English and French, and the
// pastes that flatten it (no indentation, no blank lines, no space before the
// points: "Paladin Squad485 Points"). The body is the v1 app's (shared loop in
// gwapp.ts); v2 adds the header's Detachment Points and force dispositions,
// the `Attached Units` block with its `Attached as:` bullets, and a footer
// naming the app's data version. War Organ's app-style export (format
// 'warorganapp') is read here too: the same layout, detachments joined by commas.
import { AttachedBlock, isAttachedGroupHeader } from './attached';
import { Ctx, guard, parseBattleSize, setFactionLines } from './common';
import { AppDialect, UnitRanges, isAppSection, parseGwApp, unitLine as appUnitLine, unitRanges } from './gwapp';
import { isDispositionLine, readDetachments, readDispositions, statesDetachmentPoints } from './eleventh';
import { Line, grp, numTok } from './lines';

/** The flattened paste: "Paladin Squad485 Points". */
const FLAT_UNIT = /^(.*?[^\s\d,(])\s*(\d[\d,]*)\s*points?$/i;
/** French section headers (the names are English in both). */
const FRENCH_SECTION = /^(PERSONNAGES?|H[ÉE]ROS [ÉE]PIQUES?|LIGNE|TRANSPORTS? ASSIGN[ÉE]S?|AUTRES FICHES TECHNIQUES|UNIT[ÉE]S ALLI[ÉE]ES|UNIT[ÉE]S ATTACH[ÉE]ES|FORTIFICATIONS?)$/i;
/** FRENCH_SECTION.test, tried only on its lengths (5 to 24 characters) and initials (P, H, L, T, A, U, F). */
function frenchSection(t: string): boolean {
  const c = t.charCodeAt(0) | 0x20;
  const initial = c === 0x70 || c === 0x68 || c === 0x6c || c === 0x74 || c === 0x61 || c === 0x75 || c === 0x66;
  return initial && t.length >= 5 && t.length <= 24 && FRENCH_SECTION.test(t);
}
/** "Exported with App Version: v2.4.0 (139), Data Version: v925" and the French "Version de Données : v925". */
const FOOTER_DATA = /(?:Data Version|Version de Donn[ée]es)\s*:\s*(\S+)\s*$/di;
const FOOTER_APP = /(?:App Version|Version de l.Appli)\s*:\s*v?(\d+)/i;

function unitLine(text: string, s: number): UnitRanges | undefined {
  // Every unit line ends in "points)" or, flattened, "points": skip the regexes for the rest.
  const last = text.charCodeAt(text.length - 1);
  if (last !== 41 /* ) */ && last !== 115 && last !== 83 && last !== 116 && last !== 84 /* s S t T */) return undefined;
  if (last === 41) return appUnitLine(text, s);
  const m = FLAT_UNIT.exec(text);
  return m ? unitRanges(m, text, s) : undefined;
}

export function parseGwApp2(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  const block = new AttachedBlock(ctx);
  const dialect: AppDialect = {
    section: (t) => isAppSection(t) || frenchSection(t),
    unit: unitLine,
    header: (c, ls) => parseHeader(c, ls, list.format !== 'warorganapp'),
    // A section header ends the attached group it follows.
    sectionOpened: () => block.endGroup(),
    isOther: isAttachedGroupHeader,
    readOther: (s, e) => block.openGroup(s, e),
    body: (unit, body) => block.takeRole(unit, body),
    footer: (s, e) => {
      const text = src.slice(s, e);
      const d = FOOTER_DATA.exec(text);
      if (d) {
        const r = grp(d, 1, s)!;
        list.dataVersion = ctx.tok(r[0], r[1]);
      }
      const app = FOOTER_APP.exec(text);
      if (app && Number(app[1]) >= 2) list.editionShown = 11;
    },
  };
  parseGwApp(ctx, lines, dialect);
}

/**
 * The v2 header: title, faction (a chapter under "Space Marines"), the detachment line with its Detachment
 * Points, force dispositions (bare or "Force Dispositions:") and the battle size, before or after the detachments.
 */
function parseHeader(ctx: Ctx, lines: Line[], joinAnd: boolean): void {
  const src = ctx.src;
  const list = ctx.list;
  const rest: Array<{ line: Line; afterSize: boolean }> = [];
  let sawSize = false;
  let dpIndex = -1;
  let first = true;
  // Made once: `guard` runs it on each line.
  const readLine = (line: Line) => {
    const { content: text, contentStart: s, contentEnd: e } = line;
    const bs = parseBattleSize(src, line.contentStart, line.contentEnd);
    const title = first && !bs ? unitLine(text, s) : undefined;
    first = false;
    if (bs) {
      list.battleSize = bs;
      sawSize = true;
    } else if (title) {
      list.title = ctx.tok(title.name[0], title.name[1]);
      list.statedPoints = numTok(src, title.points[0], title.points[1]);
    } else if (isDispositionLine(text)) readDispositions(ctx, s, e);
    else if (dpIndex < 0 && statesDetachmentPoints(text)) {
      readDetachments(ctx, s, e, { and: joinAnd });
      dpIndex = rest.length;
    } else rest.push({ line, afterSize: sawSize });
  };
  for (const line of lines) if (!line.blank) guard(ctx, line.start, line.end, readLine, line);
  let factionLines: Line[];
  if (dpIndex >= 0) {
    // Before the detachment line: the faction; after it: bare force dispositions.
    factionLines = rest.slice(0, dpIndex).map((r) => r.line);
    for (const r of rest.slice(dpIndex)) readDispositions(ctx, r.line.start, r.line.end);
  } else {
    // No Detachment Points: as in v1, the detachment stands after the battle size, or last before it.
    const post = rest.filter((r) => r.afterSize).map((r) => r.line);
    const pre = rest.filter((r) => !r.afterSize).map((r) => r.line);
    if (post.length) {
      for (const l of post) readDetachments(ctx, l.start, l.end, { and: joinAnd });
      factionLines = pre;
    } else if (pre.length >= 2) {
      const l = pre[pre.length - 1];
      readDetachments(ctx, l.start, l.end, { and: joinAnd });
      factionLines = pre.slice(0, -1);
    } else factionLines = pre;
  }
  setFactionLines(ctx, factionLines);
}
