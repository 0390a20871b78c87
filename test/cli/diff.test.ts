// `auspex diff` as a process, on two versions of a small BattleScribe data set
// the test writes itself (a game system and one catalogue): a points change, a
// new unit size, a weapon's strength, a unit added, a unit removed.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

function auspex(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const gst = (revision: number) => `<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys-1" name="Test System" revision="${revision}" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts-id" name="pts"/></costTypes>
  <profileTypes><profileType id="pt-unit" name="Unit"/><profileType id="pt-ranged" name="Ranged Weapons"/></profileTypes>
  <categoryEntries><categoryEntry id="cat-faction" name="Faction: Test Host"/><categoryEntry id="cat-inf" name="Infantry"/><categoryEntry id="cat-char" name="Character"/></categoryEntries>
</gameSystem>`;

const unitProfile = (id: string, name: string, w: number) => `<profile id="${id}" name="${name}" typeId="pt-unit" typeName="Unit"><characteristics>
  <characteristic name="M">6&quot;</characteristic><characteristic name="T">3</characteristic><characteristic name="SV">5+</characteristic>
  <characteristic name="W">${w}</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">2</characteristic></characteristics></profile>`;

interface Version { small: number; large: number; max: number; gunS: number; captain: boolean; sergeant: boolean }

const cat = (v: Version) => `<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="cat-1" name="Xenos - Test Host" library="false" gameSystemId="sys-1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntries>
    <selectionEntry type="unit" name="Troopers" id="u-troopers">
      <categoryLinks><categoryLink targetId="cat-faction" primary="false"/><categoryLink targetId="cat-inf" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="${v.small}"/></costs>
      <modifiers><modifier type="set" value="${v.large}" field="pts-id"><conditions>
        <condition type="greaterThan" value="5" field="selections" scope="self" childId="model"/></conditions></modifier></modifiers>
      <selectionEntries>
        <selectionEntry type="model" name="Trooper" id="m-trooper">
          <constraints><constraint type="min" value="5" field="selections" scope="parent" id="c1"/><constraint type="max" value="${v.max}" field="selections" scope="parent" id="c2"/></constraints>
          <profiles>${unitProfile('p-trooper', 'Trooper', 1)}</profiles>
          <entryLinks><entryLink id="el-gun" type="selectionEntry" targetId="w-gun"/></entryLinks>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>
    ${v.captain ? `<selectionEntry type="model" name="Captain" id="u-captain">
      <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-char" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="45"/></costs>
      <profiles>${unitProfile('p-captain', 'Captain', 4)}</profiles>
    </selectionEntry>` : ''}
    ${v.sergeant ? `<selectionEntry type="model" name="Sergeant" id="u-sergeant">
      <categoryLinks><categoryLink targetId="cat-faction"/><categoryLink targetId="cat-char" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="30"/></costs>
      <profiles>${unitProfile('p-sergeant', 'Sergeant', 3)}</profiles>
    </selectionEntry>` : ''}
    <selectionEntry type="upgrade" name="Lasgun" id="w-gun">
      <profiles><profile id="p-gun" name="Lasgun" typeId="pt-ranged" typeName="Ranged Weapons"><characteristics>
        <characteristic name="Range">24&quot;</characteristic><characteristic name="A">1</characteristic><characteristic name="BS">4+</characteristic>
        <characteristic name="S">${v.gunS}</characteristic><characteristic name="AP">0</characteristic><characteristic name="D">1</characteristic>
        <characteristic name="Keywords">Rapid Fire 1</characteristic></characteristics></profile></profiles>
    </selectionEntry>
  </sharedSelectionEntries>
  <entryLinks>
    <entryLink id="root-1" type="selectionEntry" targetId="u-troopers"/>
    ${v.captain ? '<entryLink id="root-2" type="selectionEntry" targetId="u-captain"/>' : ''}
    ${v.sergeant ? '<entryLink id="root-3" type="selectionEntry" targetId="u-sergeant"/>' : ''}
  </entryLinks>
</catalogue>`;

/** A list priced under the first version: Troopers at 60 (65 in the second), a Captain (gone from the second). */
const LIST = `Test raid (105 Points)

Test Host
Strike Force (2,000 Points)

CHARACTERS

Captain (45 Points)
  • Warlord

BATTLELINE

Troopers (60 Points)
  • 5x Trooper
     ◦ 5x Lasgun
`;

describe('auspex diff (two BattleScribe versions written by the test)', function () {
  this.timeout(30_000);
  let dir: string;
  let v1: string;
  let v2: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-diff-'));
    v1 = path.join(dir, 'v1');
    v2 = path.join(dir, 'v2');
    const write = (folder: string, revision: number, v: Version) => {
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'Test.gst'), gst(revision));
      fs.writeFileSync(path.join(folder, 'Test Host.cat'), cat(v));
    };
    write(v1, 3, { small: 60, large: 110, max: 10, gunS: 3, captain: true, sergeant: false });
    write(v2, 4, { small: 65, large: 110, max: 10, gunS: 4, captain: false, sergeant: true });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the changes per faction, old → new, and exits 1', () => {
    const r = auspex(['diff', '--from', v1, '--to', v2]);
    assert.strictEqual(r.code, 1, r.stderr);
    assert.strictEqual(r.stderr, '');
    assert.strictEqual(r.stdout, [
      `from bsdata ${v1} (Test System revision 3)`,
      `to   bsdata ${v2} (Test System revision 4)`,
      '',
      'Test Host (4 changes)',
      '  ~ Troopers, 5 models: points 60 → 65',
      '  ~ Troopers, Lasgun: S 3 → 4',
      '  + unit Sergeant (1 model 30 pts)',
      '  - unit Captain (1 model 45 pts)',
      '',
      '4 changes in 1 faction',
      '',
    ].join('\n'));
  });

  it('--json gives {from, to, factions: [{name, changes: [{kind, unit, item, field, from, to}]}]}', () => {
    const r = auspex(['diff', '--from', v1, '--to', v2, '--faction', 'Test Host', '--json']);
    assert.strictEqual(r.code, 1, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepStrictEqual(j.from, { source: 'bsdata', location: v1, version: 'Test System revision 3' });
    assert.deepStrictEqual(j.to.version, 'Test System revision 4');
    assert.deepStrictEqual(j.factions, [{
      name: 'Test Host',
      changes: [
        { kind: 'changed', unit: 'Troopers', item: '5 models', field: 'points', from: 60, to: 65 },
        { kind: 'changed', unit: 'Troopers', item: 'Lasgun', field: 'S', from: 3, to: 4 },
        { kind: 'added', unit: 'Sergeant', field: 'unit', from: null, to: '1 model 30 pts' },
        { kind: 'removed', unit: 'Captain', field: 'unit', from: '1 model 45 pts', to: null },
      ],
    }]);
  });

  it('check --against says which findings the other version explains, and the total under both', () => {
    const list = path.join(dir, 'list.army');
    fs.writeFileSync(list, LIST);
    const r = auspex(['check', list, '--data', v2, '--against', v1]);
    assert.strictEqual(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.deepStrictEqual(lines.slice(0, 2), [
      `${list}:8:1 error unknown-datasheet Unknown datasheet "Captain". Looked up in BattleScribe data Test System revision 4. [Test System revision 3 has this datasheet]`,
      `${list}:13:11 error points-mismatch Troopers with 5 models costs 65 points in the rules data, not 60. [matches Test System revision 3; Test System revision 4 raised Troopers 60 → 65]`,
    ]);
    assert.strictEqual(lines[lines.length - 1], `${list}: total 65 pts under Test System revision 4 (1 unit not priced); 105 pts under Test System revision 3`);
    // The other way round: v1 in use, the list matches it; nothing to explain, totals still given.
    const back = auspex(['check', list, '--data', v1, '--against', v2, '--json']);
    const j = JSON.parse(back.stdout) as { findings: { code: string; against?: string }[]; totals: { current: { points: number }; against: { points: number; unpriced: number } }[] };
    assert.ok(!j.findings.some((f) => f.code === 'points-mismatch' || f.code === 'unknown-datasheet'), back.stdout);
    assert.deepStrictEqual(j.totals.map((t) => [t.current.points, t.against.points, t.against.unpriced]), [[105, 65, 1]]);
  });

  it('exits 0 with no changes, 2 on usage errors and unusable folders', () => {
    const same = auspex(['diff', '--from', v1, '--to', v1]);
    assert.strictEqual(same.code, 0);
    assert.match(same.stdout, /\nno changes\n$/);
    assert.match(auspex(['diff', '--from', v1]).stderr, /--from <data> --to <data>/);
    assert.strictEqual(auspex(['diff', '--from', v1]).code, 2);
    const missing = auspex(['diff', '--from', v1, '--to', path.join(dir, 'nope')]);
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /does not exist/);
    const noFaction = auspex(['diff', '--from', v1, '--to', v2, '--faction', 'Orks']);
    assert.strictEqual(noFaction.code, 2);
    assert.match(noFaction.stderr, /neither version has a faction "Orks"/);
  });
});

describe('auspex check --against on the real MFM versions', function () {
  this.timeout(60_000);
  it('a list priced under v1.0, checked under v1.1 against v1.0: which units changed and by how much', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
    const list = sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt');
    const r = auspex(['check', list, '--data', sharedPath('data', 'mfm-11e', 'v1.1'), '--against', sharedPath('data', 'mfm-11e', 'v1.0'), '--json']);
    const j = JSON.parse(r.stdout) as { findings: { code: string; message: string; against?: string }[]; totals: { current: { data: string; points: number }; against: { data: string; points: number } }[] };
    const mismatches = j.findings.filter((f) => f.code === 'points-mismatch');
    assert.ok(mismatches.length >= 4, r.stdout);
    for (const f of mismatches) {
      // "Khorne Berzerkers with 10 models costs 170 points in the rules data, not 180." → "... lowered Khorne Berzerkers 180 → 170".
      const m = /^(.+?) with \d+ models? costs (\d+) points in the rules data, not (\d+)\.$/.exec(f.message);
      assert.ok(m, f.message);
      const [, unit, now, was] = m;
      const verb = Number(now) > Number(was) ? 'raised' : 'lowered';
      assert.strictEqual(f.against, `matches Munitorum Field Manual v1.0 (2026-06-17); Munitorum Field Manual v1.1 (2026-07-22) ${verb} ${unit} ${was} → ${now}`);
    }
    assert.deepStrictEqual(j.totals.map((t) => [t.current.data, t.against.data]), [['Munitorum Field Manual v1.1 (2026-07-22)', 'Munitorum Field Manual v1.0 (2026-06-17)']]);
    assert.ok(j.totals[0].against.points > j.totals[0].current.points, 'v1.1 lowered the World Eaters: the list costs more under v1.0');
  });
});
