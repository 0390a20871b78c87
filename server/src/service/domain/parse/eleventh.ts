// What 11th-edition exports add to a list's header, read the same way for
// every exporter (official app v2, New Recruit, War Organ): detachments with
// their Detachment Points, force dispositions, and the signs that a text is
// an 11th-edition list at all.
import type { ArmyList, NumberToken } from './ast';
import type { Ctx } from './common';
import { grp, numTok, splitList, trimRange } from './lines';
import { splitJoined } from './common';

/**
 * "(3 Detachment Points)", "(3 Points de Détachement)", War Organ's "(3/3 Detachment Points)": matched
 * from the text's last "(" only (the statement holds none), so that the time is linear in the line
 * (a lazy `^(.*?)\s*\(` before it was quadratic on a line of spaces).
 */
const DP_TAIL = /^\(\s*(\d+)(?:\s*\/\s*(\d+))?\s*(?:Detachment\s+Points?|Points?\s+de\s+D[ée]tachement|DP)\s*\)\s*$/di;

interface DpSuffix {
  /** Where the text before the statement ends (its trailing spaces left out), relative to the text. */
  namesEnd: number;
  total: [number, number];
  allowance?: [number, number];
}

function dpSuffix(text: string): DpSuffix | undefined {
  const open = text.lastIndexOf('(');
  if (open < 0) return undefined;
  const m = DP_TAIL.exec(text.slice(open));
  if (!m) return undefined;
  let namesEnd = open;
  while (namesEnd > 0 && /\s/.test(text[namesEnd - 1])) namesEnd--;
  const total = grp(m, 1, open)!;
  const allowance = grp(m, 2, open);
  return { namesEnd, total, ...(allowance ? { allowance } : {}) };
}
/** "Force Dispositions:", "Force Disposition:", "Dispositions des Forces :", "FORCE DISPOSITION:". */
const FD_PREFIX = /^(?:Force\s+Dispositions?|Dispositions?\s+des\s+Forces?)\s*:\s*(.*)$/di;

/** Whether [start, end) ends in a Detachment Points statement. */
export function statesDetachmentPoints(text: string): boolean {
  return dpSuffix(text) !== undefined;
}

/** Whether [start, end) is a "Force Dispositions: ..." line. */
export function isDispositionLine(text: string): boolean {
  return FD_PREFIX.test(text);
}

export interface DetachmentOptions {
  /** Split on " and " / " et " as well as on commas (the app; War Organ and New Recruit use commas only). */
  and: boolean;
  /** New Recruit appends the detachment rule: "Berzerker Warband (Relentless Rage)" keeps only the name. */
  stripRule?: boolean;
}

/**
 * Reads a detachment line into `list.detachments` (+ `detachmentPoints`, `detachmentPointsStated`):
 * "A and B (3 Detachment Points)", "A, B (3/3 Detachment Points)", "A (2 Detachment Points) and B (1 ...)", "A".
 */
export function readDetachments(ctx: Ctx, start: number, end: number, opts: DetachmentOptions): void {
  const src = ctx.src;
  const list = ctx.list;
  [start, end] = trimRange(src, start, end);
  let namesEnd = end;
  const whole = dpSuffix(src.slice(start, end));
  let total: NumberToken | undefined;
  // A DP statement after the last of several detachments that carry their own is that one's, not the total.
  const parts = splitJoined(src, start, whole ? start + whole.namesEnd : end, opts.and);
  const ownEach = whole && parts.length > 1 && parts.slice(0, -1).some(([s, e]) => dpSuffix(src.slice(s, e)) !== undefined);
  if (whole && !ownEach) {
    namesEnd = start + whole.namesEnd;
    const t = [start + whole.total[0], start + whole.total[1]];
    total = numTok(src, t[0], t[1]);
    const a = whole.allowance && [start + whole.allowance[0], start + whole.allowance[1]];
    list.detachmentPointsStated = { total, span: { start: start + whole.namesEnd, end }, ...(a ? { allowance: numTok(src, a[0], a[1]) } : {}) };
    // The span runs from the opening parenthesis.
    const open = src.lastIndexOf('(', t[0]);
    if (open >= start) list.detachmentPointsStated.span.start = open;
  }
  const names = splitJoined(src, start, ownEach ? end : namesEnd, opts.and);
  const dps: Array<NumberToken | undefined> = (list.detachmentPoints ??= list.detachments.map(() => undefined));
  for (const [s, e] of names) {
    let [ns, ne] = [s, e];
    let own: NumberToken | undefined;
    const m = dpSuffix(src.slice(s, e));
    if (m) {
      ne = s + m.namesEnd;
      own = numTok(src, s + m.total[0], s + m.total[1]);
    }
    if (opts.stripRule) {
      const r = /^(.*?\S)\s*\([^()]*\)$/d.exec(src.slice(ns, ne));
      if (r) ne = ns + r.indices![1][1];
    }
    [ns, ne] = trimRange(src, ns, ne);
    if (ne <= ns) continue;
    list.detachments.push(ctx.tok(ns, ne));
    dps.push(own ?? (names.length === 1 ? total : undefined));
  }
}

/**
 * Reads force dispositions: "Force Dispositions: A, B" (a trailing comma happens) or a bare "A" line.
 * `prefixed` false reads the whole range as names.
 */
export function readDispositions(ctx: Ctx, start: number, end: number): void {
  const src = ctx.src;
  [start, end] = trimRange(src, start, end);
  const m = FD_PREFIX.exec(src.slice(start, end));
  const from = m ? start + m.indices![1][0] : start;
  const out = (ctx.list.forceDispositions ??= []);
  for (const [s, e] of splitList(src, from, end)) out.push(ctx.tok(s, e));
}

/** Whether what the parser found shows an 11th-edition list (the app's v2 footer is set by its reader). */
export function showsEleventh(list: ArmyList): boolean {
  return (
    !!list.detachmentPointsStated ||
    !!list.detachmentPoints?.some((d) => d) ||
    !!list.forceDispositions?.length ||
    !!list.attachments?.length ||
    // The 10th edition allows one detachment.
    list.detachments.length > 1
  );
}
