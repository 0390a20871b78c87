// Protocol test: navigation over stdio as any editor gets it. Go to definition
// answers an `auspex:` Location whose Markdown `auspex/virtualDocument` serves;
// references span the open lists; inlay hints, workspace symbols and rename
// (with its refusal message as a ResponseError) round-trip.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  DefinitionRequest,
  InlayHintRequest,
  Location,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  RequestType,
  ResponseError,
  WorkspaceSymbolRequest,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

const VirtualDocument = new RequestType<{ uri: string }, { text: string } | null, void>('auspex/virtualDocument');

const fixture = (rel: string) => {
  const file = path.join(repoRoot, 'test', 'fixtures', rel);
  return { uri: `file://${file}`, text: fs.readFileSync(file, 'utf8') };
};

/** Line and character `delta` into the first occurrence of `needle`. */
function at(text: string, needle: string, delta = 0) {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `"${needle}" is in the fixture`);
  const before = text.slice(0, offset + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

describe('navigation over stdio', function () {
  let server: ServerHandle;
  const raid = fixture('navigation/raid.army');
  const second = fixture('navigation/second.army');
  const vanguard = fixture('lists/gwapp_a.txt');

  before(async () => {
    server = startServerProcess();
    const init = await server.initialize();
    const caps = init.capabilities;
    assert.ok(caps.definitionProvider && caps.referencesProvider && caps.inlayHintProvider && caps.workspaceSymbolProvider, 'navigation is offered');
    assert.deepStrictEqual(caps.renameProvider, { prepareProvider: true });
    for (const doc of [raid, second, vanguard]) {
      await server.open(doc.uri, doc.text);
    }
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('answers go to definition with an auspex: Location and serves its Markdown', async () => {
    const def = (await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: raid.uri },
      position: at(raid.text, 'Atalan Jackals\n', 2),
    })) as Location;
    assert.strictEqual(def.uri, 'auspex:/10/datasheet/claw-of-ascension-atalan-jackals/Atalan%20Jackals.md');
    const page = await server.connection.sendRequest(VirtualDocument, { uri: def.uri });
    assert.ok(page);
    assert.match(page.text, /^### Atalan Jackals\n/);
    assert.match(page.text, /\| Atalan Wolfquad \| 12" \| 4 \| 5\+ \| 4 \| 7\+ \| 1 \|/);
    assert.match(page.text, /\| Mining laser \| 24" \| 1 \| 4\+ \| 12 \| -3 \| D6\+1 \|/);

    const weapon = (await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: raid.uri },
      position: at(raid.text, 'Mining laser', 3),
    })) as Location;
    assert.strictEqual(weapon.uri, 'auspex:/10/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md');
    const stratagem = (await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: raid.uri },
      position: at(raid.text, 'Counter-offensive', 3),
    })) as Location;
    const text = (await server.connection.sendRequest(VirtualDocument, { uri: stratagem.uri }))?.text;
    assert.match(text ?? '', /^### COUNTER-OFFENSIVE — 2CP/);
    assert.strictEqual(await server.connection.sendRequest(VirtualDocument, { uri: 'auspex:/datasheet/nothing.md' }), null);
  });

  it('finds references across the open lists', async () => {
    const refs = await server.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri: second.uri },
      position: at(second.text, 'Point-blank Ambush', 1),
      context: { includeDeclaration: true },
    });
    assert.deepStrictEqual(
      refs?.map((r) => [r.uri, r.range.start.line]),
      [
        [raid.uri, 29],
        [second.uri, 19],
      ],
    );
  });

  it('sends inlay hints for section totals and the plan\'s CP per round', async () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } };
    const totals = await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: vanguard.uri }, range });
    assert.deepStrictEqual(totals?.map((h) => h.label), ['Σ 165 pts', 'Σ 505 pts', 'Σ 585 pts', 'Σ 745 pts', 'Σ 995 pts']);
    const plan = await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: raid.uri }, range });
    assert.deepStrictEqual(plan?.map((h) => [h.position.line, h.label]), [
      [29, 'round 2: 1/2 CP'],
      [31, 'round 1: 4/2 CP'],
    ]);
  });

  it('lists units as workspace symbols', async () => {
    const symbols = await server.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'cinder' });
    assert.deepStrictEqual(
      symbols?.map((s) => [s.name, 'location' in s && 'range' in s.location ? s.location.range.start.line : -1]),
      [
        ['Cinder Guard', 21],
        ['Cinder Guard', 29],
      ],
    );
  });

  it('renames the title and refuses a unit with the reason', async () => {
    const prepared = await server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: raid.uri }, position: { line: 0, character: 3 } });
    assert.deepStrictEqual(prepared, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 11 } }, placeholder: 'Jackal Raid' });
    const edit = await server.connection.sendRequest(RenameRequest.type, { textDocument: { uri: raid.uri }, position: { line: 0, character: 3 }, newName: 'Night Hunt' });
    assert.deepStrictEqual(edit?.changes?.[raid.uri]?.map((e) => e.newText), ['Night Hunt']);

    await assert.rejects(
      server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: raid.uri }, position: at(raid.text, 'Atalan Jackals', 3) }),
      (err: unknown) => {
        assert.ok(err instanceof ResponseError, `a ResponseError, not ${String(err)}`);
        assert.strictEqual(err.message, 'Units are named by their datasheet; rename is only available for the list title.');
        return true;
      },
    );
  });
});
