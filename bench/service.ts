// The language service on a real 2000-point list: parse + validate, the full
// diagnostics, all code lenses, at 1×, 10× and 50× the list's size so that any
// super-linear step shows. Uses the BattleScribe data when ../shared has it.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BenchRow, measure } from './harness';
import { createLanguageService } from '../server/src/service/languageService';
import { parseArmyList } from '../server/src/service/domain/parse';
import { validateList } from '../server/src/service/features/diagnostics/validate';
import { RulesIndex } from '../server/src/service/domain/rules';
import { RulesProvider } from '../server/src/node/rulesProvider';
import { syntheticList } from './parse';
import { codeLenses } from '../server/src/service/features/codeLens';
import { computeUnitDamage } from '../server/src/service/domain/damage/fromRules';
import { DEFAULT_SETTINGS } from '../server/src/service/settings';

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** The list body repeated: units only, so the header is parsed once. */
export function grown(text: string, factor: number): string {
  if (factor === 1) return text;
  const start = text.search(/^CHARACTERS\s*$/m);
  const end = text.search(/^Exported with/m);
  if (start < 0) return text;
  const body = text.slice(start, end < 0 ? undefined : end);
  return text.slice(0, start) + Array.from({ length: factor }, () => body).join('\n\n') + (end < 0 ? '' : text.slice(end));
}

export function run(): BenchRow[] {
  const shared = path.resolve(repoRoot(), '..', 'shared');
  const gsc = path.join(shared, 'lists', 'gwapp_gsc_1.txt');
  const bsdata = path.join(shared, 'data', 'bsdata');
  const haveShared = fs.existsSync(gsc) && fs.existsSync(bsdata);
  const base = haveShared ? fs.readFileSync(gsc, 'utf8') : syntheticList(1);
  const label = haveShared ? 'GSC 2000 pts + BSData' : 'synthetic 2000 pts, embedded data';
  const provider = new RulesProvider({ paths: haveShared ? [bsdata] : [] });
  provider.ensureFaction(parseArmyList(base).faction?.text ?? '');
  const data = provider.rules();
  const rows: BenchRow[] = [];
  for (const factor of [1, 10, 50]) {
    const text = grown(base, factor);
    const units = parseArmyList(text).units.length;
    const doc = TextDocument.create('file:///bench.army', 'army-list', 1, text);
    const index = new RulesIndex(data);
    const runs = factor === 1 ? 300 : factor === 10 ? 60 : 20;
    const note = `${label}, ${units} units`;
    // A server is long-running: measure the 1× case with the JIT warm, as typing finds it.
    rows.push(measure(`parse + validate ${factor}×`, () => validateList(doc, parseArmyList(text), index), { runs, warmup: factor === 1 ? 100 : 5, note }));
    // Fresh service each run: no parse cache, no damage cache.
    rows.push(measure(`full diagnostics ${factor}× (new service)`, () => createLanguageService({ rules: data }).diagnostics(doc), { runs, warmup: 3, note }));
    rows.push(measure(`all code lenses ${factor}× (cold cache)`, () => createLanguageService({ rules: data }).codeLenses(doc), { runs: Math.max(10, runs / 3), warmup: 2, note }));
    // The lens pass alone on a parsed list and a built index, every damage computed afresh: what a first request costs.
    const list = parseArmyList(text);
    rows.push(measure(`code lens pass ${factor}× (no damage cache)`, () => codeLenses(doc, list, index, computeUnitDamage, DEFAULT_SETTINGS), { runs: Math.max(10, runs / 3), warmup: 2, note: `${note}, ${DEFAULT_SETTINGS.damageTargets.length} targets` }));
    const warm = createLanguageService({ rules: data });
    rows.push(measure(`all code lenses ${factor}× (warm cache)`, () => warm.codeLenses(TextDocument.create('file:///b', 'army-list', Math.random(), text)), { runs, warmup: 3, note }));
  }
  return rows;
}
