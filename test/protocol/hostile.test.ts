// The protocol under hostile messages (issue 25): a 5,000-deep array in a request is answered
// with a protocol error and the server keeps answering; a didOpen of 50 MB of newlines is
// refused at once without a line index (bounded memory), and a hover still answers within 1 s.
import * as assert from 'assert';
import { startServerProcess, ServerHandle } from '../support/lspClient';
import { LargeDocument } from '../../server/src/lsp/boundedDocuments';

describe('hostile protocol messages (issue 25)', function () {
  this.timeout(60000);
  let server: ServerHandle;
  before(async () => {
    server = startServerProcess();
    await server.initialize({});
  });
  after(async () => {
    if (server) await server.stop();
  });

  it('a request nesting 5,000 arrays: a protocol error, and the server answers the next request', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    // Written raw: JSON.stringify itself overflows on such a value.
    const raw = `{"jsonrpc":"2.0","id":9001,"method":"completionItem/resolve","params":{"label":"x","data":${deep}}}`;
    const answer = new Promise<string>((resolve) => {
      let seen = '';
      const on = (d: Buffer) => {
        seen += d.toString();
        const m = /\{"jsonrpc":"2.0","id":9001,[^\n]*?\}\}/.exec(seen);
        if (m) {
          server.process.stdout!.off('data', on);
          resolve(m[0]);
        }
      };
      server.process.stdout!.on('data', on);
    });
    server.process.stdin!.write(`Content-Length: ${Buffer.byteLength(raw)}\r\n\r\n${raw}`);
    const a = JSON.parse(await answer);
    assert.strictEqual(a.error.code, -32602);
    assert.match(a.error.message, /nests deeper than 64 levels: refused/);
    const uri = 'file:///alive.army';
    await server.open(uri, 'Atalan Jackals (85 Points)\n');
    const t0 = Date.now();
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
    assert.ok(Date.now() - t0 < 1000);
  });

  it('a didOpen of 50 MB of newlines: one list-too-large finding within seconds, no line index, a hover within 1 s', async () => {
    const uri = 'file:///newlines.army';
    const t0 = Date.now();
    const { diagnostics } = await server.open(uri, '\n'.repeat(50 * 1024 * 1024));
    assert.ok(Date.now() - t0 < 20000, `${Date.now() - t0} ms`);
    assert.deepStrictEqual(diagnostics.map((d) => d.code), ['list-too-large']);
    assert.match(diagnostics[0].message, /52428800 characters/);
    const t1 = Date.now();
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 10, character: 0 } });
    assert.ok(Date.now() - t1 < 1000, `hover ${Date.now() - t1} ms`);
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('a LargeDocument answers positions as a TextDocument does, without an index', () => {
    const d = new LargeDocument('file:///x', 'army-list', 1, 'ab\r\ncd\nef\rg');
    assert.strictEqual(d.lineCount, 4);
    assert.deepStrictEqual(d.positionAt(5), { line: 1, character: 1 });
    assert.strictEqual(d.offsetAt({ line: 2, character: 1 }), 8);
    assert.strictEqual(d.offsetAt({ line: 1, character: 99 }), 6);
    assert.deepStrictEqual(d.getLineRange(1), { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } });
    assert.strictEqual(d.getEOLCharacters(0), '\r\n');
    assert.strictEqual(d.getText({ start: { line: 1, character: 0 }, end: { line: 2, character: 2 } }), 'cd\nef');
  });
});
