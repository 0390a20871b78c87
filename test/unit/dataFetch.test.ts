// Downloading rules data into the cache, against a local HTTP server on
// 127.0.0.1 that the tests start: never the internet. The archives are built
// here from ../shared/data/bsdata (when present) or from tiny self-made files.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { fetchData, findDataDirs } from '../../server/src/node/fetchData';
import { age, cacheRoot, cacheStatus, cachedDataFolders, cachedSources, readPointer, sourceDir, staleEditions, withCacheLock, sourceId } from '../../server/src/node/dataCache';
import { extractArchive } from '../../server/src/node/archive';
import { proxyFor } from '../../server/src/node/download';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { Files, folderFiles, tarGzOf, tinyBsData, zipOf } from '../support/archives';
import { hasShared, requireShared, sharedPath } from '../support/shared';

interface Route {
  body?: Buffer;
  etag?: string;
  /** Send only this many bytes of the body, then drop the connection. */
  cutAt?: number;
  redirect?: string;
}

/** A local server whose routes the tests change as they go; it counts full bodies sent and 304s. */
class TestServer {
  readonly routes = new Map<string, Route>();
  sent = 0;
  notModified = 0;
  private server = http.createServer((req, res) => this.handle(req, res));
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(p: string): string {
    return `http://127.0.0.1:${this.port}${p}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const route = this.routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end('no such file');
      return;
    }
    if (route.redirect) {
      res.writeHead(302, { location: route.redirect }).end();
      return;
    }
    const body = route.body!;
    if (route.etag && req.headers['if-none-match'] === route.etag) {
      this.notModified++;
      res.writeHead(304).end();
      return;
    }
    this.sent++;
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/zip', ...(route.etag ? { etag: route.etag } : {}) });
    if (route.cutAt !== undefined) {
      res.write(body.subarray(0, route.cutAt), () => res.destroy());
      return;
    }
    res.end(body);
  }
}

function tmp(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `auspex-${name}-`));
}

/** The repository archive served as "the 10th edition's data": the real catalogues when ../shared has them. */
function dataFiles(prefix: string): Files {
  return hasShared('data', 'bsdata') ? folderFiles(sharedPath('data', 'bsdata'), prefix) : tinyBsData(prefix);
}

describe('rules data download and cache', function () {
  this.timeout(30000);
  const server = new TestServer();
  let root: string;
  const v1 = zipOf(dataFiles('wh40k-10e-main'));
  const v2 = zipOf({ ...dataFiles('wh40k-10e-main'), 'wh40k-10e-main/CHANGES.md': 'a second version\n' });

  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => {
    root = tmp('cache');
    server.routes.clear();
    server.sent = 0;
    server.notModified = 0;
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const fetch10 = (sources: string[], extra: Partial<Parameters<typeof fetchData>[0]> = {}) => fetchData({ root, edition: 10, sources, env: {}, ...extra });

  it('first fetch: downloads, extracts, finds the data folder and points the cache at it', async () => {
    server.routes.set('/data.zip', { body: v1, etag: '"abc123"' });
    const progress: number[] = [];
    const [o] = await fetch10([server.url('/data.zip')], { onProgress: (_s, n) => progress.push(n) });
    assert.strictEqual(o.status, 'fetched', o.message);
    assert.match(o.message, /version abc123/);
    assert.strictEqual(progress[progress.length - 1], v1.length);
    const [s] = cachedSources(root, 10);
    assert.strictEqual(s.label, 'abc123');
    assert.deepStrictEqual(s.dataDirs, ['wh40k-10e-main']);
    assert.strictEqual(s.archiveBytes, v1.length);
    assert.strictEqual(openDataFolder(s.folders[0]).kind, 'bsdata');
    assert.deepStrictEqual(cachedDataFolders(root, 11), [], 'an edition never fetched has nothing');
    const status = cacheStatus(root);
    assert.strictEqual(status.length, 1);
    assert.strictEqual(status[0].edition, 10);
    assert.strictEqual(status[0].where, s.folders[0]);
    // No temporary file is left behind.
    assert.deepStrictEqual(fs.readdirSync(s.sourceDir).filter((n) => n.startsWith('.')), []);
  });

  it('unchanged version: a conditional request, no second download', async () => {
    server.routes.set('/data.zip', { body: v1, etag: '"abc123"' });
    await fetch10([server.url('/data.zip')]);
    const before = readPointer(path.join(sourceDir(root, 10, server.url('/data.zip')), 'current.json'))!;
    const [o] = await fetch10([server.url('/data.zip')]);
    assert.strictEqual(o.status, 'unchanged', o.message);
    assert.strictEqual(server.sent, 1);
    assert.strictEqual(server.notModified, 1);
    assert.strictEqual(o.current?.version, before.version);
  });

  it('unchanged body without an ETag: downloaded but recognised by its digest, not extracted again', async () => {
    server.routes.set('/plain.zip', { body: v1 });
    await fetch10([server.url('/plain.zip')]);
    const [s1] = cachedSources(root, 10);
    const [o] = await fetch10([server.url('/plain.zip')]);
    assert.strictEqual(o.status, 'unchanged');
    assert.strictEqual(cachedSources(root, 10)[0].version, s1.version);
    assert.ok(!fs.existsSync(path.join(s1.sourceDir, 'previous.json')));
  });

  it('a new version switches the pointer and keeps the previous one; the one before is removed', async () => {
    const url = server.url('/data.zip');
    server.routes.set('/data.zip', { body: v1, etag: '"one"' });
    await fetch10([url]);
    const first = cachedSources(root, 10)[0];
    server.routes.set('/data.zip', { body: v2, etag: '"two"' });
    const [o] = await fetch10([url]);
    assert.strictEqual(o.status, 'fetched');
    const second = cachedSources(root, 10)[0];
    assert.strictEqual(second.label, 'two');
    assert.ok(fs.existsSync(path.join(second.versionDir, 'wh40k-10e-main', 'CHANGES.md')));
    assert.strictEqual(readPointer(path.join(second.sourceDir, 'previous.json'))?.label, 'one');
    assert.ok(fs.existsSync(first.versionDir), 'the previous version stays on disk');
    assert.strictEqual(cacheStatus(root)[0].previous?.version, 'one');
    server.routes.set('/data.zip', { body: zipOf(tinyBsData('x', 3)), etag: '"three"' });
    await fetch10([url]);
    assert.ok(!fs.existsSync(first.versionDir), 'only the current and the previous version are kept');
    assert.ok(fs.existsSync(second.versionDir));
  });

  it('follows redirects', async () => {
    server.routes.set('/moved', { redirect: '/again' });
    server.routes.set('/again', { redirect: server.url('/data.zip') });
    server.routes.set('/data.zip', { body: v1, etag: '"r1"' });
    const [o] = await fetch10([server.url('/moved')]);
    assert.strictEqual(o.status, 'fetched', o.message);
    assert.strictEqual(o.current?.url, server.url('/data.zip'));
    // The cache is named after the URL the user gave, not where it led.
    assert.ok(fs.existsSync(sourceDir(root, 10, server.url('/moved'))));
  });

  it('a truncated body fails and leaves the previous data in use', async () => {
    const url = server.url('/data.zip');
    server.routes.set('/data.zip', { body: v1, etag: '"one"' });
    await fetch10([url]);
    const before = cachedSources(root, 10)[0];
    server.routes.set('/data.zip', { body: v2, etag: '"two"', cutAt: Math.floor(v2.length / 2) });
    const [o] = await fetch10([url]);
    assert.strictEqual(o.status, 'failed');
    assert.match(o.message, /truncated|cut short/);
    assert.match(o.message, /cached version one .* stays in use/);
    const after = cachedSources(root, 10)[0];
    assert.strictEqual(after.version, before.version);
    assert.deepStrictEqual(fs.readdirSync(after.sourceDir).filter((n) => n.startsWith('.')), [], 'the partial download is removed');
  });

  it('a corrupt archive fails: not an archive at all, and a zip with damaged bytes', async () => {
    server.routes.set('/junk.zip', { body: Buffer.from('<html>Rate limited</html>') });
    const [a] = await fetch10([server.url('/junk.zip')]);
    assert.strictEqual(a.status, 'failed');
    assert.match(a.message, /not a \.zip or \.tar\.gz/);
    assert.match(a.message, /nothing is cached/);
    const damaged = Buffer.from(v1);
    // Flip bytes inside the first entry's compressed data: the CRC or the inflater catches it.
    for (let i = 200; i < 260; i++) damaged[i] ^= 0xff;
    server.routes.set('/damaged.zip', { body: damaged });
    const [b] = await fetch10([server.url('/damaged.zip')]);
    assert.strictEqual(b.status, 'failed', b.message);
    assert.match(b.message, /zip/);
    assert.deepStrictEqual(cachedSources(root, 10), []);
  });

  it('a truncated local archive (.zip or .tar.gz) is refused by the archive reader', async () => {
    fs.mkdirSync(root, { recursive: true });
    const files: Files = { ...tinyBsData('r'), 'r/noise.bin': Buffer.from(Array.from({ length: 100000 }, (_, i) => (i * 7919) % 251)) };
    for (const [name, body, reason] of [
      ['cut.zip', zipOf(files), /unreadable zip: .*truncated/],
      ['cut.tar.gz', tarGzOf(files), /corrupt archive: .*unexpected end of file/],
    ] as const) {
      const file = path.join(root, name);
      fs.writeFileSync(file, body.subarray(0, Math.floor(body.length * 0.6)));
      const [o] = await fetch10([file]);
      assert.strictEqual(o.status, 'failed', name);
      assert.match(o.message, reason);
    }
    assert.deepStrictEqual(cachedSources(root, 10), []);
  });

  it('an archive without rules data is refused', async () => {
    server.routes.set('/docs.zip', { body: zipOf({ 'repo/README.md': 'just docs\n' }) });
    const [o] = await fetch10([server.url('/docs.zip')]);
    assert.strictEqual(o.status, 'failed');
    assert.match(o.message, /no rules data Auspex recognises/);
  });

  it('an entry that escapes the folder is refused, in a zip and in a .tar.gz, and nothing is written outside', async () => {
    const outside = path.join(root, 'e10', 'evil.txt');
    for (const [name, body] of [
      ['/escape.zip', zipOf({ ...tinyBsData('repo'), '../../evil.txt': 'pwned' })],
      ['/escape.tar.gz', tarGzOf({ ...tinyBsData('repo'), '../../evil.txt': 'pwned' })],
      ['/absolute.tar.gz', tarGzOf({ ...tinyBsData('repo'), [`${root}/e10/evil.txt`]: 'pwned' })],
    ] as const) {
      server.routes.set(name, { body });
      const [o] = await fetch10([server.url(name)]);
      assert.strictEqual(o.status, 'failed', `${name}: ${o.message}`);
      assert.match(o.message, /outside the target folder/, name);
      assert.ok(!fs.existsSync(outside), name);
    }
    assert.deepStrictEqual(cachedSources(root, 10), []);
  });

  it('an archive bomb stops at the limits (size, ratio, entry count), zip and .tar.gz', async () => {
    const zeros = Buffer.alloc(24 * 1024 * 1024);
    server.routes.set('/bomb.zip', { body: zipOf({ ...tinyBsData('repo'), 'repo/zeros.bin': zeros }) });
    const [z] = await fetch10([server.url('/bomb.zip')]);
    assert.strictEqual(z.status, 'failed');
    assert.match(z.message, /archive bomb/);
    server.routes.set('/bomb.tar.gz', { body: tarGzOf({ ...tinyBsData('repo'), 'repo/zeros.bin': zeros }) });
    const [t] = await fetch10([server.url('/bomb.tar.gz')]);
    assert.strictEqual(t.status, 'failed');
    assert.match(t.message, /archive bomb/);
    const many: Files = tinyBsData('repo');
    for (let i = 0; i < 60; i++) many[`repo/f${i}.txt`] = 'x';
    server.routes.set('/many.zip', { body: zipOf(many) });
    const [m] = await fetch10([server.url('/many.zip')], { limits: { maxEntries: 50, maxTotalBytes: 1e9, maxRatio: 200 } });
    assert.strictEqual(m.status, 'failed');
    assert.match(m.message, /more than 50 entries/);
    assert.deepStrictEqual(cachedSources(root, 10), []);
  });

  it('a .tar.gz archive works as a zip does', async () => {
    server.routes.set('/data.tar.gz', { body: tarGzOf(tinyBsData('repo-main')), etag: '"t1"' });
    const [o] = await fetch10([server.url('/data.tar.gz')]);
    assert.strictEqual(o.status, 'fetched', o.message);
    assert.deepStrictEqual(cachedSources(root, 10)[0].dataDirs, ['repo-main']);
  });

  it('offline (server gone): one message, the cache stays in use', async () => {
    const gone = new TestServer();
    await gone.start();
    const url = gone.url('/data.zip');
    gone.routes.set('/data.zip', { body: v1, etag: '"one"' });
    await fetch10([url]);
    await gone.stop();
    const [o] = await fetch10([url]);
    assert.strictEqual(o.status, 'offline');
    assert.match(o.message, /^could not refresh .*ECONNREFUSED.*; the cached version one \(fetched just now\) stays in use$/);
    assert.strictEqual(o.current?.label, 'one');
    assert.strictEqual(cachedSources(root, 10).length, 1);
  });

  it('two fetches at once: one downloads, the other waits for the lock and finds it unchanged', async () => {
    server.routes.set('/data.zip', { body: v1, etag: '"one"' });
    let waited = 0;
    const results = await Promise.all([0, 1].map(() => fetch10([server.url('/data.zip')], { onWait: () => waited++ })));
    const statuses = results.map((r) => r[0].status).sort();
    assert.deepStrictEqual(statuses, ['fetched', 'unchanged']);
    assert.strictEqual(waited, 1);
    assert.strictEqual(server.sent, 1);
    assert.strictEqual(cachedSources(root, 10).length, 1);
    assert.ok(!fs.existsSync(path.join(root, 'fetch.lock')), 'the lock is released');
  });

  it('a lock left by a dead process is taken over', async () => {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, 'fetch.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, at: new Date().toISOString() }));
    const r = await withCacheLock(root, async () => 'ran', { waitMs: 2000 });
    assert.strictEqual(r, 'ran');
  });

  it('a local archive path is a source too, and HTTP errors are said', async () => {
    const file = path.join(root, 'local.zip');
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(file, zipOf(tinyBsData('local')));
    const [o] = await fetch10([file]);
    assert.strictEqual(o.status, 'fetched', o.message);
    const [again] = await fetch10([file]);
    assert.strictEqual(again.status, 'unchanged');
    const [missing] = await fetch10([path.join(root, 'nope.zip')]);
    assert.match(missing.message, /no such archive file/);
    const [notFound] = await fetch10([server.url('/nothing-here.zip')]);
    assert.strictEqual(notFound.status, 'failed');
    assert.match(notFound.message, /HTTP 404/);
  });

  it('honours the proxy variables through a CONNECT tunnel, and NO_PROXY', async () => {
    server.routes.set('/data.zip', { body: v1, etag: '"p"' });
    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const [o] = await fetch10([server.url('/data.zip')], { env: { HTTP_PROXY: proxyUrl } });
      assert.strictEqual(o.status, 'fetched', o.message);
      assert.deepStrictEqual(tunnels, [`127.0.0.1:${server.port}`]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
    assert.strictEqual(proxyFor(new URL('https://github.com/x.zip'), { HTTPS_PROXY: 'proxy:3128' })?.host, 'proxy:3128');
    assert.strictEqual(proxyFor(new URL('https://github.com/x.zip'), { https_proxy: 'http://p:1', NO_PROXY: '.github.com' }), undefined);
    assert.strictEqual(proxyFor(new URL('http://github.com/x.zip'), { HTTPS_PROXY: 'http://p:1' }), undefined, 'HTTPS_PROXY is for https URLs');
  });

  it('the cache location: --cache, else AUSPEX_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache', () => {
    assert.strictEqual(cacheRoot('/x/c', { AUSPEX_CACHE_DIR: '/y' }), path.resolve('/x/c'));
    assert.strictEqual(cacheRoot(undefined, { AUSPEX_CACHE_DIR: '/y', XDG_CACHE_HOME: '/z' }), path.resolve('/y'));
    assert.strictEqual(cacheRoot(undefined, { XDG_CACHE_HOME: '/z' }), path.join('/z', 'auspex'));
    assert.strictEqual(cacheRoot(undefined, {}), path.join(os.homedir(), '.cache', 'auspex'));
    assert.match(sourceId('https://github.com/BSData/wh40k-10e/archive/refs/heads/main.zip'), /^wh40k-10e-[0-9a-f]{8}$/);
    assert.notStrictEqual(sourceId('https://a/x.zip'), sourceId('https://b/x.zip'));
  });

  it('ages for the status bar, and which editions a weekly update checks', async () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    assert.strictEqual(age('2026-11-30T11:59:30Z', now), 'just now');
    assert.strictEqual(age('2026-11-30T11:00:00Z', now), '1 hour ago');
    assert.strictEqual(age('2026-11-27T10:00:00Z', now), '3 days ago');
    assert.strictEqual(age('not a date', now), 'unknown age');
    server.routes.set('/data.zip', { body: v1, etag: '"one"' });
    await fetch10([server.url('/data.zip')]);
    const week = 7 * 24 * 3600 * 1000;
    assert.deepStrictEqual(staleEditions(root, week), []);
    assert.deepStrictEqual(staleEditions(root, week, Date.now() + 8 * 24 * 3600 * 1000), [{ edition: 10, sources: [server.url('/data.zip')] }]);
  });

  it('finds the data folder the way data paths are recognised: the shallowest, Wahapedia exports too', () => {
    const dir = tmp('find');
    try {
      fs.mkdirSync(path.join(dir, 'export', 'deeper'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'export', 'Datasheets.csv'), 'id|name|\n');
      fs.writeFileSync(path.join(dir, 'export', 'deeper', 'x.gst'), '<gameSystem/>');
      assert.deepStrictEqual(findDataDirs(dir), ['export']);
      assert.deepStrictEqual(findDataDirs(path.join(dir, 'export', 'deeper')), ['.']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('extraction never follows a name outside the folder even when called directly', async () => {
    const dir = tmp('x');
    try {
      const file = path.join(dir, 'a.tar.gz');
      fs.writeFileSync(file, tarGzOf({ 'ok/a.txt': 'a', 'ok/../../b.txt': 'b' }));
      fs.mkdirSync(path.join(dir, 'out'));
      await assert.rejects(extractArchive(file, path.join(dir, 'out')), /outside the target folder/);
      assert.ok(!fs.existsSync(path.join(dir, 'b.txt')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('digested factions in the cache', function () {
  this.timeout(60000);

  it('a cached source loads a faction once from its catalogues, then from the digest, with the same data', async function () {
    requireShared(this, 'data', 'bsdata');
    const root = tmp('digest');
    try {
      const archive = path.join(root, 'bsdata.zip');
      fs.writeFileSync(archive, zipOf(folderFiles(sharedPath('data', 'bsdata'), 'wh40k-10e-main')));
      const [o] = await fetchData({ root, edition: 10, sources: [archive], env: {} });
      assert.strictEqual(o.status, 'fetched', o.message);
      const cached = cachedDataFolders(root, 10).map((c) => ({ dir: c.dir, digestDir: `${c.source.versionDir}.digest` }));
      const digestDir = cached[0].digestDir;
      const t0 = process.hrtime.bigint();
      const first = new RulesProvider({ paths: [], cached });
      first.ensureFaction('Genestealer Cults');
      const cold = Number(process.hrtime.bigint() - t0) / 1e6;
      const files = fs.readdirSync(digestDir, { recursive: true }).filter((f) => String(f).endsWith('.json'));
      assert.strictEqual(files.length, 2, 'the faction list and the faction');
      const t1 = process.hrtime.bigint();
      const second = new RulesProvider({ paths: [], cached });
      second.ensureFaction('Genestealer Cults');
      const rules = second.rules();
      const warm = Number(process.hrtime.bigint() - t1) / 1e6;
      assert.deepStrictEqual(rules, first.rules());
      assert.ok(rules.datasheets.some((d) => d.name === 'Atalan Jackals'));
      assert.ok(rules.datasheets.length >= 20, `${rules.datasheets.length} datasheets`);
      assert.ok(warm < cold, `from the digest (${warm.toFixed(0)} ms) faster than from the catalogues (${cold.toFixed(0)} ms)`);
      // The same folder through --data (no digest) gives the same data too.
      const direct = new RulesProvider({ paths: [cached[0].dir] });
      direct.ensureFaction('Genestealer Cults');
      assert.deepStrictEqual(direct.rules().datasheets.length, rules.datasheets.length);
      // A damaged digest is loaded from the source again and rewritten.
      for (const f of files) fs.writeFileSync(path.join(digestDir, String(f)), '{"name": broken');
      const third = new RulesProvider({ paths: [], cached });
      third.ensureFaction('Genestealer Cults');
      assert.deepStrictEqual(third.rules(), first.rules());
      assert.doesNotThrow(() => JSON.parse(fs.readFileSync(path.join(digestDir, String(files[0])), 'utf8')));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a Wahapedia export in a .tar.gz is recognised as a data folder is, and loads through the cache', async function () {
    requireShared(this, 'data', 'wahapedia');
    const root = tmp('waha');
    try {
      const archive = path.join(root, 'wahapedia-export.tar.gz');
      const files = folderFiles(sharedPath('data', 'wahapedia'), 'export/10th');
      fs.writeFileSync(archive, tarGzOf(Object.fromEntries(Object.entries(files).filter(([n]) => n.endsWith('.csv')))));
      const [o] = await fetchData({ root, edition: 10, sources: [archive], env: {} });
      assert.strictEqual(o.status, 'fetched', o.message);
      const [source] = cachedSources(root, 10);
      assert.deepStrictEqual(source.dataDirs, [path.join('export', '10th')]);
      assert.strictEqual(openDataFolder(source.folders[0]).kind, 'wahapedia');
      const provider = new RulesProvider({ paths: [], cached: [{ dir: source.folders[0], digestDir: `${source.versionDir}.digest` }] });
      provider.ensureFaction('Genestealer Cults');
      assert.ok(provider.rules().datasheets.some((d) => d.name === 'Goliath Rockgrinder'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
