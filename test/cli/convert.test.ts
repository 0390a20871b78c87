// `auspex convert` as a process: the list in another format on standard output (nothing else in it), what the
// format cannot hold on standard error, bad input in one line with exit 2.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { newRecruitRoster, rosterizerRoster } from '../support/jsonRosters';

function auspex(args: string[]) {
  // --no-cache: the output must not depend on rules data cached on this machine.
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args, ...(args.includes('--to') && args[args.length - 1] !== '--to' ? ['--no-cache'] : [])], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('auspex convert', () => {
  it('prints the list in the format asked for, in the list\'s edition; what the format cannot hold on standard error; reads back as the same list', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    const file = sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt');
    const r = auspex(['convert', file, '--to', 'nr-tournament']);
    assert.strictEqual(r.code, 0, r.stderr);
    // New Recruit names the detachment alone: its Detachment Points are said on standard error, not written.
    assert.strictEqual(r.stderr, 'auspex convert: not held by nr-tournament: Detachment Points (New Recruit names the detachment alone)\n');
    const lines = r.stdout.trimEnd().split('\n');
    assert.strictEqual(lines[0], '+'.repeat(47));
    assert.ok(lines.includes('+ LIST NAME: Flood of Chainblades'), r.stdout);
    assert.ok(lines.includes('+ DETACHMENT: Berzerker Warband'), r.stdout);
    assert.ok(lines.includes('+ POINTS LIMIT: 2000pts'), r.stdout);
    assert.ok(lines.includes('Char1: 1x Khârn the Betrayer (115 pts): Warlord, Gorechild, Plasma pistol'), r.stdout);
    assert.ok(lines.includes('Leading Khorne Berzerkers[1]'), r.stdout);
    assert.ok(!lines.some((l) => l.startsWith('#')), 'nothing but the export in the list');
    // Read back, it is the same list: its own parse has no errors and the same units.
    const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-convert-')), 'l.txt');
    fs.writeFileSync(tmp, r.stdout);
    const parsed = JSON.parse(auspex(['parse', tmp, '--json']).stdout) as { errors: unknown[]; units: unknown[]; format: string };
    assert.deepStrictEqual(parsed.errors, []);
    assert.strictEqual(parsed.units.length, 17);
    assert.strictEqual(parsed.format, 'wtccompact');
    // --edition 10: the 10th-edition form, which holds no Detachment Points, dispositions or attached units.
    const ten = auspex(['convert', file, '--to', 'app', '--edition', '10']);
    assert.strictEqual(ten.code, 0, ten.stderr);
    assert.doesNotMatch(ten.stdout, /Detachment Points\)|ATTACHED UNITS|Attached as|Exported with/);
    assert.deepStrictEqual(ten.stderr.trimEnd().split('\n'), [
      'auspex convert: not held by app: Detachment Points',
      'auspex convert: not held by app: force disposition Purge the Foe',
      'auspex convert: not held by app: 4 attached units',
      'auspex convert: not held by app: the app\'s footer "Exported with App Version: v2.4.0 (139), Data Version: v925" (its app is the 11th edition\'s)',
    ]);
    // Its own format gives the export back byte for byte, nothing on standard error.
    const own = auspex(['convert', file, '--to', 'app-v2']);
    assert.strictEqual(own.stdout, fs.readFileSync(file, 'utf8'));
    assert.strictEqual(own.stderr, '');
  });

  it('with the rules data (--data), compact leaves out the wargear the datasheets give by default', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    const file = sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt');
    const data = ['--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1')];
    const withData = auspex(['convert', file, '--to', 'compact', ...data]);
    assert.strictEqual(withData.code, 0, withData.stderr);
    assert.ok(withData.stdout.split('\n').includes('Maulerfiend (140 pts)'), withData.stdout);
    assert.match(withData.stderr, /^auspex convert: not held by compact: default wargear of \d+ units$/m);
    const bare = auspex(['convert', file, '--to', 'compact']);
    assert.ok(bare.stdout.split('\n').includes('Maulerfiend (140 pts): Lasher tendrils, Maulerfiend fists'), bare.stdout);
  });

  it('refuses bad input with one line and exit 2', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-convert-'));
    const list = path.join(dir, 'list.txt');
    fs.writeFileSync(list, 'My list (100 Points)\n\nWorld Eaters\nBerzerker Warband\nIncursion (1,000 Points)\n\nCHARACTERS\n\nKhârn the Betrayer (100 Points)\n  • 1x Gorechild\n');
    const noUnits = path.join(dir, 'empty.txt');
    fs.writeFileSync(noUnits, '\n');
    const cases: Array<[string[], RegExp]> = [
      [['convert', list], /name the format with --to \(app, app-v2, nr-gw, nr-wtc, nr-tournament, warorgan, compact\)/],
      [['convert', list, '--to', 'pdf'], /unknown format "pdf"/],
      [['convert', '--to', 'app'], /name exactly one list file/],
      [['convert', list, list, '--to', 'app'], /name exactly one list file/],
      [['convert', path.join(dir, 'missing.txt'), '--to', 'app'], /cannot read .*missing\.txt: ENOENT/],
      [['convert', noUnits, '--to', 'app'], /no units to convert/],
      [['convert', list, '--to', 'app', '--edition', '9'], /--edition takes 10 or 11/],
      [['convert', list, '--to'], /--to needs a value/],
    ];
    for (const [args, message] of cases) {
      const r = auspex(args);
      assert.strictEqual(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.strictEqual(r.stdout, '');
      assert.strictEqual(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
    const ok = auspex(['convert', list, '--to', 'compact']);
    assert.strictEqual(ok.code, 0, ok.stderr);
    assert.strictEqual(ok.stdout, 'My list (100 pts)\nWorld Eaters · Berzerker Warband · Incursion (1000 pts)\n\nKhârn the Betrayer (100 pts): Gorechild\n');
  });

  it('a JSON roster: parsed (positions in the JSON), checked, converted, imported; other JSON refused in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-json-'));
    const nr = path.join(dir, 'roster.json');
    fs.writeFileSync(nr, JSON.stringify(newRecruitRoster(), null, 2));
    const parsed = JSON.parse(auspex(['parse', nr, '--json']).stdout) as { format: string; errors: unknown[]; units: Array<{ name: string }> };
    assert.strictEqual(parsed.format, 'nrjson');
    assert.deepStrictEqual(parsed.errors, []);
    assert.deepStrictEqual(parsed.units.map((u) => u.name), ['Khârn the Betrayer', 'Master of Executions', 'Khorne Berzerkers', 'Bloodletters']);
    const checked = auspex(['check', nr, '--no-cache']);
    // Every finding's position is a line of the JSON file.
    const lines = fs.readFileSync(nr, 'utf8').split('\n').length;
    for (const m of checked.stdout.matchAll(/roster\.json:(\d+):\d+/g)) assert.ok(Number(m[1]) >= 1 && Number(m[1]) <= lines, m[0]);
    const app = auspex(['convert', nr, '--to', 'app']);
    assert.strictEqual(app.code, 0, app.stderr);
    assert.match(app.stdout, /^Blood Road \(505 Points\)\n\nWorld Eaters\nBerzerker Warband\nIncursion \(1,000 Points\)\n/);
    const imported = auspex(['import', nr]);
    assert.strictEqual(imported.code, 0, imported.stderr);
    assert.strictEqual(imported.stdout, app.stdout);
    const rz = path.join(dir, 'rosterizer.json');
    fs.writeFileSync(rz, JSON.stringify(rosterizerRoster()));
    const fromRz = auspex(['convert', rz, '--to', 'nr-tournament']);
    assert.strictEqual(fromRz.code, 0, fromRz.stderr);
    assert.match(fromRz.stdout, /\+ FACTION KEYWORD: Chaos Knights\n\+ DETACHMENT: Houndpack Lance\n/);
    const other = path.join(dir, 'package.json');
    fs.writeFileSync(other, '{"name": "not a roster", "version": "1.0.0"}');
    for (const cmd of [['convert', other, '--to', 'app'], ['import', other]]) {
      const r = auspex(cmd);
      assert.strictEqual(r.code, 2, r.stdout);
      assert.strictEqual(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, /not a roster Auspex reads/);
    }
  });

  it('--help names the command', () => {
    assert.match(auspex(['--help']).stdout, /auspex convert <file> --to app\|app-v2\|nr-gw\|nr-wtc\|nr-tournament\|warorgan\|compact \[--edition 10\|11\]/);
  });
});
