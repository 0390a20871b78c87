// 11th-edition data loading: one faction from BSData wh40k-11e (JSON game system + catalogue + what it links)
// and the Munitorum Field Manual v1.1 (YAML), merged by the RulesProvider into the 11th edition's rules data, as
// the server does when an 11th-edition list opens. Aim: under 300 ms. Skipped when ../shared/data is absent.
import * as fs from 'fs';
import * as path from 'path';
import { BenchRow, summarize } from './harness';
import { RulesProvider } from '../server/src/node/rulesProvider';

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function timed(name: string, runs: number, fn: () => number): BenchRow {
  const times: number[] = [];
  const cpu: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    count = fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  // CPU time too: wall time swings with machine load, CPU time much less.
  const cpuMedian = [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)];
  return summarize(name, times, `cold ${times[0].toFixed(0)} ms; cpu median ${cpuMedian.toFixed(0)} ms; ${count} datasheets`);
}

export function run(): BenchRow[] {
  const data = path.resolve(repoRoot(), '..', 'shared', 'data');
  const bs = path.join(data, 'bsdata-11e');
  const mfm = path.join(data, 'mfm-11e', 'v1.1');
  if (!fs.existsSync(bs) || !fs.existsSync(mfm)) return [{ name: 'data 11e: ../shared/data absent, skipped', median: 0, p99: 0, runs: 0 }];
  const load = (faction: string) => () => {
    const p = new RulesProvider({ paths: [bs, mfm] });
    p.ensureFaction(faction);
    return p.rulesFor(11).datasheets.length;
  };
  return [
    timed('data 11e: Genestealer Cults (BSData 11e JSON + MFM v1.1, merged)', 8, load('Genestealer Cults')),
    timed('data 11e: World Eaters (BSData 11e JSON + MFM v1.1, merged)', 8, load('World Eaters')),
    timed('data 11e: MFM v1.1 alone, Genestealer Cults', 8, () => {
      const p = new RulesProvider({ paths: [mfm] });
      p.ensureFaction('Genestealer Cults');
      return p.rulesFor(11).datasheets.length;
    }),
  ];
}

if (require.main === module) for (const r of run()) console.log(`${r.name}: median ${r.median.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.runs} runs; ${r.note ?? ''})`);
