// Drift between data versions in the editor: with the previous version of the
// downloaded data kept, each points / size finding says whether the list matches
// that version (message suffix, `data.drift`, the hover), and the quick fix
// "Update all points to <version>" rewrites every stated price and the stated
// total to the data in use in one edit. The previous version's RulesIndex is
// handed in like the current one: nothing here reads files.
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { compareWithVersion, VERSIONED_CODES, versionLabel } from './against';
import { staleOf } from './diagnostics/stalePrices';
import { withNote } from './diagnostics/ruleRefs';

/** The previous version of the data in use, as the LSP layer hands it to the façade. */
export interface PreviousVersion {
  rules: RulesIndex;
  /** How messages name it when its sources state no version (the cache's label). */
  fallbackLabel?: string;
}

/** `diagnostic.data.drift` of an explained finding: what the quick fix and the hover read. */
export interface DriftPayload {
  /** The data in use ("MFM v1.1 (2026-07-22)") and the previous version. */
  current: string;
  previous: string;
  /** The explanation, also appended to the message in brackets. */
  note: string;
}

/** True when a finding is one the previous version could explain: worth loading it for. */
export function wantsPreviousVersion(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.source === 'auspex' && VERSIONED_CODES.has(String(d.code)));
}

/** The two labels, told apart when both versions' sources name the same thing. */
export function driftLabels(current: RulesIndex, previous: PreviousVersion): { current: string; previous: string } {
  const now = versionLabel(current, 'the data in use');
  let was = versionLabel(previous.rules, previous.fallbackLabel ?? 'the previous data');
  if (was === now) was = previous.fallbackLabel && previous.fallbackLabel !== now ? previous.fallbackLabel : `the previous ${now}`;
  return { current: now, previous: was };
}

/**
 * Each versioned finding of `diagnostics` (checked under `current`) with the previous version's explanation:
 * " [matches v1.0; v1.1 raised Boyz 75 → 80]" after its message and `data.drift`. `previousDiagnostics` are the
 * same list's findings under the previous version. Other findings are returned as they are.
 */
export function explainDrift(
  doc: TextDocument,
  list: ArmyList,
  current: RulesIndex,
  diagnostics: Diagnostic[],
  previous: PreviousVersion,
  previousDiagnostics: Diagnostic[],
): Diagnostic[] {
  const labels = driftLabels(current, previous);
  const { notes } = compareWithVersion(doc, list, { rules: current, diagnostics, label: labels.current }, { rules: previous.rules, diagnostics: previousDiagnostics, label: labels.previous });
  return diagnostics.map((d, i) => {
    const note = notes[i];
    // A finding the MFM's changelog already explains (grouped under the list's header) is said once.
    if (!note || staleOf(d)) return d;
    const drift: DriftPayload = { current: labels.current, previous: labels.previous, note };
    const data = d.data && typeof d.data === 'object' ? { ...(d.data as object), drift } : { drift };
    return { ...d, message: withNote(d, note), data };
  });
}

export function driftOf(d: Diagnostic): DriftPayload | undefined {
  const p = d.data && typeof d.data === 'object' ? (d.data as { drift?: DriftPayload }).drift : undefined;
  return p && typeof p.current === 'string' && typeof p.note === 'string' ? p : undefined;
}

/** The hover's section for a finding the previous version explains: appended to the hover at its range. */
export function driftHover(base: Hover | null, offset: number, doc: TextDocument, diagnostics: Diagnostic[]): Hover | null {
  const hits = diagnostics.filter((d) => {
    if (!driftOf(d)) return false;
    const s = doc.offsetAt(d.range.start);
    const e = doc.offsetAt(d.range.end);
    return s <= offset && offset <= e;
  });
  if (hits.length === 0) return base;
  const lines = hits.map((d) => `**Data versions** (${String(d.code)}): ${escapeMarkdown(driftOf(d)!.note)}`);
  const before = base && typeof base.contents === 'object' && 'kind' in base.contents ? (base.contents as MarkupContent).value : '';
  const value = [before, ...lines].filter(Boolean).join('\n\n');
  return { ...(base ?? {}), contents: { kind: 'markdown', value } };
}

function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);
}
