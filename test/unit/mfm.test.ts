// The Munitorum Field Manual (11th-edition points as YAML): the loader on a
// tiny self-made fixture, the merge where the MFM's points beat BattleScribe's,
// and the real v1.0/v1.1 files when ../shared has them.
import type { ArmyList } from '../../server/src/service/domain/parse/ast';
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { loadMfm, parseCopyRange, tierForCopy } from '../../server/src/service/domain/rules/mfm';
import { loadBsData } from '../../server/src/service/domain/rules/bsdata';
import { mergeRules } from '../../server/src/service/domain/rules/merge';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { RulesState } from '../../server/src/lsp/rulesState';
import { datasheetMarkdown, detachmentMarkdown } from '../../server/src/service/features/render/markdown';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';

const META = `version: "9.9"
lastUpdated: 2026-08-01
notes: Our own test manual.
`;

const HOST = `name: Test Host
slug: test-host
version: "9.9"
firstSeen: 2026-08-01
detachments:
  - name: Host Strike
    dp: 2
    objective: TAKE AND HOLD
    unique: Hosts
    enhancements:
      - { name: Bright Blade, points: 15 }
      - { name: Field Kit, points: 10, supportTo: [ Troopers ] }
  - name: Lone Vigil
    dp: 1
    objective: RECONNAISSANCE
    enhancements:
      - { name: Watchword, points: 20, leaderTo: [ Troopers, Scouts ] }
units:
  - name: Troopers
    pricing:
      - range: "[1,2]"
        label: Your 1st To 2nd Units Cost
        costs:
          - { models: 10, points: 130 }
          - { models: 5, points: 65 }
      - range: "[3,)"
        label: Your 3rd + Unit Costs
        costs:
          - { models: 5, points: 75 }
          - { models: 10, points: 140 }
    wargear:
      - { item: Heavy flamer, points: 5 }
  - name: Captain
    pricing:
      - range: "[1,)"
        label: Your Unit Costs
        costs:
          - { models: 1, points: 50 }
    role: leader
    attachTo:
      - Troopers
  - name: Medic
    pricing:
      - range: "[1,1]"
        label: Your 1st Unit Costs
        costs:
          - { models: 1, points: 30 }
      - range: "[2,)"
        label: Your 2nd + Unit Costs
        costs:
          - { models: 1, points: 40 }
    role: support
    attachTo:
      - Troopers
  - name: Old Relic
    legends: true
    pricing:
      - range: "[1,)"
        costs:
          - { models: 1, points: 100 }
`;

const files = [{ name: 'meta.yaml', text: META }, { name: 'test-host.yaml', text: HOST }];

const byName = (data: RulesData, name: string): Datasheet => {
  const d = data.datasheets.find((x) => x.name === name);
  assert.ok(d, `datasheet ${name} present (have: ${data.datasheets.map((x) => x.name).join(', ')})`);
  return d;
};

describe('MFM loader (own fixture)', () => {
  const { data, warnings } = loadMfm(files, { location: 'fixture' });

  it('loads without warnings, as an 11th-edition source with its version', () => {
    assert.deepStrictEqual(warnings, []);
    assert.deepStrictEqual(data.sources, [{ kind: 'mfm', edition: 11, location: 'fixture', version: 'Munitorum Field Manual v9.9 (2026-08-01)' }]);
    assert.deepStrictEqual(data.factions.map((f) => [f.name, f.keyword]), [['Test Host', 'TEST HOST']]);
  });

  it('prices each unit per starting strength and per copy (requisition thresholds), with wargear costs', () => {
    const t = byName(data, 'Troopers');
    assert.deepStrictEqual(t.pointsTiers, [
      { copies: { from: 1, to: 2 }, label: 'Your 1st To 2nd Units Cost', steps: [{ models: 5, points: 65 }, { models: 10, points: 130 }] },
      { copies: { from: 3 }, label: 'Your 3rd + Unit Costs', steps: [{ models: 5, points: 75 }, { models: 10, points: 140 }] },
    ]);
    assert.deepStrictEqual(t.points, [{ models: 5, points: 65 }, { models: 10, points: 130 }]);
    assert.deepStrictEqual(t.wargearCosts, [{ item: 'Heavy flamer', points: 5 }]);
    assert.deepStrictEqual(t.factionKeywords, ['TEST HOST']);
    assert.strictEqual(tierForCopy(t.pointsTiers ?? [], 2)?.steps[0].points, 65);
    assert.strictEqual(tierForCopy(t.pointsTiers ?? [], 3)?.steps[0].points, 75);
    assert.strictEqual(tierForCopy(t.pointsTiers ?? [], 9)?.steps[1].points, 140);
    assert.strictEqual(tierForCopy(byName(data, 'Medic').pointsTiers ?? [], 2)?.steps[0].points, 40);
  });

  it('reads Leader and Support attach lists, and their reverse', () => {
    assert.deepStrictEqual(byName(data, 'Captain').leads, ['Troopers']);
    assert.strictEqual(byName(data, 'Captain').supports, undefined);
    assert.deepStrictEqual(byName(data, 'Medic').leads, []);
    assert.deepStrictEqual(byName(data, 'Medic').supports, ['Troopers']);
    assert.deepStrictEqual(byName(data, 'Troopers').ledBy, ['Captain']);
    assert.deepStrictEqual(byName(data, 'Troopers').supportedBy, ['Medic']);
  });

  it('reads detachments: DP, force disposition, unique tag, enhancements with leaderTo/supportTo', () => {
    assert.deepStrictEqual(data.detachments.map((d) => [d.name, d.dp, d.forceDisposition, d.unique]), [
      ['Host Strike', 2, 'TAKE AND HOLD', 'Hosts'], ['Lone Vigil', 1, 'RECONNAISSANCE', undefined],
    ]);
    assert.deepStrictEqual(data.enhancements.map((e) => [e.name, e.detachment, e.points, e.leaderTo, e.supportTo]), [
      ['Bright Blade', 'Host Strike', 15, undefined, undefined],
      ['Field Kit', 'Host Strike', 10, undefined, ['Troopers']],
      ['Watchword', 'Lone Vigil', 20, ['Troopers', 'Scouts'], undefined],
    ]);
  });

  it('leaves Legends units out unless asked', () => {
    assert.ok(!data.datasheets.some((d) => d.name === 'Old Relic'));
    assert.ok(loadMfm(files, { includeLegends: true }).data.datasheets.some((d) => d.name === 'Old Relic'));
  });

  it('reads interval notation', () => {
    assert.deepStrictEqual(parseCopyRange('[1,2]'), { from: 1, to: 2 });
    assert.deepStrictEqual(parseCopyRange('[3,)'), { from: 3 });
    assert.deepStrictEqual(parseCopyRange('(0,2]'), { from: 1, to: 2 });
    assert.deepStrictEqual(parseCopyRange('[1,1]'), { from: 1, to: 1 });
    assert.strictEqual(parseCopyRange('3+'), undefined);
    assert.strictEqual(parseCopyRange('[3,2]'), undefined);
  });

  it('reports bad YAML with file and line, and bad values by their path, loading the rest', () => {
    const broken = loadMfm([...files, { name: 'broken.yaml', text: 'name: Broken\nunits: [\n  - name: x\n' }]);
    const w = broken.warnings.find((x) => x.source.file === 'broken.yaml');
    assert.ok(w && w.code === 'mfm-malformed' && /^broken\.yaml:\d+:\d+: /.test(w.message), JSON.stringify(broken.warnings));
    assert.ok(broken.data.datasheets.some((d) => d.name === 'Troopers'));
    const badRange = loadMfm([{ name: 'x.yaml', text: 'name: X\nunits:\n  - name: Y\n    pricing:\n      - range: "3+"\n        costs: [ { models: 1, points: 5 } ]\n' }]);
    assert.deepStrictEqual(badRange.warnings.map((x) => [x.code, x.source.locator]), [['mfm-bad-value', 'units[0].pricing[0]']]);
    assert.match(badRange.warnings[0].message, /range "3\+"/);
  });
});

// BattleScribe's view of the same faction (10 models cost 110 there; the MFM says 130).
const GST = `<?xml version="1.0"?>
<gameSystem id="sys-11" name="Test 40,000 11th Edition" revision="6"><costTypes><costType id="pts-id" name="pts"/><costType id="dp-id" name="Detachment Points"/></costTypes>
<profileTypes><profileType id="pt-unit" name="Unit"/></profileTypes>
<categoryEntries><categoryEntry id="cat-faction" name="Faction: Test Host"/><categoryEntry id="cat-inf" name="Infantry"/></categoryEntries></gameSystem>`;
const CAT = `<?xml version="1.0"?>
<catalogue id="cat-11" name="Xenos - Test Host" library="false" gameSystemId="sys-11"><sharedSelectionEntries>
  <selectionEntry type="unit" name="Troopers" id="u-troopers">
    <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-inf" primary="true"/></categoryLinks>
    <costs><cost name="pts" typeId="pts-id" value="60"/></costs>
    <modifiers><modifier type="set" value="110" field="pts-id"><conditions><condition type="greaterThan" value="5" field="selections" scope="self" childId="model"/></conditions></modifier></modifiers>
    <selectionEntries><selectionEntry type="model" name="Trooper" id="m-trooper">
      <constraints><constraint type="min" value="5" field="selections" scope="parent" id="c1"/><constraint type="max" value="10" field="selections" scope="parent" id="c2"/></constraints>
      <profiles><profile id="p1" name="Trooper" typeId="pt-unit" typeName="Unit"><characteristics><characteristic name="M">6"</characteristic><characteristic name="T">3</characteristic>
      <characteristic name="SV">5+</characteristic><characteristic name="W">1</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">2</characteristic></characteristics></profile></profiles>
    </selectionEntry></selectionEntries>
  </selectionEntry>
  <selectionEntry type="upgrade" name="Detachment" id="det-entry"><selectionEntryGroups><selectionEntryGroup name="Detachment" id="det-group"><selectionEntries>
    <selectionEntry type="upgrade" name="Host Strike" id="det-strike"><costs><cost name="Detachment Points" typeId="dp-id" value="3"/></costs>
      <rules><rule id="r1" name="Strike Hard"><description>Add 1 to charge rolls.</description></rule></rules></selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups></selectionEntry>
</sharedSelectionEntries><entryLinks><entryLink id="root-1" type="selectionEntry" targetId="u-troopers"/></entryLinks></catalogue>`;

describe('MFM and BattleScribe merged: the MFM prices', () => {
  const bs = loadBsData([{ name: 'Test.gst', text: GST }, { name: 'Test Host.cat', text: CAT }]);
  const mfm = loadMfm(files);

  for (const order of ['BattleScribe first', 'MFM first'] as const) {
    it(`takes the MFM's points and BattleScribe's datasheet (${order})`, () => {
      assert.deepStrictEqual(byName(bs.data, 'Troopers').points, [{ models: 5, points: 60 }, { models: 10, points: 110 }]);
      const sources = order === 'BattleScribe first' ? [{ data: bs.data, precedence: 0 }, { data: mfm.data, precedence: 1 }] : [{ data: mfm.data, precedence: 0 }, { data: bs.data, precedence: 1 }];
      const { data, warnings } = mergeRules(sources);
      assert.deepStrictEqual(warnings.filter((w) => w.code === 'merge-conflict'), []);
      const t = data.datasheets.filter((d) => d.name === 'Troopers');
      assert.strictEqual(t.length, 1);
      assert.deepStrictEqual(t[0].points, [{ models: 5, points: 65 }, { models: 10, points: 130 }]);
      assert.strictEqual(t[0].pointsTiers?.length, 2);
      assert.deepStrictEqual(t[0].wargearCosts, [{ item: 'Heavy flamer', points: 5 }]);
      assert.strictEqual(t[0].models[0].name, 'Trooper');
      assert.strictEqual(t[0].source.file, 'Test Host.cat');
      assert.deepStrictEqual([t[0].pricedBy?.kind, t[0].pricedBy?.label], ['mfm', 'Munitorum Field Manual v9.9 (2026-08-01)']);
      assert.deepStrictEqual(t[0].ledBy, ['Captain']);
      assert.deepStrictEqual(t[0].supportedBy, ['Medic']);
      const det = data.detachments.filter((d) => d.name === 'Host Strike');
      assert.strictEqual(det.length, 1);
      assert.deepStrictEqual([det[0].dp, det[0].forceDisposition, det[0].unique, det[0].rules.map((r) => r.name)], [2, 'TAKE AND HOLD', 'Hosts', ['Strike Hard']]);
    });
  }

  it('the hover says which source priced the unit', () => {
    const { data } = mergeRules([{ data: bs.data, precedence: 0 }, { data: mfm.data, precedence: 1 }]);
    const md = datasheetMarkdown(byName(data, 'Troopers'));
    assert.match(md, /\*Points from Munitorum Field Manual v9\.9 \\?\(2026-08-01\\?\)\*/);
    assert.match(md, /\*\*Points:\*\* 1st–2nd copy: 5 models: 65 · 10 models: 130; 3rd\+ copy: 5 models: 75 · 10 models: 140/);
    assert.match(md, /\*\*Wargear costs:\*\* Heavy flamer \+5/);
    assert.match(md, /\*\*Supported by:\*\* Medic/);
    const bsOnly = datasheetMarkdown(byName(mergeRules([{ data: bs.data, precedence: 0 }]).data, 'Troopers'));
    assert.match(bsOnly, /\*Points from BattleScribe Test 40,000 11th Edition revision 6\*/);
    assert.match(detachmentMarkdown(mergeRules([{ data: mfm.data, precedence: 0 }]).data.detachments[0]), /\*\*2 Detachment Points · Force disposition: TAKE AND HOLD · Unique: Hosts\*\*/);
  });

  describe('as a folder', () => {
    let dir = '';
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-mfm-'));
      for (const f of files) fs.writeFileSync(path.join(dir, f.name), f.text);
    });
    after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

    it('is recognised as an 11th-edition MFM folder and joins the 11th edition only', () => {
      const f = openDataFolder(dir);
      assert.deepStrictEqual([f.kind, f.edition], ['mfm', 11]);
      assert.deepStrictEqual(f.listFactions().factions.map((x) => x.name), ['Test Host']);
      const p = new RulesProvider({ paths: [dir] });
      p.ensureFaction('Test Host');
      assert.ok(p.rulesFor(11).datasheets.some((d) => d.name === 'Troopers'));
      assert.ok(!p.rules().datasheets.some((d) => d.name === 'Troopers'));
    });

    it('the status bar shows each edition with its data version', () => {
      const state = new RulesState(() => undefined);
      try {
        state.configure([dir], false);
        state.need({ faction: { text: 'Test Host', span: { start: 0, end: 9 } }, units: [], detachments: [] } as unknown as ArmyList);
        const s = state.status();
        assert.strictEqual(s.text, 'Auspex: 4 datasheets · 10th · 11th MFM v9.9');
        assert.match(s.tooltip, /mfm \(11th\) Munitorum Field Manual v9\.9 \(2026-08-01\)/);
        assert.match(s.tooltip, /Test Host \(3\) \[11th\]/);
      } finally {
        state.dispose();
      }
    });
  });
});

// ---------------------------------------------------------------- the real manual

describe('MFM v1.0 / v1.1 (../shared)', function () {
  this.timeout(60000);
  const v11 = () => sharedPath('data', 'mfm-11e', 'v1.1');
  beforeEach(function () { requireShared(this, 'data', 'mfm-11e', 'v1.1'); });

  it('loads all 30 factions of v1.1 without warnings, as MFM v1.1', () => {
    const f = openDataFolder(v11());
    assert.deepStrictEqual([f.kind, f.edition], ['mfm', 11]);
    const { data, warnings } = f.loadAll();
    assert.deepStrictEqual(warnings, []);
    assert.strictEqual(data.factions.length, 30);
    assert.deepStrictEqual(data.sources.map((s) => [s.kind, s.edition, s.version]), [['mfm', 11, 'Munitorum Field Manual v1.1 (2026-07-22)']]);
  });

  it('matches the YAML for every unit and detachment of four factions', () => {
    for (const slug of ['genestealer-cults', 'tyranids', 'world-eaters', 'orks']) {
      const text = fs.readFileSync(path.join(v11(), `${slug}.yaml`), 'utf8');
      const y = parse(text) as { name: string; units: { name: string; legends?: boolean; pricing: { range: string; costs: { models: number; points: number }[] }[]; wargear?: { item: string; points: number }[] }[]; detachments: { name: string; dp: number; objective: string; unique?: string; enhancements: { name: string; points: number }[] }[] };
      const { data } = loadMfm([{ name: `${slug}.yaml`, text }]);
      const units = y.units.filter((u) => !u.legends);
      assert.strictEqual(data.datasheets.length, units.length, slug);
      for (const u of units) {
        const d = data.datasheets.find((x) => x.name === u.name.replace(/[’‘]/g, "'"));
        assert.ok(d, `${slug}: ${u.name}`);
        assert.deepStrictEqual(d.pointsTiers?.map((t) => t.steps.map((s) => s.points).sort((a, b) => a - b)), u.pricing.map((p) => p.costs.map((c) => c.points).sort((a, b) => a - b)), u.name);
        assert.deepStrictEqual((d.wargearCosts ?? []).map((w) => w.points), (u.wargear ?? []).map((w) => w.points), u.name);
      }
      assert.deepStrictEqual(data.detachments.map((d) => [d.dp, d.forceDisposition, d.unique]), y.detachments.map((d) => [d.dp, d.objective, d.unique]));
      assert.strictEqual(data.enhancements.length, y.detachments.reduce((n, d) => n + (d.enhancements?.length ?? 0), 0));
    }
  });

  it('holds the hand-checked values of v1.1 for units of each kind', () => {
    const { data } = openDataFolder(v11()).loadFaction('Genestealer Cults');
    const ab = byName(data, 'Aberrants');
    assert.deepStrictEqual(ab.pointsTiers?.map((t) => [t.copies, t.steps]), [
      [{ from: 1, to: 2 }, [{ models: 5, points: 140 }, { models: 10, points: 280 }]],
      [{ from: 3 }, [{ models: 5, points: 150 }, { models: 10, points: 290 }]],
    ]);
    assert.deepStrictEqual(byName(data, 'Achilles Ridgerunners').wargearCosts, [{ item: 'Heavy mining laser', points: 10 }]);
    assert.deepStrictEqual(byName(data, 'Abominant').leads, ['Aberrants']);
    const det = (n: string) => data.detachments.find((d) => d.name === n);
    assert.deepStrictEqual([det('Host Of Ascension')?.dp, det('Host Of Ascension')?.forceDisposition, det('Host Of Ascension')?.unique], [3, 'TAKE AND HOLD', 'Hosts']);
    assert.deepStrictEqual([det('Heroes Of The Uprising')?.dp, det('Heroes Of The Uprising')?.forceDisposition, det('Heroes Of The Uprising')?.unique], [1, 'DISRUPTION', undefined]);
    assert.deepStrictEqual(data.enhancements.filter((e) => e.detachment === 'Biosanctic Broodsurge').map((e) => [e.name, e.points]), [
      ['Alien Majesty', 15], ['Biomorph Adaptation', 25], ['Mutagenic Regeneration', 10], ['Predatory Instincts', 20],
    ]);
    const nec = openDataFolder(v11()).loadFaction('Necrons').data;
    assert.deepStrictEqual(nec.enhancements.find((e) => e.name === 'Murdermind')?.supportTo, ['Skorpekh Destroyers', 'Lokhust Destroyers', 'Ophydian Destroyers', 'Lokhust Heavy Destroyers']);
    assert.deepStrictEqual(byName(nec, 'Chronomancer').supports?.slice(0, 2), ['Immortals', 'Necron Warriors']);
    const we = openDataFolder(v11()).loadFaction('World Eaters').data;
    assert.deepStrictEqual(byName(we, 'Eightbound').pointsTiers?.map((t) => t.steps.map((s) => s.points)), [[125, 255], [140, 270]]);
  });

  it('v1.0 and v1.1 differ where the manual changed (Aberrants 150 → 140)', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.0');
    const v10 = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.0')).loadFaction('Genestealer Cults').data;
    assert.deepStrictEqual(byName(v10, 'Aberrants').points, [{ models: 5, points: 150 }, { models: 10, points: 300 }]);
    assert.match(v10.sources[0].version ?? '', /^Munitorum Field Manual v1\.0 /);
  });

  it('beats BSData 11e points in the merged 11th-edition rules, and the hover names the MFM', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), v11()] });
    p.ensureFaction('Genestealer Cults');
    const ab = byName(p.rulesFor(11), 'Aberrants');
    assert.ok(ab.models.length > 0 && ab.weapons.length > 0);
    assert.deepStrictEqual(ab.points, [{ models: 5, points: 140 }, { models: 10, points: 280 }]);
    assert.strictEqual(ab.pricedBy?.kind, 'mfm');
    assert.match(datasheetMarkdown(ab), /Points from Munitorum Field Manual v1\.1/);
    assert.deepStrictEqual(p.summary().sources.map((s) => [s.kind, s.edition]), [['embedded', 10], ['bsdata', 11], ['mfm', 11]]);
    // Names the two spell differently still meet: one detachment, its DP from the MFM, its rules from BSData.
    const bba = p.rulesFor(11).detachments.filter((d) => /^Brood Brothers? Auxilia$/.test(d.name));
    assert.deepStrictEqual(bba.map((d) => [d.dp, d.forceDisposition, d.rules.length > 0]), [[2, 'TAKE AND HOLD', true]]);
    p.ensureFaction('World Eaters');
    const talons = p.rulesFor(11).enhancements.filter((e) => /^Talons of Butchery/.test(e.name));
    assert.deepStrictEqual(talons.map((e) => [e.detachment, e.points, e.text.length > 0]), [['Brazen Engines', 20, true]]);
  });
});
