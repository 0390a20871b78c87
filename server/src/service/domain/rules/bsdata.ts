// BattleScribe (BSData) catalogues → the rules model. Pure: receives file
// contents (or an accessor) and never throws; every problem becomes a
// DataWarning naming the file and the element id.
// The catalogues (bsdataCatalogues.ts), markup (bsdataText.ts), modifiers (bsdataModifiers.ts) and datasheets
// (bsdataDatasheet.ts) are read in their own modules; this one loads factions, detachments, core rules.
import { CoreRule, Datasheet, DataWarning, Detachment, Enhancement, Faction, RulesData } from './model';
import { asDataFiles, emptyRulesData, FileInput, LoadResult, warn } from './dataFiles';
import { attr, kids, text, XNode } from './bsdataXml';
import { loadForceConstraints } from './bsdataForce';
import { BsDataOptions, Cat, editionOfGameSystem, factionNameOf, listBsDataCatalogues, Loader, parentOf, Resolver } from './bsdataCatalogues';
import { bsText, description } from './bsdataText';
import { allConditions, modifiersOf, visibility } from './bsdataModifiers';
import { Child, children, DatasheetBuilder } from './bsdataDatasheet';
import { foldTypography, normalizeName } from '../text/normalize';

export { editionOfGameSystem, listBsDataCatalogues } from './bsdataCatalogues';
export type { BsCatalogueInfo, BsDataOptions, BsGameSystemInfo } from './bsdataCatalogues';
export { bsText, replacePairs } from './bsdataText';
export { parseLeaderText } from './bsdataDatasheet';

/** Resolves leader targets to datasheet names and fills the reverse "led by" lists. */
export function linkLeaders(datasheets: Datasheet[]): void {
  const byName = new Map<string, Datasheet>();
  for (const d of datasheets) if (!byName.has(normalizeName(d.name))) byName.set(normalizeName(d.name), d);
  const byKeyword = new Map<string, Datasheet[]>();
  for (const d of datasheets) for (const k of d.keywords) {
    const key = normalizeName(k);
    byKeyword.set(key, [...(byKeyword.get(key) ?? []), d]);
  }
  // A leader text names a datasheet, or a keyword several datasheets share ("ACOLYTE HYBRIDS").
  const resolve = (names: string[]) => {
    const resolved: string[] = [];
    for (const t of names) {
      const named = byName.get(normalizeName(t))?.name;
      const viaKeyword = named ? [] : (byKeyword.get(normalizeName(t)) ?? []).map((x) => x.name);
      for (const n of named ? [named] : viaKeyword.length ? viaKeyword : [t]) if (!resolved.includes(n)) resolved.push(n);
    }
    return resolved;
  };
  for (const d of datasheets) {
    d.leads = resolve(d.leads);
    for (const t of d.leads) {
      const target = byName.get(normalizeName(t));
      if (target && !target.ledBy.includes(d.name)) target.ledBy.push(d.name);
    }
    if (!d.supports) continue;
    d.supports = resolve(d.supports);
    for (const t of d.supports) {
      const target = byName.get(normalizeName(t));
      if (target && !(target.supportedBy ??= []).includes(d.name)) target.supportedBy.push(d.name);
    }
  }
}

// ---------------------------------------------------------------- factions

function loadFaction(L: Loader, cat: Cat, data: RulesData, seenDs: Set<string>): void {
  const closure = L.closure(cat);
  const R = new Resolver(L, closure);
  const B = new DatasheetBuilder(L, R);
  const opts = L.opts;
  const fname = factionNameOf(cat.name);
  // The faction keyword: the "Faction: <name>" category when it exists, else the commonest among the catalogue's own units.
  let factionCat: string | undefined;
  for (const [id, n] of R.categories) if (normalizeName(n) === normalizeName(`Faction: ${fname}`)) factionCat = id;
  const skipOthers = opts.includeAllies ? undefined : factionCat && `"${factionCat}"`;
  // Root entries: the catalogue's own, plus those of catalogues linked with importRootEntries.
  const roots: Child[] = [];
  const addRoots = (c: Cat) => {
    for (const e of kids(c.root, 'selectionEntries', 'selectionEntry')) roots.push({ node: e, cat: c, tag: 'selectionEntry' });
    for (const l of kids(c.root, 'entryLinks', 'entryLink')) {
      const tid = attr(l, 'targetId');
      if (!tid || attr(l, 'type') === 'selectionEntryGroup') continue;
      // Cheap skip of other factions' units: their raw text never mentions our faction category.
      const raw = R.raw(tid);
      if (skipOthers && raw !== undefined && !raw.includes(skipOthers) && !JSON.stringify(l).includes(skipOthers)) continue;
      const t = R.get(tid, { file: c.file, locator: attr(l, 'id') });
      if (t) roots.push({ node: t.node, link: l, cat: t.cat, tag: 'selectionEntry' });
    }
  };
  addRoots(cat);
  for (const l of kids(cat.root, 'catalogueLinks', 'catalogueLink')) {
    if (attr(l, 'importRootEntries') !== 'true') continue;
    const c = L.catById(attr(l, 'targetId') ?? '', cat.file);
    if (c) addRoots(c);
  }
  const candidates: { ds: Datasheet; own: boolean }[] = [];
  for (const r of roots) {
    const type = attr(r.node, 'type');
    if (type !== 'unit' && type !== 'model') continue;
    const name = attr(r.node, 'name') ?? '';
    const vis = visibility(L, r.node, r.link);
    if (!opts.includeCrusade && (vis.crusade || /\[crucible\]/i.test(name))) continue;
    if (!opts.includeBoardingActions && vis.boarding) continue;
    // Cheap skip of other factions' units before building them.
    if (skipOthers && !JSON.stringify(kids(r.node, 'categoryLinks')).includes(skipOthers) && !JSON.stringify(kids(r.link, 'categoryLinks')).includes(skipOthers)) continue;
    try {
      const ds = B.build(r);
      // Legends entries ("Tectonic Fragdrill [Legends]") always load, flagged and under their plain name:
      // a list naming one is told it is Legends, not that it is unknown.
      if (ds && /\[legends\]/i.test(name)) {
        ds.name = ds.name.replace(/\s*\[legends\]\s*/i, ' ').trim();
        ds.legends = true;
      }
      if (ds) candidates.push({ ds, own: r.cat === cat || r.cat.library });
    } catch (e) {
      L.warnings.push(warn('bsdata-entry', `${r.cat.file}: entry ${attr(r.node, 'id')} (${name}) could not be read (${(e as Error).message}); skipped`, { file: r.cat.file, locator: attr(r.node, 'id') }, 'error'));
    }
  }
  let keyword = foldTypography(factionCat ? (R.categories.get(factionCat) ?? '').replace(/^Faction:\s*/i, '') : fname).toUpperCase();
  if (!candidates.some((c) => c.ds.factionKeywords.includes(keyword))) {
    const counts = new Map<string, number>();
    for (const c of candidates) if (c.own) for (const k of c.ds.factionKeywords) counts.set(k, (counts.get(k) ?? 0) + 1);
    keyword = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? keyword;
  }
  const faction: Faction = { id: cat.id, name: fname, keyword, source: { file: cat.file, locator: cat.id } };
  const parent = parentOf(cat.name);
  if (parent && parent !== fname) faction.parent = parent;
  const missing = L.missingLinked(closure);
  if (missing.length) faction.missingCatalogues = missing;
  const linked = closure.filter((c) => c !== cat && !c.isGst && !c.library).map((c) => factionNameOf(c.name));
  if (linked.length) faction.linkedFactions = [...new Set(linked)];
  data.factions.push(faction);
  for (const { ds } of candidates) {
    if (!opts.includeAllies && !ds.factionKeywords.includes(keyword)) continue;
    if (seenDs.has(ds.id)) continue;
    seenDs.add(ds.id);
    // The faction's own keyword first (BSData often lists ADEPTUS ASTARTES before DARK ANGELS): sources match on it.
    const own = ds.factionKeywords.indexOf(keyword);
    if (own > 0) ds.factionKeywords.unshift(...ds.factionKeywords.splice(own, 1));
    data.datasheets.push(ds);
  }
  loadDetachments(L, R, cat, faction, data, B.enhancementGroups);
}

function loadDetachments(L: Loader, R: Resolver, cat: Cat, faction: Faction, data: RulesData, enhancementGroups: Set<string>): void {
  const opts = L.opts;
  // The "Detachment" configuration entry, wherever it lives, links the group of detachments.
  const entries: XNode[] = [];
  for (const el of cat.shared.values()) if (/^detachments?$/i.test(el.attrs.name ?? '') && el.attrs.type === 'upgrade') {
    const n = L.materialise(el);
    if (n) entries.push(n);
  }
  for (const l of kids(cat.root, 'entryLinks', 'entryLink')) if (/^detachments?$/i.test(attr(l, 'name') ?? '')) {
    const t = R.get(attr(l, 'targetId') ?? '', { file: cat.file, locator: attr(l, 'id') });
    if (t && !entries.includes(t.node)) entries.push(t.node);
  }
  const detIds = new Map<string, string>();
  const seen = new Set<string>();
  const visitDetachment = (d: XNode, link: XNode | undefined, dcat: Cat) => {
    const id = attr(d, 'id') ?? '';
    if (seen.has(id)) return;
    seen.add(id);
    const vis = visibility(L, d, link);
    if (!opts.includeBoardingActions && vis.boarding) return;
    if (!opts.includeCrusade && vis.crusade) return;
    const rules = kids(d, 'rules', 'rule').map((r) => ({ name: foldTypography(attr(r, 'name') ?? ''), text: bsText(text(kids(r, 'description')[0])) }));
    for (const p of kids(d, 'profiles', 'profile')) if (L.profileTypeName(p) === 'Abilities') rules.push({ name: foldTypography(attr(p, 'name') ?? ''), text: description(p) });
    // The rule a detachment links (11th edition: "Awakened Dynasty" links the shared rule "Command Protocols").
    for (const il of kids(d, 'infoLinks', 'infoLink')) {
      if (attr(il, 'type') !== 'rule') continue;
      const id = attr(il, 'targetId') ?? '';
      // Links to core rules (the weapon abilities the rule grants: "Sustained Hits", "Assault") explain it; not its own.
      if (R.isCore(id)) continue;
      const t = R.get(id, { file: dcat.file, locator: attr(il, 'id') });
      const name = t && !t.cat.isGst && foldTypography(attr(t.node, 'name') ?? '');
      if (t && name && !rules.some((r) => r.name === name)) rules.push({ name, text: bsText(text(kids(t.node, 'description')[0])) });
    }
    const name = foldTypography(attr(d, 'name') ?? '');
    detIds.set(id, name);
    const det: Detachment = { id, name, faction: faction.name, rules, source: { file: dcat.file, locator: id } };
    // 11th edition: the Detachment Points it costs, a cost of the game system's "Detachment Points" type.
    const dp = kids(d, 'costs', 'cost').find((c) => /^detachment points$/i.test(L.costTypes.get(attr(c, 'typeId') ?? '') ?? ''));
    if (dp && Number.isFinite(Number(attr(dp, 'value')))) det.dp = Number(attr(dp, 'value'));
    data.detachments.push(det);
  };
  for (const e of entries) {
    for (const c of children(R, e, cat)) {
      if (c.tag !== 'selectionEntryGroup') { if (attr(c.node, 'type') === 'upgrade') visitDetachment(c.node, c.link, c.cat); continue; }
      for (const d of children(R, c.node, c.cat)) if (d.tag === 'selectionEntry') visitDetachment(d.node, d.link, d.cat);
    }
  }
  // Enhancements: the "Enhancements" groups the faction's characters link (recorded while building), one subgroup per detachment.
  const groupIds = enhancementGroups;
  const seenEnh = new Set<string>();
  const enhancementsCost = [...L.costTypes].find(([, n]) => /^enhancements?$/i.test(n))?.[0];
  for (const gid of groupIds) {
    const g = R.get(gid, { file: cat.file, locator: gid });
    if (!g) continue;
    const groupDet = detachmentOf(g.node, detIds);
    for (const sub of children(R, g.node, g.cat)) {
      // 11th edition (World Eaters): enhancements straight in the group, each hidden unless its detachment is chosen.
      const det = detachmentOf(sub.node, detIds) ?? (sub.tag === 'selectionEntry' ? groupDet : undefined);
      if (!det) continue;
      for (const e of sub.tag === 'selectionEntryGroup' ? children(R, sub.node, sub.cat) : [sub]) {
        const id = attr(e.node, 'id') ?? '';
        if (seenEnh.has(id) || attr(e.node, 'type') !== 'upgrade') continue;
        seenEnh.add(id);
        const p = kids(e.node, 'profiles', 'profile').find((x) => L.profileTypeName(x) === 'Abilities');
        const desc = p ? description(p) : '';
        const enh: Enhancement = { id, name: foldTypography(attr(e.node, 'name') ?? ''), detachment: det, faction: faction.name, text: desc, source: { file: e.cat.file, locator: id } };
        const pts = kids(e.node, 'costs', 'cost').find((c) => attr(c, 'typeId') === L.ptsId);
        if (pts) enh.points = Number(attr(pts, 'value'));
        const elig = /^(.{1,120}?\b(?:models?|units?) only)\./i.exec(desc);
        if (elig) enh.eligibility = elig[1];
        // 11th edition: an Upgrade's Enhancements cost is divided by its own count (copies after the first not counted).
        if (enhancementsCost && modifiersOf(e.node).some((m) => m.type === 'divide' && m.field === enhancementsCost)) {
          enh.upgrade = true;
          const copies = kids(e.node, 'constraints', 'constraint')
            .filter((c) => attr(c, 'type') === 'max' && attr(c, 'field') === 'selections' && /^(force|roster)$/.test(attr(c, 'scope') ?? ''))
            .map((c) => Number(attr(c, 'value')))
            .filter((n) => Number.isInteger(n) && n > 0);
          if (copies.length) enh.maxCopies = Math.min(...copies);
        }
        data.enhancements.push(enh);
      }
    }
  }
}

/** The detachment a per-detachment enhancement group belongs to: by the id its hide condition tests, else by name. */
function detachmentOf(group: XNode, detIds: Map<string, string>): string | undefined {
  for (const m of modifiersOf(group)) for (const c of allConditions(m)) {
    const d = detIds.get(attr(c, 'childId') ?? '');
    if (d) return d;
  }
  // By name, or by the comment BSData 11e leaves on a group ("Brazen Engines").
  for (const label of [attr(group, 'name') ?? '', text(kids(group, 'comment')[0])]) {
    const n = normalizeName(label.replace(/\s*enhancements?\s*$/i, ''));
    for (const name of detIds.values()) if (n && normalizeName(name) === n) return name;
  }
  return undefined;
}

function loadCoreRules(L: Loader, data: RulesData): void {
  const gst = L.gst;
  if (!gst) return;
  for (const el of gst.shared.values()) {
    if (el.json ? !('description' in el.json) : !el.raw.includes('<description')) continue;
    const n = L.materialise(el);
    if (!n || !kids(n, 'description').length) continue;
    const name = foldTypography(attr(n, 'name') ?? '');
    const aliases = [name.toUpperCase()];
    for (const a of kids(n, 'alias')) { const t = text(a).trim().toUpperCase(); if (t && !aliases.includes(t)) aliases.push(t); }
    const rule: CoreRule = { id: attr(n, 'id') ?? '', name, aliases, text: bsText(text(kids(n, 'description')[0])), summary: [], source: { file: gst.file, locator: attr(n, 'id') } };
    data.coreRules.push(rule);
  }
  // Rules the game system names without a text (11e: "Support"): said once, so checks needing them can say why.
  const textless = kids(gst.root, 'sharedRules', 'rule').filter((r) => {
    const el = gst.shared.get(r.$?.id ?? '');
    return el && (el.json ? !('description' in el.json) : !el.raw.includes('<description'));
  }).map((r) => attr(r, 'name') ?? '?');
  if (textless.length) L.warnings.push(warn('rule-text-missing', `${gst.file}: the game system's rule${textless.length === 1 ? '' : 's'} ${textless.map((n) => `"${n}"`).join(', ')} ha${textless.length === 1 ? 's' : 've'} no text`, { file: gst.file }, 'info'));
}

/** Loads BattleScribe data. Never throws: problems are returned as warnings. */
export function loadBsData(input: FileInput, options: BsDataOptions = {}): LoadResult {
  const data = emptyRulesData();
  const files = asDataFiles(input);
  const { catalogues, warnings: listWarnings, gameSystem } = listBsDataCatalogues(files);
  const L = new Loader(files, options, catalogues, gameSystem);
  L.warnings.push(...listWarnings);
  try {
    L.loadGst();
    const wanted = options.factions?.map(normalizeName);
    const chosen = catalogues.filter((c) => !c.library && (!wanted || wanted.includes(normalizeName(c.faction ?? '')) || wanted.includes(normalizeName(c.catalogueName))));
    if (wanted) for (const w of options.factions ?? []) {
      if (!chosen.some((c) => normalizeName(c.faction ?? '') === normalizeName(w) || normalizeName(c.catalogueName) === normalizeName(w))) {
        L.warnings.push(warn('faction-not-found', `No catalogue for faction "${w}"; available: ${catalogues.filter((c) => !c.library).map((c) => c.faction).join(', ')}`, { file: options.location ?? '(folder)' }));
      }
    }
    const edition = editionOfGameSystem(L.gst ? attr(L.gst.root, 'name') : gameSystem?.name);
    data.sources.push({ kind: 'bsdata', edition, location: options.location ?? '(files)', version: L.gst ? `${attr(L.gst.root, 'name') ?? 'game system'} revision ${attr(L.gst.root, 'revision') ?? '?'}` : undefined });
    if (!data.sources[0].version) delete data.sources[0].version;
    const seenDs = new Set<string>();
    for (const info of chosen) {
      const cat = L.catById(info.id, info.file);
      if (cat) loadFaction(L, cat, data, seenDs);
    }
    linkLeaders(data.datasheets);
    loadCoreRules(L, data);
    if (L.gst) {
      const gst = L.gst;
      const force = loadForceConstraints(gst.root, gst.file, (id) => { const el = gst.shared.get(id); return el && L.materialise(el); }, L.costTypes);
      if (force.constraints.length) data.forceConstraints = force.constraints;
      data.battleSizes.push(...force.battleSizes);
      L.warnings.push(...force.warnings);
    }
  } catch (e) {
    // A bug or an unforeseen shape must not take the server down: report it and return what loaded.
    L.warnings.push(warn('bsdata-internal', `BattleScribe loading stopped early: ${(e as Error).message}`, { file: options.location ?? '(folder)' }, 'error'));
  }
  return { data, warnings: foldDanglingIntoMissing(L.warnings) };
}

/**
 * A catalogue missing from the folder leaves every link into it dangling: say that once, on the missing
 * catalogue's warning, instead of once per link.
 */
function foldDanglingIntoMissing(warnings: DataWarning[]): DataWarning[] {
  const missing = warnings.filter((w) => w.code === 'catalogue-link-missing');
  const dangling = warnings.filter((w) => w.code === 'link-dangling');
  if (!missing.length || !dangling.length) return warnings;
  const last = missing[missing.length - 1];
  const folded = { ...last, message: `${last.message}; ${dangling.length} link${dangling.length === 1 ? '' : 's'} to entries defined nowhere in the folder (most likely in the missing catalogue${missing.length > 1 ? 's' : ''}) left unresolved` };
  return warnings.filter((w) => w.code !== 'link-dangling').map((w) => (w === last ? folded : w));
}
