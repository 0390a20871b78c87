// The per-model loadouts a source text states ("    5 with Bolt pistol, Chainblade", "• 8x Kroot Carnivores: 8 with
// Close combat weapon, Kroot rifle", "2x Chaos Spawn (95 pts): 2 with Hideous Mutations"), read from where each of a
// model group's items stands: the tree keeps a group's totals, the text says which models carry them. A writer
// that writes per-model loadouts writes these, never a split the source did not state.
import type { ModelGroup, WargearRef } from '../../domain/parse/ast';

export interface StatedLoadout {
  count: number;
  /** The items each model of the loadout carries (counts per model), in the order written. */
  items: WargearRef[];
  at: number;
}

const CLAUSE = /(?:^|[\s:•◦])(\d+)\s+with\s/g;

/** The group's stated loadouts and its items outside any, or undefined when the text states none (or none that adds up). */
export function statedLoadouts(g: ModelGroup, src: string): { loadouts: StatedLoadout[]; extra: WargearRef[] } | undefined {
  if (!g.wargear.length) return undefined;
  const clausesOf = new Map<number, Array<{ at: number; count: number }>>();
  const clauses = (lineStart: number) => {
    let cs = clausesOf.get(lineStart);
    if (!cs) {
      const nl = src.indexOf('\n', lineStart);
      const line = src.slice(lineStart, nl < 0 ? src.length : nl);
      cs = [...line.matchAll(CLAUSE)].map((m) => ({ at: lineStart + m.index! + m[0].length - m[0].trimStart().length, count: Number(m[1]) }));
      clausesOf.set(lineStart, cs);
    }
    return cs;
  };
  const byClause = new Map<number, StatedLoadout>();
  const extra: WargearRef[] = [];
  for (const w of g.wargear) {
    const lineStart = src.lastIndexOf('\n', w.span.start - 1) + 1;
    let clause: { at: number; count: number } | undefined;
    for (const c of clauses(lineStart)) if (c.at < w.span.start) clause = c;
    if (!clause || clause.count < 1) {
      extra.push(w);
      continue;
    }
    if (w.count % clause.count !== 0) return undefined;
    let l = byClause.get(clause.at);
    if (!l) byClause.set(clause.at, (l = { count: clause.count, items: [], at: clause.at }));
    l.items.push({ ...w, count: w.count / clause.count });
  }
  if (!byClause.size) return undefined;
  const loadouts = [...byClause.values()];
  if (loadouts.reduce((a, l) => a + l.count, 0) > g.count) return undefined;
  return { loadouts, extra };
}
