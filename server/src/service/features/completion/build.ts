// A legal unit built from its datasheet: a size the data allows, the model
// groups that size takes (each composition entry at its minimum, the rest where
// there is room), each group's default wargear read from the datasheet's
// default loadout, and the price the list's format prints. Completion inserts
// it as one snippet; the "Set size to N" code action rewrites a unit with it.
import type { Datasheet, ModelLoadout, RequiredModel } from '../../domain/rules/model';
import { looseName, normalizeName, spellingKey } from '../../domain/text/normalize';
import { beyondTheLimits } from '../../domain/rules/wargearFit';
import type { Dialect } from './dialect';

export interface PlannedWargear {
  name: string;
  /** Items per model of the group ("2 rokkit pistols"). */
  perModel: number;
  /** The datasheet's options can replace it: a tab stop in the snippet. */
  choice: boolean;
  /** Where the data states no default: the datasheet's weapons of the same kind, a snippet choice (this one first). */
  options?: string[];
}

export interface PlannedGroup {
  model: string;
  count: number;
  wargear: PlannedWargear[];
}

export interface UnitPlan {
  size: number;
  /** The price the data gives for this size (the copy's requisition tier in the 11th edition); undefined without points. */
  points?: number;
  groups: PlannedGroup[];
  /** A one-model unit: its wargear is listed under the unit line, with no model line (the app's layout). */
  single: boolean;
  /** Which copy of the datasheet in the army it is (its requisition tier prices it). */
  copy: number;
}

/** Model counts the datasheet allows, ascending: its points steps, else its composition's minimum, else one model per profile. */
export function legalSizes(d: Datasheet): number[] {
  if (d.points.length) return [...new Set(d.points.map((p) => p.models))].sort((a, b) => a - b);
  if (d.composition.length) return [d.composition.reduce((n, c) => n + c.min, 0)];
  return [Math.max(1, d.models.length)];
}

/** The price of `size` models for the `copy`-th copy of the datasheet in the army (1-based). */
export function priceOf(d: Datasheet, size: number, copy = 1): number | undefined {
  const tier = d.pointsTiers?.find((t) => copy >= t.copies.from && (t.copies.to === undefined || copy <= t.copies.to));
  return (tier?.steps ?? d.points).find((s) => s.models === size)?.points;
}

/** Upper-case data names ("BOSS NOB") as the app prints them ("Boss Nob"); other names as they are. */
export function displayName(name: string): string {
  if (!/\p{Lu}/u.test(name) || /\p{Ll}/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase());
}

/** Each entry's count for `size` models: minimums first, the rest where there is most room (the last entry on ties). */
function distribute(entries: { min: number; max: number }[], size: number): number[] | undefined {
  const counts = entries.map((e) => e.min);
  let rest = size - counts.reduce((a, b) => a + b, 0);
  if (rest < 0) return undefined;
  const order = entries.map((_, i) => i).sort((a, b) => entries[b].max - entries[b].min - (entries[a].max - entries[a].min) || b - a);
  for (const i of order) {
    const add = Math.min(rest, entries[i].max - counts[i]);
    counts[i] += add;
    rest -= add;
  }
  return rest === 0 ? counts : undefined;
}

/** A planned model group: its name as written, its count, and the data's model entry whose default wargear it carries. */
interface GroupPlan {
  model: string;
  count: number;
  /** The model entry (`modelLoadouts`) its wargear comes from, when it is not `model` itself ("Fire Warrior w/ pulse carbine"). */
  entry?: string;
}

const looseModel = (n: string) => normalizeName(n).replace(/[^a-z0-9]/g, '').replace(/s$/, '');

/**
 * The model groups of `size` models, with the models the datasheet requires among them, named as the data's
 * entries name them: its Champion, and its body when the composition counts that by a profile no entry is named
 * after (BSData 11e's Strike Team: 9 "Strike Team" profiles, which the unit's required "Fire Warriors" entries use).
 */
function groupsFor(d: Datasheet, size: number): GroupPlan[] {
  const groups: GroupPlan[] = plainGroupsFor(d, size);
  const required = d.requiredModels ?? [];
  const named = new Set(required.flatMap((q) => q.names.map(looseModel)));
  const covers = (q: RequiredModel, g: GroupPlan) => q.names.some((n) => looseModel(n) === looseModel(g.model));
  const uncovered = required.filter((q) => !groups.some((g) => covers(q, g)));
  // The groups no required entry names: their models are the uncovered entries', each at its minimum; the rest go
  // to the uncovered group of variants with the largest minimum (the unit's body: its Fire Warriors), else stay in
  // the largest of those groups (a Champion's 1 taken from 10 Jakhals).
  const pool = groups.filter((g) => !named.has(looseModel(g.model)));
  const poolSize = pool.reduce((n, g) => n + g.count, 0);
  const mins = uncovered.reduce((n, q) => n + q.min, 0);
  if (uncovered.length && pool.length && poolSize >= mins) {
    const bodies = uncovered.filter((q) => q.names.some((n) => looseModel(n) !== looseModel(q.model)));
    const body = bodies.length ? bodies.reduce((a, q) => (q.min > a.min ? q : a)) : undefined;
    const kept = body ? undefined : pool.reduce((a, g) => (g.count > a.count ? g : a));
    const placed = uncovered.map((q) => ({ ...entryName(d, q), count: q.min + (q === body ? poolSize - mins : 0) }));
    const rest = groups.filter((g) => !pool.includes(g) || g === kept).map((g) => (g === kept ? { ...g, count: poolSize - mins } : g));
    return [...placed, ...rest].filter((g) => g.count > 0);
  }
  for (const q of uncovered) {
    const largest = groups.reduce<GroupPlan | undefined>((a, g) => (g.count > (a?.count ?? 0) ? g : a), undefined);
    if (!largest || largest.count <= q.min) continue;
    largest.count -= q.min;
    groups.unshift({ ...entryName(d, q), count: q.min });
  }
  return groups;
}

/**
 * How a required model is written: a model entry by its name; a group of variants by its variant with a default
 * loadout that the unit may hold most of (its wargear the group's), written by the variant's base name where the data names that too
 * ("Fire Warrior" for "Fire Warrior w/ pulse carbine", as the exporters write it), else by the variant's name.
 */
function entryName(d: Datasheet, q: RequiredModel): { model: string; entry?: string } {
  const variants = q.names.filter((n) => looseModel(n) !== looseModel(q.model));
  if (!variants.length) return { model: q.model };
  // The common model of the group: a variant with a default loadout, as many of it as the unit likes (not the one
  // banner bearer: "Novitiate with Sacred Banner", at most 1).
  const loadoutOf = (v: string) => d.modelLoadouts?.find((l) => l.wargear.length && looseModel(l.model) === looseModel(v));
  const room = (v: string) => loadoutOf(v)?.max ?? Infinity;
  const loaded = variants.filter((v) => loadoutOf(v)).sort((a, b) => room(b) - room(a))[0] ?? variants[0];
  const base = loaded.replace(/\s+(?:w\/|with\b).*$/i, '').trim();
  const model = base !== loaded && q.names.some((n) => looseModel(n) === looseModel(base)) ? base : loaded;
  return model === loaded ? { model } : { model, entry: loaded };
}

/** The model groups of `size` models: from the composition when it adds up, else from the model profiles. */
function plainGroupsFor(d: Datasheet, size: number): { model: string; count: number }[] {
  const fromComposition = d.composition.length ? distribute(d.composition, size) : undefined;
  if (fromComposition) return d.composition.map((c, i) => ({ model: c.model, count: fromComposition[i] })).filter((g) => g.count > 0);
  // The composition does not add up to a size the points allow: one model of each other profile, the rest of
  // the profile named like the datasheet.
  const profiles = d.models.map((m) => m.name);
  if (profiles.length <= 1 || size < profiles.length) return [{ model: profiles[0] ?? d.name, count: size }];
  const key = spellingKey(d.name);
  let main = profiles.findIndex((p) => spellingKey(p) === key || key.includes(spellingKey(p)));
  if (main < 0) main = 0;
  return profiles.map((p, i) => ({ model: p, count: i === main ? size - profiles.length + 1 : 1 }));
}

const rendered = new WeakMap<Datasheet, Map<string, string>>();

/**
 * The snippet completion inserts for a new unit of `d` (its smallest size, the `copy`-th copy), built once per
 * datasheet and form: names are completed on every keystroke.
 */
export function unitSnippet(d: Datasheet, copy: number, dialect: Dialect, warlord: boolean, enhancement?: UnitEnhancement, attachedAs?: string): string {
  let forms = rendered.get(d);
  if (!forms) rendered.set(d, (forms = new Map()));
  const key = `${copy}|${dialect.points}|${dialect.enhancement}|${warlord}|${enhancement?.name ?? ''}|${enhancement?.points ?? ''}|${attachedAs ?? ''}`;
  let text = forms.get(key);
  if (text === undefined) forms.set(key, (text = renderUnit(d, planUnit(d, undefined, copy), { dialect, snippet: true, warlord, enhancement, attachedAs })));
  return text;
}

/** The unit of `size` models (the smallest legal size when absent), its groups with their default wargear. */
export function planUnit(d: Datasheet, size = legalSizes(d)[0], copy = 1): UnitPlan {
  const planned = groupsFor(d, size);
  const groups = planned.map((g) => ({ model: g.model, count: g.count, wargear: [] as PlannedWargear[] }));
  const loadout = defaultLoadout(d, planned.map((g) => g.entry ?? g.model));
  groups.forEach((g, i) => (g.wargear = loadout[i]));
  // Only what the data's constraints allow at this size (the checks' per-model limits): a default beyond them left out.
  if (d.wargearRules) {
    const beyond = beyondTheLimits(d.wargearRules, groups.map((g) => ({ model: g.model, count: g.count, items: g.wargear })), size);
    groups.forEach((g, i) => (g.wargear = g.wargear.filter((w) => !beyond[i].has(looseName(w.name)))));
  }
  const single = size === 1 && groups.length === 1;
  return { size, points: priceOf(d, size, copy), groups, single, copy };
}

interface Clause {
  subject: string;
  items: { name: string; count: number }[];
}

const EVERYONE = /^(?:this|that|the|every|each|all)\s+(?:models?|units?)(?:\s+in\s+this\s+unit)?$|^(?:every|each|all)\s+models?\s+in\s+this\s+unit$/i;

/** "The Boss Nob is equipped with: slugga; big choppa." → subject and items, one clause per sentence. */
function clauses(text: string): Clause[] {
  const out: Clause[] = [];
  for (const sentence of text.split(/\n+|(?<=\.)\s+(?=\p{Lu})/u)) {
    const m = /^\s*(.*?)\s+(?:is|are)\s+(?:each\s+)?equipped\s+with\s*:?\s*(.*?)\s*\.?\s*$/i.exec(sentence);
    if (!m) continue;
    const parts = m[2].includes(';') ? m[2].split(';') : m[2].split(/,\s*/);
    const items = parts
      .map((p) => p.trim().replace(/\.$/, ''))
      .filter((p) => p && !/^nothing$/i.test(p))
      .map((p) => {
        const c = /^(\d+)\s+(.*)$/.exec(p);
        return c ? { name: c[2], count: Number(c[1]) } : { name: p.replace(/^(?:an?|one)\s+/i, ''), count: 1 };
      });
    out.push({ subject: m[1].trim(), items });
  }
  return out;
}

const words = (s: string) => spellingKey(s).split(' ').filter((w) => w.length >= 3);

/** How well a loadout sentence's subject ("Every Boy") names a model group ("Boyz"): shared word prefixes. */
function subjectFit(subject: string, model: string): number {
  const s = words(subject.replace(/^(?:the|every|each|all|this|its|\d+)\s+/i, ''));
  const m = words(model);
  let fit = 0;
  for (const a of s) if (m.some((b) => a === b || a.startsWith(b) || b.startsWith(a))) fit++;
  return fit;
}

/** The datasheet's own spelling of a loadout item ("kombi-weapon" → "Kombi-weapon"), else the item capitalised: an index of its weapons, built once per call. */
function weaponNames(d: Datasheet): (item: string) => string {
  const bySpelling = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const w of d.weapons) {
    if (!bySpelling.has(spellingKey(w.name))) bySpelling.set(spellingKey(w.name), w.name);
    if (!byName.has(normalizeName(w.name))) byName.set(normalizeName(w.name), w.name);
  }
  return (item) => bySpelling.get(spellingKey(item)) ?? byName.get(normalizeName(item)) ?? item.charAt(0).toUpperCase() + item.slice(1);
}

/** Per group (in `models` order), the default wargear. Linear in the items (50,000 default items on one model stalled completion). */
function defaultLoadout(d: Datasheet, models: string[]): PlannedWargear[][] {
  const out: PlannedWargear[][] = models.map(() => []);
  const taken = models.map(() => new Set<string>());
  const options = (d.wargearOptions ?? []).map((o) => normalizeName(o)).filter((o) => /replaced/.test(o));
  const weaponName = weaponNames(d);
  const add = (i: number, items: Clause['items']) => {
    for (const it of items) {
      const name = weaponName(it.name);
      if (taken[i].has(normalizeName(name))) continue;
      taken[i].add(normalizeName(name));
      const n = normalizeName(it.name);
      const choice = options.some((o) => o.includes(n));
      out[i].push({ name, perModel: it.count, choice });
    }
  };
  if (d.defaultLoadout) {
    for (const c of clauses(d.defaultLoadout)) {
      if (models.length === 1 || EVERYONE.test(c.subject)) {
        models.forEach((_, i) => add(i, c.items));
        continue;
      }
      const fits = models.map((m) => subjectFit(c.subject, m));
      const best = Math.max(...fits);
      models.forEach((_, i) => {
        if (best === 0 || fits[i] === best) add(i, c.items);
      });
    }
    return out;
  }
  // No loadout text (BSData 11e): each model's default wargear as the data's model entries give it.
  const byModel = new Map<string, ModelLoadout>();
  for (const l of d.modelLoadouts ?? []) if (l.wargear.length && !byModel.has(normalizeName(l.model))) byModel.set(normalizeName(l.model), l);
  // A model written by its base name ("Plague Marine") carries the default wargear of its variant the unit may hold
  // most of by a maximum the data states ("Plague Marine w/ boltgun"), as entryName writes a required group.
  const variantOf = (m: string) => (d.modelLoadouts ?? [])
    .filter((l) => l.wargear.length && looseModel(l.model.replace(/\s+(?:w\/|with\b).*$/i, '')) === looseModel(m))
    .sort((a, b) => (b.max ?? -1) - (a.max ?? -1))[0];
  const loadouts = models.map((m) => byModel.get(normalizeName(m)) ?? variantOf(m));
  loadouts.forEach((l, i) => l && add(i, l.wargear.map((name) => ({ name, count: 1 }))));
  if (loadouts.every(Boolean)) return out;
  // The groups the entries give none: a one-model unit carries its weapons that cost nothing extra; each group of a
  // larger unit one ranged and one melee weapon, as a choice among the datasheet's weapons of that kind.
  const costed = new Set((d.wargearCosts ?? []).map((w) => normalizeName(w.item)));
  const free = d.weapons.filter((w) => !costed.has(normalizeName(w.name)));
  if (models.length === 1 && d.composition.every((c) => c.max <= 1)) {
    add(0, free.map((w) => ({ name: w.name, count: 1 })));
    return out;
  }
  // Only what that model may carry where the data's constraints say (`Datasheet.wargearRules`, as the checks read
  // them), and a weapon of both kinds once ("Guardian Spear").
  const mayCarry = (m: string) => {
    const entries = d.wargearRules?.models.filter((r) => r.names.some((n) => looseModel(n) === looseModel(m))) ?? [];
    return entries.length ? new Set(entries.flatMap((r) => r.items.map((it) => looseModel(it.name)))) : undefined;
  };
  out.forEach((g, i) => {
    if (loadouts[i]) return;
    const allowed = mayCarry(models[i]);
    for (const type of ['ranged', 'melee'] as const) {
      const kind = free.filter((w) => w.profiles.some((p) => p.type === type) && (!allowed || allowed.has(looseModel(w.name))) && !g.some((x) => x.name === w.name)).map((w) => w.name);
      if (kind.length) g.push({ name: kind[0], perModel: 1, choice: kind.length > 1, options: kind });
    }
  });
  return out;
}

const snippetEscape = (s: string) => s.replace(/[\\$}]/g, (c) => `\\${c}`);
const choiceEscape = (s: string) => s.replace(/[\\$}|,]/g, (c) => `\\${c}`);

export interface RenderOptions {
  dialect: Dialect;
  /** Write a snippet (tab stops on the count, the Warlord line and the wargear with options); plain text otherwise. */
  snippet: boolean;
  /** Add the `• Warlord` line (a tab stop in a snippet, so that it can be deleted). */
  warlord?: boolean;
  /** The unit's name as written (the datasheet's name when absent). */
  name?: string;
  /** An enhancement the unit takes: its `• Enhancement: X` line after the wargear, its cost in the unit's points. */
  enhancement?: UnitEnhancement;
  /** 11th-edition app: the unit's role in its Attached Units group (`• Attached as: Leader (Character)`). */
  attachedAs?: string;
}

export interface UnitEnhancement {
  name: string;
  points?: number;
}

/**
 * The unit block in the app layout: `Name (N points)`, model groups `• Nx Model` with `◦ Nx Weapon`, or the one
 * model's wargear directly under the unit line. In a snippet, the tab stops are the Warlord line and the wargear
 * the datasheet's options can replace. The size is no tab stop (a choice's value stood in the unit's points, read
 * "(9 points)", until it was left): the smallest legal size is inserted, and "Set size to N" (`setSize.ts`) on the
 * unit line gives any other, models, wargear and points together.
 */
export function renderUnit(d: Datasheet, plan: UnitPlan, opts: RenderOptions): string {
  const { dialect, snippet } = opts;
  const esc = snippet ? snippetEscape : (s: string) => s;
  let stop = 1;
  const lines: string[] = [];
  const extra = opts.enhancement?.points ?? 0;
  const head = `${esc(opts.name ?? d.name)}${plan.points !== undefined ? ` (${plan.points + extra} ${dialect.points})` : ''}`;
  lines.push(head);
  if (opts.attachedAs) lines.push(`• Attached as: ${esc(opts.attachedAs)}`);
  if (opts.warlord) lines.push(snippet ? `\${${stop++}:  • Warlord}` : '  • Warlord');
  const item = (w: PlannedWargear, n: string) => {
    const name = !snippet || !w.choice ? esc(w.name) : w.options && w.options.length > 1 ? `\${${stop++}|${w.options.map(choiceEscape).join(',')}|}` : `\${${stop++}:${esc(w.name)}}`;
    return `${n}x ${name}`;
  };
  if (plan.single) {
    for (const w of plan.groups[0]?.wargear ?? []) lines.push(`  • ${item(w, String(w.perModel))}`);
  } else {
    for (const g of plan.groups) {
      lines.push(`  • ${g.count}x ${esc(displayName(g.model))}`);
      for (const w of g.wargear) lines.push(`     ◦ ${item(w, String(g.count * w.perModel))}`);
    }
  }
  if (opts.enhancement) lines.push(`  • ${dialect.enhancement}: ${esc(opts.enhancement.name)}`);
  return lines.join('\n');
}

export { choiceEscape, snippetEscape };
