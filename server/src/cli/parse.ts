// `auspex parse <file> --json`: the parse tree as JSON, for scripts and for
// checking the parser from outside. Exit 0 when the file was read.
import { parseArmyList } from '../service/domain/parse';
import { toParseJson } from '../service/domain/parse/json';
import { CliError, CliIO, EXIT_OK } from './io';

export function parseCommand(files: string[], io: CliIO): number {
  if (files.length !== 1) throw new CliError('auspex parse: name exactly one list file');
  const [file] = files;
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`auspex parse: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  io.out(JSON.stringify(toParseJson(parseArmyList(text), text), null, 2) + '\n');
  return EXIT_OK;
}
