// Tiny self-made BattleScribe data for hostile-input tests: a game system, and catalogues of one unit whose
// weapon keywords, counts and link graphs the tests choose (link ladders, cycles, dangling links).
// Generated in memory; nothing of the community data is copied.

export const HOSTILE_GST = `<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys-h" name="Hostile System" revision="1" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts-id" name="pts"/></costTypes>
  <profileTypes><profileType id="pt-unit" name="Unit"/><profileType id="pt-ranged" name="Ranged Weapons"/><profileType id="pt-ab" name="Abilities"/></profileTypes>
  <categoryEntries><categoryEntry id="cat-faction" name="Faction: Hostile Host"/><categoryEntry id="cat-inf" name="Infantry"/></categoryEntries>
</gameSystem>`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export interface WeaponSpec {
  name: string;
  A?: string;
  D?: string;
  S?: string;
  keywords?: string;
}

export function weaponEntry(id: string, w: WeaponSpec): string {
  const c = (n: string, v: string) => `<characteristic name="${n}">${esc(v)}</characteristic>`;
  return `<selectionEntry type="upgrade" name="${esc(w.name)}" id="${id}"><profiles><profile id="p-${id}" name="${esc(w.name)}" typeId="pt-ranged" typeName="Ranged Weapons"><characteristics>${c('Range', '24"')}${c('A', w.A ?? '2')}${c('BS', '3+')}${c('S', w.S ?? '4')}${c('AP', '-1')}${c('D', w.D ?? '1')}${c('Keywords', w.keywords ?? '-')}</characteristics></profile></profiles></selectionEntry>`;
}

/**
 * A catalogue of one unit ("Host Unit", models of 1 W) whose model links `links` (entryLink xml) and the shared entries
 * and groups given; `unitLinks`: links of the unit entry itself, beside its model.
 */
export function hostileCatalogue(o: { links?: string; unitLinks?: string; entries?: string; groups?: string; modelMax?: number }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="cat-h" name="Xenos - Hostile Host" library="false" gameSystemId="sys-h" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntries>
    <selectionEntry type="unit" name="Host Unit" id="u-host">
      <categoryLinks><categoryLink targetId="cat-faction" primary="false"/><categoryLink targetId="cat-inf" primary="true"/></categoryLinks>
      <costs><cost name="pts" typeId="pts-id" value="50"/></costs>
      <entryLinks>${o.unitLinks ?? ''}</entryLinks>
      <selectionEntries><selectionEntry type="model" name="Host" id="m-host">
        <constraints><constraint type="min" value="1" field="selections" scope="parent" id="c1"/><constraint type="max" value="${o.modelMax ?? 10}" field="selections" scope="parent" id="c2"/></constraints>
        <profiles><profile id="p-host" name="Host" typeId="pt-unit" typeName="Unit"><characteristics><characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic><characteristic name="SV">3+</characteristic><characteristic name="W">1</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">1</characteristic></characteristics></profile></profiles>
        <entryLinks>${o.links ?? ''}</entryLinks>
      </selectionEntry></selectionEntries>
    </selectionEntry>
    ${o.entries ?? ''}
  </sharedSelectionEntries>
  <sharedSelectionEntryGroups>${o.groups ?? ''}</sharedSelectionEntryGroups>
  <entryLinks><entryLink id="root-h" type="selectionEntry" targetId="u-host"/></entryLinks>
</catalogue>`;
}

const group = (id: string, links: string[], extra = '') =>
  `<selectionEntryGroup name="Group ${id}" id="${id}"><entryLinks>${links.map((t, i) => `<entryLink id="l-${id}-${i}" type="selectionEntryGroup" targetId="${t}"/>`).join('')}</entryLinks>${extra}</selectionEntryGroup>`;

/**
 * Shared groups that link `width` groups of the next level, `depth` levels deep (width^depth paths through
 * a catalogue of width × depth groups: a ladder of link diamonds); the last level links one weapon. `at`: linked
 * from the unit's model (the default) or from the unit entry itself, where the required-model and loadout walks go.
 */
export function ladderCatalogue(depth: number, width: number, at: 'model' | 'unit' = 'model'): string {
  const id = (level: number, k: number) => `g-${level}-${k}`;
  const groups: string[] = [];
  for (let level = 0; level < depth; level++) {
    for (let k = 0; k < width; k++) {
      const next = level + 1 < depth ? Array.from({ length: width }, (_, j) => id(level + 1, j)) : [];
      const extra = level + 1 < depth ? '' : `<selectionEntries>${weaponEntry(`w-${level}-${k}`, { name: 'Ladder gun' })}</selectionEntries>`;
      groups.push(group(id(level, k), next, extra));
    }
  }
  const links = Array.from({ length: width }, (_, j) => `<entryLink id="root-l-${j}" type="selectionEntryGroup" targetId="${id(0, j)}"/>`).join('');
  return hostileCatalogue({ [at === 'unit' ? 'unitLinks' : 'links']: links, groups: groups.join('\n') });
}

/** `n` shared groups in a ring of entry links (each also links the one after next): a cycle every way round. `at` as for ladders. */
export function cycleCatalogue(n: number, at: 'model' | 'unit' = 'model'): string {
  const id = (k: number) => `c-${k % n}`;
  const groups = Array.from({ length: n }, (_, k) => group(id(k), [id(k + 1), id(k + 2)]));
  return hostileCatalogue({ [at === 'unit' ? 'unitLinks' : 'links']: `<entryLink id="root-c" type="selectionEntryGroup" targetId="${id(0)}"/>`, groups: groups.join('\n') });
}

/** A unit whose model links `n` ids defined nowhere. */
export function danglingCatalogue(n: number): string {
  const links = Array.from({ length: n }, (_, k) => `<entryLink id="d-${k}" type="selectionEntry" targetId="missing-${k}"/>`).join('');
  // Enough shared entries that a search of their text per missing link would be slow.
  const entries = Array.from({ length: 2000 }, (_, k) => weaponEntry(`w-${k}`, { name: `Filler gun ${k}` })).join('\n');
  return hostileCatalogue({ links, entries });
}

/** A unit armed with one weapon of these characteristics (linked from its model). */
export function weaponCatalogue(w: WeaponSpec, modelMax?: number): string {
  return hostileCatalogue({ links: '<entryLink id="l-w" type="selectionEntry" targetId="w-1"/>', entries: weaponEntry('w-1', w), modelMax });
}

/** A Munitorum Field Manual file of `units` units (issue 25: 200,000 of them made 22 MB and took 56 s). */
export function hugeMfm(units: number): string {
  const out = ['name: Hostile Host', 'slug: hostile-host', 'units:'];
  for (let i = 0; i < units; i++) out.push(`  - name: Unit ${i}`, '    pricing:', '      - range: "[1,)"', '        costs: [{ models: 5, points: 100 }]');
  return out.join('\n') + '\n';
}

/** A Munitorum Field Manual file whose numbers are each insane in one row. */
export const INSANE_MFM = `name: Hostile Host
slug: hostile-host
detachments:
  - name: Sane Host
    dp: 2
    enhancements:
      - { name: Fine Relic, points: 20 }
      - { name: Huge Relic, points: 1e308 }
  - name: Vast Host
    dp: 9000000000
units:
  - name: Sane Unit
    pricing:
      - range: "[1,)"
        costs: [{ models: 5, points: 100 }, { models: 10, points: 1e308 }]
  - name: Negative Unit
    pricing:
      - range: "[1,)"
        costs: [{ models: 5, points: -50 }, { models: -50, points: 80 }]
  - name: Zero Unit
    pricing:
      - range: "[1,)"
        costs: [{ models: 0, points: 10 }, { models: 3, points: 0 }, { models: 4, points: 9.2e18 }]
    wargear:
      - { item: Big Gun, points: -5 }
      - { item: Small Gun, points: 5 }
`;
