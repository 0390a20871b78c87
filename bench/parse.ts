// Parser speed: median time per real list (../shared/lists, skipped when absent),
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
