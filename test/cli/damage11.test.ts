// `auspex damage --json` with `rules.edition`: the same Stealth scenario under the 10th (default) and the 11th.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { repoRoot } from '../support/shared';

function damage(input: unknown) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'damage', '--json'], { cwd: repoRoot, encoding: 'utf8', input: JSON.stringify(input) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('auspex damage --json: rules.edition', () => {
  // 6 attacks, BS3+, S4 v T4 (1/2), Sv4+ AP0 against a Stealth unit.
  // 10th: -1 to hit, 4+ (1/2) · 1/2 · unsaved 1/2 → 6/8 = 0.75.
  // 11th: the benefit of cover (13.08) worsens BS to 4+ (1/2) · 1/2 · unsaved 1/2 → 0.75 as well; in cover without
  // Stealth the editions part: 10th hit 3+ (2/3) · 1/2 · save 3+ (1/3) → 6/9; 11th 4+ · 1/2 · 1/2 → 0.75.
  const scenario = { attacker: { weapons: [{ name: 'Lasgun', A: 2, skill: 3, S: 4, AP: 0, D: 1, models: 3 }] }, target: { models: 10, T: 4, Sv: 4, W: 1, stealth: true } };

  it('defaults to the 10th edition and applies the 11th when asked', () => {
    const tenth = damage(scenario);
    assert.strictEqual(tenth.code, 0, tenth.stderr);
    const j10 = JSON.parse(tenth.stdout);
    assert.strictEqual(j10.edition, 10);
    assert.ok(Math.abs(j10.damage - 0.75) < 1e-12, `10th: ${j10.damage}`);
    const eleventh = damage({ ...scenario, rules: { edition: 11 } });
    assert.strictEqual(eleventh.code, 0, eleventh.stderr);
    const j11 = JSON.parse(eleventh.stdout);
    assert.strictEqual(j11.edition, 11);
    assert.ok(Math.abs(j11.damage - 0.75) < 1e-12, `11th: ${j11.damage}`);
    assert.ok(j11.notes.some((n: string) => /Stealth: the benefit of cover/.test(n)));
    assert.ok(j11.perWeapon[0].notes.some((n: string) => /Benefit of cover \(13\.08\): the attack's BS worsens by 1/.test(n)));
    const covered = { ...scenario, target: { ...scenario.target, stealth: false }, context: { targetInCover: true } };
    assert.ok(Math.abs(JSON.parse(damage(covered).stdout).damage - 6 / 9) < 1e-12, '10th in cover');
    assert.ok(Math.abs(JSON.parse(damage({ ...covered, rules: { edition: 11 } }).stdout).damage - 0.75) < 1e-12, '11th in cover');
    // "10" as a string is the 10th too.
    assert.strictEqual(JSON.parse(damage({ ...scenario, rules: { edition: '10' } }).stdout).edition, 10);
  });

  it('refuses another edition with the field named', () => {
    const bad = damage({ ...scenario, rules: { edition: 9 } });
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /auspex damage: rules\.edition: expected 10 or 11, got 9/);
  });
});
