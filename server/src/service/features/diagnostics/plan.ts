// The STRATAGEMS plan: each planned use names a stratagem the army can use
// (Core, or from its detachment), targets that are units of the list, as many
// as the TARGET text allows, whose keywords meet TARGET and RESTRICTIONS; the
// use limits hold; and the CP spent per battle round can have been gained by
// then. What the text makes situational is left to the hover's reminder.
import type { ArmyList, PlannedStratagem, TargetRef, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Stratagem } from '../../domain/rules/model';
import type { Settings } from '../../settings';
import { attachedUnits, canTarget, requirementAt, stratagemTargetSpec } from '../../domain/stratagems/eligibility';
import { explain, TargetCount, TargetSpec } from '../../domain/stratagems/targetText';
import { closestNames } from '../../domain/text/fuzzy';
import { normalizeName } from '../../domain/text/normalize';
import { CheckContext, findDetachment, ResolvedUnit } from './context';
import { stratagemRule } from './ruleRefs';

/**
 * CP a player gains per battle round: both players gain 1CP at the start of each Command phase,
 * and a battle round holds two (one in each player's turn).
 */
export const CP_PER_ROUND = 2;
/** Battle rounds in a game; the CP table covers at least these. */
const ROUNDS = 5;

/** Stratagems the army can use: Core ones and those of its detachment. */
function usable(s: Stratagem, detachment: string | undefined): boolean {
  return !s.detachment || (!!detachment && normalizeName(s.detachment) === normalizeName(detachment));
}

/** The stratagem a plan line names, preferring one the army can use (names repeat across detachments). */
export function resolvePlannedStratagem(rules: RulesIndex, name: string, detachment: string | undefined): Stratagem | undefined {
  const all = rules.data.stratagems.filter((s) => normalizeName(s.name) === normalizeName(name));
  return all.find((s) => usable(s, detachment)) ?? all[0];
}

/** The unit a target names: `Atalan Jackals #2` is the second unit of that name. */
export function resolveTarget(list: ArmyList, ref: TargetRef): Unit | undefined {
  const same = list.units.filter((u) => normalizeName(u.name.text) === normalizeName(ref.name.text));
  return same[(ref.index ?? 1) - 1];
}

function listDetachment(list: ArmyList, rules: RulesIndex): string | undefined {
  const name = list.detachments[0]?.text;
  if (!name) return undefined;
  return findDetachment(rules, name, list.faction?.text)?.name ?? name;
}

/**
 * CP per battle round of the plan: `spent` in that round, `available` what the player can have
 * in it (starting CP plus what the Command phases gave by then, minus what earlier rounds spent;
 * a round that overspends leaves 0, so one mistake is reported once).
 */
export function planCpByRound(list: ArmyList, rules: RulesIndex, settings: Settings): { round: number; spent: number; available: number }[] {
  const det = listDetachment(list, rules);
  const spentBy = new Map<number, number>();
  let last = 0;
  for (const use of list.stratagemPlan?.uses ?? []) {
    const round = use.round?.value;
    const s = resolvePlannedStratagem(rules, use.name.text, det);
    // Stratagems the army cannot use are reported elsewhere and cost nothing here.
    if (!round || !s || !usable(s, det)) continue;
    spentBy.set(round, (spentBy.get(round) ?? 0) + s.cp);
    last = Math.max(last, round);
  }
  const out: { round: number; spent: number; available: number }[] = [];
  // CP carried into the next round; an overspent round is flagged once and carries nothing, not a debt.
  let bank = settings.startingCP;
  for (let round = 1; round <= Math.max(ROUNDS, last); round++) {
    const spent = spentBy.get(round) ?? 0;
    const available = bank + CP_PER_ROUND;
    out.push({ round, spent, available });
    bank = Math.max(0, available - spent);
  }
  return out;
}

export function checkPlan(ctx: CheckContext): void {
  const plan = ctx.list.stratagemPlan;
  if (!plan) return;
  const det = listDetachment(ctx.list, ctx.rules);
  const resolved: { use: PlannedStratagem; s: Stratagem; spec: TargetSpec }[] = [];
  for (const use of plan.uses) {
    const s = resolvePlannedStratagem(ctx.rules, use.name.text, det);
    if (!s) {
      const pool = ctx.rules.data.stratagems.filter((x) => usable(x, det));
      const suggestions = closestNames(use.name.text, pool.map((x) => x.name));
      const hint = suggestions.length ? ` Did you mean ${suggestions.map((x) => `"${x}"`).join(', ')}?` : '';
      ctx.report(use.name.span, 'unknown-stratagem', `Unknown stratagem "${use.name.text}".${hint}`, { data: { suggestions } });
      continue;
    }
    if (!usable(s, det)) {
      ctx.report(
        use.name.span,
        'stratagem-wrong-detachment',
        `${s.name} is a stratagem of the ${s.detachment} detachment; this army (${det ?? 'no detachment'}) can use only Core stratagems and its own detachment's.`,
        { rule: stratagemRule(s) },
      );
      continue;
    }
    const spec = stratagemTargetSpec(s);
    resolved.push({ use, s, spec });
    checkTargets(ctx, use, s, spec);
  }
  checkLimits(ctx, resolved);
  checkCp(ctx, resolved);
}

function checkTargets(ctx: CheckContext, use: PlannedStratagem, s: Stratagem, spec: TargetSpec): void {
  // An enemy unit, a marker or a card: nothing of this list to check.
  if (spec.side === 'enemy' || spec.subject === 'other') return;
  const n = use.targets.length;
  const fits = countFits(spec.count, n);
  if (!fits.ok) {
    const extra = fits.max !== undefined && n > fits.max ? use.targets[fits.max] : undefined;
    ctx.report(extra?.span ?? use.name.span, 'plan-target-count', `${s.name} targets ${fits.wanted} ("${s.target.trim()}"), not ${n}.`, {
      related: use.targets.length > 1 ? [{ span: use.targets[0].span, message: 'The first target' }] : [],
      rule: stratagemRule(s),
    });
  }
  for (const ref of use.targets) {
    const unit = resolveTarget(ctx.list, ref);
    if (!unit) {
      const count = ctx.list.units.filter((u) => normalizeName(u.name.text) === normalizeName(ref.name.text)).length;
      const suggestions = count ? [] : closestNames(ref.name.text, ctx.list.units.map((u) => u.name.text));
      const why = count
        ? `the list has only ${count} unit${count === 1 ? '' : 's'} named ${ref.name.text}`
        : `the list has no unit named ${ref.name.text}${suggestions.length ? `; did you mean ${suggestions.map((x) => `"${x}"`).join(', ')}?` : ''}`;
      ctx.report(ref.span, 'plan-target-missing', `Target ${ref.name.text}${ref.index ? ` #${ref.index}` : ''} of ${s.name}: ${why}.`, { data: { suggestions } });
      continue;
    }
    const r: ResolvedUnit | undefined = ctx.units.find((u) => u.unit === unit);
    if (!r) continue;
    const sheet = { ...r.sheet, keywords: [...r.keywords] };
    // A Leader and its Bodyguard are one Attached unit: the keywords of both count.
    const attached = attachedUnits(ctx.list, unit).flatMap((o) => ctx.units.filter((x) => x.unit === o)).map((o) => ({ ...o.sheet, keywords: [...o.keywords] }));
    const i = use.targets.indexOf(ref);
    if (spec.parts) {
      // Two targets, each checked against its own part of the text: in order when the plan names
      // one unit a part, else against either part.
      const at = requirementAt(spec, i, n);
      if (canTarget(s, sheet, { ...spec, requirement: at.requirement }, attached)) continue;
      const parts = at.part === undefined ? spec.parts : [spec.parts[at.part]];
      const which = at.part === undefined ? `a target of ${s.name}` : `the ${ORDINAL[at.part] ?? `${at.part + 1}th`} target of ${s.name}`;
      ctx.report(ref.span, 'plan-target-ineligible', `${r.sheet.name} cannot be ${which}: it needs ${parts.map((p) => `${explain(p.requirement)} ("${p.text}")`).join(' or ')}.`, {
        related: [{ span: unit.name.span, message: `${unit.name.text}: ${[...r.keywords].join(', ')}` }],
        rule: stratagemRule(s),
      });
      continue;
    }
    if (!canTarget(s, sheet, spec, attached)) {
      ctx.report(ref.span, 'plan-target-ineligible', `${r.sheet.name} cannot be the target of ${s.name}: it needs ${explain(spec.requirement)} ("${[s.target, s.restrictions].filter(Boolean).join(' ').trim()}").`, {
        related: [{ span: unit.name.span, message: `${unit.name.text}: ${[...r.keywords].join(', ')}` }],
        rule: stratagemRule(s),
      });
    }
  }
}

const ORDINAL = ['first', 'second', 'third', 'fourth'];

/** Whether n targets fit the TARGET text's count; `max` places the diagnostic on the first target too many. */
function countFits(count: TargetCount, n: number): { ok: boolean; wanted: string; max?: number } {
  switch (count.kind) {
    case 'one':
      return { ok: n === 1, wanted: 'one unit', max: 1 };
    case 'oneOrMore':
      return { ok: n >= 1, wanted: 'one or more units' };
    case 'upTo':
      return { ok: n >= 1 && n <= count.n, wanted: `up to ${count.n} units`, max: count.n };
    case 'exactly':
      return { ok: n === count.n, wanted: `${count.n} units`, max: count.n };
    default:
      return { ok: true, wanted: '' };
  }
}

type Use = { use: PlannedStratagem; s: Stratagem; spec: TargetSpec };

/** Once per battle / battle round / turn / phase; the core rules allow one use of a stratagem per phase. */
function checkLimits(ctx: CheckContext, uses: Use[]): void {
  const byStratagem = new Map<Stratagem, Use[]>();
  for (const u of uses) byStratagem.set(u.s, [...(byStratagem.get(u.s) ?? []), u]);
  for (const [s, all] of byStratagem) {
    const lim = all[0].spec.limits;
    const flagged = new Set<Use>();
    const over = (group: Use[], max: number | undefined, what: string) => {
      if (max === undefined || group.length <= max) return;
      for (const u of group.slice(max)) {
        if (flagged.has(u)) continue;
        flagged.add(u);
        ctx.report(u.use.name.span, 'plan-limit-exceeded', `${s.name} is planned ${group.length} times ${what}; it can be used ${times(max)} ${what}.`, {
          related: group.slice(0, max).map((o) => ({ span: o.use.span, message: 'An earlier use' })),
          rule: stratagemRule(s),
        });
      }
    };
    over(all, lim.perBattle, 'per battle');
    const rounds = groupBy(all.filter((u) => u.use.round), (u) => String(u.use.round!.value));
    for (const g of rounds) over(g, lim.perRound, `in battle round ${g[0].use.round!.value}`);
    // A round and phase given together name one phase (and so one turn).
    const phases = groupBy(all.filter((u) => u.use.round && u.use.phase), (u) => `${u.use.round!.value}|${phaseKey(u.use.phase!.text)}`);
    for (const g of phases) {
      const where = `in the ${g[0].use.phase!.text} phase of battle round ${g[0].use.round!.value}`;
      over(g, Math.min(lim.perPhase ?? 1, lim.perTurn ?? Infinity), where);
    }
  }
}

function checkCp(ctx: CheckContext, uses: Use[]): void {
  const table = planCpByRound(ctx.list, ctx.rules, ctx.settings);
  for (const row of table) {
    if (row.spent <= row.available) continue;
    const inRound = uses.filter((u) => u.use.round?.value === row.round);
    let running = 0;
    const tip = inRound.find((u) => (running += u.s.cp) > row.available) ?? inRound[inRound.length - 1];
    if (!tip) continue;
    ctx.report(
      tip.use.name.span,
      'plan-cp-overspent',
      `Battle round ${row.round} spends ${row.spent}CP but at most ${Math.max(0, row.available)}CP can be available then ` +
        `(${ctx.settings.startingCP} starting CP, 1CP in each of the round's two Command phases, minus earlier rounds' spending).`,
      { related: inRound.filter((u) => u !== tip).map((u) => ({ span: u.use.span, message: `${u.s.name} (${u.s.cp}CP)` })) },
    );
  }
}

const phaseKey = (p: string) => normalizeName(p).replace(/\s*phase$/, '');
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

function groupBy<T>(xs: T[], key: (x: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return [...m.values()];
}
