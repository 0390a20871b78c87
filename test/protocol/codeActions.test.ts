// Protocol test: the bundled server offers quick fixes and the fix-all source
// action over LSP; a codeAction request on a published diagnostic returns the
// rename, with its payload travelling in `diagnostic.data`.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeActionRequest,
  DidOpenTextDocumentNotification,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

describe('code actions over stdio', function () {
  let server: ServerHandle;

  before(async () => {
    server = startServerProcess();
    const init = await server.initialize();
    assert.deepStrictEqual(init.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'source.fixAll.auspex', 'refactor.rewrite'] });
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('answers a codeAction request on the misspelt datasheet with the rename, and fix-all with it too', async () => {
    const file = path.join(repoRoot, 'examples', 'mistakes.army');
    const uri = `file://${file}`;
    const text = fs.readFileSync(file, 'utf8');
    const published = server.diagnostics(uri);
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'army-list', version: 1, text },
    });
    const { diagnostics } = await published;
    const typo = diagnostics.find((d) => d.code === 'unknown-datasheet' && d.message.includes('Atalan Jackels'));
    assert.ok(typo && typo.data, 'the diagnostic carries its fix payload');

    const actions = await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: typo.range,
      context: { diagnostics: [typo], only: ['quickfix'] },
    });
    // The rename, then (only the embedded seed being loaded) the download of the community data.
    assert.ok(actions && actions.length === 2, JSON.stringify(actions));
    assert.deepStrictEqual((actions[1] as { command?: { command: string } }).command?.command, 'auspex.downloadData');
    const action = actions[0] as { title: string; kind: string; isPreferred: boolean; edit: { changes: Record<string, TextEdit[]> } };
    assert.strictEqual(action.title, 'Change to "Atalan Jackals"');
    assert.strictEqual(action.kind, 'quickfix');
    assert.strictEqual(action.isPreferred, true);
    assert.deepStrictEqual(action.edit.changes[uri], [{ range: typo.range, newText: 'Atalan Jackals' }]);

    const fixAll = await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.ok(fixAll && fixAll.length === 1);
    const all = fixAll[0] as { kind: string; edit: { changes: Record<string, TextEdit[]> } };
    assert.strictEqual(all.kind, 'source.fixAll.auspex');
    assert.ok(all.edit.changes[uri].some((e) => e.newText === 'Atalan Jackals'));
  });
});
