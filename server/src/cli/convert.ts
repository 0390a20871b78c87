// `auspex convert <file> --to <format> [--edition 10|11]`: the list in another export format (features/convert),
// printed on standard output exactly as that exporter writes it. What the format cannot hold, and the names written
// otherwise so that the format reads them as names, go to standard error, one line each (never into the list). The
// rules data (--data folders, then the cache of the list's edition, as for `check`) places units filed under no app
// section and lets `compact` leave out the datasheets' default wargear; without it the list converts all the same.
// Bad input, or a list the format cannot write without changing what it says: one line, exit 2.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONVERT_FORMATS, isConvertFormat } from '../service/features/convert';
import type { LanguageService } from '../service/languageService';
import { rulesRouter, RulesRouting } from './check';
import { CliError, CliIO, EXIT_OK } from './io';

export function convertCommand(files: string[], to: string | undefined, service: LanguageService, io: CliIO, rules?: RulesRouting): number {
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
  const doc = TextDocument.create(`file://${encodeURI(file)}`, 'army-list', 1, text);
  // The list's edition (or --edition) chooses the form and the data; a list without units needs no data.
  if (service.parse(doc).units.length) rulesRouter(rules, service)(doc);
  const r = service.convert(doc, to);
  if ('error' in r) throw new CliError(`auspex convert: ${file}: ${r.error}`);
  io.out(r.text);
  for (const d of r.dropped) io.err(`auspex convert: not held by ${to}: ${d}\n`);
  for (const e of r.escaped) io.err(`auspex convert: written for ${to}: ${e}\n`);
  return EXIT_OK;
}
