// What 11th-edition exports add to a list's header, read the same way for
// every exporter (official app v2, New Recruit, War Organ): detachments with
// their Detachment Points, force dispositions, and the signs that a text is
// an 11th-edition list at all.
import type { ArmyList, NumberToken } from './ast';
import type { Ctx } from './common';
import { numTok, splitList, trimEnd, trimStart } from './lines';
import { splitJoined } from './common';
import { beforeSpaces, foldedAt, spacesEnd } from './lineEnds';

/**
 * "(3 Detachment Points)", "(3 Points de Détachement)", War Organ's "(3/3 Detachment Points)": matched
 * from the text's last "(" only (the statement holds none), so that the time is linear in the line
 * (a lazy `^(.*?)\s*\(` before it was quadratic on a line of spaces). Read by `dpTail`, which answers as it does
 * (test/unit/parse-scans-app.test.ts).
 */
export const DP_TAIL = /^\(\s*(\d+)(?:\s*\/\s*(\d+))?\s*(?:Detachment\s+Points?|Points?\s+de\s+D[ée]tachement|DP)\s*\)\s*$/i;

interface DpSuffix {
  /** Where the text before the statement ends (its trailing spaces left out), relative to the text. */
  namesEnd: number;
  total: [number, number];
  allowance?: [number, number];
}

/** Where the digits from `at` end. */
function digitsEnd(t: string, at: number): number {
  while (at < t.length && t.charCodeAt(at) >= 48 && t.charCodeAt(at) <= 57) at++;
  return at;
}

/** Past an optional "s" (or "S"), then white space that must not be empty: where it ends, or -1. */
function pluralThenSpaces(t: string, at: number): number {
  if (at < 0) return -1;
  if ((t.charCodeAt(at) | 0x20) === 0x73) at++;
  const e = spacesEnd(t, at);
  return e > at ? e : -1;
}

/** The DP statement's keyword from `at` (DP_TAIL's alternatives): where it ends, or -1. */
function dpWordEnd(t: string, at: number): number {
  let k = foldedAt(t, at, 'detachment');
  if (k >= 0) {
    const p = spacesEnd(t, k);
    k = p > k ? foldedAt(t, p, 'point') : -1;
    return k >= 0 && (t.charCodeAt(k) | 0x20) === 0x73 ? k + 1 : k;
  }
  k = pluralThenSpaces(t, foldedAt(t, at, 'point'));
  if (k >= 0) {
    // "de", white space, "d", "é" or "e" in either case, "tachement".
    const de = foldedAt(t, k, 'de');
    const d = de >= 0 ? spacesEnd(t, de) : -1;
    if (d <= de || foldedAt(t, d, 'd') < 0) return -1;
    const c = t.charCodeAt(d + 1);
    return c === 0x65 || c === 0x45 || c === 0xe9 || c === 0xc9 ? foldedAt(t, d + 2, 'tachement') : -1;
  }
  return foldedAt(t, at, 'dp');
}

/** DP_TAIL.exec(text.slice(open)) read by hand: its groups as ranges of `text`, or undefined. */
export function dpTail(text: string, open: number): { total: [number, number]; allowance?: [number, number] } | undefined {
  if (text.charCodeAt(open) !== 40 /* ( */) return undefined;
  const t0 = spacesEnd(text, open + 1);
  const t1 = digitsEnd(text, t0);
  if (t1 === t0) return undefined;
  let at = spacesEnd(text, t1);
  let allowance: [number, number] | undefined;
  if (text.charCodeAt(at) === 47 /* / */) {
    const a0 = spacesEnd(text, at + 1);
    const a1 = digitsEnd(text, a0);
    if (a1 === a0) return undefined;
    allowance = [a0, a1];
    at = spacesEnd(text, a1);
  }
  const k = dpWordEnd(text, at);
  if (k < 0) return undefined;
  const close = spacesEnd(text, k);
  if (text.charCodeAt(close) !== 41 /* ) */ || spacesEnd(text, close + 1) !== text.length) return undefined;
  return allowance ? { total: [t0, t1], allowance } : { total: [t0, t1] };
}

function dpSuffix(text: string): DpSuffix | undefined {
  // DP_TAIL ends in ")" and white space: most texts are refused on their last character.
  if (text.charCodeAt(beforeSpaces(text, text.length) - 1) !== 41 /* ) */) return undefined;
  const open = text.lastIndexOf('(');
  if (open < 0) return undefined;
  const m = dpTail(text, open);
  if (!m) return undefined;
  const namesEnd = beforeSpaces(text, open);
  return m.allowance ? { namesEnd, total: m.total, allowance: m.allowance } : { namesEnd, total: m.total };
}
/** "Force Dispositions:", "Force Disposition:", "Dispositions des Forces :", "FORCE DISPOSITION:". */
const FD_PREFIX = /^(?:Force\s+Dispositions?|Dispositions?\s+des\s+Forces?)\s*:\s*(.*)$/i;

/** Whether [start, end) ends in a Detachment Points statement. */
export function statesDetachmentPoints(text: string): boolean {
  return dpSuffix(text) !== undefined;
}

/** Whether [start, end) is a "Force Dispositions: ..." line. */
export function isDispositionLine(text: string): boolean {
  return opensDisposition(text) && FD_PREFIX.test(text);
}

/** Whether a text opens as FD_PREFIX does: with "F" or "D" (in any case; an `i` pattern folds only ASCII letters to them). */
function opensDisposition(text: string): boolean {
  const c = text.charCodeAt(0) | 0x20;
  return c === 0x66 || c === 0x64;
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
export function readDetachments(ctx: Ctx, from: number, to: number, opts: DetachmentOptions): void {
  const src = ctx.src;
  const list = ctx.list;
  const start = trimStart(src, from, to);
  const end = trimEnd(src, start, to);
  const whole = dpSuffix(src.slice(start, end));
  let total: NumberToken | undefined;
  // A DP statement after the last of several detachments that carry their own is that one's, not the total.
  const parts = splitJoined(src, start, whole ? start + whole.namesEnd : end, opts.and);
  let ownEach = false;
  if (whole) for (let i = 0; i < parts.length - 1 && !ownEach; i++) ownEach = dpSuffix(src.slice(parts[i][0], parts[i][1])) !== undefined;
  if (whole && !ownEach) {
    const t0 = start + whole.total[0];
    total = numTok(src, t0, start + whole.total[1]);
    const span = { start: start + whole.namesEnd, end };
    const a = whole.allowance;
    list.detachmentPointsStated = a ? { total, span, allowance: numTok(src, start + a[0], start + a[1]) } : { total, span };
    // The span runs from the opening parenthesis.
    const open = src.lastIndexOf('(', t0);
    if (open >= start) span.start = open;
  }
  // Without a statement of their own, the names are the parts read above.
  const names = ownEach ? splitJoined(src, start, end, opts.and) : parts;
  const dps: Array<NumberToken | undefined> = (list.detachmentPoints ??= list.detachments.map(() => undefined));
  for (let i = 0; i < names.length; i++) {
    const s = names[i][0];
    const e = names[i][1];
    let ne = e;
    let own: NumberToken | undefined;
    const m = dpSuffix(src.slice(s, e));
    if (m) {
      ne = s + m.namesEnd;
      own = numTok(src, s + m.total[0], s + m.total[1]);
    }
    if (opts.stripRule) {
      // Its group opens the text.
      const r = RULE.exec(src.slice(s, ne));
      if (r) ne = s + r[1].length;
    }
    const ts = trimStart(src, s, ne);
    const te = trimEnd(src, ts, ne);
    if (te <= ts) continue;
    list.detachments.push(ctx.tok(ts, te));
    dps.push(own ?? (names.length === 1 ? total : undefined));
  }
}

/** New Recruit's "Berzerker Warband (Relentless Rage)": the name before the rule. */
const RULE = /^(.*?\S)\s*\([^()]*\)$/;

/**
 * Reads force dispositions: "Force Dispositions: A, B" (a trailing comma happens) or a bare "A" line.
 * `prefixed` false reads the whole range as names.
 */
export function readDispositions(ctx: Ctx, from: number, to: number): void {
  const src = ctx.src;
  const start = trimStart(src, from, to);
  const end = trimEnd(src, start, to);
  const text = src.slice(start, end);
  const m = opensDisposition(text) ? FD_PREFIX.exec(text) : null;
  // Its group runs to the text's end.
  const names = m ? end - m[1].length : start;
  const out = (ctx.list.forceDispositions ??= []);
  for (const [s, e] of splitList(src, names, end)) out.push(ctx.tok(s, e));
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
