// A tiny self-made Wahapedia export (no community data), written to a folder for tests of name resolution:
// Space Marines with two chapters (Space Wolves, Blood Angels) and a Legends datasheet, Imperial Agents (an
// ally), World Eaters with exporter-spelled units. Every row is made up for the tests.
import * as fs from 'fs';
import * as path from 'path';

const row = (...f: (string | number)[]) => `${f.join('|')}|`;
const csv = (header: string, rows: string[]) => ['\uFEFF' + header + '|', ...rows].join('\r\n') + '\r\n';

/** Datasheets: id, name, faction, source, faction keywords, other keywords, points (one model each: sizes are not the point here). */
const SHEETS: [string, string, string, string, string[], string[], number][] = [
  ['101', 'Assault Intercessor Squad', 'SM', 'S1', ['Adeptus Astartes'], ['Infantry', 'Battleline'], 75],
  ['102', 'Wolf Guard Headtakers', 'SM', 'S1', ['Adeptus Astartes', 'Space Wolves'], ['Infantry'], 85],
  ['103', 'Death Company Marines', 'SM', 'S1', ['Adeptus Astartes', 'Blood Angels'], ['Infantry'], 80],
  ['104', 'Wolf Lord on Thunderwolf', 'SM', 'S2', ['Adeptus Astartes', 'Space Wolves'], ['Mounted', 'Character'], 120],
  ['105', 'Captain', 'SM', 'S1', ['Adeptus Astartes'], ['Infantry', 'Character'], 80],
  ['201', 'Callidus Assassin', 'AoI', 'S1', ['Agents of the Imperium'], ['Infantry', 'Character'], 115],
  ['301', 'Khorne Berzerkers', 'WE', 'S1', ['World Eaters'], ['Infantry', 'Berzerkers', 'Battleline'], 180],
  ['302', 'Chaos Rhino', 'WE', 'S1', ['World Eaters'], ['Vehicle', 'Rhino', 'Dedicated Transport'], 85],
  ['303', 'Daemon Prince of Khorne', 'WE', 'S1', ['World Eaters'], ['Monster', 'Daemon Prince', 'Character'], 200],
  ['304', 'Daemon Prince of Khorne with Wings', 'WE', 'S1', ['World Eaters'], ['Monster', 'Daemon Prince', 'Fly', 'Character'], 190],
];

export function writeTinyWahapedia(dir: string): void {
  const files: Record<string, string> = {
    Last_update: csv('last_update', [row('2031-01-02 03:04:05')]),
    Factions: csv('id|name|link', [row('SM', 'Space Marines', ''), row('AoI', 'Imperial Agents', ''), row('WE', 'World Eaters', '')]),
    Source: csv('id|name|type|edition|version|errata_date|errata_link', [row('S1', 'Codex', 'Codex', 10, '', '', ''), row('S2', 'Space Wolves (Warhammer Legends)', 'Faction Pack', 0, '', '', '')]),
    Datasheets: csv(
      'id|name|faction_id|source_id|legend|role|loadout|transport|virtual|leader_head|leader_footer|damaged_w|damaged_description|link',
      SHEETS.map(([id, name, f, src]) => row(id, name, f, src, '', 'Other', '', '', 'false', '', '', '', '', '')),
    ),
    Datasheets_keywords: csv(
      'datasheet_id|keyword|model|is_faction_keyword',
      SHEETS.flatMap(([id, , , , fk, kw]) => [...fk.map((k) => row(id, k, '', 'true')), ...kw.map((k) => row(id, k, '', 'false'))]),
    ),
    Datasheets_models: csv(
      'datasheet_id|line|name|M|T|Sv|inv_sv|inv_sv_descr|W|Ld|OC|base_size|base_size_descr',
      SHEETS.map(([id, name]) => row(id, 1, name, '6"', 4, '3+', '', '', 2, '6+', 1, '32mm', '')),
    ),
    Datasheets_models_cost: csv('datasheet_id|line|description|cost', SHEETS.map(([id, , , , , , c]) => row(id, 1, '1 model', c))),
    Datasheets_unit_composition: csv('datasheet_id|line|description', []),
    Datasheets_wargear: csv('datasheet_id|line|line_in_wargear|dice|name|description|range|type|A|BS_WS|S|AP|D', [
      row('301', 1, 1, '', 'Chainblade', '', 'Melee', 'Melee', 4, 3, 4, -1, 1),
      // A blank row, as the export has for units without weapons: no nameless weapon.
      row('301', 2, 1, '', '', '', '', '', 0, '-', '-', 0, '-'),
      row('302', 1, 1, '', 'Havoc launcher', 'blast. indirect fire', '48', 'Ranged', 'D6', 3, 5, 0, 1),
    ]),
    Datasheets_abilities: csv('datasheet_id|line|ability_id|model|name|description|type|parameter', []),
    Datasheets_options: csv('datasheet_id|line|button|description', []),
    Datasheets_leader: csv('leader_id|attached_id', []),
    Abilities: csv('id|name|legend|faction_id|description', []),
    Detachments: csv('id|faction_id|name|legend|type', [row('D1', 'SM', 'Gladius Task Force', '', ''), row('D2', 'SM', 'Champions of Fenris', '', ''), row('D3', 'WE', 'Berzerker Warband', '', '')]),
    Detachment_abilities: csv('id|faction_id|name|legend|description|detachment|detachment_id', []),
    Enhancements: csv('faction_id|id|name|cost|detachment|detachment_id|legend|description', []),
    Stratagems: csv('faction_id|name|id|type|cp_cost|legend|turn|phase|detachment|detachment_id|description', []),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.csv`), text);
}

