// How many of its wargear a unit may take, read from a BattleScribe unit entry's constraints (never from names):
// what each model entry may carry and at most how many of each per model; and the unit's limits per unit size:
//   - an item's own maximum in the unit ("Heavy mining tool": max 3 in the unit, 6 at 10 models and more);
//   - an error the data adds past a count ("Max 1 plasma pistol per 5 models": models < 15 and plasma > 2, ...);
//   - a group or entry of model variants with a maximum ("Special Weapons (0-3)", "Acolyte Hybrid w/ Cult Icon": 1),
//     which bounds the items only those models carry.
// A maximum is read only where every modifier of it can be evaluated from the unit's size alone (model-count
// conditions and repeats); anything else (a detachment, another selection, a repeat over other entries) makes it
// uncertain, and an uncertain limit is left out: the checks never guess.
import type { ModelWargear, SizeMax, WargearLimit, WargearRules } from './model';
import { attr, kids, XNode } from './bsdataXml';
import { allConditions, modifiersOf, type Mod } from './bsdataModifiers';
import { foldTypography, looseName } from '../text/normalize';
import { BOUNDS } from '../bounds';

/** The most item counts examined when reading an error condition (a unit's items are far fewer). */
const MAX_COUNT = 60;

interface Entry {
  id: string;
  name: string;
  node: XNode;
  /** The link it was reached by, when it was reached by one path only (another path's link bounds it otherwise). */
  link?: XNode;
  /** Every link it was reached by: a maximum in the whole unit on any of them bounds all its selections. */
  links: XNode[];
}

interface ModelInfo {
  entry: Entry;
  names: string[];
  /** Item entry id → per-model bound (Infinity: not bounded by the data); an option holding items is a bundle. */
  items: Map<string, { name: string; max: number; bundle?: boolean }>;
  /** Enclosing groups of model variants (outermost first). */
  groups: Entry[];
  /** Reached through a selection (an option bundle): its maximum is per bundle. */
  bundled: boolean;
}

/** The unit sizes a limit is evaluated for. */
export interface Sizes {
  from: number;
  to: number;
}

/** An element of the unit's tree as the datasheet reader walks it (`bsdataDatasheet.ts` `Child`). */
export interface TreeNode {
  node: XNode;
  link?: XNode;
  tag: 'selectionEntry' | 'selectionEntryGroup';
}

/** What the reader needs of the datasheet reader: an element's children (links resolved) and a model's profile name. */
export interface TreeAccess<C extends TreeNode> {
  children(c: C): C[];
  modelName(n: XNode): string;
}

/** Reads the unit's wargear rules; undefined when the unit has no model entries to read. */
export function readWargearRules<C extends TreeNode>(tree: TreeAccess<C>, root: C, sizes: Sizes): WargearRules | undefined {
  type Child = C;
  const children = (c: Child) => tree.children(c);
  const modelName = (n: XNode) => tree.modelName(n);
  const unitId = attr(root.node, 'id') ?? '';
  const models: ModelInfo[] = [];
  const unitItems = new Map<string, string>();
  /** The unit's own wargear entries directly under it (their maximum at parent scope is the unit's). */
  const direct = new Set<string>();
  const entries = new Map<string, Entry>();
  /** The elements the unit's walk reached (each walked once). */
  const seen = new Set<XNode>();
  /** Some element lay deeper than `BOUNDS.linkDepth`. */
  let tooDeep = false;
  const entryOf = (c: TreeNode): Entry => ({ id: attr(c.node, 'id') ?? '', name: foldTypography(attr(c.node, 'name') ?? ''), node: c.node, link: c.link, links: c.link ? [c.link] : [] });
  /** Records an item entry; reached again by another path, its links no longer bound it alone. */
  const record = (e: Entry) => {
    const had = entries.get(e.id);
    if (!had) return void entries.set(e.id, e);
    const links = [...new Set([...had.links, ...e.links])];
    entries.set(e.id, { ...e, link: had.link === e.link ? e.link : undefined, links });
  };

  /**
   * What one model carries: each item's most per model, through the entries and groups below it. `per` is the most
   * selections of the enclosing selection (the model: 1); `cap` what the enclosing groups allow of it, per selection.
   * Each element is walked once (link graphs share and loop: walking every path went exponential). An element reached
   * again, by another path or round a loop, bounds nothing the first walk counted: every item below it is left
   * unbounded per model, never summed or guessed.
   */
  const itemsOf = (m: Child): Map<string, { name: string; max: number; bundle?: boolean }> => {
    const out = new Map<string, { name: string; max: number; bundle?: boolean }>();
    /** Element → the item ids found at and below it (complete once its walk returned). */
    const below = new Map<XNode, Set<string>>();
    const onPath = new Set<XNode>([m.node]);
    const reachedAgain = new Set<XNode>();
    const visit = (c: Child, per: number, cap: number, depth: number): Set<string> | undefined => {
      if (depth > BOUNDS.linkDepth) return void (tooDeep = true);
      if (unavailable(c)) return undefined;
      if (c.tag === 'selectionEntry' && attr(c.node, 'type') === 'model') return undefined;
      const done = below.get(c.node);
      if (onPath.has(c.node) || done) {
        if (c.tag === 'selectionEntry') {
          const e = entryOf(c);
          record(e);
          // An item with nothing below it, taken again by another option: its counts add up.
          const it = out.get(e.id);
          if (it && done?.size === 1 && !onPath.has(c.node)) {
            it.max += per * Math.min(parentMax(c, sizes), cap);
            return done;
          }
        }
        reachedAgain.add(c.node);
        return done;
      }
      const found = new Set<string>();
      const own = parentMax(c, sizes);
      onPath.add(c.node);
      if (c.tag === 'selectionEntryGroup') {
        for (const ch of children(c)) for (const id of visit(ch, per, Math.min(cap, own), depth + 1) ?? []) found.add(id);
      } else {
        const e = entryOf(c);
        record(e);
        found.add(e.id);
        const count = per * Math.min(own, cap);
        const cur = out.get(e.id);
        const inner = children(c);
        const bundle = inner.some((ch) => ch.tag === 'selectionEntry' && attr(ch.node, 'type') !== 'model');
        out.set(e.id, { name: e.name, max: (cur?.max ?? 0) + count, ...(bundle ? { bundle } : {}) });
        for (const ch of inner) for (const id of visit(ch, count, Infinity, depth + 1) ?? []) found.add(id);
      }
      onPath.delete(c.node);
      below.set(c.node, found);
      return found;
    };
    for (const ch of children(m)) visit(ch, 1, Infinity, 1);
    for (const n of reachedAgain) {
      for (const id of below.get(n) ?? []) {
        const it = out.get(id);
        if (it) it.max = Infinity;
      }
    }
    return out;
  };

  // `groups`: the groups between the unit and a model; `bundled`: a selection (an option bundle, "8 chainblades")
  // stands between them, so the model's own maximum counts per bundle, not per unit: no pool is read from it.
  const walk = (c: Child, depth: number, groups: Entry[], bundled: boolean) => {
    if (depth > BOUNDS.linkDepth) return void (tooDeep = true);
    if (seen.has(c.node) || unavailable(c)) return;
    seen.add(c.node);
    const names = (e: Entry) => [e.name, ...groups.map((g) => g.name)];
    if (c.tag === 'selectionEntry' && attr(c.node, 'type') === 'model' && depth > 0) {
      const entry = entryOf(c);
      models.push({ entry, names: names(entry), items: itemsOf(c), groups, bundled });
      return;
    }
    if (c.tag === 'selectionEntry' && depth > 0) {
      // Wargear of the unit itself (an icon): an export may print it under any model. An option bundle holding
      // models is walked for them.
      const e = entryOf(c);
      record(e);
      unitItems.set(e.id, e.name);
      if (!bundled) direct.add(e.id);
      for (const ch of children(c)) {
        if (ch.tag === 'selectionEntry' && attr(ch.node, 'type') !== 'model') unitItems.set(attr(ch.node, 'id') ?? '', foldTypography(attr(ch.node, 'name') ?? ''));
        else walk(ch, depth + 1, [], true);
      }
      return;
    }
    const inner = c.tag === 'selectionEntryGroup' ? [...groups, entryOf(c)] : groups;
    for (const ch of children(c)) walk(ch, depth + 1, inner, bundled);
  };
  // A unit that is itself one model carries its wargear as that model.
  if (attr(root.node, 'type') === 'model') {
    const entry = entryOf(root);
    models.push({ entry, names: [entry.name, modelName(root.node)], items: itemsOf(root), groups: [], bundled: false });
  } else walk(root, 0, [], false);
  // Links nested past the bound: what the walk missed could allow anything, so nothing is certain.
  if (!models.length || tooDeep) return undefined;

  const limits: WargearLimit[] = [];
  const itemNames = new Map<string, string>();
  for (const m of models) for (const [id, it] of m.items) itemNames.set(id, it.name);
  for (const [id, name] of unitItems) itemNames.set(id, name);

  // An item's own maximum in the unit, and the errors the data adds past a count of it.
  for (const [id, name] of itemNames) {
    const e = entries.get(id);
    if (!e) continue;
    const own = combine(unitMax(e, unitId, sizes), direct.has(id) ? modelMax(e, unitId, sizes) : undefined);
    const err = errorMax(e, unitId, sizes);
    const max = finite(combine(own, err?.max));
    if (max) limits.push({ items: [{ name, key: id }], max, ...(err?.wording ? { wording: err.wording } : {}) });
  }
  // Groups and entries of model variants with a maximum: the items only their models carry.
  const pools: { members: ModelInfo[]; max: SizeMax[]; wording: string }[] = [];
  for (const m of models) {
    const own = m.bundled ? undefined : modelMax(m.entry, unitId, sizes);
    if (own) pools.push({ members: [m], max: own, wording: m.entry.name });
  }
  const groupIds = new Set(models.filter((m) => !m.bundled).flatMap((m) => m.groups.map((g) => g.id)));
  for (const gid of groupIds) {
    const members = models.filter((m) => m.groups.some((g) => g.id === gid));
    const g = members[0].groups.find((x) => x.id === gid)!;
    const max = modelMax(g, unitId, sizes);
    if (max && members.length < models.length) pools.push({ members, max, wording: g.name });
  }
  // How many models carry each item name, and how many models each entry id has: a pool's members are compared with
  // these counts, never with every other model (a catalogue of thousands of model entries went quadratic).
  const namesOf = models.map((m) => new Set([...m.items.values()].map((it) => looseName(it.name))));
  const carrying = new Map<string, number>();
  for (const names of namesOf) for (const n of names) carrying.set(n, (carrying.get(n) ?? 0) + 1);
  const ofId = new Map<string, number>();
  for (const m of models) ofId.set(m.entry.id, (ofId.get(m.entry.id) ?? 0) + 1);
  const onUnit = new Set([...unitItems.values()].map(looseName));
  const position = new Map(models.map((m, i) => [m, i] as const));
  for (const p of pools) {
    const index = p.members.map((m) => position.get(m)!);
    // A member found again outside the pool (a model reached by two paths) is no pool of its own.
    const idsInside = new Map<string, number>();
    for (const m of p.members) idsInside.set(m.entry.id, (idsInside.get(m.entry.id) ?? 0) + 1);
    if ([...idsInside].some(([id, n]) => (ofId.get(id) ?? 0) > n)) continue;
    // Exclusive by name: a list names items, and the same name on another model or on the unit is that item too.
    const inside = new Map<string, number>();
    for (const i of index) for (const n of namesOf[i]) inside.set(n, (inside.get(n) ?? 0) + 1);
    const outside = (n: string) => onUnit.has(n) || (carrying.get(n) ?? 0) > (inside.get(n) ?? 0);
    const exclusive = new Map<string, string>();
    for (const m of p.members) for (const [id, it] of m.items) if (!outside(looseName(it.name))) exclusive.set(id, it.name);
    if (!exclusive.size) continue;
    // The most exclusive items one member model carries.
    const per = Math.max(...p.members.map((m) => [...m.items].filter(([id]) => exclusive.has(id)).reduce((n, [, it]) => n + it.max, 0)));
    if (!Number.isFinite(per) || per <= 0) continue;
    const max = finite(p.max.map((r) => ({ ...r, max: r.max * per })));
    if (max) limits.push({ items: [...exclusive].map(([key, name]) => ({ name, key })), max, wording: p.wording });
  }
  const out: WargearRules = {
    models: models.map((m): ModelWargear => ({
      names: [...new Set(m.names.filter(Boolean))],
      items: [...m.items].map(([key, it]) => ({ name: it.name, key, ...(Number.isFinite(it.max) ? { perModel: it.max } : {}), ...(it.bundle ? { bundle: true } : {}) })),
    })),
    unitItems: [...unitItems].map(([key, name]) => ({ name, key })),
    limits,
  };
  return out;
}

/** The ranges with a finite maximum; undefined when none is left. */
function finite(r: SizeMax[] | undefined): SizeMax[] | undefined {
  const out = r?.filter((x) => Number.isFinite(x.max));
  return out?.length ? out : undefined;
}

/** Hidden in the data, or hidden by a modifier whatever the list holds: no model may take it. */
function unavailable(c: TreeNode): boolean {
  if (attr(c.node, 'hidden') === 'true' || attr(c.link, 'hidden') === 'true') return true;
  return [...modifiersOf(c.node), ...modifiersOf(c.link)].some((m) => m.field === 'hidden' && m.value === 'true' && !m.conds.length && !m.groups.length);
}

/** An element's own maximum selections where it stands (parent scope): the most over the unit's sizes; Infinity when none or uncertain. */
function parentMax(c: TreeNode, sizes: Sizes): number {
  let best = Infinity;
  for (const n of [c.node, c.link]) {
    for (const k of kids(n, 'constraints', 'constraint')) {
      if (attr(k, 'type') !== 'max' || attr(k, 'field') !== 'selections' || attr(k, 'scope') !== 'parent') continue;
      const r = evaluate(k, [...modifiersOf(c.node), ...modifiersOf(c.link)], undefined, sizes);
      if (!r) continue;
      best = Math.min(best, Math.max(...r.map((x) => x.max)));
    }
  }
  return best;
}

/** An item's maximum in the whole unit (scope the unit, counting nested selections), per size. */
function unitMax(e: Entry, unitId: string, sizes: Sizes): SizeMax[] | undefined {
  let out: SizeMax[] | undefined;
  for (const n of [e.node, ...e.links]) {
    for (const k of kids(n, 'constraints', 'constraint')) {
      const scope = attr(k, 'scope');
      if (attr(k, 'type') !== 'max' || attr(k, 'field') !== 'selections' || (scope !== 'unit' && scope !== unitId) || attr(k, 'includeChildSelections') !== 'true') continue;
      const r = evaluate(k, n === e.node ? modifiersOf(e.node) : [...modifiersOf(e.node), ...modifiersOf(n)], unitId, sizes);
      // One unreadable maximum makes the item's limit uncertain.
      if (!r) return undefined;
      out = combine(out, r);
    }
  }
  return out;
}

/** How many of a model entry (or of a group's models) the unit may have, per size: its maximum at parent or unit scope. */
function modelMax(e: Entry, unitId: string, sizes: Sizes): SizeMax[] | undefined {
  let out: SizeMax[] | undefined;
  for (const n of [e.node, e.link]) {
    for (const k of kids(n, 'constraints', 'constraint')) {
      const scope = attr(k, 'scope');
      if (attr(k, 'type') !== 'max' || attr(k, 'field') !== 'selections' || (scope !== 'parent' && scope !== 'unit' && scope !== unitId)) continue;
      const r = evaluate(k, [...modifiersOf(e.node), ...modifiersOf(e.link)], unitId, sizes);
      if (!r) return undefined;
      out = combine(out, r);
    }
  }
  return out;
}

/**
 * A constraint's value at each unit size, its modifiers applied (set, increment, decrement, with model-count
 * conditions and repeats); undefined when one of its modifiers depends on anything else.
 */
function evaluate(k: XNode, mods: Mod[], unitId: string | undefined, sizes: Sizes): SizeMax[] | undefined {
  const base = Number(attr(k, 'value'));
  if (!Number.isFinite(base) || attr(k, 'percentValue') === 'true') return undefined;
  const id = attr(k, 'id');
  const own = mods.filter((m) => m.field === id);
  const values: number[] = [];
  for (let n = sizes.from; n <= sizes.to; n++) {
    let v = base;
    for (const m of own) {
      const holds = conditionsHold(m, unitId, n);
      if (holds === undefined) return undefined;
      if (!holds) continue;
      let x = Number(m.value);
      if (!Number.isFinite(x)) return undefined;
      if (m.repeats.length) {
        const times = repeatTimes(m.repeats, unitId, n);
        if (times === undefined) return undefined;
        x *= times;
      }
      if (m.type === 'set') v = x;
      else if (m.type === 'increment') v += x;
      else if (m.type === 'decrement') v -= x;
      else return undefined;
    }
    values.push(Math.max(0, v));
  }
  return ranges(sizes.from, values);
}

/** Consecutive sizes with the same maximum, as ranges. */
function ranges(from: number, values: number[]): SizeMax[] {
  const out: SizeMax[] = [];
  values.forEach((max, i) => {
    const last = out[out.length - 1];
    if (last && last.max === max) last.to = from + i;
    else out.push({ from: from + i, to: from + i, max });
  });
  return out;
}

/** The smaller of two limits at each size (either may be absent). */
function combine(a: SizeMax[] | undefined, b: SizeMax[] | undefined): SizeMax[] | undefined {
  if (!a) return b;
  if (!b) return a;
  const at = (r: SizeMax[], n: number) => r.find((x) => n >= x.from && n <= x.to)?.max ?? Infinity;
  const from = Math.min(a[0].from, b[0].from);
  const to = Math.max(a[a.length - 1].to, b[b.length - 1].to);
  const values: number[] = [];
  for (let n = from; n <= to; n++) values.push(Math.min(at(a, n), at(b, n)));
  return ranges(from, values);
}

/** A model-count condition's scope: the unit (by its id or "unit"). */
const unitScope = (c: XNode, unitId: string | undefined) => {
  const s = attr(c, 'scope');
  return s === 'unit' || (unitId !== undefined && s === unitId);
};

/** Whether a modifier's conditions hold at unit size n; undefined when one is not a model count of the unit. */
function conditionsHold(m: Mod, unitId: string | undefined, n: number): boolean | undefined {
  const test = (c: XNode): boolean | undefined => (attr(c, 'field') === 'selections' && attr(c, 'childId') === 'model' && unitScope(c, unitId) ? compare(attr(c, 'type'), n, Number(attr(c, 'value'))) : undefined);
  return evalConditions(m.conds, m.groups, test);
}

/** Conditions and condition groups ("and" unless a group says "or"), each condition read by `test`. */
function evalConditions(conds: XNode[], groups: XNode[], test: (c: XNode) => boolean | undefined): boolean | undefined {
  const results: (boolean | undefined)[] = [...conds.map(test), ...groups.map((g) => evalGroup(g, test))];
  if (results.some((r) => r === undefined)) return undefined;
  return results.every(Boolean);
}

function evalGroup(g: XNode, test: (c: XNode) => boolean | undefined): boolean | undefined {
  const results = [...kids(g, 'conditions', 'condition').map(test), ...kids(g, 'conditionGroups', 'conditionGroup').map((s) => evalGroup(s, test))];
  if (results.some((r) => r === undefined)) return undefined;
  return attr(g, 'type') === 'or' ? results.some(Boolean) : results.every(Boolean);
}

function compare(type: string | undefined, x: number, v: number): boolean | undefined {
  if (!Number.isFinite(v)) return undefined;
  switch (type) {
    case 'lessThan': return x < v;
    case 'greaterThan': return x > v;
    case 'atLeast': return x >= v;
    case 'atMost': return x <= v;
    case 'equalTo': return x === v;
    case 'notEqualTo': return x !== v;
    default: return undefined;
  }
}

/** How many times a repeat applies at unit size n ("per 5 models"); undefined when it repeats over anything else. */
function repeatTimes(repeats: XNode[], unitId: string | undefined, n: number): number | undefined {
  let total = 0;
  for (const r of repeats) {
    if (attr(r, 'field') !== 'selections' || attr(r, 'childId') !== 'model' || !unitScope(r, unitId)) return undefined;
    const per = Number(attr(r, 'value'));
    const times = Number(attr(r, 'repeats') ?? '1');
    if (!Number.isFinite(per) || per <= 0 || !Number.isFinite(times)) return undefined;
    total += (attr(r, 'roundUp') === 'true' ? Math.ceil(n / per) : Math.floor(n / per)) * times;
  }
  return total;
}

/**
 * The most of an item the unit may take before an error the data adds ("Max 1 plasma pistol per 5 models"), per
 * size: every condition of the error a model count of the unit or a count of the item itself in the unit.
 */
function errorMax(e: Entry, unitId: string, sizes: Sizes): { max: SizeMax[]; wording: string } | undefined {
  let out: SizeMax[] | undefined;
  let wording: string | undefined;
  for (const m of [...modifiersOf(e.node), ...modifiersOf(e.link)]) {
    if (m.field !== 'error' || m.type !== 'add' || (!m.conds.length && !m.groups.length)) continue;
    // The conditions change only at the values they compare with: the error is read at those sizes and counts
    // alone (every size and count read one by one took seconds on a catalogue of a thousand such errors).
    const conds = allConditions(m);
    const ofModels = (c: XNode) => attr(c, 'childId') === 'model';
    const sizeSteps = changePoints(conds.filter(ofModels), sizes.from + 1, sizes.to);
    const counts = [0, ...changePoints(conds.filter((c) => !ofModels(c)), 1, MAX_COUNT)];
    const values: number[] = [];
    let value = Infinity;
    for (let n = sizes.from; n <= sizes.to; n++) {
      if (n === sizes.from || sizeSteps.includes(n)) {
        let raisedAt: number | undefined;
        for (const x of counts) {
          const test = (c: XNode): boolean | undefined => {
            if (attr(c, 'field') !== 'selections' || !unitScope(c, unitId)) return undefined;
            const child = attr(c, 'childId');
            if (child === 'model') return compare(attr(c, 'type'), n, Number(attr(c, 'value')));
            if (child === e.id && attr(c, 'includeChildSelections') === 'true') return compare(attr(c, 'type'), x, Number(attr(c, 'value')));
            return undefined;
          };
          const raised = evalConditions(m.conds, m.groups, test);
          if (raised === undefined) return undefined;
          if (raised) {
            raisedAt = x;
            break;
          }
        }
        // No count raises it (or none is allowed): nothing the data settles.
        value = raisedAt === undefined || raisedAt === 0 ? Infinity : raisedAt - 1;
      }
      values.push(value);
    }
    if (values.every((v) => v === Infinity)) continue;
    out = combine(out, ranges(sizes.from, values));
    wording ??= m.value;
  }
  return out && { max: out, wording: wording ?? '' };
}

/** Where comparisons with these conditions' values can change (v and v + 1), within [lo, hi], in order. */
function changePoints(conds: XNode[], lo: number, hi: number): number[] {
  const out = new Set<number>();
  for (const c of conds) {
    const v = Number(attr(c, 'value'));
    if (!Number.isFinite(v)) continue;
    for (const p of [Math.ceil(v), Math.floor(v) + 1]) if (p >= lo && p <= hi) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}
