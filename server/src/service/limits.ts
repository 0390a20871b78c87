// The size beyond which a list gets only cheap analysis, so that a pasted
// 100,000-line file never freezes the editor: parsing and hover stay (they are
// linear or per position), the rules checks, lenses and the flood of per-line
// parse errors do not. The limits are documented in README ("Limits").
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { BOUNDS } from './domain/bounds';
import type { ArmyList } from './domain/parse/ast';
import type { Edition } from './domain/editions/types';
import { makeDiagnostic } from './features/diagnostics/make';

/** The list-size bounds of domain/bounds.ts (lines: a real 2000-point list has about 200; units: 10 to 40). */
export const LIST_LIMITS = {
  lines: BOUNDS.listLines,
  units: BOUNDS.listUnits,
  parseErrors: BOUNDS.parseErrors,
} as const;

/** Why the list is beyond the limits, or undefined when it is within them. */
export function tooLargeReason(doc: TextDocument, list: ArmyList): string | undefined {
  const chars = doc.getText().length;
  if (chars > BOUNDS.documentChars) return `${chars} characters (the limit is ${BOUNDS.documentChars}; the document is not parsed)`;
  if (doc.lineCount > BOUNDS.documentLines) return `${doc.lineCount} lines (the document is not parsed beyond ${BOUNDS.documentLines}; full analysis stops at ${LIST_LIMITS.lines})`;
  if (doc.lineCount > LIST_LIMITS.lines) return `${doc.lineCount} lines (the limit is ${LIST_LIMITS.lines})`;
  if (list.units.length > LIST_LIMITS.units) return `${list.units.length} units (the limit is ${LIST_LIMITS.units})`;
  return undefined;
}

/** The diagnostics of an oversized list (one `list-too-large` and the first parse errors), or undefined within the limits. */
export function oversizedDiagnostics(doc: TextDocument, list: ArmyList): Diagnostic[] | undefined {
  const reason = tooLargeReason(doc, list);
  if (!reason) return undefined;
  const first = doc.getText().indexOf('\n');
  const out = [
    makeDiagnostic(
      doc,
      { start: 0, end: first < 0 ? Math.min(doc.getText().length, 200) : first },
      'list-too-large',
      `List too large for full analysis: ${reason}. Only the first ${LIST_LIMITS.parseErrors} parse errors are shown; ` +
        'rules checks and damage lenses are off for this document. Hover, outline and folding still work.',
    ),
  ];
  for (const e of list.errors.slice(0, LIST_LIMITS.parseErrors)) out.push(makeDiagnostic(doc, e.span, e.code, e.message));
  return out;
}

// ---------------------------------------------------------------- request size policies
// Every request kind has one (README "Limits"). Beyond BOUNDS.documentChars a document is not parsed at all
// (every request answers from an empty list); per-position requests answer nothing on a line beyond
// BOUNDS.lineChars; whole-document answers are capped.

/** True when the document is beyond BOUNDS.documentChars or BOUNDS.documentLines: it is not parsed. */
export const unparsable = (doc: TextDocument) => doc.getText().length > BOUNDS.documentChars || doc.lineCount > BOUNDS.documentLines;

/** The stand-in list of an unparsable document: no units, no errors (the list-too-large diagnostic says why). */
export function unparsedList(): ArmyList {
  return { format: 'gwapp', detachments: [], sections: [], units: [], comments: [], errors: [] };
}

/** True when the line at `line` is beyond BOUNDS.lineChars (hover, completion, definition, code actions answer nothing there). */
export function lineTooLong(doc: TextDocument, line: number): boolean {
  const start = doc.offsetAt({ line, character: 0 });
  const end = doc.offsetAt({ line: line + 1, character: 0 });
  return end - start > BOUNDS.lineChars;
}

/** Why formatting is refused for its size (beyond the list limits), or undefined. */
export function formatTooLarge(doc: TextDocument, list: ArmyList): string | undefined {
  const r = tooLargeReason(doc, list);
  return r ? `the document is too large to format: ${r}` : undefined;
}

/** The first `max` entries (whole-document answers: outline, folding ranges). */
export const capped = <T>(xs: T[], max: number): T[] => (xs.length > max ? xs.slice(0, max) : xs);

/**
 * A list that yields no units is never reported clean: one `no-units` error on its first line says nothing was checked.
 * An empty document (blank lines at most) is a list not written yet: one `empty-document` hint, which the editor
 * shows nowhere, and whose `checked: 'none'` keeps the event report from calling it legal.
 */
export function noUnitsDiagnostics(doc: TextDocument, list: ArmyList, download?: Edition): Diagnostic[] {
  if (list.units.length > 0) return [];
  const text = doc.getText();
  if (text.trim() === '') {
    // A new list is the current edition's: without its data, the hint carries the download (its quick fix, the
    // status bar's "no data: download", the editor's one offer; the message is the gate's, `auspex check`).
    return [makeDiagnostic(doc, { start: 0, end: 0 }, 'empty-document', 'The document is empty: nothing was checked.', { data: { checked: 'none', ...(download !== undefined ? { edition: download, download } : {}) } })];
  }
  let end = 0;
  while (end < text.length && end < 200 && text[end] !== '\n' && text[end] !== '\r') end++;
  return [makeDiagnostic(doc, { start: 0, end }, 'no-units', 'No unit could be read from this document (is it an army list export?): nothing was checked.')];
}
