// The army's points at the data's prices, against the list's stated total and the battle size's limit, in every
// edition: each unit at the data's price for its size (11th edition: each copy at its requisition tier, wargear
// costs included), enhancements included; a unit the data cannot price counted at its stated points, and the
// message says how many did. The event report's computed total is the same sum (`pricedTotal`).
import type { Unit } from '../../domain/parse/ast';
import { CheckContext, plural } from './context';
import type { ResolvedList } from '../resolve/resolvedList';
export { tierFor, tieredGroups, unitExtras } from '../resolve/prices';

/** The sum of the units' stated points, when every unit states them. */
export function statedUnitPoints(units: Unit[]): number | undefined {
  if (units.length === 0 || units.some((u) => !u.points)) return undefined;
  return units.reduce((n, u) => n + (u.points?.value ?? 0), 0);
}

/** The army's points: each unit at the data's price, a unit the data cannot price at its stated points. */
interface ArmyPoints {
  sum: number;
  /** Units the data prices. */
  priced: number;
  /** Units counted at their stated points: the data cannot price them (no datasheet, no price at their size). */
  byStated: Unit[];
  /** Units neither the data nor the list prices (left out of `sum`, which is then a lower bound). */
  unpriced: Unit[];
}

function armyPoints(ctx: ResolvedList): ArmyPoints {
  const out: ArmyPoints = { sum: 0, priced: 0, byStated: [], unpriced: [] };
  const fallback = (u: Unit) => {
    if (u.points) {
      out.sum += u.points.value;
      out.byStated.push(u);
    } else out.unpriced.push(u);
  };
  // Each unit at the data's price (`resolve/prices.ts`, the resolution's), else its stated points.
  for (const u of ctx.list.units) {
    const price = ctx.price(u);
    if (price === undefined) fallback(u);
    else {
      out.sum += price;
      out.priced++;
    }
  }
  return out;
}

/**
 * The stated total against the army's points, and the army's points against the battle size's limit. A unit the
 * data cannot price never hides them: it counts at its stated points, and the message says how many did.
 */
export function checkTotal(ctx: CheckContext): void {
  const stated = ctx.list.statedPoints;
  const army = armyPoints(ctx);
  const n = army.byStated.length + army.unpriced.length;
  const how = n ? `; ${plural(n, 'unit')} the rules data cannot price ${army.unpriced.length ? (army.byStated.length ? `(${army.byStated.length} counted at ${army.byStated.length === 1 ? 'its' : 'their'} stated points, ${army.unpriced.length} stating none)` : `${n === 1 ? 'states' : 'state'} no points either, so this is a lower bound`) : `${n === 1 ? 'is' : 'are'} counted at ${n === 1 ? 'its' : 'their'} stated points`}` : '';
  const included = ctx.edition.muster.requisition ? 'requisition thresholds, wargear and enhancements included' : 'enhancements included';
  if (stated && !army.priced) {
    // The data prices no unit: the stated total against the units' stated points.
    const given = statedUnitPoints(ctx.list.units);
    if (given !== undefined && given !== stated.value) {
      ctx.report(stated.span, 'total-mismatch', `The list states ${stated.value} points but its units add up to ${given} (army points are the sum of its units' points).`, { data: { expected: given } });
    }
  } else if (stated && army.sum !== stated.value && (!army.unpriced.length || army.sum > stated.value)) {
    ctx.report(stated.span, 'total-mismatch', `The list states ${stated.value} points but its units cost ${army.unpriced.length ? 'at least ' : ''}${army.sum} in the rules data (${included}${how}).`, {
      ...(army.unpriced.length ? {} : { data: { expected: army.sum } }),
    });
  }
  // The battle size's limit (a size read from the list's points holds them by construction).
  const bs = ctx.list.battleSize;
  const limit = ctx.battleSizeInferred ? undefined : ctx.battleSizeRule?.points ?? bs?.points;
  if (bs && limit !== undefined && army.sum > limit) {
    ctx.report(bs.span, 'over-points-limit', `The army costs ${army.unpriced.length ? 'at least ' : ''}${army.sum} points${army.priced ? ' in the rules data' : ''}, over the ${limit}-point limit of ${ctx.battleSizeRule?.name ?? bs.name.text} (battle size${how}).`, {
      related: stated ? [{ span: stated.span, message: 'The stated total' }] : [],
    });
  }
}

/**
 * The army's points as `auspex check` counts them (`checkTotal`), for the event report: the data's price of each
 * unit it prices, a unit it cannot price at its stated points; `unpriced`, how many units the data could not price.
 */
export function pricedTotal(ctx: ResolvedList): { sum: number; unpriced: number } {
  const army = armyPoints(ctx);
  return { sum: army.sum, unpriced: army.byStated.length + army.unpriced.length };
}
