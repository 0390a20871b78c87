// Shared line scanning and token helpers. Every parser works on absolute
// UTF-16 offsets into the original text, so spans never need re-basing.
import type { NumberToken, ParseError, Span, Token } from './ast';

export interface Line {
  index: number;
  /** Offset of the first character of the line. */
  start: number;
  /** Offset just past the last character, before any "\r\n" / "\n". */
  end: number;
  /** The text the offsets index (the whole document; empty for a line read as blank by `blankLine`). */
  readonly src: string;
  /** The line without its terminator (cut when asked: most readers read `content` alone). */
  readonly text: string;
  /** Leading whitespace characters (spaces, tabs, NBSP). */
  indent: number;
  /** Only whitespace (chat pastes leave a single space on "blank" lines). */
  blank: boolean;
  /**
   * The line without its outer white space (as trimRange reads it), and where that runs: every reader needs it,
   * so it is cut once here. Empty on a blank line.
   */
  content: string;
  contentStart: number;
  contentEnd: number;
  /** Whether String.prototype.trim() cuts the same: every character cut is `\s` (not a zero-width space or a direction mark). */
  plain: boolean;
  /** The line's bullet and what follows it, once a reader asked (common.ts `bulleted`). */
  bullet?: Bullet;
}

/**
 * A Line as scanLines and blankLine make it: one class (one hidden class for every line), its fields set in one order,
 * and `text` cut only when read.
 */
class TextLine implements Line {
  // Declared only: the constructor sets them, in this order (class fields would define each one first, slower).
  declare readonly src: string;
  declare index: number;
  declare start: number;
  declare end: number;
  declare indent: number;
  declare blank: boolean;
  declare content: string;
  declare contentStart: number;
  declare contentEnd: number;
  declare plain: boolean;
  declare bullet: Bullet | undefined;
  constructor(src: string, index: number, start: number, end: number, indent: number, blank: boolean, content: string, contentStart: number, contentEnd: number, plain: boolean) {
    this.src = src;
    this.index = index;
    this.start = start;
    this.end = end;
    this.indent = indent;
    this.blank = blank;
    this.content = content;
    this.contentStart = contentStart;
    this.contentEnd = contentEnd;
    this.plain = plain;
    this.bullet = undefined;
  }
  get text(): string {
    return this.indent === 0 && this.contentEnd === this.end ? this.content : this.src.slice(this.start, this.end);
  }
}

/** A body line's marker ("•" for every bullet but "◦", or none) and the content after it. */
export interface Bullet {
  marker: string;
  start: number;
  end: number;
}

// Blank for layout: white space plus the invisible characters chat programs insert (zero-width space,
// word joiner, BOM) and bidirectional controls (LRM/RLM, embeddings, overrides, isolates), which must not
// turn a bullet line into text.
const WS = /[\s\u00A0\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/**
 * WS.test for one UTF-16 unit, without a regex (the parser's hottest test: bullets U+2022 and U+25E6 sit among the
 * ranges WS names); also what service/limits.ts counts as blank. `test/unit/parse.test.ts` checks it against WS for
 * every unit.
 */
export function wsAt(text: string, i: number): boolean {
  return wsCode(text.charCodeAt(i));
}

/** wsAt for a UTF-16 unit. */
function wsCode(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  if (c >= 0x2000 && c <= 0x2069) {
    // U+2000–U+200B spaces and zero-width space, LRM/RLM, line/paragraph separators, embeddings and overrides,
    // narrow no-break space, medium mathematical space, word joiner, isolates.
    return c <= 0x200b || c === 0x200e || c === 0x200f || (c >= 0x2028 && c <= 0x202f) || c === 0x205f || c === 0x2060 || c >= 0x2066;
  }
  return c === 0xa0 || c === 0x1680 || c === 0x3000 || c === 0xfeff;
}

/** The pattern `wsAt` answers for (its test). */
export const WS_PATTERN = WS;

/**
 * The lines of `src` (or of the part from `from`, a line's start, to `to`: a line starting before `to` is read
 * whole). `index` counts from the first line read.
 */
export function scanLines(src: string, from = 0, to = src.length): Line[] {
  const lines: Line[] = [];
  let start = from;
  let index = 0;
  // Line breaks as LSP and VS Code count them: "\r\n", "\n" and a lone "\r". A text without "\r" (most) is cut
  // at each "\n" found by indexOf, far quicker than reading it character by character.
  const n = src.length;
  const cr = src.indexOf('\r', from) >= 0;
  // The last start read: a line starting before `to`, and the empty last line after a final break when `to` is the
  // end (one bound for the two-clause test it stands for).
  const last = Math.min(to === n ? n : to - 1, n);
  while (start <= last) {
    let end: number;
    // The line's break ends at `nl`.
    let nl: number;
    if (!cr) {
      end = src.indexOf('\n', start);
      if (end < 0) end = n;
      nl = end;
    } else {
      for (end = start; end < n; end++) {
        const c = src.charCodeAt(end);
        if (c === 10 || c === 13) break;
      }
      nl = end < n && src.charCodeAt(end) === 13 && src.charCodeAt(end + 1) === 10 ? end + 1 : end;
    }
    lines.push(readLine(src, index, start, end));
    index++;
    start = nl + 1;
  }
  return lines;
}

/** The line of `src` over [start, end). */
function readLine(src: string, index: number, start: number, end: number): Line {
  // Whether every character cut is one String.prototype.trim() cuts too (all but the invisible ones are).
  let plain = true;
  let s = start;
  for (; s < end; s++) {
    const c = src.charCodeAt(s);
    if (c === 32) continue;
    if (!wsCode(c)) break;
    if (c >= 128 && !isSpaceCode(c)) plain = false;
  }
  let e = end;
  for (; e > s; e--) {
    const c = src.charCodeAt(e - 1);
    if (c === 32) continue;
    if (!wsCode(c)) break;
    if (c >= 128 && !isSpaceCode(c)) plain = false;
  }
  return new TextLine(src, index, start, end, s - start, s === end, src.slice(s, e), s, e, plain);
}

/** A line read as blank, keeping its place: a separator between the parts read, or a line too long to read. */
export function blankLine(index: number, start: number, end: number): Line {
  return new TextLine('', index, start, end, 0, true, '', end, end, true);
}

/** Whether a UTF-16 unit is white space as a regex's `\s` reads it (no regex: the parser asks it per character). */
export function isSpaceCode(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

export function isWs(ch: string): boolean {
  return wsAt(ch, 0);
}

/** [start, end) with outer whitespace removed. */
export function trimRange(src: string, start: number, end: number): [number, number] {
  const s = trimStart(src, start, end);
  return [s, trimEnd(src, s, end)];
}

/** Where [start, end) starts without its leading white space (trimRange's start, without an array for the hot paths). */
export function trimStart(src: string, start: number, end: number): number {
  while (start < end && wsAt(src, start)) start++;
  return start;
}

/** Where [start, end) ends without its trailing white space, never before `start` (trimRange's end once `start` is its start). */
export function trimEnd(src: string, start: number, end: number): number {
  while (end > start && wsAt(src, end - 1)) end--;
  return end;
}

/** A token over [start, end) of src: trimmed, NBSP folded to a space, nothing else changed. */
export function tok(src: string, start: number, end: number): Token {
  const s = trimStart(src, start, end);
  const e = trimEnd(src, s, end);
  const text = src.slice(s, e);
  return { text: text.includes('\u00A0') ? text.replace(/\u00A0/g, ' ') : text, span: { start: s, end: e } };
}

export function span(start: number, end: number): Span {
  return { start, end };
}

/** "2,000" → 2000. */
export function toNumber(text: string): number {
  // Digits alone (the usual "180") need no cleaning, and up to 15 of them are read exactly as they go.
  let value = 0;
  let digits = text.length > 0;
  for (let i = 0; digits && i < text.length; i++) {
    const c = text.charCodeAt(i);
    digits = c >= 48 && c <= 57;
    value = value * 10 + c - 48;
  }
  if (digits && text.length <= 15) return value;
  return Number(digits ? text : text.replace(/[,\s\u00A0]/g, ''));
}

export function numTok(src: string, start: number, end: number): NumberToken {
  return { value: toNumber(src.slice(start, end)), span: { start, end } };
}

/** Absolute [start, end) of capture group i of a match made with the `d` flag on a string that begins at `base`. */
export function grp(m: RegExpExecArray, i: number, base: number): [number, number] | undefined {
  const ix = m.indices?.[i];
  return ix ? [base + ix[0], base + ix[1]] : undefined;
}

/** Splits [start, end) on commas outside parentheses/brackets; returns trimmed non-empty ranges. */
export function splitList(src: string, start: number, end: number): Array<[number, number]> {
  // Most ranges hold no comma (their one item is the range trimmed) or no bracket (every comma splits them): native
  // searches say so, and find the commas, quicker than the loop.
  const text = src.slice(start, end);
  const out: Array<[number, number]> = [];
  if (!text.includes(',') || (!text.includes('(') && !text.includes('['))) {
    for (let from = 0; from <= text.length; ) {
      let at = text.indexOf(',', from);
      if (at < 0) at = text.length;
      const s = trimStart(src, start + from, start + at);
      const e = trimEnd(src, s, start + at);
      if (e > s) out.push([s, e]);
      from = at + 1;
    }
    return out;
  }
  let depth = 0;
  let from = start;
  for (let i = start; i <= end; i++) {
    const c = i < end ? src.charCodeAt(i) : 44; /* , */
    if (c === 40 /* ( */ || c === 91 /* [ */) depth++;
    else if ((c === 41 /* ) */ || c === 93 /* ] */) && depth > 0) depth--;
    else if (c === 44 && (depth === 0 || i === end)) {
      const s = trimStart(src, from, i);
      const e = trimEnd(src, s, i);
      if (e > s) out.push([s, e]);
      from = i + 1;
    }
  }
  return out;
}

export function err(errors: ParseError[], code: string, message: string, start: number, end: number): void {
  errors.push({ code, message, span: { start, end } });
}
