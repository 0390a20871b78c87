// `auspex report <files or folders>... [--html FILE] [--json FILE]`: every list
// of an event checked once on one language service (the rules data loaded once,
// each faction the first time a list needs it), one row per list, a summary,
// and the page and JSON a tournament organiser keeps. Exit 1 when any list is
// not legal or could not be read, 0 otherwise. Streaming: each row is printed and
// spooled to the files as its list is checked, and nothing of it is kept (5,000
// lists took 478 MB when every row was held until the end).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import type { Edition } from '../service/domain/editions';
import { rulesRouter, RulesRouting } from './check';
import { buildReport, createSummary, dataSources, EventReport, ListReport, reportList, unreadableList } from '../service/features/report';
import { listRow, listSection, reportHtmlParts } from '../service/features/render/reportHtml';
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
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      // A folder nested past the path-length limit (ENAMETOOLONG), or one we may not read: one line, not a stack.
      throw new CliError(`auspex report: cannot read the folder ${shortPath(dir)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
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
      throw new CliError(`auspex report: cannot read ${shortPath(input)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
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

/** A path for a one-line message: a very long one (a folder nested thousands of characters deep) keeps its ends. */
function shortPath(p: string, max = 240): string {
  return p.length > max ? `${p.slice(0, max / 2)}…${p.slice(-max / 2)}` : p;
}

/**
 * Checks every list once, in order, handing each row to `onRow` as soon as it is made (nothing is kept); answers the
 * editions the lists were read under. `files`: paths, or paths with the label a row shows.
 */
export function checkEvent(files: (string | { file: string; label: string })[], service: LanguageService, io: CliIO, rules: RulesRouting | undefined, onRow: (row: ListReport, index: number) => void): Set<Edition> {
  const route = rulesRouter(rules, service);
  const editions = new Set<Edition>();
  files.forEach((f, i) => {
    const { file, label } = typeof f === 'string' ? { file: f, label: f } : f;
    onRow({ ...checkOne(file), file: label }, i);
  });
  return editions;

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

/** The data of every edition a list was checked against (the embedded 10th when none was read), each source once. */
function rulesUsed(service: LanguageService, editions: Set<Edition>) {
  return (editions.size ? [...editions] : [10 as Edition]).map((e) => service.rulesFor(e));
}

/** Checks every list once and builds the report in memory (no output). `files`: paths, or paths with the label a row shows. */
export function buildEventReport(files: (string | { file: string; label: string })[], service: LanguageService, io: CliIO, rules?: RulesRouting, generatedAt?: string): EventReport {
  const rows: ListReport[] = [];
  const editions = checkEvent(files, service, io, rules, (row) => rows.push(row));
  return buildReport(rows, rulesUsed(service, editions), service.settings, generatedAt);
}

/**
 * A file written in parts: a run of rows now (to a temporary file beside nothing of the user's), the head once the
 * summary is known, then the rows copied after it. Memory stays that of one row, whatever the event's size.
 */
class SpooledFile {
  private readonly spools: { fd: number; file: string }[] = [];
  constructor(dir: string, name: string, runs: number) {
    for (let i = 0; i < runs; i++) {
      const file = path.join(dir, `${name}.${i}`);
      this.spools.push({ fd: fs.openSync(file, 'w'), file });
    }
  }

  /** Appends to run `k`. */
  write(k: number, text: string): void {
    fs.writeSync(this.spools[k].fd, text);
  }

  /** Writes `target`: `parts[0]`, run 0, `parts[1]`, run 1, …, the last part. */
  finish(target: string, parts: string[]): void {
    for (const s of this.spools) fs.closeSync(s.fd);
    const out = fs.openSync(target, 'w');
    try {
      const buffer = Buffer.alloc(1 << 20);
      parts.forEach((part, k) => {
        fs.writeSync(out, part);
        const spool = this.spools[k];
        if (!spool) return;
        const fd = fs.openSync(spool.file, 'r');
        try {
          for (let n = fs.readSync(fd, buffer, 0, buffer.length, null); n > 0; n = fs.readSync(fd, buffer, 0, buffer.length, null)) fs.writeSync(out, buffer, 0, n);
        } finally {
          fs.closeSync(fd);
        }
      });
    } finally {
      fs.closeSync(out);
    }
  }
}

/** Indents a JSON text as the `lists` array's element of the whole report, `JSON.stringify(report, null, 2)`. */
const asElement = (row: ListReport) => `    ${JSON.stringify(row, null, 2).replace(/\n/g, '\n    ')}`;

export function reportCommand(inputs: string[], options: ReportOptions, service: LanguageService, io: CliIO, rules?: RulesRouting): number {
  if (inputs.length === 0) throw new CliError('auspex report: name at least one list file or folder');
  const files = listFiles(inputs, true);
  const generatedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const fail = (file: string, e: unknown) => new CliError(`auspex report: cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  // The rows go to temporary files as each list is checked; the pages are written whole at the end (a report is never
  // left half-written where the organiser looks for it).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-report-'));
  try {
    let html: SpooledFile | undefined;
    let json: SpooledFile | undefined;
    try {
      html = options.html ? new SpooledFile(tmp, 'html', 2) : undefined;
      json = options.json ? new SpooledFile(tmp, 'json', 1) : undefined;
    } catch (e) {
      throw fail(tmp, e);
    }
    const summary = createSummary();
    const factions = new Set<string>();
    let everyLegal = true;
    const editions = checkEvent(files, service, io, rules, (l, i) => {
      summary.add(l);
      if (l.faction) factions.add(l.faction);
      if (l.verdict !== 'legal') everyLegal = false;
      try {
        html?.write(0, `${i ? '\n' : ''}${listRow(l, i)}`);
        html?.write(1, `${i ? '\n' : ''}${listSection(l, i)}`);
        json?.write(0, `${i ? ',\n' : '\n'}${asElement(l)}`);
      } catch (e) {
        throw fail(tmp, e);
      }
      printRow(io, l);
    });
    const head: Omit<EventReport, 'lists'> = { generatedAt, edition: service.settings.edition, rules: dataSources(rulesUsed(service, editions)), summary: summary.result() };
    if (html && options.html) {
      const parts = reportHtmlParts({ ...head, factions: [...factions].sort() });
      try {
        html.finish(options.html, [parts.head, parts.between, parts.tail]);
      } catch (e) {
        throw fail(options.html, e);
      }
    }
    if (json && options.json) {
      // As JSON.stringify(report, null, 2) writes it: the head's keys, then the lists.
      const start = JSON.stringify({ ...head, lists: [] }, null, 2).replace(/\[\]\n\}$/, '[');
      try {
        json.finish(options.json, [start, `${files.length ? '\n  ' : ''}]\n}\n`]);
      } catch (e) {
        throw fail(options.json, e);
      }
    }
    printSummary(io, head, options);
    return everyLegal ? EXIT_OK : EXIT_FINDINGS;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** One list's line on the terminal, as soon as it is checked. */
function printRow(io: CliIO, l: ListReport): void {
  const what = [l.faction, l.detachments.join(' + '), l.battleSize].filter(Boolean).join(', ');
  const pts = l.statedPoints !== undefined || l.computedPoints !== undefined
    ? ` ${l.statedPoints ?? '?'}/${l.computedPoints ?? '?'}${l.limit !== undefined ? `/${l.limit}` : ''} pts${l.unpricedUnits ? ` (${l.unpricedUnits} unit${l.unpricedUnits === 1 ? '' : 's'} not priced)` : ''}`
    : '';
  const found = l.verdict === 'could not be read' ? ` (${l.unreadable})` : ` ${l.counts.error} error${l.counts.error === 1 ? '' : 's'}, ${l.counts.warning} warning${l.counts.warning === 1 ? '' : 's'}`;
  const priced = l.pricedUnder ? ` (priced under ${l.pricedUnder})` : '';
  io.out(`${l.verdict.padEnd(17)} ${l.file}${what ? ` — ${what}` : ''}${pts}${found}${priced}\n`);
}

function printSummary(io: CliIO, report: Omit<EventReport, 'lists'>, options: ReportOptions): void {
  const s = report.summary;
  io.out(`${s.lists} list${s.lists === 1 ? '' : 's'}: ${s.legal} legal, ${s.notLegal} not legal, ${s.notChecked ? `${s.notChecked} not (fully) checked, ` : ''}${s.unreadable} could not be read\n`);
  io.out(`rules data: ${report.rules.length ? report.rules.map((r) => `${r.kind} ${r.location}${r.version ? ` (${r.version})` : ''}`).join('; ') : 'none'}\n`);
  if (s.commonFindings.length) io.out(`most common: ${s.commonFindings.slice(0, 5).map((c) => `${c.code} (${c.lists} list${c.lists === 1 ? '' : 's'})`).join(', ')}\n`);
  for (const [what, file] of [['HTML', options.html], ['JSON', options.json]] as const) if (file) io.out(`${what}: ${file}\n`);
}
