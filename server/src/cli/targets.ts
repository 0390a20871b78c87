// `auspex targets --data <dir> [--faction NAME] [--json]`: for every stratagem
// of the loaded data, the datasheets whose keywords meet its TARGET and
// RESTRICTIONS text (detachment stratagems: of its faction, or the faction its
// TARGET names; Core stratagems: of the named faction). A check of the reader
// against real data, and a player's answer to "what can I use this on?".
import type { RulesProvider } from '../node/rulesProvider';
import { RulesIndex } from '../service/domain/rules';
import type { Datasheet, Stratagem } from '../service/domain/rules/model';
import { eligibleDatasheets } from '../service/domain/stratagems/eligibility';
import { normalizeName } from '../service/domain/text/normalize';
import { CliError, CliIO, EXIT_OK } from './io';

export interface TargetsRow {
  stratagem: string;
  faction: string | null;
  detachment: string | null;
  datasheets: string[];
}

export function targetsRows(provider: RulesProvider, faction: string | undefined): TargetsRow[] {
  if (faction) provider.ensureFaction(faction);
  else provider.loadAll();
  const index = new RulesIndex(provider.rules());
  const data = index.data;
  const named = faction ? index.faction(faction) : undefined;
  if (faction && !named && !index.hasFactionKeyword(faction)) throw new CliError(`auspex targets: the data has no faction "${faction}"`);
  const key = faction ? normalizeName(named?.keyword ?? faction) : undefined;
  const ofFaction = (ds: Datasheet) => !key || ds.factionKeywords.some((k) => normalizeName(k) === key);
  const factionName = (keyword: string) => index.faction(keyword)?.name ?? keyword;
  const rows: TargetsRow[] = [];
  for (const s of data.stratagems) {
    const core = !s.faction;
    if (key && !core && normalizeName(index.faction(s.faction!)?.keyword ?? s.faction!) !== key) continue;
    // Detachment stratagems see every datasheet: their own faction check admits allies their TARGET names.
    const pool = core ? data.datasheets.filter(ofFaction) : data.datasheets;
    rows.push({
      stratagem: s.name,
      faction: core ? (named?.name ?? faction ?? null) : factionName(s.faction!),
      detachment: s.detachment ?? null,
      datasheets: names(eligibleDatasheets(s as Stratagem, pool)),
    });
  }
  return rows;
}

function names(sheets: Datasheet[]): string[] {
  return [...new Set(sheets.map((d) => d.name))].sort((a, b) => a.localeCompare(b));
}

export function targetsCommand(provider: RulesProvider, faction: string | undefined, json: boolean, io: CliIO): number {
  if (provider.options.paths.length === 0) throw new CliError('auspex targets: name a data folder with --data <dir>');
  const rows = targetsRows(provider, faction);
  if (json) {
    io.out(JSON.stringify(rows, null, 2) + '\n');
  } else {
    for (const r of rows) {
      io.out(`${r.stratagem} (${r.detachment ?? 'Core'}): ${r.datasheets.length ? r.datasheets.join(', ') : '(no datasheet)'}\n`);
    }
  }
  return EXIT_OK;
}
