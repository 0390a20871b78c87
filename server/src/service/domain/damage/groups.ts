// The allocation chain over a real target's model groups (a squad's sergeant and troopers, an attached
// Leader). The chain carries "successful wound" packets: the save, the damage modifiers and Feel No Pain are
// those of the group the packet is allocated to, which depends on the state. The state is the wounds lost
// along two tracks: track 0 holds the groups in the edition's allocation order, track 1 the groups a
// [PRECISION] attack goes to first (empty unless a weapon has PRECISION); an ordinary packet goes to track 0
// and, once it is gone, to track 1; a PRECISION packet the other way round. Within a track the groups are
// consumed in order and a wounded model is always the current one, so one count per track is the whole state
// ((A + 1) × (C + 1) states for A and C wounds on the tracks).
import type { Dist } from './dice';
import type { TargetGroup } from './scenario';
import type { Joint } from './joint';
import { allocate, spend } from './budget';

/** Ordinary packets (0) and [PRECISION] packets (1). */
export type PacketKind = 0 | 1;

export interface GroupLayout {
  groups: readonly TargetGroup[];
  track0: number[];
  track1: number[];
  /** Wounds on track 0 and track 1. */
  A: number;
  C: number;
  /** States: (A + 1) × (C + 1); state a × (C + 1) + c; the last one is the unit wiped. */
  S: number;
  /** Per packet kind, per state: the group hit (−1 when wiped), wounds left on its current model, index step of one wound. */
  grp: [Int32Array, Int32Array];
  rem: [Int32Array, Int32Array];
  step: [Int32Array, Int32Array];
  /** The group a packet is counted against once the unit is gone: the last one of each kind's order. */
  lastGroup: [number, number];
}

/** Per group: wounds-removed distribution of one packet (save, damage, FNP folded in) and its expected figures. */
export interface GroupPacket {
  eff: Dist[];
  /** Expected unsaved attacks, damage before and after Feel No Pain of one packet allocated to each group. */
  unsaved: number[];
  before: number[];
  after: number[];
}

/** One weapon as the grouped chain consumes it. */
export interface GroupWeapon {
  kind: PacketKind;
  /** (K wound packets, M dev units). */
  joint: Joint;
  normal: GroupPacket;
  /** Expected packets of each kind (uncapped), for the expected damage beyond the joint's "at least" cells. */
  meanK: number;
  meanM: number;
  dev?: { key: string; packet: GroupPacket; cap: number };
}

interface TrackPos {
  g: Int32Array;
  rem: Int32Array;
}

function track(groups: readonly TargetGroup[], ids: number[]): TrackPos {
  const len = ids.reduce((n, i) => n + groups[i].models * groups[i].W, 0);
  const g = new Int32Array(len);
  const rem = new Int32Array(len);
  let p = 0;
  for (const i of ids) {
    const W = groups[i].W;
    for (let o = 0; o < groups[i].models * W; o++, p++) {
      g[p] = i;
      rem[p] = W - (o % W);
    }
  }
  return { g, rem };
}

/** The chain's states for a target's groups: `order` the allocation order, `precision` the PRECISION groups (or none). */
export function groupLayout(groups: readonly TargetGroup[], order: number[], precision: number[]): GroupLayout {
  const track1 = order.filter((i) => precision.includes(i));
  const track0 = order.filter((i) => !precision.includes(i));
  const t0 = track(groups, track0);
  const t1 = track(groups, track1);
  const A = t0.g.length;
  const C = t1.g.length;
  const S = (A + 1) * (C + 1);
  spend(6 * S);
  allocate(6 * S);
  const grp: [Int32Array, Int32Array] = [new Int32Array(S), new Int32Array(S)];
  const rem: [Int32Array, Int32Array] = [new Int32Array(S), new Int32Array(S)];
  const step: [Int32Array, Int32Array] = [new Int32Array(S), new Int32Array(S)];
  for (let s = 0; s < S; s++) {
    const a = Math.floor(s / (C + 1));
    const c = s % (C + 1);
    for (const kind of [0, 1] as const) {
      const firstA = kind === 0;
      if (firstA ? a < A : !(c < C) && a < A) {
        grp[kind][s] = t0.g[a];
        rem[kind][s] = t0.rem[a];
        step[kind][s] = C + 1;
      } else if (c < C) {
        grp[kind][s] = t1.g[c];
        rem[kind][s] = t1.rem[c];
        step[kind][s] = 1;
      } else {
        grp[kind][s] = -1;
      }
    }
  }
  const last0 = [...track0, ...track1];
  const last1 = [...track1, ...track0];
  return { groups, track0, track1, A, C, S, grp, rem, step, lastGroup: [last0[last0.length - 1], last1[last1.length - 1]] };
}

/** One packet applied to a state vector. */
function applyGroupPacket(vec: Float64Array, L: GroupLayout, kind: PacketKind, pk: GroupPacket): Float64Array {
  const S = L.S;
  const grp = L.grp[kind];
  const rem = L.rem[kind];
  const step = L.step[kind];
  spend(S * 8);
  const out = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    const p = vec[s];
    if (!p) continue;
    const g = grp[s];
    if (g < 0) {
      out[s] += p;
      continue;
    }
    const eff = pk.eff[g];
    const r = rem[s];
    const st = step[s];
    for (let e = 0; e < eff.length; e++) {
      const pe = eff[e];
      if (pe) out[s + (e >= r ? r : e) * st] += p * pe;
    }
  }
  return out;
}

/** Probability on states where the unit is not wiped. */
function aliveMass(vec: Float64Array): number {
  let m = 0;
  for (let s = 0; s < vec.length - 1; s++) m += vec[s];
  return m;
}

/**
 * The pruning bound of the grouped chain: per weapon, at most this much probability is moved or dropped in two
 * ways: (1) once the mass of a chain entry still alive after k packets is below PRUNE_MASS of the entry's mass, the
 * entry counts as wiped for the weapon's later packets (its alive mass moved to the wiped state); (2) joint cells
 * (k packets, m dev units) below PRUNE_MASS / (cells of the joint) are skipped. So every probability the chain
 * reports moves by at most 2·PRUNE_MASS per weapon, and an expectation by that times its largest value (models,
 * wounds); `test/unit/damage.prune.test.ts` checks it against the unpruned chain (`ComputeOptions.prune: false`).
 */
export const PRUNE_MASS = 1e-13;

interface Expect {
  unsaved: number;
  before: number;
  after: number;
}

/** Adds `t` packets' expected figures at the state distribution `d`. */
function addExpected(acc: Expect, d: Float64Array, t: number, L: GroupLayout, kind: PacketKind, pk: GroupPacket): void {
  if (!t) return;
  const grp = L.grp[kind];
  let u = 0, b = 0, a = 0;
  for (let s = 0; s < d.length; s++) {
    const p = d[s];
    if (!p) continue;
    const g = grp[s] < 0 ? L.lastGroup[kind] : grp[s];
    u += p * pk.unsaved[g];
    b += p * pk.before[g];
    a += p * pk.after[g];
  }
  acc.unsaved += t * u;
  acc.before += t * b;
  acc.after += t * a;
}

export interface GroupChainResult {
  final: Float64Array;
  /** Expected unsaved ordinary attacks (dev wounds not included), damage before and after Feel No Pain. */
  unsaved: number;
  before: number;
  after: number;
}

/** Runs the chain for the weapons in order, Devastating Wounds last (slot by slot, as the single-profile chain). */
export function runGroupChain(ws: GroupWeapon[], L: GroupLayout, prune = true): GroupChainResult {
  const eps = prune ? PRUNE_MASS : 0;
  const S = L.S;
  const slots: { key: string; kind: PacketKind; packet: GroupPacket; cap: number; mean: number }[] = [];
  for (const w of ws) {
    if (!w.dev) continue;
    const key = `${w.kind}|${w.dev.key}`;
    const slot = slots.find((x) => x.key === key);
    if (slot) slot.mean += w.meanM;
    else slots.push({ key, kind: w.kind, packet: w.dev.packet, cap: w.dev.cap, mean: w.meanM });
  }
  const acc: Expect = { unsaved: 0, before: 0, after: 0 };
  const start = new Float64Array(S);
  start[0] = 1;
  allocate(S);
  let states = new Map<string, { pending: number[]; vec: Float64Array }>();
  states.set('', { pending: slots.map(() => 0), vec: start });
  for (const w of ws) {
    const J = w.joint;
    const slot = w.dev ? slots.findIndex((x) => x.key === `${w.kind}|${w.dev!.key}`) : -1;
    // tail[k] = P(K ≥ k + 1): the weight of the (k + 1)-th packet; beyond the last cell, the rest of E[K].
    const rows = new Float64Array(J.nk);
    for (let k = 0; k < J.nk; k++) for (let m = 0; m < J.nm; m++) rows[k] += J.p[k * J.nm + m];
    const tail = new Float64Array(J.nk);
    let counted = 0;
    for (let k = J.nk - 2; k >= 0; k--) tail[k] = tail[k + 1] + rows[k + 1];
    tail[J.nk - 1] = 0;
    for (let k = 0; k < J.nk - 1; k++) counted += tail[k];
    tail[J.nk - 1] = Math.max(0, w.meanK - counted);
    const next = new Map<string, { pending: number[]; vec: Float64Array }>();
    const target = (pending: number[], m: number) => entryVector(next, pending, slot, slot >= 0 ? slots[slot].cap : 0, m, S);
    const theta = eps / (J.nk * J.nm);
    const nz = new Int32Array(S);
    for (const { pending, vec } of states.values()) {
      const evs: (Float64Array | undefined)[] = new Array(J.nm);
      let d = vec;
      let entryMass = 0;
      for (let s = 0; s < S; s++) entryMass += vec[s];
      for (let k = 0; k < J.nk; k++) {
        if (k > 0) d = applyGroupPacket(d, L, w.kind, w.normal);
        const live = aliveMass(d);
        if (live <= eps * entryMass) {
          if (live > 0) {
            // Pruned (see PRUNE_MASS): the little mass still alive counts as wiped from here on.
            const w2 = new Float64Array(S);
            w2[S - 1] = d[S - 1] + live;
            d = w2;
          }
          // Every later row sees the same (wiped) vector: add their weights at once.
          let t = 0;
          for (let k2 = k; k2 < J.nk; k2++) t += tail[k2];
          addExpected(acc, d, t, L, w.kind, w.normal);
          spend(J.nk * J.nm + J.nm * S);
          for (let m = 0; m < J.nm; m++) {
            let p = 0;
            for (let k2 = k; k2 < J.nk; k2++) p += J.p[k2 * J.nm + m];
            if (!p) continue;
            const ev = (evs[m] ??= target(pending, m));
            for (let s = 0; s < S; s++) ev[s] += p * d[s];
          }
          break;
        }
        addExpected(acc, d, tail[k], L, w.kind, w.normal);
        // The states d reaches: with a PRECISION track most of the product space is unreachable.
        let n = 0;
        for (let s = 0; s < S; s++) if (d[s] !== 0) nz[n++] = s;
        for (let m = 0; m < J.nm; m++) {
          const p = J.p[k * J.nm + m];
          if (!p || p <= theta) continue;
          const ev = (evs[m] ??= target(pending, m));
          spend(n + 1);
          for (let i = 0; i < n; i++) {
            const s = nz[i];
            ev[s] += p * d[s];
          }
        }
      }
    }
    states = next;
  }
  // Devastating Wounds, slot by slot: Σ_m Dev^m v_m by Horner's rule; each application's input is the state
  // before one dev packet of every path still holding one, so the expected figures add up there.
  let cur = Array.from(states.values());
  for (let i = 0; i < slots.length; i++) {
    const sl = slots[i];
    const h = hornerSlot(cur, i, S, (a) => {
      addExpected(acc, a, 1, L, sl.kind, sl.packet);
      return applyGroupPacket(a, L, sl.kind, sl.packet);
    });
    cur = h.cur;
    const counted = h.counted;
    // Dev units beyond the cap (the unit is certainly gone by then) count against the last group.
    const wiped = new Float64Array(S);
    wiped[S - 1] = 1;
    addExpected(acc, wiped, Math.max(0, sl.mean - counted), L, sl.kind, sl.packet);
  }
  const final = new Float64Array(S);
  for (const { vec } of cur) for (let s = 0; s < S; s++) final[s] += vec[s];
  return { final, ...acc };
}

/** A chain entry: the dev units still pending per slot, and the state distribution. */
export interface ChainEntry {
  pending: number[];
  vec: Float64Array;
}

/** The vector of the next entry whose pending dev units are `pending` plus m in `slot` (capped), made when new. */
export function entryVector(next: Map<string, ChainEntry>, pending: number[], slot: number, cap: number, m: number, S: number): Float64Array {
  const pend = pending.slice();
  if (slot >= 0) pend[slot] = Math.min(cap, pend[slot] + m);
  const key = pend.join(',');
  let e = next.get(key);
  if (!e) {
    allocate(S);
    e = { pending: pend, vec: new Float64Array(S) };
    next.set(key, e);
  }
  return e.vec;
}

/**
 * Applies slot i's pending dev packets to every entry: Σ_m Dev^m v_m by Horner's rule (max m applications per
 * group of entries alike in their other slots, not Σ m). `apply` applies one packet (it sees the state before
 * each packet of every path still holding one); `counted` is the pending units applied, weighted by mass.
 */
export function hornerSlot(cur: ChainEntry[], i: number, S: number, apply: (v: Float64Array) => Float64Array): { cur: ChainEntry[]; counted: number } {
  const groups = new Map<string, { pending: number[]; byM: Map<number, Float64Array> }>();
  let counted = 0;
  for (const { pending, vec } of cur) {
    const key = pending.slice(i + 1).join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { pending, byM: new Map() }));
    let mass = 0;
    for (let s = 0; s < S; s++) mass += vec[s];
    counted += mass * pending[i];
    const prev = g.byM.get(pending[i]);
    spend(S);
    if (prev) for (let s = 0; s < S; s++) prev[s] += vec[s];
    else g.byM.set(pending[i], vec);
  }
  const out: ChainEntry[] = [];
  for (const g of groups.values()) {
    const maxM = Math.max(...g.byM.keys());
    let a = g.byM.get(maxM) as Float64Array;
    for (let m = maxM - 1; m >= 0; m--) {
      a = apply(a);
      const v = g.byM.get(m);
      if (v) for (let s = 0; s < S; s++) a[s] += v[s];
    }
    out.push({ pending: g.pending, vec: a });
  }
  return { cur: out, counted };
}

export interface GroupStats {
  woundsLostDist: number[];
  modelsSlainDist: number[];
  groupsSlain: { name?: string; modelsSlain: number }[];
}

/** Models slain per group along a track at each position. */
function slainAlong(groups: readonly TargetGroup[], ids: number[], len: number): { perGroup: Map<number, Int32Array>; total: Int32Array } {
  const perGroup = new Map<number, Int32Array>();
  const total = new Int32Array(len + 1);
  let start = 0;
  for (const i of ids) {
    const g = groups[i];
    const arr = new Int32Array(len + 1);
    for (let p = 0; p <= len; p++) {
      const k = Math.max(0, Math.min(g.models, Math.floor((p - start) / g.W)));
      arr[p] = k;
      total[p] += k;
    }
    perGroup.set(i, arr);
    start += g.models * g.W;
  }
  return { perGroup, total };
}

/** The distributions and per-group expectations of a final state vector. */
export function groupStats(final: Float64Array, L: GroupLayout): GroupStats {
  const { A, C } = L;
  const models = L.groups.reduce((n, g) => n + g.models, 0);
  const t0 = slainAlong(L.groups, L.track0, A);
  const t1 = slainAlong(L.groups, L.track1, C);
  const woundsLostDist = new Array(A + C + 1).fill(0);
  const modelsSlainDist = new Array(models + 1).fill(0);
  const pa = new Float64Array(A + 1);
  const pc = new Float64Array(C + 1);
  for (let a = 0; a <= A; a++) {
    for (let c = 0; c <= C; c++) {
      const p = final[a * (C + 1) + c];
      if (!p) continue;
      woundsLostDist[a + c] += p;
      modelsSlainDist[t0.total[a] + t1.total[c]] += p;
      pa[a] += p;
      pc[c] += p;
    }
  }
  const groupsSlain = L.groups.map((g, i) => {
    let e = 0;
    const on0 = t0.perGroup.get(i);
    if (on0) for (let a = 0; a <= A; a++) e += pa[a] * on0[a];
    const on1 = t1.perGroup.get(i);
    if (on1) for (let c = 0; c <= C; c++) e += pc[c] * on1[c];
    return g.name !== undefined ? { name: g.name, modelsSlain: e } : { modelsSlain: e };
  });
  return { woundsLostDist, modelsSlainDist, groupsSlain };
}
