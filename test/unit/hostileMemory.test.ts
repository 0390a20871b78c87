// Memory after a hostile document is closed (issue 25): the language server, run in this process over a pair of
// in-memory streams, is sent a didOpen of 50 MB of newlines, then its didClose; once the garbage is collected the
// heap is back near its level before (the closed document's text, line count and caches are all released).
import * as assert from 'assert';
import {
  CodeLensRequest,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  HoverRequest,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  ShutdownRequest,
} from 'vscode-languageserver-protocol/node';
import { heldHeap, startInProcess } from '../support/inProcessServer';

async function heapUsed(published: unknown[]): Promise<number> {
  // What this test's client was sent is not the server's.
  published.length = 0;
  return heldHeap();
}

const MB = 1024 * 1024;

describe('memory after the didClose of a 50 MB document (issue 25)', function () {
  this.timeout(60000);
  let client: ProtocolConnection;
  const published: PublishDiagnosticsParams[] = [];
  const next = (uri: string, accept: (p: PublishDiagnosticsParams) => boolean) =>
    new Promise<PublishDiagnosticsParams>((resolve) => {
      const t = setInterval(() => {
        const i = published.findIndex((p) => p.uri === uri && accept(p));
        if (i >= 0) resolve(published.splice(i, 1)[0]), clearInterval(t);
      }, 10);
    });

  before(async () => {
    client = await startInProcess((c) => c.onNotification(PublishDiagnosticsNotification.type, (p) => void published.push(p)));
  });
  after(async () => {
    // No exit notification: the server would end this process.
    if (client) await client.sendRequest(ShutdownRequest.type);
    client?.dispose();
  });

  it('the heap returns within 4 MB of its level before the didOpen', async () => {
    const small = 'file:///small.army';
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: small, languageId: 'army-list', version: 1, text: 'Atalan Jackals (85 Points)\n' } });
    await next(small, () => true);
    await client.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 0, character: 2 } });
    const before = await heapUsed(published);

    const uri = 'file:///newlines-memory.army';
    await (async () => {
      await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text: '\n'.repeat(50 * MB) } });
      const d = await next(uri, () => true);
      assert.deepStrictEqual(d.diagnostics.map((x) => x.code), ['list-too-large']);
    })();
    await client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 10, character: 0 } });
    const held = await heapUsed(published);
    // The measure sees the document while it is open (its 50 MB of text).
    assert.ok(held - before > 40 * MB, `open: ${((held - before) / MB).toFixed(1)} MB more`);

    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    await next(uri, (p) => p.diagnostics.length === 0);
    await client.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 0, character: 2 } });
    const after = await heapUsed(published);
    assert.ok(after - before < 4 * MB, `after didClose: ${((after - before) / MB).toFixed(1)} MB more than before (${((held - before) / MB).toFixed(1)} MB while open)`);
  });

  it('a parsed list under the bound (3.5 MB, its parse, symbols and lenses cached): the heap returns after its didClose', async () => {
    const small = 'file:///small.army';
    const unit = 'Atalan Jackals (85 Points)\n  • 1x Atalan Leader\n';
    // The same requests on a small list first: what they build once (indexes of the rules data) is not the list's.
    const warm = 'file:///warm.army';
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: warm, languageId: 'army-list', version: 1, text: `Small list (2000 Points)\n${unit.repeat(10)}` } });
    await next(warm, () => true);
    await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: warm } });
    await client.sendRequest(CodeLensRequest.type, { textDocument: { uri: warm } });
    await client.sendRequest(HoverRequest.type, { textDocument: { uri: warm }, position: { line: 1, character: 2 } });
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: warm } });
    await next(warm, (p) => p.diagnostics.length === 0);
    const before = await heapUsed(published);
    const uri = 'file:///parsed-memory.army';
    await (async () => {
      const text = `Big list (2000 Points)\n${unit.repeat(70000)}`;
      await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
      await next(uri, () => true);
    })();
    await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    await client.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    await client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 2 } });
    const held = await heapUsed(published);
    assert.ok(held - before > 10 * MB, `open: ${((held - before) / MB).toFixed(1)} MB more`);
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    await next(uri, (p) => p.diagnostics.length === 0);
    await client.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 0, character: 2 } });
    const after = await heapUsed(published);
    assert.ok(after - before < 4 * MB, `after didClose: ${((after - before) / MB).toFixed(1)} MB more than before (${((held - before) / MB).toFixed(1)} MB while open)`);
  });
});
