// Rename: the list title can be renamed (and must still read as the title);
// everything else is refused with a message that says why.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RENAME_REFUSED } from '../../server/src/service/features/rename';
import { repoRoot } from '../support/shared';

function fixture(rel: string): TextDocument {
  const file = path.join(repoRoot, 'test', 'fixtures', rel);
  return TextDocument.create(`file://${file}`, 'army-list', 1, fs.readFileSync(file, 'utf8'));
}

function apply(doc: TextDocument, edit: unknown): string {
  const changes = (edit as { changes: Record<string, { range: { start: never; end: never }; newText: string }[]> }).changes[doc.uri];
  return TextDocument.applyEdits(doc, changes);
}

describe('rename', () => {
  const service = createLanguageService();

  it('renames the title of an official-app list and keeps its points', () => {
    const doc = fixture('navigation/raid.army');
    assert.deepStrictEqual(service.prepareRename(doc, { line: 0, character: 4 }), {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 11 } },
      placeholder: 'Jackal Raid',
    });
    const text = apply(doc, service.rename(doc, { line: 0, character: 4 }, '  Night Hunt '));
    assert.ok(text.startsWith('Night Hunt (255 Points)\n'));
    const list = parseArmyList(text);
    assert.strictEqual(list.title?.text, 'Night Hunt');
    assert.strictEqual(list.statedPoints?.value, 255);
  });

  it('renames a ListForge title', () => {
    const doc = fixture('lists/listforge.txt');
    const at = doc.positionAt(doc.getText().indexOf('Rust and Ruin') + 2);
    const prepared = service.prepareRename(doc, at);
    assert.ok(!('error' in prepared));
    assert.strictEqual(prepared.placeholder, 'Rust and Ruin');
    assert.strictEqual(parseArmyList(apply(doc, service.rename(doc, at, 'Rust and Rot'))).title?.text, 'Rust and Rot');
  });

  it('refuses units, stratagems and everything else with the reason', () => {
    const doc = fixture('navigation/raid.army');
    const text = doc.getText();
    for (const needle of ['Atalan Jackals', 'Mining laser', 'Swarm the Oppressors', 'Combat Patrol', 'Stealth']) {
      assert.deepStrictEqual(service.prepareRename(doc, doc.positionAt(text.indexOf(needle) + 2)), { error: RENAME_REFUSED }, needle);
      assert.deepStrictEqual(service.rename(doc, doc.positionAt(text.indexOf(needle) + 2), 'X'), { error: RENAME_REFUSED }, needle);
    }
    assert.strictEqual(RENAME_REFUSED, 'Units are named by their datasheet; rename is only available for the list title.');
  });

  it('says so when the list has no title line', () => {
    const doc = fixture('lists/wtc.txt');
    assert.strictEqual(parseArmyList(doc.getText()).title, undefined);
    const refused = service.prepareRename(doc, { line: 0, character: 1 });
    assert.deepStrictEqual(refused, { error: `${RENAME_REFUSED} This list has no title line.` });
  });

  it('refuses a new title that would not read as the title', () => {
    const doc = fixture('navigation/raid.army');
    const at = { line: 0, character: 1 };
    // A title line reading "Strike Force" would be the battle size line.
    assert.deepStrictEqual(service.rename(doc, at, 'Strike Force'), { error: '"Strike Force" would not read as the list title in this format.' });
    assert.strictEqual(parseArmyList(apply(doc, service.rename(doc, at, 'Strike Force Alpha'))).title?.text, 'Strike Force Alpha');
    assert.deepStrictEqual(service.rename(doc, at, 'Two\nlines'), { error: 'A list title is one non-empty line.' });
    assert.deepStrictEqual(service.rename(doc, at, '   '), { error: 'A list title is one non-empty line.' });
  });
});
