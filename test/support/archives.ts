// Archives the download tests serve: zips (fflate) and .tar.gz files (a small
// ustar writer here, so a test can put any name in a header, `../` included),
// built from a folder of ../shared/data or from tiny self-made files.
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { zipSync } from 'fflate';

export type Files = Record<string, string | Uint8Array>;

const bytes = (v: string | Uint8Array) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

export function zipOf(files: Files): Buffer {
  const input: Record<string, Uint8Array> = {};
  for (const [n, v] of Object.entries(files)) input[n] = bytes(v);
  return Buffer.from(zipSync(input, { level: 6 }));
}

/** `trailing`: bytes of zeros after the end-of-archive blocks (inside the gzip), as a hostile archive may have. */
export function tarGzOf(files: Files, trailing = 0): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, v] of Object.entries(files)) {
    const body = Buffer.from(bytes(v));
    const h = Buffer.alloc(512);
    h.write(name, 0, 100, 'utf8');
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(body.length.toString(8).padStart(11, '0') + '\0', 124);
    h.write('00000000000\0', 136);
    h.write('        ', 148);
    h.write('0', 156);
    h.write('ustar\0', 257);
    h.write('00', 263);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  if (trailing) blocks.push(Buffer.alloc(trailing));
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** Every file of a folder (not recursing), under `prefix/`, as a GitHub archive lays out a repository. */
export function folderFiles(dir: string, prefix: string): Files {
  const out: Files = {};
  for (const n of fs.readdirSync(dir)) {
    const p = path.join(dir, n);
    if (fs.statSync(p).isFile()) out[`${prefix}/${n}`] = fs.readFileSync(p);
  }
  return out;
}

/** A tiny BattleScribe folder: a game system Auspex recognises, self-made. */
export function tinyBsData(prefix: string, revision = 1): Files {
  return {
    [`${prefix}/Tiny System.gst`]: `<?xml version="1.0" encoding="UTF-8"?>\n<gameSystem id="sys-tiny" name="Tiny System" revision="${revision}" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/gameSystemSchema"></gameSystem>\n`,
    [`${prefix}/README.md`]: `A tiny self-made data folder, revision ${revision}.\n`,
  };
}
