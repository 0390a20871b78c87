// A seeded Monte Carlo of the whole allocation against a target of model groups, for tests only. Written
// apart from the engine: every die rolled, one model at a time. Each successful wound is allocated to the
// current model of the current group (the Bodyguard groups in the order given, then the attached ones; a
// PRECISION weapon's wounds to the CHARACTER groups first, as each edition allows; the 11th: CHARACTER groups
// last, PRECISION to one CHARACTER's group), which then rolls its own
// save, takes its own damage modifiers and Feel No Pain; Devastating Wounds after every other attack.
// Damage after the unit is gone is counted against the last group of the order (the engine's convention).
// Covers: A/D dice, skill or TORRENT, S, AP, SUSTAINED HITS X, LETHAL HITS, DEVASTATING WOUNDS, PRECISION,
// TWIN-LINKED; per group Sv, invuln, W, fnp, fnpMortal, damageReduction, halfDamage.
import type { DamageScenario, TargetGroup } from '../../server/src/service/domain/damage/engine';
import { has, makeRoller, McStat, param, rng } from './montecarlo';

export type AllocKey = 'unsaved' | 'damage' | 'damageBeforeFnp' | 'woundsLost' | 'modelsSlain' | 'pWipe';
export const ALLOC_KEYS: AllocKey[] = ['unsaved', 'damage', 'damageBeforeFnp', 'woundsLost', 'modelsSlain', 'pWipe'];

export interface AllocResult extends Record<AllocKey, McStat> {
  groupsSlain: McStat[];
}

export function simulateGroups(s: DamageScenario, trials: number, seed: number): AllocResult {
  const rand = rng(seed);
  const { d6, roll } = makeRoller(rand);
  const groups = s.target.groups as TargetGroup[];
  const eleventh = s.rules?.edition === 11;
  const order = [...groups.keys()].filter((i) => !groups[i].attached).concat([...groups.keys()].filter((i) => groups[i].attached));
  const led = groups.some((g) => !g.attached);
  // The 11th (05.03): CHARACTER groups after every other; PRECISION selects one CHARACTER's group (the first).
  const chars = order.filter((i) => groups[i].character);
  const base = eleventh ? [...order.filter((i) => !groups[i].character), ...chars] : order;
  const precise = eleventh ? chars.slice(0, 1) : order.filter((i) => groups[i].character && groups[i].attached && led);
  const precisionOrder = [...precise, ...base.filter((i) => !precise.includes(i))];
  const normalOrder = [...base.filter((i) => !precise.includes(i)), ...precise];
  const sums: Record<string, number> = {};
  const sqs: Record<string, number> = {};
  const keys = [...ALLOC_KEYS, ...groups.map((_, i) => `g${i}`)];
  for (const k of keys) sums[k] = sqs[k] = 0;

  for (let trial = 0; trial < trials; trial++) {
    const c: Record<string, number> = {};
    for (const k of keys) c[k] = 0;
    const alive = groups.map((g) => g.models);
    const hurt = groups.map(() => 0);
    const current = (precision: boolean) => {
      const ord = precision && precise.length ? precisionOrder : normalOrder;
      const g = ord.find((i) => alive[i] > 0);
      return { g: g ?? ord[ord.length - 1], gone: g === undefined };
    };
    const damageOf = (D: string | number, g: TargetGroup) => {
      let d = roll(D);
      if (g.halfDamage) d = Math.ceil(d / 2);
      if (g.damageReduction) d = Math.max(1, d - g.damageReduction);
      return d;
    };
    /** `points` of damage (after the save) to group gi: a FNP roll each, then one model at a time, excess lost. */
    const take = (gi: number, points: number, mortal: boolean, gone: boolean) => {
      const g = groups[gi];
      c.damageBeforeFnp += points;
      const f = Math.min(g.fnp ?? 7, mortal ? g.fnpMortal ?? 7 : 7);
      let through = 0;
      for (let i = 0; i < points; i++) if (!(f <= 6 && d6() >= f)) through++;
      c.damage += through;
      if (gone) return;
      for (let i = 0; i < through; i++) {
        hurt[gi]++;
        c.woundsLost++;
        if (hurt[gi] >= g.W) {
          alive[gi]--;
          hurt[gi] = 0;
          c.modelsSlain++;
          c[`g${gi}`]++;
          return;
        }
      }
    };
    const pending: { D: string | number; precision: boolean }[] = [];
    for (const w of s.attacker.weapons) {
      const ab = w.abilities ?? [];
      const torrent = has(ab, 'TORRENT') || w.skill === null;
      const lethal = has(ab, 'LETHAL HITS');
      const dev = has(ab, 'DEVASTATING WOUNDS');
      const precision = has(ab, 'PRECISION');
      const twin = has(ab, 'TWIN-LINKED');
      const sustained = param(ab, 'SUSTAINED HITS');
      const T = s.target.T;
      const need = w.S >= 2 * T ? 2 : w.S > T ? 3 : w.S === T ? 4 : 2 * w.S <= T ? 6 : 5;
      const AP = -Math.abs(w.AP);
      const woundPacket = () => {
        const { g: gi, gone } = current(precision);
        const g = groups[gi];
        const u = d6();
        const saved = u !== 1 && (u + AP >= g.Sv || (g.invuln != null && u >= g.invuln));
        if (saved) return;
        c.unsaved++;
        take(gi, damageOf(w.D, g), false, gone);
      };
      const woundRoll = () => {
        let u = d6();
        if (twin && (u === 1 || (u < 6 && u < need))) u = d6();
        if (u === 1 || (u < 6 && u < need)) return;
        if (u === 6 && dev) {
          c.unsaved++;
          pending.push({ D: w.D, precision });
          return;
        }
        woundPacket();
      };
      for (let m = 0; m < w.models; m++) {
        const n = roll(w.A);
        for (let i = 0; i < n; i++) {
          if (torrent) {
            woundRoll();
            continue;
          }
          const u = d6();
          if (u === 1 || (u < 6 && u < (w.skill as number))) continue;
          if (u === 6) {
            const extra = sustained ? roll(/^\d+$/.test(sustained) ? Number(sustained) : sustained) : 0;
            if (lethal) woundPacket();
            else woundRoll();
            for (let e = 0; e < extra; e++) woundRoll();
          } else woundRoll();
        }
      }
    }
    for (const p of pending) {
      const { g: gi, gone } = current(p.precision);
      take(gi, damageOf(p.D, groups[gi]), true, gone);
    }
    c.pWipe = alive.every((a) => a === 0) ? 1 : 0;
    for (const k of keys) {
      sums[k] += c[k];
      sqs[k] += c[k] * c[k];
    }
  }
  const stat = (k: string): McStat => {
    const mean = sums[k] / trials;
    return { mean, se: Math.sqrt(Math.max(0, sqs[k] / trials - mean * mean) / trials) };
  };
  const out = { groupsSlain: groups.map((_, i) => stat(`g${i}`)) } as AllocResult;
  for (const k of ALLOC_KEYS) out[k] = stat(k);
  return out;
}
