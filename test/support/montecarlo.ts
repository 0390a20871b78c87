// A seeded Monte Carlo simulator of the attack sequence, for tests only. It is written
// independently of the engine (own dice parser, own ability matching) and rolls every
// die literally, so agreement with the engine's exact figures checks both. `rules.edition: 11`
// applies the 11th edition's weapon abilities as the 11e game system's sharedRules word them
// (Stealth gives cover, Heavy's 3" condition, [BLAST X], [CLEAVE X], Psychic ignoring hit modifiers).
import type { DamageScenario } from '../../server/src/service/domain/damage/engine';

/** Re-roll policies from the narrowest to the broadest. */
const REROLLS = ['none', 'ones', 'failed', 'noncrit'];

/** mulberry32: small, fast, seeded. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Roller = (expr: string | number) => number;

/** A D6 and a dice-expression roller (`D3`, `2D6+1`) on one random stream. */
export function makeRoller(rand: () => number): { d6: () => number; roll: Roller } {
  const d6 = () => 1 + Math.floor(rand() * 6);
  const roll: Roller = (expr) => {
    if (typeof expr === 'number') return expr;
    const m = /^(\d*)D(3|6)(?:\+(\d+))?$/i.exec(expr.replace(/\s/g, ''));
    if (!m) return Number(expr);
    let total = m[3] ? Number(m[3]) : 0;
    const n = m[1] ? Number(m[1]) : 1;
    for (let i = 0; i < n; i++) total += m[2] === '3' ? Math.ceil(d6() / 2) : d6();
    return total;
  };
  return { d6, roll };
}

export interface McStat {
  mean: number;
  /** Standard error of the mean. */
  se: number;
}

export type McKey = 'attacks' | 'hits' | 'critHits' | 'wounds' | 'critWounds' | 'lethalAutoWounds' | 'devWounds' | 'unsaved' | 'damage' | 'damageBeforeFnp' | 'woundsLost' | 'modelsSlain' | 'pWipe' | 'hazardousFailedTests' | 'hazardousModelsLost';
export const MC_KEYS: McKey[] = ['attacks', 'hits', 'critHits', 'wounds', 'critWounds', 'lethalAutoWounds', 'devWounds', 'unsaved', 'damage', 'damageBeforeFnp', 'woundsLost', 'modelsSlain', 'pWipe', 'hazardousFailedTests', 'hazardousModelsLost'];

/** Whether an ability list holds `name` (case and brackets ignored). */
export function has(abilities: string[], name: string): boolean {
  return abilities.some((a) => a.toUpperCase().replace(/[[\]]/g, '').trim() === name);
}
/** The value after `prefix` in an ability list (`SUSTAINED HITS 2` → `2`). */
export function param(abilities: string[], prefix: string): string | undefined {
  for (const a of abilities) {
    const s = a.toUpperCase().replace(/[[\]]/g, '').trim();
    if (s.startsWith(prefix + ' ')) return s.slice(prefix.length + 1).trim();
  }
  return undefined;
}

/**
 * Simulates `trials` independent resolutions of the scenario. `lethalRoll`: the attacker has the critical hits of
 * LETHAL HITS weapons roll to wound (the 11th edition's choice) rather than wound automatically.
 */
export function simulate(s: DamageScenario, trials: number, seed: number, opts: { lethalRoll?: boolean } = {}): Record<McKey, McStat> {
  const rand = rng(seed);
  const { d6, roll } = makeRoller(rand);
  const t = s.target;
  const ctx = s.context ?? {};
  const mod = s.modifiers ?? {};
  const eleventh = s.rules?.edition === 11;
  // The launch wording of the 10th edition's Devastating Wounds; the 11th's reach one model per critical wound.
  const spill = s.rules?.devastatingWounds === 'spill' && !eleventh;
  const kw = (t.keywords ?? []).map((k) => k.toUpperCase());
  const sum: Record<string, number> = {};
  const sq: Record<string, number> = {};
  for (const k of MC_KEYS) sum[k] = sq[k] = 0;

  // Rolls one D6 with the given re-roll policy; isFail/isCrit judge unmodified results.
  const rollWith = (policy: string, isFail: (u: number) => boolean, isCrit: (u: number) => boolean) => {
    let u = d6();
    const again = policy === 'ones' ? u === 1 : policy === 'failed' ? isFail(u) : policy === 'noncrit' ? !isCrit(u) : false;
    if (again) u = d6();
    return u;
  };

  for (let trial = 0; trial < trials; trial++) {
    const c: Record<string, number> = {};
    for (const k of MC_KEYS) c[k] = 0;
    // Target state: models left, wounds lost on the wounded model.
    let alive = t.models;
    let hurt = 0;
    const pFnp = (mortal: boolean) => {
      const a = t.fnp ?? 7;
      const b = mortal ? Math.min(a, t.fnpMortal ?? 7) : a;
      return b;
    };
    // Allocates one attack's damage to the current model: a Feel No Pain roll per point (every point is rolled,
    // so `damage` counts what gets through FNP before wastage), then the points that get through, one at a time.
    const allocate = (dmg: number, mortal: boolean) => {
      c.damageBeforeFnp += dmg;
      const f = pFnp(mortal);
      let through = 0;
      for (let i = 0; i < dmg; i++) if (!(f <= 6 && d6() >= f)) through++;
      c.damage += through;
      for (let i = 0; i < through; i++) {
        if (alive === 0) return;
        hurt++;
        c.woundsLost++;
        if (hurt >= t.W) {
          alive--;
          hurt = 0;
          c.modelsSlain++;
          if (!(mortal && spill)) return; // excess damage of this attack is lost
        }
      }
    };
    const pendingDev: number[] = [];

    for (const w of s.attacker.weapons) {
      const ranged = w.type === 'ranged';
      const phase = ctx.overwatch ? 'shooting' : ctx.phase;
      if ((ctx.phase !== undefined || ctx.overwatch) && (phase === 'shooting') !== ranged) continue;
      const ab = w.abilities ?? [];
      const torrent = has(ab, 'TORRENT') || w.skill === null;
      const lethal = has(ab, 'LETHAL HITS') && !opts.lethalRoll;
      const dev = has(ab, 'DEVASTATING WOUNDS');
      const sustained = param(ab, 'SUSTAINED HITS');
      const rapid = param(ab, 'RAPID FIRE');
      const melta = param(ab, 'MELTA');
      const indirectBlind = has(ab, 'INDIRECT FIRE') && ranged && ctx.targetVisible === false;
      const overwatch = !!ctx.overwatch && ranged;
      // Each modifier separately: an 11th-edition PSYCHIC attack ignores the negative ones.
      const hitMods: number[] = Array.isArray(mod.hit) ? [...mod.hit] : [mod.hit ?? 0];
      // The weapon's own (an army rule reaching its models) and the target's against this type of attack.
      const incoming = t.incoming?.[w.type] ?? {};
      if (w.hitModifier) hitMods.push(w.hitModifier);
      if (incoming.hit) hitMods.push(incoming.hit);
      const critHitOn = Math.min(mod.critHitOn ?? 6, w.critHitOn ?? 6);
      const half = w.halfRange ?? !!ctx.withinHalfRange;
      if (has(ab, 'HEAVY') && ranged && (eleventh ? ctx.heavyReady : ctx.remainedStationary)) hitMods.push(1);
      if (t.stealth && ranged && !eleventh) hitMods.push(-1);
      if (indirectBlind && !eleventh) hitMods.push(-1);
      const psychic = eleventh && has(ab, 'PSYCHIC');
      let hm = hitMods.filter((x) => !psychic || x > 0).reduce((a, b) => a + b, 0);
      hm = Math.max(-1, Math.min(1, hm));
      // 11th: cover worsens BS by 1, Plunging Fire improves it; the BS is clamped to 2+..6+.
      const hasCover = ranged && (ctx.targetInCover || indirectBlind || (eleventh && !!t.stealth)) && !has(ab, 'IGNORES COVER');
      const bsChanges = [...(eleventh ? [hasCover ? -1 : 0, ctx.plungingFire && ranged ? 1 : 0] : []), w.skillModifier ?? 0].filter((x) => x && (!psychic || x > 0));
      const skill = bsChanges.length ? Math.max(2, Math.min(6, (w.skill as number) - bsChanges.reduce((a, b) => a + b, 0))) : (w.skill as number);
      const alwaysFail = indirectBlind ? (eleventh ? (ctx.indirectSpotted ? 3 : 5) : 3) : 1;
      const broader = (a: string, b: string) => (REROLLS.indexOf(a) >= REROLLS.indexOf(b) ? a : b);
      const hitReroll = (indirectBlind || overwatch) && eleventh ? 'none' : broader(mod.rerollHits ?? 'none', w.rerollHits ?? 'none');
      let wm = (mod.wound ?? 0) + (w.woundModifier ?? 0) + (incoming.wound ?? 0);
      if (has(ab, 'LANCE') && ctx.charged) wm++;
      wm = Math.max(-1, Math.min(1, wm));
      let critWoundOn = Math.min(mod.critWoundOn ?? 6, w.critWoundOn ?? 6);
      for (const a of ab) {
        const m = /^\[?ANTI-(.+) (\d)\+\]?$/i.exec(a.trim());
        if (m && kw.includes(m[1].toUpperCase())) critWoundOn = Math.min(critWoundOn, Number(m[2]));
      }
      let rerollW = broader(mod.rerollWounds ?? 'none', w.rerollWounds ?? 'none');
      if (has(ab, 'TWIN-LINKED') && (rerollW === 'none' || rerollW === 'ones')) rerollW = 'failed';
      const S = w.S;
      const need = S >= 2 * t.T ? 2 : S > t.T ? 3 : S === t.T ? 4 : 2 * S <= t.T ? 6 : 5;
      const AP = -Math.max(0, Math.abs(w.AP) - (incoming.apWorse ?? 0));
      const cover = !eleventh && hasCover && !(t.Sv <= 3 && AP === 0);
      const impr = Math.min(1, (mod.save ?? 0) + (cover ? 1 : 0));
      const hitFail = (u: number) => {
        if (overwatch) return u !== 6;
        if (u <= alwaysFail) return true;
        if (u >= critHitOn) return false;
        return u + hm < skill;
      };
      // 11th snap shooting (15.09): the 6s that hit are not critical.
      const hitCrit = (u: number) => !hitFail(u) && u >= critHitOn && (!overwatch || (u === 6 && !eleventh));
      const woundFail = (u: number) => u === 1 || (u < critWoundOn && u + wm < need);
      const woundCrit = (u: number) => u !== 1 && u >= critWoundOn;
      const rollDamage = () => {
        let d = roll(w.D);
        if (t.damageSetTo != null) d = t.damageSetTo;
        if (t.damageMultiplier) d *= t.damageMultiplier;
        // The 11th: Melta's addition before halving; the 10th: halving first.
        if (eleventh && melta && half) d += roll(melta);
        if (t.halfDamage) d = Math.ceil(d / 2);
        if (!eleventh && melta && half) d += roll(melta);
        if (t.damageReduction) d = Math.max(1, d - t.damageReduction);
        return d;
      };
      const saved = () => {
        const u = d6();
        if (u === 1) return false;
        const armour = u + AP + impr >= t.Sv;
        const inv = t.invuln != null && u >= t.invuln;
        // The player picks the better save before rolling; with one die the better one passes whenever either would.
        return armour || inv;
      };
      const unsavedNormal = () => {
        c.unsaved++;
        const d = rollDamage();
        allocate(d, false);
      };
      const wound = () => {
        const u = rollWith(rerollW, woundFail, woundCrit);
        if (woundFail(u)) return;
        c.wounds++;
        if (woundCrit(u)) {
          c.critWounds++;
          if (dev) {
            c.devWounds++;
            c.unsaved++;
            const d = rollDamage();
            pendingDev.push(d);
            return;
          }
        }
        if (!saved()) unsavedNormal();
      };
      for (let m = 0; m < w.models; m++) {
        let n = roll(w.A);
        const fives = Math.floor(t.models / 5);
        if (has(ab, 'BLAST')) n += fives;
        const blastX = param(ab, 'BLAST');
        if (eleventh && blastX) n += Number(blastX) * fives;
        const cleave = param(ab, 'CLEAVE');
        if (eleventh && cleave) n += Number(cleave) * fives;
        if (rapid && half && ranged) n += roll(rapid);
        c.attacks += n;
        for (let i = 0; i < n; i++) {
          if (torrent) {
            c.hits++;
            wound();
            continue;
          }
          const u = rollWith(hitReroll, hitFail, hitCrit);
          if (hitFail(u)) continue;
          c.hits++;
          if (hitCrit(u)) {
            c.critHits++;
            const extra = sustained ? roll(sustained) : 0;
            c.hits += extra;
            if (lethal) {
              c.wounds++;
              c.lethalAutoWounds++;
              if (!saved()) unsavedNormal();
            } else wound();
            for (let e = 0; e < extra; e++) wound();
          } else wound();
        }
      }
      if (has(ab, 'HAZARDOUS')) for (let m = 0; m < w.models; m++) if (d6() <= (eleventh ? 2 : 1)) c.hazardousFailedTests++;
    }
    for (const d of pendingDev) allocate(d, true);
    c.pWipe = alive === 0 ? 1 : 0;
    // The attacker's own losses, failed roll by failed roll: 10th: a model, or 3 mortal wounds to a CHARACTER,
    // MONSTER or VEHICLE (excess lost); 11th (06.03): 1 mortal wound, 3 for a MONSTER or VEHICLE, spilling.
    {
      const akw = (s.attacker.keywords ?? []).map((k) => k.toUpperCase());
      const aW = s.attacker.W ?? 1;
      let left = s.attacker.models ?? Math.max(0, ...s.attacker.weapons.map((w) => (has(w.abilities ?? [], 'HAZARDOUS') ? w.models : 0)));
      const mortal = eleventh ? (akw.includes('MONSTER') || akw.includes('VEHICLE') ? 3 : 1) : akw.some((k) => ['CHARACTER', 'MONSTER', 'VEHICLE'].includes(k)) ? 3 : 0;
      let hurtA = 0;
      for (let f = 0; f < c.hazardousFailedTests && left > 0; f++) {
        if (!mortal) {
          left--;
          c.hazardousModelsLost++;
          continue;
        }
        for (let m = 0; m < mortal && left > 0; m++) {
          if (++hurtA >= aW) {
            left--;
            c.hazardousModelsLost++;
            hurtA = 0;
            if (!eleventh) break; // the 10th: the excess of one failed test is lost
          }
        }
        if (!eleventh) hurtA = 0;
      }
    }
    for (const k of MC_KEYS) {
      sum[k] += c[k];
      sq[k] += c[k] * c[k];
    }
  }
  const out = {} as Record<McKey, McStat>;
  for (const k of MC_KEYS) {
    const mean = sum[k] / trials;
    const varr = Math.max(0, sq[k] / trials - mean * mean);
    out[k] = { mean, se: Math.sqrt(varr / trials) };
  }
  return out;
}
