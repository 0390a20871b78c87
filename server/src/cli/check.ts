// `auspex check <files...> [--json]`: the CI / tournament entry point.
// Exit 0 without error-severity findings, 1 with them.
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { LanguageService } from '../service/languageService';
import type { RulesProvider } from '../node/rulesProvider';
import { CliError, CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

const SEVERITY_NAME: Record<number, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

export function checkCommand(files: string[], json: boolean, service: LanguageService, io: CliIO, rules?: RulesProvider): number {
  if (files.length === 0) throw new CliError('auspex check: name at least one list file');
  const texts = files.map((file) => {
    try {
      return { file, text: io.readFile(file) };
    } catch (e) {
      throw new CliError(`auspex check: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  });
  const findings: { file: string; range: unknown; severity: string; code: string; message: string }[] = [];
  let errors = 0;
  for (const { file, text } of texts) {
    const doc = TextDocument.create(`file://${path.resolve(file)}`, 'army-list', 1, text);
    // Load only what this list needs from its edition's data folders: its faction, its allies' factions.
    const edition = service.editionOf(doc);
    if (rules) {
      rules.ensureList(service.parse(doc), edition);
      service.setRules(rules.rulesFor(edition), edition);
    }
    // In text order, as a reader goes through the list.
    const diagnostics = service.diagnostics(doc).sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    for (const d of diagnostics) {
      const severity = SEVERITY_NAME[d.severity ?? DiagnosticSeverity.Error];
      if (d.severity === DiagnosticSeverity.Error) errors++;
      findings.push({ file, range: d.range, severity, code: String(d.code), message: d.message });
      if (!json) {
        io.out(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity} ${d.code} ${d.message}\n`);
      }
    }
  }
  if (json) io.out(JSON.stringify(findings, null, 2) + '\n');
  else if (findings.length === 0) io.out(`${files.length} list${files.length === 1 ? '' : 's'} checked: no problems\n`);
  return errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
