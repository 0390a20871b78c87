// The size beyond which a list gets only cheap analysis, so that a pasted
// 100,000-line file never freezes the editor: parsing and hover stay (they are
// linear or per position), the rules checks, lenses and the flood of per-line
// parse errors do not. The limits are documented in README ("Limits").
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { BOUNDS } from './domain/bounds';
import type { ArmyList } from './domain/parse/ast';
import { makeDiagnostic } from './features/diagnostics/make';

/** The list-size bounds of domain/bounds.ts (lines: a real 2000-point list has about 200; units: 10 to 40). */
export const LIST_LIMITS = {
  lines: BOUNDS.listLines,
  units: BOUNDS.listUnits,
  parseErrors: BOUNDS.parseErrors,
} as const;

/** Why the list is beyond the limits, or undefined when it is within them. */
export function tooLargeReason(doc: TextDocument, list: ArmyList): string | undefined {
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
