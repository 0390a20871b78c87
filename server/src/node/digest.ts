// Loading is done once per data version: a cached source's factions, once
// loaded from their catalogues or CSVs, are kept as JSON beside the version
// (`<version>.digest/<auspex build>/`), and a cold server or CLI run reads that
// instead of parsing the XML again. A digest is keyed by the source's version
// (its folder), Auspex's own version and build (a new build never reads an old
// build's digest), the data folder and the load options; a missing, unreadable
// or mismatched digest is loaded from the source as usual and written anew.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { DataFolder, DataFolderOptions, FactionInfo, UnitIndex } from './dataFolder';
import type { LoadResult } from '../service/domain/rules/dataFiles';
import type { DataWarning } from '../service/domain/rules/model';

declare const AUSPEX_VERSION: string | undefined;

/** Bumped when the digest's shape changes. */
const DIGEST_FORMAT = 1;

/** Auspex's version plus this build's time: digests never outlive the code that wrote them. */
export function buildKey(): string {
  const version = typeof AUSPEX_VERSION === 'string' ? AUSPEX_VERSION : 'dev';
  let built = '0';
  try {
    built = String(Math.floor(fs.statSync(__filename).mtimeMs));
  } catch {
    // No file behind this module: the version alone.
  }
  return `v${DIGEST_FORMAT}-${version}-${built}`;
}

export interface DigestOptions {
  /** Folder for this source version's digests (`<version>.digest`; a data folder's, folderDigest.ts). */
  dir: string;
  options: DataFolderOptions;
}

/** What is known of a folder once opened: enough to answer without opening it again. */
export type FolderOpening = Pick<DataFolder, 'dir' | 'kind' | 'edition' | 'source' | 'warnings'>;

/** The file holding the digest `name` of the folder `folderDir` read with `opts` (one folder per build). */
export function digestFile(opts: DigestOptions, folderDir: string, name: string): string {
  const key = crypto.createHash('sha256').update(JSON.stringify([folderDir, opts.options])).digest('hex').slice(0, 16);
  return path.join(opts.dir, buildKey(), key, `${crypto.createHash('sha256').update(name).digest('hex').slice(0, 24)}.json`);
}

/** `folder` with its faction list and faction loads kept as digests under `opts.dir`. */
export function withDigest(folder: DataFolder, opts: DigestOptions): DataFolder {
  if (folder.kind === 'unknown') return folder;
  return digestedFolder(folder, () => folder, opts);
}

/**
 * A folder whose opening is known, its listing, loads and unit index read from their digests; `open` opens the
 * folder itself, only when one of them is not digested yet. A load that added a warning to the folder (a file it
 * could not read) is not kept: the next run reads the folder again and says so again.
 */
export function digestedFolder(known: FolderOpening, open: () => DataFolder, opts: DigestOptions): DataFolder {
  let real: DataFolder | undefined;
  let index: UnitIndex | undefined;
  const through = <T extends Digestible>(name: string, load: (f: DataFolder) => T): T =>
    cached(digestFile(opts, known.dir, name), name, () => {
      const folder = (real ??= open());
      const before = folder.warnings.length;
      const value = load(folder);
      return { value, keep: folder.warnings.length === before };
    });
  return {
    dir: known.dir,
    kind: known.kind,
    edition: known.edition,
    source: known.source,
    get warnings() {
      return real?.warnings ?? known.warnings;
    },
    listFactions: () => through('#factions', (f) => f.listFactions()),
    loadFaction: (name) => through(name, (f) => f.loadFaction(name)),
    loadAll: () => through('#all', (f) => f.loadAll()),
    unitIndex: () => (index ??= unitIndexFrom(through('#units', (f) => unitIndexAsJson(f.unitIndex())))),
  };
}

interface UnitIndexJson {
  subFactions: [string, string][];
  units: [string, string[]][];
  warnings: DataWarning[];
}

function unitIndexAsJson(index: UnitIndex): UnitIndexJson {
  return { subFactions: [...index.subFactions], units: [...index.units], warnings: index.warnings };
}

function unitIndexFrom(json: UnitIndexJson): UnitIndex {
  return { subFactions: new Map(json.subFactions), units: new Map(json.units), warnings: json.warnings };
}

type Digestible = LoadResult | { factions: FactionInfo[]; warnings: DataWarning[] } | UnitIndexJson | FolderOpening;

/** The digest `name` kept in `file`, else `load()`'s value (written to `file` when it says to keep it). */
export function cached<T extends Digestible>(file: string, name: string, load: () => { value: T; keep: boolean }): T {
  const kept = readDigest<T>(file, name);
  if (kept) return kept;
  const { value, keep } = load();
  if (keep) writeDigest(file, name, value);
  return value;
}

/** A digest's value, undefined when missing, damaged or another's. */
export function readDigest<T>(file: string, name: string): T | undefined {
  try {
    const d = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; value: T };
    if (d && d.name === name && d.value) return d.value;
  } catch {
    // No digest yet, or a damaged one: load from the source.
  }
  return undefined;
}

/** Writes a digest atomically (a reader sees the old file or the new one); true when it was written. */
export function writeDigest(file: string, name: string, value: unknown): boolean {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ name, value }));
    fs.renameSync(tmp, file);
    return true;
  } catch {
    // A read-only cache still works; only the speed-up is lost.
    return false;
  }
}
