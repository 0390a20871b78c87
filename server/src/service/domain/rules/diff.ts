// What changed between two versions of the rules data (`auspex diff`): units
// added and removed, points per size, composition, keywords, profiles, weapons,
// abilities, leaders, detachments, enhancements and stratagems, per faction.
//
// Every datum is flattened to a *fact* (unit, item, field, value); two versions
// are compared fact by fact. A new kind of datum (points per requisition tier,
// wargear costs, Detachment Points once the data model holds them) is one more
// entry in FACTS, never a change to the comparison. Facts belong to an owner
// (a weapon's S to the weapon, the weapon to its unit): when the owner is added
// or removed that is said once, not once per fact.
import type { CopyRange, Datasheet, Detachment, Enhancement, Faction, RulesData, Stratagem } from './model';
import { normalizeName } from '../text/normalize';

export type Scalar = string | number | boolean | null;

export interface RulesChange {
  kind: 'added' | 'removed' | 'changed';
  /** The datasheet the change is in, when it is in one. */
  unit?: string;
  /** What within it (a model, a weapon, a unit size, a detachment, an enhancement, an ability). */
  item?: string;
  /** What changed: `unit`, `points`, `weapon`, `S`, `detachment`, `enhancement points`, ... */
  field: string;
  from: Scalar;
  to: Scalar;
}

export interface FactionDiff {
  name: string;
  changes: RulesChange[];
}

export interface DataVersionRef {
  source: string;
  location: string;
  version?: string;
}

export interface RulesDiff {
  from: DataVersionRef;
  to: DataVersionRef;
  factions: FactionDiff[];
}

/** One datum of one version. `owner` is the key of the fact whose addition or removal covers this one. */
export interface Fact {
  unit?: string;
  item?: string;
  field: string;
  value: Scalar;
  owner?: string;
  /** A summary of its owned facts: said when added or removed, never as changed (its facts say what changed). */
  summary?: true;
  /** A list of names: compared as names are matched (case, apostrophes and spacing aside). */
  names?: true;
}

/** The facts of one faction's share of the data. */
export interface FactionData {
  datasheets: Datasheet[];
  detachments: Detachment[];
  enhancements: Enhancement[];
  stratagems: Stratagem[];
}

type Extractor = (f: FactionData) => Fact[];

const plus = (n: number | undefined | null) => (n === undefined || n === null ? null : `${n}+`);
const models = (n: number) => `${n} model${n === 1 ? '' : 's'}`;
/** `copies 1-2`, `copy 3`, `copies 3+`: the copies of a unit a points tier prices. */
export const copiesLabel = (r: CopyRange) => (r.to === undefined ? `copies ${r.from}+` : r.from === r.to ? `copy ${r.from}` : `copies ${r.from}-${r.to}`);
const text = (s: string | undefined) => (s === undefined ? null : s.replace(/\s+/g, ' ').trim());

export function factKey(f: { unit?: string; item?: string; field: string }): string {
  return `${normalizeName(f.unit ?? '')}\u0000${normalizeName(f.item ?? '')}\u0000${f.field}`;
}

function unitFacts(d: Datasheet): Fact[] {
  const unit = d.name;
  const own = factKey({ unit, field: 'unit' });
  const facts: Fact[] = [{ unit, field: 'unit', value: d.points.map((p) => `${models(p.models)} ${p.points} pts`).join(', ') || '', summary: true }];
  const add = (item: string | undefined, field: string, value: Scalar, owner = own, summary?: true) => facts.push({ unit, item, field, value, owner, ...(summary ? { summary } : {}) });
  // Priced per copy (the MFM's requisition thresholds): one fact per tier and size; else per size.
  if (d.pointsTiers?.length) {
    for (const t of d.pointsTiers) for (const p of t.steps) add(`${models(p.models)}, ${copiesLabel(t.copies)}`, 'points', p.points);
  } else for (const p of d.points) add(models(p.models), 'points', p.points);
  for (const w of d.wargearCosts ?? []) add(w.item, 'wargear points', w.points);
  for (const c of d.composition) add(c.model, 'composition', c.min === c.max ? String(c.min) : `${c.min}-${c.max}`);
  add(undefined, 'keywords', [...d.keywords].sort().join(', '));
  if (d.supports?.length) facts.push({ unit, field: 'supports', value: [...d.supports].sort((x, y) => normalizeName(x).localeCompare(normalizeName(y))).join(', '), owner: own, names: true });
  facts.push({ unit, field: 'leads', value: [...d.leads].sort((x, y) => normalizeName(x).localeCompare(normalizeName(y))).join(', '), owner: own, names: true });
  for (const m of d.models) {
    const profile = `${m.M} T${m.T} Sv${m.Sv}+${m.invuln ? ` ${m.invuln}++` : ''} W${m.W} Ld${m.Ld}+ OC${m.OC}`;
    add(m.name, 'model', profile, own, true);
    const mo = factKey({ unit, item: m.name, field: 'model' });
    for (const [field, value] of [['M', m.M], ['T', m.T], ['Sv', plus(m.Sv)], ['invulnerable save', m.invuln ? `${m.invuln}++` : null], ['W', m.W], ['Ld', plus(m.Ld)], ['OC', m.OC]] as const) {
      add(m.name, field, value, mo);
    }
  }
  for (const w of d.weapons) {
    for (const p of w.profiles) {
      const item = p.name === w.name ? w.name : `${w.name} (${p.name})`;
      const abilities = p.abilities.map((a) => `[${a}]`).join(' ');
      add(item, 'weapon', `${p.range}, A ${p.A}, ${p.type === 'ranged' ? 'BS' : 'WS'} ${p.skill === null ? 'N/A' : `${p.skill}+`}, S ${p.S}, AP ${p.AP}, D ${p.D}${abilities ? ` ${abilities}` : ''}`, own, true);
      const wo = factKey({ unit, item, field: 'weapon' });
      for (const [field, value] of [['range', p.range], ['A', p.A], [p.type === 'ranged' ? 'BS' : 'WS', plus(p.skill)], ['S', p.S], ['AP', p.AP], ['D', p.D], ['weapon abilities', abilities]] as const) {
        add(item, field, value, wo);
      }
    }
  }
  for (const a of d.abilities) add(a.name, 'ability', text(a.text) ?? a.kind);
  return facts;
}

/**
 * Every kind of fact, one extractor each: a new kind of datum in the model is a
 * new fact here (the MFM's points per copy, wargear costs and Detachment Points
 * came in that way).
 */
export const FACTS: Extractor[] = [
  (f) => f.datasheets.flatMap(unitFacts),
  (f) => f.detachments.flatMap((d) => {
    const own = factKey({ item: d.name, field: 'detachment' });
    return [
      { item: d.name, field: 'detachment', value: [d.dp !== undefined ? `${d.dp} DP` : '', d.forceDisposition ?? '', ...d.rules.map((r) => r.name)].filter(Boolean).join(', '), summary: true as const },
      { item: d.name, field: 'detachment points', value: d.dp ?? null, owner: own },
      { item: d.name, field: 'force disposition', value: d.forceDisposition ?? null, owner: own },
      { item: d.name, field: 'unique', value: d.unique ?? null, owner: own },
      ...d.rules.map((r) => ({ item: `${d.name}: ${r.name}`, field: 'detachment rule', value: text(r.text), owner: own })),
    ];
  }),
  // An enhancement is its detachment's: the same name in two detachments is two enhancements.
  (f) => f.enhancements.flatMap((e) => {
    const item = `${e.detachment}: ${e.name}`;
    const own = factKey({ item, field: 'enhancement' });
    return [
      { item, field: 'enhancement', value: e.points === undefined ? '' : `${e.points} pts`, summary: true as const },
      { item, field: 'enhancement points', value: e.points ?? null, owner: own },
      { item, field: 'enhancement text', value: text(e.text), owner: own },
    ];
  }),
  (f) => f.stratagems.flatMap((s) => {
    const own = factKey({ item: s.name, field: 'stratagem' });
    return [
      { item: s.name, field: 'stratagem', value: `${s.cp}CP${s.detachment ? `, ${s.detachment}` : ''}`, summary: true as const },
      { item: s.name, field: 'stratagem CP', value: s.cp, owner: own },
      { item: s.name, field: 'stratagem effect', value: text(s.effect), owner: own },
    ];
  }),
];

/** The changes between two sets of facts, in the order of `to` (then what `from` alone has). */
export function diffFacts(from: Fact[], to: Fact[]): RulesChange[] {
  const index = (facts: Fact[]) => {
    const m = new Map<string, Fact>();
    for (const f of facts) if (!m.has(factKey(f))) m.set(factKey(f), f);
    return m;
  };
  const a = index(from);
  const b = index(to);
  // Owners that appear or disappear as a whole: their facts are said through them.
  const gone = new Set<string>();
  for (const k of a.keys()) if (!b.has(k)) gone.add(k);
  for (const k of b.keys()) if (!a.has(k)) gone.add(k);
  const covered = (f: Fact, all: Map<string, Fact>) => {
    for (let o = f.owner; o !== undefined; o = all.get(o)?.owner) if (gone.has(o)) return true;
    return false;
  };
  const out: RulesChange[] = [];
  const change = (kind: RulesChange['kind'], f: Fact, fromV: Scalar, toV: Scalar) =>
    out.push({ kind, ...(f.unit !== undefined ? { unit: f.unit } : {}), ...(f.item !== undefined ? { item: f.item } : {}), field: f.field, from: fromV, to: toV });
  for (const [k, f] of b) {
    const old = a.get(k);
    if (!old) {
      if (!covered(f, b)) change('added', f, null, f.value);
    } else if (!f.summary && !sameValue(old.value, f.value, f.names) && !covered(f, b)) change('changed', f, old.value, f.value);
  }
  for (const [k, f] of a) if (!b.has(k) && !covered(f, a)) change('removed', f, f.value, null);
  return out;
}

function sameValue(x: Scalar, y: Scalar, names?: boolean): boolean {
  if (names && typeof x === 'string' && typeof y === 'string') return normalizeName(x) === normalizeName(y);
  if (typeof x === 'string' && typeof y === 'string') return x.replace(/\s+/g, ' ').trim() === y.replace(/\s+/g, ' ').trim();
  // Object.is: a characteristic the source leaves unreadable (NaN) is the same in both versions.
  return Object.is(x, y);
}

/** Splits the data by faction: datasheets by their most specific faction keyword, the rest by their `faction`. */
export function byFaction(data: RulesData): Map<string, { name: string; data: FactionData }> {
  const out = new Map<string, { name: string; data: FactionData }>();
  const byKey = new Map<string, Faction>();
  for (const f of data.factions) {
    byKey.set(normalizeName(f.name), f);
    byKey.set(normalizeName(f.keyword), f);
  }
  const bucket = (name: string) => {
    const f = byKey.get(normalizeName(name));
    const display = f?.name ?? name;
    const key = normalizeName(display);
    let b = out.get(key);
    if (!b) out.set(key, (b = { name: display, data: { datasheets: [], detachments: [], enhancements: [], stratagems: [] } }));
    return b.data;
  };
  for (const d of data.datasheets) {
    // "ADEPTUS ASTARTES, SPACE WOLVES": the last keyword that names a faction is the most specific.
    const own = [...d.factionKeywords].reverse().find((k) => byKey.has(normalizeName(k)));
    bucket(own ?? d.factionKeywords[0] ?? '(no faction)').datasheets.push(d);
  }
  for (const d of data.detachments) bucket(d.faction).detachments.push(d);
  for (const e of data.enhancements) bucket(e.faction).enhancements.push(e);
  for (const s of data.stratagems) bucket(s.faction ?? 'Core').stratagems.push(s);
  return out;
}

export function factsOf(f: FactionData): Fact[] {
  return FACTS.flatMap((x) => x(f));
}

export function versionRef(data: RulesData): DataVersionRef {
  const s = data.sources[0];
  return { source: s?.kind ?? 'unknown', location: s?.location ?? '', ...(s?.version ? { version: s.version } : {}) };
}

/** Compares two versions of the same source, faction by faction (matched by name); `faction` limits it to one. */
export function diffRules(from: RulesData, to: RulesData, faction?: string): RulesDiff {
  const a = byFaction(from);
  const b = byFaction(to);
  const want = faction === undefined ? undefined : factionMatcher(faction);
  const keys = [...new Set([...b.keys(), ...a.keys()])].filter((k) => !want || want((b.get(k) ?? a.get(k))!.name));
  const empty: FactionData = { datasheets: [], detachments: [], enhancements: [], stratagems: [] };
  const factions = keys
    .map((k) => ({ name: (b.get(k) ?? a.get(k))!.name, changes: diffFacts(factsOf(a.get(k)?.data ?? empty), factsOf(b.get(k)?.data ?? empty)) }))
    .filter((f) => f.changes.length > 0)
    .sort((x, y) => x.name.localeCompare(y.name));
  return { from: versionRef(from), to: versionRef(to), factions };
}

/** Does a faction name match what the user typed ("Genestealer Cults" finds "Xenos - Genestealer Cults")? */
export function factionMatcher(wanted: string): (name: string) => boolean {
  const w = normalizeName(wanted);
  return (name) => normalizeName(name) === w || normalizeName(name.split(' - ').pop() ?? '') === w;
}

/** One change as a line of text: `+ unit Boyz (10 models 75 pts)`, `~ Boyz, 10 models: points 75 → 80`. */
export function describeChange(c: RulesChange): string {
  const where = [c.unit, c.item].filter(Boolean).join(', ');
  if (c.kind === 'changed') {
    const [from, to] = showDifference(c.from, c.to);
    return `~ ${where}: ${c.field} ${from} → ${to}`;
  }
  const value = c.kind === 'added' ? c.to : c.from;
  return `${c.kind === 'added' ? '+' : '-'} ${c.field} ${where}${value !== null && value !== '' ? ` (${clip(String(value))})` : ''}`;
}

const WIDTH = 90;
const clip = (s: string) => (s.length > WIDTH ? `${s.slice(0, WIDTH - 3)}...` : s);

/** Two values for one line: long texts cut to a window around where they first differ. */
function showDifference(a: Scalar, b: Scalar): [string, string] {
  const x = a === null ? '—' : String(a);
  const y = b === null ? '—' : String(b);
  if (x.length <= WIDTH && y.length <= WIDTH) return [x, y];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const start = Math.max(0, i - 20);
  const cut = (s: string) => `${start > 0 ? '...' : ''}${s.slice(start, start + WIDTH - 6)}${s.length > start + WIDTH - 6 ? '...' : ''}`;
  return [cut(x), cut(y)];
}
