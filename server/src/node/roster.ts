// Reads a roster from disk: a JSON roster (New Recruit, ListForge, Rosterizer) or a BattleScribe one: `.ros` is XML, `.rosz` a zip holding
// one `.ros`. A zip is checked before anything is inflated (entry count and
// declared sizes) and inflated in small steps with a hard cap on the output,
// so a zip bomb costs a few milliseconds, not the editor's memory.
import { readFileCapped, readFileCappedAsync } from './files';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { RosterImportError, rosterToList } from '../service/features/import/roster';
import { jsonRosterToList } from '../service/features/import/jsonRoster';
import { looksLikeJson } from '../service/domain/parse/roster';

export const ROSTER_LIMITS = {
  /** Largest roster file read, and largest uncompressed roster XML accepted. */
  maxBytes: 20 * 1024 * 1024,
  /** Most entries a .rosz may hold. */
  maxEntries: 50,
};

export type RosterRead = { xml: string } | { error: string };

/** Reads a roster file: a regular file only, at most limits.maxBytes counted while reading (never the reported size). */
export function readRosterFile(path: string, limits = ROSTER_LIMITS): RosterRead {
  const r = readFileCapped(path, limits.maxBytes);
  return 'error' in r ? { error: r.error } : readRosterBytes(r.bytes, path, limits);
}

/** The same without blocking: what the server uses (its main thread never waits on a user-chosen file). */
export async function readRosterFileAsync(path: string, limits = ROSTER_LIMITS): Promise<RosterRead> {
  const r = await readFileCappedAsync(path, limits.maxBytes);
  return 'error' in r ? { error: r.error } : readRosterBytes(r.bytes, path, limits);
}

/** Same as readRosterFile, on bytes already read; `name` is only used in messages. */
export function readRosterBytes(data: Uint8Array, name: string, limits = ROSTER_LIMITS): RosterRead {
  const zipped = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);
  if (!zipped) {
    if (/\.rosz$/i.test(name)) return { error: `${name} is not a zip archive (a .rosz is a zipped .ros)` };
    return { xml: decode(data) };
  }
  try {
    return { xml: decode(unzipRoster(data, name, limits)) };
  } catch (e) {
    return { error: e instanceof RosterImportError ? e.message : `${name} is not a readable zip archive (${(e as Error).message})` };
  }
}

function unzipRoster(data: Uint8Array, name: string, limits: typeof ROSTER_LIMITS): Uint8Array {
  // 1. The central directory only: the filter refuses every entry, so nothing is inflated.
  const entries: Array<{ name: string; size: number; compression: number }> = [];
  unzipSync(data, {
    filter: (f) => {
      entries.push({ name: f.name, size: f.originalSize, compression: f.compression });
      return false;
    },
  });
  if (entries.length > limits.maxEntries) throw new RosterImportError(`${name} holds ${entries.length} entries; a roster archive holds one .ros (more than ${limits.maxEntries} are refused)`);
  const declared = entries.reduce((a, e) => a + e.size, 0);
  if (declared > limits.maxBytes) throw new RosterImportError(`${name} would unpack to ${mb(declared)}; archives over ${mb(limits.maxBytes)} are refused`);
  const rosters = entries.filter((e) => /\.ros$/i.test(e.name) && !e.name.endsWith('/'));
  if (rosters.length !== 1) throw new RosterImportError(`${name} holds ${rosters.length} .ros files; a .rosz holds exactly one`);
  const wanted = rosters[0];
  if (wanted.compression !== 0 && wanted.compression !== 8) throw new RosterImportError(`${name}: ${wanted.name} uses an unsupported compression method (${wanted.compression})`);

  // 2. Inflate that entry in small steps; stop as soon as it outgrows what it declared (or the cap).
  const cap = Math.min(limits.maxBytes, wanted.size);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let found = false;
  let over = false;
  let done = false;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (file.name !== wanted.name || found) return;
    found = true;
    file.ondata = (err, chunk, final) => {
      if (err) {
        failure = err;
        return;
      }
      total += chunk.length;
      if (total > cap) {
        over = true;
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const STEP = 16 * 1024;
  for (let i = 0; i < data.length && !over && !failure && !done; i += STEP) unzip.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  if (over) throw new RosterImportError(`${name}: ${wanted.name} inflates past ${mb(cap)} (it declares ${mb(wanted.size)}); refused as a zip bomb`);
  if (failure) throw failure;
  if (!found || !done) throw new RosterImportError(`${name}: ${wanted.name} could not be unpacked`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

export type RosterImportResult = { text: string; warnings: string[] } | { error: string };

/** Reads and converts a roster file: what `auspex/importRoster` and `auspex import` answer. */
export function importRosterFile(path: string, limits = ROSTER_LIMITS): RosterImportResult {
  return convertRoster(readRosterFile(path, limits), path);
}

/** importRosterFile with the file read asynchronously (the server's `auspex/importRoster`). */
export async function importRosterFileAsync(path: string, limits = ROSTER_LIMITS): Promise<RosterImportResult> {
  return convertRoster(await readRosterFileAsync(path, limits), path);
}

function convertRoster(read: RosterRead, path: string): RosterImportResult {
  if ('error' in read) return read;
  try {
    // New Recruit's, ListForge's and Rosterizer's JSON rosters beside BattleScribe's XML.
    return looksLikeJson(read.xml) ? jsonRosterToList(read.xml) : rosterToList(read.xml);
  } catch (e) {
    if (e instanceof RosterImportError) return { error: `${path}: ${e.message}` };
    return { error: `${path}: the roster could not be converted (${(e as Error).message})` };
  }
}
