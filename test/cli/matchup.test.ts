// `auspex matchup <yours> <theirs>`: a real pair of lists (../shared/lists, GSC vs Tyranids) with the BattleScribe
// data of ../shared/data: the text (both directions), the JSON contract (attacker = yours; --reverse: theirs), and
// usage errors. Skips without ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
}

interface Pair { attacker: string; attackerIndex: number; defender: string; defenderIndex: number; phase: string; damage: number; modelsSlain: number; pWipe: number; pointsRemoved: number }

describe('auspex matchup', function () {
  this.timeout(60000);
  const lists = () => [sharedPath('lists', 'gwapp_gsc_1.txt'), sharedPath('lists', 'gwapp_tyranids_2.txt')];
  const data = () => ['--data', sharedPath('data', 'bsdata'), '--no-cache'];
  before(function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    requireShared(this, 'lists', 'gwapp_tyranids_2.txt');
  });

  it('prints both directions, each attacker with its targets best first', () => {
    const r = cli('matchup', ...lists(), ...data());
    assert.strictEqual(r.status, 0, r.stderr);
    const [forward, reverse] = r.stdout.split('\nWhat they do to you:\n');
    assert.match(forward, /gwapp_gsc_1\.txt \(Genestealer Cults, Xenocreed Congregation, 2000 pts\) against .*gwapp_tyranids_2\.txt \(Tyranids, Subterranean Assault, 2000 pts\) — 10th edition/);
    assert.match(reverse, /gwapp_tyranids_2\.txt \(Tyranids.*\) against .*gwapp_gsc_1\.txt/);
    // The Iconward's rows are sorted by the points' worth removed, each row's better phase first.
    const block = forward.split('\nAcolyte Iconward #1 (75 pts)\n')[1].split(/\n(?! )/)[0].split('\n');
    const worth = block.map((l) => [...l.matchAll(/(?:Shooting|Fight) [\d.]+ dmg, [\d.]+ slain, ([\d.]+) pts \((\d+|<1)%\)/g)].map((m) => Number(m[1])));
    assert.ok(worth.length >= 10 && worth.every((w) => w.length === 2), block.join('\n'));
    assert.deepStrictEqual(worth.map((w) => w[0]), worth.map((w) => w[0]).sort((a, b) => b - a));
    for (const w of worth) assert.ok(w[0] >= w[1]);
    assert.match(block[0], /^ {2}vs Neurogaunts #9 \(45 pts\): Fight /);
  });

  it('--json: attacker = yours, defender = theirs; --reverse swaps them; pointsRemoved from the expected models slain', () => {
    const r = cli('matchup', ...lists(), ...data(), '--json');
    assert.strictEqual(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout) as { edition: number; attacker: { file: string; faction: string }; defender: { file: string; faction: string }; pairs: Pair[] };
    assert.strictEqual(j.edition, 10);
    assert.strictEqual(j.attacker.faction, 'Genestealer Cults');
    assert.strictEqual(j.defender.faction, 'Tyranids');
    assert.ok(j.attacker.file.endsWith('gwapp_gsc_1.txt'));
    const keys = ['attacker', 'attackerIndex', 'defender', 'defenderIndex', 'phase', 'damage', 'modelsSlain', 'pWipe', 'pointsRemoved'];
    for (const p of j.pairs) {
      assert.deepStrictEqual(Object.keys(p), keys);
      assert.ok(p.damage >= 0 && p.modelsSlain >= 0 && p.pWipe >= 0 && p.pWipe <= 1);
    }
    // Neurogaunts (11 models, 45 points; no wound groups before the engine allocates over groups): each model is
    // worth 45/11 points.
    const ng = j.pairs.filter((p) => p.defender === 'Neurogaunts');
    assert.ok(ng.length > 10);
    for (const p of ng) assert.ok(Math.abs(p.pointsRemoved - (p.modelsSlain * 45) / 11) < 1e-9, `${p.attacker} ${p.phase}`);
    const rev = JSON.parse(cli('matchup', ...lists(), ...data(), '--json', '--reverse').stdout) as typeof j;
    assert.strictEqual(rev.attacker.faction, 'Tyranids');
    assert.strictEqual(rev.defender.faction, 'Genestealer Cults');
    assert.ok(rev.pairs.some((p) => p.attacker === 'The Swarmlord' && p.defender === 'Neophyte Hybrids'));
  });

  it('usage: two lists, readable, lists', () => {
    const one = cli('matchup', lists()[0], ...data());
    assert.strictEqual(one.status, 2);
    assert.match(one.stderr, /name two lists: <yours> <theirs>/);
    const missing = cli('matchup', lists()[0], 'no-such-list.txt', ...data());
    assert.strictEqual(missing.status, 2);
    assert.match(missing.stderr, /cannot read no-such-list\.txt: ENOENT/);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-matchup-'));
    const prose = path.join(tmp, 'prose.txt');
    fs.writeFileSync(prose, 'Dear diary,\ntoday nothing happened.\n');
    const notList = cli('matchup', lists()[0], prose, ...data());
    assert.strictEqual(notList.status, 2);
    assert.match(notList.stderr, /prose\.txt is not an army list/);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
