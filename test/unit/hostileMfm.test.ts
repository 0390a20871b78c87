// Hostile Munitorum Field Manual files (issue 25): a file of 200,000 units is refused
// before the YAML parser sees it, with one warning naming it; numbers outside their
// sane range are a warning naming the row, and the entry is not used.
import * as assert from 'assert';
import { loadMfm } from '../../server/src/service/domain/rules/mfm';
import { BOUNDS } from '../../server/src/service/domain/bounds';
import { hugeMfm, INSANE_MFM } from '../support/hostileData';

describe('hostile Munitorum Field Manual files (issue 25)', function () {
  this.timeout(20000);

  it('a file of 200,000 units (22 MB) is skipped at once with one warning naming it; so is a small file of too many entries', () => {
    const big = hugeMfm(200_000);
    assert.ok(big.length > 10 * 1024 * 1024);
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = Date.now();
    const r = loadMfm([{ name: 'hostile-host.yaml', text: big }, { name: 'sane.yaml', text: 'name: Sane\nunits:\n  - name: A\n    pricing:\n      - range: "[1,)"\n        costs: [{ models: 1, points: 10 }]\n' }]);
    assert.ok(Date.now() - t0 < 1000, `${Date.now() - t0} ms`);
    assert.ok(process.memoryUsage().heapUsed - heap0 < 200 * 1024 * 1024);
    const w = r.warnings.filter((x) => x.message.includes('hostile-host.yaml'));
    assert.strictEqual(w.length, 1, JSON.stringify(r.warnings));
    assert.match(w[0].message, /more than the 1048576 a Munitorum Field Manual file may have; file skipped/);
    assert.deepStrictEqual(r.data.datasheets.map((d) => d.name), ['A'], 'the other file still loads');
    // Under the size bound but beyond the entry bound: refused before parsing too.
    const many = hugeMfm(BOUNDS.mfmFileEntries + 1).replace(/\n {4}pricing:\n.*\n.*\n/g, '\n');
    assert.ok(many.length < BOUNDS.mfmFileChars);
    const r2 = loadMfm([{ name: 'many.yaml', text: many }]);
    assert.match(r2.warnings.map((x) => x.message).join('\n'), /many\.yaml: 5002 named entries, more than the 5000 .*; file skipped/);
    // Too many files for one source: the first are read, one warning.
    const files = Array.from({ length: BOUNDS.mfmFiles + 3 }, (_, i) => ({ name: `f${String(i).padStart(4, '0')}.yaml`, text: `name: F${i}\n` }));
    const r3 = loadMfm(files);
    assert.strictEqual(r3.data.factions.length, BOUNDS.mfmFiles);
    assert.strictEqual(r3.warnings.filter((x) => /more than the 200 a source may hold/.test(x.message)).length, 1);
  });

  it('points 1e308, -50, 0 and 9.2e18 and unit sizes -50 and 0: a warning naming each row, and the row is not used', () => {
    const { data, warnings } = loadMfm([{ name: 'hostile-host.yaml', text: INSANE_MFM }]);
    const msgs = warnings.map((w) => w.message);
    const row = (s: string) => assert.ok(msgs.some((m) => m.includes(s)), `${s} in\n${msgs.join('\n')}`);
    row('units[0].pricing[0].costs[1].points is 1e+308, outside 1–5000; not used');
    row('units[1].pricing[0].costs[0].points is -50');
    row('units[1].pricing[0].costs[1].models is -50, outside 1–200');
    row('units[2].pricing[0].costs[0].models is 0');
    row('units[2].pricing[0].costs[1].points is 0');
    row('units[2].pricing[0].costs[2].points is 9200000000000000000');
    row('Zero Unit wargear[0].points is -5, outside 0–500');
    row('enhancement "Huge Relic" points is 1e+308');
    row('detachment "Vast Host" dp is 9000000000, outside 0–10');
    const byName = new Map(data.datasheets.map((d) => [d.name, d]));
    assert.deepStrictEqual(byName.get('Sane Unit')!.points, [{ models: 5, points: 100 }]);
    assert.deepStrictEqual(byName.get('Negative Unit')!.points, []);
    assert.deepStrictEqual(byName.get('Zero Unit')!.points, []);
    assert.deepStrictEqual(byName.get('Zero Unit')!.wargearCosts, [{ item: 'Small Gun', points: 5 }]);
    assert.deepStrictEqual(data.enhancements.map((e) => [e.name, e.points]), [['Fine Relic', 20]]);
    assert.strictEqual(data.detachments.find((d) => d.name === 'Vast Host')!.dp, undefined);
    assert.strictEqual(data.detachments.find((d) => d.name === 'Sane Host')!.dp, 2);
  });
});
