// What every writer reads: the parsed list (domain/parse's tree) flattened into the army it fields, in the
// edition form asked for, with what the source text states beyond the tree kept where a writer of the same
// exporter needs it (source.ts): items in the order written (never merged), the per-model loadouts the text
// states (loadouts.ts), a unit's place among the source's groups. Each writer (one module per format) turns this
// into lines and names what its format cannot hold; nothing here knows a format's layout.
import type { ArmyList, AttachRole, ModelGroup, Unit, WargearRef } from '../../domain/parse/ast';
import type { Edition } from '../../domain/editions/edition';
import { normalizeName } from '../../domain/text/normalize';
import { AppSection, SectionResolver, namedAppSection, sectionOfUnit } from './sections';
import { statedLoadouts } from './loadouts';
import { SourceStyle, readSourceStyle } from './source';
import { INVISIBLE } from './names';

export interface Item {
  name: string;
  count: number;
  /** The source wrote no count ("• Icon of Khorne"): kept by a writer of the same exporter. */
  bare?: boolean;
  /** Items the source wrote on one line ("• Icon of Khorne, Khorne Berzerker") share a key. */
  joinKey?: number;
  /** Where the item stands in the source (comments are put back before what follows them). */
  at?: number;
}

/** A per-model loadout the source states ("5 with Bolt pistol, Chainblade"): `count` models, each carrying `items`. */
export interface Loadout {
  count: number;
  items: Item[];
  at?: number;
}

export interface Group {
  name: string;
  count: number;
  /** The group's wargear as totals, in the order written. */
  items: Item[];
  /** The text named no model line: the group stands for the unit's models. */
  implicit: boolean;
  /** The per-model loadouts the source states, when it states them; `extra` the group's items outside them. */
  loadouts?: Loadout[];
  extra?: Item[];
  at?: number;
}

export interface Noted {
  text: string;
  at?: number;
}

export interface ArmyUnit {
  unit: Unit;
  name: string;
  points?: number;
  /** Models in the unit (every group's count). */
  models: number;
  groups: Group[];
  /** Wargear stated for the unit beside its model groups (an icon written at unit level). */
  unitItems: Item[];
  /** `points` as the list states them; `dataPoints` the rules data's, for a format that states costs the list does not. */
  enhancements: Array<{ name: string; points?: number; dataPoints?: number; at?: number }>;
  warlord: boolean;
  warlordAt?: number;
  notes: Noted[];
  /** 10th edition: `• Leading: X`. */
  leading?: Noted;
  /** 11th edition: the unit's role in an attached unit (absent in the 10th-edition form). */
  role?: AttachRole;
  /** The `Attached as:` bullet's qualifier ("Battleline" of "Bodyguard (Battleline)"), as written. */
  roleQualifier?: string;
  section: AppSection;
  /** The section or group the source filed the unit under, as written ("OTHER DATASHEETS", "Loud Exalted Conclave"). */
  sourceSection?: string;
  /** Where the source's section header stands, when the unit is its first (a comment above the header stays above it). */
  sectionAt?: number;
  at: number;
}

export interface Army {
  edition: Edition;
  title?: string;
  /** The points the list states, else the sum of its units' points. */
  total?: number;
  /** Whether the list states its total (a title line, a banner); else `total` is the units' sum. */
  totalStated: boolean;
  superFaction?: string;
  faction?: string;
  detachments: string[];
  /** 11th edition: each detachment's own Detachment Points, parallel to `detachments`. */
  dpEach: Array<number | undefined>;
  /** 11th edition: the Detachment Points stated for all detachments together (and War Organ's allowance). */
  dpTotal?: number;
  dpAllowance?: number;
  dispositions: string[];
  size?: { name: string; points?: number };
  units: ArmyUnit[];
  /** 11th edition: attached units, each its Leaders and Supports then its Bodyguard. */
  attachments: ArmyUnit[][];
  /** What the edition form itself cannot hold (an 11th-edition list written in the 10th-edition form). */
  dropped: Array<{ kind: DropKind; message: string }>;
  /** How the source wrote what a writer of the same exporter keeps (line ends, footers, banner lines, groups). */
  source: SourceStyle;
  /** Format Document is writing (WriteOptions.formatting). */
  formatting: boolean;
  /** Where header facts stand in the source, for comments put back before them. */
  at: { title?: number; faction?: number; detachments?: number; size?: number; dispositions?: number };
}

/** What a format cannot hold, by kind (the check of the result leaves those facts out). */
export type DropKind =
  | 'title'
  | 'size'
  | 'total'
  | 'notes'
  | 'attachments'
  | 'supportRole'
  | 'leading'
  | 'groups'
  | 'defaults'
  | 'enhancementCosts'
  | 'dp'
  | 'dispositions'
  | 'sections'
  | 'comments'
  | 'plan'
  | 'opponent'
  | 'extra';

export interface WriteOptions {
  /** The list's source text: how it was written (style, footer, loadouts, comments) is read from it. */
  source?: string;
  /** The app section of a unit by its datasheet, when the caller has rules data. */
  sectionOf?: SectionResolver;
  /** Format Document: the user's own text, so what it states beyond the exporter's layout (enhancement costs) stays. */
  formatting?: boolean;
  /** An enhancement's cost in the rules data, when the caller has it (New Recruit and War Organ state every cost). */
  enhancementPoints?: (name: string) => number | undefined;
}

export function armyOf(list: ArmyList, edition: Edition, opts: WriteOptions = {}): Army {
  const src = opts.source ?? '';
  const eleventh = edition === 11;
  const dropped: Army['dropped'] = [];
  const byUnit = new Map<Unit, ArmyUnit>();
  const headerAt = new Map<Unit, number>();
  for (const s of list.sections) if (s.units[0]) headerAt.set(s.units[0], s.span.start);
  const units = list.units.map((u) => {
    const a = armyUnit(u, src, eleventh, opts.sectionOf, opts.enhancementPoints);
    a.sectionAt = headerAt.get(u);
    byUnit.set(u, a);
    return a;
  });
  const attachments = eleventh
    ? (list.attachments ?? [])
        .map((g) => [...g.leaders, ...g.supports].sort((x, y) => x.span.start - y.span.start).concat(g.bodyguard ? [g.bodyguard] : []))
        .filter((g) => g.length)
        .map((g) => g.map((u) => byUnit.get(u)!))
    : [];
  const priced = list.units.length > 0 && list.units.every((u) => u.points);
  const pointsSum = priced ? list.units.reduce((a, u) => a + u.points!.value, 0) : undefined;
  const army: Army = {
    edition,
    title: list.title?.text.trim() || undefined,
    total: list.statedPoints?.value ?? pointsSum,
    totalStated: list.statedPoints !== undefined,
    superFaction: list.superFaction?.text.trim() || undefined,
    faction: list.faction?.text.trim() || undefined,
    detachments: list.detachments.map((d) => d.text.trim()),
    dpEach: eleventh ? list.detachments.map((_, i) => list.detachmentPoints?.[i]?.value) : [],
    dpTotal: eleventh ? list.detachmentPointsStated?.total.value : undefined,
    dpAllowance: eleventh ? list.detachmentPointsStated?.allowance?.value : undefined,
    dispositions: eleventh ? (list.forceDispositions ?? []).map((d) => d.text.trim()) : [],
    size: list.battleSize ? { name: list.battleSize.english ?? list.battleSize.name.text, points: list.battleSize.points } : undefined,
    units,
    attachments,
    dropped,
    source: readSourceStyle(list, src),
    formatting: !!opts.formatting,
    at: {
      title: list.title?.span.start ?? list.statedPoints?.span.start,
      faction: (list.superFaction ?? list.faction)?.span.start,
      detachments: list.detachments[0]?.span.start,
      size: list.battleSize?.span.start,
      dispositions: list.forceDispositions?.[0]?.span.start,
    },
  };
  // BattleScribe's text can list fewer models than a unit has (an option group counts more): the written count
  // would settle what the source leaves open.
  const unsettled = list.units.filter((u) => u.modelsUnlisted);
  if (unsettled.length) dropped.push({ kind: 'extra', message: `that the text lists only some models of ${unsettled.map((u) => u.name.text).join(', ')} (written as the whole unit)` });
  if (!eleventh) {
    // The 10th-edition form holds none of what the 11th edition adds.
    if (list.detachmentPointsStated || list.detachmentPoints?.some((p) => p)) dropped.push({ kind: 'dp', message: 'Detachment Points' });
    if (list.forceDispositions?.length) dropped.push({ kind: 'dispositions', message: `force disposition ${list.forceDispositions.map((d) => d.text).join(', ')}` });
    if (list.attachments?.length) dropped.push({ kind: 'attachments', message: `${list.attachments.length} attached unit${list.attachments.length === 1 ? '' : 's'}` });
  }
  return army;
}

const COUNTED = /^\d+\s*[xX×]?\s/;

function items(refs: WargearRef[], src: string): Item[] {
  return refs.map((w) => {
    const it: Item = { name: w.name.text.trim(), count: w.count, at: w.span.start };
    if (src) {
      it.joinKey = src.lastIndexOf('\n', w.span.start);
      // "• Icon of Khorne": the source wrote no count.
      if (!COUNTED.test(src.slice(w.span.start, w.span.end))) it.bare = true;
    }
    return it;
  });
}

/**
 * Items as a source of the same export wrote them, one line each run (`keep`): items it wrote on one line
 * ("• Icon of Khorne, Khorne Berzerker", the app's "◦ 6x Bone cleaver, lash whip and rending claws") stay on one.
 */
export function lineRuns(list: Item[], keep: boolean): Item[][] {
  const runs: Item[][] = [];
  for (const w of list) {
    const last = runs[runs.length - 1];
    if (keep && last && w.joinKey !== undefined && last[0].joinKey === w.joinKey) last.push(w);
    else runs.push([w]);
  }
  return runs;
}

function group(g: ModelGroup, src: string): Group {
  const out: Group = { name: g.name.text.trim(), count: g.count, items: items(g.wargear, src), implicit: g.implicit, at: g.span.start };
  const stated = src ? statedLoadouts(g, src) : undefined;
  if (stated) {
    out.loadouts = stated.loadouts.map((l) => ({ count: l.count, items: items(l.items, src).map((it, i) => ({ ...it, count: l.items[i].count })), at: l.at }));
    out.extra = items(stated.extra, src);
  }
  return out;
}

function armyUnit(u: Unit, src: string, eleventh: boolean, sectionOf?: SectionResolver, enhancementPoints?: (name: string) => number | undefined): ArmyUnit {
  let groups: Group[] = u.models.map((g) => group(g, src));
  // A unit known only by its count ("10x Kroot Carnivores" with no line under it): one group of its own models,
  // which every format can state.
  if (!groups.length && (u.statedModelCount?.value ?? 1) > 1) groups = [{ name: u.name.text, count: u.statedModelCount!.value, items: [], implicit: true, at: u.span.start }];
  const role = eleventh ? u.attachedAs?.role : undefined;
  const qualifier = role ? englishQualifier(/\(([^()]*)\)\s*$/.exec(u.attachedAs!.text.text)?.[1]?.trim()) : undefined;
  return {
    unit: u,
    name: u.name.text.trim(),
    points: u.points?.value,
    models: groups.length ? groups.reduce((a, g) => a + g.count, 0) : (u.statedModelCount?.value ?? 1),
    groups,
    unitItems: items(u.wargear ?? [], src),
    enhancements: u.enhancements.map((e) => {
      const dataPoints = e.points === undefined ? enhancementPoints?.(e.name.text) : undefined;
      return { name: e.name.text.trim(), ...(e.points !== undefined ? { points: e.points } : {}), ...(dataPoints !== undefined ? { dataPoints } : {}), at: e.span.start };
    }),
    warlord: !!u.warlord,
    warlordAt: u.warlord?.start,
    notes: u.notes.map((n) => ({ text: n.text.trim(), at: n.span.start })),
    leading: u.leading && { text: u.leading.text.trim(), at: u.leading.span.start },
    role,
    roleQualifier: qualifier,
    section: unitSection(u, src, role, qualifier, sectionOf),
    sourceSection: u.section,
    at: u.span.start,
  };
}

/** The app's English word for an `Attached as:` qualifier ("Ligne" → "Battleline"); others as written. */
function englishQualifier(q: string | undefined): string | undefined {
  if (q === undefined) return undefined;
  const s = namedAppSection(q);
  return s === 'CHARACTERS' ? 'Character' : s === 'BATTLELINE' ? 'Battleline' : q;
}

/**
 * The app section a unit goes in: the one its own section names; in an attached unit, a Leader's or Support's
 * CHARACTERS and a Bodyguard's by its `Attached as:` qualifier ("Bodyguard (Battleline)"); else as Format
 * Document places it (the data's keywords when the caller has them).
 */
function unitSection(u: Unit, src: string, role: AttachRole | undefined, qualifier: string | undefined, sectionOf?: SectionResolver): AppSection {
  const named = u.section ? namedAppSection(u.section) : undefined;
  if (named) return named;
  if (role === 'leader' || role === 'support') return 'CHARACTERS';
  if (role === 'bodyguard' && qualifier) {
    const q = namedAppSection(qualifier);
    if (q) return q;
  }
  return sectionOfUnit(src, u, sectionOf);
}

/** The units in the order of the given sections, text order within each. */
export function bySection<S extends string>(army: Army, sections: readonly S[], sectionOf: (u: ArmyUnit) => S, skip: Set<ArmyUnit> = new Set()): Array<[S, ArmyUnit[]]> {
  const by = new Map<S, ArmyUnit[]>(sections.map((s) => [s, []]));
  for (const u of army.units) if (!skip.has(u)) by.get(sectionOf(u))?.push(u);
  return [...by].filter(([, us]) => us.length > 0);
}

/** The units grouped as the source grouped them (its sections or group headers, in the source's order). */
export function bySourceSection(army: Army, skip: Set<ArmyUnit> = new Set()): Array<[string, ArmyUnit[]]> {
  const by = new Map<string, ArmyUnit[]>();
  for (const u of army.units) {
    if (skip.has(u)) continue;
    const k = u.sourceSection ?? '';
    let us = by.get(k);
    if (!us) by.set(k, (us = []));
    us.push(u);
  }
  return [...by];
}

/** Same-named items as one total each, in order of first appearance (linear: keyed by the name as written, invisible characters left out). */
export function totals(list: Item[]): Item[] {
  const out = new Map<string, Item>();
  for (const it of list) {
    const key = it.name.replace(INVISIBLE, '');
    const same = out.get(key);
    if (same) same.count += it.count;
    else out.set(key, { name: it.name, count: it.count });
  }
  return [...out.values()];
}

/** The wargear of a unit as one list of totals (every group's and the unit's own). */
export function unitTotals(u: ArmyUnit): Item[] {
  return totals([...u.groups.flatMap((g) => g.items), ...u.unitItems]);
}

/** Whether a unit is one model with its wargear listed directly. */
export function singleModel(u: ArmyUnit): boolean {
  return u.groups.length === 1 && u.groups[0].implicit && u.groups[0].count === 1 && u.unitItems.length === 0;
}

/**
 * A group's wargear as per-model loadouts, written only where they are known: the ones the source states, else
 * the one loadout every model carries when each item's total divides evenly among the models ("2x Chaos Spawn" with
 * "2x Hideous Mutations": each carries one). Undefined: the totals do not say who carries what.
 */
export function knownLoadouts(g: Group): { loadouts: Loadout[]; extra: Item[] } | undefined {
  if (g.loadouts) return { loadouts: g.loadouts, extra: g.extra ?? [] };
  const n = Math.max(1, g.count);
  if (!g.items.length) return { loadouts: [], extra: [] };
  if (!g.items.every((it) => it.count % n === 0)) return undefined;
  return { loadouts: [{ count: n, items: g.items.map((it) => ({ ...it, count: it.count / n })) }], extra: [] };
}

/** New Recruit's grand alliances ("Chaos - World Eaters"): a grouping, not a fact of the list; the app and War Organ write the faction alone. */
const GRAND_ALLIANCES = new Set(['chaos', 'imperium', 'xenos', 'unaligned']);
export const isGrandAlliance = (name: string) => GRAND_ALLIANCES.has(normalizeName(name));

/** "2x Bolt pistol", or the name alone for one. */
export const counted = (it: Item, x = 'x'): string => (it.count === 1 ? it.name : `${it.count}${x} ${it.name}`);

/** The faction path New Recruit writes ("Chaos - World Eaters"), each part written by `part`. */
export function factionPath(army: Army, part: (name: string) => string = (n) => n): string | undefined {
  if (!army.faction) return undefined;
  return army.superFaction ? `${part(army.superFaction)} - ${part(army.faction)}` : part(army.faction);
}

/** "A (2 Detachment Points), B (1 Detachment Points)" / "A, B (3 Detachment Points)" / "A, B". */
export function detachmentsWithDp(army: Army, join: string, dpWord = 'Detachment Points'): string {
  const ds = army.detachments;
  if (army.dpTotal !== undefined) {
    const dp = army.dpAllowance !== undefined ? `${army.dpTotal}/${army.dpAllowance}` : `${army.dpTotal}`;
    return `${ds.join(join)} (${dp} ${dpWord})`;
  }
  return ds.map((d, i) => (army.dpEach[i] !== undefined ? `${d} (${army.dpEach[i]} ${dpWord})` : d)).join(join);
}

/** The units of the attached units, for the writers that list them apart. */
export function attachedUnits(army: Army): Set<ArmyUnit> {
  return new Set(army.attachments.flat());
}

/**
 * Who joins whom, for formats that write it on the joining unit ("Leading X"): each Leader or Support unit with its
 * Bodyguard, and the Support units (which those formats can only write as Leading).
 */
export function leadersOf(army: Army): { leads: Map<ArmyUnit, ArmyUnit>; supports: ArmyUnit[] } {
  const leads = new Map<ArmyUnit, ArmyUnit>();
  const supports: ArmyUnit[] = [];
  for (const g of army.attachments) {
    const bodyguard = g.find((u) => u.role === 'bodyguard');
    if (!bodyguard) continue;
    for (const u of g) {
      if (u === bodyguard) continue;
      leads.set(u, bodyguard);
      if (u.role === 'support') supports.push(u);
    }
  }
  return { leads, supports };
}

/**
 * "Khorne Berzerkers[2]": the unit's name and its place among the units of that name (1-based), names compared as
 * the reader compares them (invisible characters, case and typography folded), so that the index it writes is the
 * one it reads.
 */
export function indexedName(army: Army, u: ArmyUnit, name: string = u.name): string {
  const key = normalizeName(u.name);
  let i = 0;
  for (const x of army.units) {
    if (normalizeName(x.name) === key) i++;
    if (x === u) break;
  }
  return `${name}[${i}]`;
}
