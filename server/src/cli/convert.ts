// `auspex convert <file> --to <format> [--edition 10|11]`: the list in another export format (features/convert),
// printed on standard output. What the format cannot hold is the text's last line. Bad input: one line, exit 2.
import { parseArmyList } from '../service/domain/parse';
import { CONVERT_FORMATS, convertRefusal, isConvertFormat, writeList } from '../service/features/convert';
import type { EditionSetting } from '../service/domain/editions';
import { listEdition } from '../service/domain/editions';
import { CliError, CliIO, EXIT_OK } from './io';

export function convertCommand(files: string[], to: string | undefined, edition: EditionSetting, io: CliIO): number {
  if (files.length !== 1) throw new CliError('auspex convert: name exactly one list file');
  if (to === undefined) throw new CliError(`auspex convert: name the format with --to (${CONVERT_FORMATS.join(', ')})`);
  if (!isConvertFormat(to)) throw new CliError(`auspex convert: unknown format "${to}" (${CONVERT_FORMATS.join(', ')})`);
  const [file] = files;
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`auspex convert: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const list = parseArmyList(text);
  const refused = convertRefusal(list);
  if (refused) throw new CliError(`auspex convert: ${file}: ${refused}`);
  io.out(writeList(list, to, listEdition(list, edition), { source: text }).text);
  return EXIT_OK;
}
