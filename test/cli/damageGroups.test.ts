// `auspex damage --json` with a target of model groups (issue 15): the group form beside the single-profile
// form, hand-derived figures, and the validation messages that name the field.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { repoRoot } from '../support/shared';

function damage(input: unknown) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'damage', '--json'], { cwd: repoRoot, encoding: 'utf8', input: JSON.stringify(input) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const torrent = { name: 'flamer', A: 2, skill: null, S: 8, AP: 0, D: 1, abilities: ['TORRENT'] };
const groups = [
  { name: 'Trooper', models: 1, T: 4, Sv: 7, W: 1 },
  { name: 'Leader', models: 1, T: 4, Sv: 7, invuln: 4, W: 1, character: true, attached: true, keywords: ['CHARACTER'] },
];

describe('auspex damage --json: target.groups', () => {
  it('computes a target of model groups: the Bodyguard first, the Leader with its own 4++', () => {
    const r = damage({ attacker: { weapons: [torrent] }, target: { groups } });
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    // 2 wounds on 2+ (Bin(2, 5/6)): the 1st kills the trooper (35/36), the 2nd reaches the Leader and fails its 4++ half the time.
    assert.ok(Math.abs(j.modelsSlain - (35 / 36 + 25 / 72)) < 1e-12, String(j.modelsSlain));
    assert.deepStrictEqual(j.groupsSlain.map((g: { name: string }) => g.name), ['Trooper', 'Leader']);
    assert.ok(Math.abs(j.groupsSlain[1].modelsSlain - 25 / 72) < 1e-12);
    assert.ok(Math.abs(j.damage - j.damageBeforeFnp) < 1e-12);
    assert.strictEqual(j.modelsSlainDist.length, 3);
    // PRECISION sends the first wound to the Leader.
    const p = JSON.parse(damage({ attacker: { weapons: [{ ...torrent, abilities: ['TORRENT', 'PRECISION'] }] }, target: { groups } }).stdout);
    assert.ok(Math.abs(p.groupsSlain[1].modelsSlain - ((10 / 36) * (1 / 2) + (25 / 36) * (3 / 4))) < 1e-12);
  });

  it('the single-profile form is unchanged; damage after Feel No Pain beside damageBeforeFnp', () => {
    const r = damage({ attacker: { weapons: [{ ...torrent, A: 6, D: 3 }] }, target: { models: 2, T: 4, Sv: 7, W: 10, fnp: 5 } });
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.ok(Math.abs(j.damageBeforeFnp - 6 * (5 / 6) * 3) < 1e-12);
    assert.ok(Math.abs(j.damage - 6 * (5 / 6) * 3 * (2 / 3)) < 1e-12);
    assert.strictEqual(j.groupsSlain, undefined);
  });

  it('bad groups are named with their field', () => {
    const cases: [unknown, RegExp][] = [
      [{ groups: [] }, /target\.groups: expected at least one model group/],
      [{ groups: 'all' }, /target\.groups: expected an array of model groups/],
      [{ groups: [{ ...groups[0], W: 0 }] }, /target\.groups\[0\]\.W: expected 1 to 100, got 0/],
      [{ groups: [groups[0], { ...groups[1], Sv: undefined }] }, /target\.groups\[1\]\.Sv: missing/],
      [{ groups: [{ ...groups[0], models: undefined }] }, /target\.groups\[0\]\.models: missing/],
      [{ groups: [{ ...groups[0], attached: 'yes' }] }, /target\.groups\[0\]\.attached: expected true or false/],
      [{ groups: [{ ...groups[0], Invuln: 4 }] }, /target\.groups\[0\]\.Invuln: unknown field \(did you mean "invuln"\?\)/],
      [{ groups, T: 4 }, /target\.T: not with target\.groups/],
      [{ groups: [{ ...groups[0], models: 150 }, { ...groups[1], models: 100 }] }, /target\.groups: 250 models in all is above 200/],
    ];
    for (const [target, re] of cases) {
      const r = damage({ attacker: { weapons: [torrent] }, target });
      assert.strictEqual(r.code, 2, `${JSON.stringify(target)}: ${r.stdout}`);
      assert.match(r.stderr, re);
    }
  });

  it('attacker keywords and W, context.advanced', () => {
    // 6 models with a HAZARDOUS weapon: 6 tests, each failed on a 1; MONSTER W4: 3 mortal wounds a failure, 2 failures a model.
    const haz = { ...torrent, A: 1, models: 6, abilities: ['TORRENT', 'HAZARDOUS'] };
    const j = JSON.parse(damage({ attacker: { weapons: [haz], keywords: ['MONSTER'], W: 4 }, target: { groups } }).stdout);
    assert.ok(Math.abs(j.hazardousFailedTests - 1) < 1e-12);
    const plain = JSON.parse(damage({ attacker: { weapons: [haz] }, target: { groups } }).stdout);
    assert.ok(Math.abs(plain.hazardousModelsLost - 1) < 1e-12, String(plain.hazardousModelsLost));
    assert.ok(j.hazardousModelsLost < plain.hazardousModelsLost / 2);
    const adv = JSON.parse(damage({ attacker: { weapons: [torrent] }, target: { groups }, context: { advanced: true } }).stdout);
    assert.strictEqual(adv.attacks, 0);
    assert.match(damage({ attacker: { weapons: [torrent], W: 'big' }, target: { groups } }).stderr, /attacker\.W: expected a number/);
  });
});
