// Wahapedia's CSV export (the 10th edition's, and the 11th's in the same layout) → the rules model. Pure: receives file
// contents (or an accessor), never throws; every problem is a DataWarning that
// names the file and the row.
import { boundWeaponProfile } from './boundedProfile';
import {
  Ability, CompositionEntry, CoreRule, Datasheet, DataWarning, Detachment, Enhancement, Faction, ModelProfile,
  PointsStep, Stratagem, Weapon, WeaponProfile,
} from './model';
import { asDataFiles, emptyRulesData, FileInput, LoadResult, readHead, warn } from './dataFiles';
import { EDITIONS, type Edition } from '../editions/types';
import { CsvReadOptions, CsvTable, htmlToText, readPipeCsv } from './wahapediaCsv';
import { foldTypography, normalizeName } from '../text/normalize';
import { linkLeaders } from './bsdata';

export interface WahapediaOptions {
  /** Faction names or Wahapedia ids (`GC`) to load; all when absent. */
  factions?: string[];
  /** Legends datasheets always load, flagged `legends`; kept for callers that state it. */
  includeLegends?: boolean;
  includeBoardingActions?: boolean;
  /** Keep units listed under a faction that carry another faction's keyword (allies). */
  includeAllies?: boolean;
  location?: string;
  /**
   * The edition the export is for: the folder's (stated by the user, or `wahapediaEdition`). Loaded without one,
   * the files' own links say it, else the data is labelled 10th (the callers that open folders refuse that case).
   */
  edition?: Edition;
}

/**
 * The edition a Wahapedia export shows: its pages' links (`https://wahapedia.ru/wh40k10ed/...`, `.../wh40k11ed/...`)
 * in Factions.csv or Datasheets.csv, else the highest edition Source.csv gives its books (its `edition` column;
 * 0 for Legends). Undefined when none shows one: the layout is the same for every edition.
 */
export function wahapediaEdition(input: FileInput): Edition | undefined {
  const files = asDataFiles(input);
  const known = (n: number): n is Edition => (EDITIONS as readonly number[]).includes(n);
  const head = (base: string, chars: number) => {
    const name = files.list().find((n) => n.toLowerCase() === base);
    return name ? readHead(files, name, chars) : undefined;
  };
  for (const base of ['factions.csv', 'datasheets.csv']) {
    const m = /wahapedia\.ru\/wh40k(\d+)ed\b/i.exec(head(base, 8192) ?? '');
    if (m && known(Number(m[1]))) return Number(m[1]) as Edition;
  }
  const source = head('source.csv', 65536);
  if (!source) return undefined;
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const col = lines[0].split('|').indexOf('edition');
  if (col < 0) return undefined;
  const editions = lines.slice(1).map((l) => Number(l.split('|')[col])).filter(known);
  return editions.length ? (Math.max(...editions) as Edition) : undefined;
}

/** Row accessor: field by column name, '' when the column is missing. */
type Get = (col: string) => string;

function rowsOf(t: CsvTable | undefined): { line: number; get: Get }[] {
  if (!t) return [];
  const cache = new Map<string, number>();
  const idx = (c: string) => {
    let i = cache.get(c);
    if (i === undefined) { i = t.col(c); cache.set(c, i); }
    return i;
  };
  return t.rows.map((r) => ({ line: r.line, get: (c: string) => { const i = idx(c); return i < 0 ? '' : r.f[i] ?? ''; } }));
}

const num = (s: string): number => {
  const m = /^\s*([+-]?\d+)/.exec(s);
  return m ? Number(m[1]) : NaN;
};

/** Loads the Wahapedia export. Never throws. */
export function loadWahapedia(input: FileInput, options: WahapediaOptions = {}): LoadResult {
  const warnings: DataWarning[] = [];
  const data = emptyRulesData();
  const files = asDataFiles(input);
  const names = new Map(files.list().map((n) => [n.toLowerCase(), n] as const));
  const table = (base: string, opts: CsvReadOptions): CsvTable | undefined => {
    const name = names.get(`${base.toLowerCase()}.csv`);
    if (!name) {
      warnings.push(warn('csv-missing-file', `${base}.csv is missing from the export; what it holds is left out`, { file: `${base}.csv` }, 'error'));
      return undefined;
    }
    const text = files.read(name);
    if (text === undefined) {
      warnings.push(warn('file-unreadable', `${name}: cannot be read`, { file: name }, 'error'));
      return undefined;
    }
    return readPipeCsv(name, text, opts, warnings);
  };
  try {
    loadInto();
  } catch (e) {
    warnings.push(warn('wahapedia-internal', `Wahapedia loading stopped early: ${(e as Error).message}`, { file: options.location ?? '(folder)' }, 'error'));
  }
  return { data, warnings };

  function loadInto(): void {
    const lastUpdate = rowsOf(table('Last_update', { required: ['last_update'] }))[0]?.get('last_update');
    data.sources.push({ kind: 'wahapedia', edition: options.edition ?? wahapediaEdition(files) ?? 10, location: options.location ?? '(files)', ...(lastUpdate ? { version: lastUpdate } : {}) });

    // Factions and the filter.
    const factionRows = rowsOf(table('Factions', { required: ['id', 'name'], key: ['id', 'name'] }));
    const wanted = options.factions?.map(normalizeName);
    const factionById = new Map<string, Faction>();
    for (const r of factionRows) {
      const id = r.get('id');
      const name = foldTypography(r.get('name'));
      if (wanted && !wanted.includes(normalizeName(id)) && !wanted.includes(normalizeName(name))) continue;
      const f: Faction = { id, name, keyword: name.toUpperCase(), source: { file: 'Factions.csv', locator: `row ${r.line}` } };
      factionById.set(id, f);
      data.factions.push(f);
    }
    if (wanted) for (const w of options.factions ?? []) {
      if (![...factionById.values()].some((f) => normalizeName(f.name) === normalizeName(w) || normalizeName(f.id) === normalizeName(w))) {
        warnings.push(warn('faction-not-found', `No Wahapedia faction "${w}"; available: ${factionRows.map((r) => r.get('name')).join(', ')}`, { file: 'Factions.csv' }));
      }
    }
    const inFaction = (id: string) => factionById.has(id);

    const legendsSources = new Set(rowsOf(table('Source', { required: ['id', 'name'] })).filter((r) => /legends/i.test(r.get('name'))).map((r) => r.get('id')));

    // Datasheets (all rows are read: names are needed for leaders across factions).
    const dsTable = table('Datasheets', { required: ['id', 'name', 'faction_id', 'source_id', 'role', 'loadout', 'virtual'], key: ['id', 'name', 'faction_id'] });
    const dsById = new Map<string, Datasheet>();
    const allNames = new Map<string, string>();
    // The same datasheet (same name, same source) listed under several factions: its listings by that key.
    const listings = new Map<string, { id: string; faction: string }[]>();
    const listingKey = (name: string, source: string) => `${normalizeName(name)}|${source}`;
    const keyOf = new Map<string, string>();
    for (const r of rowsOf(dsTable)) {
      const id = r.get('id');
      const name = foldTypography(r.get('name'));
      allNames.set(id, name);
      if (r.get('virtual') !== 'true') {
        const k = listingKey(name, r.get('source_id'));
        keyOf.set(id, k);
        const l = listings.get(k);
        if (l) l.push({ id, faction: r.get('faction_id') });
        else listings.set(k, [{ id, faction: r.get('faction_id') }]);
      }
      if (!inFaction(r.get('faction_id')) || r.get('virtual') === 'true') continue;
      const ds: Datasheet = {
        id, name, factionKeywords: [], keywords: [], models: [], composition: [], points: [], weapons: [], abilities: [],
        leads: [], ledBy: [], epicHero: false, source: { file: dsTable?.file ?? 'Datasheets.csv', locator: `row ${r.line} (id ${id})` },
      };
      // Legends datasheets always load, flagged: a list naming one is told it is Legends, not that it is unknown.
      if (legendsSources.has(r.get('source_id'))) ds.legends = true;
      if (r.get('role')) ds.role = r.get('role');
      const loadout = htmlToText(r.get('loadout'));
      if (loadout) ds.defaultLoadout = loadout;
      dsById.set(id, ds);
      data.datasheets.push(ds);
    }
    const mine = (v: string) => dsById.has(v);
    const dangling = (file: string, line: number, what: string, id: string) =>
      warnings.push(warn('csv-dangling-id', `${file}: row ${line} refers to ${what} ${id}, which does not exist; row ignored`, { file, locator: `row ${line}` }));

    // Models.
    const modelsT = table('Datasheets_models', { required: ['datasheet_id', 'name', 'M', 'T', 'Sv', 'inv_sv', 'W', 'Ld', 'OC', 'base_size'], key: ['datasheet_id'], firstField: mine });
    for (const r of rowsOf(modelsT)) {
      const ds = dsById.get(r.get('datasheet_id'));
      if (!ds) continue;
      const m: ModelProfile = {
        name: foldTypography(r.get('name')), M: r.get('M'), T: num(r.get('T')), Sv: num(r.get('Sv')), W: num(r.get('W')), Ld: num(r.get('Ld')), OC: num(r.get('OC')),
      };
      const inv = num(r.get('inv_sv'));
      if (Number.isFinite(inv)) m.invuln = inv;
      if (r.get('base_size')) m.base = r.get('base_size');
      for (const k of ['T', 'Sv', 'W', 'Ld', 'OC'] as const) {
        if (!Number.isFinite(m[k])) {
          if ((modelsT?.col(k) ?? -1) >= 0) warnings.push(warn('csv-bad-value', `${modelsT?.file}: row ${r.line} (${ds.name}) has ${k} "${r.get(k)}", not a number; read as 0`, { file: modelsT?.file ?? '', locator: `row ${r.line}` }));
          m[k] = 0;
        }
      }
      ds.models.push(m);
    }

    // Composition (free text: "4-8 Atalan Jackals", "1-2 Atalan Wolfquads*").
    for (const r of rowsOf(table('Datasheets_unit_composition', { required: ['datasheet_id', 'description'], key: ['datasheet_id'], firstField: mine }))) {
      const ds = dsById.get(r.get('datasheet_id'));
      const c = ds && parseComposition(htmlToText(r.get('description')), ds.models);
      if (ds && c) ds.composition.push(c);
    }

    // Points by unit size.
    const costT = table('Datasheets_models_cost', { required: ['datasheet_id', 'description', 'cost'], key: ['datasheet_id'], firstField: mine });
    for (const r of rowsOf(costT)) {
      const ds = dsById.get(r.get('datasheet_id'));
      if (!ds) continue;
      const points = num(r.get('cost'));
      if (!Number.isFinite(points)) {
        warnings.push(warn('csv-bad-value', `${costT?.file}: row ${r.line} (${ds.name}) has cost "${r.get('cost')}", not a number; row ignored`, { file: costT?.file ?? '', locator: `row ${r.line}` }));
        continue;
      }
      const desc = htmlToText(r.get('description'));
      // "6 Wolf Guard Headtakers and 6 Hunting Wolves": every model the price names counts (12).
      const parts = [...desc.replace(/\([^)]*\)/g, '').matchAll(/(\d+)\s+([^,\d]+?)(?=\s*(?:,|\band\b|$))/g)].map((m) => ({ model: m[2].trim(), count: Number(m[1]) }));
      const models = parts.length > 1 ? parts.reduce((n, p) => n + p.count, 0) : num(desc);
      const step: PointsStep = { models: Number.isFinite(models) ? models : Math.max(1, ds.composition.reduce((s, c) => s + c.min, 0)), points };
      if (parts.length && !/^models?$/i.test(parts[0].model)) step.parts = parts;
      // A price for one context: "(Assigned Agent)" when allied into another army, "(... Detachment)" in its own.
      const when = /\(([^)]*)\)\s*$/.exec(desc)?.[1] ?? '';
      if (/\bassigned agents?\b/i.test(when)) step.as = 'ally';
      else if (/\bdetachment\b/i.test(when)) step.as = 'own';
      ds.points.push(step);
    }
    for (const ds of dsById.values()) ds.points.sort((a, b) => a.models - b.models);

    // Weapons: one row per profile; multi-profile weapons are runs of line_in_wargear 1, 2, …
    const wT = table('Datasheets_wargear', { required: ['datasheet_id', 'line', 'line_in_wargear', 'name', 'description', 'range', 'type', 'A', 'BS_WS', 'S', 'AP', 'D'], key: ['datasheet_id', 'name'], firstField: mine });
    const byDs = new Map<string, { line: number; get: Get }[]>();
    for (const r of rowsOf(wT)) {
      const id = r.get('datasheet_id');
      // Blank rows (Spore Mines, Mucolid Spores: a unit with no weapon) are no weapon.
      if (!dsById.has(id) || !foldTypography(r.get('name'))) continue;
      let list = byDs.get(id);
      if (!list) byDs.set(id, (list = []));
      list.push(r);
    }
    for (const [id, rows] of byDs) {
      const ds = dsById.get(id) as Datasheet;
      rows.sort((a, b) => num(a.get('line')) - num(b.get('line')));
      let cur: { rows: { line: number; get: Get }[] } | undefined;
      const groups: { rows: { line: number; get: Get }[] }[] = [];
      for (const r of rows) {
        const lw = num(r.get('line_in_wargear'));
        if (!cur || !(lw > 1)) groups.push((cur = { rows: [] }));
        cur.rows.push(r);
      }
      for (const g of groups) {
        const profiles = g.rows.map((r) => boundWeaponProfile(wahaWeaponProfile(r.get), { file: 'Datasheets_wargear.csv', locator: `row ${r.line}` }, warnings));
        const first = profiles[0].name;
        const name = profiles.length > 1 ? first.split(/ [–-] /)[0] : first;
        if (!ds.weapons.some((w) => normalizeName(w.name) === normalizeName(name))) ds.weapons.push({ name, profiles } satisfies Weapon);
      }
    }

    // Keywords; those of the other listings of a loaded datasheet are read too (the ally check below).
    const twinIds = new Map<string, string[]>();
    for (const id of dsById.keys()) {
      const others = (listings.get(keyOf.get(id) ?? '') ?? []).filter((l) => l.id !== id).map((l) => l.id);
      if (others.length) twinIds.set(id, others);
    }
    const twinKeywords = new Map<string, string[]>();
    for (const ids of twinIds.values()) for (const t of ids) if (!dsById.has(t)) twinKeywords.set(t, []);
    for (const r of rowsOf(table('Datasheets_keywords', { required: ['datasheet_id', 'keyword', 'is_faction_keyword'], key: ['datasheet_id', 'keyword'], firstField: (v) => dsById.has(v) || twinKeywords.has(v) }))) {
      const k = foldTypography(r.get('keyword')).toUpperCase();
      if (!k) continue;
      const twin = twinKeywords.get(r.get('datasheet_id'));
      if (twin) {
        if (!twin.includes(k)) twin.push(k);
        continue;
      }
      const ds = dsById.get(r.get('datasheet_id'));
      if (!ds) continue;
      const list = r.get('is_faction_keyword') === 'true' ? ds.factionKeywords : ds.keywords;
      if (!list.includes(k)) list.push(k);
    }
    for (const ds of dsById.values()) ds.epicHero = ds.keywords.includes('EPIC HERO');

    // Allied units repeat under each faction that may take them (GC lists Astra Militarum units):
    // keep a faction's own units, those carrying its faction keyword, unless allies are asked for.
    const otherKeywords = new Set(factionRows.map((r) => foldTypography(r.get('name')).toUpperCase()));
    const dsFaction = new Map<string, string>();
    for (const r of rowsOf(dsTable)) if (dsById.has(r.get('id'))) dsFaction.set(r.get('id'), r.get('faction_id'));
    for (const d of dsById.values()) if (!twinKeywords.has(d.id)) twinKeywords.set(d.id, [...d.factionKeywords, ...d.keywords]);
    for (const f of factionById.values()) {
      const own = data.datasheets.filter((d) => dsFaction.get(d.id) === f.id);
      if (!own.some((d) => d.factionKeywords.includes(f.keyword))) {
        const counts = new Map<string, number>();
        for (const d of own) for (const k of d.factionKeywords) counts.set(k, (counts.get(k) ?? 0) + 1);
        const top = [...counts].sort((a, b) => b[1] - a[1])[0];
        if (top) f.keyword = top[0];
      }
      // An ally carries another faction's keyword (GC's Chimera: GENESTEALER CULTS and ASTRA MILITARUM):
      // its name is kept on the faction (what it may take as allies), the unit itself comes from its own faction.
      // A datasheet listed under several factions that carries a faction keyword besides the host's, where another
      // listing of it lacks the host's keyword (as faction or plain keyword), is that listing's unit with the host's keyword added by where it is
      // listed (Harlequins under Drukhari, Shadow Legion Heretic Astartes under Chaos Daemons, Cultists under Chaos Knights).
      const listedHere = (d: Datasheet) => d.factionKeywords.some((k) => k !== f.keyword) &&
        (twinIds.get(d.id) ?? []).some((t) => !(twinKeywords.get(t) ?? [f.keyword]).includes(f.keyword));
      // The host's keyword may be a plain keyword (Aeldari datasheets: faction keywords ASURYANI or HARLEQUINS, AELDARI plain).
      for (const d of own) {
        const foreign = d.factionKeywords.some((k) => k !== f.keyword && otherKeywords.has(k));
        if ((d.factionKeywords.includes(f.keyword) || d.keywords.includes(f.keyword)) && !foreign && !listedHere(d)) continue;
        // No keyword of this faction nor of any other, and no other listing: the faction's own datasheet under a
        // keyword of its own (the Thousand Sons codex's Kairos Fateweaver, SCINTILLATING LEGIONS).
        if (!foreign && !listedHere(d) && !(twinIds.get(d.id) ?? []).length && d.factionKeywords.length) {
          d.listedUnder = f.name;
          continue;
        }
        if (!(f.allies ??= []).includes(d.name)) f.allies.push(d.name);
        if (!options.includeAllies) dsById.delete(d.id);
      }
    }
    data.datasheets = data.datasheets.filter((d) => dsById.has(d.id));

    // Abilities (core and faction ones by id from Abilities.csv, whose ids repeat per faction).
    const abilityById = new Map<string, { name: string; text: string; faction: string }>();
    for (const r of rowsOf(table('Abilities', { required: ['id', 'name', 'faction_id', 'description'], key: ['id', 'name'] }))) {
      if (!abilityById.has(r.get('id'))) abilityById.set(r.get('id'), { name: foldTypography(r.get('name')), text: htmlToText(r.get('description')), faction: r.get('faction_id') });
      if (!r.get('faction_id')) {
        const name = foldTypography(r.get('name'));
        if (!data.coreRules.some((c) => c.id === r.get('id'))) {
          data.coreRules.push({ id: r.get('id'), name, aliases: [name.toUpperCase()], text: htmlToText(r.get('description')), summary: [], source: { file: 'Abilities.csv', locator: `row ${r.line}` } } satisfies CoreRule);
        }
      }
    }
    const abT = table('Datasheets_abilities', { required: ['datasheet_id', 'ability_id', 'name', 'description', 'type', 'parameter'], key: ['datasheet_id'], firstField: mine });
    for (const r of rowsOf(abT)) {
      const ds = dsById.get(r.get('datasheet_id'));
      if (!ds) continue;
      let a: Ability;
      const aid = r.get('ability_id');
      if (aid) {
        const ab = abilityById.get(aid);
        if (!ab) { dangling(abT?.file ?? '', r.line, 'ability', aid); continue; }
        const param = htmlToText(r.get('parameter'));
        const name = param ? `${ab.name} ${param}` : ab.name;
        a = ab.faction ? { name, kind: 'faction', text: ab.text } : { name, kind: 'core' };
      } else {
        const name = foldTypography(htmlToText(r.get('name')));
        if (!name) continue;
        const text = htmlToText(r.get('description'));
        a = { name, kind: /wargear/i.test(r.get('type')) ? 'wargear' : 'datasheet', ...(text ? { text } : {}) };
      }
      if (!ds.abilities.some((x) => normalizeName(x.name) === normalizeName(a.name))) ds.abilities.push(a);
    }

    // Wargear options (prose).
    for (const r of rowsOf(table('Datasheets_options', { required: ['datasheet_id', 'description'], key: ['datasheet_id'], firstField: mine }))) {
      const ds = dsById.get(r.get('datasheet_id'));
      const t = htmlToText(r.get('description'));
      if (ds && t) (ds.wargearOptions ??= []).push(t);
    }

    // Leaders: leader → bodyguard ids; the reverse gives "led by".
    const leT = table('Datasheets_leader', { required: ['leader_id', 'attached_id'], key: ['leader_id', 'attached_id'] });
    for (const r of rowsOf(leT)) {
      const leader = dsById.get(r.get('leader_id'));
      const attached = dsById.get(r.get('attached_id'));
      if (!leader && !attached) continue;
      const lName = allNames.get(r.get('leader_id'));
      const aName = allNames.get(r.get('attached_id'));
      if (!lName || !aName) { dangling(leT?.file ?? '', r.line, 'datasheet', !lName ? r.get('leader_id') : r.get('attached_id')); continue; }
      if (leader && !leader.leads.includes(aName)) leader.leads.push(aName);
    }
    linkLeaders(data.datasheets);

    // Detachments, their rules, enhancements, stratagems.
    const boarding = new Set<string>();
    const detById = new Map<string, Detachment>();
    for (const r of rowsOf(table('Detachments', { required: ['id', 'faction_id', 'name', 'type'], key: ['id', 'name'] }))) {
      if (/boarding actions/i.test(r.get('type'))) boarding.add(r.get('id'));
      const f = factionById.get(r.get('faction_id'));
      if (!f || (!options.includeBoardingActions && boarding.has(r.get('id')))) continue;
      const d: Detachment = { id: r.get('id'), name: foldTypography(r.get('name')), faction: f.name, rules: [], source: { file: 'Detachments.csv', locator: `row ${r.line}` } };
      detById.set(d.id, d);
      data.detachments.push(d);
    }
    const daT = table('Detachment_abilities', { required: ['name', 'description', 'detachment_id', 'faction_id'], key: ['detachment_id'] });
    for (const r of rowsOf(daT)) {
      const d = detById.get(r.get('detachment_id'));
      if (d) d.rules.push({ name: foldTypography(r.get('name')), text: htmlToText(r.get('description')) });
      else if (factionById.has(r.get('faction_id')) && !boarding.has(r.get('detachment_id'))) dangling(daT?.file ?? '', r.line, 'detachment', r.get('detachment_id'));
    }
    const enT = table('Enhancements', { required: ['faction_id', 'id', 'name', 'cost', 'detachment', 'detachment_id', 'description'], key: ['id', 'name'] });
    for (const r of rowsOf(enT)) {
      const f = factionById.get(r.get('faction_id'));
      if (!f) continue;
      const d = detById.get(r.get('detachment_id'));
      if (!d) {
        if (!boarding.has(r.get('detachment_id'))) dangling(enT?.file ?? '', r.line, 'detachment', r.get('detachment_id'));
        continue;
      }
      const text = htmlToText(r.get('description'));
      const e: Enhancement = { id: r.get('id'), name: foldTypography(r.get('name')), detachment: d.name, faction: f.name, text, source: { file: enT?.file ?? '', locator: `row ${r.line}` } };
      const cost = num(r.get('cost'));
      if (Number.isFinite(cost)) e.points = cost;
      const elig = /^(.{1,120}?\bmodels? only)\./i.exec(text);
      if (elig) e.eligibility = elig[1];
      data.enhancements.push(e);
    }
    const stT = table('Stratagems', { required: ['faction_id', 'name', 'id', 'type', 'cp_cost', 'legend', 'turn', 'phase', 'detachment_id', 'description'], key: ['id', 'name'] });
    for (const r of rowsOf(stT)) {
      const fid = r.get('faction_id');
      const type = foldTypography(r.get('type'));
      const isBoarding = /^boarding actions\b/i.test(type) || boarding.has(r.get('detachment_id'));
      if (isBoarding && !options.includeBoardingActions) continue;
      if (fid && !factionById.has(fid)) continue;
      const d = r.get('detachment_id') ? detById.get(r.get('detachment_id')) : undefined;
      if (r.get('detachment_id') && !d) {
        // Real exports have a few: keep the stratagem under the detachment name the row states.
        warnings.push(warn('csv-dangling-id', `${stT?.file}: row ${r.line} (${r.get('name')}) refers to detachment ${r.get('detachment_id')}, which Detachments.csv lacks; kept under "${r.get('detachment')}"`, { file: stT?.file ?? '', locator: `row ${r.line}` }, 'info'));
      }
      let cp = num(r.get('cp_cost'));
      if (!Number.isFinite(cp)) {
        warnings.push(warn('csv-bad-value', `${stT?.file}: row ${r.line} (${r.get('name')}) has no CP cost; read as 0`, { file: stT?.file ?? '', locator: `row ${r.line}` }, 'info'));
        cp = 0;
      }
      const parts = stratagemParts(r.get('description'));
      const catM = /[–-]\s*(.+?)\s+Stratagem$/i.exec(type);
      const s: Stratagem = {
        id: r.get('id'), name: foldTypography(r.get('name')), cp, category: catM ? catM[1] : type,
        when: parts.when, target: parts.target, effect: parts.effect, source: { file: stT?.file ?? '', locator: `row ${r.line}` },
      };
      const detName = d?.name ?? foldTypography(r.get('detachment'));
      if (detName) { s.detachment = detName; s.faction = factionById.get(fid)?.keyword ?? d?.faction.toUpperCase(); }
      if (!s.faction) delete s.faction;
      const phase = foldTypography(r.get('phase'));
      if (phase) s.phase = phase;
      const flavor = htmlToText(r.get('legend'));
      if (flavor) s.flavor = flavor;
      if (parts.restrictions) s.restrictions = parts.restrictions;
      data.stratagems.push(s);
    }
  }
}

function wahaWeaponProfile(get: Get): WeaponProfile {
  const type = /melee/i.test(get('type')) || /melee/i.test(get('range')) ? 'melee' : 'ranged';
  const rawRange = get('range').trim();
  const range = /^\d+$/.test(rawRange) ? `${rawRange}"` : rawRange || (type === 'melee' ? 'Melee' : '');
  const skill = num(get('BS_WS'));
  const kw = htmlToText(get('description'));
  return {
    name: foldTypography(get('name')),
    type,
    range,
    A: get('A').trim(),
    skill: Number.isFinite(skill) ? skill : null,
    S: num(get('S')),
    AP: num(get('AP')) || 0,
    D: get('D').trim(),
    // Abilities are separated by commas, in a few rows by full stops ("HAZARDOUS. IGNORES COVER. PSYCHIC").
    abilities: kw ? kw.split(/,|\.(?:\s+|$)/).map((s) => foldTypography(s).toUpperCase()).filter(Boolean) : [],
  };
}

/** "4-8 Atalan Jackals" → {model: "ATALAN JACKAL" (the model row it names), min 4, max 8}. */
export function parseComposition(text: string, models: ModelProfile[]): CompositionEntry | undefined {
  const m = /^(\d+)(?:\s*[-–]\s*(\d+))?\s+(.+?)\s*\**\s*$/.exec(text.split('\n')[0]);
  if (!m) return undefined;
  const name = m[3].replace(/\s*[–-]\s*EPIC HERO$/i, '').trim();
  const key = normalizeName(name);
  const model = models.find((x) => {
    const k = normalizeName(x.name);
    return k === key || `${k}s` === key || `${k}es` === key || key.startsWith(`${k} `) || (k.endsWith('y') && `${k.slice(0, -1)}ies` === key);
  });
  return { model: model?.name ?? name, min: Number(m[1]), max: Number(m[2] ?? m[1]) };
}

function stratagemParts(html: string): { when: string; target: string; effect: string; restrictions?: string } {
  const t = htmlToText(html);
  const grab = (label: string) => {
    const re = new RegExp(`${label}:\\s*([\\s\\S]*?)(?=\\n?\\s*(?:WHEN|TARGET|EFFECT|RESTRICTIONS):|$)`, 'i');
    return re.exec(t)?.[1].trim() ?? '';
  };
  const r = grab('RESTRICTIONS');
  return { when: grab('WHEN'), target: grab('TARGET'), effect: grab('EFFECT'), ...(r ? { restrictions: r } : {}) };
}
