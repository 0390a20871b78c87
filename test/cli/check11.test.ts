// `auspex check` on 11th-edition lists with 11th-edition data (../shared): each list is checked against its
// edition's folders only; a faction the folders lack gets one edition-data-missing line. Skips without ../shared.
import * as assert from 'assert';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
}

describe('auspex check <11e list> --data bsdata-11e --data mfm-11e/v1.1', function () {
  this.timeout(60000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
  });
  const data = () => ['--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1')];

  it('the World Eaters app export: no error, no unknown datasheet, no muster finding (exit 0)', () => {
    const r = cli('check', sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), ...data(), '--json');
    assert.strictEqual(r.status, 0, r.stderr);
    const findings = JSON.parse(r.stdout) as { code: string; severity: string }[];
    assert.deepStrictEqual(findings.filter((f) => f.severity === 'error'), []);
    // Wargear whose profiles the data links (the Champion's Plasma pistol, the Eightbound's Chainblades) is known.
    assert.deepStrictEqual(findings, []);
  });

  it('an Astra Militarum list (its library catalogue not in the folder, the MFM prices it): one edition-data-missing line, its prices checked', () => {
    // The app-style export of the same army, priced under MFM v1.0: checked against v1.0, only the one line.
    const v10 = ['--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.0')];
    const r = cli('check', sharedPath('lists-11e', 'warorgangw11_astramilitarum_1.txt'), ...v10);
    assert.strictEqual(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.strictEqual(lines.length, 1, r.stdout);
    assert.match(lines[0], /warorgangw11_astramilitarum_1\.txt:3:1 warning edition-data-missing .*Astra Militarum links the catalogue "Imperium - Astra Militarum - Library", which is not in its folder.*only the units' points and the total are checked \(points from Munitorum Field Manual v1\.0/);
    // Against v1.1 the same list's prices differ (v1.1 repriced units): points findings, still no unknown datasheet.
    const r11 = cli('check', sharedPath('lists-11e', 'warorgangw11_astramilitarum_1.txt'), ...data());
    assert.doesNotMatch(r11.stdout, /unknown-datasheet/);
    assert.match(r11.stdout, /points-mismatch/);
  });

  it('the same World Eaters list without 11th-edition data: one edition-data-missing line, not unknown datasheets; not checked, so never passed', () => {
    const r = cli('check', sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'));
    const lines = r.stdout.trim().split('\n');
    assert.strictEqual(lines.length, 1, r.stdout);
    // A warning in the editor; at the gate a list nobody checked is an error (issue 34).
    assert.match(lines[0], /error edition-data-missing The list is read under the 11th edition and no 11th edition rules data is loaded/);
    assert.strictEqual(r.status, 1);
  });
});
