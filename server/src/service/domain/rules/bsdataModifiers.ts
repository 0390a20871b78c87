// BattleScribe modifiers, conditions and constraints as the reader needs them: an element's modifiers with the
// conditions that gate them, whether it is shown only in Boarding Actions or Crusade, its min/max selections.
import { attr, kids, XNode } from './bsdataXml';
import type { Loader } from './bsdataCatalogues';

// ---------------------------------------------------------------- modifiers, constraints

export interface Mod { type: string; field: string; value: string; conds: XNode[]; groups: XNode[]; repeats: XNode[] }

export function modifiersOf(n: XNode | undefined): Mod[] {
  const out: Mod[] = [];
  const take = (m: XNode, extraConds: XNode[], extraGroups: XNode[]) => out.push({
    type: attr(m, 'type') ?? '', field: attr(m, 'field') ?? '', value: attr(m, 'value') ?? '',
    conds: [...extraConds, ...kids(m, 'conditions', 'condition')],
    groups: [...extraGroups, ...kids(m, 'conditionGroups', 'conditionGroup')],
    repeats: kids(m, 'repeats', 'repeat'),
  });
  for (const m of kids(n, 'modifiers', 'modifier')) take(m, [], []);
  const walkGroups = (g: XNode, conds: XNode[], groups: XNode[]) => {
    const c2 = [...conds, ...kids(g, 'conditions', 'condition')];
    const g2 = [...groups, ...kids(g, 'conditionGroups', 'conditionGroup')];
    for (const m of kids(g, 'modifiers', 'modifier')) take(m, c2, g2);
    for (const sub of kids(g, 'modifierGroups', 'modifierGroup')) walkGroups(sub, c2, g2);
  };
  for (const g of kids(n, 'modifierGroups', 'modifierGroup')) walkGroups(g, [], []);
  return out;
}

export function allConditions(m: { conds: XNode[]; groups: XNode[] }): XNode[] {
  const out = [...m.conds];
  const rec = (g: XNode) => {
    for (const c of kids(g, 'conditions', 'condition')) out.push(c);
    for (const s of kids(g, 'conditionGroups', 'conditionGroup')) rec(s);
  };
  for (const g of m.groups) rec(g);
  return out;
}

export interface Visibility { boarding: boolean; crusade: boolean }

/** Whether an element is shown only in Boarding Actions or only in Crusade (a lone hide condition on that force). */
export function visibility(L: Loader, ...nodes: (XNode | undefined)[]): Visibility {
  const v: Visibility = { boarding: false, crusade: false };
  for (const n of nodes) {
    if (!n) continue;
    if (attr(n, 'hidden') === 'true') v.crusade = true;
    for (const m of modifiersOf(n)) {
      if (m.field !== 'hidden' || m.value !== 'true') continue;
      const conds = allConditions(m);
      if (conds.length !== 1 || m.groups.length > 0 && m.groups.some((g) => attr(g, 'type') === 'and' && kids(g, 'conditions', 'condition').length > 1)) continue;
      const c = conds[0];
      const child = attr(c, 'childId') ?? '';
      const type = attr(c, 'type') ?? '';
      const absent = type === 'notInstanceOf' || (type === 'lessThan' && attr(c, 'value') === '1') || (type === 'equalTo' && attr(c, 'value') === '0');
      if (!absent) continue;
      if (child === L.baForce) v.boarding = true;
      if (L.crusadeForces.has(child)) v.crusade = true;
    }
  }
  return v;
}

export interface Bounds { min?: number; max?: number; maxModified?: number }

/** min/max selections at parent scope, link constraints over target ones; max raised by set/increment modifiers. */
export function bounds(target: XNode, link?: XNode): Bounds {
  const b: Bounds = {};
  const read = (n: XNode | undefined) => {
    for (const c of kids(n, 'constraints', 'constraint')) {
      if (attr(c, 'field') !== 'selections' || attr(c, 'scope') !== 'parent') continue;
      const v = Number(attr(c, 'value'));
      if (!Number.isFinite(v)) continue;
      const id = attr(c, 'id');
      if (attr(c, 'type') === 'min') b.min = v;
      if (attr(c, 'type') === 'max') {
        b.max = v;
        let mx = v;
        for (const m of [...modifiersOf(target), ...modifiersOf(link)]) {
          if (m.field !== id) continue;
          const mv = Number(m.value);
          if (!Number.isFinite(mv)) continue;
          if (m.type === 'set') mx = Math.max(mx, mv);
          if (m.type === 'increment') mx += mv;
        }
        b.maxModified = mx;
      }
    }
  };
  read(target);
  read(link);
  return b;
}
