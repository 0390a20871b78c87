// Quick fixes and the "fix all" source action. Every fix reads its payload from
// `diagnostic.data` (written by the check that found the problem), never from
// the message text, so fixes survive rewording and need no re-analysis.
import { CodeAction, CodeActionKind, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import { driftOf } from './drift';
import { isStaleHeader, staleOf } from './diagnostics/stalePrices';

export const FIX_ALL_KIND = 'source.fixAll.auspex';
/** "Update all points to <version>": a quick fix offered where the previous data version explains a price. */
export const UPDATE_POINTS_KIND = 'quickfix.auspex.updatePoints';

/** Codes whose `data.suggestions` are replacement names for the diagnostic's range. */
const RENAMES = new Set([
  'unknown-datasheet',
  'faction-not-loaded',
  'unknown-stratagem',
  'unknown-enhancement',
  'unknown-detachment',
  'plan-target-missing',
  'leader-target-missing',
]);
/** Codes whose `data.expected` is the correct number for the diagnostic's range. */
const NUMBERS = new Set(['points-mismatch', 'total-mismatch']);

/** The editor command that downloads an edition's community rules data (VS Code: Auspex: Download Rules Data). */
export const DOWNLOAD_DATA_COMMAND = 'auspex.downloadData';

interface Payload {
  /** The edition whose community data would resolve this finding. */
  download?: number;
  suggestions?: string[];
  /** The right number for the range, or (a force disposition) the right name. */
  expected?: number | string;
  remove?: Range;
}

const payload = (d: Diagnostic): Payload => (d.data && typeof d.data === 'object' ? (d.data as Payload) : {});
const ours = (d: Diagnostic) => d.source === 'auspex' && typeof d.code === 'string';

function wanted(kind: string, only?: string[]): boolean {
  return !only || only.length === 0 || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

/**
 * `all`: the whole document's findings, for "Update all points to <version>" (offered when a finding of
 * `diagnostics` carries the previous version's explanation, `data.drift`).
 */
export function codeActions(doc: TextDocument, list: ArmyList, diagnostics: Diagnostic[], only?: string[], all?: Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  if (wanted(CodeActionKind.QuickFix, only)) for (const d of diagnostics.filter(ours)) out.push(...quickFixes(doc, d));
  if (all && wanted(UPDATE_POINTS_KIND, only)) {
    const update = updateAllPoints(doc, list, diagnostics.filter(ours), all);
    if (update) out.push(update);
  }
  // A list priced under an older MFM: one fix on its header updates every price the header names.
  if (all && wanted(CodeActionKind.QuickFix, only)) {
    const header = diagnostics.find(isStaleHeader) ?? (diagnostics.some(staleOf) ? all.find(isStaleHeader) : undefined);
    if (header) {
      const update = updateStalePrices(doc, list, header, all);
      if (update) out.push(update);
    }
  }
  if (wanted(FIX_ALL_KIND, only)) {
    const all = fixAll(doc, list, diagnostics.filter(ours));
    if (all) out.push(all);
  }
  return out;
}

function quickFixes(doc: TextDocument, d: Diagnostic): CodeAction[] {
  const code = String(d.code);
  const p = payload(d);
  const fix = (title: string, edit: TextEdit, preferred: boolean): CodeAction => ({
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: preferred,
    edit: { changes: { [doc.uri]: [edit] } },
  });
  const download: CodeAction[] =
    typeof p.download === 'number'
      ? [{ title: `Download the ${p.download}th-edition rules data`, kind: CodeActionKind.QuickFix, diagnostics: [d], command: { title: 'Download Rules Data', command: DOWNLOAD_DATA_COMMAND, arguments: [String(p.download)] } }]
      : [];
  if (RENAMES.has(code) && Array.isArray(p.suggestions)) {
    return [...p.suggestions.map((s) => fix(`Change to "${s}"`, TextEdit.replace(d.range, s), p.suggestions!.length === 1)), ...download];
  }
  if (download.length) return download;
  if (NUMBERS.has(code) && typeof p.expected === 'number') {
    return [fix(`Change to ${p.expected}`, TextEdit.replace(d.range, String(p.expected)), true)];
  }
  if (code === 'force-disposition-wrong' && typeof p.expected === 'string') {
    return [fix(`Change to ${p.expected}`, TextEdit.replace(d.range, p.expected), true)];
  }
  if (code === 'multiple-warlords' && p.remove) {
    return [fix('Remove this Warlord marker', TextEdit.del(p.remove), false)];
  }
  return [];
}

/**
 * The safe fixes in one edit: stated points corrected, renames that have exactly one
 * candidate, and the stated total set to the sum of the corrected unit points.
 */
function fixAll(doc: TextDocument, list: ArmyList, diagnostics: Diagnostic[]): CodeAction | undefined {
  const renames = diagnostics.flatMap((d) => {
    const p = payload(d);
    return RENAMES.has(String(d.code)) && p.suggestions?.length === 1 ? [TextEdit.replace(d.range, p.suggestions[0])] : [];
  });
  const unique = dedupe([...pointsAndTotalEdits(doc, list, diagnostics), ...dispositionEdits(diagnostics), ...renames]);
  if (unique.length === 0) return undefined;
  return { title: 'Fix all safe Auspex problems', kind: FIX_ALL_KIND, edit: { changes: { [doc.uri]: unique } } };
}

/**
 * Every stated unit price a `points-mismatch` corrects (its `data.expected`) and the stated total set to the
 * sum of the corrected prices (a total that was right before the corrections no longer is). Shared by fix-all
 * and "Update all points to <version>" (drift.ts).
 */
export function pointsAndTotalEdits(doc: TextDocument, list: ArmyList, diagnostics: Diagnostic[]): TextEdit[] {
  const edits: TextEdit[] = [];
  const pointsFix = new Map<number, number>();
  for (const d of diagnostics.filter(ours)) {
    const p = payload(d);
    if (String(d.code) === 'points-mismatch' && typeof p.expected === 'number') {
      pointsFix.set(doc.offsetAt(d.range.start), p.expected);
      edits.push(TextEdit.replace(d.range, String(p.expected)));
    }
  }
  const stated = list.statedPoints;
  if (stated && list.units.length && list.units.every((u) => u.points)) {
    const sum = list.units.reduce((n, u) => n + (pointsFix.get(u.points!.span.start) ?? u.points!.value), 0);
    if (sum !== stated.value) {
      edits.push(TextEdit.replace({ start: doc.positionAt(stated.span.start), end: doc.positionAt(stated.span.end) }, String(sum)));
    }
  }
  return dedupe(edits);
}

/**
 * "Update all points to <version>": every `points-mismatch` of the whole document (`all`, from their
 * `data.expected`) and the stated total, in one WorkspaceEdit (one undo). Offered for the findings
 * `asked` (the client's range) when one carries the previous version's explanation.
 */
function updateAllPoints(doc: TextDocument, list: ArmyList, asked: Diagnostic[], all: Diagnostic[]): CodeAction | undefined {
  const priced = (d: Diagnostic) => d.code === 'points-mismatch' || d.code === 'total-mismatch';
  const explained = asked.find((d) => priced(d) && driftOf(d)) ?? (asked.some(priced) ? all.find(driftOf) : undefined);
  const version = explained && driftOf(explained);
  if (!version) return undefined;
  const edits = pointsAndTotalEdits(doc, list, all);
  if (edits.length === 0) return undefined;
  return { title: `Update all points to ${version.current}`, kind: UPDATE_POINTS_KIND, diagnostics: asked.filter(priced), edit: { changes: { [doc.uri]: edits } } };
}

/** Each force disposition a finding corrects (its `data.expected` name). */
function dispositionEdits(diagnostics: Diagnostic[]): TextEdit[] {
  return diagnostics.filter(ours).flatMap((d) => {
    const p = payload(d);
    return String(d.code) === 'force-disposition-wrong' && typeof p.expected === 'string' ? [TextEdit.replace(d.range, p.expected)] : [];
  });
}

/**
 * "Update all points to <version>" on the header of a list priced under an older MFM: every price, Detachment Points
 * value and force disposition of the whole document (`all`) that the older version explains, set to the data in
 * use, and the stated total to the sum.
 */
function updateStalePrices(doc: TextDocument, list: ArmyList, header: Diagnostic, all: Diagnostic[]): CodeAction | undefined {
  const stale = staleOf(header)!;
  // The values the older version explains only: a price wrong under every version stays the user's to settle.
  const explained = all.filter((d) => d !== header && staleOf(d));
  const edits = dedupe([...pointsAndTotalEdits(doc, list, explained), ...dispositionEdits(explained)]);
  if (edits.length === 0) return undefined;
  const label = stale.currentLabel.replace(/^Munitorum Field Manual/, 'MFM');
  return { title: `Update all points to ${label}`, kind: CodeActionKind.QuickFix, diagnostics: [header], edit: { changes: { [doc.uri]: edits } } };
}

/** Drops repeated edits of one range (two diagnostics on the same text). */
function dedupe(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => {
    const k = JSON.stringify(e.range);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
