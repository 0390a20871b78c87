// What a list unit fires and how: its models grouped by wargear (`loadoutGroups`), the engine input of one phase
// against one target (`unitPhaseInput`), and the stratagems the list can use that change its numbers. The lenses,
// the breakdown, the matchup and the army rules (`armyDamage.ts`) build on it.
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet, Stratagem } from '../domain/rules/model';
import { normalizeName } from '../domain/text/normalize';
import type { ScenarioContext, ScenarioTarget } from '../domain/damage/engine';
import type { LoadoutGroup, UnitDamageInput, UnitDamageResult } from '../domain/damage/fromRules';
import type { DamageTargetSetting } from '../settings';
import { appliesInPhase, changesDamage, effectModifiers, readEffect, StratagemEffect, weaponWithEffect, withAbilities } from '../domain/damage/effects';
import { canTarget } from '../domain/stratagems/eligibility';
import { resolvePlannedStratagem } from './diagnostics/plan';
import type { Edition } from '../domain/editions';

export type UnitDamageFn = (input: UnitDamageInput) => UnitDamageResult;
export type Phase = 'shooting' | 'fight';
export const PHASES: Phase[] = ['shooting', 'fight'];

/** An engine target from a setting entry. */
export function targetFromSetting(t: DamageTargetSetting): ScenarioTarget {
  const out: ScenarioTarget = { models: t.models, T: t.T, Sv: t.Sv, W: t.W };
  if (t.invuln) out.invuln = t.invuln;
  if (t.fnp) out.fnp = t.fnp;
  if (t.keywords) out.keywords = t.keywords.map((k) => k.toUpperCase());
  return out;
}

/** A stratagem (or one alternative of a "select one of the following" stratagem) as a damage variant. */
export interface StratagemVariant {
  stratagem: Stratagem;
  /** Shown name: the stratagem's, with the chosen ability for alternatives. */
  label: string;
  effect: StratagemEffect;
}

const effects = new WeakMap<Stratagem, StratagemEffect>();
/** A stratagem's EFFECT as read (once per stratagem object), its WHEN text giving the phases. */
export function stratagemEffect(s: Stratagem): StratagemEffect {
  let e = effects.get(s);
  if (!e) effects.set(s, (e = readEffect(s.effect, `${s.when ?? ''} ${s.phase ? `${s.phase} phase` : ''}`)));
  return e;
}

/** The stratagems the list can use whose effect passes `keep`: its detachments' and those its plan names. */
export function listStratagems(list: ArmyList, rules: RulesIndex, keep: (e: StratagemEffect) => boolean): Stratagem[] {
  const dets = new Set(list.detachments.map((d) => normalizeName(d.text)));
  const out: Stratagem[] = [];
  const seen = new Set<Stratagem>();
  const add = (s: Stratagem | undefined) => {
    if (s && !seen.has(s) && keep(stratagemEffect(s))) {
      seen.add(s);
      out.push(s);
    }
  };
  if (dets.size) for (const s of rules.data.stratagems) if (s.detachment && dets.has(normalizeName(s.detachment))) add(s);
  for (const use of list.stratagemPlan?.uses ?? []) add(resolvePlannedStratagem(rules, use.name.text, list.detachments[0]?.text));
  return out;
}

/** The stratagems the list can use that change damage numbers. */
export const listDamageStratagems = (list: ArmyList, rules: RulesIndex) => listStratagems(list, rules, changesDamage);

/** The damage variants a unit of this datasheet can have: stratagems it can be the target of, alternatives split. */
export function stratagemVariants(stratagems: Stratagem[], sheet: Datasheet): StratagemVariant[] {
  const out: StratagemVariant[] = [];
  for (const s of stratagems) {
    if (!canTarget(s, sheet)) continue;
    const effect = stratagemEffect(s);
    if (effect.choose && effect.abilities.length > 1) {
      for (const a of effect.abilities) out.push({ stratagem: s, label: `${s.name} ${a}`, effect: withAbilities(effect, [a]) });
    } else out.push({ stratagem: s, label: s.name, effect });
  }
  return out;
}

export interface UnitPhaseOptions {
  context?: ScenarioContext;
  variant?: StratagemVariant;
  devastatingWounds?: 'current' | 'spill';
  /** The edition whose weapon abilities apply: the list's (`listEdition`); default 10. */
  edition?: Edition;
}

/** The engine input of a unit in one phase against one target, with a stratagem's effect applied. */
export function unitPhaseInput(groups: LoadoutGroup[], sheet: Datasheet, target: ScenarioTarget, phase: Phase, o: UnitPhaseOptions = {}): UnitDamageInput {
  const e = o.variant && appliesInPhase(o.variant.effect, phase) ? o.variant.effect : undefined;
  const g = e ? groups.map((x) => ({ ...x, weapons: x.weapons.map((w) => weaponWithEffect(w, e)) })) : groups;
  const input: UnitDamageInput = { groups: g, keywords: sheet.keywords, target, context: { ...o.context, phase } };
  if (e) input.modifiers = effectModifiers(e);
  // The edition is part of the rules, so of the lens cache key too.
  input.rules = { edition: o.edition ?? 10 };
  if (o.devastatingWounds === 'spill') input.rules.devastatingWounds = 'spill';
  return input;
}

export const hasPhase = (groups: LoadoutGroup[], phase: Phase) =>
  groups.some((g) => g.weapons.some((w) => w.profiles.some((p) => (p.type === 'ranged') === (phase === 'shooting'))));

export { loadoutGroups } from './resolve/loadout';

