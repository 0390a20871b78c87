// Workspace symbols: every unit across the open lists, filtered by the query
// as a subsequence of the normalised name ("atjack" finds Atalan Jackals);
// names that contain the query as written rank first.
import { Location, SymbolInformation, SymbolKind } from 'vscode-languageserver-types';
import { normalizeName } from '../domain/text/normalize';
import { toRange } from './diagnostics/make';
import type { OpenList } from './references';

/** Whether every character of `query` appears in `name` in order. */
function subsequence(query: string, name: string): boolean {
  let i = 0;
  for (let j = 0; j < name.length && i < query.length; j++) if (name[j] === query[i]) i++;
  return i === query.length;
}

export function workspaceSymbols(docs: OpenList[], query: string): SymbolInformation[] {
  const q = normalizeName(query).replace(/\s+/g, '');
  const scored: { symbol: SymbolInformation; rank: number }[] = [];
  for (const { doc, list } of docs) {
    const container = list.title?.text;
    for (const unit of list.units) {
      const name = normalizeName(unit.name.text);
      const rank = !q ? 0 : name.replace(/\s+/g, '').includes(q) ? 0 : subsequence(q, name) ? 1 : -1;
      if (rank < 0) continue;
      const where = [container, unit.section].filter(Boolean).join(' · ');
      const symbol: SymbolInformation = {
        name: unit.name.text,
        kind: SymbolKind.Class,
        location: Location.create(doc.uri, toRange(doc, unit.name.span)),
        ...(where ? { containerName: where } : {}),
      };
      scored.push({ symbol, rank });
    }
  }
  // Stable: within a rank, documents and units keep their order.
  return scored.sort((a, b) => a.rank - b.rank).map((s) => s.symbol);
}
