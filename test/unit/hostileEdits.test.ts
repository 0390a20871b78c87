// Editing a list beyond the size limits (issue 34): 30 one-character edits of a 3.3 MB list grew the server from
// 64 to 693 MB and a hover waited seconds, each version parsed whole. The server, run in this process over a pair
// of in-memory streams (as in hostileMemory.test.ts), holds a bounded amount for such a list (its head read for the
// outline and findings, the lines around a position for a hover), and answers each edit's hover and outline at once.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  DidChangeTextDocumentNotification,
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
import { repoRoot } from '../support/shared';

const MB = 1024 * 1024;

describe('editing a 3.3 MB list (issue 34)', function () {
  this.timeout(120_000);
  let client: ProtocolConnection;
  const waiting: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const published = (uri: string, version: number) => new Promise<PublishDiagnosticsParams>((resolve) => waiting.push({ uri, version, resolve }));

  // The example's units written over and over: 3.3 MB, 150,000 lines, 15,000 units, every line a real one.
  const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const at = example.search(/^OTHER DATASHEETS$/m);
  let text = example.slice(0, at);
  while (text.length < 3.3e6) text += example.slice(at);
  const lines = text.split('\n');
  /** A unit line deep in the list (line numbers do not move: the edits add a character, never a line). */
  const deep = lines.findIndex((l, i) => i > 120_000 && l.startsWith('Atalan Jackals'));
  const uri = 'file:///edited.army';

  before(async () => {
    client = await startInProcess((c) =>
      c.onNotification(PublishDiagnosticsNotification.type, (p) => {
        for (const w of [...waiting]) if (w.uri === p.uri && (p.version ?? 0) >= w.version) waiting.splice(waiting.indexOf(w), 1), w.resolve(p);
      }),
    );
  });
  after(async () => {
    if (client) await client.sendRequest(ShutdownRequest.type);
    client?.dispose();
  });

  const edit = (version: number, line: number) =>
    client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' }] });
  const hover = async (line: number) => {
    const t0 = Date.now();
    const h = await client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 3 } });
    return { ms: Date.now() - t0, text: (h?.contents as { value?: string } | undefined)?.value ?? '' };
  };

  it('held with the list open, and after 30 validated edits each hovered and outlined: under 30 MB; each edit answered within 2 s', async () => {
    assert.ok(deep > 0 && text.length > 3.2e6);
    const before = await heldHeap();
    const opened = published(uri, 1);
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
    const first = await opened;
    assert.deepStrictEqual(first.diagnostics.map((d) => d.code), ['list-too-large']);
    const open = await heldHeap();
    assert.ok(open - before < 30 * MB, `held with the list open: ${((open - before) / MB).toFixed(1)} MB`);
    let slowest = 0;
    for (let v = 2; v <= 31; v++) {
      const t0 = Date.now();
      const next = published(uri, v);
      await edit(v, 10 + v);
      const h = await hover(deep);
      assert.match(h.text, /Atalan Jackals/);
      await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
      await next;
      slowest = Math.max(slowest, Date.now() - t0);
    }
    assert.ok(slowest < 2000, `the slowest edit (hover, outline, findings) took ${slowest} ms`);
    const edited = await heldHeap();
    assert.ok(edited - before < 30 * MB, `held after 30 edits: ${((edited - before) / MB).toFixed(1)} MB`);
  });

  it('30 edits at once, then a hover deep in the list: answered within 1 s', async () => {
    for (let v = 32; v <= 61; v++) await edit(v, 10 + (v % 40));
    const h = await hover(deep);
    assert.match(h.text, /Atalan Jackals/);
    assert.ok(h.ms < 1000, `hover ${h.ms} ms`);
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  });
});
