// `auspex check --json` (the process): every finding carries the rule it applies ({ section, source, version,
// page }), on a 10th- and an 11th-edition real list; a list priced under an older MFM gets its one header line.
import * as assert from 'assert';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
}

interface Finding {
  code: string;
  severity: string;
  message: string;
  rule?: { section: string; source: string; version?: string; page: string };
}

describe('auspex check --json: every finding names its rule', function () {
  this.timeout(90000);

  it('an 11th-edition list priced under MFM v1.0: its header line, each price with its MFM entry and version', function () {
    requireShared(this, 'lists-11e', 'gwapp11_orks_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const r = cli('check', sharedPath('lists-11e', 'gwapp11_orks_1.txt'), '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1'), '--json');
    assert.strictEqual(r.status, 1, r.stderr);
    const findings = JSON.parse(r.stdout) as Finding[];
    assert.ok(findings.length > 5);
    for (const f of findings) {
      assert.ok(f.rule && f.rule.section && f.rule.source && /^auspex:\//.test(f.rule.page), JSON.stringify(f));
      assert.ok(f.message.endsWith(']'), f.message);
    }
    assert.deepStrictEqual(findings.filter((f) => f.code === 'prices-outdated').map((f) => f.severity), ['info']);
    const trukk = findings.find((f) => f.code === 'points-mismatch' && /Trukk/.test(f.message))!;
    assert.deepStrictEqual([trukk.rule!.source, trukk.rule!.version, trukk.rule!.section], ['Munitorum Field Manual', 'v1.1 (2026-07-22)', 'Trukk']);
  });

  it('a 10th-edition list against the Wahapedia export: each finding with its rule', function () {
    requireShared(this, 'lists', 'gwapp_tau_2.txt');
    requireShared(this, 'data', 'wahapedia');
    const r = cli('check', sharedPath('lists', 'gwapp_tau_2.txt'), '--data', sharedPath('data', 'wahapedia'), '--json');
    const findings = JSON.parse(r.stdout) as Finding[];
    assert.ok(findings.length > 5);
    for (const f of findings) assert.ok(f.rule && f.rule.section && f.rule.source, JSON.stringify(f));
    const size = findings.find((f) => f.code === 'unit-size')!;
    assert.deepStrictEqual([size.rule!.source, size.rule!.section], ['Stealth Battlesuits datasheet', 'unit composition']);
  });
});
