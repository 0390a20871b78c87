// The conformance test of the 10th-edition judge: each shared 10th-edition list (../shared/lists) checked
// against the Wahapedia export gives exactly the findings (errors and warnings) of
// test/fixtures/expected-findings-10th.json, each read by hand against the list and the CSV data with its
// reason. A finding beyond that set is false; one of the set not given is missed. The lists whose faction the
// BattleScribe 10th-edition sample holds are checked against it too (the file's `bsdata` part).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

interface Expected { line: number; severity: 'error' | 'warning'; code: string; why: string }
const EXPECTED: { lists: Record<string, Expected[]>; bsdata: { lists: Record<string, Expected[]> } } = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'expected-findings-10th.json'), 'utf8'),
);

const key = (f: { line: number; severity: string; code: string }) => `${f.line} ${f.severity} ${f.code}`;

describe('judge (10th edition): the shared lists against the Wahapedia export give exactly the expected findings', function () {
  this.timeout(60000);
  let provider: RulesProvider | undefined;
  it('covers every shared 10th-edition list', function () {
    requireShared(this, 'lists', 'MANIFEST.csv');
    const files = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt')).sort();
    assert.deepStrictEqual(files, Object.keys(EXPECTED.lists).sort());
  });
  for (const [file, expected] of Object.entries(EXPECTED.lists)) {
    it(file, function () {
      requireShared(this, 'lists', file);
      requireShared(this, 'data', 'wahapedia');
      provider ??= new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
      conforms(file, expected, provider);
    });
  }
});

describe('judge (10th edition): the shared lists of its factions against BSData 10th give exactly the expected findings', function () {
  this.timeout(60000);
  let provider: RulesProvider | undefined;
  for (const [file, expected] of Object.entries(EXPECTED.bsdata.lists)) {
    it(file, function () {
      requireShared(this, 'lists', file);
      requireShared(this, 'data', 'bsdata');
      provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata')] });
      conforms(file, expected, provider);
    });
  }
});

/** The list's errors and warnings against the provider's data are exactly `expected`. */
function conforms(file: string, expected: Expected[], provider: RulesProvider): void {
  const service = createLanguageService();
  const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists', file), 'utf8'));
  provider.ensureList(service.parse(doc));
  service.setRules(provider.rules());
  const given = service
    .diagnostics(doc)
    .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
    .map((d) => ({ line: d.range.start.line + 1, severity: d.severity === DiagnosticSeverity.Error ? 'error' : 'warning', code: String(d.code), message: d.message }));
  const want = expected.map(key).sort();
  const got = given.map(key).sort();
  const falseOnes = given.filter((g) => !want.includes(key(g))).map((g) => `false: ${key(g)} ${g.message}`);
  const missed = expected.filter((e) => !got.includes(key(e))).map((e) => `missed: ${key(e)} (${e.why})`);
  assert.deepStrictEqual([...falseOnes, ...missed], [], `${file}: findings differ from the expected set`);
  assert.deepStrictEqual(got, want);
}
