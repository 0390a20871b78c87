// What New Recruit's text headers state beyond the faction and detachment, read as they are: the banner's
// `+ LIST NAME:` (the list's name) and `+ POINTS LIMIT: 2000pts` (the battle size, by its points limit), a value
// written `—` (nothing chosen: `+ DETACHMENT: —`, `+ WARLORD: —`), and the simple export's title
// "Chaos - World Eaters - Fiendish! - [2000 pts]", whose points are the limit, not the total. Also the banner itself
// (the `+++` block of the GW-style and WTC exports).
import type { BattleSize } from './ast';
import { Ctx, guard, setFactionPath } from './common';
import { readDetachments, readDispositions } from './eleventh';
import { Line, isSpaceCode, numTok, toNumber, tok, trimRange } from './lines';
import { skipSpaces } from './nrUnitLine';

/** A banner value that states nothing: empty, or New Recruit's "—" (also "-", "–"). */
export function statesNothing(value: string): boolean {
  // /^\s*[—–-]?\s*$/, read by hand (test/unit/parse-scans-others.test.ts holds it to the pattern).
  let i = skipSpaces(value, 0);
  const c = value.charCodeAt(i);
  if (c === 0x2014 || c === 0x2013 || c === 45) i = skipSpaces(value, i + 1);
  return i === value.length;
}

/** The battle sizes by their points limit (Combat Patrol has none). */
const SIZE_BY_LIMIT: Record<number, string> = { 1000: 'Incursion', 2000: 'Strike Force', 3000: 'Onslaught' };

/** "2000pts" / "2,000 pts" over [start, end) as the battle size of that limit; undefined when no number stands there. */
export function battleSizeFromLimit(ctx: Ctx, start: number, end: number): BattleSize | undefined {
  const [s, e] = trimRange(ctx.src, start, end);
  const m = /^(\d[\d,]*)\s*(?:pts?|points?)?$/i.exec(ctx.src.slice(s, e));
  if (!m) return undefined;
  const points = toNumber(m[1]);
  const bs: BattleSize = { name: tok(ctx.src, s, e), points, span: { start: s, end: e } };
  const english = SIZE_BY_LIMIT[points];
  if (english) bs.english = english;
  return bs;
}

/** `+ LIST NAME: X`: the list's name (none for an empty value). */
export function readListName(ctx: Ctx, start: number, end: number): void {
  const t = tok(ctx.src, start, end);
  if (!statesNothing(t.text)) ctx.list.title = t;
}

const BANNER = /^\+{5,}\s*$/;
/** The banner's "+ KEY: value" line: read by hand (readField), this the reference its test holds it to. */
export const FIELD = /^\+\s*([A-Z][A-Z ]*?)\s*:\s*(.*?)\s*$/;
const AMP = /^&\s*(.*?)\s*$/;
const ON = /^(.*?)\s*\(\s*on\s+(?:([A-Za-z]+\d+)\s*:\s*)?(.*?)\s*\)$/;

/**
 * FIELD's groups in a text without line terminators (a line's content), read by hand: the key (the shortest run of
 * capitals and spaces that spaces and a colon follow) and the value (from the spaces after the colon to the trailing
 * spaces; empty, at the text's end). Undefined when FIELD does not match.
 */
export function readField(text: string): { key: [number, number]; value: [number, number] } | undefined {
  if (text.charCodeAt(0) !== 43 /* + */) return undefined;
  const ks = skipSpaces(text, 1);
  const c = text.charCodeAt(ks);
  if (!(c >= 65 && c <= 90)) return undefined;
  // The capitals and spaces run to `j`; the key can end only where the spaces closing that run begin (the spaces
  // before the colon must take them all), and the colon must follow the spaces from `j`.
  let j = ks + 1;
  for (let d = text.charCodeAt(j); (d >= 65 && d <= 90) || d === 32; d = text.charCodeAt(++j));
  const colon = skipSpaces(text, j);
  if (text.charCodeAt(colon) !== 58 /* : */) return undefined;
  let k = j;
  while (k > ks + 1 && text.charCodeAt(k - 1) === 32) k--;
  const vs = skipSpaces(text, colon + 1);
  let ve = text.length;
  while (ve > vs && isSpaceCode(text.charCodeAt(ve - 1))) ve--;
  return { key: [ks, k], value: [vs, ve] };
}

/** A banner's Warlord or enhancement: the name, the character id and name it is given to, the value's range. */
export interface BannerRef {
  name: [number, number];
  charId?: string;
  target?: string;
  span: [number, number];
}

/**
 * The banner at the lines' head (after blank lines), between two "+++++" lines: the list's fields read into the list,
 * the Warlord and enhancements returned (the units, read later, are given them). `end`: the first line after it.
 */
export function readBanner(ctx: Ctx, lines: Line[]): { end: number; enhancements: BannerRef[]; warlord?: BannerRef } {
  const src = ctx.src;
  const list = ctx.list;
  const enhancements: BannerRef[] = [];
  let warlord: BannerRef | undefined;
  const isBanner = (line: Line) => line.text.charCodeAt(0) === 43 /* + */ && line.text.charCodeAt(1) === 43 && BANNER.test(line.text);
  const read = (line: Line) => {
    const { content: text, contentStart: s } = line;
    const f = readField(text);
    const a = f ? null : text.charCodeAt(0) === 38 /* & */ ? AMP.exec(text) : null;
    if (!f && !a) {
      if (text !== '+') ctx.unknownLine(line, 'Unrecognised banner line');
      return;
    }
    // FIELD's key is upper case already; its value (AMP's) runs to the end of the line (trimmed): where it stands
    // follows from its length.
    const key = f ? text.slice(f.key[0], f.key[1]) : 'ENHANCEMENT';
    const e = s + text.length;
    const v: [number, number] = [e - (f ? f.value[1] - f.value[0] : a![1].length), e];
    if (v[1] <= v[0]) return;
    const value = src.slice(v[0], v[1]);
    // "+ DETACHMENT: —", "+ WARLORD: —": nothing chosen.
    if (statesNothing(value)) return;
    if (key === 'LIST NAME') readListName(ctx, v[0], v[1]);
    else if (key === 'POINTS LIMIT') {
      const bs = battleSizeFromLimit(ctx, v[0], v[1]);
      if (bs) list.battleSize = bs;
      else ctx.error('parse-error', `Points limit "${value}" is not a number of points`, v[0], v[1]);
    } else if (key === 'FACTION KEYWORD' || key === 'FACTION') setFactionPath(ctx, v[0], v[1]);
    // "Name (Detachment rule)" keeps only the name; 11th-edition exports join two detachments with a comma.
    else if (key === 'DETACHMENT' || key === 'DETACHMENTS') readDetachments(ctx, v[0], v[1], { and: false, stripRule: true });
    else if (key === 'FORCE DISPOSITION' || key === 'FORCE DISPOSITIONS') readDispositions(ctx, v[0], v[1]);
    else if (key === 'TOTAL ARMY POINTS') {
      const m = /^(\d[\d,]*)/.exec(value);
      if (m) list.statedPoints = numTok(src, v[0], v[0] + m[1].length);
    } else if (key === 'WARLORD') {
      const m = /^(?:([A-Za-z]+\d+)\s*:\s*)?(.*)$/.exec(value)!;
      warlord = { name: [v[1] - m[2].length, v[1]], charId: m[1], target: m[2], span: v };
    } else if (key === 'ENHANCEMENT' || key === 'ENHANCEMENTS') {
      const m = ON.exec(value);
      if (m) enhancements.push({ name: [v[0], v[0] + m[1].length], charId: m[2], target: m[3], span: v });
      else enhancements.push({ name: v, span: v });
    }
  };
  let i = 0;
  while (i < lines.length && lines[i].blank) i++;
  if (i < lines.length && isBanner(lines[i])) {
    for (i++; i < lines.length; i++) {
      const line = lines[i];
      if (isBanner(line)) {
        i++;
        break;
      }
      if (!line.blank) guard(ctx, line.start, line.end, read, line);
    }
  }
  return { end: i, enhancements, warlord };
}
