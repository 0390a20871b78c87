// `auspex check --data <folder>` loads what a list needs: a chapter's parent faction and an ally's own
// faction, from a tiny self-made Wahapedia export.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../support/shared';
import { writeTinyWahapedia } from '../support/tinyWahapedia';

describe('auspex check: chapters and allies from a data folder', () => {
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-cli-resolve-'));
    fs.mkdirSync(path.join(dir, 'data'));
    writeTinyWahapedia(path.join(dir, 'data'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('checks a Space Wolves list with an allied assassin: one allied-unit line, no unknown unit', () => {
    const list = path.join(dir, 'wolves.army');
    fs.writeFileSync(
      list,
      ['Wolves (310 Points)', '', 'Space Wolves', 'Champions of Fenris', 'Strike Force (2000 Points)', '', 'CHARACTERS', '', 'Captain (80 Points)', '  • Warlord', '',
        'BATTLELINE', '', 'Wolf Guard Headtakers (85 Points)', '', 'ALLIED UNITS', '', 'Callidus Assassin (145 Points)', ''].join('\n'),
    );
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'check', list, '--data', path.join(dir, 'data')], { encoding: 'utf8' });
    const lines = r.stdout.trim().split('\n').map((l) => l.slice(list.length + 1));
    // Each line ends with the rule it applies; the stated total (the stated prices' sum) is judged at the data's.
    assert.deepStrictEqual(lines, [
      '1:9 error total-mismatch The list states 310 points but its units cost 280 in the rules data (enhancements included). [10th edition core rules: Muster your army: Army points]',
      "18:1 info allied-unit Allied unit: Callidus Assassin (AGENTS OF THE IMPERIUM). It is checked as a unit of its own faction's data; the rules that let allies join this army (which units, how many points) are not checked. [10th edition core rules: Muster your army: Army faction]",
      '18:20 error points-mismatch Callidus Assassin with 1 model costs 115 points in the rules data, not 145. [Callidus Assassin datasheet (the Wahapedia export of 2031-01-02 03:04:05): points]',
    ]);
    assert.strictEqual(r.status, 1, r.stderr);
  });
});
