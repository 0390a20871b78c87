// The Munitorum Field Manual (11th-edition points, BSData/wh40k-11e-mfm: one
// YAML file per faction plus meta.yaml) → the rules model. Pure: receives file
// contents (or an accessor) and never throws; a problem becomes a DataWarning
// naming the file and the line or the YAML path. What it gives per faction:
// units priced per starting strength and per copy (requisition thresholds),
// wargear costs, Leader/Support attach lists; detachments with their Detachment
// Points, force disposition, unique tag and enhancements.
import { parseDocument } from 'yaml';
import type {
  CoreRule, Datasheet, DataWarning, Detachment, Enhancement, Faction, PointsStep, PointsTier, PricedBy, RulesData, WargearCost,
} from './model';
import { asDataFiles, DataFiles, emptyRulesData, FileInput, LoadResult, readHead, warn } from './dataFiles';
import { BOUNDS } from '../bounds';
import { foldTypography, normalizeName } from '../text/normalize';
import { linkLeaders } from './bsdata';
import { replacePairs } from './bsdataText';
import { mfmLabel, parseCopyRange } from './mfmFormat';
import { readMfmChangelog } from './mfmChangelog';

export { mfmLabel, parseCopyRange };

export interface MfmOptions {
  /** Faction names or slugs to load (any case); all factions when absent. */
  factions?: string[];
  /** Also load units the manual marks `legends: true`. */
  includeLegends?: boolean;
  /** Folder or label recorded in `sources`. */
  location?: string;
  /** The data's DATA-CHANGELOG.md, when its folder ships one: the prices of older versions (`RulesData.mfmHistory`). */
  changelog?: string;
}

export interface MfmFactionInfo {
  file: string;
  name: string;
  slug: string;
}

const META = /^meta\.ya?ml$/i;
const YAML_FILE = /\.ya?ml$/i;
const HEAD_CHARS = 512;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A faction file's `name:` and `slug:` from its first lines (cheap listing). */
function headField(head: string, key: string): string | undefined {
  const m = new RegExp(`^${key}:\\s*(.+?)\\s*$`, 'm').exec(head);
  if (!m) return undefined;
  const v = m[1];
  return /^["'].*["']$/.test(v) ? v.slice(1, -1) : v;
}

/** Cheap listing: the faction files of the folder, by the first lines of each. */
export function listMfmFactions(input: FileInput): { factions: MfmFactionInfo[]; warnings: DataWarning[] } {
  const files = asDataFiles(input);
  const warnings: DataWarning[] = [];
  const factions: MfmFactionInfo[] = [];
  const all = files.list().filter((n) => YAML_FILE.test(n) && !META.test(n)).sort();
  if (all.length > BOUNDS.mfmFiles) {
    warnings.push(warn('mfm-malformed', `${all.length} Munitorum Field Manual files, more than the ${BOUNDS.mfmFiles} a source may hold: only the first ${BOUNDS.mfmFiles} are read`, { file: all[BOUNDS.mfmFiles] }, 'error'));
  }
  for (const file of all.slice(0, BOUNDS.mfmFiles)) {
    const head = readHead(files, file, HEAD_CHARS);
    const name = head === undefined ? undefined : headField(head, 'name');
    if (!name) {
      warnings.push(warn('mfm-malformed', `${file}: no "name:" line at its start; file skipped`, { file }));
      continue;
    }
    factions.push({ file, name: foldTypography(name), slug: (head && headField(head, 'slug')) ?? file.replace(YAML_FILE, '') });
  }
  return { factions, warnings };
}

/** The price tier of the `copy`-th unit (1-based) of a datasheet; undefined when no tier covers it. */
export function tierForCopy(tiers: PointsTier[], copy: number): PointsTier | undefined {
  return tiers.find((t) => copy >= t.copies.from && (t.copies.to === undefined || copy <= t.copies.to));
}

interface Ctx { file: string; warnings: DataWarning[] }

/** A number in [lo, hi] (an integer when `int`), else a warning naming the row and undefined: the entry is not used. */
function sane(c: Ctx, v: unknown, lo: number, hi: number, int: boolean, what: string, locator: string): number | undefined {
  const n = Number(v);
  if (!Number.isFinite(n) || (int && !Number.isInteger(n))) return undefined;
  if (n < lo || n > hi) {
    c.warnings.push(warn('mfm-bad-value', `${c.file}: ${what} is ${v}, outside ${lo}–${hi}; not used`, { file: c.file, locator }));
    return NaN;
  }
  return n;
}

function readYaml(file: string, text: string, warnings: DataWarning[]): Obj | undefined {
  // Bounded before the parser sees a byte: a 22 MB file took 56 s and 2.5 GB, 57 MB exhausted the heap.
  if (text.length > BOUNDS.mfmFileChars) {
    warnings.push(warn('mfm-malformed', `${file}: ${text.length} characters, more than the ${BOUNDS.mfmFileChars} a Munitorum Field Manual file may have; file skipped`, { file }, 'error'));
    return undefined;
  }
  let entries = 0;
  for (let i = text.indexOf('name:'); i >= 0; i = text.indexOf('name:', i + 5)) entries++;
  if (entries > BOUNDS.mfmFileEntries) {
    warnings.push(warn('mfm-malformed', `${file}: ${entries} named entries, more than the ${BOUNDS.mfmFileEntries} a Munitorum Field Manual file may hold; file skipped`, { file }, 'error'));
    return undefined;
  }
  let doc;
  try {
    doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false });
  } catch (e) {
    warnings.push(warn('mfm-malformed', `${file}: cannot be read as YAML (${(e as Error).message.split('\n')[0]}); file skipped`, { file }, 'error'));
    return undefined;
  }
  if (doc.errors.length) {
    const e = doc.errors[0];
    const at = e.linePos?.[0];
    warnings.push(warn('mfm-malformed', `${file}${at ? `:${at.line}:${at.col}` : ''}: ${e.message.split('\n')[0]}; file skipped`, { file, locator: at ? `line ${at.line}` : undefined }, 'error'));
    return undefined;
  }
  const v: unknown = doc.toJS();
  if (!isObj(v)) {
    warnings.push(warn('mfm-malformed', `${file}: not a YAML mapping; file skipped`, { file }, 'error'));
    return undefined;
  }
  return v;
}

function costsOf(c: Ctx, v: unknown, where: string): PointsStep[] {
  const out: PointsStep[] = [];
  arr(v).forEach((x, i) => {
    const at = `${where}.costs[${i}]`;
    const models = isObj(x) ? sane(c, x.models, 1, BOUNDS.modelsPerUnit, true, `${at}.models`, at) : undefined;
    const points = isObj(x) ? sane(c, x.points, 1, BOUNDS.mfmPoints, false, `${at}.points`, at) : undefined;
    if (models === undefined || points === undefined) {
      if (!Number.isNaN(models) && !Number.isNaN(points)) c.warnings.push(warn('mfm-bad-value', `${c.file}: ${at} is not {models, points}; skipped`, { file: c.file, locator: at }));
      return;
    }
    if (Number.isNaN(models) || Number.isNaN(points)) return;
    out.push({ models, points });
  });
  return out.sort((a, b) => a.models - b.models);
}

function namesOf(v: unknown): string[] {
  return arr(v).map(str).filter((s): s is string => !!s).map((s) => foldTypography(s.trim()));
}

function readUnit(c: Ctx, u: Obj, i: number, faction: Faction, pricedBy: PricedBy): Datasheet | undefined {
  const where = `units[${i}]`;
  const name = str(u.name);
  if (!name) {
    c.warnings.push(warn('mfm-bad-value', `${c.file}: ${where} has no name; skipped`, { file: c.file, locator: where }));
    return undefined;
  }
  const tiers: PointsTier[] = [];
  arr(u.pricing).forEach((p, j) => {
    if (!isObj(p)) return;
    const range = str(p.range) ?? '';
    const copies = parseCopyRange(range);
    if (!copies) {
      c.warnings.push(warn('mfm-bad-value', `${c.file}: ${name} pricing[${j}] has range "${range}", not an interval such as [1,2] or [3,); tier skipped`, { file: c.file, locator: `${where}.pricing[${j}]` }));
      return;
    }
    const tier: PointsTier = { copies, steps: costsOf(c, p.costs, `${where}.pricing[${j}]`) };
    const label = str(p.label);
    if (label) tier.label = label;
    tiers.push(tier);
  });
  tiers.sort((a, b) => a.copies.from - b.copies.from);
  const wargear: WargearCost[] = [];
  arr(u.wargear).forEach((w, j) => {
    const item = isObj(w) ? str(w.item) : undefined;
    const points = isObj(w) ? sane(c, w.points, 0, BOUNDS.mfmCost, false, `${name} wargear[${j}].points`, `${where}.wargear[${j}]`) : undefined;
    if (Number.isNaN(points)) return;
    if (!item || points === undefined) {
      c.warnings.push(warn('mfm-bad-value', `${c.file}: ${name} wargear[${j}] is not {item, points}; skipped`, { file: c.file, locator: `${where}.wargear[${j}]` }));
      return;
    }
    wargear.push({ item: foldTypography(item), points });
  });
  const role = str(u.role);
  const attach = namesOf(u.attachTo);
  const source = { file: c.file, locator: where };
  const ds: Datasheet = {
    id: `${faction.id}/${normalizeName(name)}`,
    name: foldTypography(name),
    factionKeywords: [faction.keyword],
    keywords: [],
    models: [],
    composition: [],
    points: tiers[0]?.steps ?? [],
    weapons: [],
    abilities: [],
    leads: role === 'leader' ? attach : [],
    ledBy: [],
    epicHero: false,
    pricedBy: { ...pricedBy, entry: { faction: faction.name, name } },
    source,
  };
  if (tiers.length) ds.pointsTiers = tiers;
  if (wargear.length) ds.wargearCosts = wargear;
  if (role === 'support') ds.supports = attach;
  return ds;
}

function readDetachment(c: Ctx, d: Obj, i: number, faction: Faction, data: RulesData): void {
  const where = `detachments[${i}]`;
  const name = str(d.name);
  if (!name) {
    c.warnings.push(warn('mfm-bad-value', `${c.file}: ${where} has no name; skipped`, { file: c.file, locator: where }));
    return;
  }
  const det: Detachment = { id: `${faction.id}/${normalizeName(name)}`, name: foldTypography(name), faction: faction.name, rules: [], source: { file: c.file, locator: where } };
  det.pricedBy = { kind: 'mfm', label: '', source: det.source, entry: { faction: faction.name, name } };
  const dp = sane(c, d.dp, 0, BOUNDS.mfmDp, true, `detachment "${name}" dp`, where);
  if (dp !== undefined && !Number.isNaN(dp)) det.dp = dp;
  else if (dp === undefined) c.warnings.push(warn('mfm-bad-value', `${c.file}: detachment "${name}" states no Detachment Points (dp)`, { file: c.file, locator: where }));
  const objective = str(d.objective);
  if (objective) det.forceDisposition = objective.trim();
  const unique = str(d.unique);
  if (unique) det.unique = unique.trim();
  data.detachments.push(det);
  arr(d.enhancements).forEach((e, j) => {
    const en = isObj(e) ? str(e.name) : undefined;
    if (!isObj(e) || !en) {
      c.warnings.push(warn('mfm-bad-value', `${c.file}: ${where}.enhancements[${j}] has no name; skipped`, { file: c.file, locator: `${where}.enhancements[${j}]` }));
      return;
    }
    const enh: Enhancement = { id: `${det.id}/${normalizeName(en)}`, name: foldTypography(en), detachment: det.name, faction: faction.name, text: '', source: { file: c.file, locator: `${where}.enhancements[${j}]` } };
    enh.pricedBy = { kind: 'mfm', label: '', source: enh.source, entry: { faction: faction.name, name: en, detachment: name } };
    const pts = e.points === undefined ? undefined : sane(c, e.points, 0, BOUNDS.mfmCost, false, `enhancement "${en}" points`, `${where}.enhancements[${j}]`);
    if (Number.isNaN(pts)) return;
    if (pts !== undefined) enh.points = pts;
    const leaderTo = namesOf(e.leaderTo);
    if (leaderTo.length) enh.leaderTo = leaderTo;
    const supportTo = namesOf(e.supportTo);
    if (supportTo.length) enh.supportTo = supportTo;
    // The manual marks Upgrades by their name ("Negation Emitters (Upgrade)").
    if (UPGRADE_SUFFIX.test(en)) enh.upgrade = true;
    data.enhancements.push(enh);
  });
}

/** The suffix the manual gives an Upgrade's name; lists write the name with or without it. */
export const UPGRADE_SUFFIX = /\s*\(upgrade\)\s*$/i;

/** The manual's version and date from meta.yaml, else from the first faction file read; the terms its notes define. */
function versionOf(files: DataFiles, warnings: DataWarning[]): { version?: string; date?: string; glossary: CoreRule[] } {
  const meta = files.list().find((n) => META.test(n));
  const text = meta ? files.read(meta) : undefined;
  if (!meta || text === undefined) return { glossary: [] };
  const m = readYaml(meta, text, warnings);
  return { version: str(m?.version), date: str(m?.lastUpdated), glossary: notesGlossary(str(m?.notes) ?? '', meta) };
}

/**
 * The terms the manual's notes define, one per bullet "- **Force Disposition**: Each detachment grants…"
 * ("Detachment Points (DP)" named "Detachment Points", alias "DP"); the notes' bold markers dropped.
 */
export function notesGlossary(notes: string, file: string): CoreRule[] {
  const out: CoreRule[] = [];
  for (const line of notes.split('\n')) {
    const m = /^\s*[-*]\s+\*\*([^*\n]{1,60})\*\*\s*:\s*(\S.*)$/.exec(line);
    if (!m) continue;
    const [, term, text] = m;
    const short = /^(.*?)\s*\(([^)]*)\)$/.exec(term.trim());
    const name = (short?.[1] ?? term).trim();
    out.push({ id: `mfm:notes:${name}`, name, aliases: short ? [short[2].toUpperCase()] : [], text: replacePairs(text.trim(), '**', '**', (k) => k), summary: [], source: { file, locator: 'notes' } });
  }
  return out;
}


/** Loads Munitorum Field Manual YAML files. Never throws: problems are returned as warnings. */
export function loadMfm(input: FileInput, options: MfmOptions = {}): LoadResult {
  const data = emptyRulesData();
  const files = asDataFiles(input);
  const { factions, warnings } = listMfmFactions(files);
  try {
    const meta = versionOf(files, warnings);
    const wanted = options.factions?.map(normalizeName);
    const chosen = factions.filter((f) => !wanted || wanted.includes(normalizeName(f.name)) || wanted.includes(normalizeName(f.slug)));
    if (wanted) for (const w of options.factions ?? []) {
      if (!chosen.some((f) => normalizeName(f.name) === normalizeName(w) || normalizeName(f.slug) === normalizeName(w))) {
        warnings.push(warn('faction-not-found', `No Munitorum Field Manual file for faction "${w}"; available: ${factions.map((f) => f.name).join(', ')}`, { file: options.location ?? '(folder)' }));
      }
    }
    let version = meta.version;
    let date = meta.date;
    for (const info of chosen) {
      const text = files.read(info.file);
      if (text === undefined) {
        warnings.push(warn('file-unreadable', `${info.file}: cannot be read`, { file: info.file }, 'error'));
        continue;
      }
      const y = readYaml(info.file, text, warnings);
      if (!y) continue;
      version ??= str(y.version);
      date ??= str(y.firstSeen);
      const c: Ctx = { file: info.file, warnings };
      const name = foldTypography(str(y.name) ?? info.name);
      const faction: Faction = { id: `mfm:${str(y.slug) ?? info.slug}`, name, keyword: name.toUpperCase(), source: { file: info.file } };
      const parent = str(y.parent);
      if (parent) faction.parent = parent;
      data.factions.push(faction);
      const pricedBy: PricedBy = { kind: 'mfm', label: '', source: { file: info.file } };
      arr(y.detachments).forEach((d, i) => { if (isObj(d)) readDetachment(c, d, i, faction, data); });
      const read: Datasheet[] = [];
      arr(y.units).forEach((u, i) => {
        if (!isObj(u)) return;
        if (u.legends === true && !options.includeLegends) return;
        const ds = readUnit(c, u, i, faction, pricedBy);
        if (ds) read.push(ds);
      });
      // Two entries of one name (an Imperial Agent's prices in and out of its own army): the changelog names both alike.
      const named = new Map<string, number>();
      for (const d of read) named.set(normalizeName(d.name), (named.get(normalizeName(d.name)) ?? 0) + 1);
      for (const d of read) if ((named.get(normalizeName(d.name)) ?? 0) > 1 && d.pricedBy?.entry) d.pricedBy = { ...d.pricedBy, entry: { ...d.pricedBy.entry, shared: true } };
      data.datasheets.push(...read);
    }
    const label = mfmLabel(version, date);
    if (meta.glossary.length) data.glossary = meta.glossary;
    for (const d of [...data.datasheets, ...data.detachments, ...data.enhancements]) if (d.pricedBy) d.pricedBy = { ...d.pricedBy, label };
    // The changelog gives older versions' prices only when it records the version loaded.
    if (options.changelog && version) {
      const changelog = readMfmChangelog(options.changelog);
      if (changelog.versions.some((v) => v.version === version)) data.mfmHistory = { changelog, version, ...(date ? { date } : {}) };
      else warnings.push(warn('mfm-changelog', `The Munitorum Field Manual's changelog does not record the version loaded (v${version}): older versions' prices are not read from it`, { file: 'DATA-CHANGELOG.md' }, 'info'));
    }
    data.sources.push({ kind: 'mfm', edition: 11, location: options.location ?? '(files)', version: label });
    linkLeaders(data.datasheets);
  } catch (e) {
    warnings.push(warn('mfm-internal', `Munitorum Field Manual loading stopped early: ${(e as Error).message}`, { file: options.location ?? '(folder)' }, 'error'));
  }
  return { data, warnings };
}
