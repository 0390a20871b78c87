// `auspex data fetch` and the editor's Download Rules Data command: brings each
// source of an edition into the cache. Per source: download to a temporary file
// (or take a local archive), skip it when the version is unchanged, extract it
// within limits into a temporary folder, verify it holds rules data Auspex
// recognises (as an `auspex.data.paths` folder is recognised), then move it into
// place and switch the current pointer atomically; the version it replaces is
// kept as the previous one. Any failure leaves the current version in use, and
// leaves no folder nor temporary file behind: a fetch also clears what a killed
// one left anywhere in the cache, and the folder of a source that never fetched.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Edition } from '../service/domain/editions/types';
import { ArchiveError, DEFAULT_LIMITS, extractArchive, ExtractLimits } from './archive';
import { CachePointer, DEFAULT_SOURCES, readPointer, sourceDir, withCacheLock, writePointer, age } from './dataCache';
import { download, DownloadError, DownloadOptions } from './download';
import { openDataFolder } from './dataFolder';

export interface FetchOptions {
  root: string;
  edition: Edition;
  /** URLs or local archive paths; default DEFAULT_SOURCES[edition]. */
  sources?: string[];
  onProgress?: (source: string, received: number, total: number | undefined) => void;
  /** Said when this fetch waits for another one holding the lock. */
  onWait?: () => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  limits?: ExtractLimits;
  /** Lock wait (tests shorten it). */
  lockWaitMs?: number;
  /** The download's bounds (default BOUNDS.downloadBytes / downloadMs / downloadIdleMs; tests shorten them). */
  download?: Pick<DownloadOptions, 'maxBytes' | 'deadlineMs' | 'idleTimeoutMs'>;
}

export interface FetchOutcome {
  source: string;
  status: 'fetched' | 'unchanged' | 'failed' | 'offline';
  /** The version in use after this fetch, if any. */
  current?: CachePointer;
  /** One line for the user. */
  message: string;
  ms: number;
}

export async function fetchData(opts: FetchOptions): Promise<FetchOutcome[]> {
  const sources = opts.sources?.length ? opts.sources : DEFAULT_SOURCES[opts.edition];
  return withCacheLock(
    opts.root,
    async () => {
      clearCache(opts.root);
      const out: FetchOutcome[] = [];
      for (let i = 0; i < sources.length; i++) {
        if (opts.signal?.aborted) break;
        out.push(await fetchOne(opts, sources[i], i));
      }
      return out;
    },
    { waitMs: opts.lockWaitMs, onWait: opts.onWait },
  );
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);

async function fetchOne(opts: FetchOptions, source: string, order: number): Promise<FetchOutcome> {
  const t0 = Date.now();
  const dir = sourceDir(opts.root, opts.edition, source);
  fs.mkdirSync(dir, { recursive: true });
  clearLeftovers(dir);
  const currentFile = path.join(dir, 'current.json');
  const cur = readPointer(currentFile);
  const current = cur && fs.existsSync(path.join(dir, cur.version)) ? cur : undefined;
  const done = (status: FetchOutcome['status'], message: string, pointer = current): FetchOutcome => ({ source, status, current: pointer, message, ms: Date.now() - t0 });
  const keeps = current ? `the cached version ${current.label} (fetched ${age(current.fetchedAt)}) stays in use` : 'nothing is cached for it yet';
  const tmpArchive = path.join(dir, `.download-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  const tmpExtract = path.join(dir, `.extract-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    let archive: string;
    let redirected = '';
    let meta: { sha256: string; bytes: number; etag?: string; lastModified?: string; url?: string };
    if (isUrl(source)) {
      const r = await download(source, tmpArchive, {
        etag: current?.etag,
        lastModified: current?.lastModified,
        onProgress: (n, total) => opts.onProgress?.(source, n, total),
        signal: opts.signal,
        env: opts.env,
        ...opts.download,
      });
      redirected = r.url !== source ? ` (redirected to ${r.url})` : '';
      if (r.status === 'not-modified') {
        if (current) writePointer(currentFile, { ...current, checkedAt: new Date().toISOString(), order });
        return done('unchanged', `${source}${redirected}: unchanged, version ${current?.label ?? '?'}`, readPointer(currentFile));
      }
      archive = tmpArchive;
      meta = r;
    } else {
      archive = path.resolve(source);
      if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) return done('failed', `${source}: no such archive file; ${keeps}`);
      meta = { sha256: await sha256File(archive), bytes: fs.statSync(archive).size };
      opts.onProgress?.(source, meta.bytes, meta.bytes);
    }
    if (current && current.sha256 === meta.sha256) {
      writePointer(currentFile, { ...current, checkedAt: new Date().toISOString(), order });
      return done('unchanged', `${source}${redirected}: unchanged, version ${current.label}`, readPointer(currentFile));
    }
    fs.mkdirSync(tmpExtract);
    const extracted = await extractArchive(archive, tmpExtract, opts.limits ?? DEFAULT_LIMITS, opts.signal);
    const dataDirs = findDataDirs(tmpExtract);
    if (dataDirs.length === 0) {
      return done('failed', `${source}: the archive holds no rules data Auspex recognises (no BattleScribe catalogues, no Wahapedia export); ${keeps}`);
    }
    // Another edition's data would be used for the wrong lists: refused, with the flag that fits it.
    const other = dataDirs.map((d) => openDataFolder(path.join(tmpExtract, d)).edition).find((e) => e !== undefined && e !== opts.edition);
    if (other !== undefined) {
      return done('failed', `${source}: holds ${other}th-edition rules data, not ${opts.edition}th (fetch it with --edition ${other}); ${keeps}`);
    }
    const label = versionLabel(meta);
    // The label for people, the digest for uniqueness (two ETags can name different bodies on mirrors).
    const slug = label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 48);
    const version = slug && !meta.sha256.startsWith(slug) ? `${slug}-${meta.sha256.slice(0, 12)}` : meta.sha256.slice(0, 12);
    const versionDir = path.join(dir, version);
    if (fs.existsSync(versionDir)) fs.rmSync(tmpExtract, { recursive: true, force: true });
    else fs.renameSync(tmpExtract, versionDir);
    const pointer: CachePointer = {
      edition: opts.edition,
      source,
      ...(meta.url ? { url: meta.url } : {}),
      version,
      label,
      ...(meta.etag ? { etag: meta.etag } : {}),
      ...(meta.lastModified ? { lastModified: meta.lastModified } : {}),
      sha256: meta.sha256,
      archiveBytes: meta.bytes,
      bytes: extracted.bytes,
      files: extracted.files,
      fetchedAt: new Date().toISOString(),
      dataDirs,
      order,
    };
    if (current && current.version !== version) writePointer(path.join(dir, 'previous.json'), current);
    writePointer(currentFile, pointer);
    prune(dir);
    return done('fetched', `${source}${redirected}: version ${label}, ${mb(meta.bytes)} downloaded, ${extracted.files} files (${mb(extracted.bytes)}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`, pointer);
  } catch (e) {
    if (e instanceof DownloadError && e.offline) {
      return done('offline', `could not refresh ${source} (${e.message}); ${keeps}`);
    }
    const what = e instanceof DownloadError || e instanceof ArchiveError ? e.message : `${(e as Error).message}`;
    return done('failed', `${source}: ${what}; ${keeps}`);
  } finally {
    fs.rmSync(tmpArchive, { force: true });
    fs.rmSync(tmpExtract, { recursive: true, force: true });
    removeIfUnused(dir);
  }
}

/** The version as people know it: the ETag (GitHub's is the commit), else the Last-Modified date, else the digest. */
function versionLabel(meta: { sha256: string; etag?: string; lastModified?: string }): string {
  const etag = meta.etag?.replace(/^W\//, '').replace(/"/g, '');
  if (etag) return etag.slice(0, 40);
  if (meta.lastModified && !Number.isNaN(Date.parse(meta.lastModified))) return new Date(meta.lastModified).toISOString().slice(0, 10);
  return meta.sha256.slice(0, 12);
}

/**
 * The folders of an extracted archive that hold rules data, recognised exactly as a data folder of
 * `auspex.data.paths` is: the shallowest ones (a repository's root, a Wahapedia export's folder).
 */
export function findDataDirs(root: string, maxDepth = 4): string[] {
  let level = [root];
  for (let depth = 0; depth <= maxDepth && level.length; depth++) {
    const found = level.filter((d) => openDataFolder(d).kind !== 'unknown');
    if (found.length) return found.map((d) => path.relative(root, d) || '.').sort();
    level = level.flatMap((d) =>
      fs.readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
        .map((e) => path.join(d, e.name)),
    );
  }
  return [];
}

/** Versions other than the current and the previous one go, with their digests; so do temporary files of dead fetches. */
function prune(dir: string): void {
  const keep = new Set([readPointer(path.join(dir, 'current.json'))?.version, readPointer(path.join(dir, 'previous.json'))?.version].filter(Boolean) as string[]);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const version = e.name.replace(/\.digest$/, '');
    if (!keep.has(version) && !e.name.startsWith('.')) fs.rmSync(path.join(dir, e.name), { recursive: true, force: true });
  }
}

/** What a killed fetch left in any source's folder, and folders of sources that never fetched (we hold the lock). */
function clearCache(root: string): void {
  for (const e of safeList(root)) {
    if (!/^e\d+$/.test(e)) continue;
    for (const n of safeList(path.join(root, e))) {
      const dir = path.join(root, e, n);
      if (!fs.statSync(dir).isDirectory()) continue;
      clearLeftovers(dir);
      removeIfUnused(dir);
    }
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** A source's folder without a current version holds nothing of use: it goes. */
function removeIfUnused(dir: string): void {
  if (fs.existsSync(path.join(dir, 'current.json'))) return;
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Temporary files a killed fetch left (we hold the lock, so none is in use). */
function clearLeftovers(dir: string): void {
  for (const n of fs.readdirSync(dir)) {
    if (n.startsWith('.download-') || n.startsWith('.extract-') || n.endsWith('.tmp')) fs.rmSync(path.join(dir, n), { recursive: true, force: true });
  }
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

function mb(n: number): string {
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}
