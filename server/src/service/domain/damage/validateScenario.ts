// Checks an untrusted JSON damage scenario (the `auspex damage --json` input) and
// returns a typed DamageScenario, or one message naming the first bad field.
import { diceDist, tryParseDice } from './dice';
import { BOUNDS } from '../bounds';
import {
  DamageScenario, RerollKind, ScenarioAttacker, ScenarioContext, ScenarioModifiers, ScenarioTarget, ScenarioWeapon, TargetGroup, groupedTarget,
} from './engine';
import { EDITIONS, type Edition } from '../editions';

export type ParseScenarioResult = { scenario: DamageScenario } | { error: string };

class FieldError extends Error {}

type Obj = Record<string, unknown>;

function fail(path: string, msg: string): never {
  throw new FieldError(`${path}: ${msg}`);
}

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'expected an object');
  return v as Obj;
}

function onlyKeys(o: Obj, path: string, allowed: string[]): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) {
      const near = allowed.find((a) => a.toLowerCase() === k.toLowerCase());
      fail(`${path}.${k}`, `unknown field${near ? ` (did you mean "${near}"?)` : ` (expected one of ${allowed.join(', ')})`}`);
    }
  }
}

function int(v: unknown, path: string, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(path, 'expected a number');
  if (!Number.isInteger(v)) fail(path, `expected a whole number, got ${v}`);
  if (v < lo || v > hi) fail(path, `expected ${lo} to ${hi}, got ${v}`);
  return v;
}

/** A target number such as a save: accepts 3 or "3+". */
function roll(v: unknown, path: string, lo: number, hi: number): number {
  if (typeof v === 'string' && /^\s*\d\+?\s*$/.test(v)) v = parseInt(v, 10);
  return int(v, path, lo, hi);
}

function optRoll(v: unknown, path: string, lo: number, hi: number): number | null | undefined {
  if (v === undefined || v === null || v === '-' || v === '') return v === undefined ? undefined : null;
  return roll(v, path, lo, hi);
}

function bool(v: unknown, path: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') fail(path, 'expected true or false');
  return v;
}

function dice(v: unknown, path: string, min: number): string | number {
  if (v === undefined) fail(path, 'missing (a number or a dice expression such as D6+1)');
  const r = tryParseDice(v);
  if ('error' in r) fail(path, r.error);
  const d = diceDist(r.dice);
  const lo = d.findIndex((p) => p > 0);
  if (lo < min) fail(path, `must be at least ${min}`);
  if (d.length - 1 > BOUNDS.attacks) fail(path, `more than ${BOUNDS.attacks} is not supported`);
  return typeof v === 'number' ? v : r.dice.text;
}

function weapon(v: unknown, i: number): ScenarioWeapon {
  const path = `attacker.weapons[${i}]`;
  const o = obj(v, path);
  onlyKeys(o, path, ['name', 'type', 'range', 'A', 'skill', 'S', 'AP', 'D', 'abilities', 'models', 'profile', 'hitModifier', 'woundModifier', 'skillModifier', 'rerollHits', 'rerollWounds', 'critHitOn', 'critWoundOn', 'halfRange']);
  const name = o.name === undefined ? `weapon ${i + 1}` : o.name;
  if (typeof name !== 'string') fail(`${path}.name`, 'expected a string');
  let type: 'ranged' | 'melee';
  if (o.type === undefined) type = typeof o.range === 'string' && /melee/i.test(o.range) ? 'melee' : 'ranged';
  else if (o.type === 'ranged' || o.type === 'melee') type = o.type;
  else fail(`${path}.type`, 'expected "ranged" or "melee"');
  if (o.range !== undefined && typeof o.range !== 'string' && typeof o.range !== 'number') fail(`${path}.range`, 'expected a string or a number');
  let abilities: string[] = [];
  if (o.abilities !== undefined) {
    if (!Array.isArray(o.abilities)) fail(`${path}.abilities`, 'expected an array of strings');
    abilities = o.abilities.map((a, j) => {
      if (typeof a !== 'string') fail(`${path}.abilities[${j}]`, 'expected a string');
      return a;
    });
  }
  const torrent = abilities.some((a) => /torrent/i.test(a));
  let skill: number | null;
  if (o.skill === undefined || o.skill === null || o.skill === 'N/A') {
    if (!torrent && o.skill === undefined) fail(`${path}.skill`, 'missing (BS/WS as a number; null for TORRENT weapons)');
    skill = null;
  } else skill = roll(o.skill, `${path}.skill`, 2, 6);
  if (o.S === undefined) fail(`${path}.S`, 'missing');
  const S = int(o.S, `${path}.S`, 1, BOUNDS.strength);
  const AP = o.AP === undefined ? 0 : -Math.abs(int(o.AP, `${path}.AP`, -6, 6));
  const A = dice(o.A, `${path}.A`, 0);
  const D = dice(o.D, `${path}.D`, 1);
  const models = o.models === undefined ? 1 : int(o.models, `${path}.models`, 0, BOUNDS.modelsPerWeapon);
  if (o.profile !== undefined && typeof o.profile !== 'string') fail(`${path}.profile`, 'expected a string');
  const w: ScenarioWeapon = { name, type, A, skill, S, AP, D, abilities, models };
  if (o.range !== undefined) w.range = o.range as string | number;
  if (o.profile !== undefined) w.profile = o.profile as string;
  if (o.hitModifier !== undefined) w.hitModifier = int(o.hitModifier, `${path}.hitModifier`, -6, 6);
  if (o.woundModifier !== undefined) w.woundModifier = int(o.woundModifier, `${path}.woundModifier`, -6, 6);
  if (o.skillModifier !== undefined) w.skillModifier = int(o.skillModifier, `${path}.skillModifier`, -6, 6);
  for (const k of ['rerollHits', 'rerollWounds'] as const) if (o[k] !== undefined) w[k] = reroll(o[k], `${path}.${k}`);
  for (const k of ['critHitOn', 'critWoundOn'] as const) if (o[k] !== undefined) w[k] = roll(o[k], `${path}.${k}`, 2, 6);
  if (o.halfRange !== undefined) {
    if (typeof o.halfRange !== 'boolean') fail(`${path}.halfRange`, 'expected true or false');
    w.halfRange = o.halfRange;
  }
  return w;
}

function keywords(v: unknown, path: string): string[] {
  if (!Array.isArray(v)) fail(path, 'expected an array of strings');
  return v.map((k, j) => {
    if (typeof k !== 'string') fail(`${path}[${j}]`, 'expected a string');
    return k.toUpperCase();
  });
}

/** The profile fields a single-profile target and a model group share. */
function profile(o: Obj, path: string, models: number): Omit<TargetGroup, 'name' | 'character' | 'attached' | 'pointsPerModel'> {
  for (const k of ['T', 'Sv', 'W']) if (o[k] === undefined) fail(`${path}.${k}`, 'missing');
  const t: Omit<TargetGroup, 'name'> = {
    models,
    T: int(o.T, `${path}.T`, 1, BOUNDS.toughness),
    Sv: roll(o.Sv, `${path}.Sv`, 2, 7),
    W: int(o.W, `${path}.W`, 1, BOUNDS.wounds),
  };
  if (t.models * t.W > BOUNDS.targetWounds) fail(path, `models × W above ${BOUNDS.targetWounds} is not supported`);
  const inv = optRoll(o.invuln, `${path}.invuln`, 2, 6);
  if (inv != null) t.invuln = inv;
  const fnp = optRoll(o.fnp, `${path}.fnp`, 2, 6);
  if (fnp != null) t.fnp = fnp;
  const fnpM = optRoll(o.fnpMortal, `${path}.fnpMortal`, 2, 6);
  if (fnpM != null) t.fnpMortal = fnpM;
  if (o.damageReduction !== undefined) {
    t.damageReduction = typeof o.damageReduction === 'boolean' ? (o.damageReduction ? 1 : 0) : int(o.damageReduction, `${path}.damageReduction`, 0, 10);
  }
  const half = bool(o.halfDamage, `${path}.halfDamage`);
  if (half !== undefined) t.halfDamage = half;
  if (o.damageSetTo !== undefined) t.damageSetTo = int(o.damageSetTo, `${path}.damageSetTo`, 1, BOUNDS.damage);
  if (o.damageMultiplier !== undefined) t.damageMultiplier = int(o.damageMultiplier, `${path}.damageMultiplier`, 1, 2);
  if (o.keywords !== undefined) t.keywords = keywords(o.keywords, `${path}.keywords`);
  return t;
}

const GROUP_KEYS = ['name', 'models', 'T', 'Sv', 'invuln', 'W', 'fnp', 'fnpMortal', 'damageReduction', 'halfDamage', 'damageSetTo', 'damageMultiplier', 'keywords', 'character', 'attached', 'pointsPerModel'];

function group(v: unknown, i: number): TargetGroup {
  const path = `target.groups[${i}]`;
  const o = obj(v, path);
  onlyKeys(o, path, GROUP_KEYS);
  if (o.models === undefined) fail(`${path}.models`, 'missing');
  const g: TargetGroup = profile(o, path, int(o.models, `${path}.models`, 1, BOUNDS.targetModels));
  if (o.name !== undefined) {
    if (typeof o.name !== 'string') fail(`${path}.name`, 'expected a string');
    g.name = o.name;
  }
  const ch = bool(o.character, `${path}.character`);
  if (ch !== undefined) g.character = ch;
  const at = bool(o.attached, `${path}.attached`);
  if (at !== undefined) g.attached = at;
  if (o.pointsPerModel !== undefined) {
    if (typeof o.pointsPerModel !== 'number' || !Number.isFinite(o.pointsPerModel) || o.pointsPerModel < 0) fail(`${path}.pointsPerModel`, 'expected a number of 0 or more');
    g.pointsPerModel = o.pointsPerModel;
  }
  return g;
}

function target(v: unknown): ScenarioTarget {
  const o = obj(v, 'target');
  if (o.groups !== undefined) {
    // The model-group form: each group its own profile; only unit-wide fields beside it.
    const single = Object.keys(o).find((k) => !['groups', 'stealth', 'keywords'].includes(k));
    if (single && GROUP_KEYS.includes(single)) fail(`target.${single}`, 'not with target.groups: give it on each group (only stealth and keywords are unit-wide)');
    onlyKeys(o, 'target', ['groups', 'stealth', 'keywords']);
    if (!Array.isArray(o.groups)) fail('target.groups', 'expected an array of model groups');
    if (o.groups.length === 0) fail('target.groups', 'expected at least one model group');
    if (o.groups.length > BOUNDS.targetGroups) fail('target.groups', `more than ${BOUNDS.targetGroups} model groups is not supported`);
    const groups = o.groups.map((g, i) => group(g, i));
    const models = groups.reduce((n, g) => n + g.models, 0);
    const wounds = groups.reduce((n, g) => n + g.models * g.W, 0);
    if (models > BOUNDS.targetModels) fail('target.groups', `${models} models in all is above ${BOUNDS.targetModels}`);
    if (wounds > BOUNDS.targetWounds) fail('target.groups', `${wounds} wounds in all is above ${BOUNDS.targetWounds}`);
    const unit: { stealth?: boolean; keywords?: string[] } = {};
    const st = bool(o.stealth, 'target.stealth');
    if (st !== undefined) unit.stealth = st;
    if (o.keywords !== undefined) unit.keywords = keywords(o.keywords, 'target.keywords');
    return groupedTarget(groups, unit);
  }
  onlyKeys(o, 'target', ['models', 'T', 'Sv', 'invuln', 'W', 'fnp', 'fnpMortal', 'damageReduction', 'halfDamage', 'damageSetTo', 'damageMultiplier', 'stealth', 'keywords', 'groups']);
  const models = o.models === undefined ? 1 : int(o.models, 'target.models', 1, BOUNDS.targetModels);
  const t: ScenarioTarget = profile(o, 'target', models);
  const st = bool(o.stealth, 'target.stealth');
  if (st !== undefined) t.stealth = st;
  return t;
}

function attacker(v: unknown): ScenarioAttacker {
  const att = obj(v, 'attacker');
  onlyKeys(att, 'attacker', ['weapons', 'keywords', 'W', 'models']);
  if (!Array.isArray(att.weapons)) fail('attacker.weapons', 'expected an array of weapons');
  if (att.weapons.length === 0) fail('attacker.weapons', 'expected at least one weapon');
  if (att.weapons.length > BOUNDS.weaponsPerScenario) fail('attacker.weapons', `more than ${BOUNDS.weaponsPerScenario} weapons is not supported`);
  const a: ScenarioAttacker = { weapons: att.weapons.map((w, i) => weapon(w, i)) };
  if (att.keywords !== undefined) a.keywords = keywords(att.keywords, 'attacker.keywords');
  if (att.W !== undefined) a.W = int(att.W, 'attacker.W', 1, BOUNDS.wounds);
  if (att.models !== undefined) a.models = int(att.models, 'attacker.models', 1, BOUNDS.modelsPerUnit);
  return a;
}

function context(v: unknown): ScenarioContext | undefined {
  if (v === undefined) return undefined;
  const o = obj(v, 'context');
  const keys = ['targetInCover', 'withinHalfRange', 'remainedStationary', 'heavyReady', 'charged', 'targetVisible', 'overwatch', 'advanced', 'engaged', 'plungingFire', 'indirectSpotted'] as const;
  onlyKeys(o, 'context', ['phase', ...keys]);
  const c: ScenarioContext = {};
  if (o.phase !== undefined) {
    if (o.phase !== 'shooting' && o.phase !== 'fight') fail('context.phase', 'expected "shooting" or "fight"');
    c.phase = o.phase;
  }
  for (const k of keys) {
    const b = bool(o[k], `context.${k}`);
    if (b !== undefined) c[k] = b;
  }
  return c;
}

/** `rules.edition`: 10 or 11 (a number, or the same as a string). */
function edition(v: unknown): Edition {
  const e = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  const found = EDITIONS.find((x) => x === e);
  if (found === undefined) fail('rules.edition', `expected ${EDITIONS.join(' or ')}, got ${JSON.stringify(v)}`);
  return found;
}

const REROLLS: RerollKind[] = ['none', 'ones', 'failed', 'noncrit'];

function reroll(v: unknown, path: string): RerollKind {
  if (!REROLLS.includes(v as RerollKind)) fail(path, `expected one of ${REROLLS.map((r) => `"${r}"`).join(', ')}`);
  return v as RerollKind;
}

function modifiers(v: unknown): ScenarioModifiers | undefined {
  if (v === undefined) return undefined;
  const o = obj(v, 'modifiers');
  onlyKeys(o, 'modifiers', ['hit', 'wound', 'save', 'rerollHits', 'rerollWounds', 'critHitOn', 'critWoundOn']);
  const m: ScenarioModifiers = {};
  if (Array.isArray(o.hit)) {
    if (o.hit.length > 16) fail('modifiers.hit', 'more than 16 modifiers');
    m.hit = o.hit.map((x, i) => int(x, `modifiers.hit[${i}]`, -6, 6));
  } else if (o.hit !== undefined) m.hit = int(o.hit, 'modifiers.hit', -6, 6);
  for (const k of ['wound', 'save'] as const) if (o[k] !== undefined) m[k] = int(o[k], `modifiers.${k}`, -6, 6);
  for (const k of ['rerollHits', 'rerollWounds'] as const) if (o[k] !== undefined) m[k] = reroll(o[k], `modifiers.${k}`);
  for (const k of ['critHitOn', 'critWoundOn'] as const) if (o[k] !== undefined) m[k] = roll(o[k], `modifiers.${k}`, 2, 6);
  return m;
}

/** Validates a JSON scenario. The error names the field: `attacker.weapons[0].S: expected a number`. */
export function parseScenario(json: unknown): ParseScenarioResult {
  try {
    const o = obj(json, 'scenario');
    onlyKeys(o, 'scenario', ['attacker', 'target', 'context', 'modifiers', 'rules']);
    if (o.attacker === undefined) fail('attacker', 'missing');
    const att = attacker(o.attacker);
    if (o.target === undefined) fail('target', 'missing');
    const s: DamageScenario = { attacker: att, target: target(o.target) };
    const c = context(o.context);
    if (c) s.context = c;
    const m = modifiers(o.modifiers);
    if (m) s.modifiers = m;
    if (o.rules !== undefined) {
      const r = obj(o.rules, 'rules');
      onlyKeys(r, 'rules', ['devastatingWounds', 'edition']);
      s.rules = {};
      if (r.devastatingWounds !== undefined) {
        if (r.devastatingWounds !== 'current' && r.devastatingWounds !== 'spill') fail('rules.devastatingWounds', 'expected "current" or "spill"');
        s.rules.devastatingWounds = r.devastatingWounds;
      }
      if (r.edition !== undefined) s.rules.edition = edition(r.edition);
    }
    return { scenario: s };
  } catch (e) {
    if (e instanceof FieldError) return { error: e.message };
    throw e;
  }
}
