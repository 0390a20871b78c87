// A new player's first minutes (issue 32): an empty new list is the current (11th) edition's. Without its data the
// empty list says what to do (its hint carries the download: quick fix, status bar, the one offer) and completion
// offers the download; with its data (folders or the download cache, loaded or not), the 11th edition's factions
// come first, the 10th's after. A list with an army in it keeps the edition it shows.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { CURRENT_EDITION } from '../../server/src/service/domain/editions';
import { documentStatus } from '../../server/src/lsp/statusReport';
import { RulesState } from '../../server/src/lsp/rulesState';
import * as os from 'os';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { payloadOf } from './validate-helpers';

let version = 0;
const docOf = (text: string) => TextDocument.create(`file:///first-${++version}.army`, 'army-list', 1, text);
const items = (service: ReturnType<typeof createLanguageService>, text: string): CompletionItem[] => {
  const doc = docOf(text);
  return service.completion(doc, doc.positionAt(text.length)).items;
};

describe('the first minutes: an empty list is the current edition\'s', function () {
  this.timeout(60000);

  it('the current edition is the 11th; an empty list, or one with only its faction typed, is read under it; a written 10th-edition list stays the 10th\'s', () => {
    const service = createLanguageService();
    assert.strictEqual(CURRENT_EDITION, 11);
    assert.strictEqual(service.editionOf(docOf('')), 11);
    assert.strictEqual(service.editionOf(docOf('World Eaters\n')), 11);
    const claw = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
    assert.strictEqual(service.editionOf(docOf(claw)), 10);
    assert.strictEqual(service.editionOf(docOf('Genestealer Cults\nClaw of Ascension\n')), 10, 'a detachment written: the text shows no 11th edition');
  });

  it('without 11th-edition data, the empty list\'s one hint carries the download, with its quick fix and the status bar\'s "no data: download"', () => {
    const service = createLanguageService();
    const doc = docOf('');
    const found = service.diagnostics(doc);
    assert.deepStrictEqual(found.map((d) => [d.code, d.severity]), [['empty-document', 4]]);
    assert.deepStrictEqual(payloadOf(found[0]), { checked: 'none', edition: 11, download: 11 });
    const fix = service.codeActions(doc, found).find((a) => a.command?.command === 'auspex.downloadData');
    assert.deepStrictEqual(fix?.command?.arguments, ['11']);
    assert.deepStrictEqual(documentStatus(doc.uri, service.editionOf(doc), found), { uri: doc.uri, edition: 11, download: 11, checked: 'none', empty: true });
  });

  it('without 11th-edition data, completion on the empty list offers the download first (accepting it runs Auspex: Download Rules Data), and still after a faction is typed', () => {
    const service = createLanguageService();
    const first = items(service, '')[0];
    assert.strictEqual(first.label, 'Download 11th-edition data');
    assert.deepStrictEqual(first.command, { title: 'Download Rules Data', command: 'auspex.downloadData', arguments: ['11'] });
    assert.strictEqual((first.textEdit as { newText: string }).newText, '', 'accepting it changes no text');
    const resolved = service.resolveCompletion(first);
    assert.match(JSON.stringify(resolved.documentation), /BSData's wh40k-11e catalogues and the Munitorum Field Manual/);
    // Something typed: what matches first (the seed's 10th-edition faction), the download after it.
    const gen = items(service, 'Gen').map((i) => i.label);
    assert.deepStrictEqual(gen.slice(0, 1), ['Genestealer Cults']);
    assert.strictEqual(gen[gen.length - 1], 'Download 11th-edition data');
    assert.deepStrictEqual(items(service, 'Wor').map((i) => i.label), ['Download 11th-edition data']);
  });

  it('the server\'s status names the current edition\'s missing data (none in the folders or the download cache), and no longer once a folder holds it', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-first-'));
    const state = new RulesState(() => undefined);
    try {
      // An empty download cache: a new player's machine.
      state.setCacheDir(empty);
      state.configure([], false);
      const none = state.status();
      assert.strictEqual(none.download, 11);
      assert.doesNotMatch(none.tooltip, /\(set auspex\.data\.paths\)/);
      state.configure([sharedPath('data', 'bsdata-11e')], false);
      assert.strictEqual(state.status().download, undefined);
    } finally {
      state.dispose();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('with the 11th-edition data in folders (not loaded yet), the empty list offers its factions first, the 10th\'s after, and no download', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    const service = createLanguageService();
    service.setLoadableFactions(() => provider.listedFactions());
    const all = items(service, '');
    assert.ok(!all.some((i) => /^Download/.test(i.label)), all.map((i) => i.label).join(', '));
    const factions = all.filter((i) => /^Faction · /.test(i.detail ?? ''));
    const firstTenth = factions.findIndex((i) => /10th edition/.test(i.detail ?? ''));
    assert.ok(factions.length > 20, `${factions.length} factions`);
    assert.ok(factions.slice(0, firstTenth < 0 ? factions.length : firstTenth).every((i) => /11th edition/.test(i.detail ?? '')), factions.map((i) => i.detail).join(' | '));
    assert.ok(firstTenth < 0 || firstTenth > 20, 'the 11th edition\'s factions before the seed\'s');
    assert.deepStrictEqual(items(service, 'Wor')[0].label, 'World Eaters');
    assert.match(items(service, 'Wor')[0].detail ?? '', /11th edition/);
    // No hint of a download: the edition has data.
    assert.deepStrictEqual(service.diagnostics(docOf('')).map(payloadOf), [{ checked: 'none' }]);
    // A faction still being typed offers no download of data the folders hold (the editor offered one mid-word).
    const typing = service.diagnostics(docOf('Gen\n')).find((d) => d.code === 'faction-not-loaded');
    assert.ok(typing, 'a faction-not-loaded finding');
    assert.strictEqual((typing.data as { download?: number }).download, undefined, JSON.stringify(typing.data));
  });
});
