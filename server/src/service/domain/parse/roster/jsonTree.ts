// A JSON document as a tree whose every value knows where it stands in the text (jsonc-parser's `parseTree`, a
// well-kept reader with offsets: the roster readers give each name, count and points the span of its JSON value,
// so that a finding points into the file). The nesting is bounded before the tree is built: a document nested
// deeper than a roster ever is is refused, never walked.
import { Node, ParseErrorCode, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Span, Token } from '../ast';

export type JsonNode = Node;

/** Rosters nest to about 20; far beyond that is no roster. */
export const JSON_MAX_DEPTH = 200;

export type JsonRead = { ok: true; root: JsonNode } | { ok: false; message: string; at: number; deep?: true };

/** The JSON tree of `text`, or why it is none (with where). */
export function readJson(text: string): JsonRead {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > JSON_MAX_DEPTH) return { ok: false, message: `JSON nested deeper than ${JSON_MAX_DEPTH} levels: no roster is`, at: i, deep: true };
    } else if (c === 125 || c === 93) depth--;
  }
  const errors: Array<{ error: ParseErrorCode; offset: number; length: number }> = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !root) {
    const e = errors[0];
    return { ok: false, message: `Invalid JSON: ${e ? printParseErrorCode(e.error) : 'empty document'}`, at: e?.offset ?? 0 };
  }
  return { ok: true, root };
}

/** A property's value node of an object node. */
export function prop(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.type !== 'object') return undefined;
  for (const p of node.children ?? []) if (p.children?.[0]?.value === key) return p.children[1];
  return undefined;
}

/** A path of properties ("roster", "forces"). */
export function path(node: JsonNode | undefined, ...keys: string[]): JsonNode | undefined {
  let n = node;
  for (const k of keys) n = prop(n, k);
  return n;
}

/** The elements of an array node (none for anything else). */
export function items(node: JsonNode | undefined): JsonNode[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

/** A string value's text and the span of its content (inside the quotes). */
export function str(node: JsonNode | undefined): Token | undefined {
  if (node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  return { text: String(node.value).replace(/\u00A0/g, ' ').trim(), span: { start: node.offset + 1, end: node.offset + node.length - 1 } };
}

/** A string property's token. */
export const strProp = (node: JsonNode | undefined, key: string) => str(prop(node, key));

/** A number value (a number, or a string holding one, as BattleScribe's converters write "1.0"). */
export function num(node: JsonNode | undefined): { value: number; span: Span } | undefined {
  if (!node) return undefined;
  const v = node.type === 'number' ? Number(node.value) : node.type === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(String(node.value)) ? Number(node.value) : NaN;
  return Number.isFinite(v) ? { value: v, span: { start: node.offset, end: node.offset + node.length } } : undefined;
}

/** A part of a string token ("World Eaters" of "Chaos - World Eaters"), its span inside the token's when the text allows. */
export function part(t: Token, src: string, from: number, to: number): Token {
  const raw = src.slice(t.span.start, t.span.end);
  const text = t.text.slice(from, to).trim();
  // Escapes in the raw string move the offsets: the whole string's span then.
  if (raw.includes('\\') || raw.replace(/\u00A0/g, ' ').trim() !== t.text) return { text, span: { ...t.span } };
  const lead = t.text.slice(from, to).length - t.text.slice(from, to).trimStart().length;
  const at = raw.indexOf(t.text) + from + lead;
  return { text, span: { start: t.span.start + at, end: t.span.start + at + text.length } };
}
