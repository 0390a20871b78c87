// Document symbols (sections → units → model groups), folding ranges per
// section and unit, and selection ranges that grow name → line → unit →
// section → list. All three are read straight off the syntax tree.
import { DocumentSymbol, FoldingRange, FoldingRangeKind, SelectionRange, SymbolKind } from 'vscode-languageserver-types';
import type { Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, ModelGroup, Section, Span, Unit } from '../domain/parse/ast';
import { toRange } from './diagnostics/make';

/** A section runs from its header to the end of its last unit (the parser's span covers the header line only). */
function sectionSpan(s: Section): Span {
  // A loop, not Math.max(...spread): a section of 100,000 units must not overflow the stack.
  let end = s.span.end;
  for (const u of s.units) if (u.span.end > end) end = u.span.end;
  return { start: s.span.start, end };
}

export function documentSymbols(doc: TextDocument, list: ArmyList): DocumentSymbol[] {
  const unitSymbol = (u: Unit): DocumentSymbol => {
    const detail = u.points ? `${u.points.value} pts` : undefined;
    const children = u.models.filter((m) => !m.implicit).map((m) => modelSymbol(doc, m));
    return DocumentSymbol.create(u.name.text, detail, SymbolKind.Class, toRange(doc, u.span), toRange(doc, u.name.span), children);
  };
  const symbols: DocumentSymbol[] = [];
  const inSection = new Set<Unit>();
  for (const s of list.sections) {
    s.units.forEach((u) => inSection.add(u));
    symbols.push(DocumentSymbol.create(s.name.text, `${s.units.length} units`, SymbolKind.Namespace, toRange(doc, sectionSpan(s)), toRange(doc, s.name.span), s.units.map(unitSymbol)));
  }
  // Formats without sections (WTC-compact) still list their units.
  for (const u of list.units) if (!inSection.has(u)) symbols.push(unitSymbol(u));
  symbols.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  if (list.stratagemPlan) {
    const p = list.stratagemPlan;
    symbols.push(
      DocumentSymbol.create(p.header.text, `${p.uses.length} planned`, SymbolKind.Namespace, toRange(doc, p.span), toRange(doc, p.header.span),
        p.uses.map((u) => DocumentSymbol.create(u.name.text, u.targets.map((t) => t.name.text).join(', '), SymbolKind.Event, toRange(doc, u.span), toRange(doc, u.name.span))),
      ),
    );
  }
  return symbols;
}

function modelSymbol(doc: TextDocument, m: ModelGroup): DocumentSymbol {
  return DocumentSymbol.create(m.name.text, `×${m.count}`, SymbolKind.Field, toRange(doc, m.span), toRange(doc, m.name.span));
}

export function foldingRanges(doc: TextDocument, list: ArmyList): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const add = (span: Span, kind?: string) => {
    const start = doc.positionAt(span.start).line;
    const end = doc.positionAt(Math.max(span.start, span.end - 1)).line;
    if (end > start) ranges.push(FoldingRange.create(start, end, undefined, undefined, kind));
  };
  for (const s of list.sections) add(sectionSpan(s), FoldingRangeKind.Region);
  for (const u of list.units) add(u.span);
  if (list.stratagemPlan) add(list.stratagemPlan.span, FoldingRangeKind.Region);
  return ranges;
}

export function selectionRanges(doc: TextDocument, list: ArmyList, positions: Position[]): SelectionRange[] {
  return positions.map((pos) => {
    const offset = doc.offsetAt(pos);
    const chain: Span[] = [];
    const within = (s: Span) => offset >= s.start && offset <= s.end;
    chain.push({ start: 0, end: doc.getText().length });
    for (const s of list.sections) {
      const span = sectionSpan(s);
      if (within(span)) chain.push(span);
    }
    for (const u of list.units) {
      if (!within(u.span)) continue;
      chain.push(u.span);
      for (const m of u.models) {
        if (!within(m.span)) continue;
        if (!m.implicit) chain.push(m.span);
        for (const w of m.wargear) if (within(w.span)) chain.push(w.span, w.name.span);
        if (within(m.name.span) && !m.implicit) chain.push(m.name.span);
      }
      if (within(u.name.span)) chain.push(u.name.span);
    }
    // Innermost last; drop duplicates and anything not nested in its parent.
    let parent: SelectionRange | undefined;
    let last: Span | undefined;
    for (const s of chain) {
      if (last && (s.start < last.start || s.end > last.end || (s.start === last.start && s.end === last.end))) continue;
      parent = SelectionRange.create(toRange(doc, s), parent);
      last = s;
    }
    return parent ?? SelectionRange.create({ start: pos, end: pos });
  });
}
