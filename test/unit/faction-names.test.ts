// Faction names as exporters write them resolve to the faction (by general rules: `factionKey` folds apostrophes
// and word order), and a faction name no data knows is an error that suggests the closest faction (issues 22, 25).
// Lists are written here with real names; checked against ../shared's BSData 11e + MFM v1.1 (skipped when absent).
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { factionKey } from '../../server/src/service/domain/text/normalize';
import { requireShared, sharedPath } from '../support/shared';

let provider: RulesProvider | undefined;
let n = 0;
/** `auspex check` on an 11th-edition list: its faction loaded from the shared folders, the folders' factions known. */
function check(text: string): Diagnostic[] {
  provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  const p = provider;
  const service = createLanguageService();
  service.setLoadableFactions(() => p.listedFactions());
  const doc = TextDocument.create(`file:///faction-${++n}.txt`, 'army-list', 1, text);
  assert.strictEqual(service.editionOf(doc), 11);
  p.ensureList(service.parse(doc), 11);
  service.setRules(p.rulesFor(11), 11);
  return service.diagnostics(doc);
}

const tau = (faction: string) => `Test (95 Points)

${faction}
Retaliation Cadre (3 Detachment Points)
Strike Force (2,000 Points)

CHARACTERS

Commander in Coldstar Battlesuit (95 Points)
  • Warlord
  • 4x Fusion blaster
  • 1x Battlesuit fists
`;

describe('faction names as exporters write them', function () {
  it('factionKey: apostrophes (either), punctuation and word order fold; other names stay apart', () => {
    const keys = ['T’au Empire', "T'au Empire", 'Tau Empire', 'Empire T’au', 'T‘au  Empire'].map(factionKey);
    assert.strictEqual(new Set(keys).size, 1, keys.join(' | '));
    assert.notStrictEqual(factionKey('Space Marines'), factionKey('Chaos Space Marines'));
    assert.notStrictEqual(factionKey('Chaos Knights'), factionKey('Imperial Knights'));
  });

  it('"Empire T’au" (French export), "Tau Empire" (War Organ), "T\'au Empire" with either apostrophe: the T\'au catalogue is loaded and the units checked', function () {
    requireShared(this, 'data', 'bsdata-11e');
    for (const f of ['Empire T’au', 'Tau Empire', "T'au Empire", 'T’au Empire']) {
      const found = check(tau(f));
      const codes = found.map((d) => String(d.code));
      assert.ok(!codes.includes('faction-not-loaded') && !codes.includes('unknown-datasheet') && !codes.includes('edition-data-missing'), `${f}: ${codes.join(', ')}`);
    }
  });

  it('an unknown faction name is an error (auspex check exits 1) that suggests the closest faction in data.suggestions', function () {
    requireShared(this, 'data', 'bsdata-11e');
    for (const [written, meant] of [
      ['Genestealer Cultz', 'Genestealer Cults'],
      ['World Eaterz', 'World Eaters'],
      ['Tau Empyre', "T'au Empire"],
    ]) {
      const found = check(tau(written));
      assert.deepStrictEqual(found.map((d) => d.code), ['faction-not-loaded'], written);
      const [d] = found;
      assert.strictEqual(d.severity, DiagnosticSeverity.Error, `${written}: an error, never a silent pass`);
      assert.deepStrictEqual((d.data as { suggestions: string[] }).suggestions, [meant]);
      assert.match(d.message, new RegExp(`Did you mean "${meant}"\\?`));
      assert.doesNotMatch(d.message, /No rules data is loaded/);
    }
  });

  it('a quick fix rewrites the faction line to the suggestion', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const text = tau('Genestealer Cultz');
    const service = createLanguageService();
    const doc = TextDocument.create('file:///faction-fix.txt', 'army-list', 1, text);
    const found = check(text);
    const actions = service.codeActions(doc, found, ['quickfix']);
    assert.deepStrictEqual(actions.map((a) => a.title), ['Change to "Genestealer Cults"']);
  });

  it('a faction name far from every faction keeps the download advice, still an error', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const [d] = check(tau('Squats of the Outer Rim'));
    assert.strictEqual(d.code, 'faction-not-loaded');
    assert.strictEqual(d.severity, DiagnosticSeverity.Error);
    assert.deepStrictEqual((d.data as { suggestions: string[] }).suggestions, []);
  });
});
