// The JSON rosters players export (issue 33), built here as tiny fixtures from the documented schemas (New Recruit's
// JSON export and ListForge's "share JSON": the BattleScribe roster schema as JSON; Rosterizer's roster: a tree of
// `Classification§Designation` assets), read as lists (parse, check, convert, import), every token spanning its JSON
// value; any other JSON refused with one message.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList } from '../../server/src/service/domain/parse/ast';
import { writeList, CONVERT_FORMATS } from '../../server/src/service/features/convert';
import { createLanguageService } from '../../server/src/service/languageService';
import { importRosterFile } from '../../server/src/node/roster';
import { armyFacts } from '../support/armyFacts';
import { looksLikeJsonRoster } from '../../client/src/rosterSniff';
import { noLinks } from '../../server/src/service/features/render/escape';
import { listForgeRoster, newRecruitRoster, pts, rosterizerRoster, sel } from '../support/jsonRosters';

const json = (o: object) => JSON.stringify(o, null, 2) + '\n';
const at = (text: string, s: { start: number; end: number }) => text.slice(s.start, s.end);
const units = (l: ArmyList) => l.units.map((u) => `${u.models.reduce((a, m) => a + m.count, 0)}x ${u.name.text} ${u.points?.value} [${u.section ?? '-'}]${u.warlord ? ' W' : ''}${u.enhancements.map((e) => ` +${e.name.text} ${e.points}`).join('')}`);

describe('JSON rosters (issue 33): read as lists', () => {
  it("New Recruit's JSON export: header, units, models, wargear totals, Warlord, enhancements with their cost, allies; every token spans its JSON value", () => {
    const text = json(newRecruitRoster());
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.format, 'nrjson');
    assert.strictEqual(l.title?.text, 'Blood Road');
    assert.strictEqual(l.statedPoints?.value, 505);
    assert.deepStrictEqual([l.superFaction?.text, l.faction?.text], ['Chaos', 'World Eaters']);
    assert.deepStrictEqual([at(text, l.superFaction!.span), at(text, l.faction!.span)], ['Chaos', 'World Eaters']);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Berzerker Warband']);
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Incursion', 1000]);
    assert.strictEqual(l.editionShown, undefined);
    assert.deepStrictEqual(units(l), ['1x Khârn the Betrayer 100 [Epic Hero] W', '1x Master of Executions 110 [Character] +Berzerker Glaive 25', '10x Khorne Berzerkers 180 [Battleline]', '10x Bloodletters 120 [ALLIED UNITS]']);
    const squad = l.units[2];
    assert.deepStrictEqual(squad.models.map((m) => `${m.count}x ${m.name.text}: ${m.wargear.map((w) => `${w.count}x ${w.name.text}`).join(', ')}`), ['1x Khorne Berzerker Champion: 1x Chainblade, 1x Plasma pistol', '9x Khorne Berzerker: 7x Bolt pistol, 7x Chainblade, 2x Plasma pistol, 2x Khornate eviscerator']);
    assert.deepStrictEqual(squad.wargear?.map((w) => w.name.text), ['Icon of Khorne']);
    for (const u of l.units) assert.strictEqual(at(text, u.name.span), u.name.text);
    // The 11th edition's: the game system says so, the force disposition is read.
    const eleventh = parseArmyList(json(newRecruitRoster(11)));
    assert.strictEqual(eleventh.editionShown, 11);
    assert.deepStrictEqual(eleventh.forceDispositions?.map((d) => d.text), ['Purge the Foe']);
  });

  it("ListForge's JSON export: the faction from the units' \"Faction:\" category, enhancements by their group", () => {
    const text = json(listForgeRoster());
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.format, 'listforgejson');
    assert.strictEqual(l.faction?.text, 'World Eaters');
    assert.strictEqual(at(text, l.faction!.span), 'World Eaters');
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Strike Force', 2000]);
    assert.deepStrictEqual(units(l), ['1x Khârn the Betrayer 100 [Epic Hero] W', '1x Master of Executions 85 [Character] +Favoured of Khorne 25']);
  });

  it("Rosterizer's roster: faction, detachment, battle size, units with their points (enhancements in), models by quantity, the Warlord trait", () => {
    const text = json(rosterizerRoster());
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.format, 'rosterizerjson');
    assert.strictEqual(l.title?.text, 'Dog Pack');
    assert.strictEqual(l.statedPoints?.value, 335);
    assert.strictEqual(l.faction?.text, 'Chaos Knights');
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Houndpack Lance']);
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Strike Force', 2000]);
    assert.deepStrictEqual(units(l), ["1x War Dog Karnivore 165 [-] W +Preyslayer's Mantle 15", '1x War Dog Executioner 130 [-]', '3x Nurglings 40 [-]']);
    assert.deepStrictEqual(l.units[1].models[0].wargear.map((w) => `${w.count}x ${w.name.text}`), ['2x War Dog autocannon', '1x Armoured feet']);
    // The name of an asset given only by its item ("Unit§Nurglings") spans that part of the string.
    assert.strictEqual(at(text, l.units[2].name.span), 'Nurglings');
  });

  it('a list whose title opens with a bracket is a list, not JSON', () => {
    const l = parseArmyList('[WIP] Blood Road (100 Points)\n\nWorld Eaters\nBerzerker Warband\nIncursion (1,000 Points)\n\nCHARACTERS\n\nKhârn the Betrayer (100 Points)\n  • 1x Gorechild\n');
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.title?.text, '[WIP] Blood Road');
    assert.strictEqual(l.units.length, 1);
  });

  it('any other JSON is refused with one message; JSON that does not parse, with where; nesting no roster has, at once', () => {
    for (const [text, msg] of [
      ['{"name": "my list", "units": []}\n', /This JSON is not a roster Auspex reads/],
      ['[1, 2, 3]', /This JSON is not a roster Auspex reads/],
      ['{"roster": {"forces": [', /Invalid JSON/],
      ['['.repeat(100_000) + ']'.repeat(100_000), /nested deeper than 200 levels/],
    ] as Array<[string, RegExp]>) {
      const t0 = Date.now();
      const l = parseArmyList(text);
      assert.ok(Date.now() - t0 < 2000);
      assert.strictEqual(l.units.length, 0);
      assert.strictEqual(l.errors.length, 1, JSON.stringify(l.errors));
      assert.match(l.errors[0].message, msg);
      assert.strictEqual(l.faction, undefined, 'no faction "}" made up');
    }
  });

  it('checked: findings point into the JSON file', () => {
    const roster = {
      roster: {
        name: 'Jackals',
        generatedBy: 'https://newrecruit.eu',
        costs: pts(999),
        forces: [
          {
            catalogueName: 'Xenos - Genestealer Cults',
            selections: [
              sel('Detachment', 'upgrade', { selections: [sel('Claw of Ascension', 'upgrade')] }),
              sel('Atalan Jackals', 'unit', { costs: pts(1), categories: [{ name: 'Infantry', primary: true }], selections: [sel('Atalan Jackal', 'model', { number: 4, selections: [sel('Atalan small arms', 'upgrade', { number: 4 })] }), sel('Atalan Wolfquad', 'model', { selections: [sel('Mining laser', 'upgrade')] })] }),
            ],
          },
        ],
      },
    };
    const text = json(roster);
    const doc = TextDocument.create('file:///jackals.json', 'army-list', 1, text);
    const diags = createLanguageService().diagnostics(doc);
    // The roster states 999 points; its units cost 1: the total's finding stands on the roster's points value.
    const mismatch = diags.find((d) => d.code === 'total-mismatch');
    assert.ok(mismatch, JSON.stringify(diags.map((d) => d.code)));
    assert.strictEqual(doc.getText(mismatch.range), '999');
    assert.ok(diags.every((d) => d.code !== 'parse-error'));
    // The same roster as the exporters write it, each selection carrying its rules' texts: pretty-printed it runs
    // far beyond the 5,000 lines a text list may have, and is checked the same (a JSON roster is bounded by its
    // characters and units, never its lines).
    const rules = Array.from({ length: 1500 }, (_, i) => ({ id: `r${i}`, name: `Rule ${i}`, hidden: false, description: 'Each time this model makes an attack, re-roll a Hit roll of 1.' }));
    const withRules = JSON.parse(text, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) && v.type === 'model' ? { ...v, rules } : v));
    const long = json(withRules);
    const longDoc = TextDocument.create('file:///jackals-long.json', 'army-list', 1, long);
    assert.ok(longDoc.lineCount > 15_000, `${longDoc.lineCount} lines`);
    const longDiags = createLanguageService().diagnostics(longDoc);
    assert.deepStrictEqual(longDiags.map((d) => d.code), diags.map((d) => d.code));
    assert.strictEqual(longDoc.getText(longDiags.find((d) => d.code === 'total-mismatch')!.range), '999');
  });

  for (const [name, build] of [['New Recruit', () => newRecruitRoster(11)], ['ListForge', listForgeRoster], ['Rosterizer', rosterizerRoster]] as Array<[string, () => object]>) {
    it(`${name}: converted to every format, the same army read back; imported (Import Roster, auspex import) in the app layout`, () => {
      const text = json(build());
      const l = parseArmyList(text);
      for (const format of CONVERT_FORMATS) {
        const out = writeList(l, format, l.editionShown ?? 10, { source: text });
        assert.strictEqual(out.refused, undefined, `${format}: ${out.refused}`);
        const back = parseArmyList(out.text);
        assert.deepStrictEqual(back.errors, [], out.text);
        const view = { leave: [...out.dropKinds], eleventh: l.editionShown === 11 };
        assert.deepStrictEqual(armyFacts(back, view), armyFacts(l, view), `${format}:\n${out.text}`);
      }
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-roster-')), 'roster.json');
      fs.writeFileSync(file, text);
      const imported = importRosterFile(file);
      assert.ok('text' in imported, JSON.stringify(imported));
      assert.strictEqual(imported.text, writeList(l, 'app', l.editionShown ?? 10, { source: text }).text);
      assert.strictEqual(parseArmyList(imported.text).units.length, l.units.length);
    });
  }

  it('Format Document leaves a JSON roster as it is (it is converted, never rewritten)', () => {
    const text = json(newRecruitRoster());
    const r = createLanguageService().format(TextDocument.create('file:///r.json', 'army-list', 1, text));
    assert.deepStrictEqual(r.edits, []);
    assert.match(r.refused ?? '', /JSON roster is not formatted/);
  });

  it('Import Roster refuses JSON that is no roster, with the one message', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-roster-')), 'other.json');
    fs.writeFileSync(file, '{"hello": "world"}');
    const r = importRosterFile(file);
    assert.ok('error' in r);
    assert.match(r.error, /not a roster Auspex reads/);
  });

  it("the client offers to open a JSON file as an army list only when it is such a roster; a file's text reaches a notification without a link", () => {
    for (const r of [newRecruitRoster(), listForgeRoster(), rosterizerRoster()]) {
      assert.ok(looksLikeJsonRoster(json(r)));
      assert.ok(looksLikeJsonRoster(JSON.stringify(r)), 'minified too');
    }
    assert.ok(!looksLikeJsonRoster('{ "editor.fontSize": 14, "files.exclude": {} }'));
    assert.ok(!looksLikeJsonRoster('# a list\nWorld Eaters'));
    assert.strictEqual(noLinks('unit [open](command:workbench.action.openSettings?%5B%5D)'), 'unit [open]\u200b(command:workbench.action.openSettings?%5B%5D)');
  });
});
