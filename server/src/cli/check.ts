// `auspex check <files...> [--json]`: the CI / tournament entry point.
// Exit 0 without error-severity findings, 1 with them or with a list that was not checked.
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { LanguageService } from '../service/languageService';
import type { RulesProvider } from '../node/rulesProvider';
import type { Edition } from '../service/domain/editions';
import { compareWithVersion, versionLabel } from '../service/features/against';
import { createLanguageService } from '../service/languageService';
import { ruleOf, withNote } from '../service/features/diagnostics/ruleRefs';
import { CliError, CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

const SEVERITY_NAME: Record<number, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

/** Whether a finding says its list was not checked at all (`data.checked: 'none'`). */
function notChecked(d: Diagnostic): boolean {
  return (d.data as { checked?: unknown } | undefined)?.checked === 'none';
}

/** The rules data lists are checked against: one provider, or one per edition. */
export type RulesRouting = RulesProvider | ((edition: Edition) => RulesProvider);

/**
 * Hands `service` the rules data of each list's edition, loading only what the list needs (its faction, its
 * allies' factions); answers the list's edition. One per command run: it remembers which provider fills each
 * edition's slot of the service.
 */
export function rulesRouter(rules: RulesRouting | undefined, service: LanguageService): (doc: TextDocument) => Edition {
  const inUse = new Map<Edition, RulesProvider>();
  // The factions the folders hold, loaded or not: an unknown faction name is matched against them.
  service.setLoadableFactions(() => {
    try {
      return [...new Set(inUse.values())].flatMap((p) => p.listedFactions());
    } catch {
      return [];
    }
  });
  return (doc) => {
    const edition = service.editionOf(doc);
    const provider = typeof rules === 'function' ? rules(edition) : rules;
    if (provider && (provider.ensureList(service.parse(doc), edition).changed || inUse.get(edition) !== provider)) {
      service.setRules(provider.rulesFor(edition), edition);
      inUse.set(edition, provider);
    }
    return edition;
  };
}

/**
 * `against`: another version of the rules data (`--against <data>`). Each points
 * or size finding then says whether the list matches that version, and each
 * list's total under both versions is given. `rules`: one provider, or one per edition (the CLI's: --data
 * folders, then the cache of the list's edition).
 */
export function checkCommand(files: string[], json: boolean, service: LanguageService, io: CliIO, rules?: RulesRouting, against?: RulesProvider): number {
  if (files.length === 0) throw new CliError('auspex check: name at least one list file');
  const texts = files.map((file) => {
    try {
      return { file, text: io.readFile(file) };
    } catch (e) {
      throw new CliError(`auspex check: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  });
  const findings: { file: string; range: unknown; severity: string; code: string; message: string; rule?: unknown; against?: string }[] = [];
  const totals: { file: string; current: { data: string; points: number | null; unpriced: number }; against: { data: string; points: number | null; unpriced: number } }[] = [];
  const other = against && createLanguageService({ settings: service.settings });
  let errors = 0;
  const route = rulesRouter(rules, service);
  const routeOther = other && rulesRouter(against, other);
  for (const { file, text } of texts) {
    const doc = TextDocument.create(`file://${path.resolve(file)}`, 'army-list', 1, text);
    const edition = route(doc);
    const provider = typeof rules === 'function' ? rules(edition) : rules;
    // In text order, as a reader goes through the list.
    const diagnostics = service.diagnostics(doc).sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    let notes: (string | undefined)[] = [];
    if (against && other) {
      routeOther?.(doc);
      const mine = service.rulesFor(edition);
      const theirs = other.rulesFor(edition);
      let labels = [versionLabel(mine, 'the data in use'), versionLabel(theirs, 'the other data')];
      if (labels[0] === labels[1]) labels = [provider?.options.paths[0] ?? 'the embedded data', against.options.paths[0]];
      const compared = compareWithVersion(doc, service.parse(doc), { rules: mine, diagnostics, label: labels[0] }, { rules: theirs, diagnostics: other.diagnostics(doc), label: labels[1] });
      notes = compared.notes;
      const t = compared.totals;
      totals.push({ file, current: { data: labels[0], points: t.current ?? null, unpriced: t.unpricedCurrent }, against: { data: labels[1], points: t.other ?? null, unpriced: t.unpricedOther } });
    }
    diagnostics.forEach((d, i) => {
      // A finding that says the list was not checked (`checked: 'none'`: an empty file, a list beyond the size
      // limits, no rules data for its edition) is an error at the gate, whatever the editor shows it as: a list
      // nobody checked never passes.
      const gate = notChecked(d) ? DiagnosticSeverity.Error : (d.severity ?? DiagnosticSeverity.Error);
      const severity = SEVERITY_NAME[gate];
      if (gate === DiagnosticSeverity.Error) errors++;
      // The rule the finding applies ({ section, source, version, page }: `data.rule`, the `codeDescription` link).
      const rule = ruleOf(d);
      findings.push({ file, range: d.range, severity, code: String(d.code), message: d.message, ...(rule ? { rule } : {}), ...(notes[i] ? { against: notes[i] } : {}) });
      if (!json) {
        io.out(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity} ${d.code} ${notes[i] ? withNote(d, notes[i]!) : d.message}\n`);
      }
    });
    const t = totals[totals.length - 1];
    if (!json && t?.file === file) {
      const pts = (v: { data: string; points: number | null; unpriced: number }) => `${v.points ?? '?'} pts under ${v.data}${v.unpriced ? ` (${v.unpriced} unit${v.unpriced === 1 ? '' : 's'} not priced)` : ''}`;
      io.out(`${file}: total ${pts(t.current)}; ${pts(t.against)}\n`);
    }
  }
  // With --against the JSON also holds each list's totals: { findings, totals }.
  if (json) io.out(JSON.stringify(against ? { findings, totals } : findings, null, 2) + '\n');
  else if (findings.length === 0 && !against) io.out(`${files.length} list${files.length === 1 ? '' : 's'} checked: no problems\n`);
  return errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
