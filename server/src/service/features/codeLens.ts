// Code lens: the expected damage and models slain of each unit with weapons, computed
// exactly from the wargear its bullets list, per phase, against the target profiles of
// the `auspex.damage.targets` setting; and the same with each stratagem of the list's
// detachment or plan that the unit can be the target of and whose EFFECT changes the
// numbers. Each lens opens the damage breakdown of its unit and target.
import type { CodeLens, Command } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet, Stratagem, Weapon } from '../domain/rules/model';
import { normalizeName } from '../domain/text/normalize';
import { toRange } from './diagnostics/make';
import type { ScenarioContext, ScenarioTarget } from '../domain/damage/engine';
import { computeUnitDamage, LoadoutGroup, UnitDamageInput, UnitDamageResult } from '../domain/damage/fromRules';
import { DEFAULT_SETTINGS, DamageTargetSetting, Settings } from '../settings';
import { appliesInPhase, changesDamage, effectModifiers, readEffect, StratagemEffect, weaponWithEffect, withAbilities } from '../domain/damage/effects';
import { canTarget } from '../domain/stratagems/eligibility';
import { resolvePlannedStratagem } from './diagnostics/plan';
import { listEdition, type Edition } from '../domain/editions';
import { BOUNDS } from '../domain/bounds';
import { runBounded, spend } from '../domain/damage/budget';
import { engineTarget, ListTarget, pointsRemoved } from '../domain/damage/targetUnit';
import { numberedNames } from './numberedNames';
import { resolveWeapon } from '../domain/rules/wargearNames';

export type UnitDamageFn = (input: UnitDamageInput) => UnitDamageResult;
export type Phase = 'shooting' | 'fight';
export const PHASES: Phase[] = ['shooting', 'fight'];
export const SHOW_BREAKDOWN_COMMAND = 'auspex.showDamageBreakdown';
/** Stratagem lines per unit in the lens's tooltip at most: the ones that add the most damage. */
const MAX_STRATAGEM_LINES = 2;
/** A lens title fits in this many columns (issue 14: one short lens per unit). */
export const LENS_COLUMNS = 100;
/** A code lens command with the tooltip of LSP 3.18. */
export type LensCommand = Command & { tooltip?: string };
/** Damage work bounds (BOUNDS.damageWork each) one lens request may spend over the whole list. */
const LIST_WORK_UNITS = 4;

export type LensSettings = Pick<Settings, 'damageTargets' | 'devastatingWounds' | 'edition'>;

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

/**
 * `opponent`: the units of the opponent's list as targets (`listTargets`): each lens then names them, best first
 * (the most points' worth removed in the better phase), and opens the best pair's breakdown (`vs: 'opponent'`).
 */
export function codeLenses(
  doc: TextDocument,
  list: ArmyList,
  rules: RulesIndex,
  damage: UnitDamageFn = computeUnitDamage,
  settings: LensSettings = DEFAULT_SETTINGS,
  opponent?: ListTarget[],
): CodeLens[] {
  const lenses: CodeLens[] = [];
  const targets: { label: string; target: ScenarioTarget; unit?: ListTarget }[] = opponent
    ? opponent.map((t) => ({ label: t.name, target: engineTarget(t.target), unit: t }))
    : settings.damageTargets.map((t) => ({ label: t.name, target: targetFromSetting(t) }));
  if (targets.length === 0) return lenses;
  // The tooltip tells identical opponent units apart ("Trukk (2)"), as the matchup does.
  const tipLabels = numberedNames(targets.map((t) => t.label));
  const stratagems = listDamageStratagems(list, rules);
  const dw = settings.devastatingWounds;
  const edition = listEdition(list, settings.edition);
  // Each unit's lenses share one work budget (BOUNDS.damageWork); the whole list gets a few of them.
  let listWork = BOUNDS.damageWork * LIST_WORK_UNITS;
  // Every computation costs its set-up too, so that the list's budget covers many cheap ones (many targets).
  const charged: UnitDamageFn = (input) => {
    spend(BOUNDS.damageCallWork);
    return damage(input);
  };
  list.units.forEach((unit, unitIndex) => {
    const sheet = rules.datasheet(unit.name.text, list.faction?.text);
    if (!sheet) return;
    const groups = loadoutGroups(unit, sheet);
    const phases = PHASES.filter((p) => hasPhase(groups, p));
    if (phases.length === 0) return;
    const range = toRange(doc, unit.name.span);
    const command = (title: string, targetIndex: number, stratagem?: string, tooltip?: string): CodeLens => {
      const args: unknown[] = [doc.uri, unitIndex, targetIndex, { ...(stratagem ? { stratagems: [stratagem] } : {}), ...(opponent ? { vs: 'opponent' } : {}) }];
      // The detail travels as the command's tooltip (LSP 3.18) and as a fifth argument, which the VS Code
      // client's middleware turns into the tooltip (its converter drops unknown fields); the command ignores it.
      if (tooltip) args.push({ tooltip });
      const cmd: LensCommand = { title, command: SHOW_BREAKDOWN_COMMAND, arguments: args };
      if (tooltip) cmd.tooltip = tooltip;
      return { range, command: cmd };
    };
    const unitLenses = (ds: Datasheet): void => {
      // Lenses show means only: skip the damage distribution, most of the engine's cost.
      const base = targets.map((t) => phases.map((phase) => charged({ ...unitPhaseInput(groups, ds, t.target, phase, { devastatingWounds: dw, edition }), damageDist: false })));
      // The tooltip: every target with both phases, then the stratagems that change the numbers.
      const detail = tipLabels.map((label, i) => `vs ${label}: ${phases.map((phase, k) => phaseText(phase, base[i][k], true)).join(' · ')}`);
      const shown: { gain: number; line: string }[] = [];
      for (const v of stratagemVariants(stratagems, ds)) {
        const ph = phases.filter((p) => appliesInPhase(v.effect, p));
        if (ph.length === 0) continue;
        const rs = ph.map((phase) => charged({ ...unitPhaseInput(groups, ds, targets[0].target, phase, { variant: v, devastatingWounds: dw, edition }), damageDist: false }));
        const gain = rs.reduce((s, r, k) => s + r.damage - base[0][phases.indexOf(ph[k])].damage, 0);
        if (Math.abs(gain) < 1e-9) continue;
        const cond = v.effect.conditions.length ? ` (${v.effect.conditions.join(', ')})` : '';
        shown.push({ gain, line: `with ${v.label}${cond} vs ${targets[0].label}: ${ph.map((phase, k) => phaseText(phase, rs[k], true)).join(' · ')}` });
      }
      shown.sort((a, b) => b.gain - a.gain);
      for (const s of shown.slice(0, MAX_STRATAGEM_LINES)) detail.push(s.line);
      // The title: each target's best phase, as many targets as fit in LENS_COLUMNS.
      const best = targets.map((t, i) => {
        const k = base[i].reduce((b, r, j) => (r.damage > base[i][b].damage ? j : b), 0);
        return { label: t.label, phase: phases[k], r: base[i][k], index: i, worth: t.unit ? pointsRemoved(t.unit, base[i][k]) : 0, points: t.unit?.points ?? 0 };
      });
      // Against an opponent: best targets first (the most points' worth removed, in the better phase).
      if (opponent) {
        best.sort((a, b) => b.worth - a.worth || b.r.damage - a.r.damage);
        const share = (b: (typeof best)[number]) => (b.points > 0 ? ` (${Math.round((100 * b.worth) / b.points)}% of its points)` : '');
        detail.splice(0, targets.length, ...best.map((b) => `${detail[b.index]} · ${fmt(b.worth)} pts removed${share(b)}`));
        // Identical opponent units (three Biophagus) are one entry of the title: "Biophagus ×3".
        const shown = sameUnitsOnce(best);
        lenses.push(command(lensTitle(shown), best[0].index, undefined, detail.join('\n')));
        return;
      }
      lenses.push(command(lensTitle(best), best[0].index, undefined, detail.join('\n')));
    };
    if (listWork <= 0) {
      lenses.push(command('⚔ expected damage not computed: this list has used up the damage bound of one lens request', 0));
      return;
    }
    const before = lenses.length;
    const run = runBounded(() => unitLenses(sheet), Math.min(BOUNDS.damageWork, listWork));
    listWork -= run.spent;
    if (run.error) {
      lenses.splice(before);
      lenses.push(command(`⚔ expected damage not computed: ${run.error.message}`, 0));
    }
  });
  return lenses;
}

/**
 * The one lens of a unit. It opens with the number that matters, the first target's expected damage and models
 * slain in its best phase (`⚔ 3.0 dmg, 3.0 slain`, within LENS_HEAD_COLUMNS, so that a split editor still shows
 * it), then that phase and target, then the other targets as numbers, as many as fit in LENS_COLUMNS (then
 * "+N more"); the tooltip and the breakdown have the rest.
 */
export function lensTitle(best: { label: string; phase: Phase; r: UnitDamageResult }[]): string {
  const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(0, n - 1))}…`);
  const head = `${LENS_PREFIX}${fmt(best[0].r.damage)} dmg, ${fmt(best[0].r.modelsSlain)} slain`;
  const part = (b: (typeof best)[number]) => `${b.label}: ${b.phase === 'shooting' ? 'Shoot' : 'Fight'} ${fmt(b.r.damage)}/${fmt(b.r.modelsSlain)}`;
  const room = best.length > 1 ? ` · +${best.length - 1} more`.length : 0;
  let title = clip(`${head}${LENS_DETAIL}${phaseName(best[0].phase)} vs ${best[0].label}`, LENS_COLUMNS - room);
  for (let i = 1; i < best.length; i++) {
    const next = `${title} · ${part(best[i])}`;
    const rest = best.length - i - 1;
    const tail = rest ? ` · +${rest} more` : '';
    if (next.length + tail.length <= LENS_COLUMNS) {
      title = next;
      continue;
    }
    const more = ` · +${best.length - i} more`;
    return title + more;
  }
  return title;
}

/** How every damage lens starts; the numbers follow at once. */
export const LENS_PREFIX = '⚔ ';
/** Between the lens's numbers and their details (phase, target, the other targets). */
export const LENS_DETAIL = ' — ';
/** The lens's numbers end within this many columns (two-digit figures), before any detail. */
export const LENS_HEAD_COLUMNS = 24;

/** Entries of the same label and the same figures once, counted ("Biophagus ×3"), in their order. */
function sameUnitsOnce<T extends { label: string; phase: Phase; r: UnitDamageResult }>(best: T[]): T[] {
  const out: { e: T; n: number }[] = [];
  for (const e of best) {
    const same = out.find((o) => o.e.label === e.label && o.e.phase === e.phase && Math.abs(o.e.r.damage - e.r.damage) < 1e-9 && Math.abs(o.e.r.modelsSlain - e.r.modelsSlain) < 1e-9);
    if (same) same.n++;
    else out.push({ e, n: 1 });
  }
  return out.map((o) => (o.n > 1 ? { ...o.e, label: `${o.e.label} ×${o.n}` } : o.e));
}

const phaseName = (phase: Phase) => (phase === 'shooting' ? 'Shooting' : 'Fight');

function phaseText(phase: Phase, r: UnitDamageResult, words: boolean): string {
  const label = phaseName(phase);
  return words ? `${label} ${fmt(r.damage)} dmg / ${fmt(r.modelsSlain)} slain` : `${label} ${fmt(r.damage)}/${fmt(r.modelsSlain)}`;
}

/** One decimal: the lens is read at a glance; the breakdown has the exact figures. */
export const fmt = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

/**
 * The unit's models grouped by identical wargear, from its bullets. Wargear
 * counts are totals for a model group: items every model of the group carries
 * form one group (so a Pistol-or-other-weapons choice is made per model), the
 * rest are fired by as many models as their count says.
 */
export function loadoutGroups(unit: Unit, sheet: Datasheet): LoadoutGroup[] {
  const byName = weaponsByName(sheet);
  const groups: LoadoutGroup[] = [];
  for (const group of unit.models) {
    const shared: Weapon[] = [];
    for (const item of group.wargear) {
      // The exporters' spellings read as the checks read them ("Chirurgeon’s tools" for the data's "Chirugeon's tools").
      const weapon = byName.get(normalizeName(item.name.text)) ?? resolveWeapon(sheet, item.name.text);
      if (!weapon || item.count <= 0) continue;
      if (item.count === group.count) shared.push(weapon);
      else groups.push({ models: item.count, weapons: [weapon], label: group.name.text });
    }
    if (shared.length) groups.push({ models: group.count, weapons: shared, label: group.name.text });
  }
  return groups;
}

/** A datasheet's weapons by normalised name, built once per (immutable) datasheet: every lens pass needs it. */
const weaponIndex = new WeakMap<Datasheet, Map<string, Weapon>>();
function weaponsByName(sheet: Datasheet): Map<string, Weapon> {
  let m = weaponIndex.get(sheet);
  if (!m) weaponIndex.set(sheet, (m = new Map(sheet.weapons.map((w) => [normalizeName(w.name), w] as const))));
  return m;
}
