// A unit's size and its price in the data: the model count as the list states it (bullets the data makes wargear not
// counted) and the data's points for that size, enhancements included. The checks, the report, inlay hints and
// Set Size all read these; their own module so that no check imports the validator that runs it.
import type { Unit } from '../../domain/parse/ast';
import type { Datasheet, PointsStep } from '../../domain/rules/model';
import { spellingKey } from '../../domain/text/normalize';
import { modelGroups } from '../../domain/rules/parts';

/** The unit's models as written; with its datasheet, bullets the data makes wargear ("2x Bomb Squig") are not counted. */
export function unitModelCount(unit: Unit, sheet?: Datasheet): number {
  const counted = modelGroups(unit, sheet).reduce((n, m) => n + m.count, 0);
  if (counted > 0) return counted;
  return unit.statedModelCount?.value ?? 1;
}

/**
 * A price naming its models ("3 Wolf Guard Headtakers and 3 Hunting Wolves") fits a unit whose model groups
 * count so; a unit without model groups, or a price naming none, fits any.
 */
function partsMatch(step: PointsStep, unit: Unit): boolean {
  const groups = unit.models.filter((m) => !m.implicit);
  if (!step.parts || groups.length === 0) return true;
  const key = (n: string) => spellingKey(n).replace(/s$/, '');
  return step.parts.every((p) => groups.filter((g) => key(g.name.text) === key(p.model)).reduce((n, g) => n + g.count, 0) === p.count);
}

/** Points the data gives for this unit at its size, enhancements included; undefined when the data has none. */
export function expectedUnitPoints(unit: Unit, sheet: Datasheet, enhancementPoints: (name: string) => number | undefined = () => undefined, ally?: boolean): number | undefined {
  if (sheet.points.length === 0) return undefined;
  const size = unitModelCount(unit, sheet);
  const steps = sheet.points.filter((p) => p.models === size);
  // Two prices for a size: the ally's (Assigned Agent) for a unit taken into another faction's army.
  const asAlly = ally ?? (!!unit.section && /\ball(?:ied|ies|y)\b/i.test(unit.section));
  const step = steps.find((p) => p.as === (asAlly ? 'ally' : 'own')) ?? steps.find((p) => !p.as && partsMatch(p, unit)) ?? steps.find((p) => !p.as) ?? steps[0];
  if (!step) return undefined;
  let total = step.points;
  for (const e of unit.enhancements) {
    const pts = enhancementPoints(e.name.text) ?? e.points;
    if (pts === undefined) return undefined;
    total += pts;
  }
  return total;
}
