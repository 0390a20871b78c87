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

describe('what an OPPONENT line may read (issue 25)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OpponentFiles } = require('../../server/src/node/opponentFile') as typeof import('../../server/src/node/opponentFile');
  const os = require('os') as typeof import('os');
  let root: string;
  const file = (...p: string[]) => path.join(root, ...p);
  const uriOf = (p: string) => `file://${p}`;
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-opp-')));
    fs.mkdirSync(file('ws', 'lists'), { recursive: true });
    fs.mkdirSync(file('secret'));
    fs.writeFileSync(file('secret', 'creds.env'), 'AWS_SECRET=hunter2\nAtalan Jackals (85 Points)\n');
    fs.writeFileSync(file('ws', 'lists', 'mine.army'), example);
    fs.writeFileSync(file('ws', 'theirs.army'), example);
    fs.symlinkSync(file('secret', 'creds.env'), file('ws', 'lists', 'link.army'));
    fs.symlinkSync(file('ws', 'lists', 'mine.army'), file('ws', 'lists', 'me.army'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a file outside the workspace and the list\'s folder is not read, nor through a symlink; a symlink to the list is not its opponent', () => {
    const files = new OpponentFiles(() => undefined, () => [uriOf(file('ws'))]);
    const list = uriOf(file('ws', 'lists', 'mine.army'));
    for (const p of ['../../secret/creds.env', file('secret', 'creds.env'), 'link.army']) {
      const r = files.read(list, p);
      assert.ok(!r.doc, p);
      assert.match(String(r.error), /outside the workspace and the list's folder, so it is not read/, p);
    }
    assert.match(String(files.read(list, 'me.army').error), /cannot be its own opponent/);
    assert.ok(files.read(list, '../theirs.army').doc, 'within the workspace');
    // Without a workspace, the list's own folder only.
    const alone = new OpponentFiles(() => undefined);
    assert.match(String(alone.read(list, '../theirs.army').error), /outside/);
  });

  it('the opponent list has the limits of one\'s own: 6,000 units are refused with the reason, at once', () => {
    const svc = createLanguageService();
    const mine = TextDocument.create('file:///ws/mine.army', 'army-list', 1, `OPPONENT: theirs.army\n${example}`);
    const theirs = TextDocument.create('file:///ws/theirs.army', 'army-list', 1, example + '\n' + 'Atalan Jackals (10 points)\n'.repeat(6000));
    timed(3000, 'setOpponent', () => svc.setOpponent(mine.uri, { doc: theirs }));
    assert.strictEqual(svc.opponent(mine), undefined);
    const d = timed(3000, 'diagnostics', () => svc.diagnostics(mine)).find((x) => x.code === 'opponent-unreadable');
    assert.match(String(d?.message), /cannot be read: the list is too large: \d+ lines \(the limit is 5000\)|units \(the limit is 500\)/);
    timed(3000, 'lenses', () => svc.codeLenses(mine));
  });
});

describe('auspex.damage.targets has a maximum (issue 25)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readSettings, SETTINGS, DEFAULT_SETTINGS } = require('../../server/src/service/settings') as typeof import('../../server/src/service/settings');
  const target = (i: number) => ({ name: `t${i}`, models: 10, T: 3 + (i % 8), Sv: 2 + (i % 5), W: 1 + (i % 4) });

  it('20,000 targets are refused at once (in the schema too), the default kept, the problem said briefly', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => target(i));
    const r = timed(500, 'readSettings', () => readSettings({ damage: { targets: many } }));
    assert.deepStrictEqual(r.settings.damageTargets, DEFAULT_SETTINGS.damageTargets);
    assert.strictEqual(r.problems.length, 1);
    assert.match(r.problems[0], /auspex\.damage\.targets: .*… is not valid \(20000 entries, at most 32\); using the default/);
    assert.ok(r.problems[0].length < 400);
    assert.strictEqual(SETTINGS.find((d) => d.key === 'auspex.damage.targets')!.schema.maxItems, BOUNDS.damageTargets);
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    assert.strictEqual(pkg.contributes.configuration.properties['auspex.damage.targets'].maxItems, BOUNDS.damageTargets);
  });

  it('the most targets allowed on a real list: every lens within the list\'s work budget, in seconds', () => {
    const ok = readSettings({ damage: { targets: Array.from({ length: BOUNDS.damageTargets }, (_, i) => target(i)) } });
    assert.deepStrictEqual(ok.problems, []);
    const svc = createLanguageService({ settings: ok.settings });
    const doc = TextDocument.create('file:///example.army', 'army-list', 1, example);
    const lenses = timed(15000, 'lenses', () => svc.codeLenses(doc));
    assert.ok(lenses.length > 0);
  });
});
