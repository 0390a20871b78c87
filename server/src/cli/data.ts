// `auspex data --data <dir> [--faction NAME] [--json]`: what a data folder
// holds, for users checking their setup. Exit 1 when the data has errors.
import type { RulesProvider } from '../node/rulesProvider';
import { CliError, CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

export function dataCommand(provider: RulesProvider, faction: string | undefined, json: boolean, io: CliIO): number {
  if (provider.dataFolders.length === 0) throw new CliError('auspex data: name a data folder with --data <dir>, or fetch the data first (auspex data fetch)');
  if (faction) provider.ensureFaction(faction);
  else provider.loadAll();
  const summary = provider.summary();
  if (json) {
    io.out(JSON.stringify(summary, null, 2) + '\n');
  } else {
    for (const s of summary.sources) io.out(`source: ${s.kind} ${s.location} (${s.edition}th edition${s.version ? `, ${s.version}` : ''})\n`);
    for (const f of summary.factions) {
      io.out(`${f.name}${f.edition ? ` (${f.edition}th edition)` : ''}: ${f.datasheets} datasheets, ${f.detachments} detachments, ${f.enhancements} enhancements, ${f.stratagems} stratagems\n`);
    }
    for (const w of summary.warnings) {
      if (w.severity === 'info') continue;
      io.out(`${w.severity} ${w.code} ${w.source.file}${w.source.locator ? ` ${w.source.locator}` : ''}: ${w.message}\n`);
    }
    const c = summary.counts;
    io.out(`${c.factions} factions, ${c.datasheets} datasheets, ${c.stratagems} stratagems, ${c.errors} errors, ${c.warnings} warnings\n`);
  }
  return summary.counts.errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
