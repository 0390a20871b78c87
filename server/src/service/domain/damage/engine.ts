// The exact damage engine: no sampling. Each weapon is reduced to per-attack outcome
// probabilities, then to the joint distribution of (normal unsaved attacks K, pending
// Devastating-Wound mortal packets M); an allocation Markov chain over
// (models slain, wounds lost on the wounded model) then consumes the normal attacks
// weapon by weapon and, after all of them, the Devastating Wounds.
import { WeaponAbilities, parseAbilities } from './abilities';
import { Dist, binomial, compound, convolve, convolvePower, diceDist, mapDist, mean, parseDice, point } from './dice';
import { editionRules } from '../editions';
import type { AttackSituation, DamageRules, DamageStep, Edition, RollModifier } from '../editions';
import { BOUNDS, BoundsError } from '../bounds';
import { spend, withBudget } from './budget';
import { Joint, addScaled2, compound2, conv2, jointFrom, spreadUnits, thinnedJoint } from './joint';
import type { RerollKind, ScenarioWeapon, ModelsProfile, ScenarioTarget, TargetGroup, ScenarioContext, ScenarioModifiers, ScenarioAttacker, DamageScenario, DamageStats, WeaponResult, OneShotTotals, DamageResult } from './scenario';
import { GroupLayout, GroupPacket, GroupWeapon, entryVector, groupLayout, groupStats, hornerSlot, runGroupChain } from './groups';

export type { RerollKind, ScenarioWeapon, ModelsProfile, ScenarioTarget, TargetGroup, ScenarioContext, ScenarioModifiers, ScenarioAttacker, DamageScenario, DamageStats, WeaponResult, OneShotTotals, DamageResult } from './scenario';
export { groupedTarget } from './scenario';

const D6 = 1 / 6;

/** Wound roll needed for S against T. */
export function woundTarget(S: number, T: number): number {
  if (S >= 2 * T) return 2;
  if (S > T) return 3;
  if (S === T) return 4;
  if (2 * S <= T) return 6;
  return 5;
}

/**
 * Outcome of one D6 with re-rolls: [P(fail), P(success), P(critical)].
 * face(u) classifies an unmodified result: 0 fail, 1 success, 2 critical. Re-rolled dice are rolled once more.
 */
export function rollOutcome(face: (u: number) => 0 | 1 | 2, reroll: RerollKind): [number, number, number] {
  const base: [number, number, number] = [0, 0, 0];
  for (let u = 1; u <= 6; u++) base[face(u)] += D6;
  const out: [number, number, number] = [0, 0, 0];
  let again = 0;
  for (let u = 1; u <= 6; u++) {
    const f = face(u);
    const rr = reroll === 'ones' ? u === 1 : reroll === 'failed' ? f === 0 : reroll === 'noncrit' ? f !== 2 : false;
    if (rr) again += D6;
    else out[f] += D6;
  }
  for (let i = 0; i < 3; i++) out[i] += again * base[i];
  return out;
}

const REROLL_ORDER: RerollKind[] = ['none', 'ones', 'failed', 'noncrit'];
function broadest(a: RerollKind, b: RerollKind): RerollKind {
  return REROLL_ORDER.indexOf(a) >= REROLL_ORDER.indexOf(b) ? a : b;
}

const clamp1 = (x: number) => Math.max(-1, Math.min(1, x));

/** P(a Feel No Pain roll ignores one point), 0 when none. */
function fnpChance(fnp: number | null | undefined): number {
  return fnp && fnp >= 2 && fnp <= 6 ? (7 - fnp) / 6 : 0;
}

/** Distribution of wounds removed by one packet of damage `dmg` after one FNP roll per point. */
function thin(dmg: Dist, pIgnore: number): Dist {
  if (pIgnore === 0) return dmg;
  const out: Dist = new Array(dmg.length).fill(0);
  for (let d = 1; d < dmg.length; d++) {
    if (!dmg[d]) continue;
    const b = binomial(d, 1 - pIgnore);
    for (let e = 0; e <= d; e++) out[e] += dmg[d] * b[e];
  }
  out[0] += dmg[0] ?? 0;
  return out;
}

/** Everything the allocation chain and the expectations need about one weapon against the target. */
interface Prepared {
  name: string;
  profile?: string;
  used: boolean;
  notes: string[];
  ab: WeaponAbilities;
  models: number;
  attacksDist: Dist;
  meanAttacks: number;
  /** Per attack. */
  pHit: number;
  pCrit: number;
  meanExtraHits: number;
  lethal: boolean;
  /** Per wound-rolled hit. */
  pWound: number;
  pCritWound: number;
  dev: boolean;
  pUnsaved: number;
  dmg: Dist;
  /** Feel No Pain chances (per point) against normal damage and against mortal wounds (the top-level profile). */
  pFnp: number;
  pFnpMortal: number;
  /** Joint of (normal unsaved attacks, dev units) over the whole weapon (single-profile targets; empty with groups). */
  joint: Joint;
  /** [ONE SHOT]. */
  oneShot: boolean;
  /** Hazard rolls of this result or lower fail (the edition's). */
  hazardFailUpTo: number;
  /** What the per-group save and damage need (grouped targets). */
  AP: number;
  cover: boolean;
  melta?: Dist;
  rawDamage: Dist;
  /** Dev units per Devastating Wound (1, or the Damage under the launch wording). */
  devUnits: Dist;
  /** Per-attack wound-rolled hits (no Lethal Hits), for the closed-form joint. */
  rolledPerAttack?: Dist;
  sustained: Dist;
  perModel: Dist;
  /** Wounds removed by one normal unsaved attack after FNP. */
  normalEff: Dist;
  /** Dev slot: key and wounds removed per dev unit. */
  devKey: string;
  devEff: Dist;
  /** Pending dev units at or above this count wipe the unit (see packetCap). */
  devCap: number;
  /** Per-attack damage distribution, before FNP and wastage. */
  perAttackDamage: Dist;
}

interface Norm {
  ctx: Required<ScenarioContext> & { phaseGiven: boolean };
  mods: Required<Omit<ScenarioModifiers, 'hit'>> & { hit: number[] };
  spill: boolean;
  /** The launch wording was asked for (ignored when the edition has no such option). */
  spillAsked: boolean;
  /** The attacking unit's keywords, upper case. */
  attackerKeywords: ReadonlySet<string>;
  edition: Edition;
  /** The edition's weapon-ability semantics. */
  rules: DamageRules;
}

function normalize(s: DamageScenario): Norm {
  const c = s.context ?? {};
  const m = s.modifiers ?? {};
  return {
    ctx: {
      phase: c.phase ?? 'shooting',
      phaseGiven: c.phase !== undefined,
      targetInCover: !!c.targetInCover,
      withinHalfRange: !!c.withinHalfRange,
      remainedStationary: !!c.remainedStationary,
      heavyReady: !!c.heavyReady,
      charged: !!c.charged,
      targetVisible: c.targetVisible !== false,
      overwatch: !!c.overwatch,
      advanced: !!c.advanced,
      engaged: !!c.engaged,
      plungingFire: !!c.plungingFire,
      indirectSpotted: !!c.indirectSpotted,
    },
    mods: {
      hit: typeof m.hit === 'number' ? [m.hit] : m.hit ?? [],
      wound: m.wound ?? 0,
      save: m.save ?? 0,
      rerollHits: m.rerollHits ?? 'none',
      rerollWounds: m.rerollWounds ?? 'none',
      critHitOn: m.critHitOn ?? 6,
      critWoundOn: m.critWoundOn ?? 6,
    },
    spill: s.rules?.devastatingWounds === 'spill' && editionRules(s.rules?.edition ?? 10).damage.devastatingWounds.spillOption,
    spillAsked: s.rules?.devastatingWounds === 'spill',
    attackerKeywords: new Set((s.attacker.keywords ?? []).map((k) => k.toUpperCase())),
    edition: s.rules?.edition ?? 10,
    rules: editionRules(s.rules?.edition ?? 10).damage,
  };
}

/** Modified Damage: the target's and the weapon's damage modifiers in the edition's order; reduction never below 1. */
function modifiedDamage(D: Dist, melta: Dist | undefined, t: ModelsProfile, order: readonly DamageStep[]): Dist {
  let d = D;
  for (const step of order) {
    if (step === 'set' && t.damageSetTo != null) d = point(t.damageSetTo);
    else if (step === 'multiply' && t.damageMultiplier && t.damageMultiplier !== 1) d = mapDist(d, (v) => v * t.damageMultiplier!);
    else if (step === 'add' && melta) d = convolve(d, melta);
    else if (step === 'halve' && t.halfDamage) d = mapDist(d, (v) => Math.ceil(v / 2));
    else if (step === 'subtract' && (t.damageReduction ?? 0) > 0) d = mapDist(d, (v) => Math.max(1, v - t.damageReduction!));
  }
  return d;
}

function prepare(w: ScenarioWeapon, t: ScenarioTarget, n: Norm, rollLethal = false): Prepared {
  const ab = parseAbilities(w.abilities ?? []);
  const notes: string[] = [];
  for (const u of ab.unknown) notes.push(`unknown ability "${u}" ignored`);
  for (const u of ab.outOfBounds) notes.push(u);
  const ranged = w.type === 'ranged';
  const { ctx, mods } = n;
  let used = true;
  if (ctx.phaseGiven || ctx.overwatch) {
    const phase = ctx.overwatch ? 'shooting' : ctx.phase;
    if ((phase === 'shooting') !== ranged) {
      used = false;
      notes.push(`${w.type} weapon: does not attack in the ${phase === 'shooting' ? 'Shooting' : 'Fight'} phase`);
    }
  }

  // Attacks per model: A, + Blast / Cleave (as the edition words them), + Rapid Fire at half range.
  let perModel = diceDist(w.A);
  const extra = n.rules.extraAttacks(ab, t.models);
  notes.push(...extra.notes);
  if (extra.value) perModel = mapDist(perModel, (v) => v + extra.value);
  // Half range: the weapon's own (the target's distance against its range), else the scenario's.
  const halfRange = w.halfRange ?? ctx.withinHalfRange;
  if (ab.rapidFire && halfRange && ranged) {
    perModel = convolve(perModel, diceDist(ab.rapidFire));
    notes.push(`RAPID FIRE ${ab.rapidFire.text}: half range`);
  }
  if (used && ranged && ctx.advanced) {
    const adv = n.rules.advancedShooting(ab);
    notes.push(...adv.notes);
    if (!adv.value) {
      used = false;
      notes.push('not an ASSAULT weapon: does not shoot when its unit Advanced');
    }
  }
  // Shooting while engaged: which weapons shoot and at what penalty is the edition's.
  let engagedMod: RollModifier | undefined;
  if (used && ranged && ctx.engaged) {
    const cq = n.rules.engagedShooting(ab, n.attackerKeywords);
    notes.push(...cq.notes);
    if (!cq.value.shoots) used = false;
    engagedMod = cq.value.modifier;
  }
  const models = used ? w.models : 0;
  const attacksDist = compound(point(models), perModel);

  // Hit roll.
  let pHit: number;
  let pCrit: number;
  const torrent = ab.torrent || w.skill === null;
  const indirectBlind = ab.indirectFire && ranged && !ctx.targetVisible;
  const bare: AttackSituation = { ranged, context: ctx, target: t, indirectBlind, cover: false };
  // Whether the target has the benefit of cover: the edition says what it does (the save, or the BS).
  const cover = n.rules.benefitOfCover(ab, bare);
  notes.push(...cover.notes);
  const situation: AttackSituation = { ...bare, cover: cover.value };
  if (torrent) {
    pHit = 1;
    pCrit = 0;
  } else {
    // Every hit modifier and BS/WS change with its source; the edition says which apply (PSYCHIC may ignore
    // some); the changes to BS/WS add up, clamped to 2+..6+, the modifiers to the roll add up, capped at ±1.
    const all: RollModifier[] = [];
    for (const v of mods.hit) if (v) all.push({ value: v, source: 'modifiers' });
    if (w.hitModifier) all.push({ value: w.hitModifier, source: 'the weapon' });
    if (w.skillModifier) all.push({ value: w.skillModifier, characteristic: true, source: 'the weapon' });
    const against = t.incoming?.[w.type]?.hit;
    if (against) all.push({ value: against, source: 'the target' });
    if (engagedMod) all.push(engagedMod);
    const fromAbilities = n.rules.hitModifiers(ab, situation);
    all.push(...fromAbilities.value);
    notes.push(...fromAbilities.notes);
    const applied = n.rules.appliedHitModifiers(ab, all);
    for (const m of applied.value) if (m.note) notes.push(m.note);
    notes.push(...applied.notes);
    const changes = applied.value.filter((m) => m.characteristic);
    const skill = changes.length ? Math.max(2, Math.min(6, (w.skill as number) - changes.reduce((sum, m) => sum + m.value, 0))) : (w.skill as number);
    const hm = clamp1(applied.value.reduce((sum, m) => sum + (m.characteristic ? 0 : m.value), 0));
    const limits = n.rules.hitRollLimits(ab, situation);
    notes.push(...limits.notes);
    const critOn = Math.min(mods.critHitOn, w.critHitOn ?? 6);
    const overwatch = ctx.overwatch && ranged;
    const snap = n.rules.snapShooting;
    const failUpTo = Math.max(1, limits.value.failUpTo);
    const face = (u: number): 0 | 1 | 2 => {
      if (overwatch) return u === 6 ? (snap.critical ? 2 : 1) : 0;
      if (u <= failUpTo) return 0;
      if (u >= critOn) return 2;
      return u + hm >= skill ? 1 : 0;
    };
    const rerollHits = broadest(mods.rerollHits, w.rerollHits ?? 'none');
    const [, s1, s2] = rollOutcome(face, limits.value.rerolls && !(overwatch && !snap.rerolls) ? rerollHits : 'none');
    pHit = s1 + s2;
    pCrit = s2;
  }
  const sustained: Dist = ab.sustainedHits ? diceDist(ab.sustainedHits) : [1];
  const meanExtraHits = mean(sustained);
  // rollLethal: the attacker chose to roll to wound with the critical hits (an edition where Lethal Hits is a choice).
  const lethal = ab.lethalHits && !torrent && !rollLethal;

  // Wound roll.
  let wm = mods.wound + (w.woundModifier ?? 0) + (t.incoming?.[w.type]?.wound ?? 0);
  if (ab.lance && ctx.charged) {
    wm += 1;
    notes.push('LANCE: +1 to wound (charged)');
  }
  wm = clamp1(wm);
  const tough = n.rules.woundToughness(t);
  if (tough.notes.length && !notes.some((x) => tough.notes.includes(x))) notes.push(...tough.notes);
  const need = woundTarget(w.S, tough.value);
  const kw = new Set((t.keywords ?? []).map((k) => k.toUpperCase()));
  let critWoundOn = Math.min(mods.critWoundOn, w.critWoundOn ?? 6);
  for (const a of ab.anti) {
    if (kw.has(a.keyword) && a.on < critWoundOn) {
      critWoundOn = a.on;
      notes.push(`ANTI-${a.keyword} ${a.on}+: Critical Wounds on ${a.on}+`);
    }
  }
  const woundFace = (u: number): 0 | 1 | 2 => (u === 1 ? 0 : u >= critWoundOn ? 2 : u + wm >= need ? 1 : 0);
  const ownRerollW = broadest(mods.rerollWounds, w.rerollWounds ?? 'none');
  const rerollW = ab.twinLinked ? broadest(ownRerollW, 'failed') : ownRerollW;
  const [, w1, w2] = rollOutcome(woundFace, rerollW);
  const pWound = w1 + w2;
  const pCritWound = w2;
  const dev = ab.devastatingWounds;

  // Saving throw: the better of armour (AP, cover, modifiers; improvement capped at +1) and invulnerable.
  const AP = -Math.max(0, Math.abs(w.AP) - (t.incoming?.[w.type]?.apWorse ?? 0));
  const improvement = Math.min(1, mods.save + (cover.value ? n.rules.coverSaveBonus(t.Sv, AP) : 0));
  const armourPass = (u: number) => u !== 1 && u + AP + improvement >= t.Sv;
  const invPass = (u: number) => t.invuln != null && u !== 1 && u >= t.invuln;
  let pA = 0;
  let pI = 0;
  for (let u = 1; u <= 6; u++) {
    if (armourPass(u)) pA += D6;
    if (invPass(u)) pI += D6;
  }
  const pUnsaved = 1 - Math.max(pA, pI);

  // Damage.
  const melta = ab.melta && halfRange ? diceDist(ab.melta) : undefined;
  if (melta) notes.push(`MELTA ${ab.melta!.text}: half range`);
  const dmg = modifiedDamage(diceDist(w.D), melta, t, n.rules.damageOrder.value);
  const dmgMods = [t.damageSetTo != null, !!t.damageMultiplier && t.damageMultiplier !== 1, !!melta, !!t.halfDamage, (t.damageReduction ?? 0) > 0].filter(Boolean).length;
  if (dmgMods > 1 && n.rules.damageOrder.note) notes.push(n.rules.damageOrder.note);

  // One wound-rolled hit → (k, m): a normal unsaved attack or a dev packet.
  const a = (pWound - (dev ? pCritWound : 0)) * pUnsaved;
  const b = dev ? pCritWound : 0;
  const devUnits: Dist = !dev ? [1] : n.spill ? dmg : [0, 1];
  const pNormal = fnpChance(t.fnp);
  const pMortal = Math.max(pNormal, fnpChance(t.fnpMortal));
  const normalEff = thin(dmg, pNormal);
  const devEff = n.spill ? thin([0, 1], pMortal) : thin(dmg, pMortal);
  const total = t.models * t.W;
  const devCap = packetCap(devEff, total);
  // Rolled hits per attack (miss, hit, Critical Hit + Sustained Hits) when no hit wounds automatically.
  const rolledPerAttack = lethal ? undefined : addDist(addDist([1 - pHit], [0, 1], pHit - pCrit), convolve([0, 1], sustained), pCrit);
  const wl: WoundLevel = { attacksDist, perModel, models, pHit, pCrit, sustained, lethal, rolledPerAttack };
  const joint = t.groups ? jointFrom([[1]]) : weaponJoint(wl, a, b, pUnsaved, devUnits, packetCap(normalEff, total), devCap);

  // Per-attack damage before FNP (for the damage distribution): every unsaved attack or dev packet deals dmg.
  const hitDmg: Dist = mixture2(1 - a - b, a + b, dmg);
  const critDmg = convolve(lethal ? mixture2(1 - pUnsaved, pUnsaved, dmg) : hitDmg, compound(sustained, hitDmg));
  const perAttackDamage = addDist(addDist([1 - pHit], hitDmg, pHit - pCrit), critDmg, pCrit);

  const devKey = n.spill ? 'spill' : dmg.join(',');
  notes.push(...n.rules.abilityNotes(ab));
  const oneShot = ab.other.includes('ONE SHOT');
  if (oneShot) notes.push('ONE SHOT: once per battle: left out of the unit total (see the total with ONE SHOT weapons)');
  return {
    name: w.name, profile: w.profile, used, notes, ab, models, attacksDist, meanAttacks: mean(attacksDist),
    pHit, pCrit, meanExtraHits, lethal, pWound, pCritWound, dev, pUnsaved, dmg, pFnp: pNormal, pFnpMortal: pMortal,
    joint, normalEff, devKey, devEff, devCap, perAttackDamage, oneShot, hazardFailUpTo: n.rules.hazardous.failUpTo,
    AP, cover: cover.value, melta, rawDamage: diceDist(w.D), devUnits, rolledPerAttack, sustained, perModel,
  };
}

/** What the joint of a weapon's packets needs from its hit roll. */
interface WoundLevel {
  attacksDist: Dist;
  /** Attacks of one model and the models attacking: attacksDist is their compound. */
  perModel: Dist;
  models: number;
  pHit: number;
  pCrit: number;
  sustained: Dist;
  lethal: boolean;
  rolledPerAttack?: Dist;
}

/**
 * The joint of (K packets, M dev units) over a weapon's attacks: each wound-rolled hit is a packet with
 * probability `a`, a Devastating Wound with probability `b`; with Lethal Hits a Critical Hit is a packet with
 * probability `pAuto`. Without Lethal Hits the attacks reduce to a count of wound-rolled hits and the joint has a
 * closed form (`thinnedJoint`); with it, the generic compound over attacks.
 */
function weaponJoint(wl: WoundLevel, a: number, b: number, pAuto: number, devUnits: Dist, kCap: number, mCap: number): Joint {
  if (wl.rolledPerAttack && (b === 0 || (devUnits[0] ?? 0) === 0)) {
    // Rolled hits of one model, then of all of them by repeated squaring (cheaper than over every attack count).
    const rolled = wl.models > 0 ? convolvePower(compound(wl.perModel, wl.rolledPerAttack), wl.models) : [1];
    const j = thinnedJoint(rolled, a, b, kCap, mCap);
    return b === 0 ? j : spreadUnits(j, devUnits, mCap);
  }
  const h1rows: number[][] = [new Array(devUnits.length).fill(0), [a]];
  h1rows[0][0] = 1 - a - b;
  for (let v = 1; v < devUnits.length; v++) h1rows[0][v] += b * devUnits[v];
  const h1 = jointFrom(h1rows);
  const crit: Joint = conv2(
    wl.lethal ? jointFrom([[1 - pAuto], [pAuto]]) : h1,
    compound2(wl.sustained, h1, Infinity, Infinity),
    Infinity,
    Infinity,
  );
  let perAttack = jointFrom([[1 - wl.pHit]]);
  perAttack = addScaled2(perAttack, h1, wl.pHit - wl.pCrit);
  perAttack = addScaled2(perAttack, crit, wl.pCrit);
  return compound2(wl.attacksDist, perAttack, kCap, mCap);
}

function mixture2(p0: number, p1: number, d: Dist): Dist {
  const out = d.map((x) => x * p1);
  out[0] = (out[0] ?? 0) + p0;
  return out;
}

function addDist(acc: Dist, x: Dist, s: number): Dist {
  while (acc.length < x.length) acc.push(0);
  for (let i = 0; i < x.length; i++) acc[i] += s * x[i];
  return acc;
}

/** Applies one packet (wounds-removed distribution `eff`) to a state vector; index = wounds lost, last = wiped. */
function applyPacket(vec: Float64Array, eff: Dist, W: number): Float64Array {
  const S = vec.length;
  spend(S * (eff.length + 1));
  const out = new Float64Array(S);
  out[S - 1] = vec[S - 1];
  for (let s = 0; s < S - 1; s++) {
    const p = vec[s];
    if (!p) continue;
    const rem = W - (s % W);
    const killTo = s + rem; // next model boundary: (slain + 1) × W
    for (let e = 0; e < eff.length; e++) {
      const pe = eff[e];
      if (!pe) continue;
      out[e >= rem ? killTo : s + e] += p * pe;
    }
  }
  return out;
}

interface ChainSlot {
  key: string;
  eff: Dist;
  cap: number;
}

/** Runs the allocation chain for weapons in order, Devastating Wounds last; returns the wounds-lost distribution. */
function runChain(ws: Prepared[], t: ScenarioTarget): Float64Array {
  const S = t.models * t.W + 1;
  const slots: ChainSlot[] = [];
  for (const w of ws) if (w.dev && w.used && !slots.some((s) => s.key === w.devKey)) slots.push({ key: w.devKey, eff: w.devEff, cap: w.devCap });
  const start = new Float64Array(S);
  start[0] = 1;
  let states = new Map<string, { pending: number[]; vec: Float64Array }>();
  states.set('', { pending: slots.map(() => 0), vec: start });
  for (const w of ws) {
    if (!w.used || w.meanAttacks === 0) continue;
    const slot = w.dev ? slots.findIndex((s) => s.key === w.devKey) : -1;
    const next = new Map<string, { pending: number[]; vec: Float64Array }>();
    const J = w.joint;
    for (const { pending, vec } of states.values()) {
      // d = the state distribution after k normal attacks of this weapon; ev[m] accumulates P(k, m) · d.
      // One d at a time: memory stays (states × S), not (attacks × S).
      const evs: (Float64Array | undefined)[] = new Array(J.nm);
      let d = vec;
      for (let k = 0; k < J.nk; k++) {
        if (k > 0 && anyAlive(d)) d = applyPacket(d, w.normalEff, t.W);
        for (let m = 0; m < J.nm; m++) {
          const p = J.p[k * J.nm + m];
          if (!p) continue;
          const ev = (evs[m] ??= entryVector(next, pending, slot, slot >= 0 ? slots[slot].cap : 0, m, S));
          spend(S);
          for (let s = 0; s < S; s++) ev[s] += p * d[s];
        }
      }
    }
    states = next;
  }
  // Devastating Wounds, slot by slot: Σ_m Dev^m v_m by Horner's rule (max m applications per group, not Σ m).
  let cur = Array.from(states.values());
  for (let i = 0; i < slots.length; i++) cur = hornerSlot(cur, i, S, (v) => applyPacket(v, slots[i].eff, t.W)).cur;
  const final = new Float64Array(S);
  for (const { vec } of cur) for (let s = 0; s < S; s++) final[s] += vec[s];
  return final;
}

/** True when some probability is left on states that are not wiped. */
function anyAlive(vec: Float64Array): boolean {
  for (let s = 0; s < vec.length - 1; s++) if (vec[s] !== 0) return true;
  return false;
}

/** The unit-level expectations (attacks to wounds) every target shares. */
function counts(ws: Prepared[]) {
  let attacks = 0, hits = 0, critHits = 0, wounds = 0, critWounds = 0, lethalAutoWounds = 0, devWounds = 0, haz = 0;
  for (const w of ws) {
    if (!w.used) continue;
    const A = w.meanAttacks;
    const rolledHits = w.pHit - (w.lethal ? w.pCrit : 0) + w.pCrit * w.meanExtraHits;
    const auto = w.lethal ? w.pCrit : 0;
    const cw = rolledHits * w.pCritWound;
    attacks += A;
    hits += A * (w.pHit + w.pCrit * w.meanExtraHits);
    critHits += A * w.pCrit;
    wounds += A * (rolledHits * w.pWound + auto);
    critWounds += A * cw;
    lethalAutoWounds += A * auto;
    devWounds += A * (w.dev ? cw : 0);
    if (w.ab.hazardous) haz += (w.models * w.hazardFailUpTo) / 6;
  }
  return { attacks, hits, critHits, wounds, critWounds, lethalAutoWounds, devWounds, hazardousFailedTests: haz };
}

/** Expected models the attacker loses to failed Hazardous tests (one test per model firing a Hazardous weapon). */
function hazardousLosses(ws: Prepared[], attacker: ScenarioAttacker, rules: DamageRules): number {
  const tests = ws.reduce((n, w) => n + (w.used && w.ab.hazardous ? w.models : 0), 0);
  if (!tests) return 0;
  const hz = rules.hazardous;
  const kw = new Set((attacker.keywords ?? []).map((k) => k.toUpperCase()));
  const mortal = hz.mortalWounds(kw);
  const W = Math.max(1, attacker.W ?? 1);
  const carriers = attacker.models ?? Math.max(...ws.map((w) => (w.used && w.ab.hazardous ? w.models : 0)));
  const fails = binomial(tests, hz.failUpTo / 6);
  let e = 0;
  if (mortal && hz.spill) {
    // Mortal wounds allocated one at a time to the unit, a wounded model first: f failed rolls slay ⌊f·mortal / W⌋.
    for (let f = 0; f < fails.length; f++) e += fails[f] * Math.min(carriers, Math.floor((f * mortal) / W));
    return e;
  }
  // Failed tests needed to lose one model: 1, or enough mortal wounds for its W (excess is lost).
  const per = mortal ? Math.ceil(W / mortal) : 1;
  for (let f = 0; f < fails.length; f++) e += fails[f] * Math.min(carriers, Math.floor(f / per));
  return e;
}

function stats(ws: Prepared[], t: ScenarioTarget, withDamageDist: boolean, hazardous: number): DamageStats {
  const c = counts(ws);
  let unsaved = 0, damage = 0, damageBeforeFnp = 0;
  let damageDist: Dist = [1];
  for (const w of ws) {
    if (!w.used) continue;
    const A = w.meanAttacks;
    const rolledHits = w.pHit - (w.lethal ? w.pCrit : 0) + w.pCrit * w.meanExtraHits;
    const auto = w.lethal ? w.pCrit : 0;
    const dw = w.dev ? rolledHits * w.pCritWound : 0;
    const normal = (rolledHits * w.pWound - dw + auto) * w.pUnsaved;
    const md = mean(w.dmg);
    unsaved += A * (normal + dw);
    damageBeforeFnp += A * (normal + dw) * md;
    damage += A * (normal * md * (1 - w.pFnp) + dw * md * (1 - w.pFnpMortal));
    if (withDamageDist) damageDist = convolve(damageDist, compound(w.attacksDist, w.perAttackDamage));
  }
  const lost = runChain(ws, t);
  const n = t.models;
  const slain = new Array(n + 1).fill(0);
  let woundsLost = 0;
  for (let s = 0; s < lost.length; s++) {
    slain[Math.floor(s / t.W)] += lost[s];
    woundsLost += s * lost[s];
  }
  let modelsSlain = 0;
  for (let k = 1; k <= n; k++) modelsSlain += k * slain[k];
  // Built field by field: an object spread and Array.from of a typed array cost more than the rest of a small case.
  const woundsLostDist: number[] = new Array(lost.length);
  for (let s = 0; s < lost.length; s++) woundsLostDist[s] = lost[s];
  return {
    attacks: c.attacks, hits: c.hits, critHits: c.critHits, wounds: c.wounds, critWounds: c.critWounds,
    lethalAutoWounds: c.lethalAutoWounds, devWounds: c.devWounds, hazardousFailedTests: c.hazardousFailedTests,
    unsaved, damage, damageBeforeFnp, woundsLost, modelsSlain,
    pWipe: slain[n], modelsSlainDist: slain, woundsLostDist, damageDist: withDamageDist ? trim(damageDist) : [],
    hazardousModelsLost: hazardous,
  };
}

/** One weapon against each model group: the packets of the grouped chain. */
function groupWeapon(w: Prepared, L: GroupLayout, n: Norm): GroupWeapon {
  const groups = L.groups;
  const mods = n.mods;
  const normal: GroupPacket = { eff: [], unsaved: [], before: [], after: [] };
  const devPk: GroupPacket = { eff: [], unsaved: [], before: [], after: [] };
  let worst = 0;
  let worstDev = 0;
  for (const g of groups) {
    const improvement = Math.min(1, mods.save + (w.cover ? n.rules.coverSaveBonus(g.Sv, w.AP) : 0));
    let pA = 0, pI = 0;
    for (let u = 2; u <= 6; u++) {
      if (u + w.AP + improvement >= g.Sv) pA += D6;
      if (g.invuln != null && u >= g.invuln) pI += D6;
    }
    const pU = 1 - Math.max(pA, pI);
    const dmg = modifiedDamage(w.rawDamage, w.melta, g, n.rules.damageOrder.value);
    const md = mean(dmg);
    const pN = fnpChance(g.fnp);
    const pM = Math.max(pN, fnpChance(g.fnpMortal));
    const eff = mixture2(1 - pU, pU, thin(dmg, pN));
    normal.eff.push(eff);
    normal.unsaved.push(pU);
    normal.before.push(pU * md);
    normal.after.push(pU * md * (1 - pN));
    worst = Math.max(worst, eff[0]);
    // A dev unit: the Damage as mortal wounds (one point under the launch wording), Feel No Pain against mortals.
    const deff = n.spill ? thin([0, 1], pM) : thin(dmg, pM);
    const dm = n.spill ? 1 : md;
    devPk.eff.push(deff);
    devPk.unsaved.push(0);
    devPk.before.push(dm);
    devPk.after.push(dm * (1 - pM));
    worstDev = Math.max(worstDev, deff[0]);
  }
  const total = L.A + L.C;
  const kCap = packetCap([worst, 1 - worst], total);
  const devCap = packetCap([worstDev, 1 - worstDev], total);
  const kind = w.ab.precision && L.track1.length ? 1 : 0;
  const a0 = w.pWound - (w.dev ? w.pCritWound : 0);
  const b = w.dev ? w.pCritWound : 0;
  const wl: WoundLevel = { attacksDist: w.attacksDist, perModel: w.perModel, models: w.models, pHit: w.pHit, pCrit: w.pCrit, sustained: w.sustained, lethal: w.lethal, rolledPerAttack: w.rolledPerAttack };
  const joint = weaponJoint(wl, a0, b, 1, w.devUnits, kCap, devCap);
  const rolledHits = w.pHit - (w.lethal ? w.pCrit : 0) + w.pCrit * w.meanExtraHits;
  const meanK = w.meanAttacks * (rolledHits * a0 + (w.lethal ? w.pCrit : 0));
  const meanM = w.meanAttacks * rolledHits * b * mean(w.devUnits);
  const out: GroupWeapon = { kind, joint, normal, meanK, meanM };
  if (w.dev) out.dev = { key: n.spill ? 'spill' : devPk.eff.map((e) => e.join(',')).join(';'), packet: devPk, cap: devCap };
  return out;
}

/** The figures of weapons against a target of model groups. */
function groupedStats(ws: Prepared[], L: GroupLayout, n: Norm, hazardous: number, prune: boolean): DamageStats & { groupsSlain: { name?: string; modelsSlain: number }[] } {
  const c = counts(ws);
  const used = ws.filter((w) => w.used && w.meanAttacks > 0);
  const r = runGroupChain(used.map((w) => groupWeapon(w, L, n)), L, prune);
  const g = groupStats(r.final, L);
  let woundsLost = 0;
  g.woundsLostDist.forEach((p, k) => (woundsLost += k * p));
  let modelsSlain = 0;
  g.modelsSlainDist.forEach((p, k) => (modelsSlain += k * p));
  const models = g.modelsSlainDist.length - 1;
  return {
    attacks: c.attacks, hits: c.hits, critHits: c.critHits, wounds: c.wounds, critWounds: c.critWounds,
    lethalAutoWounds: c.lethalAutoWounds, devWounds: c.devWounds, hazardousFailedTests: c.hazardousFailedTests,
    unsaved: r.unsaved + c.devWounds, damage: r.after, damageBeforeFnp: r.before, woundsLost, modelsSlain,
    pWipe: g.modelsSlainDist[models], modelsSlainDist: g.modelsSlainDist, woundsLostDist: g.woundsLostDist, damageDist: [],
    hazardousModelsLost: hazardous, groupsSlain: g.groupsSlain,
  };
}

function trim(d: Dist): Dist {
  let n = d.length;
  while (n > 1 && Math.abs(d[n - 1]) < 1e-300) n--;
  return d.slice(0, n);
}

/**
 * How many packets (wounds-removed distribution `eff`) certainly wipe a unit of `total` wounds: `total` when each
 * packet removes at least 1 wound; with Feel No Pain, the count after which survival has probability < 1e-15.
 * Counts at or above the cap are merged into it, which changes no result beyond that bound.
 */
function packetCap(eff: Dist, total: number): number {
  const p0 = eff[0] ?? 0;
  if (p0 === 0) return total;
  if (p0 >= 1) return 0;
  const key = `${p0}|${total}`;
  const known = CAPS.get(key);
  if (known !== undefined) return known;
  // below[j] = P(j wounds-removing packets so far), j < total; two buffers, swapped.
  let below = new Float64Array(total);
  let next = new Float64Array(total);
  below[0] = 1;
  let cap = 100000;
  for (let c = 1; c < 100000; c++) {
    spend(2 * total);
    let mass = 0;
    for (let j = 0; j < total; j++) {
      const v = below[j] * p0 + (j > 0 ? below[j - 1] * (1 - p0) : 0);
      next[j] = v;
      mass += v;
    }
    const t = below;
    below = next;
    next = t;
    if (c >= total && mass < 1e-15) {
      cap = c;
      break;
    }
  }
  if (CAPS.size > 2000) CAPS.clear();
  CAPS.set(key, cap);
  return cap;
}

/** packetCap is a pure function of (P(no wound removed), total wounds): remembered across computations. */
const CAPS = new Map<string, number>();

export interface ComputeOptions {
  /** Compute `damageDist` (default true); the code lens does not need it. */
  damageDist?: boolean;
  /** Prune negligible mass in the grouped chain (default true; bound: `groups.ts` PRUNE_MASS); false for tests. */
  prune?: boolean;
}

/** The largest value of a characteristic (number or dice expression), or a refusal naming the weapon. */
function maxValue(v: string | number, what: string): number {
  let d;
  try {
    d = parseDice(v);
  } catch (e) {
    throw new BoundsError(`${what}: ${(e as Error).message}`);
  }
  return d.count * d.sides + d.plus;
}

/**
 * Refuses a scenario beyond BOUNDS before any work, with a message naming the weapon or target field.
 * Every caller (lens, breakdown, `auspex damage`) gets the same bounds.
 */
export function checkScenarioBounds(s: DamageScenario): void {
  const ws = s.attacker.weapons;
  if (ws.length > BOUNDS.weaponsPerScenario) throw new BoundsError(`${ws.length} weapons: more than ${BOUNDS.weaponsPerScenario} in one computation is beyond the bounds`);
  for (const w of ws) {
    const name = `weapon "${w.name}"`;
    if (!Number.isInteger(w.models) || w.models < 0 || w.models > BOUNDS.modelsPerWeapon) {
      throw new BoundsError(`${name}: ${w.models} models is beyond the bound of ${BOUNDS.modelsPerWeapon}`);
    }
    const a = maxValue(w.A, `${name} A`);
    if (a > BOUNDS.attacks) throw new BoundsError(`${name}: Attacks ${w.A} is beyond the bound of ${BOUNDS.attacks}`);
    const d = maxValue(w.D, `${name} D`);
    if (d > BOUNDS.damage) throw new BoundsError(`${name}: Damage ${w.D} is beyond the bound of ${BOUNDS.damage}`);
    if (!(w.S >= 0 && w.S <= BOUNDS.strength)) throw new BoundsError(`${name}: Strength ${w.S} is beyond the bound of ${BOUNDS.strength}`);
  }
  const t = s.target;
  if (t.groups?.length) {
    if (t.groups.length > BOUNDS.targetGroups) throw new BoundsError(`target: ${t.groups.length} model groups is beyond the bound of ${BOUNDS.targetGroups}`);
    let models = 0;
    let wounds = 0;
    t.groups.forEach((g, i) => {
      const name = `target group ${i + 1}${g.name ? ` (${g.name})` : ''}`;
      if (!Number.isInteger(g.models) || g.models < 1 || g.models > BOUNDS.targetModels) throw new BoundsError(`${name}: ${g.models} models is beyond the bound of ${BOUNDS.targetModels}`);
      if (!Number.isInteger(g.W) || g.W < 1 || g.W > BOUNDS.wounds) throw new BoundsError(`${name}: W ${g.W} is beyond the bound of ${BOUNDS.wounds}`);
      models += g.models;
      wounds += g.models * g.W;
    });
    if (models > BOUNDS.targetModels) throw new BoundsError(`target: ${models} models is beyond the bound of ${BOUNDS.targetModels}`);
    if (wounds > BOUNDS.targetWounds) throw new BoundsError(`target: ${wounds} wounds in all is beyond the bound of ${BOUNDS.targetWounds} wounds`);
    if (!(t.T >= 1 && t.T <= BOUNDS.toughness)) throw new BoundsError(`target: T ${t.T} is beyond the bound of ${BOUNDS.toughness}`);
    return;
  }
  if (!Number.isInteger(t.models) || t.models < 1 || t.models > BOUNDS.targetModels) throw new BoundsError(`target: ${t.models} models is beyond the bound of ${BOUNDS.targetModels}`);
  if (!Number.isInteger(t.W) || t.W < 1 || t.W > BOUNDS.wounds) throw new BoundsError(`target: W ${t.W} is beyond the bound of ${BOUNDS.wounds}`);
  if (t.models * t.W > BOUNDS.targetWounds) throw new BoundsError(`target: ${t.models} models × ${t.W} W is beyond the bound of ${BOUNDS.targetWounds} wounds`);
  if (!(t.T >= 1 && t.T <= BOUNDS.toughness)) throw new BoundsError(`target: T ${t.T} is beyond the bound of ${BOUNDS.toughness}`);
}

/**
 * Computes the exact expected outcome of a unit's attacks (weapons in list order) against one target.
 * Throws a BoundsError (never freezes) for a scenario beyond BOUNDS or one that would overrun the work budget.
 */
export function computeDamage(s: DamageScenario, opts: ComputeOptions = {}): DamageResult {
  checkScenarioBounds(s);
  return withBudget(() => computeDamageUnchecked(s, opts));
}

function computeDamageUnchecked(s: DamageScenario, opts: ComputeOptions): DamageResult {
  const withDD = opts.damageDist !== false;
  const n = normalize(s);
  const t = s.target;
  const haz = (sel: Prepared[]) => hazardousLosses(sel, s.attacker, n.rules);
  // A target of model groups: the allocation order and PRECISION groups are the edition's.
  let groups = t.groups?.length ? t.groups : undefined;
  // An edition with one allocation group per CHARACTER model: a group of several CHARACTER models is split,
  // and `origin` maps the split groups back to the target's for the figures per group.
  let origin: number[] | undefined;
  if (groups && n.rules.allocation.oneGroupPerCharacterModel && groups.some((g) => g.character && g.models > 1)) {
    const split: TargetGroup[] = [];
    origin = [];
    groups.forEach((g, i) => {
      for (let k = 0; k < (g.character ? g.models : 1); k++) {
        split.push(g.character ? { ...g, models: 1 } : g);
        origin!.push(i);
      }
    });
    groups = split;
  }
  // One model group (a lone model, a unit of one profile): the single-profile chain gives the same figures without
  // the grouped chain's cost; the weapons are prepared against that group's profile.
  const flat = groups?.length === 1 && groups[0].T === t.T ? flatTarget(t, groups[0]) : undefined;
  let ws = s.attacker.weapons.map((w) => prepare(w, flat ?? t, n));
  let layout: GroupLayout | undefined;
  if (groups) {
    const alloc = n.rules.allocation;
    const precise = ws.some((w) => w.used && w.ab.precision);
    // The groups PRECISION may select come last for ordinary attacks, whether or not a weapon has PRECISION.
    const pg = alloc.precisionGroups(groups);
    const order = alloc.order(groups);
    layout = groupLayout(groups, [...order.filter((i) => !pg.includes(i)), ...pg], precise ? pg : []);
  }
  const grouped = (sel: Prepared[], L: GroupLayout) => {
    const r = groupedStats(sel, L, n, haz(sel), opts.prune !== false);
    if (!origin) return r;
    const back = t.groups!.map((g) => (g.name !== undefined ? { name: g.name, modelsSlain: 0 } : { modelsSlain: 0 }));
    r.groupsSlain.forEach((x, i) => (back[origin![i]].modelsSlain += x.modelsSlain));
    return { ...r, groupsSlain: back };
  };
  const single = (sel: Prepared[], dd: boolean) => {
    const r = stats(sel, flat!, dd, haz(sel));
    const g = t.groups![0];
    return { ...r, groupsSlain: [g.name !== undefined ? { name: g.name, modelsSlain: r.modelsSlain } : { modelsSlain: r.modelsSlain }] };
  };
  const figures = (sel: Prepared[], dd: boolean) => (flat ? single(sel, dd) : layout ? grouped(sel, layout) : stats(sel, t, dd, haz(sel)));
  // [LETHAL HITS] as the attacker's choice (the edition's): automatic wounds, or a wound roll that may be a critical
  // wound. Only DEVASTATING WOUNDS makes rolling better, so only such a weapon pays for the comparison.
  const choice = n.rules.lethalHitsChoice;
  if (choice) {
    ws = ws.map((w, i) => {
      if (!w.used || !w.lethal || !w.dev) return w;
      const rolled = prepare(s.attacker.weapons[i], flat ?? t, n, true);
      const auto = figures([w], false);
      const roll = figures([rolled], false);
      const better = roll.woundsLost > auto.woundsLost + 1e-12 ? rolled : w;
      const say = (f: DamageStats) => f.woundsLost.toFixed(2);
      better.notes.push(better === rolled
        ? `${choice}: the critical hits roll to wound (${say(roll)} wounds lost, ${say(auto)} with automatic wounds)`
        : `${choice}: the critical hits wound automatically (${say(auto)} wounds lost, ${say(roll)} rolling to wound)`);
      return better;
    });
  }
  const perWeapon: WeaponResult[] = ws.map((w) => {
    const r: WeaponResult = { name: w.name, profile: w.profile, used: w.used, notes: w.notes, ...figures([w], withDD) };
    if (w.oneShot) r.oneShot = true;
    return r;
  });
  // [ONE SHOT] weapons are left out of the unit total (every turn's figure); `withOneShot` adds them.
  const everyTurn = ws.filter((w) => !w.oneShot);
  const total = everyTurn.length === ws.length && ws.length === 1 ? { ...perWeapon[0] } : figures(everyTurn, withDD);
  const notes: string[] = [];
  notes.push(...n.rules.targetNotes(t));
  if (layout) {
    notes.push(...n.rules.allocation.notes);
    if (layout.track1.length) notes.push(`PRECISION: allocated to ${layout.track1.map((i) => groups![i].name ?? `group ${i + 1}`).join(', ')} first while a model of it lives`);
    if (withDD && !flat) notes.push('damage distribution: not given for a target of several model groups (the damage depends on the group each attack is allocated to)');
    if (n.spill && ws.some((w) => w.dev && w.used)) notes.push("Devastating Wounds (launch wording): mortal wounds per critical wound are the Damage against the unit's first profile");
  }
  if (n.ctx.overwatch) notes.push(n.rules.snapShooting.note);
  const devCount = ws.filter((w) => w.dev && w.used).length;
  if (devCount) notes.push(n.spill ? 'Devastating Wounds: launch wording, mortal wounds spill over' : n.rules.devastatingWounds.note);
  if (devCount && n.spillAsked && !n.spill && n.rules.devastatingWounds.spillIgnored) notes.push(n.rules.devastatingWounds.spillIgnored);
  if (ws.some((w) => w.used && w.ab.hazardous) && n.rules.hazardous.note) notes.push(n.rules.hazardous.note);
  const result: DamageResult = {
    edition: n.edition,
    attacks: total.attacks, hits: total.hits, critHits: total.critHits, wounds: total.wounds, critWounds: total.critWounds,
    lethalAutoWounds: total.lethalAutoWounds, devWounds: total.devWounds, unsaved: total.unsaved, damage: total.damage,
    damageBeforeFnp: total.damageBeforeFnp,
    woundsLost: total.woundsLost, modelsSlain: total.modelsSlain, pWipe: total.pWipe, modelsSlainDist: total.modelsSlainDist,
    woundsLostDist: total.woundsLostDist, damageDist: total.damageDist, hazardousFailedTests: total.hazardousFailedTests,
    hazardousModelsLost: total.hazardousModelsLost,
    perWeapon, notes,
  };
  if ('groupsSlain' in total && total.groupsSlain) result.groupsSlain = total.groupsSlain as { name?: string; modelsSlain: number }[];
  if (ws.some((w) => w.oneShot && w.used)) {
    const all = figures(ws, false);
    const o: OneShotTotals = { damage: all.damage, damageBeforeFnp: all.damageBeforeFnp, woundsLost: all.woundsLost, modelsSlain: all.modelsSlain, pWipe: all.pWipe };
    if ('groupsSlain' in all && all.groupsSlain) o.groupsSlain = all.groupsSlain as { name?: string; modelsSlain: number }[];
    result.withOneShot = o;
  }
  return result;
}

/** A target of one model group as a single profile: the group's characteristics, the unit's T, keywords and Stealth. */
function flatTarget(t: ScenarioTarget, g: TargetGroup): ScenarioTarget {
  return {
    models: g.models, T: t.T, Sv: g.Sv, invuln: g.invuln ?? null, W: g.W, fnp: g.fnp ?? null, fnpMortal: g.fnpMortal ?? null,
    damageReduction: g.damageReduction, halfDamage: g.halfDamage, damageSetTo: g.damageSetTo, damageMultiplier: g.damageMultiplier,
    stealth: t.stealth, keywords: t.keywords,
  };
}

/** A small LRU cache of results keyed by the whole scenario (unit, target, conditions). */
export function createDamageCache(max = 512): (s: DamageScenario, opts?: ComputeOptions) => DamageResult {
  const cache = new Map<string, DamageResult>();
  return (s, opts = {}) => {
    const key = JSON.stringify([s, opts.damageDist !== false]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const r = computeDamage(s, opts);
    cache.set(key, r);
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
    return r;
  };
}

// Re-exported for callers that only import the engine.
export { parseDice };
