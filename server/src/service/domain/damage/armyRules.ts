// What an attacking unit gets from its army: the rules that reach it (its own datasheet abilities, its Leaders' and
// Support units' gifts, its characters' Enhancements, its detachments' rules, the army rule), each read by
// `ruleText.ts`, applied to the models and weapons the wording names, under the conditions that hold. The result is
// the unit's weapon groups as armed (`ArmedWeapon`: profiles changed, rolls modified) for one phase and one target,
// with what was applied, what was not and why, and the conditions the numbers depend on. Pure: the caller (the
// lens, the breakdown, the matchup, `auspex lenses`) gathers the sources from the list (`features/armySources.ts`).
import { normalizeName } from '../text/normalize';
import { explain, satisfies } from '../stratagems/targetText';
import type { Weapon, WeaponProfile } from '../rules/model';
import type { RerollKind } from './scenario';
import { weaponWithEffect, type StratagemEffect } from './effects';
import type { ArmedWeapon, LoadoutGroup, WeaponRolls } from './fromRules';
import { readRule, type RuleClause, type RuleCondition, type RuleReading, type StateKey } from './ruleText';

export type SourceKind = 'leader' | 'support' | 'enhancement' | 'detachment' | 'army' | 'datasheet';

/** One list unit of an attacking unit: the Bodyguard (or a unit alone), or a Leader or Support unit attached to it. */
export interface AttackPart {
  role: 'bodyguard' | 'leader' | 'support';
  /** The list unit's name. */
  name: string;
  /** Its datasheet's and faction's keywords and those the list grants it, upper case. */
  keywords: string[];
  /** Its datasheet's ability names (a rule for "models with this ability" reaches models that have it). */
  abilities: string[];
  groups: LoadoutGroup[];
}

/** A rule that may reach the unit's attacks. */
export interface RuleSource {
  kind: SourceKind;
  name: string;
  text: string;
  /** The part whose rule it is (a datasheet ability, a Leader's or Support unit's gift, an Enhancement's bearer). */
  part?: number;
}

/** The game state the numbers are computed in: what is not set is false (or unknown, for the numbers). */
export interface ArmyState {
  states?: Partial<Record<StateKey, boolean>>;
  battleRound?: number;
  /** The target's distance in inches. */
  targetDistance?: number;
  /** Rules whose state holds, by the data's name ("Waaagh!", "Here Be Loot"), any case. */
  rules?: string[];
}

/** `army`: every rule that reaches the unit; `bare`: the datasheets alone, each ability on its own unit. */
export type RulesMode = 'army' | 'bare';

export interface AppliedRule {
  kind: SourceKind;
  name: string;
  /** The list unit whose rule it is (a datasheet ability's, a Leader's, an Enhancement's bearer). */
  unit?: string;
  text: string;
  /** What it does here, in words ("+1 to hit for melee attacks of every model in the unit"). */
  effect: string;
  /** The steps of the attack sequence it changes. */
  steps: Step[];
}

export type Step = 'attacks' | 'hit roll' | 'wound roll' | 'saving throw' | 'damage';

export interface NotAppliedRule {
  kind: SourceKind;
  name: string;
  unit?: string;
  text: string;
  why: string;
}

/** A condition some rule reaching the unit depends on, as `--when` names it, and whether it holds. */
export interface ConditionUse {
  name: string;
  on: boolean;
  /** The rules that depend on it. */
  rules: string[];
}

/** The unit armed for one phase and one target: one variant, or one per choice the player makes (the caller keeps the best). */
export interface ArmedUnit {
  variants: { label?: string; groups: LoadoutGroup[] }[];
  applied: AppliedRule[];
  notApplied: NotAppliedRule[];
  conditions: ConditionUse[];
}

interface ClauseUse {
  source: RuleSource;
  sourceIndex: number;
  clause: RuleClause;
  index: number;
  parts: number[];
}

const STATE_NAMES: Record<StateKey, string> = {
  charged: 'charged',
  halfRange: 'halfRange',
  stationary: 'stationary',
  targetInCover: 'targetInCover',
  targetAtStartingStrength: 'targetAtStartingStrength',
  targetBelowStartingStrength: 'targetBelowStartingStrength',
  targetBelowHalfStrength: 'targetBelowHalfStrength',
  closestTarget: 'closestTarget',
};

/** The name a condition is switched by (`--when`, the breakdown's switches). */
export function conditionName(c: RuleCondition, source: RuleSource): string {
  switch (c.kind) {
    case 'state':
      return STATE_NAMES[c.key];
    case 'battleRound':
      return `battleRound=${c.min}${c.max === undefined ? '+' : c.max === c.min ? '' : `-${c.max}`}`;
    case 'distance':
      return `targetDistance<=${c.within}`;
    case 'led':
      return `led by ${explain(c.units)}`;
    case 'named':
      return c.rule ?? source.name;
  }
}

function holds(c: RuleCondition, source: RuleSource, state: ArmyState, rulesOn: Set<string>, parts: AttackPart[]): boolean {
  switch (c.kind) {
    case 'state':
      return !!state.states?.[c.key];
    case 'battleRound':
      return state.battleRound !== undefined && state.battleRound >= c.min && (c.max === undefined || state.battleRound <= c.max);
    case 'distance':
      return state.targetDistance !== undefined && state.targetDistance <= c.within;
    case 'led':
      return parts.some((p) => p.role !== 'bodyguard' && satisfies(c.units, p.keywords));
    case 'named':
      return rulesOn.has(normalizeName(c.rule ?? source.name));
  }
}

/** A clause's conditions: a condition naming another rule stands for the rule's own ("If you do" under "Eliminate At All Costs"). */
/**
 * Whether every condition of a clause holds; each one the player can switch is recorded in `conditions` whether or
 * not it holds (what the list states, a Leader attached, is no switch).
 */
function conditionsHold(
  conds: RuleCondition[], source: RuleSource, state: ArmyState, rulesOn: Set<string>, parts: AttackPart[], conditions: Map<string, ConditionUse>,
): boolean {
  let ok = true;
  for (const c of conds) {
    const on = holds(c, source, state, rulesOn, parts);
    if (!on) ok = false;
    if (c.kind === 'led') continue;
    const name = conditionName(c, source);
    const use = conditions.get(name) ?? { name, on, rules: [] };
    if (!use.rules.includes(source.name)) use.rules.push(source.name);
    conditions.set(name, use);
  }
  return ok;
}

function effectiveConditions(clause: RuleClause): RuleCondition[] {
  const titled = clause.conditions.some((c) => c.kind === 'named' && c.rule);
  return titled ? clause.conditions.filter((c) => c.kind !== 'named' || c.rule) : clause.conditions;
}

/**
 * The parts a clause reaches, by its scope and the source's owner. In `bare` mode only a datasheet's abilities
 * apply, each to its own unit; a Leader's "while leading" gift and every army rule are left out.
 */
function partsReached(clause: RuleClause, source: RuleSource, parts: AttackPart[], mode: RulesMode): { parts: number[]; why?: string } {
  const all = parts.map((_, i) => i);
  const owner = source.part;
  const withKeywords = (ps: number[]) => (clause.units ? ps.filter((i) => satisfies(clause.units!, parts[i].keywords)) : ps);
  switch (clause.scope) {
    case 'ledUnit': {
      if (owner === undefined) return { parts: [] };
      if (parts[owner].role === 'bodyguard') return { parts: [], why: 'only while this model is leading a unit' };
      return mode === 'army' ? { parts: all } : { parts: [] };
    }
    case 'unit':
      if (owner === undefined) return { parts: withKeywords(all) };
      return { parts: mode === 'army' ? all : [owner] };
    case 'model':
      if (owner === undefined) return { parts: withAbility(source, parts) };
      return { parts: [owner] };
    case 'withAbility':
      return { parts: withAbility(source, parts) };
    case 'army':
    case 'selected': {
      const ps = withKeywords(all);
      return ps.length ? { parts: ps } : { parts: [], why: clause.units ? `only for ${explain(clause.units)} units` : 'not for this unit' };
    }
  }
}

function withAbility(source: RuleSource, parts: AttackPart[]): number[] {
  const key = normalizeName(source.name);
  return parts.map((p, i) => (p.abilities.some((a) => normalizeName(a) === key) ? i : -1)).filter((i) => i >= 0);
}

/** Weapon names the clause's text names ("with its snazzgun", "crushing teeth and claws equipped by …"). */
function namedWeapons(clause: RuleClause, parts: AttackPart[]): Set<string> | undefined {
  const text = ` ${clause.text.toLowerCase().replace(/[^a-z0-9' -]+/g, ' ')} `;
  const names = new Set<string>();
  for (const p of parts) for (const g of p.groups) for (const w of g.weapons) {
    const n = w.name.toLowerCase().replace(/[^a-z0-9' -]+/g, ' ').replace(/\s+/g, ' ').trim();
    if (n.length >= 4 && !/^(?:melee|ranged)? ?weapons?$/.test(n) && text.includes(` ${n} `)) names.add(w.name);
  }
  return names.size ? names : undefined;
}

/** The profiles of a weapon a clause changes: its weapon types and the weapon ability it selects by. */
function profileFits(clause: RuleClause, p: WeaponProfile): boolean {
  if (clause.effect.weaponTypes && !clause.effect.weaponTypes.includes(p.type)) return false;
  if (clause.weaponAbility && !p.abilities.some((a) => a.toUpperCase().startsWith(clause.weaponAbility!))) return false;
  return true;
}

const hasNumbers = (e: StratagemEffect) =>
  !!(e.hitMod || e.woundMod || e.rerollHits || e.rerollWounds || e.damageMod || e.apMod || e.strengthMod || e.attacksMod || e.attacksSet || e.skillMod || e.critHitOn || e.critWoundOn);

const REROLL_ORDER: RerollKind[] = ['none', 'ones', 'failed', 'noncrit'];
const broader = (a: RerollKind | undefined, b: RerollKind | undefined): RerollKind | undefined =>
  REROLL_ORDER.indexOf(a ?? 'none') >= REROLL_ORDER.indexOf(b ?? 'none') ? a : b;

/** Several clauses' effects on one weapon as one: abilities united, characteristic modifiers added. */
function mergeEffects(es: StratagemEffect[], type: 'ranged' | 'melee'): StratagemEffect | undefined {
  if (!es.length) return undefined;
  const out: StratagemEffect = { abilities: [], conditions: [], weaponTypes: [type] };
  for (const e of es) {
    for (const a of e.abilities) if (!out.abilities.includes(a)) out.abilities.push(a);
    for (const k of ['damageMod', 'apMod', 'strengthMod', 'attacksMod'] as const) if (e[k]) out[k] = (out[k] ?? 0) + e[k]!;
    if (e.attacksSet) out.attacksSet = Math.max(out.attacksSet ?? 0, e.attacksSet);
  }
  return out;
}

function mergeRolls(es: StratagemEffect[]): WeaponRolls | undefined {
  const r: WeaponRolls = {};
  for (const e of es) {
    if (e.hitMod) r.hitModifier = (r.hitModifier ?? 0) + e.hitMod;
    if (e.woundMod) r.woundModifier = (r.woundModifier ?? 0) + e.woundMod;
    if (e.skillMod) r.skillModifier = (r.skillModifier ?? 0) + e.skillMod;
    if (e.rerollHits) r.rerollHits = broader(r.rerollHits, e.rerollHits);
    if (e.rerollWounds) r.rerollWounds = broader(r.rerollWounds, e.rerollWounds);
    if (e.critHitOn) r.critHitOn = Math.min(r.critHitOn ?? 6, e.critHitOn);
    if (e.critWoundOn) r.critWoundOn = Math.min(r.critWoundOn ?? 6, e.critWoundOn);
  }
  return Object.keys(r).length ? r : undefined;
}

const armed = new WeakMap<Weapon, Map<string, ArmedWeapon>>();

/** The weapon with its profile changes and rolls: memoised, so the pair cache (keyed on weapon identity) keeps working. */
function arm(w: ArmedWeapon, byType: Partial<Record<'ranged' | 'melee', StratagemEffect>>, rolls: WeaponRolls | undefined): ArmedWeapon {
  let out: Weapon = w;
  for (const e of Object.values(byType)) if (e) out = weaponWithEffect(out, e);
  const merged: WeaponRolls | undefined = w.rolls || rolls ? { ...w.rolls, ...rolls } : undefined;
  if (!merged) return out;
  const key = JSON.stringify(merged);
  let m = armed.get(out);
  if (!m) armed.set(out, (m = new Map()));
  let a = m.get(key);
  if (!a) m.set(key, (a = { name: out.name, profiles: out.profiles, rolls: merged }));
  return a;
}

/**
 * The unit's weapon groups as its army's rules arm them for one phase against one target (its keywords), with what
 * was applied, what was not and why, and the conditions it depends on. `sources` are every rule that reaches the
 * unit; the state says which conditions hold.
 */
/** What the armed unit is aimed at: the target's keywords, and whether it has the benefit of cover (cover or Stealth). */
export interface ArmTarget {
  keywords: readonly string[];
  cover?: boolean;
}

/** Weapon abilities that change no figure in some situations: granted there, they are said to change nothing. */
function inertHere(abilities: string[], state: ArmyState, target: ArmTarget): string | undefined {
  const inert = abilities.filter((a) => {
    const k = a.replace(/^\[|\]$/g, '').toUpperCase();
    if (k === 'ASSAULT') return true;
    if (k === 'PISTOL' || k === 'CLOSE-QUARTERS') return true;
    if (k === 'HEAVY') return !state.states?.stationary;
    if (k === 'IGNORES COVER') return !target.cover && !state.states?.targetInCover;
    return false;
  });
  if (!abilities.length || inert.length < abilities.length) return undefined;
  const why = inert.map((a) => {
    const k = a.replace(/^\[|\]$/g, '').toUpperCase();
    return k === 'ASSAULT' ? `${a} changes nothing unless the unit Advanced` : k === 'HEAVY' ? `${a} changes nothing unless the unit is stationary (stationary)` : k === 'IGNORES COVER' ? `${a} changes nothing here: the target has no benefit of cover (targetInCover)` : `${a} changes which weapons shoot while engaged, not the figures`;
  });
  return why.join('; ');
}

export function armUnit(parts: AttackPart[], sources: RuleSource[], phase: 'shooting' | 'fight', target: ArmTarget, state: ArmyState = {}, mode: RulesMode = 'army'): ArmedUnit {
  const targetKeywords = target.keywords;
  const type = phase === 'shooting' ? 'ranged' : 'melee';
  const rulesOn = new Set((state.rules ?? []).map(normalizeName));
  const uses: ClauseUse[] = [];
  const notApplied: NotAppliedRule[] = [];
  const conditions = new Map<string, ConditionUse>();
  const applied = new Map<number, { steps: Set<Step>; effects: string[]; kind: SourceKind }>();

  sources.forEach((source, sourceIndex) => {
    const skip = mode === 'bare' && source.kind !== 'datasheet';
    if (!source.text) {
      const why = source.kind === 'detachment' ? 'the rules data holds no text of its rule' : 'the rules data holds only its price: no profile or ability of it to read';
      if (!skip) notApplied.push({ kind: source.kind, name: source.name, ...ownerName(source, parts), text: '', why });
      return;
    }
    const reading: RuleReading = readRule(source.text);
    const why: string[] = [];
    let attacking = false;
    reading.clauses.forEach((clause, index) => {
      if (clause.side !== 'attacking') return;
      attacking = true;
      const reach = partsReached(clause, source, parts, mode);
      if (!reach.parts.length) {
        if (reach.why) why.push(reach.why);
        return;
      }
      // Conditions are listed whether or not they hold: the switches a player has.
      const conds = effectiveConditions(clause);
      const ok = conditionsHold(conds, source, state, rulesOn, parts, conditions) && !skip;
      if (!ok) {
        if (!skip) why.push(`only when ${unique(conds.filter((c) => !holds(c, source, state, rulesOn, parts)).map((c) => describeCondition(c, source))).join(' and ')}`);
        return;
      }
      if (clause.effect.weaponTypes && !clause.effect.weaponTypes.includes(type)) {
        why.push(`${clause.effect.weaponTypes.join(' and ')} attacks only`);
        return;
      }
      if (clause.targets && !satisfies(clause.targets, [...targetKeywords])) {
        why.push(`only against ${explain(clause.targets)} targets`);
        return;
      }
      const e = clause.effect;
      const inert = !hasNumbers(e) ? inertHere(e.abilities, state, target) : undefined;
      if (inert) {
        why.push(inert);
        return;
      }
      uses.push({ source, sourceIndex, clause, index, parts: reach.parts });
    });
    if (skip) return;
    if (!uses.some((u) => u.sourceIndex === sourceIndex)) {
      const reason = why[0]
        ?? (attacking ? undefined : reading.clauses.some((c) => c.side === 'defending') ? 'defensive: it changes attacks made against the unit' : undefined)
        ?? (reading.unread.length ? `not read: "${reading.unread[0]}"` : undefined)
        ?? (reading.other.length ? `changes ${reading.other.join(', ')}; no effect on attacks` : 'no effect on attacks');
      notApplied.push({ kind: source.kind, name: source.name, ...ownerName(source, parts), text: source.text, why: reason });
    }
  });

  // "… instead": a clause that applies sets aside the one it replaces.
  const replaced = new Set(uses.filter((u) => u.clause.insteadOf !== undefined).map((u) => `${u.sourceIndex}:${u.clause.insteadOf}`));
  const active = uses.filter((u) => !replaced.has(`${u.sourceIndex}:${u.index}`));

  // Choices: a "select one of the following" group, or one clause of alternative abilities: one variant per pick.
  const choiceSets: { label: string; uses: ClauseUse[] }[][] = [];
  const fixed: ClauseUse[] = [];
  const groups = new Map<string, ClauseUse[]>();
  for (const u of active) {
    if (u.clause.alternativeOf !== undefined) {
      const k = `${u.sourceIndex}:${u.clause.alternativeOf}`;
      groups.set(k, [...(groups.get(k) ?? []), u]);
    } else if (u.clause.effect.choose && u.clause.effect.abilities.length > 1) {
      choiceSets.push(u.clause.effect.abilities.map((a) => ({ label: `${u.source.name}: ${a}`, uses: [{ ...u, clause: { ...u.clause, effect: { ...u.clause.effect, abilities: [a], choose: undefined } } }] })));
    } else fixed.push(u);
  }
  for (const [, us] of groups) choiceSets.push(us.map((u) => ({ label: `${u.source.name}: ${shortEffect(u.clause.effect)}`, uses: [u] })));
  // At most 16 variants: the first choices beyond that keep their first option.
  let combos: { label?: string; uses: ClauseUse[] }[] = [{ uses: fixed }];
  for (const set of choiceSets) {
    if (combos.length * set.length > 16) {
      combos = combos.map((c) => ({ label: c.label, uses: [...c.uses, ...set[0].uses] }));
      continue;
    }
    combos = combos.flatMap((c) => set.map((o) => ({ label: c.label ? `${c.label}; ${o.label}` : o.label, uses: [...c.uses, ...o.uses] })));
  }

  const variants = combos.map((c) => ({ ...(c.label ? { label: c.label } : {}), groups: armGroups(parts, c.uses, type) }));
  for (const u of active) {
    const a = applied.get(u.sourceIndex) ?? { steps: new Set<Step>(), effects: [], kind: reportedKind(u, parts) };
    for (const s of steps(u.clause.effect)) a.steps.add(s);
    const line = describeUse(u, parts);
    if (!a.effects.includes(line)) a.effects.push(line);
    applied.set(u.sourceIndex, a);
  }
  return {
    variants,
    applied: [...applied.entries()].map(([i, a]) => ({ kind: a.kind, name: sources[i].name, ...ownerName(sources[i], parts), text: sources[i].text, effect: a.effects.join('; '), steps: [...a.steps] })),
    notApplied,
    conditions: [...conditions.values()],
  };
}

const ownerName = (s: RuleSource, parts: AttackPart[]) => (s.part !== undefined && parts[s.part] ? { unit: parts[s.part].name } : {});

/** A datasheet ability of a Leader or Support unit reaching the whole unit is that Leader's gift. */
function reportedKind(u: ClauseUse, parts: AttackPart[]): SourceKind {
  if (u.source.kind !== 'datasheet' || u.source.part === undefined) return u.source.kind;
  const role = parts[u.source.part].role;
  return role !== 'bodyguard' && u.parts.some((p) => p !== u.source.part) ? role : 'datasheet';
}

function armGroups(parts: AttackPart[], uses: ClauseUse[], type: 'ranged' | 'melee'): LoadoutGroup[] {
  const named = new Map<ClauseUse, Set<string> | undefined>(uses.map((u) => [u, namedWeapons(u.clause, parts)]));
  const out: LoadoutGroup[] = [];
  parts.forEach((part, pi) => {
    for (const g of part.groups) {
      const weapons = g.weapons.map((w) => {
        const profile = w.profiles.find((p) => p.type === type) ?? w.profiles[0];
        const reaching = uses.filter((u) => u.parts.includes(pi) && profileFits(u.clause, profile) && (!named.get(u) || named.get(u)!.has(w.name)));
        if (!reaching.length) return w;
        const es = reaching.map((u) => u.clause.effect);
        return arm(w, { [type]: mergeEffects(es, type) }, mergeRolls(es));
      });
      out.push(weapons.every((w, i) => w === g.weapons[i]) ? g : { ...g, weapons });
    }
  });
  return out;
}

function steps(e: StratagemEffect): Step[] {
  const out = new Set<Step>();
  if (e.attacksMod || e.attacksSet) out.add('attacks');
  const ab = e.abilities.join(' ');
  if (e.hitMod || e.rerollHits || e.critHitOn || e.skillMod || /SUSTAINED|LETHAL|IGNORES COVER|HEAVY|TORRENT/.test(ab)) out.add('hit roll');
  if (e.woundMod || e.rerollWounds || e.critWoundOn || e.strengthMod || /ANTI-|LANCE|TWIN-LINKED|DEVASTATING/.test(ab)) out.add('wound roll');
  if (e.apMod || /IGNORES COVER/.test(ab)) out.add('saving throw');
  if (e.damageMod || /DEVASTATING|MELTA/.test(ab)) out.add('damage');
  if (/RAPID FIRE|BLAST|CLEAVE/.test(ab)) out.add('attacks');
  return [...out];
}

/** The effect in a few words: "+1 to hit", "[SUSTAINED HITS 1]", "re-roll hit rolls of 1". */
export function shortEffect(e: StratagemEffect): string {
  const parts: string[] = [...e.abilities];
  const mod = (n: number | undefined, what: string) => n && parts.push(`${n > 0 ? '+' : ''}${n} ${what}`);
  mod(e.hitMod, 'to hit');
  mod(e.woundMod, 'to wound');
  mod(e.skillMod, 'BS/WS');
  mod(e.attacksMod, 'A');
  if (e.attacksSet) parts.push(`A ${e.attacksSet}`);
  mod(e.strengthMod, 'S');
  if (e.apMod) parts.push(`AP improved by ${e.apMod}`);
  mod(e.damageMod, 'D');
  if (e.rerollHits) parts.push(e.rerollHits === 'ones' ? 're-roll hit rolls of 1' : 're-roll hit rolls');
  if (e.rerollWounds) parts.push(e.rerollWounds === 'ones' ? 're-roll wound rolls of 1' : 're-roll wound rolls');
  if (e.critHitOn) parts.push(`Critical Hits on ${e.critHitOn}+`);
  if (e.critWoundOn) parts.push(`Critical Wounds on ${e.critWoundOn}+`);
  return parts.join(', ');
}

function describeUse(u: ClauseUse, parts: AttackPart[]): string {
  const e = u.clause.effect;
  const who = u.parts.length === parts.length && parts.length > 1 ? 'every model of the unit' : u.parts.map((i) => parts[i].name).join(' and ');
  const what = e.weaponTypes?.length === 1 ? `${e.weaponTypes[0]} attacks` : 'attacks';
  const against = u.clause.targets ? ` against ${explain(u.clause.targets)} targets` : '';
  const named = namedWeapons(u.clause, parts);
  const weapons = named ? ` with ${[...named].join(', ')}` : u.clause.weaponAbility ? ` with [${u.clause.weaponAbility}] weapons` : '';
  const when = unique(effectiveConditions(u.clause).map((c) => describeCondition(c, u.source)));
  return `${shortEffect(e)}: ${what} of ${who}${weapons}${against}${when.length ? ` (${when.join(', ')})` : ''}`;
}

/** A condition's switch name (`conditionName`) in words, for a toggle's label. */
export function describeConditionName(name: string): string {
  const words: Record<string, string> = {
    charged: 'Charged', halfRange: 'Half range', stationary: 'Stationary', targetInCover: 'Target in cover',
    targetAtStartingStrength: 'Target at Starting Strength', targetBelowStartingStrength: 'Target below Starting Strength',
    targetBelowHalfStrength: 'Target Below Half-strength', closestTarget: 'Closest eligible target',
  };
  if (words[name]) return words[name];
  const round = /^battleRound=(\d+)(\+)?/.exec(name);
  if (round) return `Battle round ${round[1]}${round[2] ? '+' : ''}`;
  const d = /^targetDistance<=(\d+)$/.exec(name);
  if (d) return `Target within ${d[1]}"`;
  return name;
}

/** A condition in words, with its switch's name. */
export function describeCondition(c: RuleCondition, source: RuleSource): string {
  switch (c.kind) {
    case 'state':
      return {
        charged: 'the unit made a Charge move (charged)',
        halfRange: 'within half range (halfRange)',
        stationary: 'the unit remained stationary (stationary)',
        targetInCover: 'the target has the benefit of cover (targetInCover)',
        targetAtStartingStrength: 'the target is at its Starting Strength (targetAtStartingStrength)',
        targetBelowStartingStrength: 'the target is below its Starting Strength (targetBelowStartingStrength)',
        targetBelowHalfStrength: 'the target is Below Half-strength (targetBelowHalfStrength)',
        closestTarget: 'the target is the closest eligible target (closestTarget)',
      }[c.key];
    case 'battleRound':
      return `battle round ${c.min}${c.max === undefined ? ' or later' : c.max !== c.min ? `-${c.max}` : ''} (battleRound=N)`;
    case 'distance':
      return `the target within ${c.within}" (targetDistance=N)`;
    case 'led':
      return `a ${explain(c.units)} Leader leads the unit`;
    case 'named':
      return `${c.rule ?? source.name} (${c.why})`;
  }
}

/** One condition said once: two named after one rule are that rule's state. */
function unique(xs: string[]): string[] {
  const out: string[] = [];
  for (const x of xs) {
    const name = x.replace(/ \(.*$/, '');
    if (!out.some((o) => o.replace(/ \(.*$/, '') === name)) out.push(x);
  }
  return out;
}

/**
 * What one rule adds to the unit's attacks, in words, whatever the phase, target and conditions: each attacking
 * clause reaching its parts ("+1 to hit: melee attacks of every model of the unit"), with its conditions. Empty when
 * it adds nothing to these attacks (the hover then says so).
 */
export function ruleEffects(parts: AttackPart[], source: RuleSource): string[] {
  const out: string[] = [];
  readRule(source.text).clauses.forEach((clause, index) => {
    if (clause.side !== 'attacking') return;
    const reach = partsReached(clause, source, parts, 'army');
    if (!reach.parts.length) return;
    const line = describeUse({ source, sourceIndex: 0, clause, index, parts: reach.parts }, parts);
    if (!out.includes(line)) out.push(line);
  });
  return out;
}

/** What the rules reaching one part of a target unit give its models against attacks. */
export interface PartDefence {
  invuln?: number;
  fnp?: number;
  fnpMortal?: number;
  damageReduction?: number;
  halfDamage?: boolean;
  toughnessMod?: number;
}

/** The defensive side of the rules reaching a unit that is attacked: its parts' profiles and the modifiers to attacks against it. */
export interface ArmyDefence {
  parts: PartDefence[];
  incoming: { ranged?: { hit?: number; wound?: number; apWorse?: number }; melee?: { hit?: number; wound?: number; apWorse?: number } };
  applied: AppliedRule[];
  conditions: ConditionUse[];
}

/**
 * The defensive side of `sources` for a unit made of `parts` (a Bodyguard and the units attached to it), in `state`:
 * the same reading as its attacks (`readRule`), its clauses on attacks against it, under the same conditions.
 */
export function armyDefence(parts: AttackPart[], sources: RuleSource[], state: ArmyState = {}): ArmyDefence {
  const rulesOn = new Set((state.rules ?? []).map(normalizeName));
  const out: ArmyDefence = { parts: parts.map(() => ({})), incoming: {}, applied: [], conditions: [] };
  const conditions = new Map<string, ConditionUse>();
  for (const source of sources) {
    const effects: string[] = [];
    for (const clause of readRule(source.text).clauses) {
      const d = clause.effect.defensive;
      if (clause.side !== 'defending' || !d) continue;
      const reach = partsReached(clause, source, parts, 'army');
      if (!reach.parts.length) continue;
      if (!conditionsHold(effectiveConditions(clause), source, state, rulesOn, parts, conditions)) continue;
      for (const i of reach.parts) {
        const p = out.parts[i];
        if (d.invuln) p.invuln = Math.min(p.invuln ?? 7, d.invuln);
        if (d.fnp) p.fnp = Math.min(p.fnp ?? 7, d.fnp);
        if (d.fnpMortal) p.fnpMortal = Math.min(p.fnpMortal ?? 7, d.fnpMortal);
        if (d.damageMod && d.damageMod < 0) p.damageReduction = Math.max(p.damageReduction ?? 0, -d.damageMod);
        if (d.halfDamage) p.halfDamage = true;
        if (d.toughnessMod) p.toughnessMod = (p.toughnessMod ?? 0) + d.toughnessMod;
      }
      // Modifiers to the attack: they reach the whole unit being attacked.
      if (d.hitMod || d.woundMod || (d.apMod && d.apMod < 0)) for (const type of clause.effect.weaponTypes ?? (['ranged', 'melee'] as const)) {
        const inc = (out.incoming[type] ??= {});
        if (d.hitMod) inc.hit = (inc.hit ?? 0) + d.hitMod;
        if (d.woundMod) inc.wound = (inc.wound ?? 0) + d.woundMod;
        if (d.apMod && d.apMod < 0) inc.apWorse = (inc.apWorse ?? 0) - d.apMod;
      }
      effects.push(defenceWords(d, clause.effect.weaponTypes));
    }
    if (effects.length) out.applied.push({ kind: source.kind, name: source.name, ...ownerName(source, parts), text: source.text, effect: effects.join('; '), steps: [] });
  }
  out.conditions = [...conditions.values()];
  return out;
}

function defenceWords(d: NonNullable<StratagemEffect['defensive']>, types?: ('ranged' | 'melee')[]): string {
  const parts: string[] = [];
  const mod = (n: number | undefined, what: string) => n && parts.push(`${n > 0 ? '+' : ''}${n} ${what}`);
  mod(d.hitMod, 'to hit');
  mod(d.woundMod, 'to wound');
  if (d.apMod && d.apMod < 0) parts.push(`AP worsened by ${-d.apMod}`);
  if (d.damageMod && d.damageMod < 0) parts.push(`-${-d.damageMod} Damage`);
  if (d.invuln) parts.push(`${d.invuln}+ invulnerable save`);
  if (d.fnp) parts.push(`Feel No Pain ${d.fnp}+`);
  if (d.fnpMortal) parts.push(`Feel No Pain ${d.fnpMortal}+ against mortal wounds`);
  if (d.halfDamage) parts.push('halved Damage');
  mod(d.toughnessMod, 'T');
  return `${parts.join(', ')}${types?.length === 1 ? ` against ${types[0]} attacks` : ''}`;
}
