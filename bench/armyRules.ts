// The army's rules in the numbers (issue 30): a real 2000-point 11th-edition list (../shared/lists-11e: Orks, with
// the BSData 11e and MFM v1.1 data) with its Leaders, Enhancements, detachment and army rules. The lenses after an
// edit (one unit changed: the list resolved again, the pairs of unchanged units cached) against their 50 ms target;
// the matchup against a World Eaters list, cold and after an edit, against its 200 ms target; and the rule-text
// reader over every rule text of the data (each read once, then memoised). Skipped without ../shared.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BenchRow, measure, summarize } from './harness';
import { RulesProvider } from '../server/src/node/rulesProvider';
import { createLanguageService } from '../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../server/src/service/settings';
import { readRule } from '../server/src/service/domain/damage/ruleText';

function shared(...parts: string[]): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, '..', 'shared', ...parts);
}

export function run(): BenchRow[] {
  const yoursFile = shared('lists-11e', 'gwapp11_orks_1.txt');
  const theirsFile = shared('lists-11e', 'gwapp11_worldeaters_2.txt');
  if (!fs.existsSync(yoursFile) || !fs.existsSync(shared('data', 'bsdata-11e'))) return [{ name: 'army rules: skipped (../shared absent)', median: 0, p99: 0, runs: 0 }];
  const provider = new RulesProvider({ paths: [shared('data', 'bsdata-11e'), shared('data', 'mfm-11e', 'v1.1')] });
  const yoursText = fs.readFileSync(yoursFile, 'utf8');
  const theirsText = fs.readFileSync(theirsFile, 'utf8');
  const rows: BenchRow[] = [];
  const service = createLanguageService({ settings: DEFAULT_SETTINGS });
  const load = (text: string, name: string) => {
    const doc = TextDocument.create(`file:///bench/${name}.txt`, 'army-list', 1, text);
    provider.ensureList(service.parse(doc), 11);
  };
  load(yoursText, 'load-yours');
  load(theirsText, 'load-theirs');
  const data = provider.rulesFor(11);
  service.setRules(data, 11);
  let version = 1;
  // One unit's model count changed at each edit (10 ↔ 11 Beast Snagga Boyz): its pairs are new, the others cached.
  const edited = () => yoursText.replace('  • 9x Beast Snagga Boy\n     ◦ 9x Choppa', version % 2 ? '  • 9x Beast Snagga Boy\n     ◦ 9x Choppa' : '  • 10x Beast Snagga Boy\n     ◦ 10x Choppa');
  const lenses = (s = service) => s.codeLenses(TextDocument.create('file:///bench/orks.txt', 'army-list', ++version, edited()));
  const first = createLanguageService({ settings: DEFAULT_SETTINGS });
  first.setRules(data, 11);
  const t0 = process.hrtime.bigint();
  const n = lenses(first).length;
  rows.push(summarize('lenses with army rules: 2000-pt 11th list, first (cold cache)', [Number(process.hrtime.bigint() - t0) / 1e6], `${n} lenses, 5 targets`));
  lenses();
  rows.push(measure('lenses with army rules: after an edit (target < 50 ms)', () => lenses(), { runs: 30, warmup: 3, note: 'one unit changed; the list resolved again' }));
  // The matchup, both directions, both sides' rules (attacks and defences).
  const theirs = TextDocument.create('file:///bench/theirs.txt', 'army-list', 1, theirsText);
  const fresh = () => {
    const s = createLanguageService({ settings: DEFAULT_SETTINGS });
    s.setRules(data, 11);
    const doc = TextDocument.create('file:///bench/orks.txt', 'army-list', ++version, edited());
    s.setOpponent(doc.uri, { doc: theirs });
    return { s, doc };
  };
  const cold: number[] = [];
  let pairs = 0;
  for (let i = 0; i < 8; i++) {
    const { s, doc } = fresh();
    const t = process.hrtime.bigint();
    const m = s.matchup(doc)!;
    cold.push(Number(process.hrtime.bigint() - t) / 1e6);
    pairs = m.forward.pairs.length + m.reverse.pairs.length;
  }
  rows.push(summarize('matchup with army rules: 2000 v 2000 pts 11th, cold cache (target < 200 ms)', cold, `${pairs} pairs`));
  const { s } = fresh();
  rows.push(
    measure('matchup with army rules: after an edit', () => {
      const doc = TextDocument.create('file:///bench/orks.txt', 'army-list', ++version, edited());
      s.setOpponent(doc.uri, { doc: theirs });
      s.matchup(doc);
    }, { runs: 20, warmup: 2 }),
  );
  // The reader: every rule text of the loaded data, read afresh (its memo bypassed by a unique suffix).
  const texts = [...new Set([...data.datasheets.flatMap((d) => d.abilities.map((a) => a.text ?? '')), ...data.enhancements.map((e) => e.text), ...data.detachments.flatMap((d) => d.rules.map((r) => r.text))])].filter(Boolean);
  let k = 0;
  rows.push(measure('rule-text reader: every rule text of the loaded factions', () => {
    k++;
    for (const t of texts) readRule(`${t} ${k}`);
  }, { runs: 10, warmup: 1, note: `${texts.length} texts` }));
  return rows;
}
