// The protocol under hostile inputs, second part (issue 25): a 5,000-deep array in the params of a hover,
// an executeCommand and a custom auspex/* request is answered with a protocol error and the server lives;
// the opponent's roots follow workspace/didChangeWorkspaceFolders; a hover answers within 1 s while a
// download drips one byte at a time from a local server, and while a large didOpen is being handled.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { CancellationTokenSource, DidChangeWorkspaceFoldersNotification, HoverRequest, RequestType } from 'vscode-languageserver-protocol/node';
import { startServerProcess, ServerHandle } from '../support/lspClient';

/** Writes a request raw (JSON.stringify overflows on the value) and resolves with its parsed answer. */
function rawRequest(server: ServerHandle, id: number, method: string, params: string): Promise<{ error?: { code: number; message: string }; result?: unknown }> {
  const raw = `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`;
  return new Promise((resolve) => {
    let seen = '';
    const on = (d: Buffer) => {
      seen += d.toString();
      const m = new RegExp(`\\{"jsonrpc":"2.0","id":${id},[^\\n]*?\\}(?=Content-Length|$)`).exec(seen);
      if (m) {
        server.process.stdout!.off('data', on);
        resolve(JSON.parse(m[0]));
      }
    };
    server.process.stdout!.on('data', on);
    server.process.stdin!.write(`Content-Length: ${Buffer.byteLength(raw)}\r\n\r\n${raw}`);
  });
}

const Download = new RequestType<{ edition?: string; sources?: string[] }, { outcomes: { status: string; message: string }[] }, void>('auspex/downloadData');

async function hoverMs(server: ServerHandle, uri: string): Promise<number> {
  const t0 = Date.now();
  await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 2 } });
  return Date.now() - t0;
}

describe('hostile protocol messages, second part (issue 25)', function () {
  this.timeout(60000);
  let server: ServerHandle;
  let dir: string;
  const alive = 'file:///alive2.army';
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-hostile2-'));
    fs.mkdirSync(path.join(dir, 'a'));
    fs.mkdirSync(path.join(dir, 'b'));
    server = startServerProcess();
    await server.initialize({
      capabilities: { workspace: { workspaceFolders: true } },
      workspaceFolders: [{ uri: `file://${path.join(dir, 'a')}`, name: 'a' }],
      initializationOptions: { cacheDir: path.join(dir, 'cache') },
    });
    await server.open(alive, 'Atalan Jackals (85 Points)\n');
  });
  after(async () => {
    if (server) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deep = '['.repeat(5000) + ']'.repeat(5000);
  it('a hover whose position nests 5,000 arrays: answered (no result for a position that is none), the server alive', async () => {
    const a = await rawRequest(server, 9101, 'textDocument/hover', `{"textDocument":{"uri":"${alive}"},"position":${deep}}`);
    assert.ok(a.error || a.result === null, JSON.stringify(a));
    assert.ok((await hoverMs(server, alive)) < 1000);
  });
  for (const [id, method, params] of [
    [9102, 'workspace/executeCommand', `{"command":"auspex.x","arguments":[${deep}]}`],
    [9103, 'auspex/matchup', `{"uri":"${alive}","conditions":{"x":${deep}}}`],
    [9104, 'auspex/damageBreakdown', `{"uri":"${alive}","unitIndex":0,"targetIndex":0,"conditions":{"x":${deep}}}`],
    [9105, 'auspex/downloadData', `{"edition":"11","sources":${deep}}`],
  ] as const) {
    it(`${method} with a 5,000-deep array in its params: a protocol error, and the server answers a hover within 1 s`, async () => {
      const a = await rawRequest(server, id, method, params);
      assert.ok(a.error && a.error.code < 0, JSON.stringify(a));
      assert.ok((await hoverMs(server, alive)) < 1000);
    });
  }

  it('the opponent is read from a workspace folder added later, and no longer once it is removed', async () => {
    const b = { uri: `file://${path.join(dir, 'b')}`, name: 'b' };
    fs.writeFileSync(path.join(dir, 'b', 'theirs.army'), 'Their list\nAtalan Jackals (85 Points)\n');
    const uri = `file://${path.join(dir, 'a', 'mine.army')}`;
    const unreadable = (d: { diagnostics: { code?: unknown; message: string }[] }) => d.diagnostics.filter((x) => /outside the workspace/.test(x.message));
    const first = await server.open(uri, 'OPPONENT: ../b/theirs.army\nAtalan Jackals (85 Points)\n');
    assert.strictEqual(unreadable(first).length, 1, JSON.stringify(first.diagnostics));
    let next = server.diagnostics(uri);
    await server.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [b], removed: [] } });
    assert.deepStrictEqual(unreadable(await next), []);
    next = server.diagnostics(uri);
    await server.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [], removed: [b] } });
    assert.strictEqual(unreadable(await next).length, 1);
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('a hover answers within 1 s while a download drips one byte at a time from a local server', async () => {
    const dripping: http.ServerResponse[] = [];
    const timers: ReturnType<typeof setInterval>[] = [];
    const web = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-length': 10_000_000 });
      dripping.push(res);
      timers.push(setInterval(() => res.write('x'), 100));
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    try {
      const cts = new CancellationTokenSource();
      const pending = server.connection.sendRequest(Download, { edition: '11', sources: [`http://127.0.0.1:${(web.address() as AddressInfo).port}/drip.zip`] }, cts.token);
      const t0 = Date.now();
      while (!dripping.length && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
      assert.ok(dripping.length, 'the download started');
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 200));
        const ms = await hoverMs(server, alive);
        assert.ok(ms < 1000, `hover ${ms} ms during the download`);
      }
      cts.cancel();
      const result = await pending;
      assert.deepStrictEqual(result.outcomes.map((o) => o.status), ['failed']);
    } finally {
      for (const t of timers) clearInterval(t);
      for (const r of dripping) r.destroy();
      web.closeAllConnections();
      await new Promise((r) => web.close(r));
    }
  });

  it('a hover answers within 1 s while a large didOpen (3 MB list of hostile lines) is being handled', async () => {
    const uri = 'file:///large2.army';
    const text = `Atalan Jackals (85 Points)\n${`+ ${' '.repeat(9000)}x\n`.repeat(330)}`;
    const published = server.open(uri, text);
    const ms = await hoverMs(server, alive);
    assert.ok(ms < 1000, `hover ${ms} ms`);
    await published;
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });
});
