// Accepting a unit inserts a legal unit: every datasheet of three factions (Wahapedia Genestealer Cults and Orks,
// 11th-edition World Eaters from BSData 11e JSON + the MFM) is completed on a unit line of a minimal valid list,
// the item's snippet expanded as an editor leaves it, and the list checked: no error-severity finding may fall on
// the inserted unit. Data read from ../shared; skipped plainly when absent.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import type { Edition } from '../../server/src/service/domain/editions/types';
import type { Datasheet } from '../../server/src/service/domain/rules/model';
import { catalogOf } from '../../server/src/service/features/completion/catalog';
import { legalSizes, planUnit, renderUnit, displayName } from '../../server/src/service/features/completion/build';
import { optionLimit } from '../../server/src/service/features/completion/items';
import { headerKinds } from '../../server/src/service/features/completion/header';
import { expandSnippet } from '../support/snippet';
import { requireShared, sharedPath } from '../support/shared';

/** Applies a completion item as an editor does: its text edit, the snippet expanded with every default. */
export function applyItem(text: string, item: CompletionItem): { text: string; cursor: number } {
  const edit = item.textEdit as TextEdit;
  const doc = TextDocument.create('file:///apply.army', 'army-list', 1, text);
  const start = doc.offsetAt(edit.range.start);
  const end = doc.offsetAt(edit.range.end);
  const inserted = item.insertTextFormat === 2 ? expandSnippet(edit.newText) : { text: edit.newText, cursor: edit.newText.length };
  return { text: text.slice(0, start) + inserted.text + text.slice(end), cursor: start + inserted.cursor };
}

interface FactionCase {
  name: string;
  edition: Edition;
  paths: string[][];
  /** The list's header lines (faction, detachment, battle size). */
  header: string;
  /** Datasheets the data itself makes impossible to field legally, with the reason. */
  exceptions: Record<string, string>;
}

const CASES: FactionCase[] = [
  {
    name: 'Genestealer Cults',
    edition: 10,
    paths: [['data', 'wahapedia']],
    header: 'Genestealer Cults\nXenocreed Congregation\nStrike Force (2000 points)',
    exceptions: {},
  },
  {
    name: 'Orks',
    edition: 10,
    paths: [['data', 'wahapedia']],
    header: 'Orks\nWar Horde\nStrike Force (2000 points)',
    exceptions: {},
  },
  {
    name: 'World Eaters',
    edition: 11,
    paths: [['data', 'bsdata-11e'], ['data', 'mfm-11e', 'v1.1']],
    header: 'World Eaters\nBerzerker Warband (2 Detachment Points)\nStrike Force (2,000 Points)',
    exceptions: {},
  },
];

function serviceFor(c: FactionCase): LanguageService {
  const provider = new RulesProvider({ paths: c.paths.map((p) => sharedPath(...p)) });
  provider.ensureFaction(c.name, c.edition);
  const service = createLanguageService();
  service.setRules(provider.rulesFor(c.edition), c.edition);
  // Every datasheet inserted, Legends too (auspex.completion.includeLegends: a unit completion inserts is legal either way).
  service.setSettings({ ...DEFAULT_SETTINGS, completionIncludeLegends: true });
  return service;
}

let version = 0;

/** Completes `name` typed on a fresh unit line after `header`, accepts the item named so, returns the text and the inserted lines. */
function insertUnit(service: LanguageService, header: string, name: string): { text: string; from: number; to: number; item?: CompletionItem } {
  const before = `${header}\n\n`;
  const text = `${before}${name}`;
  const doc = TextDocument.create(`file:///build-${++version}.army`, 'army-list', 1, text);
  const items = service.completion(doc, doc.positionAt(text.length)).items;
  const item = items.find((i) => i.label === name);
  if (!item) return { text, from: 0, to: 0 };
  const applied = applyItem(text, item);
  const from = header.split('\n').length + 1;
  const to = applied.text.trimEnd().split('\n').length - 1;
  return { text: applied.text, from, to, item };
}

function errorsIn(service: LanguageService, text: string, from: number, to: number): Diagnostic[] {
  const doc = TextDocument.create(`file:///check-${++version}.army`, 'army-list', 1, text);
  return service.diagnostics(doc).filter((d) => d.severity === 1 && d.range.start.line >= from && d.range.start.line <= to);
}

describe('completion inserts legal units', function () {
  this.timeout(120000);
  for (const c of CASES) {
    it(`every ${c.name} datasheet (${c.edition === 11 ? '11th edition, BSData 11e + MFM' : 'Wahapedia'}) passes Auspex's own checks once inserted`, function () {
      for (const p of c.paths) requireShared(this, ...p);
      const service = serviceFor(c);
      const rules = service.rulesFor(c.edition);
      // The header alone is a valid list start: nothing but "no units"/"no warlord" findings.
      const cat = catalogOf(rules);
      const sheets = cat.datasheetsOf(cat.factionOf(c.name));
      assert.ok(sheets.length > 10, `${c.name} has datasheets (${sheets.length})`);
      const failures: string[] = [];
      let checked = 0;
      const seen = new Set<string>();
      for (const d of sheets) {
        if (seen.has(d.name) || c.exceptions[d.name]) continue;
        seen.add(d.name);
        const r = insertUnit(service, c.header, d.name);
        if (!r.item) {
          failures.push(`${d.name}: not offered`);
          continue;
        }
        checked++;
        const errors = errorsIn(service, r.text, r.from, r.to);
        if (errors.length) failures.push(`${d.name}:\n${r.text.split('\n').slice(r.from).join('\n')}\n  → ${errors.map((e) => `${e.code}: ${e.message}`).join('\n  → ')}`);
      }
      assert.deepStrictEqual(failures, [], failures.join('\n\n'));
      assert.ok(checked >= sheets.length * 0.9, `checked ${checked} of ${sheets.length}`);
    });
  }
});

describe('completion of allied units', function () {
  this.timeout(60000);
  it('offers the allies the faction\'s data lists, marked, under an ALLIED UNITS header, passing the checks', function () {
    requireShared(this, 'data', 'wahapedia');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    provider.ensureFaction('Genestealer Cults', 10);
    provider.ensureFaction('Tyranids', 10);
    const service = createLanguageService();
    service.setRules(provider.rulesFor(10), 10);
    const header = 'Genestealer Cults\nXenocreed Congregation\nStrike Force (2000 points)\n\nCHARACTERS\n\nPatriarch (75 points)\n  • Warlord\n  • 1x Patriarch’s claws';
    const r = insertUnit(service, header, 'Gargoyles');
    assert.ok(r.item, 'Gargoyles offered');
    assert.match(r.item.detail!, /^ally · /);
    assert.match(r.text, /\n\nALLIED UNITS\n\nGargoyles \(\d+ points\)\n {2}• 10x Gargoyles\n/);
    assert.deepStrictEqual(errorsIn(service, r.text, r.from, r.to), []);
  });
});

describe('a unit whose section stands elsewhere in the list', function () {
  this.timeout(60000);
  it('goes to the end of that section, the typed name taken off the line, and passes the checks', function () {
    requireShared(this, 'data', 'wahapedia');
    const service = serviceFor(CASES[0]);
    const top = 'Genestealer Cults\nXenocreed Congregation\nStrike Force (2000 points)\n\nCHARACTERS\n\nPatriarch (75 points)\n  • Warlord\n  • 1x Patriarch’s claws';
    const text = `${top}\n\nBATTLELINE\n\nNexos`;
    const doc = TextDocument.create('file:///elsewhere.army', 'army-list', 1, text);
    const item = service.completion(doc, doc.positionAt(text.length)).items.find((i) => i.label === 'Nexos')!;
    assert.strictEqual((item.textEdit as TextEdit).newText, '');
    assert.match(item.detail!, /goes to its section$/);
    const after = TextDocument.applyEdits(doc, [item.textEdit as TextEdit, ...item.additionalTextEdits!]);
    assert.match(after, /^Genestealer Cults[\s\S]*Patriarch’s claws\n\nNexos \(\d+ points\)\n {2}• 1x [\s\S]*\n\nBATTLELINE\n\n$/);
    const check = TextDocument.create('file:///elsewhere-after.army', 'army-list', 1, after);
    assert.deepStrictEqual(service.diagnostics(check).filter((d) => d.severity === 1).map((d) => d.message), []);
  });
});

describe('an 11th-edition list from nothing', function () {
  this.timeout(60000);
  it('the faction item names its edition and brings detachments with their Detachment Points; the list reads as the 11th edition and its unit passes', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const service = serviceFor(CASES[2]);
    const provider = new RulesProvider({ paths: CASES[2].paths.map((p) => sharedPath(...p)) });
    service.setLoadableFactions(provider.listedFactions());
    const typed = 'World';
    const doc = TextDocument.create('file:///we11-new.army', 'army-list', 1, typed);
    const item = service.completion(doc, doc.positionAt(typed.length)).items.find((i) => /11th edition/.test(i.detail ?? ''));
    assert.ok(item, 'an 11th-edition World Eaters item');
    assert.strictEqual(item.label, 'World Eaters');
    assert.match(item.detail!, /^Faction · 11th edition · \d+ datasheets$/);
    assert.match((item.textEdit as TextEdit).newText, /^World Eaters\n\$\{1\|Berzerker Warband \(\d Detachment Points?\),/);
    const header = applyItem(typed, item).text.trimEnd();
    const r = insertUnit(service, header, 'Khorne Berzerkers');
    const list = TextDocument.create('file:///we11-unit.army', 'army-list', 1, r.text);
    assert.strictEqual(service.editionOf(list), 11);
    assert.deepStrictEqual(errorsIn(service, r.text, r.from, r.to), []);
  });
});

describe('unit builder', () => {
  const sheet = (over: Partial<Datasheet>): Datasheet => ({
    id: 't',
    name: 'Test Squad',
    factionKeywords: ['TEST'],
    keywords: ['INFANTRY'],
    models: [{ name: 'Test Trooper', M: '6"', T: 3, Sv: 5, W: 1, Ld: 7, OC: 2 }],
    composition: [
      { model: 'Test Sergeant', min: 1, max: 1 },
      { model: 'Test Trooper', min: 4, max: 9 },
    ],
    points: [
      { models: 5, points: 60 },
      { models: 10, points: 110 },
    ],
    weapons: [],
    defaultLoadout: 'The Test Sergeant is equipped with: 2 bolt pistols; chainsword.\n\nEvery Test Trooper is equipped with: lasgun; close combat weapon.',
    wargearOptions: ['Any number of Test Troopers can each have their lasgun replaced with 1 flamer.'],
    abilities: [],
    leads: [],
    ledBy: [],
    epicHero: false,
    source: { file: 'test', locator: 't' },
    ...over,
  });

  it('takes the smallest size, each model type at its minimum and the rest where there is room, with each group\'s default wargear', () => {
    const d = sheet({});
    assert.deepStrictEqual(legalSizes(d), [5, 10]);
    const plan = planUnit(d);
    assert.strictEqual(plan.size, 5);
    assert.strictEqual(plan.points, 60);
    assert.deepStrictEqual(plan.groups.map((g) => [g.count, g.model, g.wargear.map((w) => `${w.perModel} ${w.name}${w.choice ? ' (choice)' : ''}`)]), [
      [1, 'Test Sergeant', ['2 Bolt pistols', '1 Chainsword']],
      [4, 'Test Trooper', ['1 Lasgun (choice)', '1 Close combat weapon']],
    ]);
    assert.deepStrictEqual(planUnit(d, 10).groups.map((g) => g.count), [1, 9]);
  });

  it('renders the app layout, plain or as a snippet whose tab stops never stand in a count or the points (issue 32)', () => {
    const d = sheet({});
    const dialect = { points: 'Points' as const, enhancement: 'Enhancements' as const };
    assert.strictEqual(
      renderUnit(d, planUnit(d, 10), { dialect, snippet: false }),
      'Test Squad (110 Points)\n  • 1x Test Sergeant\n     ◦ 2x Bolt pistols\n     ◦ 1x Chainsword\n  • 9x Test Trooper\n     ◦ 9x Lasgun\n     ◦ 9x Close combat weapon',
    );
    const snippet = renderUnit(d, planUnit(d), { dialect, snippet: true });
    assert.strictEqual(expandSnippet(snippet).text, 'Test Squad (60 Points)\n  • 1x Test Sergeant\n     ◦ 2x Bolt pistols\n     ◦ 1x Chainsword\n  • 4x Test Trooper\n     ◦ 4x Lasgun\n     ◦ 4x Close combat weapon');
    // While a tab stop is being chosen the editor shows its value everywhere it stands (a transform is applied only
    // once it is left): the unit and model lines hold none, so they read legal all along ("(9 points)" did).
    const [head, ...models] = snippet.split('\n');
    assert.strictEqual(head, 'Test Squad (60 Points)');
    for (const line of models.filter((l) => /^ {2}• \S/.test(l))) assert.doesNotMatch(line, /\$/, line);
    assert.doesNotMatch(snippet, /\$\{\d+\//, 'no transform');
  });

  it('reads an option\'s limit from its text, scaled by the unit\'s size', () => {
    const d = sheet({ wargearOptions: ['For every 5 models in this unit, up to 2 Test Troopers can each have their lasgun replaced with 1 flamer.', 'Any number of Test Troopers can each be equipped with 1 knife.', 'The Test Sergeant’s chainsword can be replaced with 1 power fist.'] });
    assert.deepStrictEqual(optionLimit(d, 'Flamer', 9, 10), { limit: 4, text: d.wargearOptions![0] });
    assert.strictEqual(optionLimit(d, 'Flamer', 4, 5)!.limit, 2);
    assert.strictEqual(optionLimit(d, 'Knife', 9, 10)!.limit, 9);
    assert.strictEqual(optionLimit(d, 'Power fist', 1, 10)!.limit, 1);
    assert.strictEqual(optionLimit(d, 'Lascannon', 9, 10), undefined);
  });

  it('tells the header line kinds from the text: faction first, then what the header lacks, units after a blank line', () => {
    const isFaction = (l: string) => l === 'Orks';
    const isSize = (l: string) => /^Strike Force/.test(l);
    const at = (text: string) => headerKinds(text, text.length, isFaction, isSize);
    assert.deepStrictEqual(at(''), ['faction', 'title']);
    assert.deepStrictEqual(at('My list (2000 points)\n\n'), ['faction']);
    assert.deepStrictEqual(at('Orks\n'), ['detachment', 'battleSize']);
    assert.deepStrictEqual(at('Orks\nWar Horde\n'), ['battleSize']);
    assert.deepStrictEqual(at('Orks\nStrike Force (2000 points)\n'), ['detachment']);
    assert.deepStrictEqual(at('Orks\nWar Horde\nStrike Force (2000 points)\n'), ['unit']);
    assert.deepStrictEqual(at('Orks\n\n'), ['unit'], 'a blank line after the faction: the body');
  });

  it('prices a later copy at its requisition tier, at each size', () => {
    const d = sheet({
      pointsTiers: [
        { copies: { from: 1, to: 2 }, steps: [{ models: 5, points: 60 }, { models: 10, points: 110 }] },
        { copies: { from: 3 }, steps: [{ models: 5, points: 70 }, { models: 10, points: 130 }] },
      ],
    });
    assert.strictEqual(planUnit(d, 5, 2).points, 60);
    assert.strictEqual(planUnit(d, 5, 3).points, 70);
    const dialect = { points: 'points' as const, enhancement: 'Enhancement' as const };
    const snippet = renderUnit(d, planUnit(d, 5, 3), { dialect, snippet: true });
    assert.strictEqual(snippet.split('\n')[0], 'Test Squad (70 points)');
    assert.strictEqual(renderUnit(d, planUnit(d, 10, 3), { dialect, snippet: true }).split('\n')[0], 'Test Squad (130 points)');
  });

  it('prints upper-case model names as the app does', () => {
    assert.strictEqual(displayName('BOSS NOB'), 'Boss Nob');
    assert.strictEqual(displayName('Neophyte Leader'), 'Neophyte Leader');
  });

});
