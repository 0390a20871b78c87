// Extracts a downloaded rules-data archive (.zip or .tar.gz) into a folder, as
// a careful package manager does: within limits on the entry count, the total
// size and the compression ratio (an archive bomb stops at the limit, before
// it fills the disk), never writing outside the target folder, skipping links.
// yauzl reads zips (it checks sizes against the central directory and refuses
// absolute or `..` names); tar's Parser reads .tar.gz streams, and the reading
// stops at the tar's end-of-archive blocks (whatever follows them is never read:
// the parser would buffer it all, quadratically). Cancel stops either reader.
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { Readable, Transform } from 'stream';
import { pipeline } from 'stream/promises';
import * as yauzl from 'yauzl';
import { Parser, ReadEntry } from 'tar';

export interface ExtractLimits {
  /** Files and folders in the archive. */
  maxEntries: number;
  /** Bytes once extracted, all files together. */
  maxTotalBytes: number;
  /** Extracted bytes per archive byte, over the whole archive. */
  maxRatio: number;
}

/** Generous for a BSData repository (about 300 files, 100 MB) or a Wahapedia export (30 files, 60 MB). */
export const DEFAULT_LIMITS: ExtractLimits = { maxEntries: 20000, maxTotalBytes: 1024 * 1024 * 1024, maxRatio: 200 };

export class ArchiveError extends Error {}

export type ArchiveKind = 'zip' | 'tar.gz';

/** What an archive file is, by its first bytes (a URL's name may say nothing). */
export function archiveKind(file: string): ArchiveKind | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(4);
    const n = fs.readSync(fd, b, 0, 4, 0);
    if (n >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5)) return 'zip';
    if (n >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'tar.gz';
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** Extracts `file` into the existing empty folder `target`; returns the number of files written. */
export async function extractArchive(file: string, target: string, limits: ExtractLimits = DEFAULT_LIMITS, signal?: AbortSignal): Promise<{ files: number; bytes: number }> {
  const kind = archiveKind(file);
  if (!kind) throw new ArchiveError('not a .zip or .tar.gz archive (unrecognised first bytes)');
  const guard = new Guard(target, fs.statSync(file).size, limits, signal);
  if (kind === 'zip') await extractZip(file, guard);
  else await extractTar(file, guard);
  return { files: guard.files, bytes: guard.bytes };
}

/** Counts and checks every entry and byte; resolves names inside the target folder. */
class Guard {
  entries = 0;
  files = 0;
  bytes = 0;
  private readonly root: string;

  constructor(target: string, private readonly archiveBytes: number, private readonly limits: ExtractLimits, private readonly signal?: AbortSignal) {
    this.root = path.resolve(target);
  }

  /** Bytes an archive's inflated tar stream may hold: its files plus headers and padding. */
  tarLimit(): number {
    return Math.min(this.limits.maxTotalBytes, Math.max(1024 * 1024, this.archiveBytes * this.limits.maxRatio)) + this.limits.maxEntries * 1536;
  }

  /** Throws once the caller cancelled (checked at every entry and chunk). */
  live(): void {
    if (this.signal?.aborted) throw new ArchiveError('the extraction was cancelled');
  }

  /** The absolute path an entry name is written to; refuses names that leave the folder. */
  entry(name: string): string {
    this.live();
    if (++this.entries > this.limits.maxEntries) throw new ArchiveError(`more than ${this.limits.maxEntries} entries: refused as an archive bomb`);
    const clean = name.replace(/\\/g, '/');
    if (clean.startsWith('/') || /^[a-zA-Z]:/.test(clean) || clean.split('/').includes('..') || clean.includes('\0')) {
      throw new ArchiveError(`the entry "${name}" would be written outside the target folder: refused`);
    }
    const dest = path.resolve(this.root, clean);
    if (dest !== this.root && !dest.startsWith(this.root + path.sep)) throw new ArchiveError(`the entry "${name}" would be written outside the target folder: refused`);
    return dest;
  }

  /** Declared size of the next file (checked before a byte is inflated), then each real chunk. */
  declare(size: number): void {
    this.check(this.bytes + size);
  }

  add(n: number): void {
    this.live();
    this.bytes += n;
    this.check(this.bytes);
  }

  private check(total: number): void {
    if (total > this.limits.maxTotalBytes) throw new ArchiveError(`more than ${mb(this.limits.maxTotalBytes)} once extracted: refused as an archive bomb`);
    // Small archives may legitimately compress well; the ratio counts beyond the first megabyte.
    if (total > 1024 * 1024 && total > this.archiveBytes * this.limits.maxRatio) {
      throw new ArchiveError(`expands more than ${this.limits.maxRatio} times its size: refused as an archive bomb`);
    }
  }

  /** Writes one file from a stream, counting its bytes. */
  async write(dest: string, stream: Readable): Promise<void> {
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        try {
          this.add(chunk.length);
          cb(null, chunk);
        } catch (e) {
          cb(e as Error);
        }
      },
    });
    await pipeline(stream, counter, fs.createWriteStream(dest, { flags: 'wx' }));
    this.files++;
  }
}

function extractZip(file: string, guard: Guard): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new ArchiveError(`unreadable zip: ${err?.message ?? 'no archive'}`));
      // yauzl refuses absolute and `..` names itself; say so in our words.
      let failed = false;
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        zip.close();
        const m = (e as Error).message;
        if (e instanceof ArchiveError) reject(e);
        else if (/invalid relative path|absolute path/i.test(m)) reject(new ArchiveError(`an entry would be written outside the target folder (${m}): refused`));
        else reject(new ArchiveError(`corrupt zip: ${m}`));
      };
      zip.on('error', fail);
      zip.on('end', () => {
        if (!failed) resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const dest = guard.entry(entry.fileName);
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          if (entry.fileName.endsWith('/')) {
            fs.mkdirSync(dest, { recursive: true });
            zip.readEntry();
            return;
          }
          // Links are never followed nor created: a rules-data archive has no need of them.
          if (mode === 0o120000) {
            zip.readEntry();
            return;
          }
          guard.declare(entry.uncompressedSize);
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream) return fail(e ?? new Error('no stream'));
            guard.write(dest, stream).then(() => zip.readEntry(), fail);
          });
        } catch (e) {
          fail(e);
        }
      });
      zip.readEntry();
    });
  });
}

async function extractTar(file: string, guard: Guard): Promise<void> {
  const parser = new Parser({ strict: true });
  const writes: Promise<void>[] = [];
  let failure: unknown;
  const source = fs.createReadStream(file);
  const fail = (e: unknown) => {
    if (failure) return;
    failure = e;
    source.destroy();
  };
  parser.on('entry', (entry: ReadEntry) => {
    if (failure) return entry.resume();
    try {
      const dest = guard.entry(entry.path);
      if (entry.type === 'Directory') {
        fs.mkdirSync(dest, { recursive: true });
        return entry.resume();
      }
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') return entry.resume();
      guard.declare(entry.size);
      writes.push(guard.write(dest, entry as unknown as Readable).catch(fail));
    } catch (e) {
      fail(e);
      entry.resume();
    }
  });
  parser.on('warn', (_code: string, message: string | Error) => fail(new ArchiveError(`corrupt archive: ${typeof message === 'string' ? message : message.message}`)));
  // The gzip is inflated here, not in the parser, so that the inflated stream can stop at the tar's
  // end: after the two zero blocks nothing more is inflated nor handed to the parser.
  const gunzip = zlib.createGunzip();
  let sawEof = false;
  let tarBytes = 0;
  const gate = new Transform({
    transform: (chunk: Buffer, _enc, cb) => {
      if (sawEof) return cb();
      tarBytes += chunk.length;
      try {
        guard.live();
        // The tar stream itself (headers, padding) is bounded as the files are.
        if (tarBytes > guard.tarLimit()) throw new ArchiveError(`the archive's tar stream is larger than its limit (${mb(guard.tarLimit())}): refused as an archive bomb`);
      } catch (e) {
        return cb(e as Error);
      }
      cb(null, chunk);
    },
  });
  parser.on('eof', () => {
    sawEof = true;
    source.destroy();
    gunzip.destroy();
    gate.end();
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (e: Error) => {
      if (sawEof && !failure) return;
      reject(failure ?? (e instanceof ArchiveError ? e : new ArchiveError(`corrupt archive: ${e.message}`)));
    };
    source.on('error', failed);
    gunzip.on('error', failed);
    gate.on('error', (e) => {
      if (sawEof) return;
      fail(e);
      failed(e);
    });
    source.on('close', () => (failure ? reject(failure) : undefined));
    parser.on('error', (e: Error) => reject(new ArchiveError(`corrupt archive: ${e.message}`)));
    parser.on('end', () => resolve());
    // The tar's end is the archive's end: every entry and its bytes are handed over by then. Waiting for the parser's
    // 'end' as well could wait for ever when the parser was holding the gate back (a full entry) as it met the end:
    // it may never drain again, so the gate's end would never reach it (a 20 s hang seen in two full test runs under load,
    // never alone).
    parser.on('eof', () => resolve());
    source.pipe(gunzip).pipe(gate).pipe(parser as unknown as NodeJS.WritableStream);
  }).catch((e) => {
    throw failure ?? e;
  });
  await Promise.all(writes);
  if (failure) throw failure instanceof ArchiveError ? failure : new ArchiveError(`corrupt archive: ${(failure as Error).message}`);
}

function mb(n: number): string {
  return `${Math.round(n / 1024 / 1024)} MB`;
}
