// Draws icon.png (128x128): an auspex scanner — rings, crosshair, a sweep and
// three contacts. Pure Node (zlib) so it needs no image tool or download; run
// `node scripts/e2e/make-icon.mjs` to regenerate the committed file.
import { deflateSync } from 'zlib';
import { writeFileSync } from 'fs';

const N = 128;
const SS = 4; // supersampling per axis, for smooth edges
const bg = [16, 24, 20];
const green = [88, 230, 120];
const dim = [40, 110, 60];
const gold = [235, 190, 80];
const C = N / 2;

function sample(x, y) {
  const dx = x - C, dy = y - C;
  const r = Math.hypot(dx, dy);
  // Rounded square outside, transparent corners.
  const q = 22, h = N / 2 - 2;
  const ax = Math.max(Math.abs(dx) - (h - q), 0), ay = Math.max(Math.abs(dy) - (h - q), 0);
  if (Math.hypot(ax, ay) > q) return [0, 0, 0, 0];
  let col = bg;
  // Sweep: a wedge trailing the beam at -35 degrees, fading with angle.
  const beam = (-35 * Math.PI) / 180;
  let a = Math.atan2(dy, dx) - beam;
  while (a < 0) a += 2 * Math.PI;
  if (r < 54 && a < 1.1) col = mix(bg, dim, 1 - a / 1.1);
  // Rings and crosshair.
  for (const rr of [18, 36, 54]) if (Math.abs(r - rr) < 1.6) col = green;
  if (r < 54 && (Math.abs(dx) < 0.9 || Math.abs(dy) < 0.9)) col = mix(col, green, 0.7);
  // Beam line.
  const along = dx * Math.cos(beam) + dy * Math.sin(beam);
  const across = -dx * Math.sin(beam) + dy * Math.cos(beam);
  if (along > 0 && along < 54 && Math.abs(across) < 1.5) col = green;
  // Contacts.
  for (const [bx, by, c] of [[C + 22, C - 26, gold], [C - 30, C + 14, green], [C + 12, C + 30, green]]) {
    if (Math.hypot(x - bx, y - by) < 5) col = c;
  }
  return [...col, 255];
}

function mix(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  raw[y * (N * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < N; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++) for (let sx = 0; sx < SS; sx++) {
      const p = sample(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
      for (let i = 0; i < 3; i++) acc[i] += p[i] * p[3];
      acc[3] += p[3];
    }
    const o = y * (N * 4 + 1) + 1 + x * 4;
    for (let i = 0; i < 3; i++) raw[o + i] = acc[3] ? Math.round(acc[i] / acc[3]) : 0;
    raw[o + 3] = Math.round(acc[3] / (SS * SS));
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = new URL('../../icon.png', import.meta.url);
writeFileSync(out, png);
console.log(`icon.png: ${png.length} bytes`);
