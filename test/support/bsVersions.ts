// Versions of a small BattleScribe data set (a game system "Test System" and one catalogue, faction
// "Test Host"), self-made for tests of data drift: `auspex diff`, `check --against`, the editor's
// "Update all points to <version>". Troopers (5 models `small` pts, more `large`), an optional Captain
// (45 pts) and Sergeant (30 pts), a Lasgun of strength `gunS`.
import * as fs from 'fs';
import * as path from 'path';

const gst = (revision: number) => `<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys-1" name="Test System" revision="${revision}" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts-id" name="pts"/></costTypes>
  <profileTypes><profileType id="pt-unit" name="Unit"/><profileType id="pt-ranged" name="Ranged Weapons"/></profileTypes>
  <categoryEntries><categoryEntry id="cat-faction" name="Faction: Test Host"/><categoryEntry id="cat-inf" name="Infantry"/><categoryEntry id="cat-char" name="Character"/></categoryEntries>
</gameSystem>`;

const unitProfile = (id: string, name: string, w: number) => `<profile id="${id}" name="${name}" typeId="pt-unit" typeName="Unit"><characteristics>
  <characteristic name="M">6&quot;</characteristic><characteristic name="T">3</characteristic><characteristic name="SV">5+</characteristic>
  <characteristic name="W">${w}</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">2</characteristic></characteristics></profile>`;

export interface BsVersion { small: number; large: number; max: number; gunS: number; captain: boolean; sergeant: boolean }

const cat = (v: BsVersion) => `<?xml version="1.0" encoding="UTF-8"?>
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

/** Writes one version into `folder` (created): the game system at `revision` and the catalogue. */
export function writeBsVersion(folder: string, revision: number, v: BsVersion): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'Test.gst'), gst(revision));
  fs.writeFileSync(path.join(folder, 'Test Host.cat'), cat(v));
}

/** A "Test Host" list: a Captain at 45 and 5 Troopers at 60 (105 points). */
export const TEST_HOST_LIST = `Test raid (105 Points)

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
