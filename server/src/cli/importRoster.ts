// `auspex import <file.ros|.rosz|.json>`: a BattleScribe roster, or New Recruit's, ListForge's or Rosterizer's JSON
// roster, as list text in the official app layout, on standard output; warnings go to standard error.
import { importRosterFile } from '../node/roster';
import { CliError, CliIO, EXIT_OK } from './io';

export function importCommand(files: string[], io: CliIO): number {
  if (files.length !== 1) throw new CliError('auspex import: name exactly one roster file (.ros, .rosz or .json)');
  const result = importRosterFile(files[0]);
  if ('error' in result) throw new CliError(`auspex import: ${result.error}`);
  for (const w of result.warnings) io.err(`auspex import: warning: ${w}\n`);
  io.out(result.text);
  return EXIT_OK;
}
