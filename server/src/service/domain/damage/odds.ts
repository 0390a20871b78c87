// Dice odds shown in hovers: charges, Battle-shock tests, Advance moves. Exact.
import { Dist, atLeast, diceDist } from './dice';

const TWO_D6: Dist = diceDist('2D6');

/** P(2D6 + mod ≥ distance): the chance to make a charge of `distance` inches. */
export function chargeChance(distance: number, mod = 0): number {
  return atLeast(TWO_D6, Math.ceil(distance - mod));
}

/** Charge chances for 1..12" (index 0 = 1"). */
export function chargeTable(mod = 0): { distance: number; p: number }[] {
  const out: { distance: number; p: number }[] = [];
  for (let d = 1; d <= 12; d++) out.push({ distance: d, p: chargeChance(d, mod) });
  return out;
}

/** P(pass a Battle-shock test): 2D6 + mod ≥ Ld (Ld as the target number: 7 means 7+). */
export function battleShockPass(ld: number, mod = 0): number {
  return atLeast(TWO_D6, ld - mod);
}

/** Distribution of an Advance move M + D6 (M in inches, or the printed `12"`). */
export function advanceDistribution(move: number | string): { distance: number; p: number }[] {
  const m = typeof move === 'number' ? move : parseInt(move, 10);
  if (!Number.isFinite(m)) return [];
  const out: { distance: number; p: number }[] = [];
  for (let r = 1; r <= 6; r++) out.push({ distance: m + r, p: 1 / 6 });
  return out;
}

/** Expected Advance distance M + 3.5. */
export function expectedAdvance(move: number | string): number {
  const d = advanceDistribution(move);
  return d.reduce((s, x) => s + x.distance * x.p, 0);
}
