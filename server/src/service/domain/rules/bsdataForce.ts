// A game system's army-wide limits: the max/min constraints its force entry puts
// on cost types (11th edition: "Detachment Points", "Enhancements", the points
// limit) and the modifiers that change them by battle size. Each constraint is
// evaluated once per battle size, as if that size alone were selected, so the
// numbers come from the data (2/3/4 DP at Incursion/Strike Force/Onslaught),
// never from the code.
import type { BattleSizeRule, DataWarning, ForceConstraint } from './model';
import { attr, kids, XNode } from './bsdataXml';
import { warn } from './dataFiles';

interface BattleSizeEntry { id: string; name: string }

/** "2. Strike Force (2000 Point limit)" → "Strike Force". */
export function battleSizeName(entryName: string): string {
  return entryName.replace(/^\s*\d+\s*[.)]\s*/, '').replace(/\s*\([^)]*\)\s*$/, '').trim();
}

/** Does one condition hold when only `selected` (a battle size entry) is chosen, in force `forceId`? */
function conditionHolds(c: XNode, selected: string, forceId: string): boolean | undefined {
  const child = attr(c, 'childId') ?? '';
  const value = Number(attr(c, 'value'));
  const type = attr(c, 'type') ?? '';
  if (type === 'instanceOf') return child === forceId;
  if (type === 'notInstanceOf') return child !== forceId;
  const count = child === selected ? 1 : 0;
  switch (type) {
    case 'equalTo': return count === value;
    case 'notEqualTo': return count !== value;
    case 'atLeast': return count >= value;
    case 'atMost': return count <= value;
    case 'greaterThan': return count > value;
    case 'lessThan': return count < value;
    default: return undefined;
  }
}

/** All conditions and condition groups of an element hold (a group: all of them for "and", one for "or"). */
function holds(n: XNode, selected: string, forceId: string, unknown: Set<string>): boolean {
  const results: boolean[] = [];
  for (const c of kids(n, 'conditions', 'condition')) {
    const r = conditionHolds(c, selected, forceId);
    if (r === undefined) unknown.add(attr(c, 'type') ?? '?');
    results.push(r ?? false);
  }
  for (const g of kids(n, 'conditionGroups', 'conditionGroup')) {
    const inner: boolean[] = [
      ...kids(g, 'conditions', 'condition').map((c) => conditionHolds(c, selected, forceId) ?? false),
      ...kids(g, 'conditionGroups', 'conditionGroup').map((sub) => holds({ conditionGroups: [{ conditionGroup: [sub] }] }, selected, forceId, unknown)),
    ];
    results.push(attr(g, 'type') === 'or' ? inner.some(Boolean) : inner.every(Boolean));
  }
  return results.every(Boolean);
}

/** The modifiers of an element with the conditions of the modifier groups they sit in. */
function modifiers(n: XNode): { m: XNode; outer: XNode[] }[] {
  const out: { m: XNode; outer: XNode[] }[] = kids(n, 'modifiers', 'modifier').map((m) => ({ m, outer: [] }));
  const walk = (g: XNode, outer: XNode[]) => {
    for (const m of kids(g, 'modifiers', 'modifier')) out.push({ m, outer: [...outer, g] });
    for (const sub of kids(g, 'modifierGroups', 'modifierGroup')) walk(sub, [...outer, g]);
  };
  for (const g of kids(n, 'modifierGroups', 'modifierGroup')) walk(g, []);
  return out;
}

/** The value of constraint `c` of force entry `fe` when `selected` is the battle size chosen. */
function evaluate(fe: XNode, c: XNode, selected: string, unknown: Set<string>): number {
  const forceId = attr(fe, 'id') ?? '';
  const id = attr(c, 'id');
  let v = Number(attr(c, 'value'));
  for (const { m, outer } of modifiers(fe)) {
    if (!id || attr(m, 'field') !== id) continue;
    if (![...outer, m].every((x) => holds(x, selected, forceId, unknown))) continue;
    const mv = Number(attr(m, 'value'));
    if (!Number.isFinite(mv)) continue;
    let times = 1;
    const reps = kids(m, 'repeats', 'repeat');
    if (reps.length) {
      times = 0;
      for (const r of reps) {
        const count = attr(r, 'childId') === selected ? 1 : 0;
        const per = Number(attr(r, 'value')) || 1;
        times += Math.floor(count / per) * (Number(attr(r, 'repeats')) || 1);
      }
    }
    const type = attr(m, 'type');
    if (type === 'set') v = mv;
    else if (type === 'increment') v += mv * times;
    else if (type === 'decrement') v -= mv * times;
  }
  return v;
}

/** The entries of the game system's "Battle Size" selection (recursively through its groups). */
function battleSizeEntries(root: XNode, shared: (id: string) => XNode | undefined): BattleSizeEntry[] {
  const out: BattleSizeEntry[] = [];
  // The sizes are the alternatives of a choice group; entries beside it ("Override points limit?") are not.
  const walk = (n: XNode, depth: number) => {
    if (depth > 4) return;
    for (const g of kids(n, 'selectionEntryGroups', 'selectionEntryGroup')) {
      for (const e of kids(g, 'selectionEntries', 'selectionEntry')) {
        const id = attr(e, 'id');
        if (id) out.push({ id, name: attr(e, 'name') ?? id });
      }
      walk(g, depth + 1);
    }
  };
  for (const el of kids(root, 'sharedSelectionEntries', 'selectionEntry')) {
    if (!/^battle ?size$/i.test(attr(el, 'name') ?? '')) continue;
    const n = shared(attr(el, 'id') ?? '');
    if (n) walk(n, 0);
  }
  return out;
}

/**
 * The force constraints on cost types of the game system's matched-play force entries, evaluated per battle size,
 * and the battle sizes with their points limit, Detachment Points and Enhancements allowances.
 */
export function loadForceConstraints(
  root: XNode, file: string, shared: (id: string) => XNode | undefined, costTypes: Map<string, string>,
): { constraints: ForceConstraint[]; battleSizes: BattleSizeRule[]; warnings: DataWarning[] } {
  const warnings: DataWarning[] = [];
  const constraints: ForceConstraint[] = [];
  const forces = kids(root, 'forceEntries', 'forceEntry').filter((fe) => !/boarding|crusade/i.test(attr(fe, 'name') ?? ''));
  // The battle sizes that the force entries' modifiers test.
  const tested = new Set<string>();
  const collect = (n: XNode) => {
    for (const k of Object.keys(n)) {
      if (k === '$' || k === '#text') continue;
      const v = n[k];
      if (!Array.isArray(v)) continue;
      for (const x of v as XNode[]) {
        if (k === 'condition' || k === 'repeat') { const c = attr(x, 'childId'); if (c) tested.add(c); }
        collect(x);
      }
    }
  };
  forces.forEach(collect);
  const sizes = battleSizeEntries(root, shared).filter((s) => tested.has(s.id));
  const unknown = new Set<string>();
  for (const fe of forces) {
    for (const c of kids(fe, 'constraints', 'constraint')) {
      const costType = costTypes.get(attr(c, 'field') ?? '');
      const type = attr(c, 'type');
      const base = Number(attr(c, 'value'));
      if (!costType || (type !== 'max' && type !== 'min') || !Number.isFinite(base)) continue;
      const byBattleSize: Record<string, number> = {};
      for (const s of sizes) byBattleSize[battleSizeName(s.name)] = evaluate(fe, c, s.id, unknown);
      const fc: ForceConstraint = { costType, type, base, byBattleSize, source: { file, locator: attr(c, 'id') } };
      const msg = attr(c, 'message');
      if (msg) fc.message = msg;
      constraints.push(fc);
    }
  }
  if (unknown.size) warnings.push(warn('bsdata-condition', `${file}: force constraint modifiers use condition types Auspex does not evaluate (${[...unknown].join(', ')}); read as not holding`, { file }, 'info'));
  const of = (re: RegExp) => constraints.find((c) => c.type === 'max' && re.test(c.costType));
  const pts = of(/^pts$/i);
  const dp = of(/^detachment points$/i);
  const enh = of(/^enhancements?$/i);
  const battleSizes: BattleSizeRule[] = sizes.map((s) => {
    const name = battleSizeName(s.name);
    const b: BattleSizeRule = { name, source: { file, locator: s.id } };
    const p = pts?.byBattleSize[name];
    if (p !== undefined && p > 0) b.points = p;
    else { const m = /\((\d[\d,]*)\s*points?\b/i.exec(s.name); if (m) b.points = Number(m[1].replace(/,/g, '')); }
    if (dp) b.detachmentPoints = dp.byBattleSize[name];
    if (enh) b.enhancements = enh.byBattleSize[name];
    return b;
  });
  return { constraints, battleSizes, warnings };
}
