// `auspex data fetch` then `auspex check` with no --data: the two commands a new user types.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { folderFiles, tarGzOf, tinyBsData, zipOf } from '../support/archives';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('auspex data fetch / status, then check from the cache', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-cli-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fetch --from a local archive, then check resolves a real list with no --data', function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const archive = path.join(dir, 'wh40k-10e.zip');
    fs.writeFileSync(archive, zipOf(folderFiles(sharedPath('data', 'bsdata'), 'wh40k-10e-main')));
    const cache = path.join(dir, 'cache');
    const list = sharedPath('lists', 'gwapp_gsc_1.txt');

    // Without the data, the list's units are unknown.
    const before = auspex(['check', list, '--json'], { AUSPEX_CACHE_DIR: cache });
    assert.ok(JSON.parse(before.stdout).some((f: { code: string }) => f.code === 'unknown-datasheet'));

    const fetched = auspex(['data', 'fetch', '--edition', '10', '--from', archive], { AUSPEX_CACHE_DIR: cache });
    assert.strictEqual(fetched.code, 0, fetched.stderr);
    assert.match(fetched.stdout, /wh40k-10e\.zip: version [0-9a-f]{12}, .* downloaded, 12 files/);

    const after = auspex(['check', list, '--json'], { AUSPEX_CACHE_DIR: cache });
    const findings = JSON.parse(after.stdout) as { code: string }[];
    assert.deepStrictEqual(findings.filter((f) => f.code === 'unknown-datasheet' || f.code === 'faction-not-loaded'), []);
    // The second run reads the digest the first one wrote, and finds the same.
    const again = auspex(['check', list, '--json'], { AUSPEX_CACHE_DIR: cache });
    assert.deepStrictEqual(JSON.parse(again.stdout), findings);
    // --no-cache turns the cache off; --cache names it explicitly.
    const off = auspex(['check', list, '--json', '--no-cache'], { AUSPEX_CACHE_DIR: cache });
    assert.ok(JSON.parse(off.stdout).some((f: { code: string }) => f.code === 'unknown-datasheet'));
    const explicit = auspex(['check', list, '--json', '--cache', cache]);
    assert.deepStrictEqual(JSON.parse(explicit.stdout), findings);

    // Refetching the same archive changes nothing.
    const same = auspex(['data', 'fetch', '--edition', '10', '--from', archive, '--cache', cache]);
    assert.strictEqual(same.code, 0);
    assert.match(same.stdout, /unchanged, version/);
  });

  it('11th edition: a BSData JSON repository and the MFM points, fetched, check a list exactly as the same folders through --data', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    const bsdata = path.join(dir, 'wh40k-11e.zip');
    fs.writeFileSync(bsdata, zipOf(folderFiles(sharedPath('data', 'bsdata-11e'), 'wh40k-11e-main')));
    const mfm = path.join(dir, 'wh40k-11e-mfm.tar.gz');
    // The MFM repository's layout: the YAML files under data/, its DATA-CHANGELOG.md at the root (read for older prices).
    const changelog = { 'wh40k-11e-mfm-main/DATA-CHANGELOG.md': fs.readFileSync(sharedPath('data', 'mfm-11e', 'DATA-CHANGELOG.md')) };
    fs.writeFileSync(mfm, tarGzOf({ ...folderFiles(sharedPath('data', 'mfm-11e', 'v1.1'), 'wh40k-11e-mfm-main/data'), ...changelog }));
    const cache = path.join(dir, 'cache');
    const fetched = auspex(['data', 'fetch', '--from', bsdata, '--from', mfm, '--cache', cache]);
    assert.strictEqual(fetched.code, 0, fetched.stderr);
    assert.strictEqual(fetched.stdout.trim().split('\n').length, 2);
    const list = sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt');
    const viaCache = JSON.parse(auspex(['check', list, '--json', '--cache', cache]).stdout);
    const viaData = JSON.parse(auspex(['check', list, '--json', '--no-cache', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1')]).stdout);
    assert.ok(!viaCache.some((f: { code: string }) => f.code === 'faction-not-loaded' || f.code === 'unknown-datasheet'));
    assert.deepStrictEqual(viaCache, viaData);
    // Both sources are cached as the 11th edition's (the default edition of a fetch).
    const status = JSON.parse(auspex(['data', 'status', '--json', '--cache', cache]).stdout);
    assert.deepStrictEqual(status.sources.map((s: { edition: number }) => s.edition), [11, 11]);
  });

  it('status lists what the cache holds, as text and JSON', () => {
    const archive = path.join(dir, 'tiny.zip');
    fs.writeFileSync(archive, zipOf(tinyBsData('tiny-main')));
    const cache = path.join(dir, 'cache');
    const empty = auspex(['data', 'status', '--cache', cache]);
    assert.strictEqual(empty.code, 0);
    assert.match(empty.stdout, /holds no rules data: run `auspex data fetch`/);
    // The tiny game system names no edition: the 10th, which the default fetch (11th) refuses.
    const wrong = auspex(['data', 'fetch', '--from', archive, '--cache', cache]);
    assert.strictEqual(wrong.code, 1);
    assert.match(wrong.stderr, /holds 10th-edition rules data, not 11th \(fetch it with --edition 10\)/);
    assert.strictEqual(auspex(['data', 'fetch', '--edition', '10', '--from', archive, '--cache', cache]).code, 0);
    const text = auspex(['data', 'status', '--cache', cache]);
    assert.match(text.stdout, /^10th edition {2}.*tiny\.zip\n {2}version [0-9a-f]{12}, fetched .* \(just now\), 2 files/);
    const json = JSON.parse(auspex(['data', 'status', '--json', '--cache', cache]).stdout);
    assert.strictEqual(json.cache, cache);
    assert.strictEqual(json.sources.length, 1);
    assert.strictEqual(json.sources[0].edition, 10);
    assert.ok(fs.existsSync(path.join(json.sources[0].where, 'Tiny System.gst')));
  });

  it('a failed fetch exits 1 with the reason; bad usage exits 2', () => {
    const junk = path.join(dir, 'junk.zip');
    fs.writeFileSync(junk, 'not an archive');
    const r = auspex(['data', 'fetch', '--from', junk, '--cache', path.join(dir, 'c')]);
    assert.strictEqual(r.code, 1);
    assert.match(r.stderr, /failed: .*junk\.zip: not a \.zip or \.tar\.gz archive .*; nothing is cached for it yet/);
    assert.strictEqual(auspex(['data', 'fetch', 'extra']).code, 2);
    assert.strictEqual(auspex(['data', 'frobnicate']).code, 2);
    assert.strictEqual(auspex(['data', 'fetch', '--edition', '12']).code, 2);
  });
});
