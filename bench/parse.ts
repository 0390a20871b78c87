// Parser speed: median time per real list of both editions (../shared/lists and ../shared/lists-11e,
// skipped when absent), one row per list and the median over each edition's lists,
// and a synthetic app list at 1×, 10× and 50× a 2000-point list to show growth.
import * as fs from 'fs';
import * as path from 'path';
import { BenchRow, measure } from './harness';
import { parseArmyList } from '../server/src/service/domain/parse';

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** An app-format list of about `factor` × 2000 points, built from the unit blocks of our own fixture. */
export function syntheticList(factor: number): string {
  const text = fs.readFileSync(path.join(repoRoot(), 'test', 'fixtures', 'lists', 'gwapp_b.txt'), 'utf8');
  const start = text.indexOf('CHARACTERS');
  const end = text.lastIndexOf('\n\nExported');
  const header = text.slice(0, start);
  const body = text.slice(start, end); // 1000 points of units under their section headers
  return header + Array.from({ length: 2 * factor }, () => body).join('\n\n\n') + text.slice(end);
}

/** One row per real list of a folder: the median parse time of that list, with its format and size. */
function perList(dir: string, edition: string): BenchRow[] {
  if (!fs.existsSync(dir)) return [];
  const rows: BenchRow[] = [];
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    const l = parseArmyList(text);
    rows.push(
      measure(`parse ${edition}: ${f}`, () => parseArmyList(text), {
        runs: 400,
        warmup: 50,
        note: `${l.format}, ${l.units.length} units, ${text.length} chars`,
      }),
    );
  }
  // The median of the per-list medians: the figure the 50 µs aim is about.
  const medians = rows.map((r) => r.median).sort((a, b) => a - b);
  if (medians.length)
    rows.push({
      name: `parse ${edition}: median over ${medians.length} lists`,
      median: medians[Math.floor(medians.length / 2)],
      p99: medians[medians.length - 1],
      runs: medians.length,
      note: 'p99 column: the slowest list',
    });
  return rows;
}

export function run(): BenchRow[] {
  const rows: BenchRow[] = [];
  const shared = path.resolve(repoRoot(), '..', 'shared', 'lists');
  if (fs.existsSync(shared)) {
    const texts = fs
      .readdirSync(shared)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => fs.readFileSync(path.join(shared, f), 'utf8'));
    let i = 0;
    const row = measure('parse: shared corpus, per list', () => parseArmyList(texts[i++ % texts.length]), {
      runs: texts.length * 100,
      warmup: texts.length * 10,
      note: `${texts.length} lists`,
    });
    rows.push(row);
  }
  rows.push(...perList(shared, '10th'));
  rows.push(...perList(path.resolve(repoRoot(), '..', 'shared', 'lists-11e'), '11th'));
  for (const factor of [1, 10, 50]) {
    const text = syntheticList(factor);
    const units = parseArmyList(text).units.length;
    rows.push(
      measure(`parse: synthetic ${factor}× 2000 pts`, () => parseArmyList(text), {
        runs: factor >= 50 ? 40 : 200,
        warmup: 5,
        note: `${units} units, ${text.length} chars`,
      }),
    );
  }
  return rows;
}
