// What every writer reads: the parsed list (domain/parse's tree) flattened into the army it fields, in the
// edition form asked for. Each writer (one module per format) turns this into text and names what its format
// cannot hold; nothing here knows a format's layout.
import type { ArmyList, AttachRole, Unit } from '../../domain/parse/ast';
import type { Edition } from '../../domain/editions/edition';
import { AppSection, SectionResolver, footerLine, namedAppSection, sectionOfUnit } from '../format';

export interface Item {
  name: string;
  count: number;
}

export interface Group {
  name: string;
  count: number;
  items: Item[];
  /** The text named no model line: the group stands for the unit's models. */
  implicit: boolean;
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
  enhancements: Array<{ name: string; points?: number }>;
  warlord: boolean;
  notes: string[];
  /** 10th edition: `• Leading: X`. */
  leading?: string;
  /** 11th edition: the unit's role in an attached unit (absent in the 10th-edition form). */
  role?: AttachRole;
  /** The `Attached as:` bullet's qualifier ("Battleline" of "Bodyguard (Battleline)"), as written. */
  roleQualifier?: string;
  section: AppSection;
}

export interface Army {
  edition: Edition;
  title?: string;
  /** The list's points: the total it states, else the sum of its units' points. */
  total?: number;
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
  dropped: string[];
  /** Dropped items an earlier conversion declared (its `# Dropped …` line), carried forward. */
  droppedBefore: string[];
  /** The app v2 export's footer naming the data version the list was built with, as the source wrote it. */
  appFooter?: string;
}

export interface WriteOptions {
  /** The list's source text: its `Char1:` ids, comments and an earlier conversion's dropped line are read from it. */
  source?: string;
  /** The app section of a unit by its datasheet, when the caller has rules data. */
  sectionOf?: SectionResolver;
}

/** The one line at the end of a converted list that names what its format could not hold (an Auspex `#` comment). */
export const DROPPED_PREFIX = '# Dropped (this format cannot hold them): ';

export function armyOf(list: ArmyList, edition: Edition, opts: WriteOptions = {}): Army {
  const src = opts.source ?? '';
  const eleventh = edition === 11;
  const dropped: string[] = [];
  const droppedBefore: string[] = [];
  for (const c of list.comments) {
    const t = src.slice(c.start, c.end);
    if (t.startsWith(DROPPED_PREFIX)) droppedBefore.push(...t.slice(DROPPED_PREFIX.length).split('; ').filter(Boolean));
  }
  const others = list.comments.filter((c) => !src.slice(c.start, c.end).startsWith(DROPPED_PREFIX)).length;
  if (others) dropped.push(`${others} comment line${others === 1 ? '' : 's'}`);
  if (list.stratagemPlan) dropped.push('the STRATAGEMS plan');
  if (list.opponent) dropped.push('the OPPONENT line');

  const byUnit = new Map<Unit, ArmyUnit>();
  const units = list.units.map((u) => {
    const a = armyUnit(u, src, eleventh, opts.sectionOf);
    byUnit.set(u, a);
    return a;
  });
  const attachments = eleventh
    ? (list.attachments ?? [])
        .map((g) => [...g.leaders, ...g.supports].sort((x, y) => x.span.start - y.span.start).concat(g.bodyguard ? [g.bodyguard] : []))
        .filter((g) => g.length)
        .map((g) => g.map((u) => byUnit.get(u)!))
    : [];
  const pointsSum = list.units.every((u) => u.points) && list.units.length ? list.units.reduce((a, u) => a + u.points!.value, 0) : undefined;
  const army: Army = {
    edition,
    title: list.title?.text || undefined,
    total: list.statedPoints?.value ?? pointsSum,
    superFaction: list.superFaction?.text,
    faction: list.faction?.text,
    detachments: list.detachments.map((d) => d.text),
    dpEach: eleventh ? list.detachments.map((_, i) => list.detachmentPoints?.[i]?.value) : [],
    dpTotal: eleventh ? list.detachmentPointsStated?.total.value : undefined,
    dpAllowance: eleventh ? list.detachmentPointsStated?.allowance?.value : undefined,
    dispositions: eleventh ? (list.forceDispositions ?? []).map((d) => d.text) : [],
    size: list.battleSize ? { name: list.battleSize.english ?? list.battleSize.name.text, points: list.battleSize.points } : undefined,
    units,
    attachments,
    dropped,
    droppedBefore,
    appFooter: eleventh && src ? footerLine(src, list) : undefined,
  };
  if (!eleventh) {
    // The 10th-edition form holds none of what the 11th edition adds.
    if (list.detachmentPointsStated || list.detachmentPoints?.some((p) => p)) dropped.push('Detachment Points');
    if (list.forceDispositions?.length) dropped.push(`force disposition ${list.forceDispositions.map((d) => d.text).join(', ')}`);
    if (list.attachments?.length) dropped.push(`${list.attachments.length} attached unit${list.attachments.length === 1 ? '' : 's'}`);
  }
  return army;
}

function armyUnit(u: Unit, src: string, eleventh: boolean, sectionOf?: SectionResolver): ArmyUnit {
  const groups: Group[] = u.models.map((g) => ({ name: g.name.text, count: g.count, items: merge(g.wargear.map((w) => ({ name: w.name.text, count: w.count }))), implicit: g.implicit }));
  const role = eleventh ? u.attachedAs?.role : undefined;
  const qualifier = role ? englishQualifier(/\(([^()]*)\)\s*$/.exec(u.attachedAs!.text.text)?.[1]?.trim()) : undefined;
  return {
    unit: u,
    name: u.name.text,
    points: u.points?.value,
    models: groups.length ? groups.reduce((a, g) => a + g.count, 0) : (u.statedModelCount?.value ?? 1),
    groups,
    unitItems: merge((u.wargear ?? []).map((w) => ({ name: w.name.text, count: w.count }))),
    enhancements: u.enhancements.map((e) => ({ name: e.name.text, ...(e.points !== undefined ? { points: e.points } : {}) })),
    warlord: !!u.warlord,
    notes: u.notes.map((n) => n.text),
    leading: u.leading?.text,
    role,
    roleQualifier: qualifier,
    section: unitSection(u, src, role, qualifier, sectionOf),
  };
}

/** The app's English word for an `Attached as:` qualifier ("Ligne" → "Battleline"); others as written. */
function englishQualifier(q: string | undefined): string | undefined {
  if (q === undefined) return undefined;
  const s = namedAppSection(q);
  return s === 'CHARACTERS' ? 'Character' : s === 'BATTLELINE' ? 'Battleline' : q;
}

/** Same-named items of one group as one item ("1x Combi-bolter" twice → "2x Combi-bolter"). */
function merge(items: Item[]): Item[] {
  const out: Item[] = [];
  for (const it of items) {
    const same = out.find((o) => o.name === it.name);
    if (same) same.count += it.count;
    else out.push({ ...it });
  }
  return out;
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

/** The units in the order of the app's sections, text order within each. */
export function bySection(army: Army, sections: readonly AppSection[], skip: Set<ArmyUnit> = new Set()): Array<[AppSection, ArmyUnit[]]> {
  return sections.map((s) => [s, army.units.filter((u) => u.section === s && !skip.has(u))] as [AppSection, ArmyUnit[]]).filter(([, us]) => us.length > 0);
}

/** The wargear of a unit as one list of totals (every group's and the unit's own). */
export function unitTotals(u: ArmyUnit): Item[] {
  return merge([...u.groups.flatMap((g) => g.items), ...u.unitItems]);
}

/** Whether a unit is one model with its wargear listed directly. */
export function singleModel(u: ArmyUnit): boolean {
  return u.groups.length === 1 && u.groups[0].implicit && u.groups[0].count === 1 && u.unitItems.length === 0;
}

/**
 * A group's wargear as per-model loadouts, for the formats that write "5 with A, B": the copies of each item (the
 * most numerous first) go to the models carrying the fewest items so far, so the loadouts add up to the group's
 * totals exactly and look like real ones (a pistol and a melee weapon each); the per-model split the text did not
 * state is not claimed beyond that. Equal loadouts are counted together, in order of first appearance. The result
 * depends on the totals only, so a text read back gives the same loadouts again.
 */
export function loadouts(g: Group): Array<{ count: number; items: Item[] }> {
  const n = Math.max(1, g.count);
  const per: Array<Map<string, number>> = Array.from({ length: n }, () => new Map());
  const load = new Array<number>(n).fill(0);
  const items = [...g.items].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const it of items) {
    let left = it.count;
    // Whole rounds: every model gets the same number.
    const each = Math.floor(left / n);
    if (each) for (let m = 0; m < n; m++) per[m].set(it.name, each), (load[m] += each);
    left -= each * n;
    const order = [...load.keys()].sort((a, b) => load[a] - load[b] || a - b).slice(0, left);
    for (const m of order.sort((a, b) => a - b)) {
      per[m].set(it.name, (per[m].get(it.name) ?? 0) + 1);
      load[m]++;
    }
  }
  const out: Array<{ count: number; items: Item[]; key: string }> = [];
  for (const m of per) {
    const loadout = [...m].map(([name, count]) => ({ name, count })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const key = JSON.stringify(loadout);
    const same = out.find((o) => o.key === key);
    if (same) same.count++;
    else out.push({ count: 1, items: loadout, key });
  }
  return out.map(({ count, items: l }) => ({ count, items: l }));
}

/** "2x Bolt pistol", or the name alone for one. */
export const counted = (it: Item, x = 'x'): string => (it.count === 1 ? it.name : `${it.count}${x} ${it.name}`);

/** The faction path New Recruit writes ("Chaos - World Eaters"). */
export function factionPath(army: Army): string | undefined {
  if (!army.faction) return undefined;
  return army.superFaction ? `${army.superFaction} - ${army.faction}` : army.faction;
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

/** "Khorne Berzerkers[2]": the unit's name and its place among the units of that name (1-based). */
export function indexedName(army: Army, u: ArmyUnit): string {
  const same = army.units.filter((x) => x.name === u.name);
  return `${u.name}[${same.indexOf(u) + 1}]`;
}

/** The writer's result: the text, and what the format could not hold (also the text's last line). */
export interface Written {
  text: string;
  dropped: string[];
}

/** Joins the lines, adding the one dropped line (earlier conversions' items first). */
export function finish(lines: string[], army: Army, dropped: string[]): Written {
  const all: string[] = [];
  for (const d of [...army.droppedBefore, ...army.dropped, ...dropped]) if (!all.includes(d)) all.push(d);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (all.length) lines.push('', DROPPED_PREFIX + all.join('; '));
  return { text: lines.join('\n') + '\n', dropped: all };
}
