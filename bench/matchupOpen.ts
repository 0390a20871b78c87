// Opening the matchup view (issue 24: 3.2 s in the editor where the matchup bench said 174 ms): what happens
// between *Set Opponent List* and the page, each step timed apart, on a real 11th-edition pair (../shared/lists-11e:
// World Eaters against Orks, BSData 11e JSON + MFM v1.1). The steps: the opponent's faction loaded from the data
// (the server does it on the OPPONENT line), the lenses against the opponent (computed right after the line is
// written), the `auspex/matchup` request after them for the direction the view shows (the lenses' pairs are its
// pairs, but for a Leader attacking with its Bodyguard: one cache answers both), the JSON round trip of the answer,
// the page's HTML, and the other direction (asked in the background). "request → HTML ready" is the shown
// direction's request, JSON and HTML. CPU time is given too: wall time swings with the machine's load. Skipped without ../shared.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BenchRow, summarize } from './harness';
import { RulesProvider } from '../server/src/node/rulesProvider';
import { createLanguageService } from '../server/src/service/languageService';
import { listEdition } from '../server/src/service/domain/editions';
import { renderMatchupHtml } from '../client/src/matchupViewHtml';

function shared(...parts: string[]): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, '..', 'shared', ...parts);
}

export function run(): BenchRow[] {
  const yoursFile = shared('lists-11e', 'gwapp11_worldeaters_2.txt');
  const theirsFile = shared('lists-11e', 'gwapp11_orks_1.txt');
  const bs = shared('data', 'bsdata-11e');
  const mfm = shared('data', 'mfm-11e', 'v1.1');
  if (![yoursFile, theirsFile, bs, mfm].every((f) => fs.existsSync(f))) return [{ name: 'matchup open: skipped (../shared absent)', median: 0, p99: 0, runs: 0 }];
  const yoursText = `OPPONENT: theirs.txt\n${fs.readFileSync(yoursFile, 'utf8')}`;
  const theirs = TextDocument.create('file:///bench/theirs.txt', 'army-list', 1, fs.readFileSync(theirsFile, 'utf8'));
  const steps: Record<string, { wall: number[]; cpu: number[] }> = {};
  const timed = <T>(step: string, fn: () => T): T => {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const r = fn();
    (steps[step] ??= { wall: [], cpu: [] }).wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    steps[step].cpu.push((c.user + c.system) / 1000);
    return r;
  };
  let note = '';
  for (let run = 0; run < 5; run++) {
    const provider = new RulesProvider({ paths: [bs, mfm] });
    const service = createLanguageService();
    const doc = TextDocument.create('file:///bench/yours.txt', 'army-list', 1, yoursText);
    provider.ensureList(service.parse(doc), 11);
    timed('the opponent\'s faction loaded (Orks)', () => provider.ensureList(service.parse(theirs), listEdition(service.parse(theirs), 'auto')));
    service.setRules(provider.rulesFor(11), 11);
    service.setOpponent(doc.uri, { doc: theirs });
    timed('the lenses against the opponent', () => service.codeLenses(doc));
    // The view asks the direction it shows first, then the other one in the background.
    const m = timed('auspex/matchup after the lenses, the direction shown (yours → theirs)', () => service.matchup(doc, {}, ['forward'])!);
    const json = timed('the answer\'s JSON round trip', () => JSON.parse(JSON.stringify(m)));
    const html = timed('the page\'s HTML', () => renderMatchupHtml(json, { reverse: false, phase: 'best' }, 'n', 'csp'));
    const r = timed('auspex/matchup, the other direction (asked in the background)', () => service.matchup(doc, {}, ['reverse'])!);
    note = `${m.forward.attackers.length}×${m.forward.defenders.length} + ${r.reverse.attackers.length}×${r.reverse.defenders.length} rows; answer ${Math.round(JSON.stringify(m).length / 1024)} KB, page ${Math.round(html.length / 1024)} KB`;
  }
  const rows = Object.entries(steps).map(([step, t]) => summarize(`matchup open: ${step}`, t.wall, `cpu median ${median(t.cpu).toFixed(0)} ms; first ${t.wall[0].toFixed(0)} ms`));
  const total = steps['auspex/matchup after the lenses, the direction shown (yours → theirs)'].wall.map((w, i) => w + steps['the answer\'s JSON round trip'].wall[i] + steps['the page\'s HTML'].wall[i]);
  rows.push(summarize('matchup open: request → HTML ready (World Eaters v Orks, 11th)', total, note));
  return rows;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (require.main === module) for (const r of run()) console.log(`${r.name}: median ${r.median.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.runs} runs; ${r.note ?? ''})`);
