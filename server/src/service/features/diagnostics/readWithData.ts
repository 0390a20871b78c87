// What the rules data tells about a parsed list's items that the text alone cannot: New Recruit's simple
// export writes an enhancement as a plain wargear token ("Daemon Prince of Khorne [215 pts]: Warlord,
// Favoured of Khorne, ..."), and its exports repeat a unit's own name among its wargear ("6 with Pathfinder
// Team, Close combat weapon, ..."); a model line with no wargear under it ("• 3x Spore Mine") reads as wargear by
// its shape. The checks see the list as read with the data; the parse is untouched.
import type { ArmyList, ModelGroup, Unit, WargearRef } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet } from '../../domain/rules/model';
import { looseName, sameFaction } from './names';
import { namesModel, namesWargear } from '../../domain/rules/parts';

export function readWithData(list: ArmyList, rules: RulesIndex, faction: string | undefined): ArmyList {
  let changed = false;
  const units = list.units.map((unit) => {
    const sheet = rules.datasheet(unit.name.text, faction);
    if (!sheet) return unit;
    const read = readUnit(unit, sheet, rules, faction);
    if (read !== unit) changed = true;
    return read;
  });
  if (!changed) return list;
  const swap = new Map(list.units.map((u, i) => [u, units[i]]));
  return { ...list, units, sections: list.sections.map((s) => ({ ...s, units: s.units.map((u) => swap.get(u) ?? u) })) };
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

function readUnit(parsed: Unit, sheet: Datasheet, rules: RulesIndex, faction: string | undefined): Unit {
  const unit = modelLines(parsed, sheet);
  const own = new Set([sheet.name, unit.name.text].map(looseName));
  const known = new Set([...sheet.weapons.map((w) => w.name), ...sheet.abilities.map((a) => a.name)].map(looseName));
  const ofFaction = faction ? sameFaction(rules, faction) : () => true;
  const enhancements = [...unit.enhancements];
  const keep = (w: WargearRef): boolean => {
    const key = looseName(w.name.text);
    if (own.has(key)) return false;
    if (w.count !== 1 || known.has(key) || enhancements.some((e) => looseName(e.name.text) === key)) return true;
    const enh = rules.enhancementsNamed(w.name.text).find((e) => ofFaction(e.faction));
    if (!enh) return true;
    enhancements.push({ name: w.name, span: w.span });
    return false;
  };
  let changed = false;
  const filter = (ws: WargearRef[]): WargearRef[] => {
    const out = ws.filter(keep);
    if (out.length !== ws.length) changed = true;
    return out;
  };
  const models: ModelGroup[] = unit.models.map((g) => {
    const wargear = filter(g.wargear);
    return wargear.length === g.wargear.length ? g : { ...g, wargear };
  });
  const wargear = unit.wargear && filter(unit.wargear);
  if (!changed) return unit;
  return { ...unit, enhancements, models, ...(wargear ? { wargear } : {}) };
}
