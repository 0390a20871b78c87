// Code lens: the expected damage of each unit with weapons, computed exactly
// from the wargear its bullets list, against a default target profile.
import type { CodeLens } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from './parse/ast';
import type { RulesIndex } from './rules';
import type { Datasheet, Weapon } from './rules/model';
import { normalizeName } from './text/normalize';
import { toRange } from './diagnostics/make';
import type { ScenarioTarget } from './damage/engine';
import { computeUnitDamage, LoadoutGroup, UnitDamageInput, UnitDamageResult } from './damage/fromRules';

export interface NamedTarget {
  label: string;
  target: ScenarioTarget;
}

/** Five Space Marine-like models: the target players compare units against most often. */
export const DEFAULT_TARGET: NamedTarget = { label: 'T4 3+ W2 ×5', target: { models: 5, T: 4, Sv: 3, W: 2 } };

export type UnitDamageFn = (input: UnitDamageInput) => UnitDamageResult;

export function codeLenses(
  doc: TextDocument,
  list: ArmyList,
  rules: RulesIndex,
  damage: UnitDamageFn = computeUnitDamage,
  target: NamedTarget = DEFAULT_TARGET,
): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const unit of list.units) {
    const sheet = rules.datasheet(unit.name.text, list.faction?.text);
    if (!sheet) continue;
    const groups = loadoutGroups(unit, sheet);
    if (groups.length === 0) continue;
    const parts: string[] = [];
    for (const phase of ['shooting', 'fight'] as const) {
      const type = phase === 'shooting' ? 'ranged' : 'melee';
      if (!groups.some((g) => g.weapons.some((w) => w.profiles.some((p) => p.type === type)))) continue;
      const r = damage({ groups, keywords: sheet.keywords, target: target.target, context: { phase } });
      const label = phase === 'shooting' ? 'Shooting' : 'Fight';
      parts.push(`${label} ${fmt(r.damage)} dmg, ${fmt(r.modelsSlain)} slain`);
    }
    if (parts.length === 0) continue;
    const range = toRange(doc, unit.name.span);
    lenses.push({
      range,
      // No command id yet: the lens is information, rendered as plain text.
      command: { title: `⚔ expected damage vs ${target.label}: ${parts.join(' · ')}`, command: '' },
    });
  }
  return lenses;
}

const fmt = (x: number) => (Math.round(x * 100) / 100).toFixed(2);

/**
 * The unit's models grouped by identical wargear, from its bullets. Wargear
 * counts are totals for a model group: items every model of the group carries
 * form one group (so a Pistol-or-other-weapons choice is made per model), the
 * rest are fired by as many models as their count says.
 */
export function loadoutGroups(unit: Unit, sheet: Datasheet): LoadoutGroup[] {
  const byName = new Map(sheet.weapons.map((w) => [normalizeName(w.name), w] as const));
  const groups: LoadoutGroup[] = [];
  for (const group of unit.models) {
    const shared: Weapon[] = [];
    for (const item of group.wargear) {
      const weapon = byName.get(normalizeName(item.name.text));
      if (!weapon || item.count <= 0) continue;
      if (item.count === group.count) shared.push(weapon);
      else groups.push({ models: item.count, weapons: [weapon], label: group.name.text });
    }
    if (shared.length) groups.push({ models: group.count, weapons: shared, label: group.name.text });
  }
  return groups;
}
