// Reads a rules-data folder the user names (BSData catalogues or a Wahapedia
// export), detecting which by its files, and loads it lazily per faction: the
// parsing itself is the pure core's (loadBsData / loadWahapedia).
import * as fs from 'fs';
import * as path from 'path';
import { DataFiles, DataKind, detectDataKind, emptyRulesData, LoadResult, readHead, warn } from '../service/domain/rules/dataFiles';
import { BsDataOptions, listBsDataCatalogues, loadBsData } from '../service/domain/rules/bsdata';
import { listMfmFactions, loadMfm, MfmOptions } from '../service/domain/rules/mfm';
import type { Edition } from '../service/domain/editions/types';
import { loadWahapedia, WahapediaOptions } from '../service/domain/rules/wahapedia';
import { DataWarning } from '../service/domain/rules/model';
import { readPipeCsv } from '../service/domain/rules/wahapediaCsv';

export interface FactionInfo {
  name: string;
  /** BSData catalogue file, Wahapedia faction id or MFM file. */
  ref: string;
}

export interface DataFolder {
  dir: string;
  kind: DataKind | 'unknown';
  /**
   * The edition of the game the folder's data is for (Wahapedia 10; MFM 11; BattleScribe: its game system's name),
   * known without loading it; undefined for an unusable folder.
   */
  edition?: Edition;
  /** Problems found opening the folder (missing, unreadable, unrecognised). */
  warnings: DataWarning[];
  /** Cheap: BSData reads only each catalogue's header. */
  listFactions(): { factions: FactionInfo[]; warnings: DataWarning[] };
  loadFaction(name: string): LoadResult;
  loadAll(): LoadResult;
}

export type DataFolderOptions = BsDataOptions & WahapediaOptions & MfmOptions;

/** A DataFiles accessor over one folder: reads a file only when asked, heads by a partial read. */
export function folderFiles(dir: string): DataFiles {
  const names = fs.readdirSync(dir).filter((n) => fs.statSync(path.join(dir, n)).isFile());
  return {
    list: () => names,
    read: (n) => {
      try { return fs.readFileSync(path.join(dir, n), 'utf8'); } catch { return undefined; }
    },
    head: (n, chars) => {
      let fd: number | undefined;
      try {
        fd = fs.openSync(path.join(dir, n), 'r');
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

export function openDataFolder(dir: string, options: DataFolderOptions = {}): DataFolder {
  const location = path.resolve(dir);
  const failed = (w: DataWarning): DataFolder => ({
    dir: location, kind: 'unknown', warnings: [w],
    listFactions: () => ({ factions: [], warnings: [w] }),
    loadFaction: () => ({ data: emptyRulesData(), warnings: [w] }),
    loadAll: () => ({ data: emptyRulesData(), warnings: [w] }),
  });
  let files: DataFiles;
  try {
    if (!fs.statSync(location).isDirectory()) return failed(warn('folder-missing', `${location} is not a folder`, { file: location }, 'error'));
    files = folderFiles(location);
  } catch {
    return failed(warn('folder-missing', `Rules data folder ${location} does not exist or cannot be read`, { file: location }, 'error'));
  }
  const kind = detectDataKind(files.list(), (n) => readHead(files, n, 256));
  if (!kind) {
    return failed(warn('folder-unrecognised', `${location} holds neither BattleScribe files (.gst/.cat, or BattleScribe .json) nor a Wahapedia export (Datasheets.csv) nor Munitorum Field Manual YAML files`, { file: location }, 'error'));
  }
  const opts = { ...options, location };
  if (kind === 'mfm') {
    return {
      dir: location, kind, edition: 11, warnings: [],
      listFactions: () => {
        const { factions, warnings } = listMfmFactions(files);
        return { factions: factions.map((f) => ({ name: f.name, ref: f.file })), warnings };
      },
      loadFaction: (name) => loadMfm(files, { ...opts, factions: [name] }),
      loadAll: () => loadMfm(files, opts),
    };
  }
  if (kind === 'bsdata') {
    const listed = listBsDataCatalogues(files);
    return {
      dir: location, kind, edition: listed.gameSystem?.edition ?? 10, warnings: [],
      listFactions: () => {
        const { catalogues, warnings } = listBsDataCatalogues(files);
        return { factions: catalogues.filter((c) => !c.library).map((c) => ({ name: c.faction ?? c.catalogueName, ref: c.file })), warnings };
      },
      loadFaction: (name) => loadBsData(files, { ...opts, factions: [name] }),
      loadAll: () => loadBsData(files, opts),
    };
  }
  return {
    dir: location, kind, edition: 10, warnings: [],
    listFactions: () => {
      const warnings: DataWarning[] = [];
      const name = files.list().find((n) => n.toLowerCase() === 'factions.csv');
      const text = name ? files.read(name) : undefined;
      if (!name || text === undefined) return { factions: [], warnings: [warn('csv-missing-file', 'Factions.csv is missing from the export', { file: 'Factions.csv' }, 'error')] };
      const t = readPipeCsv(name, text, { required: ['id', 'name'], key: ['id', 'name'] }, warnings);
      const [id, nm] = t ? [t.col('id'), t.col('name')] : [-1, -1];
      return { factions: t ? t.rows.map((r) => ({ name: r.f[nm], ref: r.f[id] })) : [], warnings };
    },
    loadFaction: (name) => loadWahapedia(files, { ...opts, factions: [name] }),
    loadAll: () => loadWahapedia(files, opts),
  };
}
