// What a unit's models fire: its model groups with the weapons their wargear resolves to (the lenses, the breakdown
// and the matchup read it through the resolved list, `ResolvedList.loadout`).
import type { Unit } from '../../domain/parse/ast';
import type { Datasheet, Weapon } from '../../domain/rules/model';
import { resolveWeapon } from '../../domain/rules/wargearNames';
import type { LoadoutGroup } from '../../domain/damage/fromRules';

/**
 * The unit's models grouped by identical wargear, from its bullets. Wargear
 * counts are totals for a model group: items every model of the group carries
 * form one group (so a Pistol-or-other-weapons choice is made per model), the
 * rest are fired by as many models as their count says.
 */
export function loadoutGroups(unit: Unit, sheet: Datasheet): LoadoutGroup[] {
  const groups: LoadoutGroup[] = [];
  for (const group of unit.models) {
    const shared: Weapon[] = [];
    for (const item of group.wargear) {
      // The exporters' spellings read as the checks read them ("Chirurgeon’s tools" for the data's "Chirugeon's tools").
      const weapon = resolveWeapon(sheet, item.name.text);
      if (!weapon || item.count <= 0) continue;
      if (item.count === group.count) shared.push(weapon);
      else groups.push({ models: item.count, weapons: [weapon], label: group.name.text });
    }
    if (shared.length) groups.push({ models: group.count, weapons: shared, label: group.name.text });
  }
  return groups;
}
