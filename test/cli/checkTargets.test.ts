// `auspex check` exits 1 exactly when an error-severity finding exists, and
// `auspex targets` prints per stratagem the datasheets its text admits.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempList(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-check-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const claw = () => fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');

describe('auspex check exit code follows error severity', () => {
  it('warnings and information only: exit 0, findings printed', () => {
    const file = tempList('warning.army', claw().replace('1x Mining laser', '1x Mining lazer').replace('Atalan Jackals\n', 'Atalan Jackals (85 Points)\n'));
    const r = auspex('check', file, '--json');
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    const findings = JSON.parse(r.stdout) as { severity: string; code: string }[];
    assert.deepStrictEqual(findings.map((f) => [f.severity, f.code]).sort(), [['info', 'combat-patrol'], ['warning', 'unknown-wargear']]);
  });

  it('one error among them: exit 1', () => {
    const file = tempList('error.army', claw().replace('Atalan Jackals\n', 'Atalan Jackels\n'));
    const r = auspex('check', file, '--json');
    assert.strictEqual(r.code, 1, r.stdout + r.stderr);
    assert.ok((JSON.parse(r.stdout) as { severity: string }[]).some((f) => f.severity === 'error'));
  });

  it('a real list with its data: warnings only, exit 0; a wrong stated total makes it exit 1', function () {
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    requireShared(this, 'data', 'wahapedia');
    const data = sharedPath('data', 'wahapedia');
    const ok = auspex('check', sharedPath('lists', 'gwapp_gsc_1.txt'), '--data', data, '--json');
    assert.strictEqual(ok.code, 0, ok.stdout + ok.stderr);
    assert.ok((JSON.parse(ok.stdout) as { severity: string }[]).every((f) => f.severity !== 'error'));
    const text = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8').replace('(2000 points)', '(1990 points)');
    const bad = auspex('check', tempList('gsc.txt', text), '--data', data);
    assert.strictEqual(bad.code, 1, bad.stdout + bad.stderr);
    assert.match(bad.stdout, /:1:\d+ error total-mismatch The list states 1990 points but its units cost 2000 in the rules data/);
  });
});

describe('auspex targets', () => {
  it('needs a data folder (exit 2)', () => {
    const r = auspex('targets', '--json');
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /--data/);
  });

  it('Wahapedia, Genestealer Cults: every stratagem with the datasheets its TARGET and RESTRICTIONS admit', function () {
    requireShared(this, 'data', 'wahapedia');
    const r = auspex('targets', '--data', sharedPath('data', 'wahapedia'), '--faction', 'Genestealer Cults', '--json');
    assert.strictEqual(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as { stratagem: string; faction: string | null; detachment: string | null; datasheets: string[] }[];
    assert.ok(rows.length >= 40, `${rows.length} rows`);
    for (const row of rows) assert.deepStrictEqual(Object.keys(row), ['stratagem', 'faction', 'detachment', 'datasheets']);
    const row = (name: string) => rows.find((x) => x.stratagem === name)!;
    // "One ABERRANTS, BIOPHAGUS or PURESTRAIN GENESTEALERS unit": exactly those three.
    assert.deepStrictEqual(row('STIMULATED BIO-SURGE').datasheets, ['Aberrants', 'Biophagus', 'Purestrain Genestealers']);
    assert.strictEqual(row('STIMULATED BIO-SURGE').detachment, 'Biosanctic Broodsurge');
    assert.strictEqual(row('STIMULATED BIO-SURGE').faction, 'Genestealer Cults');
    // Core HEROIC INTERVENTION: of the named faction, no VEHICLE unless WALKER (Goliath Truck is a VEHICLE).
    const heroic = row('HEROIC INTERVENTION');
    assert.strictEqual(heroic.detachment, null);
    assert.strictEqual(heroic.faction, 'Genestealer Cults');
    assert.ok(heroic.datasheets.includes('Neophyte Hybrids') && !heroic.datasheets.includes('Goliath Truck'));
    // No Tyranids datasheet leaks into a Genestealer Cults answer.
    assert.ok(!rows.some((x) => x.datasheets.includes('Trygon')));
  });

  it('Wahapedia, Space Marines: a named model, two targets (either part), and a marker is no datasheet', function () {
    requireShared(this, 'data', 'wahapedia');
    const sm = JSON.parse(auspex('targets', '--data', sharedPath('data', 'wahapedia'), '--faction', 'Space Marines', '--json').stdout) as { stratagem: string; datasheets: string[] }[];
    const row = (rows: typeof sm, name: string) => rows.find((x) => x.stratagem === name)!.datasheets;
    // "One Wolf Guard Headtaker or Wolf Guard Terminator Pack Leader model": the two datasheets with such models.
    assert.deepStrictEqual(row(sm, 'BIRTH OF A SAGA'), ['Wolf Guard Headtakers', 'Wolf Guard Terminators']);
    // "One … TRANSPORT unit … and one … INFANTRY unit": either; an Outrider Squad (MOUNTED) is neither.
    const rapid = row(sm, 'RAPID EMBARKATION');
    assert.ok(rapid.includes('Rhino') && rapid.includes('Intercessor Squad') && !rapid.includes('Outrider Squad'));
    const gc = JSON.parse(auspex('targets', '--data', sharedPath('data', 'wahapedia'), '--faction', 'Genestealer Cults', '--json').stdout) as typeof sm;
    assert.deepStrictEqual(row(gc, 'EVASIVE VANGUARD'), []);
  });

  it('prints one line per stratagem without --json', function () {
    requireShared(this, 'data', 'bsdata');
    const r = auspex('targets', '--data', sharedPath('data', 'bsdata'), '--faction', 'Genestealer Cults');
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /^COMMAND RE-ROLL \(Core\): .*Atalan Jackals/m);
  });
});
