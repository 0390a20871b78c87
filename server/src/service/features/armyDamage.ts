// One attacking unit's damage in one phase against one target with its army's rules applied (`armyRules.ts`): the
// one computation the lenses, the breakdown, the matchup and `auspex lenses` share, so that they show one number.
// A choice the player makes (which ability to gain) is taken to the attacker's best and said; the target's distance,
// when known, keeps weapons out of range from shooting and sets each weapon's half range.
import type { ScenarioTarget } from '../domain/damage/engine';
import { better, type ArmedWeapon, type LoadoutGroup, type UnitDamageResult } from '../domain/damage/fromRules';
import { armUnit, type AppliedRule, type ArmedUnit, type ArmyState, type AttackPart, type ConditionUse, type NotAppliedRule, type RuleSource, type RulesMode } from '../domain/damage/armyRules';
import type { AttackingUnit } from './attackingUnit';
import { unitPhaseInput, type Phase, type UnitDamageFn, type UnitPhaseOptions } from './unitFire';

/** The parts of an attacking unit and every rule that reaches it (`armySources.ts` `attackRules`). */
export interface UnitRules {
  parts: AttackPart[];
  sources: RuleSource[];
}

export interface ArmyPhaseOptions extends UnitPhaseOptions {
  state?: ArmyState;
  mode?: RulesMode;
  /** Compute the damage distribution (the breakdown's charts); the lenses leave it out. */
  damageDist?: boolean;
}

export interface ArmyPhaseResult {
  r: UnitDamageResult;
  armed: ArmedUnit;
  /** The choice taken (the best of several), when the rules offered one. */
  choice?: string;
}

/** The rules of a unit none of whose army is known (no data): its parts bare. */
export function bareRules(attacker: AttackingUnit): UnitRules {
  return {
    parts: attacker.parts.map((p) => ({ role: p.role, name: p.unit.name.text, keywords: [...p.ds.keywords, ...p.ds.factionKeywords], abilities: p.ds.abilities.map((a) => a.name), groups: p.groups })),
    sources: [],
  };
}

const armedMemo = new WeakMap<UnitRules, Map<string, ArmedUnit>>();

/**
 * The unit armed for a phase against a target: memoised per unit's rules, phase, target keywords and state (a
 * matchup asks it for every target; most share their keywords).
 */
function armedFor(rules: UnitRules, phase: Phase, target: ScenarioTarget, o: ArmyPhaseOptions): ArmedUnit {
  const key = `${phase}|${o.mode ?? 'army'}|${(target.keywords ?? []).join(',')}|${!!target.stealth}|${JSON.stringify(o.state ?? {})}`;
  let m = armedMemo.get(rules);
  if (!m) armedMemo.set(rules, (m = new Map()));
  let a = m.get(key);
  if (!a) {
    a = armUnit(rules.parts, rules.sources, phase, { keywords: target.keywords ?? [], cover: !!target.stealth }, o.state, o.mode);
    if (m.size > 256) m.clear();
    m.set(key, a);
  }
  return a;
}

/** The unit's damage in `phase` against `target` with its army's rules, the best of the choices they offer. */
export function armyPhase(attacker: AttackingUnit, rules: UnitRules, target: ScenarioTarget, phase: Phase, damage: UnitDamageFn, o: ArmyPhaseOptions = {}): ArmyPhaseResult {
  const armed = armedFor(rules, phase, target, o);
  let best: { r: UnitDamageResult; choice?: string } | undefined;
  for (const v of armed.variants) {
    const groups = inRange(v.groups, phase, o.state?.targetDistance);
    const input = unitPhaseInput(groups, attacker.sheet, target, phase, o);
    if (o.damageDist === false) input.damageDist = false;
    const r = damage(input);
    if (!best || better(r, best.r)) best = { r, choice: v.label };
  }
  if (!best) throw new Error('no variant');
  if (best.choice && armed.variants.length > 1) best.r = { ...best.r, choices: [...best.r.choices, `${best.choice} (the best of ${armed.variants.length} choices against this target)`] };
  return { r: best.r, armed, ...(best.choice && armed.variants.length > 1 ? { choice: best.choice } : {}) };
}

/** Inches of a range as printed (`24"`); undefined for Melee or an unreadable one. */
function rangeInches(range: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:"|”|''|in)?\s*$/.exec(range);
  return m ? Number(m[1]) : undefined;
}

const ranged = new WeakMap<ArmedWeapon, Map<string, ArmedWeapon | null>>();

/**
 * With the target's distance known: in the Shooting phase, a weapon's profiles out of range do not shoot, and each
 * weapon within half its range has half range (Rapid Fire, Melta). Memoised per weapon and distance.
 */
function inRange(groups: LoadoutGroup[], phase: Phase, distance: number | undefined): LoadoutGroup[] {
  if (distance === undefined || phase !== 'shooting') return groups;
  return groups.map((g) => {
    const weapons = g.weapons.map((w) => {
      const key = String(distance);
      let m = ranged.get(w);
      if (!m) ranged.set(w, (m = new Map()));
      if (!m.has(key)) {
        const profiles = w.profiles.filter((p) => p.type !== 'ranged' || (rangeInches(p.range) ?? Infinity) >= distance);
        const r = w.profiles.find((p) => p.type === 'ranged');
        const inches = r ? rangeInches(r.range) : undefined;
        m.set(key, profiles.length ? { name: w.name, profiles, rolls: { ...w.rolls, ...(inches !== undefined ? { halfRange: distance <= inches / 2 } : {}) } } : null);
      }
      return m.get(key);
    }).filter((w): w is ArmedWeapon => !!w);
    return { ...g, weapons };
  });
}

/** What one unit's figures applied over every phase and target: each rule once, a rule not applied anywhere with why. */
export interface ArmyReport {
  applied: AppliedRule[];
  notApplied: NotAppliedRule[];
  conditions: ConditionUse[];
}

export function unionReport(armed: ArmedUnit[]): ArmyReport {
  const applied = new Map<string, AppliedRule>();
  const conditions = new Map<string, ConditionUse>();
  for (const a of armed) {
    for (const x of a.applied) {
      const k = `${x.kind}:${x.name}`;
      const have = applied.get(k);
      if (!have) applied.set(k, { ...x, steps: [...x.steps] });
      else {
        for (const e of x.effect.split('; ')) if (!have.effect.split('; ').includes(e)) have.effect += `; ${e}`;
        for (const s of x.steps) if (!have.steps.includes(s)) have.steps.push(s);
      }
    }
    for (const c of a.conditions) {
      const have = conditions.get(c.name);
      if (!have) conditions.set(c.name, { ...c, rules: [...c.rules] });
      else {
        have.on = have.on || c.on;
        for (const r of c.rules) if (!have.rules.includes(r)) have.rules.push(r);
      }
    }
  }
  // A rule is one rule whatever kind it was reported as (a Leader's ability applied to the unit is its datasheet's).
  const appliedNames = new Set([...applied.values()].map((a) => `${a.unit ?? ''}:${a.name}`));
  const notApplied = new Map<string, NotAppliedRule>();
  for (const a of armed) for (const x of a.notApplied) {
    const k = `${x.unit ?? ''}:${x.name}`;
    if (!appliedNames.has(k) && !notApplied.has(k)) notApplied.set(k, x);
  }
  return { applied: [...applied.values()], notApplied: [...notApplied.values()], conditions: [...conditions.values()] };
}
