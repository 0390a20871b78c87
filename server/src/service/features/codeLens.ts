// Code lens: the expected damage and models slain of each unit with weapons, computed
// exactly from the wargear its bullets list, per phase, against the target profiles of
// the `auspex.damage.targets` setting; and the same with each stratagem of the list's
// detachment or plan that the unit can be the target of and whose EFFECT changes the
// numbers. Each lens opens the damage breakdown of its unit and target.
import type { CodeLens, Command } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { toRange } from './diagnostics/make';
import type { ScenarioTarget } from '../domain/damage/engine';
import { computeUnitDamage, UnitDamageResult } from '../domain/damage/fromRules';
import { DEFAULT_SETTINGS, Settings } from '../settings';
import { appliesInPhase } from '../domain/damage/effects';
import type { ArmedUnit } from '../domain/damage/armyRules';
import { listEdition, type Edition } from '../domain/editions';
import { BOUNDS } from '../domain/bounds';
import { runBounded, spend } from '../domain/damage/budget';
import { bodyguardOf, engineTarget, ListTarget, pointsRemoved } from '../domain/damage/targetUnit';
import { numberedNames } from './numberedNames';
import { attackingUnit, type AttackingUnit } from './attackingUnit';
import { armyPhase, bareRules, unionReport, type ArmyReport, type UnitRules } from './armyDamage';
import { attackRules, type ArmyResolution } from './armySources';
import { armyState, conditionContext, type BreakdownConditions } from './conditions';
import {
  hasPhase, listDamageStratagems, PHASES, stratagemVariants, targetFromSetting, type Phase, type UnitDamageFn,
} from './unitFire';

export {
  hasPhase, listDamageStratagems, listStratagems, loadoutGroups, PHASES, stratagemEffect, stratagemVariants, targetFromSetting, unitPhaseInput,
} from './unitFire';
export type { Phase, StratagemVariant, UnitDamageFn, UnitPhaseOptions } from './unitFire';

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


/** A lens target: a profile of the settings, or a unit of the opponent's list (its points' worth counts then). */
export interface LensTarget {
  label: string;
  target: ScenarioTarget;
  unit?: ListTarget;
}

/** The lens targets: the opponent's units when there is one, else the settings' profiles. */
export function lensTargets(settings: LensSettings, opponent?: ListTarget[]): LensTarget[] {
  return opponent
    ? opponent.map((t) => ({ label: t.name, target: engineTarget(t.target), unit: t }))
    : settings.damageTargets.map((t) => ({ label: t.name, target: targetFromSetting(t) }));
}

/** What one attacking unit's lens shows: per target and phase the figures with its army's rules, and what they applied. */
export interface UnitLens {
  attacker: AttackingUnit;
  rules: UnitRules;
  phases: Phase[];
  /** [target][phase] */
  results: UnitDamageResult[][];
  /** What the army's rules did in each result, [target][phase]. */
  armed: ArmedUnit[][];
  report: ArmyReport;
}

export interface UnitLensOptions {
  edition: Edition;
  devastatingWounds?: 'current' | 'spill';
  /** The game state (`auspex lenses --when`); the editor's lenses have none: every condition false. */
  conditions?: BreakdownConditions;
  /** The list resolved to the data (the army's rules reach the unit through it); without it, the datasheets alone. */
  army?: ArmyResolution;
}

/** An attacking unit's figures against every target in each phase it attacks in, its army's rules applied. */
export function unitLens(attacker: AttackingUnit, targets: LensTarget[], damage: UnitDamageFn, o: UnitLensOptions): UnitLens | null {
  const phases = PHASES.filter((p) => hasPhase(attacker.groups, p));
  if (!phases.length) return null;
  const rules = o.army ? attackRules(o.army, attacker) : bareRules(attacker);
  const conditions = o.conditions ?? {};
  const context = conditionContext(conditions);
  const state = armyState(conditions);
  const runs = targets.map((t) =>
    phases.map((phase) => {
      const target = conditions.stealth ? { ...t.target, stealth: true } : t.target;
      return armyPhase(attacker, rules, target, phase, damage, { context, state, devastatingWounds: o.devastatingWounds, edition: o.edition, damageDist: false });
    }),
  );
  const armed = runs.map((ps) => ps.map((r) => r.armed));
  return { attacker, rules, phases, results: runs.map((ps) => ps.map((r) => r.r)), armed, report: unionReport(armed.flat()) };
}

/** The lens's note on the army's rules: what it applied, by name, and how many conditions could change it. */
export function armyNote(report: ArmyReport): string {
  const names: string[] = [];
  for (const a of report.applied) {
    if (a.kind === 'datasheet') continue;
    const n = (a.kind === 'leader' || a.kind === 'support') && a.unit ? a.unit : a.name;
    if (!names.includes(n)) names.push(n);
  }
  const off = report.conditions.filter((c) => !c.on).length;
  return `${names.length ? ` · with ${names.join(', ')}` : ''}${off ? ` · ${off} condition${off > 1 ? 's' : ''}` : ''}`;
}

/** The tooltip's lines on the army's rules: what was applied, the conditions off, what was not applied. */
function armyLines(report: ArmyReport): string[] {
  const out: string[] = [];
  for (const a of report.applied) out.push(`applied: ${a.name}${a.unit && a.unit !== a.name ? ` (${a.unit})` : ''}: ${a.effect}`);
  const off = report.conditions.filter((c) => !c.on);
  if (off.length) out.push(`conditions off (the breakdown switches them): ${off.map((c) => `${c.name} (${c.rules.join(', ')})`).join('; ')}`);
  const unread = report.notApplied.filter((n) => n.why.startsWith('not read'));
  if (unread.length) out.push(`not applied, wording not read: ${unread.map((n) => n.name).join(', ')}`);
  return out;
}

/**
 * `opponent`: the units of the opponent's list as targets (`listTargets`): each lens then names them, best first
 * (the most points' worth removed in the better phase), and opens the best pair's breakdown (`vs: 'opponent'`).
 * `army`: the list resolved to the data: each unit's lens applies the rules its army gives it (Leaders, Support
 * units, Enhancements, detachment and army rules). A Bodyguard's lens is its whole attached unit's; a Leader's or
 * Support unit's line says it attacks with its Bodyguard, with the same figures.
 */
export function codeLenses(
  doc: TextDocument,
  list: ArmyList,
  rules: RulesIndex,
  damage: UnitDamageFn = computeUnitDamage,
  settings: LensSettings = DEFAULT_SETTINGS,
  opponent?: ListTarget[],
  army?: ArmyResolution,
): CodeLens[] {
  const lenses: CodeLens[] = [];
  const targets = lensTargets(settings, opponent);
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
  /** Each Bodyguard's lens once: its Leader's line shows it too. */
  const computed = new Map<Unit, { title: string; targetIndex: number; tooltip: string } | { error: string } | null>();
  const lensOf = (unit: Unit) => {
    if (computed.has(unit)) return computed.get(unit)!;
    let out: { title: string; targetIndex: number; tooltip: string } | { error: string } | null = null;
    const attacker = attackingUnit(list, unit, rules, true);
    if (attacker && listWork <= 0) out = { error: 'this list has used up the damage bound of one lens request' };
    else if (attacker) {
      const run = runBounded(() => {
        const data = unitLens(attacker, targets, charged, { edition, devastatingWounds: dw, army });
        return data && lensText(data);
      }, Math.min(BOUNDS.damageWork, listWork));
      listWork -= run.spent;
      out = run.error ? { error: run.error.message } : run.value ?? null;
    }
    computed.set(unit, out);
    return out;
  };
  const lensText = (data: UnitLens) => {
    const { attacker, phases, results: base } = data;
    const { sheet } = attacker;
    // The tooltip: every target with both phases, then the stratagems that change the numbers, then the army's rules.
    const detail = tipLabels.map((label, i) => `vs ${label}: ${phases.map((phase, k) => phaseText(phase, base[i][k], true)).join(' · ')}`);
    const shown: { gain: number; line: string }[] = [];
    for (const v of stratagemVariants(stratagems, sheet)) {
      const ph = phases.filter((p) => appliesInPhase(v.effect, p));
      if (ph.length === 0) continue;
      // The stratagem on top of what the army's rules give the unit.
      const rs = ph.map((phase) => armyPhase(attacker, data.rules, targets[0].target, phase, charged, { variant: v, devastatingWounds: dw, edition, damageDist: false }).r);
      const gain = rs.reduce((s, r, k) => s + r.damage - base[0][phases.indexOf(ph[k])].damage, 0);
      if (Math.abs(gain) < 1e-9) continue;
      const cond = v.effect.conditions.length ? ` (${v.effect.conditions.join(', ')})` : '';
      shown.push({ gain, line: `with ${v.label}${cond} vs ${targets[0].label}: ${ph.map((phase, k) => phaseText(phase, rs[k], true)).join(' · ')}` });
    }
    shown.sort((a, b) => b.gain - a.gain);
    for (const s of shown.slice(0, MAX_STRATAGEM_LINES)) detail.push(s.line);
    detail.push(...armyLines(data.report));
    const note = armyNote(data.report);
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
      return { title: lensTitle(sameUnitsOnce(best), note), targetIndex: best[0].index, tooltip: detail.join('\n') };
    }
    return { title: lensTitle(best, note), targetIndex: best[0].index, tooltip: detail.join('\n') };
  };
  list.units.forEach((unit) => {
    const bodyguard = bodyguardOf(list, unit);
    const owner = bodyguard ?? unit;
    const lens = lensOf(owner);
    if (!lens) return;
    const ownerIndex = list.units.indexOf(owner);
    const range = toRange(doc, unit.name.span);
    const command = (title: string, targetIndex: number, tooltip?: string): CodeLens => {
      const args: unknown[] = [doc.uri, ownerIndex, targetIndex, { together: true, ...(opponent ? { vs: 'opponent' } : {}) }];
      // The detail travels as the command's tooltip (LSP 3.18) and as a fifth argument, which the VS Code
      // client's middleware turns into the tooltip (its converter drops unknown fields); the command ignores it.
      if (tooltip) args.push({ tooltip });
      const cmd: LensCommand = { title, command: SHOW_BREAKDOWN_COMMAND, arguments: args };
      if (tooltip) cmd.tooltip = tooltip;
      return { range, command: cmd };
    };
    if ('error' in lens) {
      lenses.push(command(`⚔ expected damage not computed: ${lens.error}`, 0));
      return;
    }
    if (!bodyguard) {
      lenses.push(command(lens.title, lens.targetIndex, lens.tooltip));
      return;
    }
    // A Leader's or Support unit's line: it attacks with its Bodyguard, whose figures these are.
    const line = doc.positionAt(bodyguard.name.span.start).line + 1;
    const [head, ...rest] = lens.title.split(LENS_DETAIL);
    const withText = `${LENS_DETAIL}attacks with ${bodyguard.name.text} (line ${line})`;
    const title = clip(`${head.split(' · ')[0]}${withText}${rest.length ? ` · ${rest.join(LENS_DETAIL)}` : ''}`, LENS_COLUMNS);
    lenses.push(command(title, lens.targetIndex, `${bodyguard.name.text} (line ${line}) attacks with this unit attached: the figures are the whole unit's.\n${lens.tooltip}`));
  });
  return lenses;
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(0, n - 1))}…`);

/**
 * The army note (" · with Khârn the Betrayer · 2 conditions") within `room` columns: whole, else one of its parts
 * whole (what was applied first), else the names clipped, else nothing. A count is never cut ("2 condit…").
 */
function fitNote(note: string, room: number): string {
  if (note.length <= room) return note;
  const parts = note.split(' · ').filter(Boolean).map((p) => ` · ${p}`);
  const whole = parts.find((p) => p.length <= room);
  if (whole) return whole;
  const names = parts.find((p) => p.startsWith(' · with '));
  return names && room >= 12 ? clip(names, room) : '';
}

/**
 * The one lens of a unit. It opens with the number that matters, the first target's expected damage and models
 * slain in its best phase (`⚔ 3.0 dmg, 3.0 slain`, within LENS_HEAD_COLUMNS, so that a split editor still shows
 * it), then that phase and target, then the other targets as numbers, as many as fit in LENS_COLUMNS (then
 * "+N more"); the tooltip and the breakdown have the rest.
 */
export function lensTitle(best: { label: string; phase: Phase; r: UnitDamageResult }[], note = ''): string {
  const room0 = best.length > 1 ? 12 : 0;
  const room = best.length > 1 ? ` · +${best.length - 1} more`.length : 0;
  const numbers = `${LENS_PREFIX}${fmt(best[0].r.damage)} dmg, ${fmt(best[0].r.modelsSlain)} slain`;
  const first = `${LENS_DETAIL}${phaseName(best[0].phase)} vs ${best[0].label}`;
  // The target is named whole before the note (its tooltip and the breakdown say the rest): a note clipped shorter
  // than a word or two says nothing and goes.
  const noteRoom = Math.min(LENS_COLUMNS - room0 - 60, LENS_COLUMNS - room - numbers.length - first.length);
  const shown = fitNote(note, noteRoom);
  const part = (b: (typeof best)[number]) => `${b.label}: ${b.phase === 'shooting' ? 'Shoot' : 'Fight'} ${fmt(b.r.damage)}/${fmt(b.r.modelsSlain)}`;
  let title = clip(`${numbers}${shown}${first}`, LENS_COLUMNS - room);
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

/** One unit line's lens as `auspex lenses --json` prints it. */
export interface LensReportUnit {
  /** 1-based line of the unit. */
  line: number;
  name: string;
  /** The unit it attacks with, for a Leader or Support unit (its entry is that unit's). */
  attacksWith?: string;
  /** Per phase and target; `applied` names the rules applied in that result. */
  results: { phase: Phase; target: string; attacks: number; hits: number; wounds: number; unsaved: number; damage: number; modelsSlain: number; applied: string[] }[];
  applied: { source: string; name: string; unit?: string; text: string; effect: string; steps: string[] }[];
  conditions: { name: string; on: boolean; rules: string[] }[];
  notApplied: { source: string; name: string; unit?: string; text: string; why: string }[];
  /** Why the unit has no figures (no datasheet in the data, no weapons, a bound). */
  note?: string;
}

/**
 * What the editor's lenses show for every unit line of a list, in the conditions given (`auspex lenses`): the same
 * computation as `codeLenses` (`unitLens`), every target and phase, with the army's rules applied and reported.
 */
export function lensReport(
  doc: TextDocument,
  list: ArmyList,
  rules: RulesIndex,
  damage: UnitDamageFn,
  settings: LensSettings,
  army: ArmyResolution | undefined,
  conditions: BreakdownConditions = {},
): LensReportUnit[] {
  const targets = lensTargets(settings);
  const edition = listEdition(list, settings.edition);
  const memo = new Map<Unit, Omit<LensReportUnit, 'line' | 'name' | 'attacksWith'>>();
  const entry = (owner: Unit) => {
    const hit = memo.get(owner);
    if (hit) return hit;
    let out: Omit<LensReportUnit, 'line' | 'name' | 'attacksWith'> = { results: [], applied: [], conditions: [], notApplied: [] };
    const attacker = attackingUnit(list, owner, rules, true);
    if (!attacker) out.note = 'its datasheet is not in the rules data';
    else {
      const run = runBounded(() => unitLens(attacker, targets, damage, { edition, devastatingWounds: settings.devastatingWounds, conditions, army }), BOUNDS.damageWork);
      if (run.error) out.note = `not computed: ${run.error.message}`;
      else if (!run.value) out.note = 'it has no weapons the data knows';
      else {
        const data = run.value;
        out = {
          results: targets.flatMap((t, i) => data.phases.map((phase, k) => {
            const r = data.results[i][k];
            return { phase, target: t.label, attacks: r.attacks, hits: r.hits, wounds: r.wounds, unsaved: r.unsaved, damage: r.damage, modelsSlain: r.modelsSlain, applied: data.armed[i][k].applied.map((a) => a.name) };
          })),
          applied: data.report.applied.map((a) => ({ source: a.kind, name: a.name, ...(a.unit ? { unit: a.unit } : {}), text: a.text, effect: a.effect, steps: a.steps })),
          conditions: data.report.conditions.map((c) => ({ name: c.name, on: c.on, rules: c.rules })),
          notApplied: data.report.notApplied.map((n) => ({ source: n.kind, name: n.name, ...(n.unit ? { unit: n.unit } : {}), text: n.text, why: n.why })),
        };
      }
    }
    memo.set(owner, out);
    return out;
  };
  return list.units.map((unit) => {
    const bodyguard = bodyguardOf(list, unit);
    return {
      line: doc.positionAt(unit.name.span.start).line + 1,
      name: unit.name.text,
      ...(bodyguard ? { attacksWith: bodyguard.name.text } : {}),
      ...entry(bodyguard ?? unit),
    };
  });
}
