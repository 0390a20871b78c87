// Several rules sources → one RulesData. Entries match by faction and
// normalised name; the source with the lowest precedence number wins, and every
// disagreement is reported, never silently settled. A winner's empty fields
// (no points, no loadout text) are filled from the others: that is not a conflict.
// The Munitorum Field Manual is the one exception to precedence: it holds the
// official 11th-edition points, so where it and another source both price a
// unit, a detachment or an enhancement, its numbers win, whatever the order, and
// the datasheet records that (`pricedBy`).
import { Datasheet, DataSource, DataWarning, Detachment, Enhancement, PricedBy, RulesData } from './model';
import { emptyRulesData, warn } from './dataFiles';
import { normalizeName, withoutNameTag } from '../text/normalize';

export interface RulesSource {
  data: RulesData;
  /** Lower wins; equal precedence keeps the array order. */
  precedence: number;
}

const where = (d: { source: { file: string; locator?: string } }) => `${d.source.file}${d.source.locator ? ` ${d.source.locator}` : ''}`;

/** Stat-line, points and composition differences between two versions of one datasheet (empty when they agree). */
export function compareDatasheets(a: Datasheet, b: Datasheet): string[] {
  const out: string[] = [];
  const bm = new Map(b.models.map((m) => [normalizeName(m.name), m] as const));
  const am = new Map(a.models.map((m) => [normalizeName(m.name), m] as const));
  for (const m of a.models) {
    // Sources that print one profile for several model types (Wahapedia "Aberrants") match every model.
    const o = bm.get(normalizeName(m.name)) ?? (b.models.length === 1 ? b.models[0] : undefined);
    if (!o) {
      if (a.models.length !== 1) out.push(`model "${m.name}" only in one source`); // else compared from b's side below
      continue;
    }
    const diffs = (['M', 'T', 'Sv', 'W', 'Ld', 'OC', 'invuln'] as const)
      .filter((k) => String(m[k] ?? '').replace(/["”″]/g, '"').trim() !== String(o[k] ?? '').replace(/["”″]/g, '"').trim())
      .map((k) => `${k} ${m[k] ?? '-'} vs ${o[k] ?? '-'}`);
    if (diffs.length) out.push(`${m.name}: ${diffs.join(', ')}`);
  }
  for (const m of b.models) {
    if (am.has(normalizeName(m.name)) || b.models.length === 1) continue;
    const o = a.models.length === 1 ? a.models[0] : undefined;
    if (!o) { out.push(`model "${m.name}" only in one source`); continue; }
    const diffs = (['M', 'T', 'Sv', 'W', 'Ld', 'OC'] as const).filter((k) => String(m[k]) !== String(o[k])).map((k) => `${k} ${o[k]} vs ${m[k]}`);
    if (diffs.length) out.push(`${m.name}: ${diffs.join(', ')}`);
  }
  const pts = (d: Datasheet) => d.points.map((p) => `${p.models}:${p.points}`).join(' ');
  if (a.points.length && b.points.length && pts(a) !== pts(b)) out.push(`points ${pts(a)} vs ${pts(b)}`);
  return out;
}

/** What a source's datasheets record as the source of their points. */
function pricedByOf(src: DataSource | undefined, d: Datasheet): PricedBy | undefined {
  if (!src || !d.points.length) return undefined;
  const label = src.kind === 'wahapedia' ? `the Wahapedia export${src.version ? ` of ${src.version}` : ''}`
    : src.kind === 'embedded' ? 'the embedded seed data'
      : src.kind === 'bsdata' ? `BattleScribe ${src.version ?? src.location}` : (src.version ?? src.location);
  return { kind: src.kind, label, source: d.source };
}

/** The MFM's pricing onto a datasheet from another source. */
function takeMfmPricing(target: Datasheet, mfm: Datasheet): void {
  if (mfm.points.length) target.points = mfm.points;
  if (mfm.pointsTiers) target.pointsTiers = mfm.pointsTiers;
  if (mfm.wargearCosts) target.wargearCosts = mfm.wargearCosts;
  if (mfm.pricedBy) target.pricedBy = mfm.pricedBy;
  if (mfm.supports?.length && !target.supports?.length) target.supports = [...mfm.supports];
}

const isMfm = (d: Datasheet) => d.pricedBy?.kind === 'mfm' && !d.models.length;

/** Detachment fields only some sources state (11th edition), MFM's winning. */
function takeDetachmentFields(w: Detachment, d: Detachment, dFromMfm: boolean): void {
  for (const k of ['dp', 'forceDisposition', 'unique'] as const) {
    if (d[k] !== undefined && (w[k] === undefined || dFromMfm)) (w as unknown as Record<string, unknown>)[k] = d[k];
  }
  if (!w.rules.length && d.rules.length) w.rules = d.rules;
}

function takeEnhancementFields(w: Enhancement, e: Enhancement, eFromMfm: boolean): void {
  if (e.points !== undefined && eFromMfm) w.points = e.points;
  if (!w.text && e.text) w.text = e.text;
  if (w.eligibility === undefined && e.eligibility !== undefined) w.eligibility = e.eligibility;
  if (e.leaderTo && (!w.leaderTo || eFromMfm)) w.leaderTo = e.leaderTo;
  if (e.supportTo && (!w.supportTo || eFromMfm)) w.supportTo = e.supportTo;
  if (e.upgrade) w.upgrade = true;
  if (w.maxCopies === undefined && e.maxCopies !== undefined) w.maxCopies = e.maxCopies;
}

function dsKey(d: Datasheet): string {
  const k = (n: string) => normalizeName(n).replace(/[^\p{L}\p{N}]/gu, '');
  return `${k(d.factionKeywords[0] ?? '')}|${k(d.name)}`;
}

export function mergeRules(sources: RulesSource[]): { data: RulesData; warnings: DataWarning[] } {
  const ordered = sources.map((s, i) => ({ ...s, i })).sort((a, b) => a.precedence - b.precedence || a.i - b.i);
  const out = emptyRulesData();
  const warnings: DataWarning[] = [];
  /** Merged entries first given by the MFM (whose numbers win over later sources). */
  const mfmEntries = new WeakSet<object>();
  const conflict = (what: string, winner: { source: { file: string; locator?: string } }, loser: { source: { file: string; locator?: string } }, details: string) =>
    warnings.push(warn('merge-conflict', `${what}: ${details}; kept ${where(winner)}, not ${where(loser)}`, winner.source));

  const index = <T>(list: T[], key: (x: T) => string) => new Map(list.map((x) => [key(x), x] as const));
  // Loose keys: sources disagree on hyphens and spacing too ("Fire-point Commander" / "Firepoint Commander").
  const fKey = (n: string) => normalizeName(n).replace(/[^\p{L}\p{N}]/gu, '');
  const factions = index(out.factions, (f) => fKey(f.name));
  const datasheets = new Map<string, Datasheet>();
  /** Datasheet name → the datasheets of sources other than the MFM, and the factions those sources name. */
  const otherByName = new Map<string, Datasheet[]>();
  const otherFactions = new Set<string>();
  const mfmPriced = new WeakSet<Datasheet>();
  const nameKey = (d: Datasheet) => fKey(d.name);
  /** The words of a faction name that say which faction it is ("Imperial Agents" → agent, imperial). */
  const factionWords = (n: string) => new Set(normalizeName(n).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3).map((w) => w.replace(/s$/, '')));
  /**
   * The MFM names some factions otherwise than BattleScribe ("Imperial Agents" / "Agents of the Imperium"): a
   * datasheet of an MFM faction no other source names prices the one datasheet of that name the others give, when
   * their factions' names share a word (never another faction's datasheet of the same name: a Black Templars
   * Land Raider does not price the Grey Knights').
   */
  const underOtherName = (d: Datasheet): Datasheet | undefined => {
    if (otherFactions.has(fKey(d.factionKeywords[0] ?? ''))) return undefined;
    const same = otherByName.get(nameKey(d)) ?? [];
    const mine = factionWords(d.factionKeywords[0] ?? '');
    const kin = same.length === 1 && same[0].factionKeywords.some((k) => [...factionWords(k)].some((w) => mine.has(w)));
    return kin && !mfmPriced.has(same[0]) ? same[0] : undefined;
  };
  /** Datasheets by a looser name (each word singular: "Myphitic Blight-Haulers" / "Myphitic Blight-hauler"). */
  const byLooseName = new Map<string, Datasheet[]>();
  const nKey = (n: string) => fKey(normalizeName(n).split(/[\s-]+/).map((w) => w.replace(/s$/, '')).join(' '));
  /**
   * The one datasheet an MFM points-only entry prices (or that prices this catalogue datasheet) when their
   * first faction keywords differ (BSData lists "ADEPTUS ASTARTES" before "DARK ANGELS") or their names differ in
   * a plural: the MFM's faction keyword is among the other's, the names agree word by word. None when ambiguous.
   */
  const mfmCounterpart = (d: Datasheet, fromMfm: boolean): Datasheet | undefined => {
    const key = (x: string) => fKey(x);
    const hits = (byLooseName.get(nKey(d.name)) ?? []).filter((c) => fromMfm
      ? !isMfm(c) && c.factionKeywords.some((f) => key(f) === key(d.factionKeywords[0] ?? ''))
      : isMfm(c) && d.factionKeywords.some((f) => key(f) === key(c.factionKeywords[0] ?? '')));
    return hits.length === 1 ? hits[0] : undefined;
  };
  // Detachments and enhancements: the MFM and BattleScribe also differ on plurals ("Brood Brother(s) Auxilia") and
  // on the tags they add to an enhancement's name: the MFM's "(Upgrade)", BSData's "(Aura)" and "(Psychic)".
  const dKey = (n: string) => fKey(normalizeName(n).split(/\s+/).map((w) => w.replace(/s$/, '')).join(' '));
  const eKey = (n: string) => fKey(withoutNameTag(n));
  const detachments = index(out.detachments, (d) => `${fKey(d.faction)}|${dKey(d.name)}`);
  const enhancements = index(out.enhancements, (e) => `${fKey(e.faction)}|${dKey(e.detachment)}|${eKey(e.name)}`);
  const stratagems = index(out.stratagems, (s) => `${fKey(s.detachment ?? 'core')}|${fKey(s.name)}`);
  const core = index(out.coreRules, (c) => fKey(c.name));
  const sizes = index(out.battleSizes, (b) => fKey(b.name));
  const terms = new Set<string>();

  for (const { data } of ordered) {
    out.sources.push(...data.sources);
    const fromMfm = data.sources.some((s) => s.kind === 'mfm');
    const src = data.sources[0];
    if (data.forceConstraints?.length && !out.forceConstraints) out.forceConstraints = data.forceConstraints;
    for (const g of data.glossary ?? []) if (!terms.has(fKey(g.name))) { terms.add(fKey(g.name)); (out.glossary ??= []).push(g); }
    for (const f of data.factions) {
      const had = factions.get(fKey(f.name));
      if (!had) { factions.set(fKey(f.name), f); out.factions.push(f); continue; }
      // A catalogue one source lacks stays said whichever source names the faction first.
      const missing = [...new Set([...(had.missingCatalogues ?? []), ...(f.missingCatalogues ?? [])])];
      if (missing.length > (had.missingCatalogues?.length ?? 0)) {
        const copy = { ...had, missingCatalogues: missing };
        factions.set(fKey(f.name), copy);
        out.factions[out.factions.indexOf(had)] = copy;
      }
    }
    if (!fromMfm) for (const f of data.factions) otherFactions.add(fKey(f.keyword)).add(fKey(f.name));
    for (const d of data.datasheets) {
      const k = dsKey(d);
      const w = datasheets.get(k) ?? mfmCounterpart(d, fromMfm) ?? (fromMfm ? underOtherName(d) : undefined);
      if (!w) {
        const copy = { ...d, leads: [...d.leads], ledBy: [...d.ledBy] };
        if (!copy.pricedBy) { const p = pricedByOf(src, d); if (p) copy.pricedBy = p; }
        datasheets.set(k, copy);
        byLooseName.set(nKey(d.name), [...(byLooseName.get(nKey(d.name)) ?? []), copy]);
        out.datasheets.push(copy);
        if (!fromMfm) otherByName.set(nameKey(copy), [...(otherByName.get(nameKey(copy)) ?? []), copy]);
        continue;
      }
      if (fromMfm) mfmPriced.add(w);
      if (!datasheets.has(k)) datasheets.set(k, w);
      if (fromMfm || isMfm(w)) {
        // One side is the MFM's points-only entry: the other gives the datasheet, the MFM its price.
        const [mfm, full] = fromMfm ? [d, w] : [{ ...w }, d];
        if (!fromMfm) {
          Object.assign(w, { ...full, leads: [...new Set([...full.leads, ...w.leads])], ledBy: [...new Set([...full.ledBy, ...w.ledBy])] });
          if (full.supportedBy || w.supportedBy) w.supportedBy = [...new Set([...(full.supportedBy ?? []), ...(mfm.supportedBy ?? [])])];
        } else {
          for (const n of mfm.leads) if (!w.leads.some((x) => fKey(x) === fKey(n))) w.leads.push(n);
          for (const n of mfm.ledBy) if (!w.ledBy.some((x) => fKey(x) === fKey(n))) w.ledBy.push(n);
          if (mfm.supportedBy?.length) w.supportedBy = [...new Set([...(w.supportedBy ?? []), ...mfm.supportedBy])];
        }
        takeMfmPricing(w, mfm);
        continue;
      }
      const diffs = compareDatasheets(w, d);
      if (diffs.length) conflict(`Datasheet "${w.name}"`, w, d, diffs.join('; '));
      if (!w.points.length && d.points.length) { w.points = d.points; const p = pricedByOf(src, d); if (p) w.pricedBy = p; }
      if (!w.weapons.length && d.weapons.length) w.weapons = d.weapons;
      if (!w.abilities.length && d.abilities.length) w.abilities = d.abilities;
      if (!w.composition.length && d.composition.length) w.composition = d.composition;
      if (w.defaultLoadout === undefined && d.defaultLoadout !== undefined) w.defaultLoadout = d.defaultLoadout;
      if (w.wargearOptions === undefined && d.wargearOptions !== undefined) w.wargearOptions = d.wargearOptions;
      if (w.role === undefined && d.role !== undefined) w.role = d.role;
      for (const n of d.leads) if (!w.leads.some((x) => fKey(x) === fKey(n))) w.leads.push(n);
      for (const n of d.ledBy) if (!w.ledBy.some((x) => fKey(x) === fKey(n))) w.ledBy.push(n);
    }
    for (const d of data.detachments) {
      const k = `${fKey(d.faction)}|${dKey(d.name)}`;
      const w = detachments.get(k);
      if (!w) { const copy = { ...d }; if (fromMfm) mfmEntries.add(copy); detachments.set(k, copy); out.detachments.push(copy); continue; }
      takeDetachmentFields(w, d, fromMfm);
      const names = (x: typeof d) => x.rules.map((r) => fKey(r.name)).sort().join(',');
      if (w.rules.length && d.rules.length && names(w) !== names(d)) conflict(`Detachment "${w.name}"`, w, d, `rules ${w.rules.map((r) => r.name).join(', ')} vs ${d.rules.map((r) => r.name).join(', ')}`);
    }
    for (const e of data.enhancements) {
      const k = `${fKey(e.faction)}|${dKey(e.detachment)}|${eKey(e.name)}`;
      const w = enhancements.get(k);
      if (!w) { const copy = { ...e }; if (fromMfm) mfmEntries.add(copy); enhancements.set(k, copy); out.enhancements.push(copy); continue; }
      const mfmPoints = fromMfm || mfmEntries.has(w);
      takeEnhancementFields(w, e, fromMfm);
      if (!mfmPoints && w.points !== undefined && e.points !== undefined && w.points !== e.points) conflict(`Enhancement "${w.name}"`, w, e, `points ${w.points} vs ${e.points}`);
    }
    for (const s of data.stratagems) {
      const k = `${fKey(s.detachment ?? 'core')}|${fKey(s.name)}`;
      const w = stratagems.get(k);
      if (!w) { stratagems.set(k, s); out.stratagems.push(s); continue; }
      if (w.cp !== s.cp) conflict(`Stratagem "${w.name}"`, w, s, `CP ${w.cp} vs ${s.cp}`);
    }
    for (const c of data.coreRules) if (!core.has(fKey(c.name))) { core.set(fKey(c.name), c); out.coreRules.push(c); }
    for (const b of data.battleSizes) {
      const w = sizes.get(fKey(b.name));
      if (!w) { sizes.set(fKey(b.name), b); out.battleSizes.push(b); }
      else if (w.points !== b.points) warnings.push(warn('merge-conflict', `Battle size "${b.name}": ${w.points} vs ${b.points} points; kept the first`, { file: '(merge)' }));
    }
  }
  return { data: out, warnings };
}
