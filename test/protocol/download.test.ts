// Protocol test: the editor's Download Rules Data through the server
// (auspex/downloadData with progress and cancellation) against a local HTTP
// server, the data used at once and by the next cold server from the cache
// folder the client names, and the status bar's version and age.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { CancellationTokenSource, NotificationType, RequestType } from 'vscode-languageserver-protocol/node';
import { folderFiles, tinyBsData, zipOf } from '../support/archives';
import { startServerProcess } from '../support/lspClient';
import { requireShared, sharedPath } from '../support/shared';
import { fetchData } from '../../server/src/node/fetchData';
import { cachedSources } from '../../server/src/node/dataCache';

const Status = new NotificationType<{ text: string; tooltip: string }>('auspex/status');
const Progress = new NotificationType<{ source: string; received: number; total?: number }>('auspex/downloadProgress');
interface Result {
  cache: string;
  outcomes: { source: string; status: string; message: string; version?: string }[];
  error?: string;
}
const Download = new RequestType<{ edition?: string; sources?: string[] }, Result, void>('auspex/downloadData');

describe('language server: Download Rules Data', function () {
  this.timeout(60000);
  let http1: http.Server;
  let base = '';
  let cacheDir: string;
  let archive: Buffer;
  /** Responses that send half the body and then stall until the test ends. */
  const stalled: http.ServerResponse[] = [];
  /** The If-None-Match of each request for the archive ('' for none). */
  const requests: string[] = [];

  before(async () => {
    archive = zipOf(fs.existsSync(sharedPath('data', 'bsdata')) ? folderFiles(sharedPath('data', 'bsdata'), 'wh40k-10e-main') : tinyBsData('wh40k-10e-main'));
    http1 = http.createServer((req, res) => {
      if (req.url === '/wh40k-10e.zip') {
        requests.push(String(req.headers['if-none-match'] ?? ''));
        if (req.headers['if-none-match'] === '"commit1"') return void res.writeHead(304).end();
        res.writeHead(200, { 'content-length': archive.length, etag: '"commit1"' });
        res.end(archive);
      } else if (req.url === '/slow.zip') {
        res.writeHead(200, { 'content-length': archive.length });
        res.write(archive.subarray(0, 1000));
        stalled.push(res);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => http1.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http1.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const r of stalled) r.destroy();
    http1.closeAllConnections();
    await new Promise((r) => http1.close(r));
  });
  beforeEach(() => (cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-lsp-cache-'))));
  afterEach(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

  async function start(data: Record<string, unknown> = {}) {
    const server = startServerProcess();
    const statuses: { text: string; tooltip: string }[] = [];
    const progress: { received: number; total?: number }[] = [];
    server.connection.onNotification(Status, (s) => statuses.push(s));
    server.connection.onNotification(Progress, (p) => progress.push(p));
    await server.initialize({ initializationOptions: { cacheDir, data: { sources: { '10': [`${base}/wh40k-10e.zip`] }, ...data } } });
    return { server, statuses, progress };
  }

  it('a list without data offers the download; after it the list resolves, and a cold server uses the cache', async function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const text = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
    const uri = 'untitled:gsc.army';
    const { server, statuses, progress } = await start();
    try {
      const first = await server.open(uri, text);
      const unknown = first.diagnostics.filter((d) => d.code === 'unknown-datasheet');
      assert.ok(unknown.length > 5);
      assert.ok(unknown.every((d) => (d.data as { download?: number }).download === 10));

      const after = server.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'unknown-datasheet'), 30000);
      const result = await server.connection.sendRequest(Download, { edition: '10' });
      assert.strictEqual(result.error, undefined);
      assert.strictEqual(result.cache, cacheDir);
      assert.deepStrictEqual(result.outcomes.map((o) => [o.status, o.version]), [['fetched', 'commit1']]);
      assert.ok(progress.length >= 1);
      assert.strictEqual(progress[progress.length - 1].received, archive.length);
      assert.strictEqual(progress[progress.length - 1].total, archive.length);
      await after;
      const status = statuses[statuses.length - 1];
      assert.match(status.text, /Auspex: \d\d+ datasheets · 10th BSData r\d+ · commit1 \(just now\)/);
      assert.match(status.tooltip, /Downloaded \(10th edition\): .*wh40k-10e\.zip, version commit1/);
    } finally {
      await server.stop();
    }

    // A new server, same cache: the first diagnostics already use the downloaded data.
    const cold = await start();
    try {
      const d = await cold.server.open(uri, text);
      assert.deepStrictEqual(d.diagnostics.filter((x) => x.code === 'unknown-datasheet'), []);
    } finally {
      await cold.server.stop();
    }
  });

  it('cancelling a download leaves the cache as it was and says so', async () => {
    const { server, progress } = await start();
    try {
      const cts = new CancellationTokenSource();
      const pending = server.connection.sendRequest(Download, { edition: '10', sources: [`${base}/slow.zip`] }, cts.token);
      const t0 = Date.now();
      while (progress.length === 0 && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
      assert.ok(progress.length > 0, 'progress arrives before the body ends');
      cts.cancel();
      const result = await pending;
      assert.deepStrictEqual(result.outcomes.map((o) => o.status), ['failed']);
      assert.match(result.outcomes[0].message, /cancelled; nothing is cached for it yet/);
      assert.deepStrictEqual(fs.readdirSync(cacheDir).filter((n) => n !== 'e10'), []);
    } finally {
      await server.stop();
    }
  });

  it('auspex.data.autoUpdate "weekly": week-old data is checked in the background at start, fresh data is not', async () => {
    const [fetched] = await fetchData({ root: cacheDir, edition: 10, sources: [`${base}/wh40k-10e.zip`], env: {} });
    assert.strictEqual(fetched.status, 'fetched', fetched.message);
    const pointerFile = path.join(cachedSources(cacheDir, 10)[0].sourceDir, 'current.json');
    requests.length = 0;
    // Fresh data: no request.
    const fresh = await start({ autoUpdate: 'weekly' });
    await new Promise((r) => setTimeout(r, 500));
    await fresh.server.stop();
    assert.deepStrictEqual(requests, []);
    // Eight days old: one conditional request, the pointer says when it was checked.
    const old = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    fs.writeFileSync(pointerFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(pointerFile, 'utf8')), fetchedAt: old }));
    const never = await start();
    await new Promise((r) => setTimeout(r, 500));
    await never.server.stop();
    assert.deepStrictEqual(requests, [], 'the default, "never", never checks');
    const weekly = await start({ autoUpdate: 'weekly' });
    try {
      const t0 = Date.now();
      while (requests.length === 0 && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
      assert.deepStrictEqual(requests, ['"commit1"']);
      while (!JSON.parse(fs.readFileSync(pointerFile, 'utf8')).checkedAt && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
      const p = JSON.parse(fs.readFileSync(pointerFile, 'utf8'));
      assert.ok(Date.now() - Date.parse(p.checkedAt) < 60000);
      assert.strictEqual(p.fetchedAt, old, 'an unchanged version keeps its download date');
    } finally {
      await weekly.server.stop();
    }
  });
});
