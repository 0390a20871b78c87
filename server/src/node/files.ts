// Reading a file the user names (a list, a roster, a data file) without trusting it: opened without
// blocking (a FIFO does not wait for a writer), refused at once unless it is a regular file (a device,
// a FIFO, a socket or a folder), and read with a byte cap that counts what is actually read (the size
// a file reports is 0 for /dev/zero and wrong for files that grow). Sync for the CLI and the data
// folder reader; async for the server's user-chosen files (roster import), so its main thread never
// waits on a disk.
import * as fs from 'fs';
import { BOUNDS } from '../service/domain/bounds';

export type ReadResult = { bytes: Buffer } | { error: string; code?: string };

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

export const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isFIFO()) return 'a pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const notRegular = (file: string, st: fs.Stats) => `${file} is ${kindOf(st)}, not a regular file; refused`;
const tooBig = (file: string, max: number) => `${file} is larger than ${mb(max)}; files over ${mb(max)} are refused`;
const cannot = (file: string, e: unknown) => `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;

/** Reads a regular file of at most `max` bytes (counted while reading). Never blocks on a FIFO or device. */
export function readFileCapped(file: string, max: number = BOUNDS.fileBytes): ReadResult {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { error: notRegular(file, st) };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - total));
      const got = fs.readSync(fd, buf, 0, buf.length, null);
      if (got === 0) break;
      total += got;
      if (total > max) return { error: tooBig(file, max) };
      chunks.push(got === buf.length ? buf : buf.subarray(0, got));
    }
    return { bytes: Buffer.concat(chunks, total) };
  } catch (e) {
    return { error: cannot(file, e), code: (e as NodeJS.ErrnoException).code };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The same, asynchronously: for the server, whose main thread must not wait on a user-chosen file. */
export async function readFileCappedAsync(file: string, max: number = BOUNDS.fileBytes): Promise<ReadResult> {
  let fh: fs.promises.FileHandle | undefined;
  try {
    fh = await fs.promises.open(file, OPEN_FLAGS);
    const st = await fh.stat();
    if (!st.isFile()) return { error: notRegular(file, st) };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - total));
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > max) return { error: tooBig(file, max) };
      chunks.push(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
    }
    return { bytes: Buffer.concat(chunks, total) };
  } catch (e) {
    return { error: cannot(file, e), code: (e as NodeJS.ErrnoException).code };
  } finally {
    await fh?.close();
  }
}

/** A text file (UTF-8) read with readFileCapped; throws an Error (with the errno `code` when there is one) when refused. */
export function readTextCapped(file: string, max: number = BOUNDS.fileBytes): string {
  const r = readFileCapped(file, max);
  // An errno failure keeps its code (callers print "cannot read X: ENOENT"); a refusal is its message.
  if ('error' in r) throw Object.assign(new Error(r.code ? r.code : r.error), r.code ? { code: r.code } : {});
  return r.bytes.toString('utf8');
}

/** Standard input, at most `max` bytes (counted while reading). */
export function readStdinCapped(max: number = BOUNDS.fileBytes): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    let got: number;
    try {
      got = fs.readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (got === 0) break;
    total += got;
    if (total > max) throw new Error(`standard input is larger than ${mb(max)}; refused`);
    chunks.push(buf.subarray(0, got));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
