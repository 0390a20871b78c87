// The matchup: every unit of one list against every unit of another (the opponent), per phase, both directions.
// Each defender is a real target unit (`domain/damage/targetUnit.ts`: model groups, attached Leaders, its
// datasheets' defensive abilities); each attacker fires as its lens does (`unitPhaseInput`). Cells are the engine's
// expected damage, models slain, P(wipe) and the points' worth removed. The damage function is the façade's
// per-pair cache, keyed by attacker loadout + target + conditions, so an edit recomputes only what changed.
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Edition } from '../domain/editions';
import { editionRules } from '../domain/editions';
import { computeUnitDamage } from '../domain/damage/fromRules';
import { BoundsError } from '../domain/bounds';
import { engineTarget, listTargets, ListTarget, pointsRemoved, unitPoints } from '../domain/damage/targetUnit';
import { hasPhase, Phase, PHASES, UnitDamageFn } from './unitFire';
import { armyPhase, bareRules, unionReport } from './armyDamage';
import { attackRules, type ArmyResolution } from './armySources';
import type { ArmedUnit, ArmyState } from '../domain/damage/armyRules';
import { defendedTarget } from './armyDefence';
import { attackingUnit } from './attackingUnit';
import { numberedNames } from './numberedNames';

export { numberedNames };
import { armyState, BreakdownConditions, BreakdownToggle, conditionContext, conditionToggles } from './conditions';
import { armyToggles } from './damageBreakdown';
import { resolveList } from './resolve/resolvedList';

/** One side of a matchup: a parsed list, the rules index of its edition, and that edition. */
export interface MatchupSide {
  list: ArmyList;
  rules: RulesIndex;
  edition: Edition;
  /** The file as the user named it (shown, never read here). */
  file?: string;
  /** The list resolved to the data: its units attack with the rules their army gives them. */
  army?: ArmyResolution;
}

/** The condition toggles of the breakdown (stratagems excepted: they belong to one attacking unit). */
export type MatchupConditions = Omit<BreakdownConditions, 'stratagems' | 'vs'>;

export interface MatchupAttacker {
  /** Index in the attacking list's `units` of its Bodyguard (or the unit alone). */
  index: number;
  /** The unit with the units attached to it ("Khorne Berzerkers + Khârn the Betrayer"): they attack together. */
  name: string;
  /** The name, numbered when several rows bear it ("Trukk (2)"), in list order. */
  label: string;
  points: number;
  phases: Phase[];
}

export interface MatchupDefender {
  /** Index in the defending list's `units` of its Bodyguard (or the unit alone). */
  index: number;
  /** Position in `listTargets` order: the breakdown's target index. */
  targetIndex: number;
  name: string;
  /** The name, numbered when several columns bear it ("Trukk (2)"), in list order. */
  label: string;
  points: number;
  models: number;
}

export interface MatchupPair {
  attacker: string;
  attackerIndex: number;
  defender: string;
  defenderIndex: number;
  /** Position of the defender in `defenders` (the breakdown's target index). */
  targetIndex: number;
  phase: Phase;
  /** As the engine returns it. */
  damage: number;
  modelsSlain: number;
  pWipe: number;
  /** Σ over the defender's groups of expected models slain × points per model. */
  pointsRemoved: number;
  /** pointsRemoved ÷ the defender's points (0 when it has none). */
  share: number;
  /** Why the pair was not computed (a bound), when it was not. */
  error?: string;
}

/** One direction: the attacking list's units against the defending list's. */
export interface MatchupDirection {
  attackers: MatchupAttacker[];
  defenders: MatchupDefender[];
  pairs: MatchupPair[];
}

export interface ListSummary {
  faction?: string;
  detachments: string[];
  points: number;
  file?: string;
}

export interface Matchup {
  edition: Edition;
  yours: ListSummary;
  theirs: ListSummary;
  conditions: MatchupConditions;
  toggles: BreakdownToggle[];
  /** Your units against theirs. */
  forward: MatchupDirection;
  /** Their units against yours ("what they do to you"). */
  reverse: MatchupDirection;
}

export interface MatchupOptions {
  conditions?: MatchupConditions;
  devastatingWounds?: 'current' | 'spill';
  /** The per-pair cache (the façade's); computeUnitDamage uncached when absent. */
  damage?: UnitDamageFn;
  /** Only this direction (the CLI's default prints both). */
  directions?: ('forward' | 'reverse')[];
}

/** A list's faction, detachments and points (stated per unit, else the data's). */
export function listSummary(side: MatchupSide): ListSummary {
  let points = 0;
  const resolved = resolveList(side.list, side.rules);
  for (const u of side.list.units) {
    const ds = resolved.sheetOf(u);
    points += u.points?.value ?? (ds ? unitPoints(u, ds) : 0);
  }
  const out: ListSummary = { faction: side.list.faction?.text, detachments: side.list.detachments.map((d) => d.text), points };
  if (side.file) out.file = side.file;
  return out;
}

/** The defenders of a list (each unit not attached to another, with those attached to it), memoised per list object. */
const targetsMemo = new WeakMap<ArmyList, WeakMap<RulesIndex, ListTarget[]>>();
export function sideTargets(side: Pick<MatchupSide, 'list' | 'rules'>): ListTarget[] {
  let byRules = targetsMemo.get(side.list);
  if (!byRules) targetsMemo.set(side.list, (byRules = new WeakMap()));
  let t = byRules.get(side.rules);
  if (!t) byRules.set(side.rules, (t = listTargets(side.list, resolveList(side.list, side.rules).sheetOf)));
  return t;
}

/** The defenders of a side with its army's defensive rules applied in `state` (both sides of a matchup read so). */
export function defendedSideTargets(side: Pick<MatchupSide, 'list' | 'rules' | 'army'>, state: ArmyState = {}): ListTarget[] {
  const ts = sideTargets(side);
  return side.army ? ts.map((t) => defendedTarget(t, side.list, side.rules, side.army!, state).target) : ts;
}

/**
 * One direction of the matchup: every attacking unit with weapons (a Leader or Support unit attacking together with
 * its Bodyguard, as one row), against every defending target, per phase.
 */
export function matchupDirection(att: MatchupSide, def: MatchupSide, o: MatchupOptions = {}, armed: ArmedUnit[] = []): MatchupDirection {
  const damage = o.damage ?? computeUnitDamage;
  const context = conditionContext(o.conditions ?? {});
  const state = armyState(o.conditions ?? {});
  const targets = defendedSideTargets(def, state);
  const defenderLabels = numberedNames(targets.map((t) => t.name));
  const defenders: MatchupDefender[] = targets.map((t, i) => ({ index: t.index, targetIndex: i, name: t.name, label: defenderLabels[i], points: t.points, models: t.target.models }));
  const attackers: MatchupAttacker[] = [];
  const pairs: MatchupPair[] = [];
  for (const unit of att.list.units) {
    const a = attackingUnit(att.list, unit, att.rules);
    if (!a) continue;
    const phases = PHASES.filter((p) => hasPhase(a.groups, p));
    if (!phases.length) continue;
    const index = a.index;
    const rules = att.army ? attackRules(att.army, a) : bareRules(a);
    attackers.push({ index, name: a.name, label: a.name, points: a.points, phases });
    targets.forEach((t, ti) => {
      const target = o.conditions?.stealth ? { ...engineTarget(t.target), stealth: true } : engineTarget(t.target);
      for (const phase of phases) {
        const base = { attacker: a.name, attackerIndex: index, defender: t.name, defenderIndex: t.index, targetIndex: ti, phase };
        try {
          const run = armyPhase(a, rules, target, phase, damage, { context, state, devastatingWounds: o.devastatingWounds, edition: att.edition, damageDist: false });
          armed.push(run.armed);
          const r = run.r;
          const removed = pointsRemoved(t, r);
          pairs.push({ ...base, damage: r.damage, modelsSlain: r.modelsSlain, pWipe: r.pWipe, pointsRemoved: removed, share: t.points > 0 ? removed / t.points : 0 });
        } catch (e) {
          if (!(e instanceof BoundsError)) throw e;
          pairs.push({ ...base, damage: 0, modelsSlain: 0, pWipe: 0, pointsRemoved: 0, share: 0, error: e.message });
        }
      }
    });
  }
  numberedNames(attackers.map((a) => a.name)).forEach((label, i) => (attackers[i].label = label));
  return { attackers, defenders, pairs };
}

/** The whole matchup: both directions (unless `directions` says one), under your list's edition's toggles. */
export function computeMatchup(yours: MatchupSide, theirs: MatchupSide, o: MatchupOptions = {}): Matchup {
  const dirs = o.directions ?? ['forward', 'reverse'];
  const empty: MatchupDirection = { attackers: [], defenders: [], pairs: [] };
  const conditions = o.conditions ?? {};
  const armed: ArmedUnit[] = [];
  const forward = dirs.includes('forward') ? matchupDirection(yours, theirs, o, armed) : empty;
  const reverse = dirs.includes('reverse') ? matchupDirection(theirs, yours, o, armed) : empty;
  const toggles: BreakdownToggle[] = conditionToggles(yours.edition).map((c) => ({ key: c.key, label: c.label, on: !!conditions[c.key], detail: c.detail }));
  return {
    edition: yours.edition,
    yours: listSummary(yours),
    theirs: listSummary(theirs),
    conditions,
    // A switch for each condition the two armies' rules name (the Waaagh!, a Charge move), both sides alike.
    toggles: armyToggles(toggles, unionReport(armed)),
    forward,
    reverse,
  };
}

/** The best pair of an attacker against each defender: the phase removing the most points. */
export function bestPhase(pairs: MatchupPair[]): MatchupPair[] {
  const best = new Map<string, MatchupPair>();
  for (const p of pairs) {
    const k = `${p.attackerIndex}:${p.targetIndex}`;
    const b = best.get(k);
    if (!b || p.pointsRemoved > b.pointsRemoved + 1e-12 || (Math.abs(p.pointsRemoved - b.pointsRemoved) <= 1e-12 && p.damage > b.damage)) best.set(k, p);
  }
  return [...best.values()];
}

/** Readable text of one direction: per attacker, its targets best first, by points' worth removed (what `auspex matchup` prints). */
export function matchupText(m: Matchup, dir: 'forward' | 'reverse'): string {
  const d = m[dir];
  const [a, b] = dir === 'forward' ? [m.yours, m.theirs] : [m.theirs, m.yours];
  const name = (s: ListSummary) => `${s.file ?? 'list'} (${s.faction ?? 'no faction'}${s.detachments.length ? `, ${s.detachments.join(' + ')}` : ''}, ${s.points} pts)`;
  const lines = [`${name(a)} against ${name(b)} — ${editionRules(m.edition).label}`];
  if (!d.attackers.length) lines.push('  (no unit with weapons and a known datasheet)');
  for (const at of d.attackers) {
    lines.push(`${at.name} #${at.index + 1} (${at.points} pts)`);
    // One line per defender, its best phase first; defenders by the most points' worth removed (as the lenses).
    const byDefender = new Map<number, MatchupPair[]>();
    for (const p of d.pairs) if (p.attackerIndex === at.index) byDefender.set(p.targetIndex, [...(byDefender.get(p.targetIndex) ?? []), p]);
    const rows = [...byDefender.values()].map((ps) => ps.sort((x, y) => y.pointsRemoved - x.pointsRemoved || y.damage - x.damage));
    rows.sort((x, y) => y[0].pointsRemoved - x[0].pointsRemoved || y[0].damage - x[0].damage);
    for (const ps of rows) {
      const cell = (p: MatchupPair) =>
        `${p.phase === 'shooting' ? 'Shooting' : 'Fight'} ${p.error ? `not computed: ${p.error}` : `${f1(p.damage)} dmg, ${f1(p.modelsSlain)} slain, ${f1(p.pointsRemoved)} pts (${pct(p.share)}), P(wipe) ${pct(p.pWipe)}`}`;
      const def = d.defenders[ps[0].targetIndex];
      lines.push(`  vs ${def.name} #${def.index + 1} (${def.points} pts): ${ps.map(cell).join(' · ')}`);
    }
  }
  return lines.join('\n');
}

const f1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const pct = (x: number) => `${Math.round(x * 100)}%`;
