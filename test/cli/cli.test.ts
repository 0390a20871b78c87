// The `auspex` binary as a process: exit codes and output shape.
import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../support/shared';
import { APP_V2 } from '../unit/fixtures11';

function auspex(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('auspex CLI', () => {
  it('checks the valid example: exit 0', () => {
    const r = auspex('check', 'examples/claw-of-ascension.army');
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /no problems/);
  });

  it('checks the mistakes example: exit 1 and file:line:col severity code message lines', () => {
    const r = auspex('check', 'examples/mistakes.army');
    assert.strictEqual(r.code, 1, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.ok(lines.length >= 2);
    for (const line of lines) assert.match(line, /^examples\/mistakes\.army:\d+:\d+ (error|warning|info|hint) [a-z]+(-[a-z]+)* \S/);
    assert.ok(lines.some((l) => / error unknown-datasheet Unknown datasheet "Atalan Jackels"/.test(l)));
    const at = lines.map((l) => Number(/:(\d+):\d+ /.exec(l)![1]));
    assert.deepStrictEqual(at, [...at].sort((a, b) => a - b), 'findings in text order');
  });

  it('prints a JSON array with ranges under --json', () => {
    const r = auspex('check', 'examples/mistakes.army', '--json');
    assert.strictEqual(r.code, 1);
    const findings = JSON.parse(r.stdout) as { file: string; code: string; severity: string; range: { start: { line: number } } }[];
    assert.ok(Array.isArray(findings) && findings.length >= 2);
    const typo = findings.find((f) => f.code === 'unknown-datasheet');
    assert.ok(typo && typo.file === 'examples/mistakes.army' && typo.severity === 'error');
    assert.strictEqual(typeof typo.range.start.line, 'number');
  });

  it('exits 2 with a one-line message on a missing file and on bad usage', () => {
    const missing = auspex('check', 'no/such/list.army');
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /^auspex check: cannot read no\/such\/list\.army: ENOENT\n$/);
    const noFiles = auspex('check');
    assert.strictEqual(noFiles.code, 2);
    assert.strictEqual(noFiles.stderr.trim().split('\n').length, 1);
    const unknown = auspex('frobnicate');
    assert.strictEqual(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const badOption = auspex('check', '--nope', 'examples/claw-of-ascension.army');
    assert.strictEqual(badOption.code, 2);
  });

  it('parse --json on an 11th-edition list: edition, detachments with DP, force dispositions, attached units, data version', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-cli-'));
    try {
      const file = path.join(dir, 'v2.army');
      fs.writeFileSync(file, APP_V2);
      const r = auspex('parse', file, '--json');
      assert.strictEqual(r.code, 0, r.stderr);
      const j = JSON.parse(r.stdout);
      assert.strictEqual(j.format, 'gwapp2');
      assert.strictEqual(j.edition, 11);
      assert.strictEqual(j.detachment, 'Anvil Siege Force');
      assert.deepStrictEqual(j.detachments, [
        { name: 'Anvil Siege Force', dp: null },
        { name: 'Vanguard Spearhead', dp: null },
      ]);
      assert.deepStrictEqual(j.detachmentPoints, { total: 3, allowance: null });
      assert.deepStrictEqual(j.forceDispositions, ['Take and Hold', 'Reconnaissance']);
      assert.deepStrictEqual(j.attachedUnits[0], { bodyguard: 2, leaders: [0], supports: [1] });
      assert.strictEqual(j.dataVersion, 'v901');
      assert.strictEqual(j.units.length, 8);
      assert.deepStrictEqual(j.errors, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends quietly when its reader closes the output early (`auspex check ... | head`)', async function () {
    this.timeout(60000);
    // Far more output than a pipe buffers, so that writes go on after the reader is gone.
    const files = Array.from({ length: 600 }, () => 'examples/mistakes.army');
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'check', ...files], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let first = '';
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString();
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    assert.match(first, /^examples\/mistakes\.army:\d+:\d+ /);
    assert.strictEqual(stderr, '', 'no EPIPE trace');
    assert.strictEqual(code, 1, 'the exit code the findings decide');
  });
});
