// What the checks read of BattleScribe 11e entries: weapons reached through links, wargear without a profile,
// models versus wargear (entry types, never a bullet's shape), compulsory models, and a datasheet that keeps its
// catalogue profile once the MFM's points are merged. Real lists and data from ../shared (skipped plainly when
// absent), or a list written here with real names from that data.
import * as assert from 'assert';
import * as fs from 'fs';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { loadoutGroups } from '../../server/src/service/features/codeLens';
import { unitModelCount } from '../../server/src/service/features/diagnostics/unitPoints';
import { unitModels } from '../../server/src/service/domain/damage/targetUnit';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { mergeRules } from '../../server/src/service/domain/rules/merge';
import { emptyRulesData } from '../../server/src/service/domain/rules/dataFiles';
import { requireShared, sharedPath } from '../support/shared';
import { check11, rules11 } from '../support/check11';

function data11(faction: string): RulesData {
  rules11().ensureFaction(faction, 11);
  return rules11().rulesFor(11);
}

function sheet(faction: string, name: string): Datasheet {
  const d = data11(faction).datasheets.find((x) => x.name === name && x.models.length > 0);
  assert.ok(d, `${name} (${faction}) with its catalogue profile`);
  return d;
}

const check = (text: string) => check11(text);

const list = (file: string) => fs.readFileSync(sharedPath('lists-11e', file), 'utf8');

describe('BattleScribe 11e entries as the checks read them (../shared)', function () {
  this.timeout(120000);
  beforeEach(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
  });

  describe('weapons reached through links (infoLinks to a shared profile)', () => {
    it("are the entry's own: the Champion's Plasma pistol, the Eightbound's Chainblades, the Sororitas Bolt pistol", () => {
      const pistol = sheet('World Eaters', 'Khorne Berzerkers').weapons.find((w) => w.name === 'Plasma pistol');
      assert.deepStrictEqual(pistol?.profiles.map((p) => [p.name, p.type, p.range, p.S, p.AP, p.D]), [
        ['Plasma pistol - standard', 'ranged', '12"', 7, -2, '1'],
        ['Plasma pistol - supercharge', 'ranged', '12"', 8, -3, '2'],
      ]);
      assert.ok(pistol.profiles.every((p) => p.abilities.includes('PISTOL')), JSON.stringify(pistol.profiles));
      const blades = sheet('World Eaters', 'Exalted Eightbound').weapons.find((w) => w.name === 'Chainblades');
      assert.ok(blades && blades.profiles.length === 1 && blades.profiles[0].type === 'melee', JSON.stringify(blades));
      const bolt = sheet('Adepta Sororitas', 'Battle Sisters Squad').weapons.find((w) => w.name === 'Bolt pistol');
      assert.ok(bolt && bolt.profiles[0].type === 'ranged', JSON.stringify(sheet('Adepta Sororitas', 'Battle Sisters Squad').weapons.map((w) => w.name)));
    });

    it('a real World Eaters list: no unknown wargear, and the Plasma pistols reach the damage figures', () => {
      const text = list('gwapp11_worldeaters_1.txt');
      assert.deepStrictEqual(check(text).filter((f) => f.code === 'unknown-wargear'), []);
      const unit = parseArmyList(text).units.find((u) => u.name.text === 'Khorne Berzerkers');
      assert.ok(unit);
      const fired = loadoutGroups(unit, sheet('World Eaters', 'Khorne Berzerkers')).filter((g) => g.weapons.some((w) => w.name === 'Plasma pistol'));
      // The Champion's one and the two of the nine Berzerkers.
      assert.strictEqual(fired.reduce((n, g) => n + g.models, 0), 3, JSON.stringify(fired));
    });
  });
});

describe('wargear, models and compulsory models by the data\'s entry types (../shared)', function () {
  this.timeout(120000);
  beforeEach(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
  });

  // A T'au character with drones from its "Drones (0-2)" group: upgrades without a weapon profile of their own.
  const TAU = `T'au Empire
Kauyon
Strike Force (2,000 Points)

CHARACTERS

Cadre Fireblade (50 points)
  • 1x Close combat weapon
  • 1x Fireblade pulse rifle
  • 1x Gun Drone
  • 1x Shield Drone
`;

  it("drones are legal wargear, and the Gun Drone's twin pulse carbine reaches the damage figures", () => {
    const fireblade = sheet("T'au Empire", 'Cadre Fireblade');
    assert.ok(['Gun Drone', 'Shield Drone', 'Missile Drone', 'Marker Drone'].every((d) => fireblade.wargearNames?.includes(d)), JSON.stringify(fireblade.wargearNames));
    assert.deepStrictEqual(check(TAU).filter((f) => f.code === 'unknown-wargear'), []);
    const unit = parseArmyList(TAU).units[0];
    const fired = loadoutGroups(unit, fireblade).flatMap((g) => g.weapons.flatMap((w) => w.profiles.map((p) => p.name)));
    assert.ok(fired.includes('Twin pulse carbine'), JSON.stringify(fired));
  });

  it('Bomb Squig, Ammo Runt, Distraction Grot are wargear: the Orks list has no false unit size', () => {
    const squighogs = sheet('Orks', 'Squighog Boyz');
    assert.ok(squighogs.wargearNames?.includes('Bomb squig') && !squighogs.modelNames?.includes('Bomb squig'), JSON.stringify(squighogs.wargearNames));
    const text = list('gwapp11_orks_1.txt');
    const found = check(text);
    assert.deepStrictEqual(found.filter((f) => ['unit-size', 'model-count'].includes(f.code)), []);
    const units = parseArmyList(text).units;
    const size = (name: string) => unitModelCount(units.find((u) => u.name.text === name)!, sheet('Orks', name));
    assert.deepStrictEqual([size('Squighog Boyz'), size('Flash Gitz'), size('Kommandos')], [8, 10, 10]);
    // The same units as damage targets: the squigs and grots are no models to kill.
    const target = (name: string) => unitModels(units.find((u) => u.name.text === name)!, sheet('Orks', name));
    assert.deepStrictEqual([target('Squighog Boyz'), target('Flash Gitz'), target('Kommandos')], [8, 10, 10]);
  });

  it("Watcher in the Dark is wargear: the Dark Angels list's Deathwing units have their five models", () => {
    for (const name of ['Deathwing Knights', 'Deathwing Terminator Squad']) {
      const d = sheet('Dark Angels', name);
      assert.ok(d.wargearNames?.includes('Watcher in the Dark'), `${name}: ${JSON.stringify(d.wargearNames)}`);
    }
    const found = check(list('gwapp11_darkangels_1.txt')).filter((f) => f.line === 17 || f.line === 32);
    assert.deepStrictEqual(found.filter((f) => ['unit-size', 'model-count'].includes(f.code)), []);
  });

  it('compulsory models come from the data: the Champion and the Pack Leader, never read from names', () => {
    assert.deepStrictEqual(sheet('World Eaters', 'Khorne Berzerkers').requiredModels?.map((q) => [q.model, q.min]), [['Khorne Berzerker Champion', 1], ['Khorne Berzerkers', 9]]);
    assert.ok(sheet('World Eaters', 'Jakhals').requiredModels?.some((q) => q.model === 'Jakhal Pack Leader' && q.min === 1));
  });

  it('a real list without its Champion → model-count on that unit; the shared lists have none', () => {
    const text = list('gwapp11_worldeaters_1.txt');
    for (const file of fs.readdirSync(sharedPath('lists-11e')).filter((f) => f.endsWith('.txt'))) {
      assert.deepStrictEqual(check(list(file)).filter((f) => f.code === 'model-count'), [], file);
    }
    // The first Khorne Berzerkers unit with its Champion's three lines taken out (9 Berzerkers left).
    const lines = text.split('\n');
    const at = lines.findIndex((l) => /Khorne Berzerker Champion/.test(l));
    const unitLine = lines.slice(0, at).map((l) => /^Khorne Berzerkers \(/.test(l)).lastIndexOf(true) + 1;
    assert.match(lines.slice(at, at + 3).join('\n'), /Champion[\s\S]*Chainblade[\s\S]*Plasma pistol/);
    lines.splice(at, 3);
    const all = check(lines.join('\n'));
    const found = all.filter((f) => f.code === 'model-count');
    // 9 models: not a size the datasheet allows either.
    assert.ok(all.some((f) => f.code === 'unit-size' && f.line === unitLine), JSON.stringify(all));
    assert.deepStrictEqual(found.map((f) => [f.line, f.message]), [
      [unitLine, 'Khorne Berzerkers has no Khorne Berzerker Champion: its datasheet requires 1. [Khorne Berzerkers datasheet: unit composition]'],
    ]);
    // Jakhals without their Pack Leader (its bullet and its two wargear lines).
    const jak = text.split('\n');
    const leader = jak.findIndex((l) => /Jakhal Pack Leader/.test(l));
    jak.splice(leader, 3);
    const jakhals = check(jak.join('\n')).filter((f) => f.code === 'model-count');
    assert.deepStrictEqual(jakhals.map((f) => [f.line, f.message]), [[leader, 'Jakhals has no Jakhal Pack Leader: its datasheet requires 1. [Jakhals datasheet: unit composition]']]);
  });
});

describe('the MFM merged onto a catalogue datasheet (own fixture)', () => {
  const ds = (name: string, factionKeywords: string[], over: Partial<Datasheet> = {}): Datasheet => ({
    id: name, name, factionKeywords, keywords: [], composition: [], points: [], weapons: [], abilities: [], leads: [], ledBy: [], epicHero: false,
    models: [], source: { file: 'x', locator: name }, ...over,
  });
  const source = (kind: 'bsdata' | 'mfm', sheets: Datasheet[]): RulesData => {
    const d = emptyRulesData();
    d.sources.push({ kind, edition: 11, location: kind, version: kind });
    d.datasheets.push(...sheets);
    return d;
  };
  const weapon = { name: 'Assault cannon', profiles: [] };
  const model = { name: 'Speeder', M: '14"', T: 6, Sv: 3, W: 7, Ld: 6, OC: 2 };

  it('matches on any faction keyword of the catalogue datasheet and on a plural, in either order', () => {
    for (const order of [0, 1]) {
      const bs = source('bsdata', [
        ds('Land Speeder Vengeance', ['ADEPTUS ASTARTES', 'DARK ANGELS'], { models: [model], weapons: [weapon] }),
        ds('Myphitic Blight-hauler', ['DEATH GUARD'], { models: [model] }),
      ]);
      const mfmPriced = { kind: 'mfm' as const, label: 'MFM', source: { file: 'mfm.yaml' } };
      const mfm = source('mfm', [
        ds('Land Speeder Vengeance', ['DARK ANGELS'], { points: [{ models: 1, points: 130 }], pricedBy: mfmPriced }),
        ds('Myphitic Blight-Haulers', ['DEATH GUARD'], { points: [{ models: 1, points: 100 }, { models: 2, points: 200 }], pricedBy: mfmPriced }),
      ]);
      const { data } = mergeRules(order ? [{ data: mfm, precedence: 1 }, { data: bs, precedence: 2 }] : [{ data: bs, precedence: 1 }, { data: mfm, precedence: 2 }]);
      assert.deepStrictEqual(data.datasheets.map((d) => [d.name, d.models.length, d.weapons.length, d.points.map((p) => p.points).join('/'), d.pricedBy?.kind]), [
        ['Land Speeder Vengeance', 1, 1, '130', 'mfm'],
        ['Myphitic Blight-hauler', 1, 0, '100/200', 'mfm'],
      ], `order ${order}`);
    }
  });

  it('never merges datasheets of another faction that share the name', () => {
    const bs = source('bsdata', [ds('Land Raider', ['ADEPTUS ASTARTES', 'GREY KNIGHTS'], { models: [model] })]);
    const mfm = source('mfm', [ds('Land Raider', ['BLACK TEMPLARS'], { points: [{ models: 1, points: 240 }], pricedBy: { kind: 'mfm', label: 'MFM', source: { file: 'm' } } })]);
    const { data } = mergeRules([{ data: bs, precedence: 1 }, { data: mfm, precedence: 2 }]);
    assert.strictEqual(data.datasheets.length, 2);
  });
});

describe('the MFM merged onto the real catalogues (../shared)', function () {
  this.timeout(120000);
  beforeEach(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
  });

  it('Land Speeder Vengeance keeps its profile and weapons, priced by the MFM; the Dark Angels list names them', () => {
    const lsv = data11('Dark Angels').datasheets.filter((d) => d.name === 'Land Speeder Vengeance');
    assert.strictEqual(lsv.length, 1, 'one datasheet, not a catalogue one and a points-only one');
    assert.strictEqual(lsv[0].pricedBy?.kind, 'mfm');
    assert.ok(['Assault cannon', 'Plasma storm battery'].every((w) => lsv[0].weapons.some((x) => x.name === w)), JSON.stringify(lsv[0].weapons.map((w) => w.name)));
    const found = check(list('gwapp11_darkangels_1.txt')).filter((f) => f.line >= 109 && f.line <= 112);
    assert.deepStrictEqual(found.map((f) => f.code), ['points-mismatch'], JSON.stringify(found));
  });

  it("every MFM entry of a faction whose catalogue has a datasheet of that name prices it (no points-only twin)", () => {
    for (const faction of ['Dark Angels', 'Blood Angels', 'Death Guard', 'World Eaters', 'Orks', "T'au Empire"]) {
      const all = data11(faction).datasheets;
      const key = (n: string) => n.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/s$/, '');
      const twins = all.filter((d) => !d.models.length && all.some((c) => c.models.length && key(c.name) === key(d.name) && c.factionKeywords.includes(d.factionKeywords[0])));
      assert.deepStrictEqual(twins.map((d) => d.name), [], faction);
    }
  });
});
