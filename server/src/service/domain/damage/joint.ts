// Joint distributions of (K packets, M pending Devastating-Wound units) over a weapon's attacks: the
// generic 2-D compound (any per-attack joint) and, for the common case where every attack reduces to a
// number of wound-rolled hits, a closed form (binomial thinning) that costs O(|R|·cap + cap²) instead of
// O(attacks · cap² · per-attack cells).
import { Dist, TAIL, convolve } from './dice';
import { allocate, spend } from './budget';

/** Joint distribution of (k normal unsaved attacks, m pending dev units), flat: p[k × nm + m]; the last k and m cells hold "at least". */
export interface Joint {
  nk: number;
  nm: number;
  p: Float64Array;
}

export function joint(nk: number, nm: number): Joint {
  spend(nk * nm);
  allocate(nk * nm);
  return { nk, nm, p: new Float64Array(nk * nm) };
}

export function jointFrom(rows: number[][]): Joint {
  const nm = Math.max(...rows.map((r) => r.length));
  const j = joint(rows.length, nm);
  rows.forEach((r, k) => r.forEach((v, m) => (j.p[k * nm + m] = v)));
  return j;
}

export function conv2(a: Joint, b: Joint, kCap: number, mCap: number): Joint {
  const nk = Math.min(kCap, a.nk + b.nk - 2) + 1;
  const nm = Math.min(mCap, a.nm + b.nm - 2) + 1;
  spend(a.nk * a.nm * b.nk * b.nm);
  const out = joint(nk, nm);
  const o = out.p;
  const ap = a.p;
  const bp = b.p;
  for (let i = 0; i < a.nk; i++) {
    for (let j = 0; j < a.nm; j++) {
      const p = ap[i * a.nm + j];
      if (p < TAIL) continue; // negligible cells (< 1e-20) are dropped, as in dice.compound

      for (let k = 0; k < b.nk; k++) {
        const rowBase = Math.min(i + k, nk - 1) * nm;
        const bBase = k * b.nm;
        for (let l = 0; l < b.nm; l++) {
          const q = bp[bBase + l];
          if (q !== 0) o[rowBase + Math.min(j + l, nm - 1)] += p * q;
        }
      }
    }
  }
  return out;
}

/** acc + s·x (a new joint large enough for both). */
export function addScaled2(acc: Joint, x: Joint, s: number): Joint {
  const nk = Math.max(acc.nk, x.nk);
  const nm = Math.max(acc.nm, x.nm);
  spend(x.nk * x.nm);
  const out = nk === acc.nk && nm === acc.nm ? acc : joint(nk, nm);
  if (out !== acc) for (let i = 0; i < acc.nk; i++) for (let j = 0; j < acc.nm; j++) out.p[i * nm + j] = acc.p[i * acc.nm + j];
  for (let i = 0; i < x.nk; i++) for (let j = 0; j < x.nm; j++) out.p[i * nm + j] += s * x.p[i * x.nm + j];
  return out;
}

/** Sum of N independent copies of `each`, N ~ count. */
export function compound2(count: Dist, each: Joint, kCap: number, mCap: number): Joint {
  let acc = jointFrom([[1]]);
  let out = jointFrom([[0]]);
  for (let n = 0; n < count.length; n++) {
    if (n > 0) acc = conv2(acc, each, kCap, mCap);
    if (count[n]) out = addScaled2(out, acc, count[n]);
  }
  return out;
}

/**
 * Binomial thinning of `rolled`: out[j] = Σ_r P(R = r) · C(r, j) s^j (1 − s)^(r − j) for j = 0..J (the law of the
 * number kept when each of R items is kept with probability s). By Horner's rule over r: acc ← acc ∗ [1 − s, s] +
 * P(r)·δ0 from the largest r down, cut at J (cells above J never flow back): only additions and products of
 * probabilities, exact up to rounding.
 */
export function thinning(rolled: Dist, s: number, J: number): Float64Array {
  const out = new Float64Array(J + 1);
  let len = 1; // acc's support is 0..len-1
  spend(rolled.length * Math.min(J + 1, rolled.length));
  for (let r = rolled.length - 1; r >= 0; r--) {
    if (len > 1 || out[0] !== 0) {
      // acc ∗ [1 − s, s], in place from the top.
      let hi = J;
      if (len <= J) {
        out[len] = out[len - 1] * s;
        hi = len - 1;
      }
      for (let j = hi; j >= 1; j--) out[j] = out[j] * (1 - s) + out[j - 1] * s;
      out[0] *= 1 - s;
      len = Math.min(J + 1, len + 1);
    }
    out[0] += rolled[r];
  }
  return out;
}

/**
 * The joint of (K, D) when each of R wound-rolled hits (R ~ `rolled`) independently becomes a K packet
 * (probability a), a D packet (probability b) or nothing: P(K = k, D = d) = P(K + D = k + d) · C(k + d, k)
 * (a/(a+b))^k (b/(a+b))^d, with K + D a binomial thinning of R. Cells k = kCap and d = dCap hold "at least",
 * from the marginals (thinnings by a and by b).
 */
export function thinnedJoint(rolled: Dist, a: number, b: number, kCap: number, dCap: number): Joint {
  const rMax = rolled.length - 1;
  const nk = Math.min(kCap, rMax) + 1;
  const nd = b > 0 ? Math.min(dCap, rMax) + 1 : 1;
  const out = joint(nk, nd);
  const o = out.p;
  const total = rolled.reduce((x, y) => x + y, 0);
  const s = a + b;
  const J = nk - 2 + nd - 2;
  const sum = J >= 0 ? thinning(rolled, s, J) : new Float64Array(0);
  const pk = thinning(rolled, a, Math.max(0, nk - 2));
  const pd = b > 0 ? thinning(rolled, b, Math.max(0, nd - 2)) : new Float64Array([total]);
  // Exact cells: split P(K + D = j) binomially between K and D.
  const q = s > 0 ? a / s : 0;
  // row = Binomial(j, q), updated in place from the top.
  const row = new Float64Array(Math.max(1, J + 1));
  row[0] = 1;
  spend((J + 2) * (J + 2));
  for (let j = 0; j <= J; j++) {
    if (j > 0) {
      row[j] = row[j - 1] * q;
      for (let k = j - 1; k >= 1; k--) row[k] = row[k] * (1 - q) + row[k - 1] * q;
      row[0] *= 1 - q;
    }
    const f = sum[j];
    if (!f) continue;
    for (let k = Math.max(0, j - (nd - 2)); k <= Math.min(j, nk - 2); k++) o[k * nd + (j - k)] += f * row[k];
  }
  // "At least" row and column from the marginals, the corner from the total.
  let inner = 0;
  for (let k = 0; k < nk - 1; k++) for (let d = 0; d < nd - 1; d++) inner += o[k * nd + d];
  let edges = 0;
  for (let d = 0; d < nd - 1; d++) {
    let c = 0;
    for (let k = 0; k < nk - 1; k++) c += o[k * nd + d];
    const v = Math.max(0, pd[d] - c);
    o[(nk - 1) * nd + d] = v;
    edges += v;
  }
  for (let k = 0; k < nk - 1; k++) {
    let c = 0;
    for (let d = 0; d < nd - 1; d++) c += o[k * nd + d];
    const v = Math.max(0, pk[k] - c);
    o[k * nd + nd - 1] = v;
    edges += v;
  }
  o[nk * nd - 1] = Math.max(0, total - inner - edges);
  return out;
}

/**
 * (K, D dev wounds) → (K, M dev units) when each dev wound is `units` units (the launch wording's spill-over:
 * units = Damage); M at or above mCap is merged into the last cell. Needs units ≥ 1.
 */
export function spreadUnits(j: Joint, units: Dist, mCap: number): Joint {
  if (units.length === 2 && units[0] === 0) return j;
  const nm = Math.min(mCap, (j.nm - 1) * (units.length - 1)) + 1;
  const out = joint(j.nk, nm);
  // powers[d] = units^{*d}, truncated at the "at least" cell.
  let pw: Dist = [1];
  spend(j.nk * j.nm * nm);
  for (let d = 0; d < j.nm; d++) {
    if (d > 0) {
      pw = convolve(pw, units);
      if (pw.length > nm) {
        const tail = pw.slice(nm - 1).reduce((x, y) => x + y, 0);
        pw = pw.slice(0, nm);
        pw[nm - 1] = tail;
      }
    }
    const last = d === j.nm - 1 && j.nm > 1; // "D ≥ d": at least d units each, so at least the cap when d ≥ mCap
    for (let k = 0; k < j.nk; k++) {
      const p = j.p[k * j.nm + d];
      if (!p) continue;
      if (last && d >= mCap) {
        out.p[k * nm + nm - 1] += p;
        continue;
      }
      for (let m = 0; m < pw.length; m++) if (pw[m]) out.p[k * nm + Math.min(m, nm - 1)] += p * pw[m];
    }
  }
  return out;
}
