// The data of the "Damage breakdown" view: for one unit of the list against one target
// of the `auspex.damage.targets` setting, per phase, the step table (attacks → hits →
// wounds → unsaved → damage → slain) per weapon and in total, and the exact
// distributions of models slain and damage, under the conditions the user toggles
// (half range, cover, stationary, charged, stealth, and the unit's stratagems), under
// the list's edition (its Heavy condition and Stealth, and the 10th-edition rules it keeps).
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Settings } from '../settings';
import type { DamageStats, ScenarioTarget } from '../domain/damage/engine';
import { computeUnitDamage } from '../domain/damage/fromRules';
import { BoundsError } from '../domain/bounds';
import { appliesInPhase } from '../domain/damage/effects';
import {
  hasPhase, listDamageStratagems, Phase, PHASES, StratagemVariant, stratagemVariants, targetFromSetting,
} from './unitFire';
import { editionRules, listEdition, type Edition } from '../domain/editions';
import { attackingUnit } from './attackingUnit';
import { armyState, BreakdownConditions, BreakdownToggle, conditionContext, conditionToggles } from './conditions';
import { armyPhase, bareRules, unionReport, type ArmyReport } from './armyDamage';
import { attackRules, type ArmyResolution } from './armySources';
import { describeConditionName } from '../domain/damage/armyRules';

export type { BreakdownConditions, BreakdownToggle, ConditionKey } from './conditions';
export { conditionContext, conditionToggles } from './conditions';

/** Expected values along the attack sequence. */
export interface Steps {
  attacks: number;
  hits: number;
  wounds: number;
  unsaved: number;
  /** Damage that gets through Feel No Pain (the damage contract); `damageBeforeFnp` the unsaved damage before it. */
  damage: number;
  damageBeforeFnp: number;
  slain: number;
}

export interface WeaponRow extends Steps {
  name: string;
  profile?: string;
  /** Models firing it. */
  models: number;
  notes: string[];
}

export interface PhaseBreakdown {
  phase: Phase;
  label: string;
  total: Steps & { woundsLost: number; pWipe: number };
  /** Each weapon alone against the full target (the total allocates them in order). */
  weapons: WeaponRow[];
  /** P(k models slain), k = 0..target models. */
  modelsSlainDist: number[];
  /** P(total damage = d) before Feel No Pain and wastage; empty against a target of several model groups. */
  damageDist: number[];
  /** P(w wounds lost by the target), after Feel No Pain and wastage (what the chart shows when `damageDist` is empty). */
  woundsLostDist: number[];
  /** Stratagems whose effect applies in this phase. */
  stratagems: string[];
  choices: string[];
  notes: string[];
  /** The bare datasheets' figures (no Leader's gift, Enhancement, detachment or army rule), beside the army's above. */
  bare?: Steps & { woundsLost: number; pWipe: number };
  /** The rules of the army applied in this phase, by name. */
  applied: string[];
}

export interface DamageBreakdown {
  unit: { index: number; name: string; line: number };
  /** The list's edition, whose weapon abilities apply, and the 10th-edition rules it keeps where its data has no text. */
  edition: { edition: Edition; label: string; keptFromTenth: string[]; fromSources: string[] };
  target: { index: number; name: string; profile: ScenarioTarget };
  targets: { index: number; name: string }[];
  toggles: BreakdownToggle[];
  devastatingWounds: 'current' | 'spill';
  phases: PhaseBreakdown[];
  /** The army's rules that reach the unit: each applied with its text, effect and steps; each not applied and why; the conditions. */
  army: ArmyReport;
}

/** A target the breakdown can show: a profile of the settings, or a unit of the opponent's list. */
export interface NamedTarget {
  name: string;
  target: ScenarioTarget;
}

/**
 * Null when the unit or target index is out of range, or the unit's datasheet is unknown. `targets` replaces the
 * `auspex.damage.targets` profiles (a matchup pair: the other list's units).
 */
export function damageBreakdown(
  doc: TextDocument,
  list: ArmyList,
  rules: RulesIndex,
  settings: Pick<Settings, 'damageTargets' | 'devastatingWounds' | 'edition'>,
  unitIndex: number,
  targetIndex: number,
  conditions: BreakdownConditions = {},
  targets: NamedTarget[] = settings.damageTargets.map((t) => ({ name: t.name, target: targetFromSetting(t) })),
  army?: ArmyResolution,
): DamageBreakdown | null {
  const unit = list.units[unitIndex];
  const chosen = targets[targetIndex];
  if (!unit || !chosen) return null;
  const attacker = attackingUnit(list, unit, rules, !!conditions.together);
  if (!attacker) return null;
  const { sheet, groups } = attacker;
  const edition = listEdition(list, settings.edition);
  const target: ScenarioTarget = { ...chosen.target };
  if (conditions.stealth) target.stealth = true;
  const context = conditionContext(conditions);
  const state = armyState(conditions);
  const unitRules = army ? attackRules(army, attacker) : bareRules(attacker);
  const variants = stratagemVariants(listDamageStratagems(list, rules), sheet);
  const on = new Set(conditions.stratagems ?? []);
  const active = variants.filter((v) => on.has(v.label));
  const toggles: BreakdownToggle[] = conditionToggles(edition).map((c) => ({ key: c.key, label: c.label, on: !!conditions[c.key], detail: c.detail }));
  for (const v of variants) toggles.push({ key: `stratagem:${v.label}`, label: v.label, on: on.has(v.label), detail: variantDetail(v) });

  const armed = [];
  const phases: PhaseBreakdown[] = [];
  for (const phase of PHASES) {
    if (!hasPhase(groups, phase)) continue;
    const applied = active.filter((v) => appliesInPhase(v.effect, phase));
    // Several stratagems at once: their effects are merged into one variant.
    const variant = applied.length ? merge(applied) : undefined;
    const o = { context, state, variant, devastatingWounds: settings.devastatingWounds, edition };
    let r;
    let bare;
    try {
      const withArmy = armyPhase(attacker, unitRules, target, phase, computeUnitDamage, o);
      armed.push(withArmy.armed);
      r = withArmy.r;
      bare = unitRules.sources.length ? armyPhase(attacker, unitRules, target, phase, computeUnitDamage, { ...o, mode: 'bare', damageDist: false }).r : undefined;
      if (withArmy.armed.applied.length === 0) bare = undefined;
    } catch (e) {
      if (!(e instanceof BoundsError)) throw e;
      // Beyond the bounds: the phase says why instead of the figures (the other phase may still compute).
      const zero = { attacks: 0, hits: 0, wounds: 0, unsaved: 0, damage: 0, damageBeforeFnp: 0, slain: 0, woundsLost: 0, pWipe: 0 };
      phases.push({
        phase, label: phase === 'shooting' ? 'Shooting' : 'Fight', total: zero, weapons: [], modelsSlainDist: [1], damageDist: [1], woundsLostDist: [1],
        stratagems: applied.map((v) => v.label), choices: [], notes: [`Not computed: ${e.message}`], applied: [],
      });
      continue;
    }
    const fired = r.scenario.attacker.weapons;
    phases.push({
      phase,
      label: phase === 'shooting' ? 'Shooting' : 'Fight',
      total: { ...steps(r), woundsLost: r.woundsLost, pWipe: r.pWipe },
      weapons: r.perWeapon
        .map((w, i) => ({ name: w.name, ...(w.profile ? { profile: w.profile } : {}), models: fired[i]?.models ?? 0, notes: w.notes, used: w.used, ...steps(w) }))
        .filter((w) => w.used)
        .map(({ used: _used, ...w }) => w),
      modelsSlainDist: r.modelsSlainDist,
      damageDist: r.damageDist,
      woundsLostDist: r.woundsLostDist,
      stratagems: applied.map((v) => v.label),
      choices: r.choices,
      notes: r.notes,
      ...(bare ? { bare: { ...steps(bare), woundsLost: bare.woundsLost, pWipe: bare.pWipe } } : {}),
      applied: armed[armed.length - 1].applied.map((a) => a.name),
    });
  }
  const report = unionReport(armed);
  return {
    unit: { index: unitIndex, name: attacker.name, line: doc.positionAt(unit.name.span.start).line },
    edition: { edition, label: editionRules(edition).label, keptFromTenth: [...editionRules(edition).damage.borrowed], fromSources: [...editionRules(edition).damage.fromSources] },
    target: { index: targetIndex, name: chosen.name, profile: target },
    targets: targets.map((t, index) => ({ index, name: t.name })),
    toggles: armyToggles(toggles, report),
    devastatingWounds: settings.devastatingWounds,
    phases,
    army: report,
  };
}

/** The toggles with a switch added for every condition the army's rules name (the matchup's too). */
export function armyToggles(toggles: BreakdownToggle[], report: ArmyReport): BreakdownToggle[] {
  const out = [...toggles];
  const have = new Set(out.map((t) => t.key));
  for (const c of report.conditions) {
    const key = toggleKey(c.name);
    if (!key || have.has(key)) continue;
    have.add(key);
    out.push({ key, label: describeConditionName(c.name), on: c.on, detail: `the condition of ${c.rules.join(', ')}` });
  }
  return out;
}

/** The breakdown toggle of a condition the army's rules name (`conditionKeys.ts` `applyToggle` reads it back). */
function toggleKey(name: string): string | undefined {
  if (name === 'charged') return 'charged';
  if (name === 'halfRange') return 'halfRange';
  if (name === 'targetInCover') return 'cover';
  if (name === 'stationary') return undefined;
  if (/^(?:closestTarget|targetAtStartingStrength|targetBelowStartingStrength|targetBelowHalfStrength)$/.test(name)) return `state:${name}`;
  const round = /^battleRound=(\d+)/.exec(name);
  if (round) return `battleRound:${round[1]}`;
  const distance = /^targetDistance<=(\d+)$/.exec(name);
  if (distance) return `targetDistance:${distance[1]}`;
  return `rule:${name}`;
}

function steps(s: DamageStats): Steps {
  return { attacks: s.attacks, hits: s.hits, wounds: s.wounds, unsaved: s.unsaved, damage: s.damage, damageBeforeFnp: s.damageBeforeFnp, slain: s.modelsSlain };
}

function variantDetail(v: StratagemVariant): string {
  const e = v.effect;
  const parts: string[] = [];
  if (e.abilities.length) parts.push(e.abilities.join(' '));
  const mod = (n: number | undefined, what: string) => n && parts.push(`${n > 0 ? '+' : ''}${n} ${what}`);
  mod(e.hitMod, 'to hit');
  mod(e.woundMod, 'to wound');
  mod(e.damageMod, 'Damage');
  mod(e.strengthMod, 'Strength');
  mod(e.attacksMod, 'Attacks');
  if (e.apMod) parts.push(`AP improved by ${e.apMod}`);
  if (e.rerollHits) parts.push(e.rerollHits === 'ones' ? 're-roll hit rolls of 1' : 're-roll hit rolls');
  if (e.rerollWounds) parts.push(e.rerollWounds === 'ones' ? 're-roll wound rolls of 1' : 're-roll wound rolls');
  if (e.critHitOn) parts.push(`Critical Hits on ${e.critHitOn}+`);
  if (e.critWoundOn) parts.push(`Critical Wounds on ${e.critWoundOn}+`);
  const when = e.conditions.length ? ` when ${e.conditions.join(', ')}` : '';
  return `${v.stratagem.cp}CP: ${parts.join(', ')}${when}`;
}

/** Several variants as one: abilities united, modifiers added (the engine caps hit and wound at ±1). */
function merge(vs: StratagemVariant[]): StratagemVariant {
  if (vs.length === 1) return vs[0];
  const e = { ...vs[0].effect, abilities: [...vs[0].effect.abilities], conditions: [...vs[0].effect.conditions] };
  for (const v of vs.slice(1)) {
    const x = v.effect;
    for (const a of x.abilities) if (!e.abilities.includes(a)) e.abilities.push(a);
    for (const k of ['hitMod', 'woundMod', 'damageMod', 'apMod', 'strengthMod', 'attacksMod'] as const) if (x[k]) e[k] = (e[k] ?? 0) + (x[k] as number);
    if (x.rerollHits && (!e.rerollHits || x.rerollHits === 'failed')) e.rerollHits = x.rerollHits;
    if (x.rerollWounds && (!e.rerollWounds || x.rerollWounds === 'failed')) e.rerollWounds = x.rerollWounds;
    if (x.critHitOn) e.critHitOn = Math.min(e.critHitOn ?? 6, x.critHitOn);
    if (x.critWoundOn) e.critWoundOn = Math.min(e.critWoundOn ?? 6, x.critWoundOn);
    e.conditions.push(...x.conditions);
    // Weapon-type limits differ: the merged effect keeps none, and each phase already filtered by appliesInPhase.
    if (JSON.stringify(e.weaponTypes) !== JSON.stringify(x.weaponTypes)) e.weaponTypes = undefined;
  }
  return { stratagem: vs[0].stratagem, label: vs.map((v) => v.label).join(' + '), effect: e };
}
