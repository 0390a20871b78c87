// `auspex report` on an event of 1,000 lists: the real lists of ../shared/lists
// and ../shared/lists-11e copied round-robin into one folder, reported by the
// built CLI as a process (start-up, reading, checking, HTML and JSON included),
// on the embedded data and with the Wahapedia export. Skipped without ../shared.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BenchRow, summarize } from './harness';
import { repoRoot as root } from '../test/support/shared';

const repoRoot = () => root;

const LISTS = 1000;
const RUNS = 3;

export function run(): BenchRow[] {
  const shared = path.resolve(repoRoot(), '..', 'shared');
  const sources = ['lists', 'lists-11e']
    .map((d) => path.join(shared, d))
    .filter((d) => fs.existsSync(d))
    .flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith('.txt')).map((f) => path.join(d, f)));
  if (sources.length === 0) {
    process.stdout.write('(bench/report: ../shared/lists is absent)\n');
    return [];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-bench-report-'));
  try {
    const lists = path.join(dir, 'event');
    fs.mkdirSync(lists);
    for (let i = 0; i < LISTS; i++) fs.copyFileSync(sources[i % sources.length], path.join(lists, `${String(i).padStart(4, '0')}-${path.basename(sources[i % sources.length])}`));
    const rows: BenchRow[] = [];
    const wahapedia = path.join(shared, 'data', 'wahapedia');
    const variants: [string, string[]][] = [['embedded data', []]];
    if (fs.existsSync(wahapedia)) variants.push(['Wahapedia export', ['--data', wahapedia]]);
    for (const [label, data] of variants) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const t0 = process.hrtime.bigint();
        const p = spawnSync(process.execPath, [path.join(repoRoot(), 'dist', 'cli.js'), 'report', lists, '--html', path.join(dir, 'r.html'), '--json', path.join(dir, 'r.json'), ...data], { encoding: 'utf8', maxBuffer: 64 << 20 });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (p.status !== 0 && p.status !== 1) throw new Error(`auspex report failed: ${p.stderr}`);
      }
      const row = summarize(`report: ${LISTS} lists, ${label}`, times);
      row.note = `${Math.round((LISTS / row.median) * 1000)} lists/s (${sources.length} real lists repeated; HTML ${(fs.statSync(path.join(dir, 'r.html')).size / 1e6).toFixed(1)} MB)`;
      rows.push(row);
    }
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
