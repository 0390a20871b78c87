// Hostile downloads (issue 25): a body that never ends, a server that drips, a
// .tar.gz with data after its end, redirects to a weaker scheme, Cancel, and
// what a failed or killed fetch leaves in the cache. Every server here is a
// local one on 127.0.0.1 that the test starts; each case ends within seconds.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { download, DownloadError, redirectAllowed } from '../../server/src/node/download';
import { extractArchive } from '../../server/src/node/archive';
import { fetchData } from '../../server/src/node/fetchData';
import { sourceDir } from '../../server/src/node/dataCache';
import { BOUNDS } from '../../server/src/service/domain/bounds';
import { tarGzOf, tinyBsData, zipOf } from '../support/archives';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local HTTP server with one handler per path; `raw` serves a raw TCP socket instead (headers dripped). */
async function serve(routes: Record<string, Handler>, raw?: (socket: net.Socket) => void): Promise<{ url: (p: string) => string; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = raw
    ? net.createServer(raw)
    : http.createServer((req, res) => {
        const h = routes[req.url ?? ''];
        if (h) h(req, res);
        else res.writeHead(404).end();
      });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `auspex-hostile-${name}-`));

/** Writes zeros forever (until the client goes), no Content-Length. */
const endless: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/zip' });
  const chunk = Buffer.alloc(64 * 1024);
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
};

/** One byte every 100 ms, forever. */
const drip: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/zip' });
  const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('P')), 100);
  res.on('close', () => clearInterval(t));
};

async function rejects(p: Promise<unknown>, re: RegExp): Promise<string> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DownloadError, `a DownloadError, not ${(e as Error).stack}`);
    assert.match(e.message, re);
    return e.message;
  }
  assert.fail('expected a refusal');
}

describe('hostile downloads (issue 25)', function () {
  this.timeout(20000);
  let dir: string;
  beforeEach(() => (dir = tmp('dl')));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the bounds are stated and sane: a byte ceiling well above the real archives, a deadline, an idle timeout', () => {
    assert.ok(BOUNDS.downloadBytes >= 256 * 1024 * 1024);
    assert.ok(BOUNDS.downloadMs >= 5 * 60 * 1000 && BOUNDS.downloadMs <= 60 * 60 * 1000);
    assert.ok(BOUNDS.downloadIdleMs < BOUNDS.downloadMs);
  });

  it('a body that never ends stops at the byte ceiling with a clear message, and the fetch leaves nothing behind', async () => {
    const s = await serve({ '/endless.zip': endless });
    try {
      const t0 = Date.now();
      await rejects(download(s.url('/endless.zip'), path.join(dir, 'f'), { maxBytes: 4 * 1024 * 1024 }), /sent more than the 4194304 bytes allowed \(4 MB\): stopped/);
      assert.ok(Date.now() - t0 < 5000);
      assert.ok(fs.statSync(path.join(dir, 'f')).size <= 4 * 1024 * 1024);
      // Content-Length beyond the ceiling: refused before a byte is read.
      const big: Handler = (_q, res) => {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        res.write('x');
      };
      const s2 = await serve({ '/big.zip': big });
      await rejects(download(s2.url('/big.zip'), path.join(dir, 'g'), { maxBytes: 1024 * 1024 }), /is 10485760 bytes, more than the 1048576 allowed \(1 MB\): refused/);
      await s2.stop();
      const root = path.join(dir, 'cache');
      const [o] = await fetchData({ root, edition: 10, sources: [s.url('/endless.zip')], env: {}, download: { maxBytes: 2 * 1024 * 1024 } });
      assert.strictEqual(o.status, 'failed');
      assert.match(o.message, /more than the 2097152 bytes allowed/);
      assert.deepStrictEqual(fs.readdirSync(root).filter((n) => n !== 'fetch.lock').flatMap((e) => fs.readdirSync(path.join(root, e))), [], 'no folder nor temporary file is left');
    } finally {
      await s.stop();
    }
  });

  it('a server dripping one byte at a time (body or headers) ends at the overall deadline, not never', async () => {
    const s = await serve({ '/drip.zip': drip });
    const headers = await serve({}, (socket) => {
      const text = 'HTTP/1.1 200 OK\r\nX-Slow: ' + 'a'.repeat(10000);
      let i = 0;
      const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write(text[i++ % text.length])), 100);
      socket.on('close', () => clearInterval(t));
      socket.on('error', () => clearInterval(t));
    });
    try {
      for (const url of [s.url('/drip.zip'), headers.url('/x.zip')]) {
        const t0 = Date.now();
        await rejects(download(url, path.join(dir, 'f'), { deadlineMs: 1500, idleTimeoutMs: 1000 }), /did not finish within 1.5 s: stopped/);
        assert.ok(Date.now() - t0 < 4000, `${Date.now() - t0} ms`);
      }
      // Cancel ends it as promptly, said as a cancel.
      const abort = new AbortController();
      setTimeout(() => abort.abort(), 300);
      const t0 = Date.now();
      await rejects(download(s.url('/drip.zip'), path.join(dir, 'f'), { signal: abort.signal }), /cancelled/);
      assert.ok(Date.now() - t0 < 2000);
    } finally {
      await s.stop();
      await headers.stop();
    }
  });

  it('a .tar.gz with 16 MB of zeros after the end of the archive is read to its end only: fast, and Cancel stops an extraction', async () => {
    const file = path.join(dir, 'trailing.tar.gz');
    const files = { ...tinyBsData('tiny'), 'tiny/big.txt': Buffer.alloc(1024 * 1024, 'a') };
    fs.writeFileSync(file, tarGzOf(files, 16 * 1024 * 1024));
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    const t0 = Date.now();
    const r = await extractArchive(file, out);
    assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
    assert.strictEqual(r.files, 3);
    assert.strictEqual(fs.statSync(path.join(out, 'tiny', 'big.txt')).size, 1024 * 1024);
    // The same archive cancelled: refused at once, with the word.
    const out2 = path.join(dir, 'out2');
    fs.mkdirSync(out2);
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(extractArchive(file, out2, undefined, abort.signal), /cancelled/);
    // Zips are cancelled the same way.
    const zip = path.join(dir, 'a.zip');
    fs.writeFileSync(zip, zipOf(files));
    const out3 = path.join(dir, 'out3');
    fs.mkdirSync(out3);
    await assert.rejects(extractArchive(zip, out3, undefined, abort.signal), /cancelled/);
  });

  it('redirects: same scheme or http → https only; a refused one names where it went, a followed one is said', async () => {
    assert.ok(redirectAllowed('https:', 'https:'));
    assert.ok(redirectAllowed('http:', 'https:'));
    assert.ok(redirectAllowed('http:', 'http:'));
    assert.ok(!redirectAllowed('https:', 'http:'));
    assert.ok(!redirectAllowed('http:', 'file:'));
    assert.ok(!redirectAllowed('https:', 'ftp:'));
    const zip = zipOf(tinyBsData('tiny'));
    const s = await serve({
      '/file': (_q, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/moved': (_q, res) => res.writeHead(301, { location: '/data.zip' }).end(),
      '/data.zip': (_q, res) => res.writeHead(200, { 'content-length': zip.length }).end(zip),
    });
    try {
      await rejects(download(s.url('/file'), path.join(dir, 'f')), /redirected to file:\/\/\/etc\/passwd, from http to file: refused/);
      const root = path.join(dir, 'cache');
      const [o] = await fetchData({ root, edition: 10, sources: [s.url('/moved')], env: {} });
      assert.strictEqual(o.status, 'fetched', o.message);
      assert.ok(o.message.includes(`(redirected to ${s.url('/data.zip')})`), o.message);
    } finally {
      await s.stop();
    }
  });

  it('cleanup: a failed source leaves no folder; what a killed fetch left in any source folder goes at the next fetch', async () => {
    const zip = zipOf(tinyBsData('tiny'));
    const s = await serve({ '/data.zip': (_q, res) => res.writeHead(200, { 'content-length': zip.length }).end(zip) });
    try {
      const root = path.join(dir, 'cache');
      const [bad] = await fetchData({ root, edition: 10, sources: [s.url('/missing.zip')], env: {} });
      assert.strictEqual(bad.status, 'failed');
      assert.ok(!fs.existsSync(sourceDir(root, 10, s.url('/missing.zip'))), 'the failed source left its folder');
      const good = s.url('/data.zip');
      await fetchData({ root, edition: 10, sources: [good], env: {} });
      // A fetch killed mid-way (SIGKILL: no finally ran) left its temporary file and folder, and
      // an empty folder of another source; the next fetch of any source clears them.
      const gdir = sourceDir(root, 10, good);
      fs.writeFileSync(path.join(gdir, '.download-99999-deadbeef'), 'partial');
      fs.mkdirSync(path.join(gdir, '.extract-99999-deadbeef'));
      const orphan = sourceDir(root, 11, 'https://example.invalid/x.zip');
      fs.mkdirSync(orphan, { recursive: true });
      fs.writeFileSync(path.join(orphan, '.download-1-00'), 'partial');
      const local = path.join(dir, 'local.zip');
      fs.writeFileSync(local, zip);
      const [o] = await fetchData({ root, edition: 11, sources: [path.join(dir, 'nothing.zip')], env: {} });
      assert.strictEqual(o.status, 'failed');
      assert.deepStrictEqual(fs.readdirSync(gdir).filter((n) => n.startsWith('.')), []);
      assert.ok(!fs.existsSync(orphan));
      assert.ok(fs.existsSync(path.join(gdir, 'current.json')), 'the good source is kept');
    } finally {
      await s.stop();
    }
  });
});
