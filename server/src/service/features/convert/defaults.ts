// A datasheet's default wargear for a unit of some size, as totals: what the `compact` text leaves out. Read from
// the same plan completion builds a unit with (completion/build.ts `planUnit`); an item the data states no default
// for is not counted as one.
import type { Datasheet } from '../../domain/rules/model';
import { planUnit } from '../completion/build';
import type { Item } from './model';

export function defaultGear(sheet: Datasheet, models: number): Item[] | undefined {
  try {
    const plan = planUnit(sheet, models);
    if (plan.size !== models || plan.groups.reduce((a, g) => a + g.count, 0) !== models) return undefined;
    const out: Item[] = [];
    for (const g of plan.groups)
      for (const w of g.wargear) {
        if (w.options?.length) continue;
        const same = out.find((o) => o.name.toLowerCase() === w.name.toLowerCase());
        if (same) same.count += w.perModel * g.count;
        else out.push({ name: w.name, count: w.perModel * g.count });
      }
    return out;
  } catch {
    return undefined;
  }
}
