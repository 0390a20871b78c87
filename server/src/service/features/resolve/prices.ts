// Each unit's price under the data, as the checks count it: 11th edition, each copy of a datasheet priced by
// requisition tiers at its place in the text (wargear with a cost and Enhancements on top); otherwise the data's
// price for the unit's size, an ally's (Assigned Agent) price where it has one, Enhancements included. Undefined
// where the data cannot settle it (no datasheet, no price at that size, a text naming only some of its models).
// Read through the resolved list (`price`), so the total, the inlay hints and the report count one price.
import type { Unit } from '../../domain/parse/ast';
import type { Datasheet, Detachment, Enhancement, PointsTier } from '../../domain/rules/model';
import type { RulesIndex } from '../../domain/rules';
import type { EditionRules } from '../../domain/editions';
import type { FieldedUnit as ResolvedUnit } from '../../domain/rules/detachmentGrants';
import { normalizeName } from '../../domain/text/normalize';
import { looseName } from '../diagnostics/names';
import { expectedUnitPoints, unitModelCount } from '../diagnostics/unitPoints';

/** What pricing reads of a resolved list (`resolvedList.ts`, which calls it). */
export interface PricedList {
  rules: RulesIndex;
  edition: EditionRules;
  /** The units with their datasheets and keywords, in text order. */
  units: ResolvedUnit[];
  detachments: (Detachment | undefined)[];
  armyKeywords: string[];
}

/** The tier pricing the Nth copy (1-based) of a unit. */
export function tierFor(tiers: PointsTier[], n: number): PointsTier | undefined {
  return tiers.find((t) => n >= t.copies.from && (t.copies.to === undefined || n <= t.copies.to));
}

/** The enhancements of that name among the chosen detachments' (any detachment's when none is resolved). */
export function chosenEnhancements(r: Pick<PricedList, 'rules' | 'detachments'>, name: string): Enhancement[] {
  const all = r.rules.enhancementsNamed(name);
  const dets = r.detachments.filter((d) => d).map((d) => normalizeName(d?.name ?? ''));
  const own = all.filter((e) => dets.includes(normalizeName(e.detachment)));
  return own.length ? own : all;
}

/** Points a unit adds beyond its datasheet's price: wargear with a cost (per item) and enhancements. */
export function unitExtras(r: Pick<PricedList, 'rules' | 'detachments'>, unit: Unit, sheet: Datasheet): number | undefined {
  let n = 0;
  const costs = sheet.wargearCosts ?? [];
  if (costs.length) {
    const items = [...unit.models.flatMap((g) => g.wargear), ...(unit.wargear ?? [])];
    for (const w of items) {
      const c = costs.find((x) => looseName(x.item) === looseName(w.name.text));
      if (c) n += c.points * w.count;
    }
  }
  for (const e of unit.enhancements) {
    const pts = chosenEnhancements(r, e.name.text)[0]?.points ?? e.points;
    if (pts === undefined) return undefined;
    n += pts;
  }
  return n;
}

/** The resolved units priced by requisition tiers, by datasheet, in text order. */
export function tieredGroups(r: Pick<PricedList, 'edition' | 'units'>): Map<Datasheet, ResolvedUnit[]> {
  const groups = new Map<Datasheet, ResolvedUnit[]>();
  if (!r.edition.muster.requisition) return groups;
  for (const u of r.units) {
    if (!u.sheet.pointsTiers?.length) continue;
    groups.set(u.sheet, [...(groups.get(u.sheet) ?? []), u]);
  }
  return groups;
}

/** Whether a unit is an ally of the army (its price may be the Assigned Agent one). */
export function isAlly(r: Pick<PricedList, 'armyKeywords'>, u: ResolvedUnit): boolean {
  const army = r.armyKeywords.map(normalizeName);
  return army.length > 0 && !u.sheet.factionKeywords.some((k) => army.includes(normalizeName(k)));
}

/** Every unit's price under the data (keyed by the unit as read with the data); undefined where it cannot say. */
export function unitPrices(r: PricedList): Map<Unit, number | undefined> {
  const out = new Map<Unit, number | undefined>();
  for (const [sheet, copies] of tieredGroups(r)) {
    copies.forEach((u, k) => {
      // Copies in text order take the slots in order (the total does not depend on which is which when the copies
      // are the same size; otherwise the dearest tiers go to the last copies, as the app counts them).
      const step = tierFor(sheet.pointsTiers ?? [], k + 1)?.steps.find((s) => s.models === unitModelCount(u.unit, u.sheet));
      const extra = unitExtras(r, u.unit, sheet);
      out.set(u.unit, step && extra !== undefined ? step.points + extra : undefined);
    });
  }
  for (const u of r.units) {
    if (out.has(u.unit)) continue;
    // A text naming only some of the unit's models settles no size where a larger one is legal.
    const unsettled = u.unit.modelsUnlisted && u.sheet.points.some((p) => p.models > unitModelCount(u.unit));
    out.set(u.unit, unsettled ? undefined : expectedUnitPoints(u.unit, u.sheet, (name) => r.rules.enhancement(name)?.points, isAlly(r, u)));
  }
  return out;
}
