// What a unit's models may carry by its data's constraints (`Datasheet.wargearRules`), read the one way the
// checks (`features/diagnostics/wargearLimits.ts`) and completion (a unit inserted legal) share: which of the data's
// models a written model name is, how many of an item one model carries, a limit at a unit size.
import type { ModelWargear, SizeMax, WargearRules } from './model';
import { looseName, spellingKey } from '../text/normalize';

/** A model name's key: a variant's "w/ ..." and a bracketed qualifier left out, a group's count prefix too, singular. */
export function modelKey(name: string): string {
  return spellingKey(name.replace(/^\s*\d+\s*(?:-\s*\d+)?\s+(?=\D)/, '').replace(/\s*[([][^()[\]]*[)\]]\s*$/, '').replace(/\s+(?:w\/|with\b).*$/i, ''));
}

/** An item of the unit's data: the model entry carrying it (none: the unit's own), the item. */
export interface Carried {
  model?: ModelWargear;
  item: { name: string; key: string; perModel?: number; bundle?: boolean };
}

/** The unit's items by loose name, built once per rules (a datasheet may hold 50,000 entries: no scan per name). */
const indexes = new WeakMap<WargearRules, Map<string, Carried[]>>();

/** Every entry of that (loose) name in the unit: on its models and the unit's own. */
export function carried(rules: WargearRules, name: string): Carried[] {
  let index = indexes.get(rules);
  if (!index) {
    indexes.set(rules, (index = new Map()));
    const add = (c: Carried) => {
      const key = looseName(c.item.name);
      const list = index!.get(key);
      if (list) list.push(c);
      else index!.set(key, [c]);
    };
    for (const m of rules.models) for (const item of m.items) add({ model: m, item });
    for (const item of rules.unitItems) add({ item });
  }
  return index.get(name) ?? [];
}

/** The model entries carrying an item of that (loose) name. */
export function carriers(rules: WargearRules, name: string): ModelWargear[] {
  return [...new Set(carried(rules, name).flatMap((c) => (c.model ? [c.model] : [])))];
}

/** The most of an item (by loose name) one model of this entry carries; Infinity when the data does not bound it. */
export function perModel(rules: WargearRules, m: ModelWargear, name: string): number {
  const own = carried(rules, name).filter((c) => c.model === m);
  if (!own.length) return 0;
  return own.reduce((n, c) => n + (c.item.perModel ?? Infinity), 0);
}

export function atSize(ranges: SizeMax[], n: number): number | undefined {
  return ranges.find((r) => n >= r.from && n <= r.to)?.max;
}

/** A group of a unit about to be written (completion's plan): its model's name, its count, each item per model. */
export interface PlannedGroup {
  model: string;
  count: number;
  items: { name: string; perModel: number }[];
}

/**
 * What each planned group must leave out to be legal by the data's constraints, as the checks above read them (a
 * model that may not carry an item, more per model than it may carry, more in the unit than its size allows): the
 * items' loose names, per group. Completion inserts no unit the checks refuse.
 */
export function beyondTheLimits(rules: WargearRules, groups: PlannedGroup[], size: number): Set<string>[] {
  const out = groups.map(() => new Set<string>());
  const unitNames = new Set(rules.unitItems.map((i) => looseName(i.name)));
  const bundles = new Set(rules.models.flatMap((m) => m.items.filter((i) => i.bundle).map((i) => looseName(i.name))));
  /** Each planned item by loose name: its group and how many the group takes. */
  const planned = new Map<string, { group: number; count: number }[]>();
  groups.forEach((g, i) => {
    const key = modelKey(g.model);
    const models = rules.models.filter((m) => m.names.some((n) => modelKey(n) === key));
    for (const it of g.items) {
      const name = looseName(it.name);
      planned.set(name, [...(planned.get(name) ?? []), { group: i, count: g.count * it.perModel }]);
      if (!models.length || unitNames.has(name) || bundles.has(name)) continue;
      const who = carriers(rules, name);
      const per = Math.max(...models.map((m) => perModel(rules, m, name)));
      if ((who.length && !models.some((m) => who.includes(m))) || (Number.isFinite(per) && per > 0 && it.perModel > per)) out[i].add(name);
    }
  });
  for (const limit of rules.limits) {
    const max = atSize(limit.max, size);
    if (max === undefined) continue;
    const takes = [...new Set(limit.items.map((x) => looseName(x.name)))].flatMap((name) => (planned.get(name) ?? []).map((p) => ({ ...p, name })));
    const total = takes.filter((p) => !out[p.group].has(p.name)).reduce((n, p) => n + p.count, 0);
    if (total > max) for (const p of takes) out[p.group].add(p.name);
  }
  return out;
}
