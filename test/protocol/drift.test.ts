// Protocol test: drift between data versions in the editor. A download cache made
// by the test holds two versions of a small BattleScribe data set (current.json →
// revision 4, previous.json → revision 3); a list priced under revision 3 gets its
// points findings explained against it, and the quick fix "Update all points to
// <version>" fixes every price and the total in one edit.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeActionRequest, DidChangeTextDocumentNotification, HoverRequest, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { CachePointer, sourceDir, writePointer } from '../../server/src/node/dataCache';
import { TEST_HOST_LIST, writeBsVersion } from '../support/bsVersions';
import { ServerHandle, startServerProcess } from '../support/lspClient';

/** Priced under revision 3: Troopers 5 at 60 and 10 at 110 (a Captain at 45); revision 4 asks 65 and 120. */
const LIST = `${TEST_HOST_LIST.replace('(105 Points)', '(215 Points)')}
Troopers (110 Points)
  • 10x Trooper
     ◦ 10x Lasgun
`;

const SOURCE = 'https://example.invalid/wh40k-test.zip';

function makeCache(root: string, keepPrevious: boolean): void {
  const dir = sourceDir(root, 10, SOURCE);
  const pointer = (version: string, label: string): CachePointer => ({
    edition: 10, source: SOURCE, version, label, sha256: version, archiveBytes: 1, bytes: 1, files: 2, fetchedAt: new Date().toISOString(), dataDirs: ['.'], order: 0,
  });
  writeBsVersion(path.join(dir, 'r3'), 3, { small: 60, large: 110, max: 10, gunS: 3, captain: true, sergeant: false });
  writeBsVersion(path.join(dir, 'r4'), 4, { small: 65, large: 120, max: 10, gunS: 3, captain: true, sergeant: false });
  writePointer(path.join(dir, 'current.json'), pointer('r4', '"etag-r4"'));
  if (keepPrevious) writePointer(path.join(dir, 'previous.json'), pointer('r3', '"etag-r3"'));
}

describe('language server: drift between data versions', function () {
  this.timeout(60000);
  let cacheDir: string;
  let server: ServerHandle | undefined;
  beforeEach(() => (cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-drift-'))));
  afterEach(async () => {
    if (server) await server.stop();
    server = undefined;
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('explains each price against the previous version and offers "Update all points to <version>", whose one edit fixes every price', async () => {
    makeCache(cacheDir, true);
    server = startServerProcess();
    await server.initialize({ initializationOptions: { cacheDir } });
    const uri = 'untitled:drift.army';
    const { diagnostics } = await server.open(uri, LIST);
    const mismatches = diagnostics.filter((d) => d.code === 'points-mismatch');
    assert.deepStrictEqual(mismatches.map((d) => d.message), [
      'Troopers with 5 models costs 65 points in the rules data, not 60. [matches Test System revision 3; Test System revision 4 raised Troopers 60 → 65] [Troopers datasheet (BattleScribe Test System revision 4): points]',
      'Troopers with 10 models costs 120 points in the rules data, not 110. [matches Test System revision 3; Test System revision 4 raised Troopers 110 → 120] [Troopers datasheet (BattleScribe Test System revision 4): points]',
    ], JSON.stringify(diagnostics));

    const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: mismatches[1].range.start });
    assert.match((hover?.contents as MarkupContent).value, /Data versions.*matches Test System revision 3; Test System revision 4 raised Troopers 110 → 120/);

    // The client sends the finding under the cursor (the first price); the fix rewrites both and the total.
    const actions = await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: mismatches[0].range, context: { diagnostics: [mismatches[0]], only: ['quickfix'] } });
    const update = actions?.find((a) => a.title === 'Update all points to Test System revision 4') as { kind: string; edit: { changes: Record<string, TextEdit[]> } } | undefined;
    assert.ok(update, JSON.stringify(actions?.map((a) => a.title)));
    assert.strictEqual(update.kind, 'quickfix.auspex.updatePoints');
    const doc = TextDocument.create(uri, 'army-list', 1, LIST);
    const text = TextDocument.applyEdits(doc, update.edit.changes[uri]);
    assert.strictEqual(text, LIST.replace('(215 Points)', '(230 Points)').replace('(60 Points)', '(65 Points)').replace('(110 Points)', '(120 Points)'));

    const after = server.diagnostics(uri, (p) => p.version === 2);
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text }] });
    const fixed = (await after).diagnostics;
    assert.ok(!fixed.some((d) => d.code === 'points-mismatch' || d.code === 'total-mismatch'), JSON.stringify(fixed));
  });

  it('without a previous version kept, the findings are plain and no update is offered', async () => {
    makeCache(cacheDir, false);
    server = startServerProcess();
    await server.initialize({ initializationOptions: { cacheDir } });
    const uri = 'untitled:plain.army';
    const { diagnostics } = await server.open(uri, LIST);
    const mismatches = diagnostics.filter((d) => d.code === 'points-mismatch');
    assert.strictEqual(mismatches.length, 2, JSON.stringify(diagnostics));
    // No note but the rule each finding ends with.
    assert.ok(mismatches.every((d) => !/\[(?:matches|does not match)/.test(d.message) && d.message.endsWith(': points]')), JSON.stringify(mismatches));
    const actions = await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: mismatches[0].range, context: { diagnostics: [mismatches[0]], only: ['quickfix'] } });
    assert.deepStrictEqual(actions?.map((a) => a.title), ['Change to 65']);
  });
});
