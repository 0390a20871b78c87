// Semantic tokens: units, models, wargear, keywords, enhancements, stratagems,
// factions/detachments and numbers coloured by what they are, from the parsed
// tree (the grammar colours by shape; package.json maps these types back to
// the grammar's scopes for themes without semantic colours).
import type { SemanticTokensLegend } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { normalizeName } from '../domain/text/normalize';
import { resolveList } from './resolve/resolvedList';

/** Standard token types only, so every editor's theme knows them. */
export const SEMANTIC_TOKEN_TYPES = ['class', 'property', 'variable', 'keyword', 'enumMember', 'function', 'number', 'namespace'] as const;
export const SEMANTIC_TOKEN_MODIFIERS = ['declaration'] as const;
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS] };

type TokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];
interface Tok {
  start: number;
  end: number;
  type: TokenType;
  declaration?: boolean;
}

/** The whole document's tokens in the LSP's relative encoding (5 integers per token). */
export function semanticTokens(doc: TextDocument, list: ArmyList, rules: RulesIndex): number[] {
  const text = doc.getText();
  const toks: Tok[] = [];
  const add = (span: Span | undefined, type: TokenType, declaration = false) => {
    if (span && span.end > span.start) toks.push({ start: span.start, end: span.end, type, declaration });
  };
  /** The "9x" just before a name, as written. */
  const countBefore = (span: Span) => {
    const m = /(\d+)\s*x\s*$/i.exec(text.slice(Math.max(0, span.start - 8), span.start));
    if (m) {
      const start = span.start - m[0].length;
      add({ start, end: start + m[1].length }, 'number');
    }
  };

  if (list.superFaction) add(list.superFaction.span, 'namespace');
  add(list.faction?.span, 'namespace');
  for (const d of list.detachments) add(d.span, 'namespace');
  add(list.statedPoints?.span, 'number');

  const keywords = new Set<string>();
  for (const { sheet: d } of resolveList(list, rules).units) {
    for (const k of [...d.keywords, ...d.factionKeywords]) keywords.add(normalizeName(k));
  }
  for (const u of list.units) {
    add(u.name.span, 'class', true);
    add(u.points?.span, 'number');
    add(u.statedModelCount?.span, 'number');
    add(u.warlord, 'keyword');
    for (const e of u.enhancements) add(e.name.span, 'enumMember');
    for (const g of u.models) {
      if (!g.implicit) {
        countBefore(g.name.span);
        add(g.name.span, 'property');
      }
      for (const w of g.wargear) {
        countBefore(w.name.span);
        add(w.name.span, 'variable');
      }
    }
    for (const w of u.wargear ?? []) {
      countBefore(w.name.span);
      add(w.name.span, 'variable');
    }
    // Notes such as "Subterranean Assault Keywords: Character": the keywords the list's datasheets carry.
    for (const n of u.notes) {
      const colon = n.text.indexOf(':');
      const re = /[^,:]+/g;
      re.lastIndex = colon + 1;
      for (let m = re.exec(n.text); m; m = re.exec(n.text)) {
        const word = m[0].trim();
        if (!word || !keywords.has(normalizeName(word))) continue;
        const at = text.indexOf(word, n.span.start + m.index);
        if (at >= 0 && at < n.span.end) add({ start: at, end: at + word.length }, 'keyword');
      }
    }
  }
  for (const use of list.stratagemPlan?.uses ?? []) {
    add(use.name.span, 'function');
    add(use.round?.span, 'number');
    for (const t of use.targets) add(t.name.span, 'class');
  }
  return encode(doc, toks);
}

function encode(doc: TextDocument, toks: Tok[]): number[] {
  toks.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let lastEnd = -1;
  for (const t of toks) {
    if (t.start < lastEnd) continue; // overlapping tokens are not allowed
    const s = doc.positionAt(t.start);
    const e = doc.positionAt(t.end);
    if (s.line !== e.line) continue; // one line per token
    out.push(s.line - prevLine, s.line === prevLine ? s.character - prevChar : s.character, e.character - s.character, SEMANTIC_TOKEN_TYPES.indexOf(t.type), t.declaration ? 1 : 0);
    prevLine = s.line;
    prevChar = s.character;
    lastEnd = t.end;
  }
  return out;
}
