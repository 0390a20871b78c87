// The prices of an older Munitorum Field Manual version, from the loaded one and its changelog (`mfmChangelog.ts`):
// each change of every later version undone, newest first, on the entries the MFM prices (datasheets' tiers and
// wargear costs, enhancements' points, detachments' Detachment Points, force disposition and unique tag). An entry
// whose value in the data is not the one the changelog says it changed to is left as it is (the two disagree: the
// history cannot be read with certainty there). Pure.
import type { Datasheet, Detachment, Enhancement, MfmChange, MfmHistory, PointsStep, PointsTier, PricedBy, RulesData } from './model';
import { compareVersions } from './mfmChangelog';
import { mfmLabel } from './mfmFormat';
import { normalizeName } from '../text/normalize';

/** A version older than the loaded data's that the changelog can give the prices of, with its label. */
export interface OlderVersion {
  version: string;
  /** The earliest date the changelog gives the version. */
  date?: string;
  /** "Munitorum Field Manual v1.0 (2026-06-22)". */
  label: string;
}

/** The versions older than the data's that its changelog records, newest first. */
export function olderVersions(history: MfmHistory | undefined): OlderVersion[] {
  if (!history || !history.changelog.versions.some((v) => v.version === history.version)) return [];
  return history.changelog.versions
    .filter((v) => compareVersions(v.version, history.version) < 0)
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((v) => ({ version: v.version, date: v.dates[0], label: mfmLabel(v.version, v.dates[0]) }));
}

/** The changes from `version` (exclusive) up to the data's version (inclusive), newest version first. */
export function changesSince(history: MfmHistory, version: string): MfmChange[] {
  return history.changelog.versions
    .filter((v) => compareVersions(v.version, version) > 0 && compareVersions(v.version, history.version) <= 0)
    .sort((a, b) => compareVersions(b.version, a.version))
    .flatMap((v) => v.changes);
}

const key = (s: string) => normalizeName(s).replace(/[^\p{L}\p{N}]/gu, '');
const entryKey = (faction: string, name: string) => `${key(faction)}|${key(name)}`;

const cache = new WeakMap<RulesData, Map<string, RulesData>>();

/**
 * The data with the prices of MFM `version` (an older one its changelog records); undefined when the data carries
 * no history reaching it. Everything but the prices is the data's own.
 */
export function pricesUnder(data: RulesData, version: string): RulesData | undefined {
  const history = data.mfmHistory;
  const older = olderVersions(history).find((v) => v.version === version);
  if (!history || !older) return undefined;
  let byVersion = cache.get(data);
  if (!byVersion) cache.set(data, (byVersion = new Map()));
  const hit = byVersion.get(version);
  if (hit) return hit;
  const changes = changesSince(history, version);
  const uncertain = new Set(history.changelog.versions.filter((v) => compareVersions(v.version, version) > 0).flatMap((v) => v.unreadEntries.map((e) => entryKey(e.faction, e.name))));
  const byEntry = new Map<string, MfmChange[]>();
  for (const c of changes) {
    const t = c.target;
    const name = t.kind === 'unit' || t.kind === 'wargear' ? t.unit : t.kind === 'enhancement' ? `${t.detachment}·${t.enhancement}` : t.detachment;
    const k = entryKey(c.faction, name);
    byEntry.set(k, [...(byEntry.get(k) ?? []), c]);
  }
  // An entry the changelog cannot tell from another of its name, or with a line of a form not read, keeps its prices:
  // its history is not certain (its findings then stay as they are under every version).
  const of = (p: PricedBy | undefined, name: string) =>
    p?.kind === 'mfm' && p.entry && !p.entry.shared && !uncertain.has(entryKey(p.entry.faction, name)) ? byEntry.get(entryKey(p.entry.faction, name)) : undefined;
  const label = older.label;
  const relabel = (p: PricedBy): PricedBy => ({ ...p, label });
  const datasheets = data.datasheets.map((d) => {
    const cs = of(d.pricedBy, d.pricedBy?.entry?.name ?? '');
    return cs ? olderDatasheet(d, cs, relabel(d.pricedBy!)) : d.pricedBy?.kind === 'mfm' ? { ...d, pricedBy: relabel(d.pricedBy) } : d;
  });
  const detachments = data.detachments.map((d) => {
    const cs = of(d.pricedBy, d.pricedBy?.entry?.name ?? '');
    return cs ? olderDetachment(d, cs) : d;
  });
  const enhancements = data.enhancements.map((e) => {
    const cs = e.pricedBy?.entry ? of(e.pricedBy, `${e.pricedBy.entry.detachment ?? ''}·${e.pricedBy.entry.name}`) : undefined;
    return cs ? olderEnhancement(e, cs) : e;
  });
  const sources = data.sources.map((s) => (s.kind === 'mfm' ? { ...s, version: label } : s));
  const out: RulesData = { ...data, sources, datasheets, detachments, enhancements, mfmHistory: { ...history, version, date: older.date } };
  byVersion.set(version, out);
  return out;
}

const sameCopies = (a: { from: number; to?: number }, b: { from: number; to?: number }) => a.from === b.from && a.to === b.to;

function olderDatasheet(d: Datasheet, changes: MfmChange[], pricedBy: PricedBy): Datasheet {
  let tiers: PointsTier[] = (d.pointsTiers ?? (d.points.length ? [{ copies: { from: 1 }, steps: d.points }] : [])).map((t) => ({ ...t, steps: t.steps.map((s) => ({ ...s })) }));
  let wargear = (d.wargearCosts ?? []).map((w) => ({ ...w }));
  for (const c of changes) {
    const t = c.target;
    if (t.kind === 'unit') {
      const tier = tiers.find((x) => sameCopies(x.copies, t.copies));
      const step = tier?.steps.find((s) => s.models === t.models);
      if (c.from !== undefined && c.to !== undefined) {
        if (step && step.points === Number(c.to)) step.points = Number(c.from);
      } else if (c.to !== undefined) {
        // Added in a later version: the older one had no such price.
        if (tier && step && step.points === Number(c.to)) tier.steps = tier.steps.filter((s) => s !== step);
      } else if (c.from !== undefined && !step) {
        const add: PointsStep = { models: t.models, points: Number(c.from) };
        if (tier) tier.steps = [...tier.steps, add].sort((a, b) => a.models - b.models);
        else tiers.push({ copies: { ...t.copies }, steps: [add] });
      }
    } else if (t.kind === 'wargear') {
      const w = wargear.find((x) => key(x.item) === key(t.item));
      if (c.from !== undefined && c.to !== undefined) {
        if (w && w.points === Number(c.to)) w.points = Number(c.from);
      } else if (c.to !== undefined) {
        if (w && w.points === Number(c.to)) wargear = wargear.filter((x) => x !== w);
      } else if (c.from !== undefined && !w) wargear.push({ item: t.item, points: Number(c.from) });
    }
  }
  tiers = tiers.filter((t) => t.steps.length).sort((a, b) => a.copies.from - b.copies.from);
  // No price left: the unit is newer than the version. It keeps the data's prices, so that no finding of it is ever
  // read as explained by a version that did not price it.
  if (!tiers.length) return d;
  const out: Datasheet = { ...d, points: tiers[0]?.steps ?? [], pricedBy };
  if (d.pointsTiers || tiers.length > 1) out.pointsTiers = tiers;
  if (wargear.length) out.wargearCosts = wargear;
  else delete out.wargearCosts;
  return out;
}

function olderDetachment(d: Detachment, changes: MfmChange[]): Detachment {
  const out: Detachment = { ...d };
  for (const c of changes) {
    if (c.target.kind !== 'detachment') continue;
    const field = c.target.field;
    const now = field === 'dp' ? (out.dp === undefined ? undefined : String(out.dp)) : field === 'objective' ? out.forceDisposition : out.unique;
    if ((now ?? '') !== (c.to ?? '')) continue;
    if (field === 'dp') {
      if (c.from === undefined) delete out.dp;
      else out.dp = Number(c.from);
    } else if (field === 'objective') {
      if (c.from === undefined) delete out.forceDisposition;
      else out.forceDisposition = c.from;
    } else if (c.from === undefined) delete out.unique;
    else out.unique = c.from;
  }
  return out;
}

function olderEnhancement(e: Enhancement, changes: MfmChange[]): Enhancement {
  const out: Enhancement = { ...e };
  for (const c of changes) {
    if (c.target.kind !== 'enhancement' || out.points !== Number(c.to)) continue;
    // Added in a later version: no price in the older one.
    if (c.from === undefined) delete out.points;
    else out.points = Number(c.from);
  }
  return out;
}
