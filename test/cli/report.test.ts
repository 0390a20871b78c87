// `auspex report` as a process: on the 13 real lists its verdicts and finding
// counts are those `auspex check` gives each list, with the same rules data;
// exit codes 0 / 1 / 2; the HTML and JSON files.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[], cwd = repoRoot) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Row { file: string; verdict: string; unpricedUnits?: number; faction?: string; detachments: string[]; counts: Record<string, number>; findings: { severity: string; code: string; line: number }[]; statedPoints?: number; computedPoints?: number; limit?: number; edition?: number }

describe('auspex report', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-report-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const data of [[], ['--data', 'wahapedia']]) {
    const label = data.length ? 'with the Wahapedia export' : 'on the embedded data';
    it(`gives ../shared/lists 13 rows whose verdicts and findings match auspex check (${label})`, function () {
      requireShared(this, 'lists');
      const dataArgs = data.length ? (requireShared(this, 'data', 'wahapedia'), ['--data', sharedPath('data', 'wahapedia')]) : [];
      const html = path.join(dir, 'r.html');
      const json = path.join(dir, 'r.json');
      const r = auspex(['report', sharedPath('lists'), '--html', html, '--json', json, ...dataArgs]);
      const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { lists: Row[]; summary: { lists: number; legal: number; notLegal: number; notChecked: number; byFaction: { faction: string; lists: number }[] } };
      const files = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt')).sort();
      assert.strictEqual(report.lists.length, 13);
      // Each list named relative to the folder given.
      assert.deepStrictEqual(report.lists.map((l) => l.file), files);

      // One `check --json` over the same files: its findings, grouped per file.
      const check = auspex(['check', ...files.map((f) => sharedPath('lists', f)), '--json', ...dataArgs]);
      const findings = JSON.parse(check.stdout) as { file: string; severity: string; code: string; range: { start: { line: number } } }[];
      for (const row of report.lists) {
        const mine = findings.filter((f) => f.file === sharedPath('lists', row.file));
        const errors = mine.filter((f) => f.severity === 'error').length;
        // A list whose faction has no data is "not checked" (its one error says so); else an error makes it "not
        // legal"; without one, legal, unless the data to check it in full was missing (then it says so).
        const notLoaded = mine.some((f) => f.code === 'faction-not-loaded');
        const unchecked = notLoaded || mine.some((f) => f.code === 'edition-data-missing');
        assert.strictEqual(row.verdict, notLoaded ? 'not checked' : errors ? 'not legal' : unchecked ? row.verdict : 'legal', row.file);
        if (!errors && unchecked) assert.match(row.verdict, /^(not checked|points only)$/, row.file);
        assert.strictEqual(row.counts.error, errors, row.file);
        assert.strictEqual(row.counts.warning, mine.filter((f) => f.severity === 'warning').length, row.file);
        assert.deepStrictEqual(row.findings.map((f) => `${f.code}@${f.line}`).sort(), mine.map((f) => `${f.code}@${f.range.start.line + 1}`).sort(), row.file);
        // And `check` on that list alone exits as the verdict says.
        if (!data.length && row.verdict !== 'not checked' && row.verdict !== 'points only') assert.strictEqual(auspex(['check', sharedPath('lists', row.file)]).code, row.verdict === 'legal' ? 0 : 1, row.file);
      }
      const anyIllegal = report.lists.some((l) => l.verdict !== 'legal');
      assert.strictEqual(r.code, anyIllegal ? 1 : 0, r.stderr);
      assert.strictEqual(report.summary.lists, 13);
      assert.strictEqual(report.summary.legal + report.summary.notLegal + report.summary.notChecked, 13);
      assert.strictEqual(report.summary.byFaction.reduce((n, f) => n + f.lists, 0), 13);

      // Facts from the list as MANIFEST.csv states them.
      const gsc = report.lists.find((l) => l.file === 'gwapp_gsc_1.txt')!;
      assert.strictEqual(gsc.faction, 'Genestealer Cults');
      assert.deepStrictEqual(gsc.detachments, ['Xenocreed Congregation']);
      assert.strictEqual(gsc.statedPoints, 2000);
      assert.strictEqual(gsc.limit, 2000);
      assert.strictEqual(gsc.edition, 10);
      if (data.length) assert.strictEqual(gsc.computedPoints, 2000, 'the Wahapedia export prices every unit of the GSC list as stated');

      const page = fs.readFileSync(html, 'utf8');
      assert.strictEqual((page.match(/<tr data-i=/g) ?? []).length, 13);
      assert.strictEqual((page.match(/<details id="list-/g) ?? []).length, 13);
      assert.ok(!/(src|href)=["']?(https?:)?\/\//i.test(page), 'no remote asset');
      assert.match(r.stdout, /^13 lists: \d+ legal, \d+ not legal, (\d+ not \(fully\) checked, )?0 could not be read$/m);
    });
  }

  it('exits 0 when every list is legal, 1 when one is not or cannot be read, 2 on usage errors', () => {
    const legal = auspex(['report', 'examples/claw-of-ascension.army']);
    assert.strictEqual(legal.code, 0, legal.stdout + legal.stderr);
    assert.match(legal.stdout, /^legal +examples\/claw-of-ascension\.army — Genestealer Cults, Claw of Ascension, Combat Patrol/m);
    assert.strictEqual(auspex(['report', 'examples']).code, 1);
    const junk = path.join(dir, 'junk.txt');
    fs.writeFileSync(junk, 'not a list at all\n');
    const unread = auspex(['report', 'examples/claw-of-ascension.army', junk]);
    assert.strictEqual(unread.code, 1);
    assert.match(unread.stdout, /^could not be read .*junk\.txt \(no unit/m);
    assert.match(unread.stdout, /1 legal, 0 not legal, 1 could not be read/);

    const none = auspex(['report']);
    assert.strictEqual(none.code, 2);
    assert.match(none.stderr, /name at least one list file or folder/);
    const missing = auspex(['report', 'nope/']);
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /cannot read nope\/: ENOENT/);
    const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
    assert.match(auspex(['report', empty]).stderr, /holds no list file/);
    assert.strictEqual(auspex(['report', 'examples', '--json']).code, 2, '--json needs a file here');
    assert.strictEqual(auspex(['report', 'examples', '--edition', '12']).code, 2);
  });

  it('shows the edition and the app data version of the real 11th-edition exports', function () {
    requireShared(this, 'lists-11e');
    const json = path.join(dir, 'e11.json');
    auspex(['report', sharedPath('lists-11e'), '--json', json, '--no-cache']);
    const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { lists: (Row & { dataVersion?: string })[] };
    assert.strictEqual(report.lists.length, 10);
    for (const l of report.lists) {
      assert.strictEqual(l.edition, 11, l.file);
      const footer = /(?:Data Version|Version de Données) ?: (v\d+)/.exec(fs.readFileSync(sharedPath('lists-11e', l.file), 'utf8'))?.[1];
      if (l.file.startsWith('gwapp11')) assert.ok(footer, l.file);
      // No 11th-edition data given (and no cache): nothing of the list was checked, and the verdict says so.
      assert.strictEqual(l.verdict, l.counts.error ? 'not legal' : 'not checked', l.file);
      assert.strictEqual(l.dataVersion, footer, l.file);
    }
  });

  it('on the 11th-edition lists with their data: each source once, one row per faction, check\'s totals, a list priced only says so', function () {
    requireShared(this, 'lists-11e');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const json = path.join(dir, 'data11.json');
    const data = ['--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1')];
    const r = auspex(['report', sharedPath('lists-11e'), '--json', json, '--no-cache', ...data]);
    const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { rules: { kind: string; location: string }[]; lists: Row[]; summary: { byFaction: { faction: string; lists: number }[] } };
    // The folders read faction by faction are listed once each.
    assert.deepStrictEqual(report.rules.map((s) => [s.kind, s.location]), [['bsdata', sharedPath('data', 'bsdata-11e')], ['mfm', sharedPath('data', 'mfm-11e', 'v1.1')]]);
    assert.strictEqual((r.stdout.match(/^rules data: /gm) ?? []).length, 1, r.stdout);
    // Six World Eaters lists in five export formats (French among them): one row.
    assert.deepStrictEqual(report.summary.byFaction.map((f) => [f.faction, f.lists]).sort(), [['Astra Militarum', 2], ['Dark Angels', 1], ['Orks', 1], ['World Eaters', 6]]);
    // The computed total is the one `auspex check` compares the stated total with.
    for (const l of report.lists) {
      const c = auspex(['check', sharedPath('lists-11e', l.file), '--json', '--no-cache', ...data]);
      const total = (JSON.parse(c.stdout) as { code: string; message: string }[]).find((f) => f.code === 'total-mismatch');
      const cost = total && /cost (\d+) in the rules data/.exec(total.message)?.[1];
      if (cost) assert.strictEqual(l.computedPoints, Number(cost), l.file);
      else if (!l.unpricedUnits) assert.strictEqual(l.computedPoints, l.statedPoints, l.file);
    }
    // The Astra Militarum list priced under v1.0, against v1.0: no error, its datasheets missing → "points only".
    const v10 = path.join(dir, 'v10.json');
    const one = auspex(['report', sharedPath('lists-11e', 'warorgangw11_astramilitarum_1.txt'), '--json', v10, '--no-cache', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.0')]);
    const [am] = (JSON.parse(fs.readFileSync(v10, 'utf8')) as { lists: Row[] }).lists;
    assert.deepStrictEqual([am.verdict, am.counts.error], ['points only', 0]);
    assert.strictEqual(one.code, 1, 'a list not fully checked is not passed');
    assert.match(one.stdout, /^points only +.*warorgangw11_astramilitarum_1\.txt/m);
  });

  it('--edition 11 reads every list as 11th edition', () => {
    const json = path.join(dir, 'e.json');
    auspex(['report', 'examples', '--edition', '11', '--json', json]);
    const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { edition: string; lists: Row[] };
    assert.strictEqual(report.edition, '11');
    assert.deepStrictEqual(report.lists.map((l) => l.edition), [11, 11]);
  });
});
