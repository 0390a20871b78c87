// Hover on a list's title and on the export's data-version footer: the data
// version the list was exported with, and the rules data it is checked against.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { mergeRules } from '../../server/src/service/domain/rules/merge';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function hoverAt(text: string, needle: string, rules = loadEmbeddedRules()) {
  // The same data for either edition: a list is answered from its own edition's data.
  const service = createLanguageService({ rules, rules11: rules });
  const doc = TextDocument.create('file:///t.army', 'army-list', 1, text);
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  const h = service.hover(doc, doc.positionAt(at + 1));
  return h ? (h.contents as MarkupContent).value : null;
}

describe('hover on the list title', () => {
  it('says the export states no data version, and what the list is checked against', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', 'valid.army'), 'utf8');
    const v = hoverAt(text, 'Claw raid');
    assert.strictEqual(v, '**Claw raid**\n\n460 points stated\n\nThe export states no data version.\n\nChecked against the embedded data only.');
  });

  it('shows the app data version of a real 11th-edition export, on the title and on the footer', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
    const version = /Data Version: (v\d+)/.exec(text)?.[1];
    assert.ok(version);
    const mfm = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.1')).loadFaction('World Eaters').data;
    const rules = mergeRules([{ data: mfm, precedence: 0 }, { data: loadEmbeddedRules(), precedence: 1 }]).data;
    const title = text.split(/\r?\n/)[0].replace(/\s*\(.*$/, '').trim();
    for (const needle of [title, `Data Version: ${version}`.slice(14)]) {
      const v = hoverAt(text, needle, rules);
      assert.ok(v?.includes(`Exported with the app's data version **${version}**.`), `${needle}: ${v}`);
      assert.ok(v?.includes('Checked against: Munitorum Field Manual v1.1 (2026-07-22).'), v ?? '');
      assert.ok(v?.includes('11th edition'), v ?? '');
    }
  });
});
