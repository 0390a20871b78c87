// Protocol test: completion, resolve, hover on a stratagem and semantic tokens through the
// bundled dist/server.js over stdio, with the embedded data.
import * as assert from 'assert';
import {
  CompletionRequest,
  CompletionResolveRequest,
  HoverRequest,
  MarkupContent,
  SemanticTokensRequest,
  CodeAction,
  CodeActionRequest,
  CompletionList,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentOnTypeFormattingRequest,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import { requireShared, sharedPath } from '../support/shared';
import { expandSnippet, tabsToEnd } from '../support/snippet';

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

// Completion at every position kind of a list written from nothing, through the bundled server with the Wahapedia
// export configured (../shared, skipped plainly when absent): each position offers only what can stand there.
describe('completion at every position of a list, with the Wahapedia export configured', function () {
  this.timeout(60000);
  let server: ServerHandle;
  let n = 0;
  const HEAD = 'Genestealer Cults\nXenocreed Congregation\nStrike Force (2000 points)\n\n';
  const BODY = `${HEAD}CHARACTERS\n\nPrimus (80 points)\n  • 1x Scoped needle pistol\n\nBATTLELINE\n\nNeophyte Hybrids (65 points)\n  • 1x Neophyte Leader\n     ◦ 1x Autopistol\n`;

  before(async function () {
    requireShared(this, 'data', 'wahapedia');
    server = startServerProcess();
    await server.initialize({ initializationOptions: { data: { paths: [sharedPath('data', 'wahapedia')] } } });
  });

  after(async () => {
    if (server) await server.stop();
  });

  /** Opens `text` with a "|" caret and asks completion there until `ready` holds (the faction loads after the open). */
  async function at(textWithCaret: string, ready: (l: CompletionList) => boolean = (l) => l.items.length > 0): Promise<CompletionList> {
    const offset = textWithCaret.indexOf('|');
    const text = textWithCaret.replace('|', '');
    const before = text.slice(0, offset).split('\n');
    const uri = `untitled:positions-${++n}.army`;
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
    const position = { line: before.length - 1, character: before[before.length - 1].length };
    let last: CompletionList | undefined;
    for (const t0 = Date.now(); Date.now() - t0 < 20000; await new Promise((r) => setTimeout(r, 50))) {
      last = (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
      if (ready(last)) return last;
    }
    assert.fail(`completion at ${JSON.stringify(textWithCaret.slice(Math.max(0, offset - 40), offset + 1))} never became ready; last: ${last?.items.slice(0, 8).map((i) => i.label).join(' | ')}`);
  }
  const labels = (l: CompletionList) => l.items.map((i) => i.label);
  const first = (label: string) => (l: CompletionList) => l.items[0]?.label === label;

  // First: no list has named Genestealer Cults yet, so the server loads it on the way.
  it('types a Patriarch (Warlord) and ten Neophyte Hybrids from an empty file to zero findings, the server loading the faction on the way', async () => {
    const uri = `untitled:typed-${++n}.army`;
    let text = '';
    let version = 1;
    let keys = 0;
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version, text } });
    const change = async (next: string) => {
      text = next;
      await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
    };
    const type = async (s: string) => {
      keys += s.length;
      await change(text + s);
    };
    /** Waits for `label` to be the first item at the end of the text, accepts it (Enter), the snippet expanded with `chosen`. */
    const accept = async (label: string, chosen: Record<number, string> = {}) => {
      const lines = text.split('\n');
      const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
      let items: CompletionList | undefined;
      for (const t0 = Date.now(); Date.now() - t0 < 20000 && items?.items[0]?.label !== label; await new Promise((r) => setTimeout(r, 50))) {
        items = (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
      }
      const item = items!.items[0];
      assert.strictEqual(item?.label, label, `first item at ${JSON.stringify(text.slice(-30))}: ${items!.items.slice(0, 5).map((i) => i.label).join(' | ')}`);
      const edit = item.textEdit as TextEdit;
      const start = text.length - (edit.range.end.character - edit.range.start.character);
      const inserted = item.insertTextFormat === 2 ? expandSnippet(edit.newText, chosen) : { text: edit.newText, cursor: edit.newText.length };
      keys += 1;
      await change(text.slice(0, start) + inserted.text);
      return inserted;
    };
    await type('Gen');
    // The detachment placeholder is typed over ("Xen"), then completed; Tab, Tab keep Strike Force and reach the unit line.
    const faction = await accept('Genestealer Cults', { 1: '' });
    const tail = text.slice(text.indexOf('\n', 'Genestealer Cults'.length + 1));
    await change(text.slice(0, 'Genestealer Cults\n'.length));
    await type('Xen');
    await accept('Xenocreed Congregation');
    await change(text + tail);
    keys += 2;
    assert.strictEqual(faction.cursor, faction.text.length);
    await type('Patr');
    await accept('Patriarch');
    keys += 1; // Tab past the Warlord line
    await type('Neo');
    const published = server.diagnostics(uri, (p) => p.diagnostics.filter((d) => d.severity !== 4).length === 0, 20000);
    await accept('Neophyte Hybrids');
    await published;
    assert.ok(keys <= 30, `${keys} keystrokes`);
    assert.match(text, /^Genestealer Cults\nXenocreed Congregation\nStrike Force \(2000 points\)\n\nCHARACTERS\n\nPatriarch \(75 points\)\n {2}• Warlord\n[\s\S]*BATTLELINE\n\nNeophyte Hybrids \(65 points\)\n/);
  });

  it('an empty file: every faction the data holds (loaded or not) with its edition, and the title', async () => {
    const l = await at('|');
    for (const f of ['Genestealer Cults', 'Orks', 'Space Marines', 'World Eaters']) assert.ok(labels(l).includes(f), `${f} offered`);
    assert.ok(labels(l).includes('Title line'));
    assert.match(l.items.find((i) => i.label === 'Orks')!.detail!, /^Faction · 10th edition/);
  });

  it('a faction being typed: "Ork", "Spa", "World" find Orks, Space Marines, World Eaters, with the detachment and battle size lines', async () => {
    assert.strictEqual((await at('Ork|')).items[0].label, 'Orks');
    assert.strictEqual((await at('Spa|')).items[0].label, 'Space Marines');
    const world = await at('World|');
    assert.strictEqual(world.items[0].label, 'World Eaters');
    assert.match((world.items[0].textEdit as TextEdit).newText, /^World Eaters\n\$\{1[:|].*\n\$\{2:Strike Force \(2000 points\)\}\n\n\$0$/);
  });

  it('the detachment line offers detachments only, the battle size line battle sizes only', async () => {
    const det = await at('Genestealer Cults\nXen|', first('Xenocreed Congregation'));
    assert.ok(det.items.every((i) => i.kind === 19 /* Folder */), labels(det).join(' | '));
    const size = await at('Genestealer Cults\nXenocreed Congregation\n|', first('Strike Force (2000 points)'));
    assert.ok(size.items.every((i) => i.kind === 21 /* Constant */), labels(size).join(' | '));
  });

  it('a unit line offers sections ("CH") and units, never a detachment; a unit comes whole, in its section', async () => {
    assert.strictEqual((await at(`${HEAD}CH|`)).items[0].label, 'CHARACTERS');
    const neo = await at(`${HEAD}Neo|`, first('Neophyte Hybrids'));
    assert.ok(!labels(neo).includes('Xenocreed Congregation'));
    const item = neo.items[0];
    assert.strictEqual(item.insertTextFormat, 2);
    // Priced as it stands: no tab stop in the unit line.
    assert.match((item.textEdit as TextEdit).newText, /^BATTLELINE\n\nNeophyte Hybrids \(65 points\)\n {2}• 1x Neophyte Leader\n {5}◦ 1x Autopistol\n/);
  });

  it('model and wargear lines offer what the datasheet allows there, with counts; a CHARACTER\'s bullets offer Warlord and enhancements', async () => {
    const models = await at(`${BODY}  • |`, (l) => labels(l).includes('Neophyte Hybrids'));
    const model = models.items.find((i) => i.label === 'Neophyte Hybrids')!;
    assert.match((model.textEdit as TextEdit).newText, /^\$\{1\|9,19\|\}x Neophyte Hybrids\n {5}◦ \$\{1\}x Autopistol/);
    assert.strictEqual(model.insertTextMode, 1, 'its wargear lines keep their own indentation (asIs)');
    const wargear = await at(`${BODY}     ◦ |`, (l) => l.items.length > 0);
    assert.strictEqual((wargear.items[0].textEdit as TextEdit).newText, '1x Autopistol');
    const character = BODY.split('\n').slice(0, 8).join('\n');
    const bullets = await at(`${character}\n  • |`, (l) => labels(l).includes('Warlord'));
    assert.ok(labels(bullets).some((l) => l.startsWith('Enhancement: ')), labels(bullets).join(' | '));
    const enh = await at(`${character}\n  • Enhancement: |`, (l) => l.items.length > 0);
    assert.ok(enh.items.every((i) => /Xenocreed Congregation/.test(i.detail ?? '')), enh.items.map((i) => i.detail).join(' | '));
  });

  it('a unit line offers the code action "Set size to N", one edit rewriting models and points', async () => {
    const text = `${HEAD}BATTLELINE\n\nNeophyte Hybrids (65 points)\n  • 1x Neophyte Leader\n     ◦ 1x Autopistol\n  • 9x Neophyte Hybrids\n     ◦ 9x Autopistol\n`;
    await at(`${text}|`);
    const uri = `untitled:positions-${n}.army`;
    const line = text.split('\n').indexOf('Neophyte Hybrids (65 points)');
    const range = { start: { line, character: 3 }, end: { line, character: 3 } };
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [] } })) as CodeAction[];
    const size = actions.filter((a) => a.kind === 'refactor.rewrite.auspex.setSize');
    assert.deepStrictEqual(size.map((a) => a.title), ['Set size to 20 (145 points)']);
    const edits = size[0].edit!.changes![uri];
    assert.strictEqual(edits.length, 1);
    assert.match(edits[0].newText, /^Neophyte Hybrids \(145 points\)\n {2}• 1x Neophyte Leader\n[\s\S]* {2}• 19x Neophyte Hybrids\n {5}◦ 19x Autopistol/);
  });

  it('a plan line offers the detachment\'s stratagems, then the units they may target', async () => {
    const plan = await at(`${BODY}\nSTRATAGEMS\n|`, (l) => l.items.length > 0);
    assert.ok(plan.items.every((i) => i.kind === 3 /* Function */), labels(plan).join(' | '));
    const target = await at(`${BODY}\nSTRATAGEMS\n${plan.items[0].label}: |`, (l) => l.items.length > 0);
    assert.ok(target.items.every((i) => ['Primus', 'Neophyte Hybrids'].includes(i.label)), labels(target).join(' | '));
  });
});

describe('writing an 11th-edition list over stdio, with BSData 11e and the MFM v1.1 configured', function () {
  this.timeout(60000);
  let server: ServerHandle;

  before(async function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    server = startServerProcess();
    await server.initialize({ initializationOptions: { data: { paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] } } });
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('types World Eaters, a Master of Executions with an enhancement leading Khorne Berzerkers, and Jakhals: zero findings within 35 keystrokes', async () => {
    const uri = 'untitled:typed-11th.army';
    let text = '';
    let cursor = 0;
    let version = 1;
    let keys = 0;
    const log: string[] = [];
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version, text } });
    const change = async (next: string) => {
      text = next;
      await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
    };
    const offsetOf = (p: { line: number; character: number }) => text.split('\n').slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    const type = async (s: string) => {
      keys += s.length;
      log.push(`"${s}"`);
      cursor += s.length;
      await change(text.slice(0, cursor - s.length) + s + text.slice(cursor - s.length));
    };
    /** Waits for `label` at item `arrows` (Down ×arrows, Enter), applies its edit (snippet left as offered) and its other edits. */
    const accept = async (label: string, arrows = 0, chosen: Record<number, string> = {}) => {
      const before = text.slice(0, cursor).split('\n');
      const position = { line: before.length - 1, character: before[before.length - 1].length };
      let items: CompletionList | undefined;
      for (const t0 = Date.now(); Date.now() - t0 < 20000 && items?.items[arrows]?.label !== label; await new Promise((r) => setTimeout(r, 50))) {
        items = (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
      }
      const item = items!.items[arrows];
      assert.strictEqual(item?.label, label, `item ${arrows} at ${JSON.stringify(text.slice(Math.max(0, cursor - 30), cursor))}: ${items!.items.slice(0, 5).map((i) => i.label).join(' | ')}`);
      const edit = item.textEdit as TextEdit;
      const inserted = item.insertTextFormat === 2 ? expandSnippet(edit.newText, chosen) : { text: edit.newText, cursor: edit.newText.length };
      const all = [{ start: offsetOf(edit.range.start), end: offsetOf(edit.range.end), text: inserted.text, main: true }, ...(item.additionalTextEdits ?? []).map((e) => ({ start: offsetOf(e.range.start), end: offsetOf(e.range.end), text: e.newText, main: false }))];
      const main = all[0];
      let next = text;
      for (const e of [...all].sort((a, b) => b.start - a.start)) next = next.slice(0, e.start) + e.text + next.slice(e.end);
      cursor = main.start + inserted.cursor + all.filter((e) => !e.main && e.start < main.start).reduce((n, e) => n + e.text.length - (e.end - e.start), 0);
      keys += 1 + arrows;
      log.push(`${arrows ? `Down ×${arrows}, ` : ''}Enter "${label}"`);
      await change(next);
      return item.insertTextFormat === 2 ? tabsToEnd(edit.newText) : 0;
    };
    const tab = (n = 1) => {
      keys += n;
      log.push(`Tab ×${n}`);
    };
    await type('Wor');
    // The faction is not loaded yet: the detachment is a placeholder, typed over once the server has read the faction.
    await accept('World Eaters', 0, { 1: '' });
    cursor = 'World Eaters\n'.length;
    await type('Ber');
    await accept('Berzerker Warband (3 Detachment Points)');
    tab(2);
    cursor = text.length;
    await type('Mas');
    // Each unit: Tab through its tab stops to the next unit line.
    tab(await accept('Master of Executions with Battle-lust', 1));
    await type('Khor');
    tab(await accept('Khorne Berzerkers led by Master of Executions', 1));
    await type('Jak');
    const published = server.diagnostics(uri, (p) => p.diagnostics.filter((d) => d.severity !== 4).length === 0, 20000);
    await accept('Jakhals');
    // The last unit: one Tab leaves the count (the editor computes the price); its weapons stay as offered.
    tab();
    await published;
    assert.ok(keys <= 35, `${keys} keystrokes: ${log.join(', ')}`);
    assert.match(text, /^World Eaters\nBerzerker Warband \(3 Detachment Points\)\nStrike Force \(2000 points\)\n\nCHARACTERS\n\nMaster of Executions \(80 points\)\n {2}• Warlord\n[\s\S]* {2}• Enhancement: Battle-lust\n {2}• Leading: Khorne Berzerkers\n\nBATTLELINE\n\nKhorne Berzerkers \(170 points\)\n[\s\S]*Jakhals \(65 points\)\n {2}• 1x Jakhal Pack Leader\n/);
    console.log(`      ${keys} keystrokes: ${log.join(', ')}`);
  });

  it('on-type formatting after Enter: under a CHARACTER\'s last wargear line, the ◦ the editor opened becomes a • line of the unit', async () => {
    const uri = 'untitled:enter-11th.army';
    const lines = ['World Eaters', 'Berzerker Warband (3 Detachment Points)', 'Strike Force (2000 points)', '', 'CHARACTERS', '', 'Master of Executions (60 points)', '  • Warlord', '  • 1x Axe of dismemberment', '  • 1x Bolt pistol', '   ◦ ', ''];
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text: lines.join('\n') } });
    let edits: TextEdit[] | null = null;
    // The server reads the faction after the open: asked until it answers with the data.
    for (const t0 = Date.now(); Date.now() - t0 < 20000 && !edits?.length; await new Promise((r) => setTimeout(r, 100))) {
      edits = await server.connection.sendRequest(DocumentOnTypeFormattingRequest.type, { textDocument: { uri }, position: { line: 10, character: 5 }, ch: '\n', options: { tabSize: 2, insertSpaces: true } });
    }
    assert.deepStrictEqual(edits, [{ range: { start: { line: 10, character: 0 }, end: { line: 10, character: 5 } }, newText: '  • ' }]);
  });
});
