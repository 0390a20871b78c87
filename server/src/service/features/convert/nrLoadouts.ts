// How New Recruit's WTC and tournament exports write a model group's wargear: per-model loadouts ("5 with Bolt
// pistol, Chainblade") where they are known (stated by the source, or one loadout every model carries), else the
// group's totals as nested bullets ("    • 7x Bolt pistol"), which every New Recruit reader reads as totals: a
// per-model split the source does not state is never made up.
import { Group, Item, Loadout, knownLoadouts, lineRuns } from './model';
import type { Out } from './out';

/** "Bolt pistol, 2x Missile pod": a loadout's items, each per model. */
export function loadoutText(out: Out, items: Item[]): string {
  return items.map((w) => (w.count === 1 ? out.names.item(w.name) : `${w.count}x ${out.names.item(w.name)}`)).join(', ');
}

export interface GroupWargear {
  /** The loadouts with wargear. */
  loadouts: Loadout[];
  /** Items written as nested totals (outside any known loadout). */
  totals: Item[];
}

/** A group's wargear as the WTC and tournament exports can write it. */
export function groupWargear(g: Group): GroupWargear {
  const known = knownLoadouts(g);
  if (!known) return { loadouts: [], totals: g.items };
  return { loadouts: known.loadouts.filter((l) => l.items.length), totals: known.extra };
}

/**
 * Item bullets, "• 7x Bolt pistol" each; with `keepBare` (a source of the same export), the items it wrote without a
 * count, on one line ("• Icon of Khorne, Khorne Berzerker"), stay so.
 */
export function itemBullets(out: Out, list: Item[], indent: string, keepBare: boolean): void {
  for (const run of lineRuns(list, keepBare)) out.line(`${indent}• ${run.map((w) => itemText(out, w, keepBare)).join(', ')}`, run[0].at);
}

/** "7x Bolt pistol"; an item the source wrote without a count, so again when `keepBare`. */
export function itemText(out: Out, w: Item, keepBare: boolean): string {
  return keepBare && w.bare && w.count === 1 ? out.names.item(w.name) : `${w.count}x ${out.names.item(w.name)}`;
}
