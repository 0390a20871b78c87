// The matchup (issue 15): a real pair of 2000-point lists (../shared/lists: Genestealer Cults against Tyranids,
// with the BattleScribe data of ../shared/data), both directions, both phases. Cold: a fresh language service
// (empty pair cache; the rules data already loaded, as in the editor); after an edit: one unit's model count
// changed in your list, so only that unit's pairs are computed again. Also the slowest single pair. Skipped
// (one row saying so) without ../shared.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BenchRow, measure, summarize } from './harness';
import { RulesProvider } from '../server/src/node/rulesProvider';
import { createLanguageService } from '../server/src/service/languageService';
import { computeUnitDamage } from '../server/src/service/domain/damage/fromRules';
import { loadoutGroups, unitPhaseInput } from '../server/src/service/features/codeLens';
import { sideTargets } from '../server/src/service/features/matchup';

function shared(...parts: string[]): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, '..', 'shared', ...parts);
}

export function run(): BenchRow[] {
  const yoursFile = shared('lists', 'gwapp_gsc_1.txt');
  const theirsFile = shared('lists', 'gwapp_tyranids_2.txt');
  if (!fs.existsSync(yoursFile) || !fs.existsSync(shared('data', 'bsdata'))) return [{ name: 'matchup: skipped (../shared absent)', median: 0, p99: 0, runs: 0 }];
  const provider = new RulesProvider({ paths: [shared('data', 'bsdata')] });
  provider.ensureFaction('Genestealer Cults');
  provider.ensureFaction('Tyranids');
  const data = provider.rules();
  const yoursText = `OPPONENT: gwapp_tyranids_2.txt\n${fs.readFileSync(yoursFile, 'utf8')}`;
  const theirs = TextDocument.create('file:///bench/theirs.txt', 'army-list', 1, fs.readFileSync(theirsFile, 'utf8'));
  const fresh = () => {
    const service = createLanguageService({ rules: data });
    const doc = TextDocument.create('file:///bench/yours.txt', 'army-list', 1, yoursText);
    service.setOpponent(doc.uri, { doc: theirs });
    return { service, doc };
  };
  const rows: BenchRow[] = [];
  // The very first matchup of the process: cold cache and cold JIT.
  const first = fresh();
  const t0 = process.hrtime.bigint();
  const m = first.service.matchup(first.doc)!;
  rows.push(summarize('matchup: first of the process (cold cache, cold JIT)', [Number(process.hrtime.bigint() - t0) / 1e6], `${m.forward.pairs.length + m.reverse.pairs.length} pairs`));
  const cold: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { service, doc } = fresh();
    const s = process.hrtime.bigint();
    service.matchup(doc);
    cold.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  rows.push(summarize('matchup: 2000 v 2000 pts, both directions and phases, cold cache', cold, `${m.forward.attackers.length}×${m.forward.defenders.length} + ${m.reverse.attackers.length}×${m.reverse.defenders.length} units`));
  // After an edit: the same service, one unit's model count changed (its pairs are new, every other pair cached).
  const { service } = fresh();
  let version = 1;
  const edited = (n: number) => yoursText.replace('Acolyte Hybrids with Autopistols (65 points)\n  • 1x Acolyte Leader', `Acolyte Hybrids with Autopistols (65 points)\n  • ${n}x Acolyte Leader`);
  service.matchup(TextDocument.create('file:///bench/yours.txt', 'army-list', version, yoursText));
  rows.push(
    measure('matchup: after an edit (one unit changed)', () => {
      version++;
      const doc = TextDocument.create('file:///bench/yours.txt', 'army-list', version, edited(1 + (version % 2)));
      service.setOpponent(doc.uri, { doc: theirs });
      service.matchup(doc);
    }, { runs: 20, warmup: 2 }),
  );
  // The slowest single pair of the matchup, uncached: each pair timed 5 times (its median, so one GC pause or
  // the JIT's first call does not make a pair "slow"), the slowest of those medians reported.
  let slowest = { ms: 0, name: '' };
  const yours = first.service.parse(first.doc);
  const targets = sideTargets({ list: first.service.parse(theirs), rules: first.service.rules });
  for (const p of m.forward.pairs) {
    const unit = yours.units[p.attackerIndex];
    const sheet = first.service.rules.datasheet(unit.name.text, yours.faction?.text)!;
    const input = { ...unitPhaseInput(loadoutGroups(unit, sheet), sheet, targets[p.targetIndex].target, p.phase), damageDist: false };
    const times: number[] = [];
    for (let r = 0; r < 5; r++) {
      const s = process.hrtime.bigint();
      computeUnitDamage(input);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    const ms = times.sort((a, b) => a - b)[2];
    if (ms > slowest.ms) slowest = { ms, name: `${p.attacker} v ${p.defender} (${p.phase})` };
  }
  rows.push(summarize('matchup: slowest single pair (uncached)', [slowest.ms], slowest.name));
  return rows;
}
