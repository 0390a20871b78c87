// `auspex report <files or folders>... [--html FILE] [--json FILE]`: every list
// of an event checked once on one language service (the rules data loaded once,
// each faction the first time a list needs it), one row per list, a summary,
// and the page and JSON a tournament organiser keeps. Exit 1 when any list is
// not legal or could not be read, 0 otherwise.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import type { Edition } from '../service/domain/editions';
import { rulesRouter, RulesRouting } from './check';
import { allLegal, buildReport, EventReport, ListReport, reportList, unreadableList } from '../service/features/report';
import { renderReportHtml } from '../service/features/render/reportHtml';
import { CliError, CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

/** Files a folder contributes: army lists by their usual extensions (MANIFEST.csv, READMEs and the like are not lists). */
export const LIST_EXTENSIONS = ['.txt', '.army', '.40k'];

export interface ReportOptions {
  html?: string;
  json?: string;
}

/**
 * The list files named: files as given, folders walked (sorted, recursively) for list extensions. `label`: how the
 * report names each, relative to the folder given ("alice.txt", "round1/bob.txt"); a file named alone as given.
 */
export function listFiles(inputs: string[]): string[];
export function listFiles(inputs: string[], labelled: true): { file: string; label: string }[];
export function listFiles(inputs: string[], labelled?: true): string[] | { file: string; label: string }[] {
  const out: { file: string; label: string }[] = [];
  const walk = (dir: string, root: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p, root);
      else if (LIST_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) out.push({ file: p, label: path.relative(root, p).split(path.sep).join('/') });
    }
  };
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch (e) {
      throw new CliError(`auspex report: cannot read ${input}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    if (stat.isDirectory()) {
      const before = out.length;
      walk(input, input);
      if (out.length === before) throw new CliError(`auspex report: ${input} holds no list file (${LIST_EXTENSIONS.join(', ')})`);
    } else out.push({ file: input, label: input });
  }
  // Two folders given may hold the same relative name: those keep the path as found.
  const counts = new Map<string, number>();
  for (const o of out) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  for (const o of out) if ((counts.get(o.label) ?? 0) > 1) o.label = o.file;
  return labelled ? out : out.map((o) => o.file);
}

/** Checks every list once and builds the report (no output). `files`: paths, or paths with the label a row shows. */
export function buildEventReport(files: (string | { file: string; label: string })[], service: LanguageService, io: CliIO, rules?: RulesRouting, generatedAt?: string): EventReport {
  const route = rulesRouter(rules, service);
  const editions = new Set<Edition>();
  const rows: ListReport[] = files.map((f) => {
    const { file, label } = typeof f === 'string' ? { file: f, label: f } : f;
    return { ...checkOne(file), file: label };
  });
  // The data of every edition a list was checked against (the embedded 10th when none was read), each source once.
  return buildReport(rows, (editions.size ? [...editions] : [10 as Edition]).map((e) => service.rulesFor(e)), service.settings, generatedAt);

  function checkOne(file: string): ListReport {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (e) {
      return unreadableList(file, `cannot read the file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    if (text.includes('\u0000')) return unreadableList(file, 'not a text file');
    const doc = TextDocument.create(`file://${path.resolve(file)}`, 'army-list', 1, text);
    const list = service.parse(doc);
    // Only what this list needs, from the data of its edition.
    const edition = route(doc);
    editions.add(edition);
    const row = reportList(file, doc, list, service.diagnostics(doc), service.rulesFor(edition), service.settings);
    service.forget(doc.uri);
    return row;
  }
}

export function reportCommand(inputs: string[], options: ReportOptions, service: LanguageService, io: CliIO, rules?: RulesRouting): number {
  if (inputs.length === 0) throw new CliError('auspex report: name at least one list file or folder');
  const report = buildEventReport(listFiles(inputs, true), service, io, rules, new Date().toISOString().replace(/\.\d+Z$/, 'Z'));
  const write = (file: string, text: string) => {
    try {
      fs.writeFileSync(file, text);
    } catch (e) {
      throw new CliError(`auspex report: cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
  if (options.html) write(options.html, renderReportHtml(report));
  if (options.json) write(options.json, JSON.stringify(report, null, 2) + '\n');

  for (const l of report.lists) {
    const what = [l.faction, l.detachments.join(' + '), l.battleSize].filter(Boolean).join(', ');
    const pts = l.statedPoints !== undefined || l.computedPoints !== undefined
      ? ` ${l.statedPoints ?? '?'}/${l.computedPoints ?? '?'}${l.limit !== undefined ? `/${l.limit}` : ''} pts${l.unpricedUnits ? ` (${l.unpricedUnits} unit${l.unpricedUnits === 1 ? '' : 's'} not priced)` : ''}`
      : '';
    const found = l.verdict === 'could not be read' ? ` (${l.unreadable})` : ` ${l.counts.error} error${l.counts.error === 1 ? '' : 's'}, ${l.counts.warning} warning${l.counts.warning === 1 ? '' : 's'}`;
    const priced = l.pricedUnder ? ` (priced under ${l.pricedUnder})` : '';
    io.out(`${l.verdict.padEnd(17)} ${l.file}${what ? ` — ${what}` : ''}${pts}${found}${priced}\n`);
  }
  const s = report.summary;
  io.out(`${s.lists} list${s.lists === 1 ? '' : 's'}: ${s.legal} legal, ${s.notLegal} not legal, ${s.notChecked ? `${s.notChecked} not (fully) checked for want of rules data, ` : ''}${s.unreadable} could not be read\n`);
  io.out(`rules data: ${report.rules.length ? report.rules.map((r) => `${r.kind} ${r.location}${r.version ? ` (${r.version})` : ''}`).join('; ') : 'none'}\n`);
  if (s.commonFindings.length) io.out(`most common: ${s.commonFindings.slice(0, 5).map((c) => `${c.code} (${c.lists} list${c.lists === 1 ? '' : 's'})`).join(', ')}\n`);
  for (const [what, file] of [['HTML', options.html], ['JSON', options.json]] as const) if (file) io.out(`${what}: ${file}\n`);
  return allLegal(report) ? EXIT_OK : EXIT_FINDINGS;
}
