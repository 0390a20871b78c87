// A data folder the user names (--data, auspex.data.paths) read through digests, as the download cache's sources
// are (digest.ts): its opening (kind, edition, source), its faction listing, each faction's load and its unit
// index, kept under the cache root (`<root>/folders/<folder>/<files>/<auspex build>/`, digest.ts), so that a second run reads
// JSON instead of parsing catalogues. A downloaded version never changes, a folder does: its digests are keyed
// by its files as they are now, each one's name, size, modification time, change time and inode. An edit changes
// the size or the modification time, and the change time and inode too even where the times are set back or a
// file of the same size is copied in; hashing the contents instead would read 40 MB on every run. Another state
// of the files is another key: the folder's older digests are removed when a new one is written. A cache that
// cannot be written, or a folder that cannot be listed, is read as before.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { DataFolder, DataFolderOptions, openDataFolder } from './dataFolder';
import { digestedFolder, digestFile, FolderOpening, readDigest, writeDigest } from './digest';

/** The folder's data read through its digests under `root` (the cache root), else as `openDataFolder` reads it. */
export function openDigestedFolder(dir: string, options: DataFolderOptions, root: string): DataFolder {
  const location = path.resolve(dir);
  const files = filesKey(location);
  if (files === undefined) return openDataFolder(location, options);
  const folderDir = path.join(root, 'folders', hash(location, 16));
  const opts = { dir: path.join(folderDir, files), options };
  const openingFile = digestFile(opts, location, '#opening');
  let real: DataFolder | undefined;
  let opening = readDigest<FolderOpening>(openingFile, '#opening');
  if (!opening) {
    real = openDataFolder(location, options);
    // An unusable folder says why each time (it may be fixed by then).
    if (real.kind === 'unknown' || real.edition === undefined) return real;
    opening = { dir: real.dir, kind: real.kind, edition: real.edition, source: real.source, warnings: [...real.warnings] };
    // The folder's files changed since its digests were written: those are never read again.
    if (writeDigest(openingFile, '#opening', opening)) removeOthers(folderDir, files);
  }
  return digestedFolder(opening, () => (real ??= openDataFolder(location, options)), opts);
}

/** The folder's files as they are now (name, type, size, times, inode), hashed; undefined when it cannot be listed. */
export function filesKey(dir: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  const h = crypto.createHash('sha256');
  for (const n of names) {
    let line: string;
    try {
      // Followed as the folder's reader follows it (a link to a file is that file).
      const st = fs.statSync(path.join(dir, n), { bigint: true });
      line = `${n}\0${st.mode}\0${st.size}\0${st.mtimeNs}\0${st.ctimeNs}\0${st.ino}\0${st.dev}`;
    } catch (e) {
      line = `${n}\0${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`;
    }
    h.update(line).update('\n');
  }
  return h.digest('hex').slice(0, 24);
}

function hash(text: string, chars: number): string {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, chars);
}

/** Removes every entry of `parent` but `keep`, as far as it can. */
function removeOthers(parent: string, keep: string): void {
  try {
    for (const n of fs.readdirSync(parent)) if (n !== keep) fs.rmSync(path.join(parent, n), { recursive: true, force: true });
  } catch {
    // Left for the next write: stale digests are never read.
  }
}
