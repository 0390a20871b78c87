// The per-user cache of downloaded rules data. Layout, under the cache root:
//
//   e<edition>/<source id>/<version>/...     one extracted archive per version
//   e<edition>/<source id>/current.json      the pointer to the version in use (replaced atomically)
//   e<edition>/<source id>/previous.json     the version it replaced, kept on disk
//   e<edition>/<source id>/<version>.digest/  digested factions (see digest.ts)
//   fetch.lock                               held while a fetch writes
//
// The root: --cache, else AUSPEX_CACHE_DIR, else $XDG_CACHE_HOME/auspex, else ~/.cache/auspex;
// VS Code passes the extension's global storage.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Edition } from '../service/domain/editions/types';

/** The community data each edition downloads when no source is given. */
export const DEFAULT_SOURCES: Record<Edition, string[]> = {
  10: ['https://github.com/BSData/wh40k-10e/archive/refs/heads/main.zip'],
  11: ['https://github.com/BSData/wh40k-11e/archive/refs/heads/main.zip', 'https://github.com/BSData/wh40k-11e-mfm/archive/refs/heads/main.zip'],
};

export const CACHE_EDITIONS: Edition[] = [10, 11];

/** What current.json / previous.json hold. */
export interface CachePointer {
  edition: Edition;
  /** The URL or local path it came from. */
  source: string;
  /** Where the last download ended after redirects. */
  url?: string;
  /** Folder name of this version under the source's folder. */
  version: string;
  /** The version as the source states it (ETag, Last-Modified) or the archive's digest. */
  label: string;
  etag?: string;
  lastModified?: string;
  sha256: string;
  /** Bytes of the archive and of the extracted files. */
  archiveBytes: number;
  bytes: number;
  files: number;
  /** ISO time of the download. */
  fetchedAt: string;
  /** ISO time the source was last asked for a newer version (a fetch that found it unchanged). */
  checkedAt?: string;
  /** Folders inside the version holding rules data, relative to it (the repository root, a Wahapedia export). */
  dataDirs: string[];
  /** Position among the edition's sources when fetched: earlier wins on merge. */
  order: number;
}

export interface CachedSource extends CachePointer {
  /** The source's folder and the version's absolute folder. */
  sourceDir: string;
  versionDir: string;
  /** Absolute data folders, ready for openDataFolder. */
  folders: string[];
}

export function cacheRoot(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit);
  if (env.AUSPEX_CACHE_DIR) return path.resolve(env.AUSPEX_CACHE_DIR);
  if (env.XDG_CACHE_HOME) return path.join(path.resolve(env.XDG_CACHE_HOME), 'auspex');
  return path.join(os.homedir(), '.cache', 'auspex');
}

/** A readable, stable folder name for a source: the archive's name plus a hash of the whole URL or path. */
export function sourceId(source: string): string {
  const base = source.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const parts = base.split(/[/\\]/).filter(Boolean);
  // GitHub archive URLs end in .../<repo>/archive/refs/heads/<branch>.zip: name it by the repository.
  const archiveAt = parts.lastIndexOf('archive');
  const name = archiveAt > 0 ? parts[archiveAt - 1] : (parts.pop() ?? 'source').replace(/\.(zip|tar\.gz|tgz)$/i, '');
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '').slice(0, 40) || 'source';
  return `${slug}-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}`;
}

export function sourceDir(root: string, edition: Edition, source: string): string {
  return path.join(root, `e${edition}`, sourceId(source));
}

export function readPointer(file: string): CachePointer | undefined {
  try {
    const p = JSON.parse(fs.readFileSync(file, 'utf8')) as CachePointer;
    return p && typeof p.version === 'string' && Array.isArray(p.dataDirs) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a pointer atomically: a reader sees the old file or the new one, never half of either. */
export function writePointer(file: string, pointer: CachePointer): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(pointer, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

function resolveSource(dir: string, p: CachePointer): CachedSource | undefined {
  const versionDir = path.join(dir, p.version);
  if (!fs.existsSync(versionDir)) return undefined;
  return { ...p, sourceDir: dir, versionDir, folders: p.dataDirs.map((d) => path.join(versionDir, d)) };
}

/** Every source the cache holds for an edition (its current version), in merge order. */
export function cachedSources(root: string, edition: Edition): CachedSource[] {
  const base = path.join(root, `e${edition}`);
  let names: string[];
  try {
    names = fs.readdirSync(base);
  } catch {
    return [];
  }
  const out: CachedSource[] = [];
  for (const n of names) {
    const dir = path.join(base, n);
    const p = readPointer(path.join(dir, 'current.json'));
    const s = p && resolveSource(dir, p);
    if (s) out.push(s);
  }
  return out.sort((a, b) => a.order - b.order || a.source.localeCompare(b.source));
}

/** The data folders of an edition's cached sources, in merge order (what the CLI and server add after --data). */
export function cachedDataFolders(root: string, edition: Edition): { dir: string; source: CachedSource }[] {
  return cachedSources(root, edition).flatMap((s) => s.folders.map((dir) => ({ dir, source: s })));
}

export interface StatusEntry {
  edition: Edition;
  source: string;
  version: string;
  fetchedAt: string;
  bytes: number;
  files: number;
  where: string;
  previous?: { version: string; fetchedAt: string };
}

/** What `auspex data status` lists. */
export function cacheStatus(root: string): StatusEntry[] {
  return CACHE_EDITIONS.flatMap((edition) =>
    cachedSources(root, edition).map((s) => {
      const prev = readPointer(path.join(s.sourceDir, 'previous.json'));
      return {
        edition,
        source: s.source,
        version: s.label,
        fetchedAt: s.fetchedAt,
        bytes: s.bytes,
        files: s.files,
        where: s.folders[0] ?? s.versionDir,
        ...(prev && fs.existsSync(path.join(s.sourceDir, prev.version)) ? { previous: { version: prev.label, fetchedAt: prev.fetchedAt } } : {}),
      };
    }),
  );
}

/**
 * A lock on the cache for writers: a file created exclusively, holding the owner's pid. A lock
 * whose owner is gone, or older than `staleMs`, is taken over. Waits up to `waitMs`.
 */
export async function withCacheLock<T>(root: string, fn: () => Promise<T>, opts: { waitMs?: number; staleMs?: number; onWait?: () => void } = {}): Promise<T> {
  fs.mkdirSync(root, { recursive: true });
  const file = path.join(root, 'fetch.lock');
  const waitMs = opts.waitMs ?? 10 * 60 * 1000;
  const staleMs = opts.staleMs ?? 30 * 60 * 1000;
  const t0 = Date.now();
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (lockIsStale(file, staleMs)) {
        try {
          fs.unlinkSync(file);
        } catch {
          // Another waiter took it over first.
        }
        continue;
      }
      if (Date.now() - t0 > waitMs) throw new Error(`the cache ${root} is locked by another fetch (${file}); try again when it ends`);
      if (!told) {
        told = true;
        opts.onWait?.();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    try {
      fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
}

function lockIsStale(file: string, staleMs: number): boolean {
  try {
    const { pid } = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
    if (Date.now() - fs.statSync(file).mtimeMs > staleMs) return true;
    try {
      process.kill(pid, 0);
      return false;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  } catch {
    // Unreadable or half-written: stale only once it has had time to be written.
    try {
      return Date.now() - fs.statSync(file).mtimeMs > 2000;
    } catch {
      return false;
    }
  }
}

/** A human age: "3 days", "5 hours", "just now". */
export function age(iso: string, now = Date.now()): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return 'unknown age';
  if (s < 60) return 'just now';
  const [n, unit] = s < 3600 ? [s / 60, 'minute'] : s < 86400 ? [s / 3600, 'hour'] : [s / 86400, 'day'];
  const k = Math.floor(n);
  return `${k} ${unit}${k === 1 ? '' : 's'} ago`;
}

/** Editions whose cached data was last checked more than `maxAgeMs` ago, with the sources to check. */
export function staleEditions(root: string, maxAgeMs: number, now = Date.now()): { edition: Edition; sources: string[] }[] {
  return CACHE_EDITIONS.flatMap((edition) => {
    const sources = cachedSources(root, edition);
    const stale = sources.some((s) => now - Date.parse(s.checkedAt ?? s.fetchedAt) > maxAgeMs);
    return stale ? [{ edition, sources: sources.map((s) => s.source) }] : [];
  });
}
