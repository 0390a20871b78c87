// The real lists of ../shared/lists whose faction ../shared/data covers, checked
// against each data source: no error-severity findings (a false error would
// fail a real army). The warnings they do produce are printed.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { requireShared, sharedPath } from '../support/shared';

const CASES: [string, string][] = [
  ['gwapp_gsc_1.txt', 'Genestealer Cults'],
  ['gwapp_tyranids_2.txt', 'Tyranids'],
];

describe('validate: real lists produce no false errors', () => {
  for (const source of ['bsdata', 'wahapedia']) {
    for (const [file, faction] of CASES) {
      it(`${file} with ${source}`, function () {
        requireShared(this, 'lists', file);
        requireShared(this, 'data', source);
        const provider = new RulesProvider({ paths: [sharedPath('data', source)] });
        provider.ensureFaction(faction);
        const service = createLanguageService({ rules: provider.rules() });
        const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists', file), 'utf8'));
        const diags = service.diagnostics(doc);
        const line = (d: (typeof diags)[number]) => `${d.range.start.line + 1}: ${d.code} ${d.message}`;
        assert.deepStrictEqual(diags.filter((d) => d.severity === DiagnosticSeverity.Error).map(line), []);
        // The list's units were all found, so the checks above did run on real data.
        assert.ok(!diags.some((d) => d.code === 'unknown-datasheet' || d.code === 'faction-not-loaded'));
        console.log(`        ${diags.length ? diags.map(line).join('\n        ') : '(no warnings)'}`);
      });
    }
  }
});

/**
 * Every shared list against the whole Wahapedia export, which covers all their factions, loaded as the CLI
 * and the server load it (`RulesProvider.ensureList`: the list's faction, a chapter's parent, the factions
 * of its allies). The lists were exported under earlier points and datasheet revisions than the export
 * (2025-11), so points and unit sizes legitimately differ, and with them the army's total and its limit at the
 * data's prices: those findings are listed, not failed. Anything
 * that would mean Auspex misread a list fails: parse errors, any unknown unit (exporter spellings resolve by
 * general rules), a faction not loaded, a detachment of "another" faction, enhancement, keyword, leader or
 * plan errors.
 */
const REVISION_CODES = new Set(['points-mismatch', 'unit-size', 'model-count', 'total-mismatch', 'over-points-limit']);
/** Findings that must never appear for these real lists, whatever their severity. */
const RESOLUTION_CODES = new Set(['unknown-datasheet', 'faction-not-loaded', 'detachment-wrong-faction', 'unit-wrong-faction']);
/** Findings of these codes that are true about a list (none: Angron, marked nowhere, must be the Warlord). */
const TRUE_FINDINGS: Record<string, string[]> = {};

describe('validate: every shared list against the Wahapedia export', function () {
  this.timeout(60000);
  it('resolves every unit, misreads nothing; revision differences are listed', function () {
    requireShared(this, 'lists', 'MANIFEST.csv');
    requireShared(this, 'data', 'wahapedia');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    const service = createLanguageService();
    const unexpected: string[] = [];
    const infos = new Map<string, string[]>();
    const files = fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt'));
    assert.strictEqual(files.length, 13);
    let units = 0;
    for (const file of files) {
      const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists', file), 'utf8'));
      const list = service.parse(doc);
      assert.ok(list.faction?.text, `${file} names its faction`);
      provider.ensureList(list);
      service.setRules(provider.rules());
      // Every unit of the list is a datasheet of the data.
      for (const u of list.units) {
        units++;
        if (!service.rules.datasheet(u.name.text, list.faction.text)) unexpected.push(`        ${file}: "${u.name.text}" resolves to no datasheet`);
      }
      const diags = service.diagnostics(doc);
      infos.set(file, diags.filter((d) => d.severity !== DiagnosticSeverity.Error).map((d) => `${d.code} ${doc.getText(d.range)}`));
      const revision = diags.filter((d) => REVISION_CODES.has(String(d.code)));
      console.log(`        ${file}: ${revision.length} points/size differences from the data revision`);
      for (const d of diags) {
        if (REVISION_CODES.has(String(d.code))) continue;
        if (d.severity !== DiagnosticSeverity.Error && !RESOLUTION_CODES.has(String(d.code))) continue;
        const ok = (TRUE_FINDINGS[file] ?? []).includes(String(d.code));
        (ok ? console.log : (s: string) => unexpected.push(s))(`        ${file}:${d.range.start.line + 1} ${d.code} ${d.message}`);
      }
    }
    assert.deepStrictEqual(unexpected, []);
    assert.strictEqual(units, 198, "the MANIFEST's hand-counted units, all resolved");
    // The Space Wolves list: a chapter under "Space Marines" with a Space Marines detachment, a Legends
    // datasheet and an allied Agents of the Imperium unit, said once and checked from its own faction's data.
    assert.deepStrictEqual(
      infos.get('gwapp_spacewolves_3.txt')?.filter((s) => !s.startsWith('unknown-wargear')),
      ['legends-datasheet Wolf Lord on Thunderwolf', 'allied-unit Callidus Assassin'],
    );
    const callidus = service.rules.datasheet('Callidus Assassin');
    assert.deepStrictEqual(callidus?.factionKeywords, ['AGENTS OF THE IMPERIUM']);
  });
});

/**
 * Each chapter against the real export, named alone and under "Space Marines": it loads with Space Marines'
 * datasheets and detachments (Gladius Task Force is its own), a generic datasheet (Captain, Impulsor) is its
 * own, and another chapter's character is the one finding.
 */
const CHAPTERS: [string, string, number][] = [
  ['Space Wolves', 'Logan Grimnar', 110],
  ['Blood Angels', 'Commander Dante', 120],
  ['Dark Angels', 'Azrael', 115],
  ['Black Templars', 'High Marshal Helbrecht', 120],
  ['Deathwatch', 'Watch Master', 95],
];

describe('validate: chapters against the Wahapedia export', function () {
  this.timeout(60000);
  for (const [i, [chapter, hero, points]] of CHAPTERS.entries()) {
    for (const underParent of [false, true]) {
      it(`${chapter}${underParent ? ' under "Space Marines"' : ' alone'}: parent datasheets and detachment, another chapter's hero refused`, function () {
        requireShared(this, 'data', 'wahapedia');
        const [, other, otherPoints] = CHAPTERS[(i + 1) % CHAPTERS.length];
        const total = points + 80 + 80 + otherPoints;
        const text = [
          `Chapter test (${total} Points)`, '',
          ...(underParent ? ['Space Marines'] : []), chapter, 'Gladius Task Force', 'Strike Force (2000 Points)', '',
          'CHARACTERS', '', `${hero} (${points} Points)`, '  • Warlord', '', 'Captain (80 Points)', '', `${other} (${otherPoints} Points)`, '',
          'DEDICATED TRANSPORTS', '', 'Impulsor (80 Points)', '',
        ].join('\n');
        const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
        const service = createLanguageService();
        const doc = TextDocument.create(`file:///${chapter}.army`, 'army-list', 1, text);
        provider.ensureList(service.parse(doc));
        service.setRules(provider.rules());
        const found = service.diagnostics(doc).filter((d) => d.code !== 'unknown-wargear').map((d) => [d.code, doc.getText(d.range)]);
        assert.deepStrictEqual(found, [['unit-wrong-faction', other]]);
      });
    }
  }
});

/**
 * Real lists with their faction line taken out (the header then reads the detachment where the faction
 * stood): the faction whose datasheets cover the units is found, said in a hint, and every unit resolves.
 */
describe('validate: real lists without a faction line', function () {
  this.timeout(60000);
  for (const [file, faction] of [
    ['gwapp_tyranids_2.txt', 'Tyranids'],
    ['gwapp_gsc_1.txt', 'Genestealer Cults'],
    ['gwapp_chaosdaemons_1.txt', 'Chaos Daemons'],
    ['gwapp_thousandsons_2.txt', 'Thousand Sons'],
  ] as const) {
    it(`${file} without "${faction}"`, function () {
      requireShared(this, 'lists', file);
      requireShared(this, 'data', 'wahapedia');
      const text = fs.readFileSync(sharedPath('lists', file), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== faction).join('\n');
      const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
      const service = createLanguageService();
      const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, text);
      provider.ensureList(service.parse(doc));
      service.setRules(provider.rules());
      const diags = service.diagnostics(doc);
      const inferred = diags.filter((d) => d.code === 'faction-inferred');
      assert.strictEqual(inferred.length, 1);
      assert.match(inferred[0].message, new RegExp(`(\\d+) of its \\1 units are ${faction} datasheets`));
      const bad = diags.filter((d) => ['unknown-datasheet', 'faction-not-loaded', 'unknown-detachment', 'detachment-wrong-faction', 'unit-wrong-faction'].includes(String(d.code)));
      assert.deepStrictEqual(bad.map((d) => d.message), []);
    });
  }
});
