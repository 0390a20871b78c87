// What the rules data tells about a parsed list's items that the text alone cannot. Exporters write tokens among a
// unit's wargear that are no wargear: an enhancement as a plain token (New Recruit's simple export: "Daemon Prince
// of Khorne [215 pts]: Warlord, Favoured of Khorne, ..."), its selection as "<enhancement> upgrade" (the T'au
// Crisis commanders' weapon upgrades), a unit's own name ("6 with Pathfinder Team, Close combat weapon, ..."),
// a keyword the list selects for the unit by its detachment ("Houndpack Lance Character", New Recruit's allegiance
// selection; "Mark of Slaanesh", a Mark of Chaos a detachment's rule has the list choose).
// They also cut one weapon name the data writes with a comma in two ("Bone cleaver, lash whip and rending
// claws"), and WTC exports run two tokens together ("Plasma Accelerator Rifle upgradeBattlesuit fists"). A model
// line with no wargear under it ("• 3x Spore Mine") reads as wargear by its shape. The checks see the list as read
// with the data; the parse is untouched.
import type { ArmyList, ModelGroup, Token, Unit, WargearRef } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet, Detachment } from '../../domain/rules/model';
import { detachmentGrants } from '../../domain/rules/detachmentGrants';
import { isKnownWargear, UPGRADE_TOKEN } from '../../domain/rules/wargearNames';
import { normalizeName, spellingKey } from '../../domain/text/normalize';
import { looseName, sameFaction } from '../diagnostics/names';
import { namesModel, namesWargear } from '../../domain/rules/parts';

/** `sheets`: each unit's datasheet (parallel to `list.units`), as the resolution found it. */
export function readWithData(list: ArmyList, rules: RulesIndex, faction: string | undefined, sheets: readonly (Datasheet | undefined)[], detachments: readonly (Detachment | undefined)[] = []): ArmyList {
  let changed = false;
  const chosen = { tokens: list.detachments, resolved: detachments.filter((d): d is Detachment => !!d) };
  const units = list.units.map((unit, i) => {
    const sheet = sheets[i];
    if (!sheet) return unit;
    const read = readUnit(unit, sheet, rules, faction, chosen);
    if (read !== unit) changed = true;
    return read;
  });
  if (!changed) return list;
  const swap = new Map(list.units.map((u, i) => [u, units[i]]));
  return { ...list, units, sections: list.sections.map((s) => ({ ...s, units: s.units.map((u) => swap.get(u) ?? u) })) };
}

/** The list's detachments as written and as the data resolves them. */
export interface ChosenDetachments {
  tokens: readonly Token[];
  resolved: readonly Detachment[];
}

/**
 * The keyword a token selects for a unit with these (upper-case) keywords, by the list's detachments: New Recruit's
 * "<detachment> <keyword>" selection ("Houndpack Lance Character"), or one of the keywords a detachment's rule has
 * the list choose for such a unit ("Mark of Slaanesh", "Mark of Chaos: Slaanesh" for Pactbound Zealots' Marks of
 * Chaos). Undefined for anything else.
 */
export function keywordSelection(text: string, unitKeywords: ReadonlySet<string>, chosen: ChosenDetachments): string | undefined {
  const t = normalizeName(text);
  for (const d of chosen.tokens) {
    const name = normalizeName(d.text.replace(/\s+detachment\s*$/i, ''));
    if (name && t.startsWith(`${name} `)) {
      const rest = text.slice(name.length).trim();
      if (/^[\p{L} -]+$/u.test(rest)) return rest.toUpperCase();
    }
  }
  const words = ` ${t.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}`;
  for (const d of chosen.resolved) {
    for (const c of detachmentGrants(d).choices) {
      if (!c.to.some((k) => unitKeywords.has(k))) continue;
      const hit = c.options.find((o) => words.endsWith(` ${normalizeName(o)}`));
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * A unit whose every bullet names one of its models, by the data's entry types (not its wargear, not a weapon):
 * model lines with no wargear under them, which the app writes for models that carry nothing ("• 3x Spore Mine",
 * "• 10x Blood Claws" where the data gives no weapon) and the text alone reads as wargear. Those are its model groups.
 */
function modelLines(unit: Unit, sheet: Datasheet): Unit {
  if (unit.models.some((g) => !g.implicit)) return unit;
  const refs = unit.models.find((g) => g.implicit)?.wargear ?? [];
  const weapon = (w: WargearRef) => sheet.weapons.some((x) => looseName(x.name) === looseName(w.name.text));
  // Data that knows the unit only by its points (the MFM's): the unit's own name counted is its models.
  const pointsOnly = !sheet.models.length && !sheet.composition.length && !sheet.modelNames?.length;
  const own = (w: WargearRef) => pointsOnly && [sheet.name, unit.name.text].some((n) => looseName(n) === looseName(w.name.text));
  const isModel = (w: WargearRef) => own(w) || (namesModel(sheet, w.name.text) && !namesWargear(sheet, w.name.text) && !weapon(w));
  if (!refs.length || unit.wargear?.length || !refs.every(isModel)) return unit;
  return { ...unit, models: refs.map((w) => ({ count: w.count, name: w.name, span: w.span, wargear: [], implicit: false })) };
}

function readUnit(parsed: Unit, sheet: Datasheet, rules: RulesIndex, faction: string | undefined, chosen: ChosenDetachments): Unit {
  const unit = modelLines(parsed, sheet);
  const sheetKeywords = new Set([...sheet.factionKeywords, ...sheet.keywords].map((k) => k.toUpperCase()));
  const own = new Set([sheet.name, unit.name.text].map(looseName));
  const known = new Set([...sheet.weapons.map((w) => w.name), ...sheet.abilities.map((a) => a.name)].map(looseName));
  const weaponKeys = new Set(sheet.weapons.flatMap((w) => [w.name, ...w.profiles.map((p) => p.name)]).map(looseName));
  const ofFaction = faction ? sameFaction(rules, faction) : () => true;
  const enhancementOf = (name: string) => rules.enhancementsNamed(name).find((e) => ofFaction(e.faction));
  const enhancements = [...unit.enhancements];
  const notes = [...unit.notes];
  const hasEnhancement = (name: string) => enhancements.some((e) => looseName(e.name.text) === looseName(name));
  const isItem = (name: string) => isKnownWargear(sheet, name) || !!enhancementOf(name) || !!upgradeOf(name);
  const upgradeOf = (name: string) => {
    const m = UPGRADE_TOKEN.exec(name.trim());
    return m ? enhancementOf(m[1]) : undefined;
  };
  /** What one token is: kept as wargear (returned), or moved to the unit's enhancements or notes (dropped). */
  const keep = (w: WargearRef): boolean => {
    const key = looseName(w.name.text);
    if (own.has(key)) return false;
    if (known.has(key)) return true;
    // "Fusion Blades upgrade": the selection of an enhancement, which the unit has (or now has).
    const upgrade = upgradeOf(w.name.text);
    if (upgrade) {
      if (!hasEnhancement(upgrade.name)) enhancements.push({ name: { text: upgrade.name, span: w.name.span }, span: w.span });
      return false;
    }
    if (w.count === 1 && keywordSelection(w.name.text, sheetKeywords, chosen) && !isKnownWargear(sheet, w.name.text)) {
      notes.push(w.name);
      return false;
    }
    if (w.count !== 1 || hasEnhancement(w.name.text)) return true;
    const enh = enhancementOf(w.name.text);
    if (!enh) return true;
    enhancements.push({ name: w.name, span: w.span });
    return false;
  };
  let changed = false;
  const read = (ws: WargearRef[]): WargearRef[] => {
    const out = rejoinCommas(splitRunTogether(ws, isItem), weaponKeys).filter(keep);
    if (out.length !== ws.length || out.some((w, i) => w !== ws[i])) changed = true;
    return out;
  };
  let models: ModelGroup[] = unit.models.map((g) => {
    const wargear = read(g.wargear);
    return wargear.length === g.wargear.length && wargear.every((w, i) => w === g.wargear[i]) ? g : { ...g, wargear };
  });
  let wargear = unit.wargear && read(unit.wargear);
  if (wargear?.length && unitLineModel(unit, sheet, models)) {
    models = [{ count: 1, name: unit.name, span: { start: unit.name.span.start, end: wargear![wargear!.length - 1].span.end }, wargear: wargear!, implicit: false }, ...models];
    wargear = undefined;
    changed = true;
  }
  if (!changed) return unit;
  const out: Unit = { ...unit, enhancements, notes, models };
  if (wargear) out.wargear = wargear;
  else delete out.wargear;
  return out;
}

/** A model name's base: a variant's "w/ ..." or "with ..." and a bracketed qualifier left out. */
const baseModelName = (name: string) => spellingKey(name.replace(/\s*[([][^()[\]]*[)\]]\s*$/, '').replace(/\s+(?:w\/|with\b).*$/i, ''));

/**
 * New Recruit's and BattleScribe's texts print a model named as its unit on the unit line ("Dark Apostle [90 pts]:
 * Accursed crozius, Bolt pistol" above "• 2x Dark Disciple"): when the datasheet has a model of the unit's name that
 * no model bullet names while the bullets name its other models, the unit line is that one model.
 */
function unitLineModel(unit: Unit, sheet: Datasheet, groups: ModelGroup[]): boolean {
  const named = groups.filter((g) => !g.implicit);
  if (!named.length) return false;
  const key = baseModelName(unit.name.text);
  const entries = sheet.composition.length ? sheet.composition.map((c) => ({ model: c.model, min: c.min })) : [];
  const own = entries.find((c) => baseModelName(c.model) === key && c.min >= 1);
  if (!own) return false;
  const others = entries.filter((c) => c !== own).map((c) => baseModelName(c.model));
  return named.every((g) => baseModelName(g.name.text) !== key && others.includes(baseModelName(g.name.text)));
}

/**
 * Two tokens an exporter ran together ("Plasma Accelerator Rifle upgradeBattlesuit fists"): split where a
 * lower-case letter meets an upper-case one, when the whole is no item of the unit and every piece is.
 */
function splitRunTogether(ws: WargearRef[], isItem: (name: string) => boolean): WargearRef[] {
  return ws.flatMap((w) => {
    const text = w.name.text;
    if (!/\p{Ll}\p{Lu}/u.test(text) || isItem(text)) return [w];
    const cuts = [...text.matchAll(/\p{Ll}(?=\p{Lu})/gu)].map((m) => m.index! + 1);
    const pieces: { text: string; at: number }[] = [];
    let from = 0;
    for (const c of [...cuts, text.length]) {
      pieces.push({ text: text.slice(from, c).trim(), at: from });
      from = c;
    }
    if (!pieces.every((p) => p.text && isItem(p.text))) return [w];
    const base = w.name.span.start;
    return pieces.map((p) => {
      const name = { text: p.text, span: { start: base + p.at, end: base + p.at + p.text.length } };
      return { count: w.count, name, span: name.span };
    });
  });
}

/**
 * A weapon name the data writes with a comma ("Bone cleaver, lash whip and rending claws"), which the parse cut at
 * the comma: adjacent tokens whose join is one weapon of the datasheet become that one token again.
 */
function rejoinCommas(ws: WargearRef[], weapons: Set<string>): WargearRef[] {
  const out: WargearRef[] = [];
  for (let i = 0; i < ws.length; i++) {
    const a = ws[i];
    const b = ws[i + 1];
    if (b && b.name.span.start > a.name.span.end && b.name.span.start - a.name.span.end <= 3 && weapons.has(looseName(`${a.name.text}, ${b.name.text}`))) {
      const name = { text: `${a.name.text}, ${b.name.text}`, span: { start: a.name.span.start, end: b.name.span.end } };
      out.push({ count: a.count, name, span: { start: a.span.start, end: b.span.end } });
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}
