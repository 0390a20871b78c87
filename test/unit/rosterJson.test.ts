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
import { looksLikeJsonRoster, plain } from '../../client/src/rosterSniff';

const sel = (name: string, type: string, extra: Record<string, unknown> = {}) => ({ id: `id-${name}`, name, entryId: `e-${name}`, number: 1, type, from: 'entry', ...extra });
const pts = (value: number) => [{ name: 'pts', typeId: 'points', value }];

/** New Recruit's JSON export of a small World Eaters list (the schema its documentation gives), 10th or 11th edition. */
export function newRecruitRoster(edition: 10 | 11 = 10): object {
  return {
    roster: {
      id: 'r1',
      name: 'Blood Road',
      battleScribeVersion: '2.03',
      generatedBy: 'https://newrecruit.eu',
      gameSystemId: 'sys-1',
      gameSystemName: edition === 11 ? 'Warhammer 40,000 11th Edition' : 'Warhammer 40,000 10th Edition',
      gameSystemRevision: '1',
      xmlns: 'http://www.battlescribe.net/schema/rosterSchema',
      costs: pts(505),
      costLimits: [{ name: 'pts', typeId: 'points', value: 1000 }],
      forces: [
        {
          id: 'f1',
          name: 'Army Roster',
          entryId: 'fe1',
          catalogueId: 'c1',
          catalogueRevision: '1',
          catalogueName: 'Chaos - World Eaters',
          selections: [
            sel('Battle Size', 'upgrade', { selections: [sel('1. Incursion (1000 Point limit)', 'upgrade')], categories: [{ id: 'k', name: 'Configuration', entryId: 'k', primary: true }] }),
            sel('Detachment', 'upgrade', { selections: [sel('Berzerker Warband', 'upgrade')], categories: [{ id: 'k', name: 'Configuration', entryId: 'k', primary: true }] }),
            ...(edition === 11 ? [sel('Force Disposition', 'upgrade', { selections: [sel('Purge the Foe', 'upgrade')] })] : []),
            sel('Khârn the Betrayer', 'model', {
              costs: pts(100),
              categories: [{ id: 'c', name: 'Epic Hero', entryId: 'c', primary: true }, { id: 'c2', name: 'Character', entryId: 'c2', primary: false }],
              selections: [sel('Gorechild', 'upgrade'), sel('Plasma pistol', 'upgrade'), sel('Warlord', 'upgrade', { categories: [{ id: 'w', name: 'Warlord', entryId: 'w', primary: false }] })],
            }),
            sel('Master of Executions', 'model', {
              costs: pts(85),
              categories: [{ id: 'c', name: 'Character', entryId: 'c', primary: true }],
              selections: [sel('Axe of dismemberment', 'upgrade'), sel('Bolt pistol', 'upgrade'), sel('Berzerker Glaive', 'upgrade', { group: 'Enhancements', costs: pts(25) })],
            }),
            sel('Khorne Berzerkers', 'unit', {
              costs: pts(0),
              categories: [{ id: 'b', name: 'Battleline', entryId: 'b', primary: true }],
              selections: [
                sel('Icon of Khorne', 'upgrade', { costs: pts(0) }),
                sel('Khorne Berzerker Champion', 'model', { costs: pts(18), selections: [sel('Chainblade', 'upgrade'), sel('Plasma pistol', 'upgrade')] }),
                sel('Khorne Berzerker', 'model', { number: 9, costs: pts(162), selections: [sel('Bolt pistol', 'upgrade', { number: 7 }), sel('Chainblade', 'upgrade', { number: 7 }), sel('Plasma pistol', 'upgrade', { number: 2 }), sel('Khornate eviscerator', 'upgrade', { number: 2 })] }),
              ],
            }),
          ],
          forces: [
            {
              id: 'f2',
              name: 'Allies',
              catalogueName: 'Chaos - Chaos Daemons',
              selections: [sel('Bloodletters', 'unit', { costs: pts(120), categories: [{ id: 'o', name: 'Infantry', entryId: 'o', primary: true }], selections: [sel('Bloodletter', 'model', { number: 10, selections: [sel('Hellblade', 'upgrade', { number: 10 })] })] })],
            },
          ],
        },
      ],
    },
  };
}

/** ListForge's "share JSON": the same outer shape, no New Recruit signature, the faction in each unit's "Faction: X" category. */
function listForgeRoster(): object {
  const faction = { id: 'f', name: 'Faction: World Eaters', entryId: 'f', primary: false };
  return {
    name: 'Blood Road',
    roster: {
      name: 'Blood Road',
      costs: pts(185),
      forces: [
        {
          selections: [
            sel('Battle Size', 'upgrade', { selections: [sel('Strike Force (2000 Point limit)', 'upgrade')] }),
            sel('Detachment', 'upgrade', { selections: [sel('Berzerker Warband', 'upgrade')] }),
            sel('Khârn the Betrayer', 'model', { costs: pts(100), categories: [{ id: 'c', name: 'Epic Hero', entryId: 'c', primary: true }, faction], selections: [sel('Gorechild', 'upgrade', { categories: [{ id: 'm', name: 'Melee Weapon', entryId: 'm', primary: false }] }), sel('Warlord', 'upgrade')] }),
            sel('Master of Executions', 'model', { costs: pts(60), categories: [{ id: 'c', name: 'Character', entryId: 'c', primary: true }, faction], selections: [sel('Axe of dismemberment', 'upgrade'), sel('Favoured of Khorne', 'upgrade', { group: 'Enhancements: Berzerker Warband', costs: pts(25) })] }),
          ],
        },
      ],
    },
  };
}

/** Rosterizer's roster: the `snapshot` envelope of `Classification§Designation` assets. */
function rosterizerRoster(): object {
  const asset = (item: string, quantity = 1, extra: Record<string, unknown> = {}) => ({ item, name: item.split('§')[1], quantity, ...extra });
  return {
    slug: '',
    rulebook: { name: 'Warhammer 40,000', game: 'Warhammer 40,000' },
    snapshot: {
      item: 'Roster§Roster',
      name: 'Dog Pack',
      quantity: 1,
      stats: { Points: { value: 335 } },
      assets: {
        included: [
          asset('Faction§Chaos Knights'),
          asset('Detachment§Houndpack Lance'),
          asset('Battle Size§Strike Force (2000 Point limit)'),
          asset('Unit§War Dog Karnivore', 1, {
            stats: { Points: { value: 150 } },
            assets: { included: [asset("Enhancement§Preyslayer's Mantle", 1, { stats: { Points: { value: 15 } } }), asset('Weapon§Reaper chaintalon'), asset('Weapon§Havoc multi-launcher')], traits: [asset('Trait§Warlord')] },
          }),
          asset('Unit§War Dog Executioner', 1, { stats: { Points: { value: 130 } }, assets: { included: [asset('Weapon§War Dog autocannon', 2), asset('Weapon§Armoured feet')] } }),
          asset('Unit§Nurglings', 3, { stats: { Points: { value: 40 } }, assets: { included: [asset('Weapon§Diseased claws and teeth', 3)] } }),
        ],
      },
    },
  };
}

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
    assert.strictEqual(plain('unit [open](command:workbench.action.openSettings?%5B%5D)'), 'unit [open] (command:workbench.action.openSettings?%5B%5D)');
  });
});
