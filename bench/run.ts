// `npm run bench`: every benchmark module's rows as one table on the terminal
// and in bench/results.json (medians, p99s, CPU count, Node version). These are
// figures to read, not pass/fail tests.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BenchRow } from './harness';

interface BenchModule {
  /** `figures`: the ones named after the module's name and a colon (`targets:memory`); all when none is. */
  run(figures?: string[]): BenchRow[] | Promise<BenchRow[]>;
}

/** Module names under bench/, in the order they print. Missing ones are skipped with a note. */
const MODULES = ['parse', 'service', 'damage', 'damagePairs', 'data', 'data11', 'completion', 'server', 'bounds', 'hostile', 'coldStart', 'report', 'matchup', 'matchupOpen', 'armyRules', 'targets', 'peerParse'];

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

async function main(): Promise<void> {
  // `npm run bench -- targets` runs one module; `targets:memory` one of its figures (where the module names them).
  const only = process.argv.slice(2).map((a) => a.split(':'));
  const sections: { module: string; rows: BenchRow[] }[] = [];
  for (const name of MODULES) {
    if (only.length && !only.some(([m]) => m === name)) continue;
    const figures = only.filter(([m, f]) => m === name && f).map(([, f]) => f);
    let mod: BenchModule;
    try {
      mod = require(`./${name}`) as BenchModule;
    } catch {
      process.stdout.write(`(bench/${name}: not present)\n`);
      continue;
    }
    const t0 = Date.now();
    const rows = await mod.run(figures.length ? figures : undefined);
    sections.push({ module: name, rows });
    printTable(name, rows, Date.now() - t0);
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    sections,
  };
  const file = path.join(repoRoot(), 'bench', 'results.json');
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  process.stdout.write(`\nnode ${process.version}, ${os.cpus().length} CPUs; written to ${path.relative(process.cwd(), file)}\n`);
}

function printTable(name: string, rows: BenchRow[], ms: number): void {
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(3));
  const w = Math.max(10, ...rows.map((r) => r.name.length));
  process.stdout.write(`\n${name} (${(ms / 1000).toFixed(1)} s)\n`);
  process.stdout.write(`  ${'case'.padEnd(w)}  ${'median ms'.padStart(10)}  ${'p99 ms'.padStart(10)}  ${'runs'.padStart(6)}  note\n`);
  for (const r of rows) {
    process.stdout.write(`  ${r.name.padEnd(w)}  ${fmt(r.median).padStart(10)}  ${fmt(r.p99).padStart(10)}  ${String(r.runs).padStart(6)}  ${r.note ?? ''}\n`);
  }
}

let finished = false;
// A figure awaiting what never comes (a server that did not start: dist/ not built, where `npm run bench` did not run)
// empties the event loop, and Node would exit silently with 0: say so, and fail.
process.on('exit', () => {
  if (finished) return;
  process.stderr.write('bench failed: it ended before its figures were done (a server that never started? `npm run bench` builds dist/ first)\n');
  process.exitCode = 1;
});
main()
  .catch((e) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    finished = true;
  });
