// Reads a rules-data folder the user names (BSData catalogues or a Wahapedia
// export), detecting which by its files, and loads it lazily per faction: the
// parsing itself is the pure core's (loadBsData / loadWahapedia).
import * as fs from 'fs';
import * as path from 'path';
import { DataFiles, DataKind, detectDataKind, emptyRulesData, LoadResult, readHead, warn } from '../service/domain/rules/dataFiles';
import { BsDataOptions, listBsDataCatalogues, loadBsData } from '../service/domain/rules/bsdata';
import { listMfmFactions, loadMfm, MfmOptions } from '../service/domain/rules/mfm';
import type { Edition } from '../service/domain/editions/types';
import { loadWahapedia, wahapediaEdition, WahapediaOptions } from '../service/domain/rules/wahapedia';
import type { DataSource, DataWarning } from '../service/domain/rules/model';
import { readPipeCsv } from '../service/domain/rules/wahapediaCsv';
import { normalizeName, spellingKey } from '../service/domain/text/normalize';
import { BOUNDS } from '../service/domain/bounds';
import { readFileCapped } from './files';

export interface FactionInfo {
  name: string;
  /** BSData catalogue file, Wahapedia faction id or MFM file. */
  ref: string;
}

export interface DataFolder {
  dir: string;
  kind: DataKind | 'unknown';
  /**
   * The edition of the game the folder's data is for (stated by the user, else: MFM 11; BattleScribe: its game system's
   * name; Wahapedia: its links or Source.csv), known without loading it; undefined for an unusable folder.
   */
  edition?: Edition;
  /**
   * The source the folder's loads name (a BattleScribe folder's game system and revision), known without loading:
   * said of a faction the folder lacks, so that a list is never told to fetch data that is already given.
   */
  source?: DataSource;
  /** Problems found opening the folder (missing, unreadable, unrecognised, its edition unknown). */
  warnings: DataWarning[];
  /** Cheap: BSData reads only each catalogue's header. */
  listFactions(): { factions: FactionInfo[]; warnings: DataWarning[] };
  loadFaction(name: string): LoadResult;
  loadAll(): LoadResult;
  /**
   * Which factions hold what, read on first use: sub-factions (a chapter keyword → the faction whose
   * datasheets carry it: "space wolves" → "Space Marines") and datasheet names (`spellingKey`) → the
   * factions whose data lists them. Empty where the layout gives no cheap answer (BSData).
   */
  unitIndex(): UnitIndex;
}

export interface UnitIndex {
  /** Normalised sub-faction keyword → the folder's faction name. */
  subFactions: Map<string, string>;
  /** `spellingKey` of a datasheet name → folder faction names listing it. */
  units: Map<string, string[]>;
  warnings: DataWarning[];
}

const EMPTY_INDEX: UnitIndex = { subFactions: new Map(), units: new Map(), warnings: [] };

export type DataFolderOptions = BsDataOptions & WahapediaOptions & MfmOptions & {
  /** The edition the user states for the folder (`11=<dir>` in auspex.data.paths or --data): it wins over what the data shows. */
  edition?: Edition;
};

/**
 * A DataFiles accessor over one folder: reads a file only when asked (regular files only, byte-capped),
 * heads by a partial read. An entry that cannot be stat'ed (a broken symlink) or is not a regular file (a FIFO,
 * a device) is skipped with a warning naming it into `warnings`; the rest of the folder still loads.
 */
export function folderFiles(dir: string, warnings: DataWarning[] = []): DataFiles {
  const names: string[] = [];
  for (const n of fs.readdirSync(dir)) {
    const full = path.join(dir, n);
    let st: fs.Stats;
    try {
      st = fs.statSync(full);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const broken = code === 'ENOENT' && isSymlink(full);
      warnings.push(warn(broken ? 'file-broken-link' : 'file-unreadable', broken ? `${full} is a symbolic link to nothing; skipped` : `${full} cannot be read (${code ?? (e as Error).message}); skipped`, { file: full }));
      continue;
    }
    if (st.isFile()) names.push(n);
    else if (!st.isDirectory() && DATA_FILE.test(n)) warnings.push(warn('file-not-regular', `${full} is not a regular file (a device, pipe or socket); skipped`, { file: full }));
  }
  return {
    list: () => names,
    read: (n) => {
      const r = readFileCapped(path.join(dir, n), BOUNDS.dataFileBytes);
      if ('error' in r) {
        warnings.push(warn('file-unreadable', `${r.error}`, { file: path.join(dir, n) }, 'error'));
        return undefined;
      }
      return r.bytes.toString('utf8');
    },
    head: (n, chars) => {
      let fd: number | undefined;
      try {
        fd = fs.openSync(path.join(dir, n), fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
        if (!fs.fstatSync(fd).isFile()) return undefined;
        const buf = Buffer.alloc(chars * 2);
        const got = fs.readSync(fd, buf, 0, buf.length, 0);
        return buf.subarray(0, got).toString('utf8').slice(0, chars);
      } catch {
        return undefined;
      } finally {
        if (fd !== undefined) fs.closeSync(fd);
      }
    },
    tail: (n, chars) => {
      let fd: number | undefined;
      try {
        fd = fs.openSync(path.join(dir, n), 'r');
        const size = fs.fstatSync(fd).size;
        const len = Math.min(size, chars * 2);
        const buf = Buffer.alloc(len);
        const got = fs.readSync(fd, buf, 0, len, size - len);
        // A multi-byte character cut at the start decodes as U+FFFD: harmless before the root's attributes.
        return buf.subarray(0, got).toString('utf8').slice(-chars);
      } catch {
        return undefined;
      } finally {
        if (fd !== undefined) fs.closeSync(fd);
      }
    },
  };
}

const DATA_FILE = /\.(gst|cat|gstz|catz|csv|json|ya?ml)$/i;

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

export function openDataFolder(dir: string, options: DataFolderOptions = {}): DataFolder {
  const location = path.resolve(dir);
  const failed = (w: DataWarning): DataFolder => ({
    dir: location, kind: 'unknown', warnings: [w],
    listFactions: () => ({ factions: [], warnings: [w] }),
    loadFaction: () => ({ data: emptyRulesData(), warnings: [w] }),
    loadAll: () => ({ data: emptyRulesData(), warnings: [w] }),
    unitIndex: () => EMPTY_INDEX,
  });
  let files: DataFiles;
  // Skipped entries (broken links, devices) and refused reads: reported with the folder, which still loads.
  const fileWarnings: DataWarning[] = [];
  try {
    if (!fs.statSync(location).isDirectory()) return failed(warn('folder-missing', `${location} is not a folder`, { file: location }, 'error'));
    files = folderFiles(location, fileWarnings);
  } catch {
    return failed(warn('folder-missing', `Rules data folder ${location} does not exist or cannot be read`, { file: location }, 'error'));
  }
  const kind = detectDataKind(files.list(), (n) => readHead(files, n, 256));
  if (!kind) {
    return failed(warn('folder-unrecognised', `${location} holds neither BattleScribe files (.gst/.cat, or BattleScribe .json) nor a Wahapedia export (Datasheets.csv) nor Munitorum Field Manual YAML files`, { file: location }, 'error'));
  }
  let index: UnitIndex | undefined;
  const stated = options.edition;
  // What the data shows of its edition: the MFM is the 11th's; BattleScribe, its game system's name; a Wahapedia
  // export, its pages' links (the 10th's and the 11th's exports share one layout, so none is assumed).
  const shown: Edition | undefined = kind === 'mfm' ? 11 : kind === 'bsdata' ? listBsDataCatalogues(files).gameSystem?.edition ?? 10 : wahapediaEdition(files);
  const edition = stated ?? shown;
  if (edition === undefined) {
    // Recognised (a data folder) but unusable until its edition is known.
    return { ...failed(warn('data-edition-unknown', `${location} is a Wahapedia export that does not show its edition (no wahapedia.ru/wh40k<N>ed link in Factions.csv or Datasheets.csv, no edition in Source.csv): state it, "10=${location}" or "11=${location}" in auspex.data.paths or --data`, { file: location }, 'error')), kind };
  }
  if (stated !== undefined && shown !== undefined && stated !== shown) {
    fileWarnings.push(warn('data-edition-stated', `${location}: its data shows the ${shown}th edition, read as the ${stated}th as stated`, { file: location }, 'info'));
  }
  const opts = { ...options, location, edition };
  // Every source loaded from the folder carries the folder's edition.
  const stamp = (r: LoadResult): LoadResult => {
    for (const s of r.data.sources) s.edition = edition;
    return r;
  };
  if (kind === 'mfm') {
    // The manual's changelog ships beside the YAML files (the folder itself, or the repository root above a data folder).
    let changelog: string | null | undefined;
    const withChangelog = () => {
      if (changelog === undefined) changelog = readChangelog(location, files) ?? null;
      return changelog === null ? opts : { ...opts, changelog };
    };
    return {
      dir: location, kind, edition, warnings: fileWarnings,
      listFactions: () => {
        const { factions, warnings } = listMfmFactions(files);
        return { factions: factions.map((f) => ({ name: f.name, ref: f.file })), warnings };
      },
      loadFaction: (name) => stamp(loadMfm(files, { ...withChangelog(), factions: [name] })),
      loadAll: () => stamp(loadMfm(files, withChangelog())),
      // The MFM's files are small: read whole once, they say which faction prices a unit (an ally's own faction).
      unitIndex: () => (index ??= mfmUnitIndex(loadMfm(files, opts))),
    };
  }
  if (kind === 'bsdata') {
    const gst = listBsDataCatalogues(files).gameSystem;
    // As loadBsData names it.
    const version = gst ? `${gst.name ?? 'game system'} revision ${gst.revision ?? '?'}` : undefined;
    return {
      dir: location, kind, edition, warnings: fileWarnings,
      source: { kind, edition, location, ...(version ? { version } : {}) },
      listFactions: () => {
        const { catalogues, warnings } = listBsDataCatalogues(files);
        return { factions: catalogues.filter((c) => !c.library).map((c) => ({ name: c.faction ?? c.catalogueName, ref: c.file })), warnings };
      },
      loadFaction: (name) => stamp(loadBsData(files, { ...opts, factions: [name] })),
      loadAll: () => stamp(loadBsData(files, opts)),
      unitIndex: () => EMPTY_INDEX,
    };
  }
  return {
    dir: location, kind, edition, warnings: fileWarnings,
    listFactions: () => {
      const warnings: DataWarning[] = [];
      const name = files.list().find((n) => n.toLowerCase() === 'factions.csv');
      const text = name ? files.read(name) : undefined;
      if (!name || text === undefined) return { factions: [], warnings: [warn('csv-missing-file', 'Factions.csv is missing from the export', { file: 'Factions.csv' }, 'error')] };
      const t = readPipeCsv(name, text, { required: ['id', 'name'], key: ['id', 'name'] }, warnings);
      const [id, nm] = t ? [t.col('id'), t.col('name')] : [-1, -1];
      return { factions: t ? t.rows.map((r) => ({ name: r.f[nm], ref: r.f[id] })) : [], warnings };
    },
    loadFaction: (name) => stamp(loadWahapedia(files, { ...opts, factions: [name] })),
    loadAll: () => stamp(loadWahapedia(files, opts)),
    unitIndex: () => (index ??= wahapediaUnitIndex(files)),
  };
}

/** The Munitorum Field Manual's DATA-CHANGELOG.md in its folder, else in the folder above (a repository's root). */
function readChangelog(dir: string, files: DataFiles): string | undefined {
  const own = files.list().find((n) => CHANGELOG.test(n));
  if (own) return files.read(own);
  const parent = path.dirname(dir);
  if (parent === dir) return undefined;
  try {
    const name = fs.readdirSync(parent).find((n) => CHANGELOG.test(n));
    if (!name) return undefined;
    const r = readFileCapped(path.join(parent, name), BOUNDS.dataFileBytes);
    return 'bytes' in r ? r.bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

const CHANGELOG = /^data-changelog\.md$/i;

/** Datasheet names → the MFM factions pricing them. */
function mfmUnitIndex(loaded: LoadResult): UnitIndex {
  const units = new Map<string, string[]>();
  const nameOf = new Map(loaded.data.factions.map((f) => [f.keyword, f.name] as const));
  for (const d of loaded.data.datasheets) {
    const f = nameOf.get(d.factionKeywords[0] ?? '');
    if (!f) continue;
    const key = spellingKey(d.name);
    const list = units.get(key) ?? [];
    if (!list.includes(f)) list.push(f);
    units.set(key, list);
  }
  return { subFactions: new Map(), units, warnings: [] };
}

/** Factions.csv, Datasheets.csv and the faction keywords of Datasheets_keywords.csv: who holds which unit and chapter. */
function wahapediaUnitIndex(files: DataFiles): UnitIndex {
  const warnings: DataWarning[] = [];
  const read = (base: string, required: string[]) => {
    const name = files.list().find((n) => n.toLowerCase() === `${base.toLowerCase()}.csv`);
    const text = name ? files.read(name) : undefined;
    return name && text !== undefined ? readPipeCsv(name, text, { required }, warnings) : undefined;
  };
  const factions = read('Factions', ['id', 'name']);
  const sheets = read('Datasheets', ['id', 'name', 'faction_id', 'virtual']);
  const keywords = read('Datasheets_keywords', ['datasheet_id', 'keyword', 'is_faction_keyword']);
  const factionName = new Map<string, string>();
  if (factions) for (const r of factions.rows) factionName.set(r.f[factions.col('id')], r.f[factions.col('name')]);
  const factionOf = new Map<string, string>();
  const units = new Map<string, string[]>();
  if (sheets) {
    const [id, nm, fid, virt] = ['id', 'name', 'faction_id', 'virtual'].map((c) => sheets.col(c));
    for (const r of sheets.rows) {
      const f = factionName.get(r.f[fid]);
      if (!f || r.f[virt] === 'true') continue;
      factionOf.set(r.f[id], f);
      const key = spellingKey(r.f[nm]);
      const list = units.get(key) ?? [];
      if (!list.includes(f)) list.push(f);
      units.set(key, list);
    }
  }
  // A faction keyword that names no faction (SPACE WOLVES) belongs to the faction whose datasheets carry it most.
  const counts = new Map<string, Map<string, number>>();
  const factionKeys = new Set([...factionName.values()].map(normalizeName));
  if (keywords) {
    const [ds, kw, isF] = ['datasheet_id', 'keyword', 'is_faction_keyword'].map((c) => keywords.col(c));
    for (const r of keywords.rows) {
      const k = normalizeName(r.f[kw] ?? '');
      const f = factionOf.get(r.f[ds]);
      if (r.f[isF] !== 'true' || !k || !f || factionKeys.has(k)) continue;
      const c = counts.get(k) ?? new Map<string, number>();
      c.set(f, (c.get(f) ?? 0) + 1);
      counts.set(k, c);
    }
  }
  const subFactions = new Map<string, string>();
  for (const [k, c] of counts) subFactions.set(k, [...c].sort((a, b) => b[1] - a[1])[0][0]);
  return { subFactions, units, warnings };
}
