// Protocol test: the bundled dist/server.js over stdio, driven like an editor
// would: initialize, open a list, receive diagnostics, hover, code lens, shut down.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeLensRequest,
  DidOpenTextDocumentNotification,
  HoverRequest,
  MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

const example = (name: string) => {
  const file = path.join(repoRoot, 'examples', name);
  return { uri: `file://${file}`, text: fs.readFileSync(file, 'utf8') };
};

/** Zero-based line and character of the first occurrence of `needle` at a line start. */
function lineStartOf(text: string, needle: string) {
  const line = text.split(/\r?\n/).findIndex((l) => l.startsWith(needle));
  assert.ok(line >= 0, `"${needle}" starts a line`);
  return { line, character: 0 };
}

describe('language server over stdio', function () {
  let server: ServerHandle;

  before(async () => {
    server = startServerProcess();
    const init = await server.initialize();
    assert.strictEqual(init.serverInfo?.name, 'auspex');
    assert.ok(init.capabilities.hoverProvider, 'hover is offered');
    assert.ok(init.capabilities.codeLensProvider, 'code lenses are offered');
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('publishes the mistakes example\'s diagnostics with codes and ranges', async () => {
    const doc = example('mistakes.army');
    const published = server.open(doc.uri, doc.text);
    const { diagnostics } = await published;
    const codes = diagnostics.map((d) => d.code).sort();
    assert.ok(codes.includes('unknown-datasheet'), `unknown-datasheet among ${codes}`);
    assert.ok(codes.includes('parse-error'), `parse-error among ${codes}`);
    const typo = diagnostics.find((d) => d.code === 'unknown-datasheet' && d.message.includes('Atalan Jackels'));
    assert.ok(typo, 'the misspelt unit is reported');
    assert.match(typo.message, /Did you mean "Atalan Jackals"/);
    assert.deepStrictEqual(typo.range.start, lineStartOf(doc.text, 'Atalan Jackels'));
    assert.strictEqual(typo.range.end.character, 'Atalan Jackels'.length);
    assert.strictEqual(typo.source, 'auspex');
  });

  it('publishes no diagnostics for the valid example, then hovers and lenses its unit', async () => {
    const doc = example('claw-of-ascension.army');
    const published = server.open(doc.uri, doc.text);
    assert.deepStrictEqual((await published).diagnostics, []);

    const at = lineStartOf(doc.text, 'Atalan Jackals');
    const hover = await server.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: doc.uri },
      position: { line: at.line, character: 3 },
    });
    assert.ok(hover, 'a hover on the unit name');
    const md = (hover.contents as MarkupContent).value;
    // The seed's exact numbers: both model profiles and the weapons.
    assert.match(md, /\| Atalan Jackal \| 12" \| 4 \| 5\+ \| 2 \| 7\+ \| 1 \|/);
    assert.match(md, /\| Atalan Wolfquad \| 12" \| 4 \| 5\+ \| 4 \| 7\+ \| 1 \|/);
    assert.match(md, /\| Mining laser \| 24" \| 1 \| 4\+ \| 12 \| -3 \| D6\+1 \|/);
    assert.match(md, /\[PISTOL\]/);
    assert.match(md, /Scouts 9"/);
    assert.match(md, /MOUNTED, GREAT DEVOURER, ATALAN JACKALS/);

    const lenses = await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: doc.uri } });
    assert.ok(lenses && lenses.length >= 1, 'a code lens for the unit');
    const lens = lenses.find((l) => l.range.start.line === at.line);
    assert.ok(lens?.command, 'the lens sits on the unit line and has a title');
    assert.match(lens.command.title, /expected damage|dmg/i);
  });

  it('hovers a rule word with its rule text', async () => {
    const uri = 'untitled:rule-words.army';
    const text = 'Genestealer Cults\nClaw of Ascension\nCombat Patrol\n\n# Stealth and Lethal Hits\n';
    const published = server.diagnostics(uri);
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'army-list', version: 1, text },
    });
    await published;
    const hover = await server.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 4, character: 4 },
    });
    assert.ok(hover);
    assert.match((hover.contents as MarkupContent).value, /subtract 1 from that attack’s Hit roll|subtract 1 from that attack's Hit roll/);
  });
});
