// What New Recruit's text headers state beyond the faction and detachment, read as they are: the banner's
// `+ LIST NAME:` (the list's name) and `+ POINTS LIMIT: 2000pts` (the battle size, by its points limit), a value
// written `—` (nothing chosen: `+ DETACHMENT: —`, `+ WARLORD: —`), and the simple export's title
// "Chaos - World Eaters - Fiendish! - [2000 pts]", whose points are the limit, not the total.
import type { BattleSize } from './ast';
import type { Ctx } from './common';
import { toNumber, tok, trimRange } from './lines';

/** A banner value that states nothing: empty, or New Recruit's "—" (also "-", "–"). */
export function statesNothing(value: string): boolean {
  return /^\s*[—–-]?\s*$/.test(value);
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
