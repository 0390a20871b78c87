// The CLI under the third round of hostile input (issue 34), through the real binary: a list padded with blank or
// comment lines is checked as it is (an illegal list padded with 5,000 blank lines passed `check` and was "legal"
// in the report); a list beyond the size limits is never passed; the report on 5,000 lists streams (it holds what
// it holds for 500); a report folder nested past the path-length limit is one line, not a stack.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[], opts: { node?: string[]; timeout?: number } = {}) {
  const r = spawnSync(process.execPath, [...(opts.node ?? []), path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: opts.timeout ?? 60_000, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Finding { code: string; severity: string; range: { start: { line: number } } }
const codes = (json: string) => (JSON.parse(json) as Finding[]).map((f) => `${f.range.start.line}:${f.severity}:${f.code}`);


describe('auspex CLI: hostile input, third round (issue 34)', function () {
  this.timeout(180_000);
  let tmp: string;
  before(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-cli-hostile3-'))));
  after(() => spawnSync('rm', ['-rf', tmp]));

  /** The real list with its units written `times` over and its stated totals made to match: far over its battle size. */
  function overLimit(text: string, times: number): string {
    const at = text.search(/^CHARACTERS$/m);
    const footer = text.search(/^Exported with/m);
    const units = text.slice(at, footer);
    const stated = Number(/\((\d+) points\)/.exec(text)![1]);
    return text.slice(0, at).replace(`(${stated} points)`, `(${stated * times} points)`) + units.repeat(times) + text.slice(footer);
  }

  it('a list padded with 5,000 blank or comment lines is checked as it is: the same findings and exit code, every real list', function () {
    requireShared(this, 'lists');
    requireShared(this, 'data', 'wahapedia');
    const data = ['--data', sharedPath('data', 'wahapedia')];
    const names = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt')).sort();
    const paddings: Record<string, (i: number) => string> = { plain: () => '', blank: () => '\n', spaces: () => ' \t \n', comments: (i) => `# a note, ${i}\n` };
    const runs = Object.entries(paddings).map(([kind, pad]) => {
      const dir = path.join(tmp, `padded-${kind}`);
      fs.mkdirSync(dir);
      const files = names.map((name) => {
        const text = fs.readFileSync(sharedPath('lists', name), 'utf8');
        // The padding starts on a line of its own (a list may end without a line break).
        const f = path.join(dir, name);
        fs.writeFileSync(f, (text.endsWith('\n') ? text : `${text}\n`) + Array.from({ length: kind === 'plain' ? 0 : 5000 }, (_, i) => pad(i)).join(''));
        return f;
      });
      const r = auspex(['check', '--json', ...files, ...data]);
      // Per list: its findings (line, severity, code) as `check` gives them.
      const found = new Map<string, string[]>(names.map((n) => [n, []]));
      for (const f of JSON.parse(r.stdout) as (Finding & { file: string })[]) found.get(path.basename(f.file))!.push(`${f.range.start.line}:${f.severity}:${f.code}`);
      return { kind, code: r.code, found };
    });
    assert.ok([...runs[0].found.values()].some((f) => f.some((c) => c.includes(':error:'))), 'some real list has errors');
    for (const r of runs.slice(1)) {
      assert.strictEqual(r.code, runs[0].code, r.kind);
      assert.deepStrictEqual(r.found, runs[0].found, r.kind);
    }
  });

  it('an illegal list (over its points limit) padded with 5,000 blank lines: check exits 1, the report says "not legal"', function () {
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    requireShared(this, 'data', 'wahapedia');
    const data = ['--data', sharedPath('data', 'wahapedia')];
    const legal = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
    const dir = path.join(tmp, 'event');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'padded.txt');
    fs.writeFileSync(file, overLimit(legal, 5) + '\n'.repeat(5000));
    const r = auspex(['check', '--json', file, ...data]);
    assert.strictEqual(r.code, 1, r.stdout);
    assert.ok(codes(r.stdout).some((c) => c.endsWith(':error:over-points-limit')), r.stdout);
    const rep = auspex(['report', dir, '--json', path.join(tmp, 'padded.json'), ...data]);
    assert.strictEqual(rep.code, 1);
    assert.match(rep.stdout, /^not legal\s+padded\.txt/m);
  });

  it('a list beyond the size limits is not checked: check exits 1 on its list-too-large finding, the report says "not checked"', function () {
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    requireShared(this, 'data', 'wahapedia');
    const data = ['--data', sharedPath('data', 'wahapedia')];
    const legal = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
    const dir = path.join(tmp, 'large');
    fs.mkdirSync(dir);
    // The legal list and then 5,001 lines that are text: beyond the 5,000 lines counted.
    const file = path.join(dir, 'large.txt');
    fs.writeFileSync(file, legal + Array.from({ length: 5001 }, (_, i) => `note ${i}\n`).join(''));
    const r = auspex(['check', file, ...data]);
    assert.strictEqual(r.code, 1, r.stdout);
    assert.match(r.stdout, /^.*large\.txt:1:1 error list-too-large List too large for full analysis: 5\d{3} lines \(the limit is 5000\), blank and comment lines not counted\. The list is not checked/m);
    const rep = auspex(['report', dir, '--json', path.join(tmp, 'large.json'), ...data]);
    assert.strictEqual(rep.code, 1);
    assert.match(rep.stdout, /^not checked\s+large\.txt/m);
    assert.strictEqual((JSON.parse(fs.readFileSync(path.join(tmp, 'large.json'), 'utf8')) as { summary: { legal: number } }).summary.legal, 0);
  });

  it('the report on 5,000 lists streams: the memory it holds is that of 500 lists, and its files hold every row', function () {
    requireShared(this, 'lists');
    requireShared(this, 'data', 'wahapedia');
    const data = ['--data', sharedPath('data', 'wahapedia')];
    const sources = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt'));
    const event = (n: number) => {
      const dir = path.join(tmp, `event-${n}`);
      fs.mkdirSync(dir);
      for (let i = 0; i < n; i++) fs.copyFileSync(sharedPath('lists', sources[i % sources.length]), path.join(dir, `${String(i).padStart(4, '0')}-${sources[i % sources.length]}`));
      return dir;
    };
    // The memory the CLI holds (its heap after a collection) at every 250th line it prints and when it exits: a
    // report that kept its rows until the end holds them all then.
    const probe = path.join(tmp, 'heap.js');
    fs.writeFileSync(probe, `let n = 0, max = 0;
const sample = () => { global.gc(); max = Math.max(max, process.memoryUsage().heapUsed); };
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (...a) => { if (n++ % 250 === 0) sample(); return write(...a); };
process.on('exit', () => { sample(); process.stderr.write('held ' + max + '\\n'); });
`);
    const held = (dir: string) => {
      const r = auspex(['report', dir, '--html', `${dir}.html`, '--json', `${dir}.json`, ...data], { node: ['--expose-gc', '--require', probe], timeout: 170_000 });
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      return Number(/held (\d+)/.exec(r.stderr)![1]) / 2 ** 20;
    };
    const some = held(event(500));
    const many = held(event(5000));
    assert.ok(many - some < 10, `5,000 lists: ${many.toFixed(0)} MB held, 500 lists: ${some.toFixed(0)} MB`);
    const report = JSON.parse(fs.readFileSync(path.join(tmp, 'event-5000.json'), 'utf8')) as { lists: { file: string }[]; summary: { lists: number } };
    assert.strictEqual(report.lists.length, 5000);
    assert.strictEqual(report.summary.lists, 5000);
    const html = fs.readFileSync(path.join(tmp, 'event-5000.html'), 'utf8');
    assert.strictEqual(html.match(/<tr data-i=/g)?.length, 5000);
    assert.strictEqual(html.match(/<details id="list-/g)?.length, 5000);
    assert.ok(html.endsWith('</html>\n'));
  });

  it('a report folder nested past the path-length limit: one line naming it and the error, exit 2, no stack', () => {
    const root = path.join(tmp, 'deep');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'a.txt'), 'Atalan Jackals (85 Points)\n');
    // Made one level at a time from inside the last, as no single path may name it.
    const name = 'd'.repeat(200);
    const made = spawnSync('bash', ['-c', `cd '${root}' && for i in $(seq 25); do mkdir ${name} && cd ${name} || exit 1; done; echo x > list.txt`]);
    assert.strictEqual(made.status, 0, String(made.stderr));
    const r = auspex(['report', root]);
    assert.strictEqual(r.code, 2, r.stderr);
    assert.match(r.stderr, /^auspex report: cannot read the folder .*….*: ENAMETOOLONG\n$/);
    assert.ok(!/\n\s+at /.test(r.stderr), r.stderr);
  });
});
