// A real unit of a list as a damage target: each model group with its own profile, the Leader and Support units
// attached to it (a `Leading:` bullet, or the 11th-edition app's Attached Units block), CHARACTER and attached
// flags, points per model, and the abilities of its datasheets that change incoming attacks (Stealth, Feel No
// Pain, invulnerable saves, damage reduction, halving), including what an attached Leader gives "models in that
// unit". Pure: reads the parsed list and the rules index only.
import type { ArmyList, ModelGroup, Unit } from '../parse/ast';
import type { Ability, Datasheet, ModelProfile } from '../rules/model';
import { normalizeName, spellingKey } from '../text/normalize';
import { namesWargear } from '../rules/parts';
import { groupedTarget, ScenarioTarget, TargetGroup } from './engine';

/** One unit of a list as a target: the Bodyguard (or a unit alone) and the units attached to it. */
export interface ListTarget {
  /** Index in `list.units` of the Bodyguard (or of the unit alone): the defender index of a matchup. */
  index: number;
  /** "Acolyte Hybrids with Autopistols", "+ Primus" when led. */
  name: string;
  /** The list units it is made of, Bodyguard first. */
  units: Unit[];
  target: ScenarioTarget;
  /** The unit's points (stated, else from the data), Leader and Support units included. */
  points: number;
}

/** What a datasheet's abilities do to incoming attacks. */
export interface IncomingEffects {
  /** Every model of this datasheet has Stealth. */
  stealth?: boolean;
  fnp?: number;
  fnpMortal?: number;
  invuln?: number;
  damageReduction?: number;
  halfDamage?: boolean;
  /** "While this model is leading a unit, models in that unit have ...": given to every group of the attached unit. */
  toUnit: Omit<IncomingEffects, 'toUnit' | 'toOtherCharacters' | 'toLeader' | 'stealth'>;
  /** "... other CHARACTER models attached to that unit have ..." (a Leader's gift to the other Leaders). */
  toOtherCharacters: Omit<IncomingEffects, 'toUnit' | 'toOtherCharacters' | 'toLeader' | 'stealth'>;
  /** A Bodyguard's gift to the CHARACTER leading it ("that Character has the Feel No Pain 5+ ability"). */
  toLeader: Omit<IncomingEffects, 'toUnit' | 'toOtherCharacters' | 'toLeader' | 'stealth'>;
}

type Effects = IncomingEffects['toUnit'];

const FNP_NAME = /feel no pain\s*(\d)\+/i;
const FNP_TEXT = /feel no pain\s*(\d)\+(?:\s*ability)?(\s+against mortal wounds)?|(\d)\+\s*feel no pain(\s+against mortal wounds)?/i;
const INVULN_TEXT = /(\d)\+\s*invulnerable save/i;
const REDUCE_TEXT = /subtract 1 from the damage characteristic of that attack/i;
const HALVE_TEXT = /halve the damage characteristic of that attack/i;
/** Abilities that hold only sometimes (once per battle, a phase, an aura on other units) are not a unit's own. */
const SITUATIONAL = /once per battle|until the end of the phase|within \d+"|aura|roll one d6|battle-shocked/i;

/** Reads one ability text (or a name such as "Feel No Pain 5+") into effects. */
function readEffects(text: string, into: Effects): void {
  const f = FNP_TEXT.exec(text);
  if (f) {
    const value = Number(f[1] ?? f[3]);
    if (f[2] ?? f[4]) into.fnpMortal = Math.min(into.fnpMortal ?? 7, value);
    else into.fnp = Math.min(into.fnp ?? 7, value);
  }
  const i = INVULN_TEXT.exec(text);
  if (i) into.invuln = Math.min(into.invuln ?? 7, Number(i[1]));
  if (REDUCE_TEXT.test(text)) into.damageReduction = 1;
  if (HALVE_TEXT.test(text)) into.halfDamage = true;
}

const memo = new WeakMap<Datasheet, IncomingEffects>();

/** What a datasheet's abilities do to attacks against it and against a unit it is attached to (read once per datasheet). */
export function incomingEffects(ds: Datasheet): IncomingEffects {
  const hit = memo.get(ds);
  if (hit) return hit;
  const out: IncomingEffects = { toUnit: {}, toOtherCharacters: {}, toLeader: {} };
  for (const a of ds.abilities) readAbility(a, out);
  memo.set(ds, out);
  return out;
}

function readAbility(a: Ability, out: IncomingEffects): void {
  const name = a.name.trim();
  if (/^stealth$/i.test(name)) out.stealth = true;
  const n = FNP_NAME.exec(name);
  if (n && !/mortal/i.test(name)) out.fnp = Math.min(out.fnp ?? 7, Number(n[1]));
  const text = (a.text ?? '').replace(/\s+/g, ' ');
  if (!text || SITUATIONAL.test(text)) return;
  if (/while this model is leading a unit/i.test(text)) {
    if (/other character models attached to that unit/i.test(text)) readEffects(text, out.toOtherCharacters);
    else if (/models in that unit (?:have|has)/i.test(text)) readEffects(text, out.toUnit);
    return;
  }
  if (/while a character model is leading this unit, that character/i.test(text)) {
    readEffects(text, out.toLeader);
    return;
  }
  if (/^(?:this|each) (?:model|unit)|models in this unit|each time an attack is allocated to (?:this|a) model/i.test(text)) readEffects(text, out);
}

/** The datasheet model profile a model group stands for: by name (spelling rules), else the only or first one. */
export function profileOf(ds: Datasheet, group: ModelGroup | undefined): ModelProfile | undefined {
  if (!ds.models.length) return undefined;
  if (group && !group.implicit && ds.models.length > 1) {
    const name = normalizeName(group.name.text);
    const key = spellingKey(group.name.text);
    const found =
      ds.models.find((m) => normalizeName(m.name) === name) ??
      ds.models.find((m) => spellingKey(m.name) === key) ??
      ds.models.find((m) => name.includes(normalizeName(m.name)) || normalizeName(m.name).includes(name));
    if (found) return found;
  }
  return ds.models[0];
}

/** A unit's model count: its model groups, else the count its line states, else the datasheet's minimum. */
export function unitModels(unit: Unit, ds: Datasheet): number {
  const n = unit.models.filter((g) => g.implicit || !namesWargear(ds, g.name.text)).reduce((s, g) => s + g.count, 0);
  if (n > 0) return n;
  if (unit.statedModelCount) return unit.statedModelCount.value;
  return Math.max(1, ds.composition.reduce((s, c) => s + c.min, 0));
}

/** A unit's points: as stated, else the data's price for its size. */
export function unitPoints(unit: Unit, ds: Datasheet): number {
  if (unit.points) return unit.points.value;
  const models = unitModels(unit, ds);
  const step = ds.points.find((p) => p.models >= models) ?? ds.points[ds.points.length - 1];
  return step?.points ?? 0;
}

const isCharacter = (ds: Datasheet) => ds.keywords.includes('CHARACTER');

interface Part {
  unit: Unit;
  ds: Datasheet;
  attached: boolean;
}

function apply(g: TargetGroup, e: Effects): void {
  if (e.fnp && (!g.fnp || e.fnp < g.fnp)) g.fnp = e.fnp;
  if (e.fnpMortal && (!g.fnpMortal || e.fnpMortal < g.fnpMortal)) g.fnpMortal = e.fnpMortal;
  if (e.invuln && (!g.invuln || e.invuln < g.invuln)) g.invuln = e.invuln;
  if (e.damageReduction) g.damageReduction = Math.max(g.damageReduction ?? 0, e.damageReduction);
  if (e.halfDamage) g.halfDamage = true;
}

/** The model groups of one list unit, each with its datasheet profile, flags and its share of the unit's points. */
function partGroups(p: Part, part: number): TargetGroup[] {
  const own = incomingEffects(p.ds);
  const models = unitModels(p.unit, p.ds);
  const perModel = unitPoints(p.unit, p.ds) / models;
  const keywords = [...p.ds.keywords, ...p.ds.factionKeywords].map((k) => k.toUpperCase());
  const groups: TargetGroup[] = [];
  // Bullets the data makes wargear ("2x Bomb Squig") are no models of the target.
  const written = p.unit.models.filter((g) => g.count > 0 && (g.implicit || !namesWargear(p.ds, g.name.text)));
  const modelGroups: (ModelGroup | undefined)[] = written.length ? written : [undefined];
  for (const mg of modelGroups) {
    const m = profileOf(p.ds, mg);
    if (!m) continue;
    const g: TargetGroup = {
      name: mg && !mg.implicit ? mg.name.text : p.unit.name.text,
      models: mg ? mg.count : models,
      T: m.T, Sv: m.Sv, W: m.W, keywords, pointsPerModel: perModel, part,
    };
    if (m.invuln) g.invuln = m.invuln;
    apply(g, own);
    if (isCharacter(p.ds)) g.character = true;
    if (p.attached) g.attached = true;
    groups.push(g);
  }
  // The same profile twice (a sergeant the data does not set apart): one group, so allocation treats them alike.
  const merged: TargetGroup[] = [];
  for (const g of groups) {
    const same = merged.find((x) => JSON.stringify({ ...x, models: 0, name: '' }) === JSON.stringify({ ...g, models: 0, name: '' }));
    if (same) {
      same.models += g.models;
      // A sergeant and troopers of one profile: the group is the unit's.
      same.name = p.unit.name.text;
    } else merged.push(g);
  }
  return merged;
}

/**
 * The units attached to `unit` as its Bodyguard: the app's Attached Units block, and units whose `Leading:` bullet
 * names it (the first unit of that name not already led by another unit of the same datasheet).
 */
export function attachedTo(list: ArmyList, unit: Unit): Unit[] {
  const out: Unit[] = [];
  for (const a of list.attachments ?? []) if (a.bodyguard === unit) out.push(...a.leaders, ...a.supports);
  for (const u of list.units) if (u !== unit && u.leading && bodyguardOf(list, u) === unit && !out.includes(u)) out.push(u);
  return out;
}

/** The Bodyguard a unit is attached to, if any. */
export function bodyguardOf(list: ArmyList, unit: Unit): Unit | undefined {
  for (const a of list.attachments ?? []) if (a.bodyguard && a.bodyguard !== unit && (a.leaders.includes(unit) || a.supports.includes(unit))) return a.bodyguard;
  if (!unit.leading) return undefined;
  const name = normalizeName(unit.leading.text);
  const key = spellingKey(unit.leading.text);
  const candidates = list.units.filter((u) => u !== unit && (normalizeName(u.name.text) === name || spellingKey(u.name.text) === key));
  // Several Leaders of one datasheet each lead a different unit of that name, in list order.
  const before = list.units.filter((u) => u !== unit && list.units.indexOf(u) < list.units.indexOf(unit) && u.leading && normalizeName(u.leading.text) === name).length;
  return candidates[before] ?? candidates[0];
}

/** A list unit's datasheet as the list's resolution has it (`features/resolve/resolvedList.ts`: `sheetOf`). */
export type SheetOf = (unit: Unit) => Datasheet | undefined;

/**
 * One list unit as a target, with the units attached to it. Null when its datasheet is unknown or it is itself
 * attached to another unit (it is then part of that unit's target). Allocation order: the Bodyguard's groups
 * (those of fewer wounds first: the defender keeps its sergeant), then the attached units' groups.
 */
export function targetFromListUnit(list: ArmyList, unit: Unit, sheetOf: SheetOf): ListTarget | null {
  const ds = sheetOf(unit);
  if (!ds || bodyguardOf(list, unit)) return null;
  const parts: Part[] = [{ unit, ds, attached: false }];
  for (const a of attachedTo(list, unit)) {
    const ads = sheetOf(a);
    if (ads) parts.push({ unit: a, ds: ads, attached: true });
  }
  const body = partGroups(parts[0], 0).sort((a, b) => a.W - b.W || b.models - a.models);
  const groups: TargetGroup[] = [...body];
  const attachedGroups = parts.slice(1).map((p, i) => ({ p, gs: partGroups(p, i + 1) }));
  for (const { gs } of attachedGroups) groups.push(...gs);
  if (!groups.length) return null;
  // What the attached units give each other and the Bodyguard, and what the Bodyguard gives its Leader.
  for (const { p, gs } of attachedGroups) {
    const e = incomingEffects(p.ds);
    for (const g of groups) apply(g, e.toUnit);
    for (const { p: o, gs: ogs } of attachedGroups) if (o !== p && isCharacter(o.ds)) for (const g of ogs) apply(g, e.toOtherCharacters);
    if (isCharacter(p.ds)) for (const g of gs) apply(g, incomingEffects(ds).toLeader);
  }
  const stealth = parts.every((p) => incomingEffects(p.ds).stealth);
  const target = groupedTarget(groups, stealth ? { stealth: true } : {});
  const name = parts.length > 1 ? `${unit.name.text} + ${parts.slice(1).map((p) => p.unit.name.text).join(' + ')}` : unit.name.text;
  return { index: list.units.indexOf(unit), name, units: parts.map((p) => p.unit), target, points: parts.reduce((s, p) => s + unitPoints(p.unit, p.ds), 0) };
}

/**
 * The target as the engine is best handed it: a unit of one model group is the same target without `groups`
 * (the engine's single-profile path gives the same figures, faster: a third of a matchup's time).
 */
export function engineTarget(t: ScenarioTarget): ScenarioTarget {
  if (t.groups?.length !== 1) return t;
  const { groups: _groups, ...plain } = t;
  return plain;
}

/** Every target of a list: each unit not attached to another, with those attached to it. */
export function listTargets(list: ArmyList, sheetOf: SheetOf): ListTarget[] {
  const out: ListTarget[] = [];
  for (const u of list.units) {
    const t = targetFromListUnit(list, u, sheetOf);
    if (t) out.push(t);
  }
  return out;
}

/**
 * The expected points' worth of a target destroyed: each group's expected models slain times its points per
 * model. Before the engine allocates over groups (no `groupsSlain`), the unit's models slain at its mean price.
 */
export function pointsRemoved(t: ListTarget, r: { modelsSlain: number; groupsSlain?: { modelsSlain: number }[] }): number {
  const groups = t.target.groups ?? [];
  if (r.groupsSlain && r.groupsSlain.length === groups.length) return r.groupsSlain.reduce((s, g, i) => s + g.modelsSlain * (groups[i].pointsPerModel ?? 0), 0);
  return t.target.models > 0 ? (r.modelsSlain * t.points) / t.target.models : 0;
}
