// A list unit as an attacker together with the units attached to it: a Leader (or Support unit) and its Bodyguard
// attack as one unit, so the lens on a Bodyguard's line, the matchup's rows and their breakdowns fire every model's
// weapons at once. The attachments are the list's own (the Attached Units block, `Leading:` lines: `targetUnit.ts`
// reads them).
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import type { LoadoutGroup } from '../domain/damage/fromRules';
import { attachedTo, bodyguardOf, unitPoints } from '../domain/damage/targetUnit';
import { resolveList } from './resolve/resolvedList';

/** One list unit of an attacking unit, with its role in it. */
export interface AttackingPart {
  unit: Unit;
  ds: Datasheet;
  role: 'bodyguard' | 'leader' | 'support';
  groups: LoadoutGroup[];
}

export interface AttackingUnit {
  /** Index in `list.units` of the Bodyguard (or of the unit alone). */
  index: number;
  /** "Khorne Berzerkers + Khârn the Betrayer" (as the unit is named as a target). */
  name: string;
  /** The list units whose datasheets are known, Bodyguard first. */
  units: Unit[];
  /** The same units with their datasheets, roles and model groups. */
  parts: AttackingPart[];
  /** Every model group's weapons, the Bodyguard's first. */
  groups: LoadoutGroup[];
  /** The Bodyguard's datasheet (the attacker's keywords and stratagems), else the first known one. */
  sheet: Datasheet;
  points: number;
}

/**
 * `unit` with the units attached to it, as one attacker; null when `unit` is itself attached to another (it attacks
 * with that one) or no datasheet of them is known. `together: false`: the unit alone.
 */
export function attackingUnit(list: ArmyList, unit: Unit, rules: RulesIndex, together = true): AttackingUnit | null {
  if (together && bodyguardOf(list, unit)) return null;
  const resolved = resolveList(list, rules);
  const supports = new Set((list.attachments ?? []).flatMap((a) => a.supports));
  const parts: AttackingPart[] = [];
  for (const [i, u] of [unit, ...(together ? attachedTo(list, unit) : [])].entries()) {
    const ds = resolved.sheetOf(u);
    if (ds) parts.push({ unit: u, ds, role: i === 0 ? 'bodyguard' : supports.has(u) ? 'support' : 'leader', groups: resolved.loadout(u) });
  }
  if (!parts.length) return null;
  return {
    index: list.units.indexOf(unit),
    name: parts.map((p) => p.unit.name.text).join(' + '),
    units: parts.map((p) => p.unit),
    parts,
    groups: parts.flatMap((p) => p.groups),
    sheet: parts[0].ds,
    points: parts.reduce((s, p) => s + unitPoints(p.unit, p.ds), 0),
  };
}
