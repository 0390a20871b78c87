// Completion: context-aware items for every line of a list (skeleton, header,
// unit names with points, bullets, enhancements, the STRATAGEMS plan), ranked
// by us and resolved lazily: items carry `data` (a kind and ids) and
// `resolveCompletion` renders their documentation on demand.
import type { CompletionItem, CompletionList } from 'vscode-languageserver-types';
import { InsertTextFormat, MarkupKind } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { toRange } from './diagnostics/make';
import { catalogOf } from './completion/catalog';
import { completionContext, Replace, UnitLineContext } from './completion/context';
import { filterTextFor, fuzzyScore, matchKey, sortTextFor } from './completion/rank';
import {
  bulletCandidates,
  Candidate,
  dialectOf,
  enhancementCandidates,
  headerCandidates,
  skeletonCandidates,
  sizeCandidates,
  stratagemCandidates,
  targetCandidates,
  unitNameCandidates,
} from './completion/items';
import { documentationFor } from './completion/resolve';

export type { ItemData } from './completion/items';

/** Items past this many are left for the next keystroke (the list is marked incomplete anyway). */
const LIMIT = 100;

export function completion(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number): CompletionList {
  const text = doc.getText();
  const ctx = completionContext(text, list, offset);
  const cat = catalogOf(rules);
  const dialect = dialectOf(text);
  const faction = list.faction?.text;
  const unitLine = (c: UnitLineContext): { cands: Candidate[]; replace: Replace } => {
    if (c.kind === 'unitSize') {
      const d = rules.datasheet(c.name, faction);
      const names = unitNameCandidates(cat, rules, list, c.nameContext, dialect);
      if (!d) return { cands: names, replace: c.nameContext.replace };
      // An exact name that also begins longer names ("Acolyte Hybrids" …): the sizes first, then those.
      const full = matchKey(c.nameContext.replace.typed);
      const longer = names.filter((n) => n.data.kind === 'datasheet' && (n.key ?? matchKey(n.label)).startsWith(`${full} `));
      if (d.points.length === 0 && longer.length === 0) return { cands: [], replace: c.replace };
      if (longer.length === 0) return { cands: sizeCandidates(d, dialect), replace: c.replace };
      return { cands: longer, replace: c.nameContext.replace };
    }
    return { cands: unitNameCandidates(cat, rules, list, c, dialect), replace: c.replace };
  };

  let cands: Candidate[] = [];
  let replace: Replace;
  switch (ctx.kind) {
    case 'none':
      return { isIncomplete: false, items: [] };
    case 'empty':
      cands = skeletonCandidates(rules, cat, dialect);
      replace = { start: 0, end: text.length, typed: '' };
      break;
    case 'header': {
      const lineEnd = ctx.line.end;
      const complete = list.faction && list.detachments.length && list.battleSize;
      const onHeaderLine = [list.faction?.span, list.battleSize?.span, ...list.detachments.map((d) => d.span)].some((s) => s && s.start >= ctx.lineStart && s.start <= lineEnd);
      if (complete && !onHeaderLine && !(list.title && list.title.span.start >= ctx.lineStart && list.title.span.start <= lineEnd)) {
        ({ cands, replace } = unitLine(ctx.unitLine));
      } else {
        cands = headerCandidates(cat, rules, list, ctx.lineStart, lineEnd, dialect);
        replace = ctx.line;
      }
      break;
    }
    case 'unitName':
    case 'unitSize':
      ({ cands, replace } = unitLine(ctx));
      break;
    case 'bullet': {
      const d = rules.datasheet(ctx.unit.name.text, faction);
      cands = d ? bulletCandidates(cat, list, ctx.unit, d, ctx, dialect) : [];
      replace = ctx.replace;
      break;
    }
    case 'enhancement':
      cands = enhancementCandidates(cat, list, ctx.unit, rules.datasheet(ctx.unit.name.text, faction));
      replace = ctx.replace;
      break;
    case 'stratagemName':
      cands = stratagemCandidates(cat, list);
      replace = ctx.replace;
      break;
    case 'stratagemTarget':
      cands = targetCandidates(rules, list, rules.stratagem(ctx.stratagem), ctx.already);
      replace = ctx.replace;
      break;
  }
  return { isIncomplete: true, items: rank(doc, cands, replace, (s) => cat.key(s)) };
}

/** Our own ranking (match quality, then tier, then score), written into sortText; see rank.ts for filterText. */
function rank(doc: TextDocument, cands: Candidate[], replace: Replace, key: (s: string) => string): CompletionItem[] {
  const q = matchKey(replace.typed);
  const scored: { c: Candidate; score: number; quality: number }[] = [];
  for (const c of cands) {
    const score = fuzzyScore(q, c.key ?? key(c.label));
    // Quality buckets: prefix or word prefix, substring, typo, letters in order.
    if (score !== undefined) scored.push({ c, score, quality: score >= 900 ? 0 : score >= 800 ? 1 : score >= 600 ? 2 : 3 });
  }
  scored.sort((a, b) => a.quality - b.quality || a.c.tier - b.c.tier || b.score - a.score || a.c.label.localeCompare(b.c.label));
  const range = toRange(doc, replace);
  return scored.slice(0, LIMIT).map(({ c }, i) => {
    const item: CompletionItem = {
      label: c.label,
      kind: c.kind,
      sortText: sortTextFor(i),
      filterText: filterTextFor(replace.typed, c.label),
      textEdit: { range, newText: c.newText },
      data: c.data,
    };
    if (c.detail) item.detail = c.detail;
    if (c.description) item.labelDetails = { description: c.description };
    if (c.snippet) item.insertTextFormat = InsertTextFormat.Snippet;
    return item;
  });
}

/** Fills `documentation` from the item's `data`; an item whose subject is gone is returned as it came. */
export function resolveCompletion(item: CompletionItem, rules: RulesIndex): CompletionItem {
  const value = documentationFor(item.data, rules);
  return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
}
