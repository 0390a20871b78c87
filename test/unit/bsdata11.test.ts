// BattleScribe 11th-edition data: the JSON front end (the same reader as the
// XML files), the game system's force constraints per battle size, the edition
// of a source, and the real BSData wh40k-11e folder when ../shared has it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { editionOfGameSystem, listBsDataCatalogues, loadBsData } from '../../server/src/service/domain/rules/bsdata';
import { elementName, readJsonRootHeader } from '../../server/src/service/domain/rules/bsdataJson';
import { battleSizeName } from '../../server/src/service/domain/rules/bsdataForce';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';

// ---------------------------------------------------------------- our own fixture, in both formats

const unitXml = (id: string, name: string, w: number) => `<profile id="${id}" name="${name}" typeId="pt-unit" typeName="Unit"><characteristics>
  <characteristic name="M">6&quot;</characteristic><characteristic name="T">3</characteristic><characteristic name="SV">5+</characteristic>
  <characteristic name="W">${w}</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">2</characteristic></characteristics></profile>`;
const leaderXml = (id: string, unit: string) => `<profile id="${id}" name="Leader" typeId="pt-ab" typeName="Abilities"><characteristics><characteristic name="Description">This model can be attached to the following unit:
- ${unit}</characteristic></characteristics></profile>`;
const sizeCond = (size: string, type: string, value: number) => `<conditions><condition type="${type}" value="${value}" field="selections" scope="force" childId="${size}" shared="true"/></conditions>`;

const GST_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys-11" name="Test 40,000 11th Edition" revision="6" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts-id" name="pts"/><costType id="dp-id" name="Detachment Points"/><costType id="enh-id" name="Enhancements"/></costTypes>
  <profileTypes><profileType id="pt-unit" name="Unit"/><profileType id="pt-ab" name="Abilities"/></profileTypes>
  <categoryEntries>
    <categoryEntry id="cat-faction" name="Faction: Test Host"/><categoryEntry id="cat-inf" name="Infantry"/>
    <categoryEntry id="cat-char" name="Character"/><categoryEntry id="cat-sup" name="Support"/>
  </categoryEntries>
  <forceEntries>
    <forceEntry id="fe-army" name="Army Roster">
      <constraints>
        <constraint type="max" value="2" field="dp-id" scope="parent" id="c-dp"/>
        <constraint type="max" value="2" field="enh-id" scope="force" id="c-enh" message="You cannot have more than {value} Enhancements in your army."/>
      </constraints>
      <modifiers>
        <modifier type="set" value="3" field="c-dp">${sizeCond('bs-sf', 'equalTo', 1)}</modifier>
        <modifier type="set" value="4" field="c-dp">${sizeCond('bs-on', 'equalTo', 1)}</modifier>
        <modifier type="set" value="4" field="c-enh">${sizeCond('bs-inc', 'equalTo', 0)}</modifier>
      </modifiers>
    </forceEntry>
    <forceEntry id="fe-ba" name="Boarding Actions"><constraints><constraint type="max" value="9" field="dp-id" scope="parent" id="c-ba"/></constraints></forceEntry>
  </forceEntries>
  <sharedSelectionEntries>
    <selectionEntry type="upgrade" name="Battle Size" id="bs">
      <selectionEntries><selectionEntry type="upgrade" name="Override points limit?" id="bs-override"/></selectionEntries>
      <selectionEntryGroups><selectionEntryGroup name="Battle Size" id="bs-group"><selectionEntries>
        <selectionEntry type="upgrade" name="1. Incursion (1000 Point limit)" id="bs-inc"/>
        <selectionEntry type="upgrade" name="2. Strike Force (2000 Point limit)" id="bs-sf"/>
        <selectionEntry type="upgrade" name="3. Onslaught (3000 Point limit)" id="bs-on"/>
      </selectionEntries></selectionEntryGroup></selectionEntryGroups>
    </selectionEntry>
  </sharedSelectionEntries>
  <sharedRules>
    <rule id="r-stealth" name="Stealth"><description>The benefit of cover against ranged attacks.</description></rule>
    <rule id="r-leader" name="Leader"><description>While a Bodyguard unit contains a Leader, it is an Attached unit.</description></rule>
  </sharedRules>
</gameSystem>`;

const CAT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="cat-11" name="Xenos - Test Host" library="false" gameSystemId="sys-11" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <catalogueLinks><catalogueLink id="cl-1" name="Imperium - Missing Library" targetId="cat-missing" type="catalogue"/></catalogueLinks>
  <sharedSelectionEntries>
    <selectionEntry type="unit" name="Troopers" id="u-troopers">
      <categoryLinks><categoryLink targetId="cat-faction" primary="false"/><categoryLink targetId="cat-inf" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="60"/></costs>
      <infoLinks><infoLink id="il-1" type="rule" targetId="r-stealth"/></infoLinks>
      <selectionEntries><selectionEntry type="model" name="Trooper" id="m-trooper">
        <constraints><constraint type="min" value="5" field="selections" scope="parent" id="c1"/><constraint type="max" value="10" field="selections" scope="parent" id="c2"/></constraints>
        <profiles>${unitXml('p-trooper', 'Trooper', 1)}</profiles>
      </selectionEntry></selectionEntries>
      <entryLinks><entryLink id="el-gone-1" name="Borrowed gun" type="selectionEntry" targetId="gone-1"/><entryLink id="el-gone-2" name="Borrowed blade" type="selectionEntry" targetId="gone-2"/></entryLinks>
    </selectionEntry>
    <selectionEntry type="model" name="Captain" id="u-captain">
      <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-char" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="45"/></costs>
      <profiles>${unitXml('p-captain', 'Captain', 4)}${leaderXml('p-lead', 'TROOPERS')}</profiles>
    </selectionEntry>
    <selectionEntry type="model" name="Medic" id="u-medic">
      <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-char" primary="true"/><categoryLink targetId="cat-sup"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="30"/></costs>
      <profiles>${unitXml('p-medic', 'Medic', 3)}${leaderXml('p-medic-lead', 'TROOPERS')}</profiles>
    </selectionEntry>
    <selectionEntry type="upgrade" name="Detachment" id="det-entry">
      <selectionEntryGroups><selectionEntryGroup name="Detachment" id="det-group"><selectionEntries>
        <selectionEntry type="upgrade" name="Host Strike" id="det-strike">
          <costs><cost name="Detachment Points" typeId="dp-id" value="2"/></costs>
          <rules><rule id="r-strike" name="Strike Hard"><description>Add 1 to **charge** rolls.</description></rule></rules>
        </selectionEntry>
      </selectionEntries></selectionEntryGroup></selectionEntryGroups>
    </selectionEntry>
  </sharedSelectionEntries>
  <entryLinks>
    <entryLink id="root-1" type="selectionEntry" targetId="u-troopers"/>
    <entryLink id="root-2" type="selectionEntry" targetId="u-captain"/>
    <entryLink id="root-3" type="selectionEntry" targetId="u-medic"/>
  </entryLinks>
</catalogue>`;

// The same two files as BSData wh40k-11e writes them: attributes as keys (typed), child lists as arrays, element
// text as `$text`, descriptions as plain strings, the root's attributes after its child lists.
const unitJson = (id: string, name: string, w: number) => ({
  id, name, typeId: 'pt-unit', typeName: 'Unit',
  characteristics: [['M', '6"'], ['T', '3'], ['SV', '5+'], ['W', String(w)], ['LD', '7+'], ['OC', '2']].map(([n, t]) => ({ name: n, $text: t })),
});
const leaderJson = (id: string, unit: string) => ({
  id, name: 'Leader', typeId: 'pt-ab', typeName: 'Abilities',
  characteristics: [{ name: 'Description', $text: `This model can be attached to the following unit:\n- ${unit}` }],
});
const sizeCondJson = (size: string, type: string, value: number) => [{ type, value, field: 'selections', scope: 'force', childId: size, shared: true }];

const GST_JSON = {
  gameSystem: {
    costTypes: [{ id: 'pts-id', name: 'pts' }, { id: 'dp-id', name: 'Detachment Points' }, { id: 'enh-id', name: 'Enhancements' }],
    profileTypes: [{ id: 'pt-unit', name: 'Unit' }, { id: 'pt-ab', name: 'Abilities' }],
    categoryEntries: [
      { id: 'cat-faction', name: 'Faction: Test Host' }, { id: 'cat-inf', name: 'Infantry' },
      { id: 'cat-char', name: 'Character' }, { id: 'cat-sup', name: 'Support' },
    ],
    forceEntries: [
      {
        id: 'fe-army', name: 'Army Roster',
        constraints: [
          { type: 'max', value: 2, field: 'dp-id', scope: 'parent', id: 'c-dp' },
          { type: 'max', value: 2, field: 'enh-id', scope: 'force', id: 'c-enh', message: 'You cannot have more than {value} Enhancements in your army.' },
        ],
        modifiers: [
          { type: 'set', value: 3, field: 'c-dp', conditions: sizeCondJson('bs-sf', 'equalTo', 1) },
          { type: 'set', value: 4, field: 'c-dp', conditions: sizeCondJson('bs-on', 'equalTo', 1) },
          { type: 'set', value: 4, field: 'c-enh', conditions: sizeCondJson('bs-inc', 'equalTo', 0) },
        ],
      },
      { id: 'fe-ba', name: 'Boarding Actions', constraints: [{ type: 'max', value: 9, field: 'dp-id', scope: 'parent', id: 'c-ba' }] },
    ],
    sharedSelectionEntries: [{
      type: 'upgrade', name: 'Battle Size', id: 'bs',
      selectionEntries: [{ type: 'upgrade', name: 'Override points limit?', id: 'bs-override' }],
      selectionEntryGroups: [{
        name: 'Battle Size', id: 'bs-group', selectionEntries: [
          { type: 'upgrade', name: '1. Incursion (1000 Point limit)', id: 'bs-inc' },
          { type: 'upgrade', name: '2. Strike Force (2000 Point limit)', id: 'bs-sf' },
          { type: 'upgrade', name: '3. Onslaught (3000 Point limit)', id: 'bs-on' },
        ],
      }],
    }],
    sharedRules: [
      { id: 'r-stealth', name: 'Stealth', description: 'The benefit of cover against ranged attacks.' },
      { id: 'r-leader', name: 'Leader', description: 'While a Bodyguard unit contains a Leader, it is an Attached unit.' },
    ],
    id: 'sys-11', name: 'Test 40,000 11th Edition', revision: 6, xmlns: 'http://www.battlescribe.net/schema/gameSystemSchema',
  },
};

const CAT_JSON = {
  catalogue: {
    catalogueLinks: [{ id: 'cl-1', name: 'Imperium - Missing Library', targetId: 'cat-missing', type: 'catalogue' }],
    sharedSelectionEntries: [
      {
        type: 'unit', name: 'Troopers', id: 'u-troopers',
        categoryLinks: [{ targetId: 'cat-faction', primary: false }, { targetId: 'cat-inf', primary: true }],
        costs: [{ name: 'pts', typeId: 'pts-id', value: 60 }],
        infoLinks: [{ id: 'il-1', type: 'rule', targetId: 'r-stealth' }],
        selectionEntries: [{
          type: 'model', name: 'Trooper', id: 'm-trooper',
          constraints: [{ type: 'min', value: 5, field: 'selections', scope: 'parent', id: 'c1' }, { type: 'max', value: 10, field: 'selections', scope: 'parent', id: 'c2' }],
          profiles: [unitJson('p-trooper', 'Trooper', 1)],
        }],
        entryLinks: [
          { id: 'el-gone-1', name: 'Borrowed gun', type: 'selectionEntry', targetId: 'gone-1' },
          { id: 'el-gone-2', name: 'Borrowed blade', type: 'selectionEntry', targetId: 'gone-2' },
        ],
      },
      {
        type: 'model', name: 'Captain', id: 'u-captain',
        categoryLinks: [{ targetId: 'cat-faction' }, { targetId: 'cat-char', primary: true }],
        costs: [{ name: 'pts', typeId: 'pts-id', value: 45 }],
        profiles: [unitJson('p-captain', 'Captain', 4), leaderJson('p-lead', 'TROOPERS')],
      },
      {
        type: 'model', name: 'Medic', id: 'u-medic',
        categoryLinks: [{ targetId: 'cat-faction' }, { targetId: 'cat-char', primary: true }, { targetId: 'cat-sup' }],
        costs: [{ name: 'pts', typeId: 'pts-id', value: 30 }],
        profiles: [unitJson('p-medic', 'Medic', 3), leaderJson('p-medic-lead', 'TROOPERS')],
      },
      {
        type: 'upgrade', name: 'Detachment', id: 'det-entry',
        selectionEntryGroups: [{
          name: 'Detachment', id: 'det-group', selectionEntries: [{
            type: 'upgrade', name: 'Host Strike', id: 'det-strike',
            costs: [{ name: 'Detachment Points', typeId: 'dp-id', value: 2 }],
            rules: [{ id: 'r-strike', name: 'Strike Hard', description: 'Add 1 to **charge** rolls.' }],
          }],
        }],
      },
    ],
    entryLinks: [
      { id: 'root-1', type: 'selectionEntry', targetId: 'u-troopers' },
      { id: 'root-2', type: 'selectionEntry', targetId: 'u-captain' },
      { id: 'root-3', type: 'selectionEntry', targetId: 'u-medic' },
    ],
    xmlns: 'http://www.battlescribe.net/schema/catalogueSchema',
    id: 'cat-11', name: 'Xenos - Test Host', library: false, gameSystemId: 'sys-11', type: 'catalogue',
  },
};

const xmlFiles = [{ name: 'Test.gst', text: GST_XML }, { name: 'Test Host.cat', text: CAT_XML }];
const jsonFiles = [{ name: 'Test 40,000.json', text: JSON.stringify(GST_JSON, null, 2) }, { name: 'Test Host.json', text: JSON.stringify(CAT_JSON, null, 2) }];

/** The model without the file names (the only thing that differs between the two front ends). */
function withoutFiles(data: RulesData): unknown {
  return JSON.parse(JSON.stringify(data, (k, v: unknown) => (k === 'file' || k === 'location' ? undefined : v)));
}

const byName = (data: RulesData, name: string): Datasheet => {
  const d = data.datasheets.find((x) => x.name === name);
  assert.ok(d, `datasheet ${name} present (have: ${data.datasheets.map((x) => x.name).join(', ')})`);
  return d;
};

describe('BattleScribe 11e: one reader, two front ends (own fixture)', () => {
  const xml = loadBsData(xmlFiles);
  const json = loadBsData(jsonFiles);

  it('loads the JSON and the equivalent XML into the same model', () => {
    assert.deepStrictEqual(withoutFiles(json.data), withoutFiles(xml.data));
    assert.deepStrictEqual(json.warnings.map((w) => [w.code, w.message.replace(/Test Host\.(json|cat)/, 'F')]), xml.warnings.map((w) => [w.code, w.message.replace(/Test Host\.(json|cat)/, 'F')]));
  });

  it('reads datasheets, detachment DP, Leader and Support attach lists from JSON', () => {
    const d = json.data;
    assert.deepStrictEqual(byName(d, 'Troopers').points, [{ models: 5, points: 60 }]);
    assert.deepStrictEqual(byName(d, 'Troopers').models, [{ name: 'Trooper', M: '6"', T: 3, Sv: 5, W: 1, Ld: 7, OC: 2 }]);
    assert.deepStrictEqual(byName(d, 'Captain').leads, ['Troopers']);
    assert.deepStrictEqual(byName(d, 'Medic').leads, []);
    assert.deepStrictEqual(byName(d, 'Medic').supports, ['Troopers']);
    assert.deepStrictEqual(byName(d, 'Troopers').ledBy, ['Captain']);
    assert.deepStrictEqual(byName(d, 'Troopers').supportedBy, ['Medic']);
    assert.deepStrictEqual(d.detachments.map((x) => [x.name, x.dp, x.rules]), [['Host Strike', 2, [{ name: 'Strike Hard', text: 'Add 1 to charge rolls.' }]]]);
    assert.deepStrictEqual(d.coreRules.map((r) => r.name), ['Stealth', 'Leader']);
    assert.strictEqual(d.coreRules[1].text, 'While a Bodyguard unit contains a Leader, it is an Attached unit.');
  });

  it('evaluates the force constraints per battle size from the constraints and modifiers', () => {
    const fc = json.data.forceConstraints ?? [];
    assert.deepStrictEqual(fc.map((c) => [c.costType, c.type, c.base, c.byBattleSize]), [
      ['Detachment Points', 'max', 2, { Incursion: 2, 'Strike Force': 3, Onslaught: 4 }],
      ['Enhancements', 'max', 2, { Incursion: 2, 'Strike Force': 4, Onslaught: 4 }],
    ]);
    assert.strictEqual(fc[1].message, 'You cannot have more than {value} Enhancements in your army.');
    assert.deepStrictEqual(json.data.battleSizes.map((b) => [b.name, b.points, b.detachmentPoints, b.enhancements]), [
      ['Incursion', 1000, 2, 2], ['Strike Force', 2000, 3, 4], ['Onslaught', 3000, 4, 4],
    ]);
  });

  it('gives the source its edition from the game system name, and its version', () => {
    assert.deepStrictEqual(json.data.sources.map((s) => [s.kind, s.edition, s.version]), [['bsdata', 11, 'Test 40,000 11th Edition revision 6']]);
    assert.strictEqual(editionOfGameSystem('Warhammer 40,000 10th Edition'), 10);
    assert.strictEqual(editionOfGameSystem('Warhammer 40,000 11th Edition'), 11);
    assert.strictEqual(editionOfGameSystem('Some System'), 10);
  });

  it('says once that a linked catalogue is missing, naming it, and loads the rest', () => {
    const missing = json.warnings.filter((w) => w.code === 'catalogue-link-missing');
    assert.strictEqual(missing.length, 1, JSON.stringify(json.warnings));
    assert.match(missing[0].message, /"Imperium - Missing Library"/);
    assert.match(missing[0].message, /2 links to entries defined nowhere/);
    assert.strictEqual(json.warnings.filter((w) => w.code === 'link-dangling').length, 0);
    assert.strictEqual(json.data.datasheets.length, 3);
  });

  it('reads the root attributes of a JSON file from its head and tail', () => {
    const text = JSON.stringify(CAT_JSON, null, 2);
    assert.deepStrictEqual(readJsonRootHeader(text.slice(0, 300), text.slice(-300)), {
      '#root': 'catalogue', xmlns: 'http://www.battlescribe.net/schema/catalogueSchema', id: 'cat-11', name: 'Xenos - Test Host', library: 'false', gameSystemId: 'sys-11', type: 'catalogue',
    });
    const listed = listBsDataCatalogues(jsonFiles);
    assert.deepStrictEqual(listed.catalogues.map((c) => [c.file, c.id, c.faction, c.library]), [['Test Host.json', 'cat-11', 'Test Host', false]]);
    assert.deepStrictEqual(listed.gameSystem && [listed.gameSystem.file, listed.gameSystem.edition], ['Test 40,000.json', 11]);
    assert.strictEqual(elementName('sharedSelectionEntryGroups'), 'selectionEntryGroup');
    assert.strictEqual(elementName('categoryEntries'), 'categoryEntry');
    assert.strictEqual(elementName('costTypes'), 'costType');
    assert.strictEqual(battleSizeName('2. Strike Force (2000 Point limit)'), 'Strike Force');
  });

  it('reports a damaged JSON file by name and position-free reason, and loads the other files', () => {
    const bad = '{\n  "catalogue": {\n    "sharedSelectionEntries": [\n      { "id": "x", "name": "Cut';
    const r = loadBsData([...jsonFiles, { name: 'Broken.json', text: bad }]);
    const w = r.warnings.find((x) => x.source.file === 'Broken.json');
    assert.ok(w && w.code === 'json-malformed', JSON.stringify(r.warnings));
    assert.strictEqual(r.data.datasheets.length, 3);
  });

  describe('as a folder', () => {
    let dir = '';
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-bs11-'));
      for (const f of jsonFiles) fs.writeFileSync(path.join(dir, f.name), f.text);
      fs.writeFileSync(path.join(dir, 'notes.json'), '{"unrelated": true}');
    });
    after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

    it('is recognised by its .json game system, with its edition known before loading', () => {
      const f = openDataFolder(dir);
      assert.strictEqual(f.kind, 'bsdata');
      assert.strictEqual(f.edition, 11);
      assert.deepStrictEqual(f.listFactions().factions.map((x) => x.name), ['Test Host']);
      assert.deepStrictEqual(withoutFiles(f.loadFaction('Test Host').data), withoutFiles(json.data));
    });

    it('puts its data in the 11th edition only', () => {
      const p = new RulesProvider({ paths: [dir] });
      p.ensureFaction('Test Host');
      assert.deepStrictEqual(p.editions(), [10, 11]);
      assert.ok(p.rulesFor(11).datasheets.some((d) => d.name === 'Troopers'));
      assert.ok(!p.rulesFor(10).datasheets.some((d) => d.name === 'Troopers'));
      assert.deepStrictEqual(p.rules().datasheets.map((d) => d.name), p.rulesFor(10).datasheets.map((d) => d.name));
      assert.deepStrictEqual(p.rulesFor(10).sources.map((s) => [s.kind, s.edition]), [['embedded', 10]]);
      assert.deepStrictEqual(p.summary().sources.map((s) => [s.kind, s.edition]), [['embedded', 10], ['bsdata', 11]]);
    });
  });
});

// ---------------------------------------------------------------- the real BSData wh40k-11e folder

describe('BattleScribe 11e: BSData wh40k-11e (../shared)', function () {
  this.timeout(60000);
  const dir = () => sharedPath('data', 'bsdata-11e');
  const loaded = new Map<string, ReturnType<ReturnType<typeof openDataFolder>['loadFaction']>>();
  const load = (faction: string) => {
    if (!loaded.has(faction)) loaded.set(faction, openDataFolder(dir()).loadFaction(faction));
    return loaded.get(faction)!;
  };
  beforeEach(function () { requireShared(this, 'data', 'bsdata-11e'); });

  it('lists its factions (every catalogue but the four SOURCE.md names) and knows the folder is 11th edition', () => {
    const f = openDataFolder(dir());
    assert.strictEqual(f.kind, 'bsdata');
    assert.strictEqual(f.edition, 11);
    const names = f.listFactions().factions.map((x) => x.name);
    for (const n of ['Genestealer Cults', 'Orks', 'Tyranids', 'World Eaters', 'Dark Angels', 'Astra Militarum', 'Agents of the Imperium', "T'au Empire"]) assert.ok(names.includes(n), `${n} in ${names.join(', ')}`);
    // Libraries are no factions; the catalogues the folder lacks are not listed.
    assert.ok(!names.some((n) => /library|^space marines$|^chaos space marines$/i.test(n)), names.join(', '));
  });

  it('says which catalogues a faction links that the folder lacks (Dark Angels → Space Marines, Astra Militarum → its library), once, on the faction', () => {
    const da = load('Dark Angels');
    assert.deepStrictEqual(da.data.factions.map((f) => [f.name, f.missingCatalogues]), [['Dark Angels', ['Imperium - Space Marines']]]);
    assert.strictEqual(da.warnings.filter((w) => w.code === 'catalogue-link-missing').length, 1, JSON.stringify(da.warnings.filter((w) => w.code === 'catalogue-link-missing')));
    assert.deepStrictEqual(load('Astra Militarum').data.factions.map((f) => f.missingCatalogues), [['Imperium - Astra Militarum - Library']]);
    assert.deepStrictEqual(load('Orks').data.factions.map((f) => f.missingCatalogues), [undefined]);
  });

  for (const [faction, keyword, unit] of [
    ['Genestealer Cults', 'GENESTEALER CULTS', 'Aberrants'],
    ['Tyranids', 'TYRANIDS', 'Hive Tyrant'],
    ['World Eaters', 'WORLD EATERS', 'Khorne Berzerkers'],
    ['Orks', 'ORKS', 'Boyz'],
  ] as const) {
    it(`loads ${faction}: datasheets with profiles and points, detachments with DP, enhancements`, () => {
      const { data } = load(faction);
      assert.deepStrictEqual(data.factions.map((f) => [f.name, f.keyword]), [[faction, keyword]]);
      assert.ok(data.datasheets.length >= 20, `${data.datasheets.length} datasheets`);
      const u = byName(data, unit);
      assert.ok(u.models.length > 0 && u.points.length > 0 && u.weapons.length > 0, JSON.stringify(u).slice(0, 300));
      assert.ok(data.detachments.length >= 8 && data.detachments.every((d) => d.dp !== undefined && d.dp >= 1 && d.dp <= 3), JSON.stringify(data.detachments.map((d) => [d.name, d.dp])));
      assert.ok(data.enhancements.length >= 20, `${data.enhancements.length} enhancements`);
      assert.deepStrictEqual(data.sources.map((s) => [s.kind, s.edition]), [['bsdata', 11]]);
    });
  }

  it('reads the game system: DP allowance 2/3/4 and Enhancements 2/4/4 by battle size, sharedRules as core rules', () => {
    const { data } = load('Genestealer Cults');
    const dp = data.forceConstraints?.find((c) => c.costType === 'Detachment Points');
    assert.deepStrictEqual(dp?.byBattleSize, { Incursion: 2, 'Strike Force': 3, Onslaught: 4 });
    const enh = data.forceConstraints?.find((c) => c.costType === 'Enhancements');
    assert.deepStrictEqual(enh?.byBattleSize, { Incursion: 2, 'Strike Force': 4, Onslaught: 4 });
    assert.deepStrictEqual(data.battleSizes.map((b) => [b.name, b.points, b.detachmentPoints, b.enhancements]), [
      ['Incursion', 1000, 2, 2], ['Strike Force', 2000, 3, 4], ['Onslaught', 3000, 4, 4],
    ]);
    const rule = (n: string) => data.coreRules.find((r) => r.name === n);
    assert.match(rule('Leader')?.text ?? '', /^While a Bodyguard unit contains a Leader/);
    assert.match(rule('Cleave')?.text ?? '', /\S/);
    assert.match(rule('Pistol')?.text ?? '', /\[PISTOL\] and \[CLOSE-QUARTERS\] are identical/);
    assert.deepStrictEqual(rule('Pistol')?.aliases, ['PISTOL']);
    // The 11e game system names a Support rule but gives it no text: said once, as a note.
    assert.strictEqual(rule('Support'), undefined);
    const note = load('Genestealer Cults').warnings.find((w) => w.code === 'rule-text-missing');
    assert.ok(note && note.severity === 'info' && /"Support"/.test(note.message), JSON.stringify(note));
  });

  it('names the missing Astra Militarum library once and still loads Genestealer Cults', () => {
    const { data, warnings } = load('Genestealer Cults');
    const missing = warnings.filter((w) => w.code === 'catalogue-link-missing');
    assert.strictEqual(missing.length, 1, JSON.stringify(missing));
    assert.match(missing[0].message, /"Imperium - Astra Militarum - Library"/);
    assert.strictEqual(warnings.filter((w) => w.code === 'link-dangling').length, 0);
    assert.ok(byName(data, 'Neophyte Hybrids').points.length > 0);
  });

  it('reads Support units (Biophagus) as Support, not Leader', () => {
    const { data } = load('Genestealer Cults');
    const b = byName(data, 'Biophagus');
    assert.deepStrictEqual(b.leads, []);
    assert.ok(b.supports?.includes('Neophyte Hybrids'), JSON.stringify(b.supports));
    assert.ok(byName(data, 'Neophyte Hybrids').supportedBy?.includes('Biophagus'));
  });
});
