// What the rules data tells about a parsed list's items that the text alone cannot: New Recruit's simple
// export writes an enhancement as a plain wargear token ("Daemon Prince of Khorne [215 pts]: Warlord,
// Favoured of Khorne, ..."), and its exports repeat a unit's own name among its wargear ("6 with Pathfinder
// Team, Close combat weapon, ..."). The checks see the list as read with the data; the parse is untouched.
import type { ArmyList, ModelGroup, Unit, WargearRef } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet } from '../../domain/rules/model';
import { looseName, sameFaction } from './names';

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

function readUnit(unit: Unit, sheet: Datasheet, rules: RulesIndex, faction: string | undefined): Unit {
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
