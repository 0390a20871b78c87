// Unit size and composition: the model count against the datasheet's points
// steps (or its composition when the data has no points), each model type
// against its min/max, the models the datasheet requires, and wargear that
// names nothing on the datasheet. Which bullets are models and which wargear
// is the data's entry types (`modelGroups`), never the bullet's shape.
import type { ModelGroup, WargearRef } from '../../domain/parse/ast';
import type { CompositionEntry, Datasheet } from '../../domain/rules/model';
import { closestNames } from '../../domain/text/fuzzy';
import { isKnownWargear, wargearVocabulary } from '../../domain/rules/wargearNames';
import { unitModelCount } from './unitPoints';
import { CheckContext, looseName, modelGroups, namesModel, plural, ResolvedUnit } from './context';
import { modelNameKeys } from '../../domain/rules/parts';
import { datasheetRule } from './ruleRefs';

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
    ctx.report(span, 'unit-size', `${sheet.name} cannot have ${plural(size, 'model')}: its datasheet allows ${orList(sizes)}.`, { rule: datasheetRule(ctx.edition.edition, sheet, 'unit composition') });
    return;
  }
  if (sheet.composition.length === 0) return;
  const min = sheet.composition.reduce((n, c) => n + c.min, 0);
  const max = sheet.composition.reduce((n, c) => n + c.max, 0);
  if (size < min || size > max) {
    ctx.report(span, 'unit-size', `${sheet.name} cannot have ${plural(size, 'model')}: its datasheet allows ${min === max ? min : `${min} to ${max}`}.`, { rule: datasheetRule(ctx.edition.edition, sheet, 'unit composition') });
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
    ctx.report(gs[0].name.span, 'model-count', `${plural(n, entry.model)} in ${r.sheet.name}: its datasheet allows ${allowed}.`, { rule: datasheetRule(ctx.edition.edition, r.sheet, 'unit composition') });
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
    const names = new Set(q.names.flatMap(modelNameKeys));
    if (groups.some((g) => names.has(looseName(g.name.text)))) continue;
    const need = q.min === 1 ? '1' : `at least ${q.min}`;
    ctx.report(r.unit.name.span, 'model-count', `${r.sheet.name} has no ${q.model}: its datasheet requires ${need}.`, { data: { required: q.model }, rule: datasheetRule(ctx.edition.edition, r.sheet, 'unit composition') });
    reported = true;
  }
  return reported;
}

function checkWargear(ctx: CheckContext, r: ResolvedUnit): void {
  // A datasheet the data gives no weapon at all cannot settle what the unit carries (the data lacks them).
  if (!r.sheet.weapons.length) return;
  const refs: WargearRef[] = [...r.unit.models.flatMap((g) => g.wargear), ...(r.unit.wargear ?? [])];
  // An option the data gives no profile of (a T'au drone) carries its own weapon, which exports name
  // (the gun drone's twin pulse carbine): a weapon of the faction's data cannot be settled as foreign there.
  const ofFaction = (name: string) => factionWeapons(ctx, r.sheet).has(looseName(name));
  for (const w of refs) {
    if (isKnownWargear(r.sheet, w.name.text, ofFaction)) continue;
    // Some exports list the enhancement among the wargear.
    if (ctx.rules.enhancement(w.name.text)) continue;
    if (wargearVocabulary(r.sheet).profileless.length && ofFaction(w.name.text)) continue;
    const suggestions = suggestionsFor(r.sheet, w.name.text);
    const hint = suggestions.length ? ` Closest: ${suggestions.map((s) => `"${s}"`).join(', ')}.` : '';
    ctx.report(w.name.span, 'unknown-wargear', `"${w.name.text}" is not a weapon or wargear of the ${r.sheet.name} datasheet.${hint}`, { data: { suggestions }, rule: datasheetRule(ctx.edition.edition, r.sheet, 'wargear options') });
  }
}

const suggestionCache = new WeakMap<Datasheet, Map<string, string[]>>();

/** Closest names per datasheet vocabulary: the same unknown item recurs on every keystroke's validation. */
function suggestionsFor(sheet: Datasheet, name: string): string[] {
  let byName = suggestionCache.get(sheet);
  if (!byName) suggestionCache.set(sheet, (byName = new Map()));
  let hit = byName.get(name);
  if (!hit) {
    if (byName.size > 256) byName.clear();
    byName.set(name, (hit = closestNames(name, wargearVocabulary(sheet).names)));
  }
  return hit;
}

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
