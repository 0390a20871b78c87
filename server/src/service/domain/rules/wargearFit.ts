// What a unit's models may carry by its data's constraints (`Datasheet.wargearRules`), read the one way the
// checks (`features/diagnostics/wargearLimits.ts`) and completion (a unit inserted legal) share: which of the data's
// models a written model name is, how many of an item one model carries, a limit at a unit size.
import type { ModelWargear, SizeMax, WargearRules } from './model';
import { looseName, spellingKey } from '../text/normalize';

/** A model name's key: a variant's "w/ ..." and a bracketed qualifier left out, a group's count prefix too, singular. */
export function modelKey(name: string): string {
  return spellingKey(name.replace(/^\s*\d+\s*(?:-\s*\d+)?\s+(?=\D)/, '').replace(/\s*[([][^()[\]]*[)\]]\s*$/, '').replace(/\s+(?:w\/|with\b).*$/i, ''));
}

/** The most of an item (by name) one model of this entry carries; Infinity when the data does not bound it. */
export function perModel(m: ModelWargear, name: string): number {
  const own = m.items.filter((i) => looseName(i.name) === name);
  if (!own.length) return 0;
  return own.reduce((n, i) => n + (i.perModel ?? Infinity), 0);
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
  groups.forEach((g, i) => {
    const models = rules.models.filter((m) => m.names.some((n) => modelKey(n) === modelKey(g.model)));
    if (!models.length) return;
    for (const it of g.items) {
      const name = looseName(it.name);
      if (unitNames.has(name) || bundles.has(name)) continue;
      const carriers = rules.models.filter((m) => m.items.some((x) => looseName(x.name) === name));
      const per = Math.max(...models.map((m) => perModel(m, name)));
      if ((carriers.length && !models.some((m) => carriers.includes(m))) || (Number.isFinite(per) && per > 0 && it.perModel > per)) out[i].add(name);
    }
  });
  for (const limit of rules.limits) {
    const max = atSize(limit.max, size);
    if (max === undefined) continue;
    const names = new Set(limit.items.map((x) => looseName(x.name)));
    const counted = groups.flatMap((g, i) => g.items.filter((it) => names.has(looseName(it.name)) && !out[i].has(looseName(it.name))).map((it) => g.count * it.perModel));
    if (counted.reduce((a, b) => a + b, 0) > max) groups.forEach((g, i) => g.items.forEach((it) => names.has(looseName(it.name)) && out[i].add(looseName(it.name))));
  }
  return out;
}
