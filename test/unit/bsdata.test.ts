import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadBsData, parseLeaderText } from '../../server/src/service/domain/rules/bsdata';
import { decodeEntities, parseXmlDocument } from '../../server/src/service/domain/rules/bsdataXml';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { Datasheet, DataWarning, RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';

// A tiny hand-written game system + catalogue (our own fixture), so the loader is exercised on a fresh machine.
const GST = `<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys-1" name="Test System" revision="3" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts-id" name="pts"/></costTypes>
  <profileTypes>
    <profileType id="pt-unit" name="Unit"/><profileType id="pt-ranged" name="Ranged Weapons"/><profileType id="pt-ab" name="Abilities"/>
  </profileTypes>
  <categoryEntries>
    <categoryEntry id="cat-faction" name="Faction: Test Host"/><categoryEntry id="cat-inf" name="Infantry"/><categoryEntry id="cat-char" name="Character"/>
  </categoryEntries>
  <sharedRules><rule id="r-stealth" name="Stealth"><description>Minus one to hit.</description></rule></sharedRules>
</gameSystem>`;

const unitProfile = (name: string, w: number) => `<profile id="p-${w}" name="${name}" typeId="pt-unit" typeName="Unit"><characteristics>
  <characteristic name="M">6&quot;</characteristic><characteristic name="T">3</characteristic><characteristic name="SV">5+</characteristic>
  <characteristic name="W">${w}</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">2</characteristic></characteristics></profile>`;

const CAT = `<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="cat-1" name="Xenos - Test Host" library="false" gameSystemId="sys-1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntries>
    <selectionEntry type="unit" name="Troopers" id="u-troopers">
      <categoryLinks><categoryLink targetId="cat-faction" primary="false"/><categoryLink targetId="cat-inf" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="60"/></costs>
      <modifiers><modifier type="set" value="110" field="pts-id"><conditions>
        <condition type="greaterThan" value="5" field="selections" scope="self" childId="model"/></conditions></modifier></modifiers>
      <infoLinks><infoLink id="il-1" type="rule" targetId="r-stealth"/></infoLinks>
      <selectionEntries>
        <selectionEntry type="model" name="Trooper" id="m-trooper">
          <constraints><constraint type="min" value="5" field="selections" scope="parent" id="c1"/><constraint type="max" value="10" field="selections" scope="parent" id="c2"/></constraints>
          <profiles>${unitProfile('Trooper', 1)}</profiles>
          <entryLinks><entryLink id="el-gun" type="selectionEntry" targetId="w-gun"/></entryLinks>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>
    <selectionEntry type="model" name="Captain" id="u-captain">
      <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-char" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="45"/></costs>
      <profiles>${unitProfile('Captain', 4)}
        <profile id="p-lead" name="Leader" typeId="pt-ab" typeName="Abilities"><characteristics><characteristic name="Description">This model can be attached to the following unit:
- **^^Troopers^^**</characteristic></characteristics></profile></profiles>
    </selectionEntry>
    <selectionEntry type="upgrade" name="Lasgun" id="w-gun">
      <profiles><profile id="p-gun" name="Lasgun" typeId="pt-ranged" typeName="Ranged Weapons"><characteristics>
        <characteristic name="Range">24&quot;</characteristic><characteristic name="A">1</characteristic><characteristic name="BS">4+</characteristic>
        <characteristic name="S">3</characteristic><characteristic name="AP">0</characteristic><characteristic name="D">1</characteristic>
        <characteristic name="Keywords">Rapid Fire 1, Lethal Hits</characteristic></characteristics></profile></profiles>
    </selectionEntry>
  </sharedSelectionEntries>
  <entryLinks>
    <entryLink id="root-1" type="selectionEntry" targetId="u-troopers"/>
    <entryLink id="root-2" type="selectionEntry" targetId="u-captain"/>
  </entryLinks>
</catalogue>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE catalogue [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<catalogue id="evil" name="Xenos - Evil" library="false"><sharedRules><rule id="x" name="&lol3;"/></sharedRules></catalogue>`;

const byName = (data: RulesData, name: string): Datasheet => {
  const d = data.datasheets.find((x) => x.name === name);
  assert.ok(d, `datasheet ${name} present (have: ${data.datasheets.map((x) => x.name).join(', ')})`);
  return d;
};
const codes = (ws: DataWarning[]) => ws.map((w) => w.code);

describe('BSData loader: own fixture', () => {
  it('reads keywords, profiles, weapons, size-priced points, composition and leaders', () => {
    const { data, warnings } = loadBsData([{ name: 'Test.gst', text: GST }, { name: 'Test Host.cat', text: CAT }]);
    assert.deepStrictEqual(warnings.filter((w) => w.severity !== 'info'), []);
    assert.strictEqual(data.factions[0].name, 'Test Host');
    assert.strictEqual(data.factions[0].keyword, 'TEST HOST');
    const t = byName(data, 'Troopers');
    assert.deepStrictEqual(t.factionKeywords, ['TEST HOST']);
    assert.deepStrictEqual(t.keywords, ['INFANTRY']);
    assert.deepStrictEqual(t.models, [{ name: 'Trooper', M: '6"', T: 3, Sv: 5, W: 1, Ld: 7, OC: 2 }]);
    assert.deepStrictEqual(t.composition, [{ model: 'Trooper', min: 5, max: 10 }]);
    assert.deepStrictEqual(t.points, [{ models: 5, points: 60 }, { models: 10, points: 110 }]);
    assert.deepStrictEqual(t.weapons[0].profiles[0].abilities, ['RAPID FIRE 1', 'LETHAL HITS']);
    assert.deepStrictEqual(t.abilities, [{ name: 'Stealth', kind: 'core' }]);
    assert.deepStrictEqual(byName(data, 'Captain').leads, ['Troopers']);
    assert.deepStrictEqual(t.ledBy, ['Captain']);
    assert.strictEqual(t.source.file, 'Test Host.cat');
    assert.strictEqual(t.source.locator, 'u-troopers');
  });

  it('refuses a DOCTYPE with entities (billion laughs) without expanding it', () => {
    const r = parseXmlDocument(BILLION_LAUGHS);
    assert.strictEqual(r.ok, false);
    assert.ok(!r.ok && r.code === 'xml-entities');
    const { warnings } = loadBsData([{ name: 'Test.gst', text: GST }, { name: 'Evil.cat', text: BILLION_LAUGHS }]);
    const w = warnings.find((x) => x.code === 'xml-entities');
    assert.ok(w && w.source.file === 'Evil.cat' && /entities/.test(w.message), JSON.stringify(warnings));
  });

  it('decodes only the predefined entities and character references', () => {
    assert.strictEqual(decodeEntities('12&quot; &amp; T&apos;au &#8217; &#x2013; &foo;'), '12" & T\'au ’ – &foo;');
  });

  it('parses leader texts in their several forms', () => {
    assert.deepStrictEqual(parseLeaderText('This model can be attached to the following units:\n- ATALAN JACKALS'), ['ATALAN JACKALS']);
    assert.deepStrictEqual(parseLeaderText('This model can be attached to the following unit:\n- **^^Tyrant Guard^^**'), ['Tyrant Guard']);
  });
});

describe('BSData loader: shared catalogues', function () {
  this.timeout(20000);
  let gsc: { data: RulesData; warnings: DataWarning[] };
  before(function () {
    requireShared(this, 'data', 'bsdata');
    gsc = openDataFolder(sharedPath('data', 'bsdata')).loadFaction('Genestealer Cults');
  });

  it('lists the factions cheaply from the catalogue headers', () => {
    const { factions, warnings } = openDataFolder(sharedPath('data', 'bsdata')).listFactions();
    assert.deepStrictEqual(warnings, []);
    assert.deepStrictEqual(factions.map((f) => f.name).sort(), ['Adeptus Custodes', 'Agents of the Imperium', 'Astra Militarum', 'Genestealer Cults', 'Tyranids']);
  });

  it('loads Genestealer Cults with its own datasheets and no Legends, Crusade or allied units', () => {
    assert.deepStrictEqual(gsc.warnings.filter((w) => w.severity !== 'info'), []);
    assert.strictEqual(gsc.data.factions[0].keyword, 'GENESTEALER CULTS');
    const names = gsc.data.datasheets.filter((d) => !d.legends).map((d) => d.name);
    for (const n of ['Atalan Jackals', 'Jackal Alphus', 'Patriarch', 'Neophyte Hybrids', 'Goliath Rockgrinder', 'Acolyte Hybrids with Autopistols']) assert.ok(names.includes(n), n);
    assert.strictEqual(names.length, 24, names.join(', '));
    // Legends entries load flagged, under their plain name, so that a list naming one is told it is Legends.
    assert.deepStrictEqual(gsc.data.datasheets.filter((d) => d.legends).map((d) => d.name), ['Tectonic Fragdrill']);
    assert.ok(!names.some((n) => /\[(legends|crucible)\]/i.test(n) || n === 'Leman Russ Battle Tank'));
    assert.ok(gsc.data.datasheets.every((d) => d.factionKeywords.includes('GENESTEALER CULTS')));
  });

  it('reads Atalan Jackals as the catalogue states it', () => {
    const j = byName(gsc.data, 'Atalan Jackals');
    assert.deepStrictEqual(j.keywords.sort(), ['ATALAN JACKALS', 'GREAT DEVOURER', 'GRENADES', 'MOUNTED']);
    assert.deepStrictEqual(j.models, [
      { name: 'Atalan Jackal', M: '12"', T: 4, Sv: 5, W: 2, Ld: 7, OC: 1 },
      { name: 'Atalan Wolfquad', M: '12"', T: 4, Sv: 5, W: 4, Ld: 7, OC: 1 },
    ]);
    assert.deepStrictEqual(j.composition, [{ model: 'Atalan Jackal', min: 4, max: 8 }, { model: 'Atalan Wolfquad', min: 1, max: 2 }]);
    assert.deepStrictEqual(j.points, [{ models: 5, points: 85 }, { models: 10, points: 150 }]);
    const w = (n: string) => j.weapons.find((x) => x.name === n)?.profiles.map((p) => [p.name, p.type, p.range, p.A, p.skill, p.S, p.AP, p.D, p.abilities.join(',')]);
    assert.deepStrictEqual(w('Atalan small arms'), [['Atalan small arms', 'ranged', '12"', '2', 4, 4, 0, '1', 'PISTOL']]);
    assert.deepStrictEqual(w('Close combat weapon'), [['Close combat weapon', 'melee', 'Melee', '2', 4, 3, 0, '1', '']]);
    assert.deepStrictEqual(w('Atalan power weapon'), [['Atalan power weapon', 'melee', 'Melee', '2', 4, 4, -2, '1', '']]);
    assert.deepStrictEqual(w('Grenade launcher'), [
      ['Grenade launcher - frag', 'ranged', '24"', 'D3', 4, 4, 0, '1', 'BLAST'],
      ['Grenade launcher - krak', 'ranged', '24"', '1', 4, 9, -2, 'D3', ''],
    ]);
    assert.deepStrictEqual(w('Heavy stubber'), [['Heavy stubber', 'ranged', '36"', '3', 4, 4, 0, '1', 'ASSAULT,RAPID FIRE 3']]);
    assert.deepStrictEqual(w('Mining laser'), [['Mining laser', 'ranged', '24"', '1', 4, 12, -3, 'D6+1', '']]);
    assert.deepStrictEqual(w('Atalan incinerator'), [['Atalan incinerator', 'ranged', '12"', 'D6', null, 5, -1, '1', 'IGNORES COVER,TORRENT']]);
    assert.strictEqual(j.weapons.length, 7);
    assert.deepStrictEqual(j.abilities.map((a) => `${a.name}/${a.kind}`).sort(), ['Cult Ambush/faction', 'Demolition Run/datasheet', 'Outrider Gangs/datasheet', 'Scouts 9"/core', 'Stealth/core']);
    assert.match(j.abilities.find((a) => a.name === 'Demolition Run')?.text ?? '', /Once per battle round/);
    assert.strictEqual(j.epicHero, false);
    assert.deepStrictEqual(j.source, { file: 'Genestealer Cults.cat', locator: '3a81-2b84-bf4c-4f85' });
  });

  it('resolves leaders both ways, including keyword targets', () => {
    const alphus = byName(gsc.data, 'Jackal Alphus');
    assert.deepStrictEqual(alphus.leads, ['Atalan Jackals']);
    assert.deepStrictEqual(alphus.points, [{ models: 1, points: 55 }]);
    assert.deepStrictEqual(alphus.models.map((m) => m.W), [4]);
    assert.deepStrictEqual(byName(gsc.data, 'Atalan Jackals').ledBy, ['Jackal Alphus']);
    // "ACOLYTE HYBRIDS" is a keyword both Acolyte datasheets carry.
    assert.ok(byName(gsc.data, 'Acolyte Hybrids with Hand Flamers').ledBy.includes('Primus'));
    assert.strictEqual(byName(gsc.data, 'Patriarch').models[0].invuln, 4);
  });

  it('finds the detachments and enhancements in the linked Tyranids library', () => {
    const dets = gsc.data.detachments.map((d) => d.name);
    assert.deepStrictEqual(dets.sort(), ['Biosanctic Broodsurge', 'Brood Brother Auxilia', 'Final Day', 'Host of Ascension', 'Outlander Claw', 'Xenocreed Congregation']);
    const host = gsc.data.detachments.find((d) => d.name === 'Host of Ascension');
    assert.strictEqual(host?.rules[0].name, 'A Perfect Ambush');
    assert.strictEqual(host?.source.file, 'Library - Tyranids.cat');
    const enh = gsc.data.enhancements.filter((e) => e.detachment === 'Host of Ascension').map((e) => [e.name, e.points]);
    assert.deepStrictEqual(enh.sort(), [['A Chink in Their Armour', 20], ['Assassination Edict', 15], ['Our Time is Nigh', 20], ['Prowling Agitant', 15]]);
    assert.strictEqual(gsc.data.enhancements.find((e) => e.name === 'Our Time is Nigh')?.eligibility, 'GENESTEALER CULTS model only');
  });

  it('loads all four factions with the game system core rules', () => {
    const all = openDataFolder(sharedPath('data', 'bsdata')).loadAll();
    assert.deepStrictEqual(all.warnings.filter((w) => w.severity === 'error'), []);
    for (const f of ['Tyranids', 'Astra Militarum', 'Adeptus Custodes']) assert.ok(all.data.factions.some((x) => x.name === f), f);
    assert.ok(all.data.datasheets.some((d) => d.name === 'Hive Tyrant'));
    assert.ok(all.data.coreRules.some((r) => r.name === 'Stealth'));
    const ids = all.data.datasheets.map((d) => d.id);
    assert.strictEqual(new Set(ids).size, ids.length, 'each datasheet once');
  });
});

describe('BSData loader: corrupted copies of the real files', function () {
  this.timeout(20000);
  let dir: string;
  before(function () {
    requireShared(this, 'data', 'bsdata');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-bsdata-'));
    const src = sharedPath('data', 'bsdata');
    for (const f of ['Warhammer 40,000.gst', 'Library - Tyranids.cat', 'Imperium - Astra Militarum - Library.cat']) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    // Truncated XML.
    const unaligned = fs.readFileSync(path.join(src, 'Unaligned Forces.cat'), 'utf8');
    fs.writeFileSync(path.join(dir, 'Unaligned Forces.cat'), unaligned.slice(0, Math.floor(unaligned.length / 2)));
    let gsc = fs.readFileSync(path.join(src, 'Genestealer Cults.cat'), 'utf8');
    // Dangling link: the Jackal's small-arms link now points nowhere.
    const link = 'targetId="17cd-6ea6-d3e9-c53c" id="250e-bd99-8e6e-e58a"';
    assert.ok(gsc.includes(link));
    gsc = gsc.replace(link, 'targetId="dead-0000-0000-beef" id="250e-bd99-8e6e-e58a"');
    // Unknown cost type: Jackal Alphus's points now use an undeclared type id.
    const at = gsc.indexOf('id="6426-ca59-402a-d399"');
    const cost = '<cost name="pts" typeId="51b2-306e-1021-d207" value="55"/>';
    const ci = gsc.indexOf(cost, at);
    assert.ok(at > 0 && ci > at);
    gsc = gsc.slice(0, ci) + '<cost name="pts" typeId="ffff-ffff-ffff-ffff" value="55"/>' + gsc.slice(ci + cost.length);
    fs.writeFileSync(path.join(dir, 'Genestealer Cults.cat'), gsc);
    fs.writeFileSync(path.join(dir, 'Evil.cat'), BILLION_LAUGHS);
  });
  after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('warns once per problem, naming file and element, and still loads the rest', () => {
    const { data, warnings } = openDataFolder(dir).loadAll();
    const find = (code: string, file: string) => warnings.find((w) => w.code === code && w.source.file === file);
    const trunc = find('xml-malformed', 'Unaligned Forces.cat');
    assert.ok(trunc && /truncated/.test(trunc.message), JSON.stringify(warnings, null, 1));
    assert.ok(find('xml-entities', 'Evil.cat'));
    const dangling = find('link-dangling', 'Genestealer Cults.cat');
    assert.ok(dangling && dangling.source.locator === '250e-bd99-8e6e-e58a' && dangling.message.includes('dead-0000-0000-beef'));
    const cost = warnings.find((w) => w.code === 'cost-type-unknown' && w.severity === 'warning');
    assert.ok(cost && cost.source.locator === '6426-ca59-402a-d399' && cost.source.file === 'Genestealer Cults.cat');
    assert.strictEqual(warnings.filter((w) => w.code === 'xml-malformed').length, 1);
    // The rest still loads.
    const j = byName(data, 'Atalan Jackals');
    assert.deepStrictEqual(j.points, [{ models: 5, points: 85 }, { models: 10, points: 150 }]);
    assert.deepStrictEqual(byName(data, 'Jackal Alphus').points, []);
    assert.ok(data.detachments.some((d) => d.name === 'Host of Ascension'));
  });

  it('reports a wrong path or an unrecognised folder instead of throwing', () => {
    const missing = openDataFolder(path.join(dir, 'no-such-folder'));
    assert.strictEqual(missing.kind, 'unknown');
    assert.deepStrictEqual(codes(missing.loadAll().warnings), ['folder-missing']);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-empty-'));
    try {
      assert.deepStrictEqual(codes(openDataFolder(empty).warnings), ['folder-unrecognised']);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('loads catalogues without a game system, with one error saying so', () => {
    const { warnings, data } = loadBsData([{ name: 'Test Host.cat', text: CAT }]);
    assert.deepStrictEqual(codes(warnings.filter((w) => w.severity === 'error')), ['bsdata-no-gamesystem']);
    assert.strictEqual(data.factions.length, 1);
  });
});
