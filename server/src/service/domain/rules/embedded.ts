// The embedded rules data: the seed page (Combat Patrol "Claw of Ascension –
// Atalan Jackals", its core rules and stratagems) transcribed into data/*.json.
// The JSON is imported, not read, so esbuild inlines it and the pure core never
// touches the file system. Its shape is guarded by data/schema/*.schema.json
// (test/unit/data.test.ts), which is why the casts below are safe.
import type {
  BattleSizeRule,
  CoreRule,
  DataSource,
  Datasheet,
  Detachment,
  Enhancement,
  Faction,
  RulesData,
  Stratagem,
} from './model';
import datasheetsJson from '../../../../../data/datasheets.json';
import coreRulesJson from '../../../../../data/core-rules.json';
import stratagemsJson from '../../../../../data/stratagems.json';
import factionsJson from '../../../../../data/factions.json';

/** The single source entry every embedded datum belongs to. */
export const EMBEDDED_SOURCE: DataSource = { kind: 'embedded', edition: 10, location: 'data/' };

/**
 * The embedded rules data. Each call returns fresh arrays, so a caller that
 * merges or appends cannot change what the next caller sees; the entries
 * themselves are shared and must be treated as read-only.
 */
export function loadEmbeddedRules(): RulesData {
  return {
    sources: [{ ...EMBEDDED_SOURCE }],
    factions: [...(factionsJson.factions as Faction[])],
    datasheets: [...(datasheetsJson.datasheets as Datasheet[])],
    detachments: [...(factionsJson.detachments as Detachment[])],
    enhancements: [...(factionsJson.enhancements as Enhancement[])],
    stratagems: [...(stratagemsJson.stratagems as Stratagem[])],
    coreRules: [...(coreRulesJson.coreRules as CoreRule[])],
    battleSizes: [...(factionsJson.battleSizes as BattleSizeRule[])],
  };
}
