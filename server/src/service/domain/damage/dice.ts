// Exact distributions of dice expressions ("D6+1", "2D3", "3") and the small
// set of operations on probability mass functions the damage engine needs.
// A distribution is a plain array: dist[v] = P(value = v).
// Every operation spends from the engine's work budget (budget.ts) before it allocates or loops.
import { BOUNDS } from '../bounds';
import { spend } from './budget';

export type Dist = number[];

/** Probabilities below this in a distribution's upper tail are dropped (bounded total error ~1e-17). */
export const TAIL = 1e-20;

/** A parsed dice expression: count × D sides + plus (sides 0 = a plain number). */
export interface DiceExpr {
  count: number;
  sides: number;
  plus: number;
  /** Normalised text ("D6+1", "2D6", "3"). */
  text: string;
}

export class DiceError extends Error {}

const DICE_RE = /^(\d*)\s*[dD]\s*(3|6)\s*(?:([+-])\s*(\d+))?$/;
const NUMBER_RE = /^\d+$/;

/** Parses a dice expression: a whole number, `D3`, `D6`, `2D6`, `D6+1`, `D3+3`. Throws DiceError with a clear message. */
export function parseDice(expr: string | number): DiceExpr {
  if (typeof expr === 'number') {
    if (!Number.isInteger(expr) || expr < 0) throw new DiceError(`${expr} is not a whole number of 0 or more`);
    if (expr > BOUNDS.diceValue) throw new DiceError(`${expr} is beyond the bound of ${BOUNDS.diceValue} for a number in a characteristic or weapon keyword`);
    return { count: 0, sides: 0, plus: expr, text: String(expr) };
  }
  const s = expr.trim().replace(/\u2212/g, '-');
  if (NUMBER_RE.test(s)) return parseDice(Number(s));
  const m = DICE_RE.exec(s);
  if (!m) throw new DiceError(`"${expr}" is not a dice expression (expected a number, D3, D6, 2D6, D6+1, D3+3 ...)`);
  const count = m[1] === '' ? 1 : Number(m[1]);
  if (count < 1 || count > 20) throw new DiceError(`"${expr}": the number of dice must be 1 to 20`);
  const sides = Number(m[2]);
  const plus = m[3] ? (m[3] === '-' ? -1 : 1) * Number(m[4]) : 0;
  if (count + plus < 0) throw new DiceError(`"${expr}" can be negative`);
  if (count * sides + plus > BOUNDS.diceValue) throw new DiceError(`"${expr}" can exceed the bound of ${BOUNDS.diceValue} for a number in a characteristic or weapon keyword`);
  const text = `${count === 1 ? '' : count}D${sides}${plus > 0 ? '+' + plus : plus < 0 ? String(plus) : ''}`;
  return { count, sides, plus, text };
}

/** Non-throwing variant for validation. */
export function tryParseDice(expr: unknown): { dice: DiceExpr } | { error: string } {
  if (typeof expr !== 'string' && typeof expr !== 'number') return { error: 'expected a number or a dice expression' };
  try {
    return { dice: parseDice(expr) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The exact distribution of a dice expression. D3 is a D6 halved rounding up, so uniform on 1..3. */
export function diceDist(d: DiceExpr | string | number): Dist {
  const e = typeof d === 'object' ? d : parseDice(d);
  let dist: Dist = [1];
  if (e.sides > 0) {
    const die = uniform(1, e.sides);
    for (let i = 0; i < e.count; i++) dist = convolve(dist, die);
  }
  return shift(dist, e.plus);
}

/** Uniform distribution on lo..hi. */
export function uniform(lo: number, hi: number): Dist {
  spend(hi + 1);
  const d: Dist = new Array(hi + 1).fill(0);
  for (let v = lo; v <= hi; v++) d[v] = 1 / (hi - lo + 1);
  return d;
}

/** Point mass at v. */
export function point(v: number): Dist {
  spend(v + 1);
  const d: Dist = new Array(v + 1).fill(0);
  d[v] = 1;
  return d;
}

/** Distribution of X + k (values below 0 are clamped to 0). */
export function shift(d: Dist, k: number): Dist {
  spend(d.length + Math.max(0, k));
  if (k === 0) return d.slice();
  const out: Dist = new Array(Math.max(1, d.length + k)).fill(0);
  for (let v = 0; v < d.length; v++) if (d[v]) out[Math.max(0, v + k)] += d[v];
  return out;
}

/** Distribution of f(X). */
export function mapDist(d: Dist, f: (v: number) => number): Dist {
  const out: Dist = [];
  spend(d.length);
  for (let v = 0; v < d.length; v++) {
    if (!d[v]) continue;
    const w = f(v);
    if (w >= out.length) spend(w + 1 - out.length);
    while (out.length <= w) out.push(0);
    out[w] += d[v];
  }
  return out.length ? out : [1];
}

/** Distribution of X + Y for independent X, Y. */
export function convolve(a: Dist, b: Dist): Dist {
  spend(a.length * b.length + a.length + b.length);
  const out: Dist = new Array(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    if (!ai) continue;
    for (let j = 0; j < b.length; j++) if (b[j]) out[i + j] += ai * b[j];
  }
  return out;
}

/** Distribution of the sum of n independent copies of X. */
export function convolvePower(d: Dist, n: number): Dist {
  let out: Dist = [1];
  let base = d;
  // Square-and-multiply keeps this O(log n) convolutions.
  while (n > 0) {
    if (n & 1) out = convolve(out, base);
    n >>= 1;
    if (n) base = convolve(base, base);
  }
  return out;
}

/**
 * Distribution of X1 + ... + XN where N ~ count and the Xi ~ each are independent
 * (a compound distribution: "roll N, then sum N dice").
 */
export function compound(count: Dist, each: Dist): Dist {
  const nMax = count.length - 1;
  const size = nMax * (each.length - 1) + 1;
  spend(3 * size);
  let acc = new Float64Array(size);
  let next = new Float64Array(size);
  const out = new Float64Array(size);
  acc[0] = 1;
  let len = 1; // acc's support is 0..len-1
  for (let n = 0; n <= nMax; n++) {
    if (n > 0) {
      spend(len * each.length + len);
      next.fill(0, 0, len + each.length - 1);
      for (let i = 0; i < len; i++) {
        const a = acc[i];
        if (a === 0) continue;
        for (let j = 0; j < each.length; j++) next[i + j] += a * each[j];
      }
      len += each.length - 1;
      // Upper-tail cells below 1e-20 are dropped: they cannot matter to any figure we show.
      while (len > 1 && next[len - 1] < TAIL) len--;
      const t = acc;
      acc = next;
      next = t;
    }
    const p = count[n];
    if (p) for (let v = 0; v < len; v++) out[v] += p * acc[v];
  }
  // A plain loop: Array.from of a typed array takes its slow iterator path and costs more than the work here.
  let n = out.length;
  while (n > 1 && out[n - 1] === 0) n--;
  const d: Dist = new Array(n);
  for (let v = 0; v < n; v++) d[v] = out[v];
  return d;
}

/** Weighted mixture of distributions (weights sum to 1). */
export function mixture(parts: { p: number; dist: Dist }[]): Dist {
  const out: Dist = [];
  for (const { p, dist } of parts) {
    while (out.length < dist.length) out.push(0);
    for (let v = 0; v < dist.length; v++) out[v] += p * dist[v];
  }
  return out.length ? out : [1];
}

export function mean(d: Dist): number {
  let m = 0;
  for (let v = 1; v < d.length; v++) m += v * d[v];
  return m;
}

export function variance(d: Dist): number {
  const m = mean(d);
  let s = 0;
  for (let v = 0; v < d.length; v++) s += (v - m) * (v - m) * d[v];
  return s;
}

/** P(X >= k). */
export function atLeast(d: Dist, k: number): number {
  let s = 0;
  for (let v = Math.max(0, k); v < d.length; v++) s += d[v];
  return Math.min(1, s);
}

/** Drops trailing zero cells (keeps at least one). */
export function trimZeros(d: Dist): Dist {
  let n = d.length;
  while (n > 1 && d[n - 1] === 0) n--;
  return n === d.length ? d : d.slice(0, n);
}

/** Binomial(n, p) distribution. */
export function binomial(n: number, p: number): Dist {
  spend((n + 1) * (n + 2));
  const out: Dist = new Array(n + 1).fill(0);
  out[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k >= 1; k--) out[k] = out[k] * (1 - p) + out[k - 1] * p;
    out[0] *= 1 - p;
  }
  return out;
}
