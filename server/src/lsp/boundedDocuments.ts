// The documents the server keeps for the client's open files. A document beyond BOUNDS.documentChars is
// never parsed, but `TextDocument` builds an index of every line's offset on its first position question
// (one number per line: 50 MB of newlines took 1.97 GB at its peak). Such a document is kept as a
// LargeDocument instead: its lines are counted and positions found by a scan, with no index, so it costs its
// text and nothing more, and what the server answers for it (one list-too-large finding) stays cheap.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { BOUNDS } from '../service/domain/bounds';

/** A document beyond BOUNDS.documentChars: the TextDocument interface without a line index. */
export class LargeDocument implements TextDocument {
  private lines?: number;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    private readonly text: string,
  ) {}

  getText(range?: Range): string {
    if (!range) return this.text;
    return this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** Line breaks as TextDocument counts them: \r\n, \r and \n. */
  get lineCount(): number {
    if (this.lines === undefined) {
      let n = 1;
      const t = this.text;
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (c === 10) n++;
        else if (c === 13) {
          n++;
          if (t.charCodeAt(i + 1) === 10) i++;
        }
      }
      this.lines = n;
    }
    return this.lines;
  }

  /** The line's range, its line break left out (past the last line: an empty range at the end). */
  getLineRange(line: number): Range {
    const start = this.offsetAt({ line, character: 0 });
    if (line >= this.lineCount) {
      const end = this.positionAt(this.text.length);
      return { start: end, end };
    }
    let end = start;
    while (end < this.text.length && this.text.charCodeAt(end) !== 10 && this.text.charCodeAt(end) !== 13) end++;
    return { start: { line, character: 0 }, end: { line, character: end - start } };
  }

  getEOLCharacters(line: number): string {
    const r = this.getLineRange(line);
    if (line >= this.lineCount) return '';
    const at = this.offsetAt(r.start) + r.end.character;
    return this.text.startsWith('\r\n', at) ? '\r\n' : this.text[at] === '\r' || this.text[at] === '\n' ? this.text[at] : '';
  }

  positionAt(offset: number): Position {
    const t = this.text;
    const end = Math.max(0, Math.min(Math.floor(offset), t.length));
    let line = 0;
    let start = 0;
    for (let i = 0; i < end; i++) {
      const c = t.charCodeAt(i);
      if (c === 10 || c === 13) {
        if (c === 13 && t.charCodeAt(i + 1) === 10) {
          if (i + 1 >= end) break;
          i++;
        }
        line++;
        start = i + 1;
      }
    }
    return { line, character: end - start };
  }

  offsetAt(position: Position): number {
    const t = this.text;
    if (position.line <= 0 && position.character <= 0) return 0;
    let line = 0;
    let i = 0;
    while (line < position.line && i < t.length) {
      const c = t.charCodeAt(i++);
      if (c === 10) line++;
      else if (c === 13) {
        if (t.charCodeAt(i) === 10) i++;
        line++;
      }
    }
    if (line < position.line) return t.length;
    let lineEnd = i;
    while (lineEnd < t.length && t.charCodeAt(lineEnd) !== 10 && t.charCodeAt(lineEnd) !== 13) lineEnd++;
    return Math.min(i + Math.max(0, position.character), lineEnd);
  }
}

function make(uri: string, languageId: string, version: number, content: string): TextDocument {
  return content.length > BOUNDS.documentChars ? new LargeDocument(uri, languageId, version, content) : TextDocument.create(uri, languageId, version, content);
}

/** The TextDocuments configuration of the server: ordinary TextDocuments, LargeDocuments beyond the bound. */
export const BoundedTextDocument = {
  create: make,
  update(doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
    if (!(doc instanceof LargeDocument)) {
      const next = TextDocument.update(doc, changes, version);
      return next.getText().length > BOUNDS.documentChars ? make(doc.uri, doc.languageId, version, next.getText()) : next;
    }
    let text = doc.getText();
    for (const c of changes) {
      if ('range' in c) {
        const from = doc.offsetAt(c.range.start);
        const to = doc.offsetAt(c.range.end);
        text = text.slice(0, from) + c.text + text.slice(to);
        doc = new LargeDocument(doc.uri, doc.languageId, version, text);
      } else {
        text = c.text;
        doc = new LargeDocument(doc.uri, doc.languageId, version, text);
      }
    }
    return make(doc.uri, doc.languageId, version, text);
  },
};

/** Nesting allowed in what a request hands back to the client (a completion item's `data`): real ones are 3 deep. */
export const MAX_ECHO_DEPTH = BOUNDS.messageDepth;

/**
 * Whether a value nests deeper than `max` arrays or objects, found without recursion. A 5,000-deep array
 * sent back in a response overflowed the stack of the JSON-RPC library's JSON.stringify: the request was
 * never answered (or, over IPC, the server exited).
 */
export function nestedDeeper(value: unknown, max = MAX_ECHO_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let seen = 0;
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max || ++seen > 100_000) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) if (x !== null && typeof x === 'object') stack.push([x, d + 1]);
  }
  return false;
}
