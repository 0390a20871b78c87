// Bridges the rules model to the engine: weapons from WeaponProfiles, targets from
// ModelProfiles, the best profile of a multi-profile weapon, and a model's choice
// between its Pistols and its other ranged weapons. Used by the code lens.
import { Datasheet, ModelProfile, Weapon, WeaponProfile } from '../rules/model';
import { parseAbilities } from './abilities';
import { editionRules } from '../editions';
import { withBudget } from './budget';
import {
  DamageResult, DamageScenario, ScenarioContext, ScenarioModifiers, ScenarioTarget, ScenarioWeapon, computeDamage,
} from './engine';

/** What the army's rules add to one weapon's rolls (a Leader's re-roll, +1 to hit): the engine weapon's own modifiers. */
export type WeaponRolls = Pick<ScenarioWeapon, 'hitModifier' | 'woundModifier' | 'skillModifier' | 'rerollHits' | 'rerollWounds' | 'critHitOn' | 'critWoundOn' | 'halfRange'>;

/** A datasheet weapon as a unit's army rules arm it: its profiles changed (abilities, characteristics) and its rolls. */
export interface ArmedWeapon extends Weapon {
  rolls?: WeaponRolls;
}

/** An engine weapon from a datasheet profile, fired by `models` models, with the rolls the army's rules give it. */
export function weaponFromProfile(p: WeaponProfile, models: number, weaponName?: string, rolls?: WeaponRolls): ScenarioWeapon {
  const name = weaponName && weaponName !== p.name ? weaponName : p.name;
  const w: ScenarioWeapon = {
    name, type: p.type, range: p.range, A: p.A, skill: p.skill, S: p.S, AP: p.AP, D: p.D, abilities: p.abilities, models, ...rolls,
  };
  if (weaponName && weaponName !== p.name) w.profile = p.name;
  return w;
}

export interface TargetExtras {
  keywords?: string[];
  fnp?: number;
  fnpMortal?: number;
  stealth?: boolean;
  damageReduction?: number;
  halfDamage?: boolean;
}

/** An engine target: `models` models of one profile. */
export function targetFromModel(m: ModelProfile, models: number, extras: TargetExtras = {}): ScenarioTarget {
  const t: ScenarioTarget = { models, T: m.T, Sv: m.Sv, W: m.W };
  if (m.invuln) t.invuln = m.invuln;
  if (extras.keywords) t.keywords = extras.keywords.map((k) => k.toUpperCase());
  if (extras.fnp) t.fnp = extras.fnp;
  if (extras.fnpMortal) t.fnpMortal = extras.fnpMortal;
  if (extras.stealth) t.stealth = true;
  if (extras.damageReduction) t.damageReduction = extras.damageReduction;
  if (extras.halfDamage) t.halfDamage = true;
  return t;
}

/**
 * A target from a datasheet: its first model profile (or the one named), its keywords,
 * Stealth and Feel No Pain read from its ability names ("Stealth", "Feel No Pain 5+").
 */
export function targetFromDatasheet(ds: Datasheet, models?: number, modelName?: string): ScenarioTarget | undefined {
  const m = (modelName && ds.models.find((x) => x.name === modelName)) || ds.models[0];
  if (!m) return undefined;
  const count = models ?? ds.composition.reduce((s, c) => s + c.min, 0);
  const extras: TargetExtras = { keywords: [...ds.keywords, ...ds.factionKeywords] };
  for (const a of ds.abilities) {
    if (/^stealth$/i.test(a.name.trim())) extras.stealth = true;
    const f = /feel no pain\s*(\d)\+/i.exec(a.name);
    if (f) extras.fnp = Number(f[1]);
  }
  return targetFromModel(m, Math.max(1, count), extras);
}

export interface DamageConditions {
  context?: ScenarioContext;
  modifiers?: ScenarioModifiers;
  rules?: DamageScenario['rules'];
}

/** A weapon alone, for choosing between profiles: the damage distribution is never needed there. */
function alone(w: ScenarioWeapon, target: ScenarioTarget, c: DamageConditions): DamageResult {
  return computeDamage({ attacker: { weapons: [w] }, target, ...c }, NO_DAMAGE_DIST);
}

const NO_DAMAGE_DIST = { damageDist: false } as const;

/** Higher expected wounds removed wins; then damage; then models slain. */
export function better(a: DamageResult, b: DamageResult): boolean {
  const eps = 1e-12;
  if (Math.abs(a.woundsLost - b.woundsLost) > eps) return a.woundsLost > b.woundsLost;
  if (Math.abs(a.damage - b.damage) > eps) return a.damage > b.damage;
  return a.modelsSlain > b.modelsSlain + eps;
}

/** The best profile of a (possibly multi-profile) weapon against this target, with its result alone. */
export function bestProfile(
  weapon: ArmedWeapon, models: number, target: ScenarioTarget, c: DamageConditions = {},
): { profile: WeaponProfile; weapon: ScenarioWeapon; result: DamageResult } {
  let best: { profile: WeaponProfile; weapon: ScenarioWeapon; result: DamageResult } | undefined;
  for (const p of weapon.profiles) {
    const w = weaponFromProfile(p, models, weapon.profiles.length > 1 ? weapon.name : undefined, weapon.rolls);
    const result = alone(w, target, c);
    if (!best || better(result, best.result)) best = { profile: p, weapon: w, result };
  }
  if (!best) throw new Error(`weapon "${weapon.name}" has no profile`);
  return best;
}

/** Models with the same wargear. */
export interface LoadoutGroup {
  models: number;
  /** Its weapons (`ArmedWeapon`s where the army's rules reach them). */
  weapons: ArmedWeapon[];
  /** Informative label ("Atalan Jackal"). */
  label?: string;
}

export interface UnitDamageInput extends DamageConditions {
  groups: LoadoutGroup[];
  /** Attacker keywords: a MONSTER or VEHICLE model fires Pistols alongside its other weapons; a failed Hazardous test costs a CHARACTER, MONSTER or VEHICLE mortal wounds. */
  keywords?: string[];
  /** Wounds of the attacker's models (what a failed Hazardous test's mortal wounds are measured against). */
  attackerW?: number;
  target: ScenarioTarget;
  /** Compute `damageDist` (default true). Lenses show means only and skip it: it is most of the cost. */
  damageDist?: boolean;
}

export interface UnitDamageResult extends DamageResult {
  /** The weapons as fired (after profile and Pistol choices). */
  scenario: DamageScenario;
  /** What was chosen and why, for display. */
  choices: string[];
}


/**
 * Expected damage of a unit with model counts against one target. Each multi-profile weapon uses its best
 * profile; a model with Pistols and other ranged weapons (not MONSTER/VEHICLE) fires whichever does more
 * (what counts as a Pistol is the edition's: in the 11th, [CLOSE-QUARTERS] too).
 */
export function computeUnitDamage(input: UnitDamageInput): UnitDamageResult {
  // One budget for the whole unit (profile and Pistol choices included): one lens or breakdown stays bounded.
  return withBudget(() => computeUnitDamageUnbudgeted(input));
}

function computeUnitDamageUnbudgeted(input: UnitDamageInput): UnitDamageResult {
  const c: DamageConditions = { context: input.context, modifiers: input.modifiers, rules: input.rules };
  const { isPistol: pistolAbilities } = editionRules(input.rules?.edition ?? 10).damage;
  const isPistol = (p: WeaponProfile) => pistolAbilities(parseAbilities(p.abilities));
  const phase = input.context?.overwatch ? 'shooting' : input.context?.phase;
  const bigModel = (input.keywords ?? []).some((k) => /^(MONSTER|VEHICLE)$/i.test(k));
  const weapons: ScenarioWeapon[] = [];
  const choices: string[] = [];
  for (const g of input.groups) {
    if (g.models <= 0) continue;
    const usable = g.weapons.filter((w) => w.profiles.length > 0 && (!phase || w.profiles.some((p) => (p.type === 'ranged') === (phase === 'shooting'))));
    const pick = (ws: Weapon[]) =>
      ws.map((w) => {
        const profiles = phase ? w.profiles.filter((p) => (p.type === 'ranged') === (phase === 'shooting')) : w.profiles;
        // One profile is no choice: computing it alone first would double the work.
        const rolls = (w as ArmedWeapon).rolls;
        if (profiles.length === 1) return weaponFromProfile(profiles[0], g.models, undefined, rolls);
        const b = bestProfile({ name: w.name, profiles, rolls }, g.models, input.target, c);
        if (profiles.length > 1) choices.push(`${w.name}: ${b.profile.name} profile (best against this target)`);
        return b.weapon;
      });
    const pistols = usable.filter((w) => w.profiles.every((p) => p.type === 'ranged') && w.profiles.some(isPistol));
    const others = usable.filter((w) => !pistols.includes(w));
    const otherRanged = others.filter((w) => w.profiles.some((p) => p.type === 'ranged'));
    if (pistols.length && otherRanged.length && !bigModel && phase !== 'fight') {
      const before = choices.length;
      const a = pick(pistols);
      const b = pick(otherRanged);
      const ra = computeDamage({ attacker: { weapons: a }, target: input.target, ...c }, NO_DAMAGE_DIST);
      const rb = computeDamage({ attacker: { weapons: b }, target: input.target, ...c }, NO_DAMAGE_DIST);
      const usePistols = better(ra, rb);
      // Keep only the profile notes of the chosen side.
      choices.splice(before);
      const chosen = usePistols ? pick(pistols) : pick(otherRanged);
      const who = g.label ? `${g.label} (${g.models})` : `${g.models} model${g.models > 1 ? 's' : ''}`;
      choices.push(
        usePistols
          ? `${who}: shoots Pistols (${pistols.map((w) => w.name).join(', ')}) rather than ${otherRanged.map((w) => w.name).join(', ')}`
          : `${who}: shoots ${otherRanged.map((w) => w.name).join(', ')} rather than Pistols (${pistols.map((w) => w.name).join(', ')})`,
      );
      weapons.push(...chosen, ...pick(others.filter((w) => !otherRanged.includes(w))));
    } else if (phase === 'fight') {
      // A model fights with ONE of its melee weapons, the best against this target, and with every [EXTRA ATTACKS]
      // weapon besides (the core rules of both editions: "select one melee weapon"; Extra Attacks).
      const { extra, others } = meleeSplit(usable);
      const picked = pick(others);
      let best = 0;
      if (picked.length > 1) {
        const rs = picked.map((w) => computeDamage({ attacker: { weapons: [w] }, target: input.target, ...c }, NO_DAMAGE_DIST));
        rs.forEach((r, i) => (best = better(r, rs[best]) ? i : best));
        const who = g.label ? `${g.label} (${g.models})` : `${g.models} model${g.models > 1 ? 's' : ''}`;
        const besides = extra.length ? ` and ${extra.map((w) => w.name).join(', ')} (EXTRA ATTACKS)` : '';
        choices.push(`${who}: fights with ${others[best].name} (best against this target) rather than ${others.filter((_, i) => i !== best).map((w) => w.name).join(', ')}${besides}`);
      }
      weapons.push(...(picked.length ? [picked[best]] : []), ...pick(extra));
    } else {
      weapons.push(...pick(usable));
    }
  }
  const attacker: DamageScenario['attacker'] = { weapons };
  if (input.keywords?.length) attacker.keywords = input.keywords.map((k) => k.toUpperCase());
  if (input.attackerW) attacker.W = input.attackerW;
  const models = input.groups.reduce((n, g) => n + Math.max(0, g.models), 0);
  if (models > 0) attacker.models = models;
  const scenario: DamageScenario = { attacker, target: input.target, ...c };
  if (weapons.length === 0) {
    const empty = computeDamage({ attacker: { weapons: [] }, target: input.target, ...c }, { damageDist: input.damageDist });
    return { ...empty, scenario, choices };
  }
  return { ...computeDamage(scenario, { damageDist: input.damageDist }), scenario, choices };
}

/** A model's melee weapons split into its [EXTRA ATTACKS] weapons and the others (of which it fights with one). */
function meleeSplit(ws: Weapon[]): { extra: Weapon[]; others: Weapon[] } {
  const melee = ws.filter((w) => w.profiles.some((p) => p.type === 'melee'));
  const extra = melee.filter((w) => w.profiles.some((p) => p.type === 'melee' && parseAbilities(p.abilities).extraAttacks));
  return { extra, others: melee.filter((w) => !extra.includes(w)) };
}

/**
 * computeUnitDamage with an LRU cache keyed by (unit, target, conditions). The key names each weapon by
 * the identity of its rules-data object (which is immutable once loaded) rather than serialising its
 * profiles: JSON.stringify of whole inputs cost more than the engine on a warm cache.
 */
export function createUnitDamageCache(max = 512): (input: UnitDamageInput) => UnitDamageResult {
  const cache = new Map<string, UnitDamageResult>();
  const weaponIds = new WeakMap<Weapon, number>();
  let nextId = 0;
  const weaponId = (w: Weapon) => {
    let id = weaponIds.get(w);
    if (id === undefined) weaponIds.set(w, (id = nextId++));
    return id;
  };
  const keyOf = (input: UnitDamageInput) => {
    let groups = '';
    for (const g of input.groups) groups += `${g.models}:${JSON.stringify(g.label ?? '')}:${g.weapons.map(weaponId).join(',')};`;
    const { context, modifiers, rules, target, keywords, damageDist, attackerW } = input;
    return `${groups}|${keywords?.join(',') ?? ''}|${attackerW ?? ''}|${damageDist !== false}|${JSON.stringify([target, context, modifiers, rules])}`;
  };
  return (input) => {
    const key = keyOf(input);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const r = computeUnitDamage(input);
    cache.set(key, r);
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
    return r;
  };
}
