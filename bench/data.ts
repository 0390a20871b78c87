// Rules-data loading: the embedded data, BSData (one faction, all four) and the whole Wahapedia export from ../shared/data.
import * as path from 'path';
import * as fs from 'fs';
import { BenchRow, summarize } from './harness';
import { openDataFolder } from '../server/src/node/dataFolder';
import { loadEmbeddedRules } from '../server/src/service/domain/rules/embedded';
import { RulesIndex } from '../server/src/service/domain/rules';

function timed(name: string, runs: number, fn: () => unknown): BenchRow {
  const times: number[] = [];
  let rss = 0;
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    (global as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const keep = fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    rss = Math.max(rss, process.memoryUsage().rss - before);
    if (!keep) throw new Error(`${name}: nothing loaded`);
  }
  const cold = times[0];
  // CPU time is reported too: wall time swings with machine load, CPU time much less.
  const cpuMedian = [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)];
  return summarize(name, times, `cold ${cold.toFixed(0)} ms; cpu median ${cpuMedian.toFixed(0)} ms; rss +${(rss / 1048576).toFixed(0)} MB (max over runs)`);
}

export function run(): BenchRow[] {
  // Always there: the data bundled into the server, with the index every feature reads.
  const embedded = timed('data: embedded only (load + index)', 50, () => new RulesIndex(loadEmbeddedRules()));
  const shared = path.resolve(__dirname, '..', '..', '..', 'shared', 'data');
  const root = fs.existsSync(shared) ? shared : path.resolve(__dirname, '..', '..', 'shared', 'data');
  const bs = path.join(root, 'bsdata');
  const wh = path.join(root, 'wahapedia');
  if (!fs.existsSync(bs) || !fs.existsSync(wh)) return [embedded, { name: 'data: ../shared/data absent, skipped', median: 0, p99: 0, runs: 0 }];
  return [
    embedded,
    timed('data: BSData Genestealer Cults (folder read + parse)', 8, () => openDataFolder(bs).loadFaction('Genestealer Cults').data.datasheets.length),
    timed('data: BSData all four factions', 5, () => openDataFolder(bs).loadAll().data.datasheets.length),
    timed('data: Wahapedia whole export', 5, () => openDataFolder(wh).loadAll().data.datasheets.length),
  ];
}

if (require.main === module) for (const r of run()) console.log(`${r.name}: median ${r.median.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.runs} runs; ${r.note ?? ''})`);
