// Protocol test: completion, resolve, hover on a stratagem and semantic tokens through the
// bundled dist/server.js over stdio, with the embedded data.
import * as assert from 'assert';
import {
  CompletionRequest,
  CompletionResolveRequest,
  HoverRequest,
  MarkupContent,
  SemanticTokensRequest,
  CompletionList,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { ServerHandle, startServerProcess } from '../support/lspClient';

const TEXT = [
  'Genestealer Cults',
  'Claw of Ascension',
  'Combat Patrol',
  '',
  'OTHER DATASHEETS',
  '',
  'Atalan Jackals',
  '  • 4x Atalan Jackal',
  '     ◦ 4x Atalan sm',
  '',
  'Atal',
  '',
  'STRATAGEMS',
  'SWARM THE OPPRESSORS: Atalan Jackals',
].join('\n');
const URI = 'file:///protocol/completion.army';

describe('completion, hover and semantic tokens over stdio', function () {
  let server: ServerHandle;
  let legend: string[] = [];

  before(async () => {
    server = startServerProcess();
    const init = await server.initialize();
    assert.deepStrictEqual(init.capabilities.completionProvider, { resolveProvider: true, triggerCharacters: ['•', ' ', ':', ','] });
    legend = init.capabilities.semanticTokensProvider?.legend.tokenTypes ?? [];
    assert.ok(legend.includes('class'));
    await server.open(URI, TEXT);
  });

  after(async () => {

    if (server) await server.stop();

  });

  const complete = async (line: number, character: number) =>
    (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: URI }, position: { line, character } })) as CompletionList;

  it('completes a unit line, and resolve adds the datasheet as documentation', async () => {
    const list = await complete(10, 4);
    assert.strictEqual(list.items[0].label, 'Atalan Jackals');
    assert.deepStrictEqual((list.items[0].textEdit as TextEdit).range, { start: { line: 10, character: 0 }, end: { line: 10, character: 4 } });
    assert.strictEqual(list.items[0].documentation, undefined, 'documentation is left to resolve');
    const resolved = await server.connection.sendRequest(CompletionResolveRequest.type, list.items[0]);
    assert.match((resolved.documentation as MarkupContent).value, /^### Atalan Jackals/);
  });

  it('completes wargear on a bullet under a model group', async () => {
    const list = await complete(8, 19);
    assert.strictEqual(list.items[0].label, 'Atalan small arms');
    assert.strictEqual((list.items[0].textEdit as TextEdit).newText, 'Atalan small arms');
    const resolved = await server.connection.sendRequest(CompletionResolveRequest.type, list.items[0]);
    assert.match((resolved.documentation as MarkupContent).value, /\[PISTOL\]/);
  });

  it('hovers a planned stratagem with its card', async () => {
    const h = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: { line: 13, character: 3 } });
    assert.match((h!.contents as MarkupContent).value, /^### SWARM THE OPPRESSORS — 1CP[\s\S]*\*\*TARGET:\*\*/);
  });

  it('returns semantic tokens for the document', async () => {
    const tokens = await server.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: URI } });
    assert.ok(tokens && tokens.data.length > 0 && tokens.data.length % 5 === 0);
    // The first token is the faction on line 0.
    assert.deepStrictEqual(tokens.data.slice(0, 4), [0, 0, 'Genestealer Cults'.length, legend.indexOf('namespace')]);
  });
});
