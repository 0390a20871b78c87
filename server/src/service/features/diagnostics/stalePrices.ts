// A list priced under an older Munitorum Field Manual, said once: when the MFM data carries its changelog
// (`RulesData.mfmHistory`) and the list's stated prices are an older version's, one finding on the list's header
// names that version and the prices that changed since, and the findings it explains (points, Detachment Points,
// force dispositions, the total and the limit) are related to it; its quick fix updates them all. The list is
// checked again under each older version's prices (`pricesUnder`): a finding that version does not give is one it
// explains. A version explains the list only when every stated price it changes is that version's: a price that
// matches no version stays its own error, and a list mixing versions gets no header.
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { DiagnosticRelatedInformation, Location } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from '../../domain/parse/ast';
import { RulesIndex } from '../../domain/rules';
import type { RulesData } from '../../domain/rules/model';
import { olderVersions, pricesUnder, type OlderVersion } from '../../domain/rules/mfmHistory';
import { mfmLabel } from '../../domain/rules/mfmFormat';
import { makeDiagnostic } from './make';
import { changelogRule, withNote } from './ruleRefs';

/** The findings an older version of the prices can explain. */
const PRICED = new Set(['points-mismatch', 'total-mismatch', 'over-points-limit', 'force-disposition-wrong', 'detachment-points', 'detachment-unique']);
/** Those that are a value the list states (a price, its Detachment Points, a force disposition). */
const STATED = new Set(['points-mismatch', 'force-disposition-wrong']);

/** `diagnostic.data.stale` of the header finding and of each finding it explains. */
export interface StalePayload {
  /** The version the list is priced under ("1.0") and its label. */
  version: string;
  label: string;
  /** The version in use and its label. */
  current: string;
  currentLabel: string;
  /** On the header only: how many of the list's stated values changed since. */
  changed?: number;
}

export function staleOf(d: Diagnostic): StalePayload | undefined {
  const p = d.data && typeof d.data === 'object' ? (d.data as { stale?: StalePayload }).stale : undefined;
  return p && typeof p.version === 'string' && typeof p.currentLabel === 'string' ? p : undefined;
}

/** True for the one header finding that groups a list's stale prices. */
export const isStaleHeader = (d: Diagnostic) => d.code === 'prices-outdated' && !!staleOf(d);

const olderIndexes = new WeakMap<RulesData, Map<string, RulesIndex>>();

function olderIndex(data: RulesData, version: string): RulesIndex | undefined {
  let byVersion = olderIndexes.get(data);
  if (!byVersion) olderIndexes.set(data, (byVersion = new Map()));
  let index = byVersion.get(version);
  if (!index) {
    const older = pricesUnder(data, version);
    if (!older) return undefined;
    byVersion.set(version, (index = new RulesIndex(older)));
  }
  return index;
}

const keyOf = (d: Diagnostic) => `${String(d.code)}@${d.range.start.line}:${d.range.start.character}`;

/**
 * The list's findings with its stale prices grouped: `check` checks the list under other rules (the same checks,
 * without this grouping). Returns `diagnostics` as they are when no older version explains the list.
 */
export function groupStalePrices(doc: TextDocument, list: ArmyList, rules: RulesIndex, diagnostics: Diagnostic[], check: (rules: RulesIndex) => Diagnostic[]): Diagnostic[] {
  const history = rules.data.mfmHistory;
  if (!history || !diagnostics.some((d) => STATED.has(String(d.code)))) return diagnostics;
  let best: { version: OlderVersion; explained: Diagnostic[] } | undefined;
  for (const version of olderVersions(history)) {
    const older = olderIndex(rules.data, version.version);
    if (!older) continue;
    const theirs = check(older);
    const mine = new Set(diagnostics.map(keyOf));
    const given = new Set(theirs.map(keyOf));
    const explained = diagnostics.filter((d) => PRICED.has(String(d.code)) && !given.has(keyOf(d)));
    // A stated value this version contradicts that the data in use accepts: the list is not this version's.
    const introduced = theirs.some((d) => STATED.has(String(d.code)) && !mine.has(keyOf(d)));
    if (introduced || !explained.some((d) => STATED.has(String(d.code)))) continue;
    if (!best || explained.length > best.explained.length) best = { version, explained };
  }
  if (!best) return diagnostics;
  const current = history.version;
  const payload: StalePayload = { version: best.version.version, label: best.version.label, current, currentLabel: mfmLabel(current, history.date) };
  const short = (label: string) => label.replace(/^Munitorum Field Manual/, 'MFM');
  const stated = best.explained.filter((d) => STATED.has(String(d.code)));
  const items = describe(doc, list, stated);
  const header = headerSpan(list);
  const n = best.explained.length;
  const message =
    `Priced under ${short(payload.label)}: ${stated.length} price${stated.length === 1 ? '' : 's'} changed in ${short(payload.currentLabel)}: ${items.join(', ')}. ` +
    `Updating all points to ${short(payload.currentLabel)} fixes the ${n === 1 ? 'finding' : `${n} findings`} related here.`;
  const headerRange = { start: doc.positionAt(header.start), end: doc.positionAt(header.end) };
  const explainedKeys = new Set(best.explained.map(keyOf));
  const grouped = diagnostics.map((d) => {
    if (!explainedKeys.has(keyOf(d))) return d;
    const note = DiagnosticRelatedInformation.create(Location.create(doc.uri, headerRange), `Priced under ${short(payload.label)}: the list's header says which prices changed`);
    const data = d.data && typeof d.data === 'object' ? { ...(d.data as object), stale: payload } : { stale: payload };
    const message = withNote(d, `priced under MFM v${payload.version}`);
    return { ...d, message, relatedInformation: [...(d.relatedInformation ?? []), note], data };
  });
  const related = best.explained.map((d) => ({ span: spanOf(doc, d.range), message: `${String(d.code)}: ${d.message.split('. ')[0]}` }));
  const edition = rules.data.sources.find((s) => s.kind === 'mfm')?.edition ?? 11;
  const rule = changelogRule(edition, current, payload.currentLabel, list.faction?.text);
  const head = makeDiagnostic(doc, header, 'prices-outdated', message, { related, data: { stale: { ...payload, changed: stated.length } }, rule });
  return [head, ...grouped];
}

/** Where the header finding stands: the title line, else the faction line, else the first unit. */
function headerSpan(list: ArmyList): Span {
  return list.title?.span ?? list.faction?.span ?? list.battleSize?.span ?? list.units[0]?.name.span ?? { start: 0, end: 0 };
}

function spanOf(doc: TextDocument, r: Range): Span {
  return { start: doc.offsetAt(r.start), end: doc.offsetAt(r.end) };
}

/**
 * What changed, as the list states it and the data in use prices it: "Commander Farsight 80 → 70", "Pathfinder
 * Team 80 → 85 (×3)", "Retaliation Cadre 2 → 3 DP", "Purge the Foe → Disruption"; repeated changes counted, in order
 * of name (the same army in another layout, its units in another order, says the same).
 */
function describe(doc: TextDocument, list: ArmyList, findings: Diagnostic[]): string[] {
  const out = new Map<string, number>();
  for (const d of findings) {
    const at = doc.offsetAt(d.range.start);
    const written = doc.getText(d.range);
    const expected = (d.data as { expected?: unknown } | undefined)?.expected;
    let item: string;
    if (d.code === 'force-disposition-wrong') item = `${written} → ${typeof expected === 'string' ? expected : 'another'}`;
    else {
      const unit = list.units.find((u) => u.span.start <= at && at < Math.max(u.span.end, u.span.start + 1));
      const line = doc.positionAt(at).line;
      const det = list.detachments.find((t) => doc.positionAt(t.span.start).line === line);
      const was = `${written} → ${typeof expected === 'number' ? expected : '?'}`;
      item = unit ? `${unit.name.text} ${was}` : det ? `${det.text} ${was} DP` : `${was} DP`;
    }
    out.set(item, (out.get(item) ?? 0) + 1);
  }
  return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([item, n]) => (n > 1 ? `${item} (×${n})` : item));
}
