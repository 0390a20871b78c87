// `auspex check --data DIR`: the folder read through the digests the cache keeps of it (node/folderDigest.ts). A
// second run reads them (shown by a digest changed by hand, whose figure the check then reports, and by a run that
// writes nothing), a changed file makes them stale, an unwritable cache reads the folder, and the findings are
// the same with the digests as without them (--no-cache).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeTinyWahapedia } from '../support/tinyWahapedia';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[], cache: string) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, AUSPEX_CACHE_DIR: cache } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir` with its modification time. */
function filesIn(dir: string): Map<string, number> {
  if (!fs.existsSync(dir)) return new Map();
  return new Map(fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]));
}

const LIST = 'World Eaters\nBerzerker Warband\nStrike Force (2000 points)\n\nBATTLELINE\n\nKhorne Berzerkers (180 points)\n  • 1x Chainblade\n';

describe('auspex check --data DIR: the folder read through its digests in the cache', function () {
  this.timeout(120000);
  let tmp: string;
  beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-folder-digest-'))));
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** The faction's digest (the one load that names the unit), as JSON. */
  function factionDigest(cache: string): string {
    const found = [...filesIn(path.join(cache, 'folders')).keys()].filter((f) => f.endsWith('.json') && fs.readFileSync(path.join(cache, 'folders', f), 'utf8').includes('"datasheets"'));
    assert.strictEqual(found.length, 1, `faction digests: ${found.join(', ')}`);
    return path.join(cache, 'folders', found[0]);
  }

  /** The price the data gives the Berzerkers as a points-mismatch finding says it ("costs 999 points in the rules data"), or undefined. */
  const dataPoints = (stdout: string) => {
    const f = (JSON.parse(stdout) as { code: string; message: string }[]).find((x) => x.code === 'points-mismatch');
    return f && /costs (\d+) points in the rules data/.exec(f.message)?.[1];
  };

  it('a tiny export: the second run reads the digest; a changed file (size and time kept) is read again; the same findings without the cache', () => {
    const data = path.join(tmp, 'wahapedia');
    fs.mkdirSync(data);
    writeTinyWahapedia(data);
    const list = path.join(tmp, 'list.army');
    fs.writeFileSync(list, LIST);
    const cache = path.join(tmp, 'cache');
    const args = ['check', '--data', `10=${data}`, list, '--json'];

    const first = auspex(args, cache);
    assert.ok(first.stdout.startsWith('['), first.stderr);
    const written = filesIn(cache);
    assert.ok([...written.keys()].some((f) => f.startsWith(`folders${path.sep}`)), `digests written: ${[...written.keys()].join(', ')}`);
    assert.strictEqual(dataPoints(first.stdout), undefined, 'the list states the data\'s 180 points');
    // Without the cache: the same findings, and nothing written.
    const off = auspex([...args, '--no-cache'], path.join(tmp, 'unused'));
    assert.deepStrictEqual(JSON.parse(off.stdout), JSON.parse(first.stdout));
    assert.ok(!fs.existsSync(path.join(tmp, 'unused')));

    // The second run writes nothing (every digest it needs is there) and finds the same.
    const second = auspex(args, cache);
    assert.deepStrictEqual(JSON.parse(second.stdout), JSON.parse(first.stdout));
    assert.deepStrictEqual(filesIn(cache), written);

    // It reads the digest: a price changed in the digest alone is the price the check then compares with.
    const digest = factionDigest(cache);
    const d = JSON.parse(fs.readFileSync(digest, 'utf8'));
    const sheet = d.value.data.datasheets.find((s: { name: string }) => s.name === 'Khorne Berzerkers');
    sheet.points = [{ models: 1, points: 999 }];
    fs.writeFileSync(digest, JSON.stringify(d));
    assert.strictEqual(dataPoints(auspex(args, cache).stdout), '999');

    // A file of the export changed, its size and modification time kept: the folder is read again (170 points).
    const costs = path.join(data, 'Datasheets_models_cost.csv');
    const before = fs.statSync(costs);
    const text = fs.readFileSync(costs, 'utf8');
    assert.ok(text.includes('301|1|1 model|180|'));
    fs.writeFileSync(costs, text.replace('301|1|1 model|180|', '301|1|1 model|170|'));
    fs.utimesSync(costs, before.atime, before.mtime);
    assert.strictEqual(fs.statSync(costs).size, before.size);
    const changed = auspex(args, cache);
    assert.strictEqual(dataPoints(changed.stdout), '170');
    assert.deepStrictEqual(JSON.parse(changed.stdout), JSON.parse(auspex([...args, '--no-cache'], cache).stdout));
    // The digests of the folder's former files are gone; the new ones are read by the next run.
    assert.ok(!fs.existsSync(digest), 'the stale digest removed');
    assert.strictEqual(dataPoints(auspex(args, cache).stdout), '170');
  });

  it('an unwritable cache (a file where its folder should be): the folder is read, with the same findings', () => {
    const data = path.join(tmp, 'wahapedia');
    fs.mkdirSync(data);
    writeTinyWahapedia(data);
    const list = path.join(tmp, 'list.army');
    fs.writeFileSync(list, LIST);
    const blocked = path.join(tmp, 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const args = ['check', '--data', `10=${data}`, list, '--json'];
    const r = auspex(args, path.join(blocked, 'cache'));
    assert.strictEqual(r.stderr, '');
    assert.deepStrictEqual(JSON.parse(r.stdout), JSON.parse(auspex([...args, '--no-cache'], path.join(tmp, 'unused')).stdout));
  });

  it('the real 11th-edition data (BSData JSON + MFM): every real list gives the same findings with the digests as without, and the second run writes nothing', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
    const lists = fs.readdirSync(sharedPath('lists-11e')).filter((f) => f.endsWith('.txt')).sort().map((f) => sharedPath('lists-11e', f));
    const cache = path.join(tmp, 'cache');
    const args = ['check', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1'), ...lists, '--json'];
    const off = auspex([...args, '--no-cache'], cache);
    assert.ok(off.stdout.startsWith('['), off.stderr);
    assert.ok(!fs.existsSync(cache), '--no-cache writes no digest');
    const first = auspex(args, cache);
    assert.deepStrictEqual(JSON.parse(first.stdout), JSON.parse(off.stdout));
    const written = filesIn(cache);
    assert.ok(written.size > 2, `digests: ${written.size}`);
    const second = auspex(args, cache);
    assert.deepStrictEqual(JSON.parse(second.stdout), JSON.parse(off.stdout));
    assert.deepStrictEqual(filesIn(cache), written);
  });

  it('the real 10th-edition data (Wahapedia, BattleScribe XML): the same findings with the digests as without', function () {
    requireShared(this, 'data', 'wahapedia');
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists');
    const lists = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt')).sort().map((f) => sharedPath('lists', f));
    for (const data of [sharedPath('data', 'wahapedia'), sharedPath('data', 'bsdata')]) {
      const cache = path.join(tmp, `cache-${path.basename(data)}`);
      const args = ['check', '--data', data, ...lists, '--json'];
      const off = JSON.parse(auspex([...args, '--no-cache'], cache).stdout);
      assert.deepStrictEqual(JSON.parse(auspex(args, cache).stdout), off, `${data}, first run`);
      const written = filesIn(cache);
      assert.deepStrictEqual(JSON.parse(auspex(args, cache).stdout), off, `${data}, second run`);
      assert.deepStrictEqual(filesIn(cache), written);
    }
  });
});
