// A list unit as an attacker together with the units attached to it: a Leader (or Support unit) and its Bodyguard
// attack as one unit, so the matchup's rows and their breakdowns fire every model's weapons at once. The
// attachments are the list's own (the Attached Units block, `Leading:` lines: `targetUnit.ts` reads them).
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import type { LoadoutGroup } from '../domain/damage/fromRules';
import { attachedTo, bodyguardOf, unitPoints } from '../domain/damage/targetUnit';
import { loadoutGroups } from './codeLens';

export interface AttackingUnit {
  /** Index in `list.units` of the Bodyguard (or of the unit alone). */
  index: number;
  /** "Khorne Berzerkers + Khârn the Betrayer" (as the unit is named as a target). */
  name: string;
  /** The list units whose datasheets are known, Bodyguard first. */
  units: Unit[];
  /** Every model group's weapons, the Bodyguard's first. */
  groups: LoadoutGroup[];
  /** The Bodyguard's datasheet (the attacker's keywords and stratagems), else the first known one. */
  sheet: Datasheet;
  points: number;
}

/**
 * `unit` with the units attached to it, as one attacker; null when `unit` is itself attached to another (it attacks
 * with that one) or no datasheet of them is known. `together: false`: the unit alone (a lens, a plain breakdown).
 */
export function attackingUnit(list: ArmyList, unit: Unit, rules: RulesIndex, together = true): AttackingUnit | null {
  if (together && bodyguardOf(list, unit)) return null;
  const faction = list.faction?.text;
  const parts = [unit, ...(together ? attachedTo(list, unit) : [])]
    .map((u) => ({ u, ds: rules.datasheet(u.name.text, faction) }))
    .filter((p): p is { u: Unit; ds: Datasheet } => !!p.ds);
  if (!parts.length) return null;
  return {
    index: list.units.indexOf(unit),
    name: parts.map((p) => p.u.name.text).join(' + '),
    units: parts.map((p) => p.u),
    groups: parts.flatMap((p) => loadoutGroups(p.u, p.ds)),
    sheet: parts[0].ds,
    points: parts.reduce((s, p) => s + unitPoints(p.u, p.ds), 0),
  };
}
