// The other `auspex` commands as processes: parse, damage, data.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('auspex parse / damage / data', () => {
  it('parse --json prints the tree with LSP ranges', () => {
    const r = auspex(['parse', 'examples/claw-of-ascension.army', '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.strictEqual(j.format, 'gwapp');
    assert.strictEqual(j.faction, 'Genestealer Cults');
    assert.strictEqual(j.detachment, 'Claw of Ascension');
    assert.deepStrictEqual(j.battleSize, { name: 'Combat Patrol', points: null });
    assert.strictEqual(j.statedPoints, null);
    assert.strictEqual(j.units.length, 1);
    const u = j.units[0];
    assert.strictEqual(u.name, 'Atalan Jackals');
    assert.deepStrictEqual(u.models.map((m: { count: number; name: string }) => [m.count, m.name]), [[4, 'Atalan Jackal'], [1, 'Atalan Wolfquad']]);
    assert.deepStrictEqual(u.range.start, { line: 8, character: 0 });
    assert.deepStrictEqual(j.errors, []);
    const missing = auspex(['parse', 'nope.army', '--json']);
    assert.strictEqual(missing.code, 2);
  });

  it('parse exits 0 on a list with errors and reports them', () => {
    const r = auspex(['parse', 'examples/mistakes.army', '--json']);
    assert.strictEqual(r.code, 0);
    const j = JSON.parse(r.stdout);
    assert.ok(j.errors.length >= 1 && j.errors.every((e: { code: string; range: unknown }) => e.code && e.range));
  });

  it('damage --json computes a scenario from standard input', () => {
    // 8 attacks, hit 4+ (1/2), S4 v T4 wound 4+ (1/2), Sv 3+ AP0 fails 1/3, D1: 8/12 = 0.6667 damage.
    const scenario = { attacker: { weapons: [{ name: 'Atalan small arms', type: 'ranged', A: 2, skill: 4, S: 4, AP: 0, D: 1, abilities: ['PISTOL'], models: 4 }] }, target: { models: 5, T: 4, Sv: 3, W: 2 } };
    const r = auspex(['damage', '--json'], JSON.stringify(scenario));
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.strictEqual(j.attacks, 8);
    assert.ok(Math.abs(j.damage - 8 / 12) < 1e-12);
    assert.strictEqual(j.modelsSlainDist.length, 6);
    const bad = auspex(['damage', '--json'], JSON.stringify({ attacker: { weapons: [{ ...scenario.attacker.weapons[0], S: 'strong' }] }, target: scenario.target }));
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /attacker\.weapons\[0\]\.S/);
    const notJson = auspex(['damage', '--json'], '{');
    assert.strictEqual(notJson.code, 2);
    assert.match(notJson.stderr, /not JSON/);
  });

  it('data --json summarises a BattleScribe folder for one faction', function () {
    requireShared(this, 'data', 'bsdata');
    const r = auspex(['data', '--data', sharedPath('data', 'bsdata'), '--faction', 'Genestealer Cults', '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    const gsc = j.factions.find((f: { name: string }) => f.name === 'Genestealer Cults');
    assert.ok(gsc && gsc.datasheets >= 24, JSON.stringify(j.factions));
    assert.ok(j.sources.some((s: { kind: string }) => s.kind === 'bsdata'));
    assert.ok(Array.isArray(j.warnings));
  });

  it('data --json gives every source its edition and version (11th: BSData JSON + MFM)', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const r = auspex(['data', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1'), '--faction', 'Tyranids', '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout) as { sources: { kind: string; edition: number; version?: string }[]; factions: { name: string; edition: number; datasheets: number }[] };
    assert.deepStrictEqual(j.sources.map((s) => [s.kind, s.edition, s.version]), [
      ['embedded', 10, undefined], ['bsdata', 11, 'Warhammer 40,000 11th Edition revision 6'], ['mfm', 11, 'Munitorum Field Manual v1.1 (2026-07-22)'],
    ]);
    const nids = j.factions.find((f) => f.name === 'Tyranids');
    assert.ok(nids && nids.edition === 11 && nids.datasheets >= 40, JSON.stringify(j.factions));
  });

  it('data refuses a missing folder with one line and exit 2', () => {
    const r = auspex(['data', '--data', '/no/such/folder']);
    assert.strictEqual(r.code, 2);
    assert.strictEqual(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /\/no\/such\/folder/);
    const none = auspex(['data']);
    assert.strictEqual(none.code, 2);
  });
});
