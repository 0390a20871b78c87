// Every unit of a list resolves, by general rules, against a tiny self-made Wahapedia export written to a
// temporary folder (no community data): chapters load with their parent faction, allies from their own
// faction, exporter spellings, Legends, a list without a faction line, and what stays unknown. Each list
// is loaded as the CLI and the server load it (RulesProvider.ensureList) and gives exactly the findings named.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { spellingKey } from '../../server/src/service/domain/text/normalize';
import { loadWahapedia } from '../../server/src/service/domain/rules/wahapedia';
import { RulesState } from '../../server/src/lsp/rulesState';
import { writeTinyWahapedia as writeExport } from '../support/tinyWahapedia';
import { bareMessage } from './validate-helpers';
import { parseArmyList } from '../../server/src/service/domain/parse';

/** The list's findings as [code, text at the range], in text order, after loading what it needs. */
function findings(dir: string, text: string, settings = DEFAULT_SETTINGS): [string, string][] {
  const provider = new RulesProvider({ paths: [dir] });
  const service = createLanguageService({ settings });
  // The title states the units' total, so that no total-mismatch stands in the way.
  const total = [...text.matchAll(/^\S.*\((\d+) Points\)$/gm)].slice(1).filter((m) => !/^Strike Force/.test(m[0])).reduce((n, m) => n + Number(m[1]), 0);
  const doc = TextDocument.create('file:///t.army', 'army-list', 1, text.replace('(TOTAL Points)', `(${total} Points)`));
  provider.ensureList(service.parse(doc));
  service.setRules(provider.rules());
  lastMessages = service.diagnostics(doc);
  return lastMessages.map((d) => [String(d.code), doc.getText(d.range)]);
}
let lastMessages: ReturnType<ReturnType<typeof createLanguageService>['diagnostics']> = [];
const message = (code: string) => lastMessages.find((d) => d.code === code)?.message ?? '';

const header = (...lines: string[]) => ['My list (TOTAL Points)', '', ...lines, 'Strike Force (2000 Points)', ''].join('\n');
const unit = (name: string, points: number, warlord = false) => `${name} (${points} Points)\n${warlord ? '  • Warlord\n' : ''}`;

describe('resolution: chapters, allies, exporter spellings, Legends (tiny self-made Wahapedia export)', () => {
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-resolve-'));
    writeExport(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a chapter named under "Space Marines" loads its parent; a parent detachment and generic datasheets are its own', () => {
    const list = header('Space Marines', 'Space Wolves', 'Gladius Task Force') + '\nCHARACTERS\n\n' + unit('Captain', 80, true) + '\nBATTLELINE\n\n' + unit('Assault Intercessor Squad', 75) + '\n' + unit('Wolf Guard Headtakers', 85);
    assert.deepStrictEqual(findings(dir, list), []);
  });

  it('a chapter named alone ("Space Wolves") loads Space Marines; another chapter\'s datasheet is not its own', () => {
    const list = header('Space Wolves', 'Champions of Fenris') + '\nCHARACTERS\n\n' + unit('Captain', 80, true) + '\nOTHER DATASHEETS\n\n' + unit('Death Company Marines', 80);
    assert.deepStrictEqual(findings(dir, list), [['unit-wrong-faction', 'Death Company Marines']]);
    assert.match(message('unit-wrong-faction'), /Death Company Marines is a BLOOD ANGELS datasheet, not one of SPACE WOLVES/);
  });

  it('a Legends datasheet is recognised: information, silent with includeNonMatchedPlay', () => {
    const list = header('Space Wolves', 'Champions of Fenris') + '\nCHARACTERS\n\n' + unit('Wolf Lord on Thunderwolf', 120, true);
    assert.deepStrictEqual(findings(dir, list), [['legends-datasheet', 'Wolf Lord on Thunderwolf']]);
    assert.strictEqual(lastMessages[0].severity, DiagnosticSeverity.Information);
    assert.deepStrictEqual(findings(dir, list, { ...DEFAULT_SETTINGS, dataIncludeNonMatchedPlay: true }), []);
  });

  it('completion offers a Legends datasheet only with auspex.completion.includeLegends, then last, marked Legends', () => {
    const provider = new RulesProvider({ paths: [dir] });
    const service = createLanguageService();
    const text = header('Space Wolves', 'Champions of Fenris') + '\nCHARACTERS\n\nWol';
    const doc = TextDocument.create('file:///c.army', 'army-list', 1, text);
    provider.ensureList(service.parse(doc));
    service.setRules(provider.rules());
    assert.ok(!service.completion(doc, doc.positionAt(text.length)).items.some((i) => i.label === 'Wolf Lord on Thunderwolf'), 'matched play: no Legends datasheet');
    service.setSettings({ ...DEFAULT_SETTINGS, completionIncludeLegends: true });
    const items = service.completion(doc, doc.positionAt(text.length)).items;
    const labels = items.map((i) => i.label);
    const lord = items.find((i) => i.label === 'Wolf Lord on Thunderwolf');
    assert.match(lord?.detail ?? '', /^Legends · /);
    assert.ok(labels.indexOf('Wolf Guard Headtakers') >= 0 && labels.indexOf('Wolf Guard Headtakers') < labels.indexOf('Wolf Lord on Thunderwolf'), labels.join(', '));
  });

  it('allies come from their own faction, are checked as units, and the ally rules are said once', () => {
    const list =
      header('Space Marines', 'Space Wolves', 'Gladius Task Force') + '\nCHARACTERS\n\n' + unit('Captain', 80, true) +
      '\nALLIED UNITS\n\n' + unit('Callidus Assassin', 115) + '\n' + unit('Callidus Assassin', 100);
    assert.deepStrictEqual(findings(dir, list), [
      ['points-mismatch', '100'],
      ['allied-unit', 'Callidus Assassin'],
      // The stated total is the stated prices' sum; at the data's prices (115 each) the army costs more.
      ['total-mismatch', '295'],
    ]);
    assert.match(message('allied-unit'), /^Allied units: Callidus Assassin \(AGENTS OF THE IMPERIUM\); Callidus Assassin \(AGENTS OF THE IMPERIUM\)\. They are checked/);
    assert.strictEqual(lastMessages.find((d) => d.code === 'allied-unit')?.relatedInformation?.length, 1);
  });

  it('the same unit outside an ALLIED UNITS section, with no data naming it an ally, is of the wrong faction', () => {
    const list = header('World Eaters', 'Berzerker Warband') + '\nCHARACTERS\n\n' + unit('Daemon Prince of Khorne', 200, true) + '\n' + unit('Callidus Assassin', 115);
    assert.deepStrictEqual(findings(dir, list), [['unit-wrong-faction', 'Callidus Assassin']]);
  });

  it('exporter spellings resolve by general rules: faction prefix, unit-type keyword, singular/plural, z/s', () => {
    const list =
      header('World Eaters', 'Berzerker Warband') + '\nCHARACTERS\n\n' + unit('World Eaters Daemon Prince', 200, true) +
      '\nBATTLELINE\n\n' + unit('Khorne Berserkers', 180) + '  • 1x Berserker chainblade\n  • 1x Gorechain\n' + '\n' + unit('Khorne Berzerker', 180) + '\nDEDICATED TRANSPORTS\n\n' + unit('World Eaters Rhino', 85);
    // The weapon prefixed with the model's name is the datasheet's Chainblade; a made-up one stays unknown.
    assert.deepStrictEqual(findings(dir, list), [['unknown-wargear', 'Gorechain']]);
  });

  it('a list without a faction line gets the faction covering its units, in a hint', () => {
    const list = 'CHARACTERS\n\nDaemon Prince of Khorne (200 Points)\n  • Warlord\n\nBATTLELINE\n\nKhorne Berzerkers (180 Points)\n';
    assert.deepStrictEqual(findings(dir, list), [['faction-inferred', 'Daemon Prince of Khorne']]);
    assert.strictEqual(lastMessages[0].severity, DiagnosticSeverity.Hint);
    assert.match(message('faction-inferred'), /2 of its 2 units are World Eaters datasheets, so it is checked as World Eaters/);
  });

  it('a made-up name, or one the data no longer has, is unknown with suggestions and the data version', () => {
    const list = header('World Eaters', 'Berzerker Warband') + '\nCHARACTERS\n\n' + unit('Daemon Prince of Khorne', 200, true) + '\n' + unit('Khorne Berzerkerz Squad', 180) + '\n' + unit('Skullcannon', 100);
    assert.deepStrictEqual(findings(dir, list), [
      ['unknown-datasheet', 'Khorne Berzerkerz Squad'],
      ['unknown-datasheet', 'Skullcannon'],
    ]);
    const [made, gone] = lastMessages.map(bareMessage);
    assert.strictEqual(made, 'Unknown datasheet "Khorne Berzerkerz Squad". Did you mean "Khorne Berzerkers"? Looked up in Wahapedia 2031-01-02 03:04:05.');
    assert.strictEqual(gone, 'Unknown datasheet "Skullcannon". Looked up in Wahapedia 2031-01-02 03:04:05.');
  });

  it('the server loads what an open list needs and loads it again after a reload', () => {
    const state = new RulesState(() => undefined);
    try {
      state.configure([dir], false);
      const list = parseArmyList(header('Space Wolves', 'Champions of Fenris') + '\nALLIED UNITS\n\n' + unit('Callidus Assassin', 115));
      assert.strictEqual(state.need(list), true);
      const names = () => state.rules().datasheets.map((d) => d.name);
      assert.ok(names().includes('Wolf Guard Headtakers') && names().includes('Callidus Assassin'));
      assert.ok(!names().includes('Khorne Berzerkers'), 'only what the list needs');
      assert.strictEqual(state.need(list), false, 'nothing more to load');
      state.reload();
      assert.ok(names().includes('Wolf Guard Headtakers') && names().includes('Callidus Assassin'));
    } finally {
      state.dispose();
    }
  });

  it('loads the export: chapters map to their parent, allies are named on the faction, Legends flagged', () => {
    const { data, warnings } = loadWahapedia(
      fs.readdirSync(dir).map((n) => ({ name: n, text: fs.readFileSync(path.join(dir, n), 'utf8') })),
      { factions: ['Space Marines'] },
    );
    assert.deepStrictEqual(warnings, []);
    assert.deepStrictEqual(data.datasheets.filter((d) => d.legends).map((d) => d.name), ['Wolf Lord on Thunderwolf']);
    assert.strictEqual(data.factions[0].keyword, 'ADEPTUS ASTARTES');
    const we = loadWahapedia(fs.readdirSync(dir).map((n) => ({ name: n, text: fs.readFileSync(path.join(dir, n), 'utf8') })), { factions: ['World Eaters'] }).data;
    assert.deepStrictEqual(we.datasheets.find((d) => d.name === 'Khorne Berzerkers')?.weapons.map((w) => w.name), ['Chainblade']);
    assert.deepStrictEqual(we.datasheets.find((d) => d.name === 'Chaos Rhino')?.weapons[0].profiles[0].abilities, ['BLAST', 'INDIRECT FIRE']);
  });
});

describe('spellingKey', () => {
  it('folds plural, -ies, z/s, punctuation; keeps different names apart', () => {
    assert.strictEqual(spellingKey('Khorne Berserkers'), spellingKey('Khorne Berzerker'));
    assert.strictEqual(spellingKey('Harpies'), spellingKey('Harpy'));
    assert.strictEqual(spellingKey('Spore-Mines'), spellingKey('Spore Mine'));
    assert.strictEqual(spellingKey('Ravener'), spellingKey('Raveners'));
    assert.notStrictEqual(spellingKey('Terminator Squad'), spellingKey('Assault Terminator Squad'));
    assert.strictEqual(spellingKey('Boss'), 'boss');
    assert.strictEqual(spellingKey('Nexus'), 'nexus');
  });
});
