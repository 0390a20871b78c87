// `auspex lenses`: what the editor's lenses show for every unit line, with the army's rules, through the binary.
// The worked cases of ../shared/army-damage-11e give exactly their numbers (`--targets`, `--when`, as the before-stop
// check runs them); bad options are one line and exit 2. Skips without ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { ARMY_CASES } from '../support/armyCases';

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
}

const data = () => ['--no-cache', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1')];
const TARGETS: Record<string, object> = {
  GEQ: { name: 'GEQ', models: 10, T: 3, Sv: 5, W: 1, keywords: ['INFANTRY'] },
  MEQ: { name: 'MEQ', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] },
};
/** The cases' condition names as `--when` takes them. */
const WHEN: Record<string, string> = { withinHalfRange: 'halfRange', heavyReady: 'stationary', waaagh: 'Waaagh!', lootObjective: 'Here Be Loot' };

describe('auspex lenses', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'army-damage-11e', 'EXAMPLES.json');
  });

  it('gives every worked case of ../shared/army-damage-11e exactly, through --json', () => {
    const ex = JSON.parse(fs.readFileSync(sharedPath('army-damage-11e', 'EXAMPLES.json'), 'utf8')) as { cases: { id: string; list: string; unitLine: number; phase: string; target: string; conditions: Record<string, boolean | number>; expected: Record<string, number> }[] };
    for (const c of ex.cases) {
      const when = Object.entries(c.conditions).filter(([, v]) => v !== false).map(([k, v]) => (typeof v === 'number' ? `${k}=${v}` : WHEN[k] ?? k)).join(',');
      const r = cli('lenses', sharedPath(c.list), '--json', ...data(), '--targets', JSON.stringify([TARGETS[c.target]]), ...(when ? ['--when', when] : []));
      assert.strictEqual(r.status, 0, r.stderr);
      const unit = (JSON.parse(r.stdout) as { units: { line: number; results: { phase: string; target: string; [k: string]: unknown }[] }[] }).units.find((u) => u.line === c.unitLine);
      const got = unit?.results.find((x) => x.phase === c.phase && x.target === c.target);
      assert.ok(got, `${c.id}: no result`);
      for (const k of ['attacks', 'hits', 'wounds', 'unsaved', 'damage', 'modelsSlain']) {
        assert.ok(Math.abs((got[k] as number) - c.expected[k]) <= 1e-6 * Math.max(1, c.expected[k]), `${c.id} ${k}: ${got[k]} expected ${c.expected[k]}`);
      }
    }
  });

  it('--json: one entry per unit line with its results, what was applied, the conditions and what was not', () => {
    const r = cli('lenses', sharedPath('lists-11e', 'gwapp11_orks_1.txt'), '--json', ...data());
    assert.strictEqual(r.status, 0, r.stderr);
    const units = (JSON.parse(r.stdout) as { units: Record<string, unknown>[] }).units;
    const lines = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8').split('\n');
    for (const u of units) {
      assert.deepStrictEqual(Object.keys(u).filter((k) => k !== 'attacksWith' && k !== 'note'), ['line', 'name', 'results', 'applied', 'conditions', 'notApplied']);
      assert.ok(lines[(u.line as number) - 1].startsWith(u.name as string), `line ${u.line} is ${u.name}`);
    }
    const boyz = units.find((u) => u.name === 'Beast Snagga Boyz') as { applied: { source: string; name: string; effect: string }[]; conditions: { name: string; on: boolean }[] };
    // Against the default targets (a VEHICLE and a MONSTER among them), their own Monster Hunters re-roll too.
    assert.deepStrictEqual(boyz.applied.map((a) => [a.source, a.name]), [['leader', 'Beastboss'], ['datasheet', 'Monster Hunters']]);
    assert.match(boyz.applied[1].effect, /against MONSTER or VEHICLE targets/);
    assert.ok(boyz.conditions.some((c) => c.name === 'Waaagh!' && !c.on));
    // The Leader's entry is its Bodyguard's.
    const boss = units.find((u) => u.name === 'Beastboss') as { attacksWith: string; results: unknown };
    assert.strictEqual(boss.attacksWith, 'Beast Snagga Boyz');
    assert.deepStrictEqual(boss.results, (boyz as unknown as { results: unknown }).results);
  });

  it('prints text: each unit line, its figures per target, and the army\'s rules', () => {
    const r = cli('lenses', sharedPath('lists-11e', 'gwapp11_orks_1.txt'), ...data(), '--targets', JSON.stringify([TARGETS.MEQ]), '--when', 'Waaagh!');
    assert.strictEqual(r.status, 0, r.stderr);
    assert.match(r.stdout, /^40: Beast Snagga Boyz\n {2}vs MEQ: Shooting [\d.]+ dmg, [\d.]+ slain · Fight [\d.]+ dmg, [\d.]+ slain\n {2}applied \(/m);
    assert.match(r.stdout, /^34: Beastboss \(attacks with Beast Snagga Boyz\)$/m);
    assert.match(r.stdout, /applied \(army\) Waaagh!: \+1 A, \+1 S: melee attacks/);
    assert.match(r.stdout, /condition Waaagh!: on/);
  });

  it('says when a rule named in --when is one no unit depends on; refuses bad options in one line', () => {
    const list = sharedPath('lists-11e', 'gwapp11_orks_1.txt');
    const typo = cli('lenses', list, ...data(), '--when', 'Waagh!');
    assert.strictEqual(typo.status, 0);
    assert.match(typo.stderr, /--when Waagh!: no rule of this list's units depends on it/);
    const bad = [
      cli('lenses', list, ...data(), '--when', 'battleRound=third'),
      cli('lenses', list, ...data(), '--targets', '{not json'),
      cli('lenses', list, ...data(), '--targets', '[{"name":"x","models":5}]'),
      cli('lenses', list, ...data(), '--targets', '[]'),
      cli('lenses', ...data()),
    ];
    for (const b of bad) {
      assert.strictEqual(b.status, 2, b.stdout);
      assert.strictEqual(b.stderr.trim().split('\n').length, 1, b.stderr);
      assert.match(b.stderr, /^auspex lenses: /);
    }
    assert.match(bad[2].stderr, /--targets: auspex.damage.targets: .* is not valid/);
    assert.match(cli('--help').stdout, /auspex lenses <file>/);
  });

  describe('each kind of army rule, exact by hand (test/support/armyCases.ts), through --json', () => {
    for (const c of ARMY_CASES) {
      it(c.name, function () {
        for (const d of c.data) requireShared(this, ...d);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-lenses-'));
        const file = path.join(dir, 'list.army');
        fs.writeFileSync(file, c.text());
        try {
          const r = cli('lenses', file, '--json', '--no-cache', ...c.data.flatMap((d) => ['--data', sharedPath(...d)]), '--targets', JSON.stringify([c.target]), ...(c.when ? ['--when', c.when] : []));
          assert.strictEqual(r.status, 0, r.stderr);
          const unit = (JSON.parse(r.stdout) as { units: { name: string; results: { phase: string; target: string; [k: string]: unknown }[] }[] }).units.find((u) => u.name === c.unit);
          const got = unit?.results.find((x) => x.phase === c.phase && x.target === c.target.name);
          assert.ok(got, `${c.unit}: no ${c.phase} result`);
          for (const [k, v] of Object.entries(c.expected)) assert.ok(Math.abs((got[k] as number) - v) <= 1e-9 * Math.max(1, v), `${k}: ${got[k]} expected ${v}`);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  });
});
