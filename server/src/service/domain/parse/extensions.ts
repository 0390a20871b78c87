// Auspex's own additions to hand-written lists: "#" comment lines and the
// closing STRATAGEMS section (one planned use per line). They are lifted out
// of the line stream before the format parser runs, so they work in any format.
import type { OpponentRef, PlannedStratagem, StratagemPlan, TargetRef } from './ast';
import type { Ctx } from './common';
import { Line, grp, numTok, trimRange } from './lines';

const HEADER = /^STRATAGEMS\s*:?$/i;
/** `OPPONENT: <path>` at column 0 (group 1: the path). */
const OPPONENT = /^OPPONENT\s*:\s*(.*)$/di;
const FOOTER = /^(Exported with App Version|Created with)/i;
/** nrsimple writes its structure with "#": "# ++ Army Roster ++", "## Battleline [180 pts]". */
const NR_MARKDOWN = /^(#\s*\+\+|##\s)/;

/** Returns the lines left for the format parser: `lines` itself when nothing was lifted (most lists). */
export function liftExtensions(ctx: Ctx, lines: Line[], markdownHeaders: boolean): Line[] {
  // The lines kept, once one was lifted (until then, the lines before the one read).
  let out: Line[] | undefined;
  let plan: StratagemPlan | undefined;
  let planDone = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (liftLine(line)) out ??= lines.slice(0, i);
    else out?.push(line);
  }
  return out ?? lines;

  /** Whether the line is lifted (read here, not left for the format parser). */
  function liftLine(line: Line): boolean {
    if (line.blank) return !!plan && !planDone;
    // What is lifted opens with "#", "o" (OPPONENT) or "s" (STRATAGEMS), or follows a STRATAGEMS header.
    const c = line.src.charCodeAt(line.contentStart) | 0x20;
    if (!plan && c !== 0x23 /* # */ && c !== 0x6f /* o */ && c !== 0x73 /* s */) return false;
    const { content: text, contentStart: s, contentEnd: e } = line;
    if (text.charCodeAt(0) === 35 /* # */ && !(markdownHeaders && NR_MARKDOWN.test(text))) {
      ctx.list.comments.push({ start: s, end: e });
      return true;
    }
    // Anywhere at column 0, the plan included (no stratagem is named OPPONENT).
    const opp = line.indent === 0 && (text.charCodeAt(0) | 0x20) === 0x6f /* o */ ? OPPONENT.exec(text) : null;
    if (opp) {
      liftOpponent(ctx, opp, s, e);
      return true;
    }
    if (!plan && line.indent === 0 && (text.charCodeAt(0) | 0x20) === 0x73 /* s */ && HEADER.test(text)) {
      plan = { header: ctx.tok(s, e), span: { start: s, end: e }, uses: [] };
      ctx.list.stratagemPlan = plan;
      return true;
    }
    if (!plan || planDone) return false;
    if (FOOTER.test(text)) {
      planDone = true;
      return false;
    }
    try {
      const use = parsePlanLine(ctx, s, e);
      if (use) plan.uses.push(use);
    } catch (x) {
      ctx.error('internal-error', `The parser failed on this line: ${(x as Error)?.message ?? x}`, s, e);
    }
    plan.span.end = e;
    return true;
  }
}

/** The OPPONENT line: its path token, or an `opponent-syntax` error (no path, or a second OPPONENT line). */
function liftOpponent(ctx: Ctx, m: RegExpExecArray, s: number, e: number): void {
  if (ctx.list.opponent) {
    ctx.error('opponent-syntax', 'A list names one opponent: this second OPPONENT line is ignored', s, e);
    return;
  }
  const ref: OpponentRef = { span: { start: s, end: e } };
  ctx.list.opponent = ref;
  const g = grp(m, 1, s);
  const [ps, pe] = g ? trimRange(ctx.src, g[0], g[1]) : [e, e];
  if (pe <= ps) ctx.error('opponent-syntax', 'OPPONENT needs the path of the opponent\'s list, relative to this list ("OPPONENT: ../theirs.txt")', s, e);
  else ref.path = ctx.tok(ps, pe);
}

const HEAD = /^(.*?)\s*(?:\(([^()]*)\))?\s*$/d;
const ROUND = /^round\s+(\d+)\s*(?:,\s*(.*?))?\s*$/di;
const TARGET = /^(.*?)(?:\s*#\s*(\S*))?$/d;

/** `<Stratagem> [(round N[, phase])]: <unit>[, <unit> #2 ...]` */
export function parsePlanLine(ctx: Ctx, s: number, e: number): PlannedStratagem | undefined {
  const src = ctx.src;
  const bad = (msg: string, a: number, b: number) => {
    ctx.error('stratagem-syntax', msg, a, Math.max(b, a + 1 <= e ? a + 1 : a));
    return undefined;
  };
  // The colon that separates the stratagem from its targets is the first one outside parentheses.
  let colon = -1;
  let depth = 0;
  for (let i = s; i < e; i++) {
    const ch = src[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ':' && depth === 0) {
      colon = i;
      break;
    }
  }
  if (colon < 0 && depth > 0) {
    const open = src.lastIndexOf('(', e - 1);
    return bad('Unbalanced parenthesis: timing is written "(round N)" or "(round N, phase)"', open, e);
  }
  if (colon < 0) return bad('A planned stratagem needs ": <target unit>" after its name', s, e);
  const [hs, he] = trimRange(src, s, colon);
  const hm = HEAD.exec(src.slice(hs, he))!;
  const nameR = grp(hm, 1, hs)!;
  if (nameR[1] <= nameR[0]) return bad('The stratagem name is missing', s, colon + 1);
  if (/[()]/.test(src.slice(nameR[0], nameR[1]))) {
    const p = src.indexOf('(', nameR[0]);
    const at = p >= 0 && p < nameR[1] ? p : src.indexOf(')', nameR[0]);
    return bad('Unbalanced parenthesis: timing is written "(round N)" or "(round N, phase)"', at, he);
  }
  const use: PlannedStratagem = { name: ctx.tok(nameR[0], nameR[1]), targets: [], span: { start: s, end: e } };
  const paren = grp(hm, 2, hs);
  if (paren) {
    const [ps, pe] = trimRange(src, paren[0], paren[1]);
    const rm = ROUND.exec(src.slice(ps, pe));
    if (!rm) return bad('Timing must read "(round N)" or "(round N, phase)"', paren[0] - 1, paren[1] + 1);
    const n = grp(rm, 1, ps)!;
    use.round = numTok(src, n[0], n[1]);
    if (use.round.value < 1) return bad('Battle rounds start at 1', n[0], n[1]);
    const ph = grp(rm, 2, ps);
    if (rm[2] !== undefined) {
      if (!ph || ph[1] <= ph[0]) return bad('The phase after the comma is missing', ps, pe);
      use.phase = ctx.tok(ph[0], ph[1]);
    }
  }
  const [ts, te] = trimRange(src, colon + 1, e);
  if (te <= ts) return bad('No target unit after ":"', colon, colon + 1);
  let from = ts;
  for (let i = ts; i <= te; i++) {
    if (i < te && src[i] !== ',') continue;
    const [a, b] = trimRange(src, from, i);
    from = i + 1;
    if (b <= a) return bad('Empty target between commas', Math.min(i, te - 1), Math.min(i + 1, te));
    const tm = TARGET.exec(src.slice(a, b))!;
    const nr = grp(tm, 1, a)!;
    const [ns, ne] = trimRange(src, nr[0], nr[1]);
    if (ne <= ns) return bad('The target unit name is missing', a, b);
    const ref: TargetRef = { name: ctx.tok(ns, ne), span: { start: a, end: b } };
    const ix = grp(tm, 2, a);
    if (tm[2] !== undefined) {
      if (!/^\d+$/.test(tm[2]) || Number(tm[2]) < 1) {
        const hash = src.lastIndexOf('#', b - 1);
        return bad('"#" must be followed by a unit number from 1 ("Atalan Jackals #2")', hash, ix ? ix[1] : b);
      }
      ref.index = Number(tm[2]);
    }
    use.targets.push(ref);
  }
  return use;
}
