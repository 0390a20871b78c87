// The event report (`auspex report`): one row per list as a tournament
// organiser reads it (file, name, faction, detachments, battle size, stated and
// computed points against the limit, edition, data version, findings, verdict)
// and a summary over the event. Pure: the caller reads the files, checks each
// list once on one language service and hands over the parsed list and its
// diagnostics; `render/reportHtml.ts` turns the result into one HTML page.
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { editionRules, listEdition } from '../domain/editions';
import type { Edition } from '../domain/editions';
import { normalizeName } from '../domain/text/normalize';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import { notCheckedBy } from './diagnostics/validate';
import { isStaleHeader, staleOf } from './diagnostics/stalePrices';
import { ruleOf } from './diagnostics/ruleRefs';
import { pricedTotal } from './diagnostics/totals';
import { resolveList } from './resolve/resolvedList';

/**
 * `not checked`: the list's faction or edition has no rules data loaded (or its faction is unknown), or the list is
 * beyond the size limits (service/limits.ts), so nothing but its text was checked; `points only`: the data prices its units but lacks their datasheets (a catalogue the
 * folder lacks), so only the prices were checked. Neither is ever "legal"; an error found still makes it "not legal".
 */
export type Verdict = 'legal' | 'not legal' | 'points only' | 'not checked' | 'could not be read';
export type SeverityName = 'error' | 'warning' | 'information' | 'hint';

export const SEVERITY_NAMES: Record<number, SeverityName> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};
const SEVERITY_ORDER: SeverityName[] = ['error', 'warning', 'information', 'hint'];

export interface ReportFinding {
  severity: SeverityName;
  code: string;
  message: string;
  /** 1-based, as an editor shows them. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The finding's lines with up to one line either side: `firstLine` is the 1-based number of `lines[0]`. */
  context: { firstLine: number; lines: string[] };
  /** The rule it applies: where it stands, whose it is, the data version it was read from. */
  rule?: { section: string; source: string; version?: string };
}

export interface ListReport {
  file: string;
  verdict: Verdict;
  /** The older Munitorum Field Manual the list's prices are ("MFM v1.0 (2026-06-22)"), shown beside the verdict. */
  pricedUnder?: string;
  /** Why the list could not be read (an I/O error, or no unit in the text). */
  unreadable?: string;
  format?: string;
  name?: string;
  faction?: string;
  detachments: string[];
  battleSize?: string;
  /** The battle size's points limit (none for Combat Patrol or when no battle size is named). */
  limit?: number;
  statedPoints?: number;
  /** The rules data's points for the units it prices (enhancements included); undefined when it prices none. */
  computedPoints?: number;
  units: number;
  /** Units the rules data gives no price for (unknown datasheet, unknown size); `computedPoints` leaves them out. */
  unpricedUnits: number;
  edition?: Edition;
  /** The data version the list's export states (the official app's `Data Version: vNNN` footer). */
  dataVersion?: string;
  counts: Record<SeverityName, number>;
  /** By severity (errors first), then in text order. */
  findings: ReportFinding[];
}

export interface ReportSummary {
  lists: number;
  legal: number;
  notLegal: number;
  /** Lists not (fully) checked (rules data missing, a list beyond the size limits): `points only` and `not checked` verdicts. */
  notChecked: number;
  unreadable: number;
  byFaction: { faction: string; lists: number; legal: number }[];
  byDetachment: { faction: string; detachment: string; lists: number; legal: number }[];
  /** Codes by the number of lists they occur in, then by occurrences. */
  commonFindings: { code: string; severity: SeverityName; lists: number; occurrences: number }[];
}

export interface EventReport {
  generatedAt?: string;
  edition: Settings['edition'];
  rules: { kind: string; location: string; version?: string }[];
  summary: ReportSummary;
  lists: ListReport[];
}

/** A list the caller could not read (missing file, not text). */
export function unreadableList(file: string, reason: string): ListReport {
  return { file, verdict: 'could not be read', unreadable: reason, detachments: [], units: 0, unpricedUnits: 0, counts: zeroCounts(), findings: [] };
}

/** One list's row: `list` and `diagnostics` as the language service gave them for `doc`. */
export function reportList(file: string, doc: TextDocument, list: ArmyList, diagnostics: Diagnostic[], rules: RulesIndex, settings: Settings): ListReport {
  const counts = zeroCounts();
  const lines = doc.getText().split(/\r\n|\r|\n/);
  const findings = diagnostics
    .map((d): ReportFinding => {
      const severity = SEVERITY_NAMES[d.severity ?? DiagnosticSeverity.Error];
      counts[severity]++;
      const { start, end } = d.range;
      // A range ending at column 0 of the next line ends on the line before.
      const endLine = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
      const first = Math.max(0, start.line - 1);
      const last = Math.min(lines.length - 1, endLine + 1, first + 6);
      return {
        severity,
        code: String(d.code ?? ''),
        message: d.message,
        line: start.line + 1,
        column: start.character + 1,
        endLine: end.line + 1,
        endColumn: end.character + 1,
        context: { firstLine: first + 1, lines: lines.slice(first, last + 1) },
        ...ruleField(d),
      };
    })
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || a.line - b.line || a.column - b.column);

  // The faction as the data names it, whatever the export's spelling ("Empire T’au", "Tau Empire").
  const faction = list.faction && (rules.faction(list.faction.text)?.name ?? list.faction.text);
  const edition = listEdition(list, settings.edition);
  const { computed, unpriced } = listPoints(list, rules, settings, edition);
  const bs = list.battleSize;
  const bsRule = bs && rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(bs.name.text));
  // Without a single unit, what the parser took for a title or faction is noise: the row says only why.
  if (list.units.length === 0) {
    const why = doc.getText().trim() === '' ? 'the file is empty' : 'no unit of any list format Auspex reads was found in the text';
    return { ...unreadableList(file, why), counts, findings };
  }
  const stale = diagnostics.find(isStaleHeader);
  return {
    file,
    verdict: verdictOf(counts, diagnostics),
    ...(stale ? { pricedUnder: staleOf(stale)!.label.replace(/^Munitorum Field Manual/, 'MFM') } : {}),
    format: list.format,
    name: list.title?.text,
    faction,
    detachments: list.detachments.map((d) => d.text),
    battleSize: bs?.name.text,
    limit: bs ? (bsRule ? bsRule.points : bs.points) : undefined,
    statedPoints: list.statedPoints?.value,
    computedPoints: computed,
    units: list.units.length,
    unpricedUnits: unpriced,
    edition,
    dataVersion: appDataVersion(list),
    counts,
    findings,
  };
}

/**
 * A list nothing could be checked of is "not checked" (its one error says why); else an error is an error; without
 * one, a list the data could check only in part says so; else it is legal.
 */
function verdictOf(counts: Record<SeverityName, number>, diagnostics: Diagnostic[]): Verdict {
  const missing = notCheckedBy(diagnostics);
  if (missing === 'none') return 'not checked';
  if (counts.error > 0) return 'not legal';
  return missing === 'points' ? 'points only' : 'legal';
}

/**
 * The list's points under `rules`, as `auspex check` counts them against the stated total and the limit (`totals.ts`):
 * each unit at the data's price for its size (11th edition: each copy at its tier, wargear costs included),
 * enhancements included, a unit the data cannot price at its stated points; `unpriced`, how many it could not price.
 */
export function listPoints(parsed: ArmyList, rules: RulesIndex, settings: Settings = DEFAULT_SETTINGS, edition?: Edition): { computed?: number; unpriced: number } {
  const ed = editionRules(edition ?? listEdition(parsed, settings.edition));
  const resolved = resolveList(parsed, rules, ed);
  const { sum, unpriced } = pricedTotal(resolved);
  return { computed: unpriced < resolved.list.units.length ? sum : undefined, unpriced };
}

/** The finding's rule as the report shows it. */
function ruleField(d: Diagnostic): { rule?: ReportFinding['rule'] } {
  const r = ruleOf(d);
  return r ? { rule: { section: r.section, source: r.source, ...(r.version ? { version: r.version } : {}) } } : {};
}

/** The data version the export states (the official app's `Data Version: vNNN` footer), as the parser records it. */
function appDataVersion(list: ArmyList): string | undefined {
  return list.dataVersion?.text;
}

/** The whole event: the rows in the order given, and the summary over them. */
/** `rules`: the data of every edition the lists were checked against (its sources are listed once each). */
export function buildReport(lists: ListReport[], rules: RulesIndex | RulesIndex[], settings: Settings, generatedAt?: string): EventReport {
  return {
    ...(generatedAt ? { generatedAt } : {}),
    edition: settings.edition,
    rules: dataSources(rules),
    summary: summarize(lists),
    lists,
  };
}

/** Each data source once (a folder read faction by faction is one source), in the order loaded. */
export function dataSources(rules: RulesIndex | RulesIndex[]): EventReport['rules'] {
  const out = new Map<string, EventReport['rules'][number]>();
  for (const r of Array.isArray(rules) ? rules : [rules]) {
    for (const s of r.data.sources) {
      const key = `${s.kind}\u0000${s.location}\u0000${s.version ?? ''}`;
      if (!out.has(key)) out.set(key, { kind: s.kind, location: s.location, ...(s.version ? { version: s.version } : {}) });
    }
  }
  return [...out.values()];
}

/** Grouping key of a faction name: case, typography and punctuation aside ("T’au Empire" = "T'au Empire"). */
function factionKey(name: string): string {
  return normalizeName(name).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/gi, ' ').trim().toLowerCase();
}

export function summarize(lists: ListReport[]): ReportSummary {
  const summary = createSummary();
  for (const l of lists) summary.add(l);
  return summary.result();
}

/**
 * The summary built one row at a time (`auspex report` streams its rows to the files and keeps only this): counts per
 * verdict, faction, detachment and finding code, whatever the number of lists.
 */
export function createSummary(): { add(row: ListReport): void; result(): ReportSummary } {
  const factions = new Map<string, { faction: string; lists: number; legal: number }>();
  const detachments = new Map<string, { faction: string; detachment: string; lists: number; legal: number }>();
  const codes = new Map<string, { code: string; severity: SeverityName; lists: number; occurrences: number }>();
  const verdicts = new Map<Verdict, number>();
  let count = 0;
  const add = (l: ListReport) => {
    count++;
    verdicts.set(l.verdict, (verdicts.get(l.verdict) ?? 0) + 1);
    if (l.verdict === 'could not be read') return;
    const legal = l.verdict === 'legal' ? 1 : 0;
    const faction = l.faction ?? '(no faction)';
    const f = factions.get(factionKey(faction)) ?? { faction, lists: 0, legal: 0 };
    f.lists++;
    f.legal += legal;
    factions.set(factionKey(faction), f);
    for (const detachment of l.detachments.length ? l.detachments : ['(no detachment)']) {
      const key = `${factionKey(faction)}\u0000${normalizeName(detachment)}`;
      const d = detachments.get(key) ?? { faction, detachment, lists: 0, legal: 0 };
      d.lists++;
      d.legal += legal;
      detachments.set(key, d);
    }
    const seen = new Set<string>();
    for (const finding of l.findings) {
      const c = codes.get(finding.code) ?? { code: finding.code, severity: finding.severity, lists: 0, occurrences: 0 };
      c.occurrences++;
      if (!seen.has(finding.code)) c.lists++;
      seen.add(finding.code);
      codes.set(finding.code, c);
    }
  };
  const byCount = <T extends { lists: number }>(key: (t: T) => string) => (a: T, b: T) => b.lists - a.lists || key(a).localeCompare(key(b));
  const result = (): ReportSummary => ({
    lists: count,
    legal: verdicts.get('legal') ?? 0,
    notLegal: verdicts.get('not legal') ?? 0,
    notChecked: (verdicts.get('not checked') ?? 0) + (verdicts.get('points only') ?? 0),
    unreadable: verdicts.get('could not be read') ?? 0,
    byFaction: [...factions.values()].sort(byCount((x) => x.faction)),
    byDetachment: [...detachments.values()].sort(byCount((x) => `${x.faction} ${x.detachment}`)),
    commonFindings: [...codes.values()].sort((a, b) => b.lists - a.lists || b.occurrences - a.occurrences || a.code.localeCompare(b.code)).slice(0, 10),
  });
  return { add, result };
}

/** Exit status semantics: every list read and legal. */
export function allLegal(report: EventReport): boolean {
  return report.lists.every((l) => l.verdict === 'legal');
}

function zeroCounts(): Record<SeverityName, number> {
  return { error: 0, warning: 0, information: 0, hint: 0 };
}
