// `auspex diff` as a process, on two versions of a small BattleScribe data set
// the test writes itself (a game system and one catalogue): a points change, a
// new unit size, a weapon's strength, a unit added, a unit removed.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { TEST_HOST_LIST, writeBsVersion } from '../support/bsVersions';

function auspex(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Priced under the first version: Troopers at 60 (65 in the second), a Captain (gone from the second). */
const LIST = TEST_HOST_LIST;

describe('auspex diff (two BattleScribe versions written by the test)', function () {
  this.timeout(30_000);
  let dir: string;
  let v1: string;
  let v2: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-diff-'));
    v1 = path.join(dir, 'v1');
    v2 = path.join(dir, 'v2');
    writeBsVersion(v1, 3, { small: 60, large: 110, max: 10, gunS: 3, captain: true, sergeant: false });
    writeBsVersion(v2, 4, { small: 65, large: 110, max: 10, gunS: 4, captain: false, sergeant: true });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the changes per faction, old → new, and exits 1', () => {
    const r = auspex(['diff', '--from', v1, '--to', v2]);
    assert.strictEqual(r.code, 1, r.stderr);
    assert.strictEqual(r.stderr, '');
    assert.strictEqual(r.stdout, [
      `from bsdata ${v1} (Test System revision 3)`,
      `to   bsdata ${v2} (Test System revision 4)`,
      '',
      'Test Host (4 changes)',
      '  ~ Troopers, 5 models: points 60 → 65',
      '  ~ Troopers, Lasgun: S 3 → 4',
      '  + unit Sergeant (1 model 30 pts)',
      '  - unit Captain (1 model 45 pts)',
      '',
      '4 changes in 1 faction',
      '',
    ].join('\n'));
  });

  it('--json gives {from, to, factions: [{name, changes: [{kind, unit, item, field, from, to}]}]}', () => {
    const r = auspex(['diff', '--from', v1, '--to', v2, '--faction', 'Test Host', '--json']);
    assert.strictEqual(r.code, 1, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepStrictEqual(j.from, { source: 'bsdata', location: v1, version: 'Test System revision 3' });
    assert.deepStrictEqual(j.to.version, 'Test System revision 4');
    assert.deepStrictEqual(j.factions, [{
      name: 'Test Host',
      changes: [
        { kind: 'changed', unit: 'Troopers', item: '5 models', field: 'points', from: 60, to: 65 },
        { kind: 'changed', unit: 'Troopers', item: 'Lasgun', field: 'S', from: 3, to: 4 },
        { kind: 'added', unit: 'Sergeant', field: 'unit', from: null, to: '1 model 30 pts' },
        { kind: 'removed', unit: 'Captain', field: 'unit', from: '1 model 45 pts', to: null },
      ],
    }]);
  });

  it('check --against says which findings the other version explains, and the total under both', () => {
    const list = path.join(dir, 'list.army');
    fs.writeFileSync(list, LIST);
    const r = auspex(['check', list, '--data', v2, '--against', v1]);
    assert.strictEqual(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    // Each line ends with its rule; the other version's note stands before it.
    assert.deepStrictEqual(lines.slice(0, 3), [
      `${list}:1:12 error total-mismatch The list states 105 points but its units cost 110 in the rules data (enhancements included; 1 unit the rules data cannot price is counted at its stated points). [10th edition core rules: Muster your army: Army points]`,
      `${list}:8:1 error unknown-datasheet Unknown datasheet "Captain". Looked up in BattleScribe data Test System revision 4. [Test System revision 3 has this datasheet] [Auspex: unknown-datasheet]`,
      `${list}:13:11 error points-mismatch Troopers with 5 models costs 65 points in the rules data, not 60. [matches Test System revision 3; Test System revision 4 raised Troopers 60 → 65] [Troopers datasheet (BattleScribe Test System revision 4): points]`,
    ]);
    // The total as `check` counts it: the unit revision 4 cannot price (the Captain) at its stated 45.
    assert.strictEqual(lines[lines.length - 1], `${list}: total 110 pts under Test System revision 4 (1 unit not priced); 105 pts under Test System revision 3`);
    // The other way round: v1 in use, the list matches it; nothing to explain, totals still given.
    const back = auspex(['check', list, '--data', v1, '--against', v2, '--json']);
    const j = JSON.parse(back.stdout) as { findings: { code: string; against?: string }[]; totals: { current: { points: number }; against: { points: number; unpriced: number } }[] };
    assert.ok(!j.findings.some((f) => f.code === 'points-mismatch' || f.code === 'unknown-datasheet'), back.stdout);
    assert.deepStrictEqual(j.totals.map((t) => [t.current.points, t.against.points, t.against.unpriced]), [[105, 110, 1]]);
  });

  it('exits 0 with no changes, 2 on usage errors and unusable folders', () => {
    const same = auspex(['diff', '--from', v1, '--to', v1]);
    assert.strictEqual(same.code, 0);
    assert.match(same.stdout, /\nno changes\n$/);
    assert.match(auspex(['diff', '--from', v1]).stderr, /--from <data> --to <data>/);
    assert.strictEqual(auspex(['diff', '--from', v1]).code, 2);
    const missing = auspex(['diff', '--from', v1, '--to', path.join(dir, 'nope')]);
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /does not exist/);
    const noFaction = auspex(['diff', '--from', v1, '--to', v2, '--faction', 'Orks']);
    assert.strictEqual(noFaction.code, 2);
    assert.match(noFaction.stderr, /neither version has a faction "Orks"/);
  });
});

describe('auspex check --against on the real MFM versions', function () {
  this.timeout(60_000);
  it('a list priced under v1.0, checked under v1.1 against v1.0: which units changed and by how much', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
    const list = sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt');
    const r = auspex(['check', list, '--data', sharedPath('data', 'mfm-11e', 'v1.1'), '--against', sharedPath('data', 'mfm-11e', 'v1.0'), '--json']);
    const j = JSON.parse(r.stdout) as { findings: { code: string; message: string; against?: string }[]; totals: { current: { data: string; points: number }; against: { data: string; points: number } }[] };
    const mismatches = j.findings.filter((f) => f.code === 'points-mismatch');
    assert.ok(mismatches.length >= 4, r.stdout);
    for (const f of mismatches) {
      // "Khorne Berzerkers with 10 models costs 170 points in the rules data, not 180." → "... lowered Khorne Berzerkers 180 → 170".
      const m = /^(.+?) with \d+ models? costs (\d+) points in the rules data, not (\d+)\. /.exec(f.message);
      assert.ok(m, f.message);
      const [, unit, now, was] = m;
      const verb = Number(now) > Number(was) ? 'raised' : 'lowered';
      assert.strictEqual(f.against, `matches Munitorum Field Manual v1.0 (2026-06-17); Munitorum Field Manual v1.1 (2026-07-22) ${verb} ${unit} ${was} → ${now}`);
    }
    assert.deepStrictEqual(j.totals.map((t) => [t.current.data, t.against.data]), [['Munitorum Field Manual v1.1 (2026-07-22)', 'Munitorum Field Manual v1.0 (2026-06-17)']]);
    assert.ok(j.totals[0].against.points > j.totals[0].current.points, 'v1.1 lowered the World Eaters: the list costs more under v1.0');
  });
});
