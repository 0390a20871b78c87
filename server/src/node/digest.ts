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
import type { DataFolder, DataFolderOptions, FactionInfo } from './dataFolder';
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
  /** Folder for this source version's digests (`<version>.digest`). */
  dir: string;
  options: DataFolderOptions;
}

/** `folder` with its faction list and faction loads kept as digests under `opts.dir`. */
export function withDigest(folder: DataFolder, opts: DigestOptions): DataFolder {
  if (folder.kind === 'unknown') return folder;
  const key = crypto.createHash('sha256').update(JSON.stringify([folder.dir, opts.options])).digest('hex').slice(0, 16);
  const dir = path.join(opts.dir, buildKey(), key);
  const file = (name: string) => path.join(dir, `${crypto.createHash('sha256').update(name).digest('hex').slice(0, 24)}.json`);
  return {
    ...folder,
    listFactions: () => cached(file('#factions'), '#factions', () => folder.listFactions()),
    loadFaction: (name) => cached(file(name), name, () => folder.loadFaction(name)),
    loadAll: () => cached(file('#all'), '#all', () => folder.loadAll()),
  };
}

type Digestible = LoadResult | { factions: FactionInfo[]; warnings: DataWarning[] };

function cached<T extends Digestible>(file: string, name: string, load: () => T): T {
  try {
    const d = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; value: T };
    if (d && d.name === name && d.value) return d.value;
  } catch {
    // No digest yet, or a damaged one: load from the source.
  }
  const value = load();
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ name, value }));
    fs.renameSync(tmp, file);
  } catch {
    // A read-only cache still works; only the speed-up is lost.
  }
  return value;
}
