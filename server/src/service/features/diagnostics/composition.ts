// Unit size and composition: the model count against the datasheet's points
// steps (or its composition when the data has no points), each model type
// against its min/max, the models the datasheet requires, and wargear that
// names nothing on the datasheet. Which bullets are models and which wargear
// is the data's entry types (`modelGroups`), never the bullet's shape.
import type { ModelGroup, WargearRef } from '../../domain/parse/ast';
import type { CompositionEntry, Datasheet } from '../../domain/rules/model';
import { closestNames, editDistance } from '../../domain/text/fuzzy';
import { normalizeName, spellingKey } from '../../domain/text/normalize';
import { unitModelCount } from './unitPoints';
import { CheckContext, looseName, modelGroups, namesModel, plural, ResolvedUnit } from './context';

export function checkComposition(ctx: CheckContext): void {
  for (const r of ctx.units) {
    checkSize(ctx, r);
    // A required model missing explains the per-type counts (the data may count it under another model's profile).
    if (!checkRequiredModels(ctx, r)) checkModelTypes(ctx, r);
    checkWargear(ctx, r);
  }
}

function checkSize(ctx: CheckContext, r: ResolvedUnit): void {
  const { unit, sheet } = r;
  const size = unitModelCount(unit, sheet);
  const span = unit.statedModelCount?.span ?? unit.name.span;
  if (sheet.points.length) {
    const sizes = [...new Set(sheet.points.map((p) => p.models))];
    if (sizes.includes(size)) return;
    // The text lists only some of its models: any legal size holding those is possible.
    if (unit.modelsUnlisted && sizes.some((n) => n > size)) return;
    ctx.report(span, 'unit-size', `${sheet.name} cannot have ${plural(size, 'model')}: its datasheet allows ${orList(sizes)} (unit composition).`);
    return;
  }
  if (sheet.composition.length === 0) return;
  const min = sheet.composition.reduce((n, c) => n + c.min, 0);
  const max = sheet.composition.reduce((n, c) => n + c.max, 0);
  if (size < min || size > max) {
    ctx.report(span, 'unit-size', `${sheet.name} cannot have ${plural(size, 'model')}: its datasheet allows ${min === max ? min : `${min} to ${max}`} (unit composition).`);
  }
}

/** Per model type, only when every model group of the unit names a type of the composition (sources split types differently). */
function checkModelTypes(ctx: CheckContext, r: ResolvedUnit): void {
  const groups = modelGroups(r.unit, r.sheet);
  if (groups.length === 0 || r.sheet.composition.length === 0) return;
  const matched = new Map<CompositionEntry, ModelGroup[]>();
  for (const g of groups) {
    const entry = r.sheet.composition.find((c) => looseName(c.model) === looseName(g.name.text));
    if (!entry) return;
    matched.set(entry, [...(matched.get(entry) ?? []), g]);
  }
  for (const [entry, gs] of matched) {
    const n = gs.reduce((s, g) => s + g.count, 0);
    if (n >= entry.min && n <= entry.max) continue;
    const allowed = entry.min === entry.max ? `${entry.min}` : `${entry.min} to ${entry.max}`;
    ctx.report(gs[0].name.span, 'model-count', `${plural(n, entry.model)} in ${r.sheet.name}: its datasheet allows ${allowed} (unit composition).`);
  }
}

/**
 * A model the datasheet requires (its Champion, its Pack Leader) that the unit lacks. Only when every model bullet
 * of the unit names a model as the data names them: a bullet the data does not know may be that model.
 */
function checkRequiredModels(ctx: CheckContext, r: ResolvedUnit): boolean {
  const required = r.sheet.requiredModels;
  const groups = modelGroups(r.unit, r.sheet);
  if (!required?.length || groups.length === 0 || !groups.every((g) => namesModel(r.sheet, g.name.text))) return false;
  let reported = false;
  for (const q of required) {
    const names = new Set(q.names.map(looseName));
    if (groups.some((g) => names.has(looseName(g.name.text)))) continue;
    const need = q.min === 1 ? '1' : `at least ${q.min}`;
    ctx.report(r.unit.name.span, 'model-count', `${r.sheet.name} has no ${q.model}: its datasheet requires ${need} (unit composition).`, { data: { required: q.model } });
    reported = true;
  }
  return reported;
}

function checkWargear(ctx: CheckContext, r: ResolvedUnit): void {
  const known = wargearVocabulary(r.sheet);
  const refs: WargearRef[] = [...r.unit.models.flatMap((g) => g.wargear), ...(r.unit.wargear ?? [])];
  const own = unitWords(r.sheet);
  for (const w of refs) {
    if (isKnownWargear(w.name.text, known)) continue;
    // Exporters prefix weapons with the model's name ("Jakhal chainblades", "Berserker chainblade").
    const bare = w.name.text.split(/\s+/).filter((word) => !own.has(spellingKey(word))).join(' ');
    if (bare && bare !== w.name.text && isKnownWargear(bare, known)) continue;
    // Some exports list the enhancement among the wargear.
    if (ctx.rules.enhancement(w.name.text)) continue;
    // An option the data gives no profile of (a T'au drone) carries its own weapon, which exports name
    // (the gun drone's twin pulse carbine): a weapon of the faction's data cannot be settled as foreign there.
    if (known.profileless.length && factionWeapons(ctx, r.sheet).has(looseName(w.name.text))) continue;
    const suggestions = suggestionsFor(known, w.name.text);
    const hint = suggestions.length ? ` Closest: ${suggestions.map((s) => `"${s}"`).join(', ')}.` : '';
    ctx.report(w.name.span, 'unknown-wargear', `"${w.name.text}" is not a weapon or wargear of the ${r.sheet.name} datasheet.${hint}`, { data: { suggestions } });
  }
}

interface Vocabulary {
  /** Weapon, profile and ability names, for suggestions. */
  names: string[];
  loose: Set<string>;
  /** Default loadout and wargear option text, loosely normalised, where wargear without a profile is named. */
  text: string;
  suggestions: Map<string, string[]>;
  /** Items the wargear options name that have no weapon profile or ability on the datasheet ("1 gun drone"). */
  profileless: string[];
}

const vocabularies = new WeakMap<Datasheet, Vocabulary>();

function wargearVocabulary(sheet: Datasheet): Vocabulary {
  const hit = vocabularies.get(sheet);
  if (hit) return hit;
  // Weapons, abilities and wargear entries without a profile of their own ("Gun Drone").
  const names = [...new Set([...sheet.weapons.flatMap((w) => [w.name, ...w.profiles.map((p) => p.name)]), ...sheet.abilities.map((a) => a.name), ...(sheet.wargearNames ?? [])])];
  const text = [sheet.defaultLoadout ?? '', ...(sheet.wargearOptions ?? [])].map(squash).join('|');
  const loose = new Set(names.map(looseName));
  const profileless = (sheet.wargearOptions ?? []).flatMap((o) => [...o.matchAll(OPTION_ITEM)].map((m) => m[1].trim()))
    .filter((item) => !isKnownName(item, loose));
  const v = { names, loose, text, suggestions: new Map<string, string[]>(), profileless };
  vocabularies.set(sheet, v);
  return v;
}

/** Closest names per datasheet vocabulary: the same unknown item recurs on every keystroke's validation. */
function suggestionsFor(v: Vocabulary, name: string): string[] {
  let hit = v.suggestions.get(name);
  if (!hit) {
    if (v.suggestions.size > 256) v.suggestions.clear();
    v.suggestions.set(name, (hit = closestNames(name, v.names)));
  }
  return hit;
}

/** The words of a datasheet's and its models' names (`spellingKey`), which exporters put before weapon names. */
function unitWords(sheet: Datasheet): Set<string> {
  return new Set([sheet.name, ...sheet.models.map((m) => m.name)].flatMap((n) => spellingKey(n).split(' ')).filter((w) => w.length >= 4));
}

const squash = (s: string) => normalizeName(s).replace(/[^a-z0-9]/g, '');

function isKnownWargear(name: string, v: Vocabulary): boolean {
  const l = looseName(name);
  // "Twin heavy stubber" vs profile "Twin heavy stubber"; "Cult Icon" named only in the options text.
  return isKnownName(name, v.loose) || (l.length >= 4 && v.text.includes(l));
}

function isKnownName(name: string, loose: Set<string>): boolean {
  const l = looseName(name);
  if (loose.has(l)) return true;
  // A multi-profile weapon written with its mode ("Seismic cannon – frag").
  if ([...loose].some((k) => k.length >= 4 && (l.startsWith(k) || k.startsWith(l)))) return true;
  // One letter more or less in a long name: the data's own misspellings and the exporters' ("Chirugeon's tools" in
  // the data, "Chirurgeon's tools" written). Tight: names of at least 8 letters, one letter dropped or added, never
  // one changed ("Mining lazer" stays a typo to report).
  return l.length >= 8 && [...loose].some((k) => k.length >= 8 && Math.abs(k.length - l.length) === 1 && editDistance(l, k, 1) <= 1);
}

/** An item an option gives: "... equipped with 1 gun drone", "... up to 2 missile drones", "- 1 marker drone". */
const OPTION_ITEM = /(?:^- |\bwith (?:up to )?)\d+ ([^.,:;\n]+)/gm;

const factionWeaponSets = new WeakMap<Datasheet[], Map<string, Set<string>>>();

/** Loose names of every weapon of the datasheets sharing this datasheet's faction keywords. */
function factionWeapons(ctx: CheckContext, sheet: Datasheet): Set<string> {
  const all = ctx.rules.data.datasheets;
  let byKey = factionWeaponSets.get(all);
  if (!byKey) factionWeaponSets.set(all, (byKey = new Map()));
  const key = sheet.factionKeywords.join('|');
  let set = byKey.get(key);
  if (!set) {
    set = new Set<string>();
    for (const d of all) {
      if (!d.factionKeywords.some((k) => sheet.factionKeywords.includes(k))) continue;
      for (const w of d.weapons) set.add(looseName(w.name));
    }
    byKey.set(key, set);
  }
  return set;
}

function orList(xs: number[]): string {
  const s = xs.map(String);
  return s.length <= 1 ? s.join('') : `${s.slice(0, -1).join(', ')} or ${s[s.length - 1]}`;
}
