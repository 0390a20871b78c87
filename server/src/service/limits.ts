// The size beyond which a list gets only cheap analysis, so that a pasted
// 100,000-line file never freezes the editor: parsing and hover stay (they are
// linear or per position), the rules checks, lenses and the flood of per-line
// parse errors do not. The limits are documented in README ("Limits").
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { BOUNDS } from './domain/bounds';
import type { ArmyList } from './domain/parse/ast';
import { wsAt } from './domain/parse/lines';
import type { Edition } from './domain/editions/types';
import { makeDiagnostic } from './features/diagnostics/make';

/** The list-size bounds of domain/bounds.ts (lines: a real 2000-point list has about 200; units: 10 to 40). */
export const LIST_LIMITS = {
  lines: BOUNDS.listLines,
  units: BOUNDS.listUnits,
  parseErrors: BOUNDS.parseErrors,
} as const;

/** Per document (and version): its lines that count towards LIST_LIMITS.lines. */
const counted = new WeakMap<TextDocument, { version: number; lines: number }>();

/**
 * The lines that count towards the list's size: neither blank (white space, or the invisible characters chat programs
 * insert, as the parser reads it) nor a comment (a line whose text starts with `#`). Padding a list with blank or
 * comment lines never makes it "too large" and so never skips its checks. Read from the text alone: whether a list
 * is beyond the limits is known before it is parsed.
 */
export function countedLines(doc: TextDocument): number {
  const hit = counted.get(doc);
  if (hit && hit.version === doc.version) return hit.lines;
  const text = doc.getText();
  let lines = 0;
  /** 0: only blanks so far on this line; 1: the line counts; 2: a comment. */
  let state = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 10 || c === 13) {
      if (state === 1) lines++;
      state = 0;
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    } else if (state === 0 && !wsAt(text, i)) state = c === 35 /* # */ ? 2 : 1;
  }
  counted.set(doc, { version: doc.version, lines });
  return lines;
}

/**
 * A JSON roster's text (it opens an object): one value, read whole or not at all, whose pretty-printed lines say
 * nothing of the army's size (a real New Recruit roster with its profiles and rules runs to tens of thousands of
 * lines for twenty units). Its characters and its units bound it.
 */
function opensObject(text: string): boolean {
  const first = /[^\s\uFEFF]/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  return first?.[0] === '{';
}

/** Why the text alone puts the document beyond the limits (characters, lines, lines counted), or undefined. */
export function beyondByText(doc: TextDocument): string | undefined {
  const chars = doc.getText().length;
  if (chars > BOUNDS.documentChars) return `${chars} characters (the limit is ${BOUNDS.documentChars}; the document is not parsed)`;
  if (opensObject(doc.getText())) return undefined;
  if (doc.lineCount > BOUNDS.documentLines) return `${doc.lineCount} lines (the document is not parsed beyond ${BOUNDS.documentLines}; full analysis stops at ${LIST_LIMITS.lines})`;
  const lines = countedLines(doc);
  if (lines > LIST_LIMITS.lines) return `${lines} lines (the limit is ${LIST_LIMITS.lines}), blank and comment lines not counted`;
  return undefined;
}

/** Why the list is beyond the limits, or undefined when it is within them. */
export function tooLargeReason(doc: TextDocument, list: ArmyList): string | undefined {
  const byText = beyondByText(doc);
  if (byText) return byText;
  if (list.units.length > LIST_LIMITS.units) return `${list.units.length} units (the limit is ${LIST_LIMITS.units})`;
  return undefined;
}

/**
 * How much of a document beyond the limits (by its text: `beyondByText`) is read: such a list is never parsed whole
 * on every edit (30 one-character edits of a 3.3 MB list held the server at 460 MB and a hover waited seconds).
 * Its head is what the outline, folding, the first parse errors and the data it needs are read from; a request at a
 * position (hover, definition, selection ranges) reads the lines around it, with the first and last lines (the
 * header and the footer say the format and the faction).
 */
export const PARTIAL_READ = { headLines: BOUNDS.listLines, edgeLines: 100, aroundLines: 200 } as const;

/** The parts of `doc` to read (offsets, each from a line's start): its head and tail, or the lines around `offset`. */
export function partsToRead(doc: TextDocument, offset?: number): [number, number][] {
  const at = (line: number) => doc.offsetAt({ line: Math.max(0, Math.min(line, doc.lineCount)), character: 0 });
  const end = doc.getText().length;
  const parts: [number, number][] = [];
  if (offset === undefined) parts.push([0, at(PARTIAL_READ.headLines)]);
  else {
    const line = doc.positionAt(offset).line;
    parts.push([0, at(PARTIAL_READ.edgeLines)], [at(line - PARTIAL_READ.aroundLines), at(line + PARTIAL_READ.aroundLines)]);
  }
  parts.push([at(doc.lineCount - PARTIAL_READ.edgeLines), end]);
  // In order, overlaps merged.
  const merged: [number, number][] = [];
  for (const [from, to] of parts.sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else if (to > from || (from === end && !merged.length)) merged.push([from, to]);
  }
  return merged;
}

/**
 * The diagnostics of an oversized list (one `list-too-large` and the first parse errors), or undefined within the
 * limits. The finding says the list was not checked (`checked: 'none'`): `auspex check` fails on it and the event
 * report never calls the list legal.
 */
export function oversizedDiagnostics(doc: TextDocument, list: ArmyList): Diagnostic[] | undefined {
  const reason = tooLargeReason(doc, list);
  if (!reason) return undefined;
  const first = doc.getText().indexOf('\n');
  const out = [
    makeDiagnostic(
      doc,
      { start: 0, end: first < 0 ? Math.min(doc.getText().length, 200) : first },
      'list-too-large',
      `List too large for full analysis: ${reason}. The list is not checked: only the first ${LIST_LIMITS.parseErrors} parse errors are shown; ` +
        'rules checks and damage lenses are off for this document. Hover, outline and folding still work.',
      { data: { checked: 'none' } },
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
