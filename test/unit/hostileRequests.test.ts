// The size of every request (issue 25): workspace symbols and references over a
// 150,000-unit list are bounded, and answered within seconds.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { BOUNDS } from '../../server/src/service/domain/bounds';
import { repoRoot } from '../support/shared';

const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');

function timed<T>(ms: number, what: string, f: () => T): T {
  const t0 = Date.now();
  const r = f();
  assert.ok(Date.now() - t0 < ms, `${what}: ${Date.now() - t0} ms`);
  return r;
}

describe('hostile request sizes (issue 25)', function () {
  this.timeout(60000);
  const svc = createLanguageService();
  const doc = TextDocument.create('file:///huge.army', 'army-list', 1, example + '\n' + 'Atalan Jackals (10 points)\n'.repeat(150_000));

  it('workspace symbols over 150,000 units: at most the bound, the best ranked first', () => {
    svc.parse(doc);
    const all = timed(5000, 'symbols', () => svc.workspaceSymbols([doc], ''));
    assert.strictEqual(all.length, BOUNDS.workspaceSymbols);
    const some = timed(5000, 'symbols "jackals"', () => svc.workspaceSymbols([doc], 'jackals'));
    assert.strictEqual(some.length, BOUNDS.workspaceSymbols);
    assert.ok(some.every((s) => /Jackals/.test(s.name)));
    assert.ok(JSON.stringify(all).length < 1024 * 1024);
  });

  it('references to a unit in a 150,000-unit list: at most the bound', () => {
    const line = example.split('\n').length;
    const refs = timed(10000, 'references', () => svc.references(doc, { line, character: 3 }, [doc]));
    assert.strictEqual(refs.length, BOUNDS.references);
  });
});
