// Workspace symbols: every unit across the open lists, filtered by the query
// as a subsequence of the normalised name ("atjack" finds Atalan Jackals);
// names that contain the query as written rank first.
import { Location, SymbolInformation, SymbolKind } from 'vscode-languageserver-types';
import { normalizeName } from '../domain/text/normalize';
import { toRange } from './diagnostics/make';
import type { OpenList } from './references';
import { BOUNDS } from '../domain/bounds';

/** Whether every character of `query` appears in `name` in order. */
function subsequence(query: string, name: string): boolean {
  let i = 0;
  for (let j = 0; j < name.length && i < query.length; j++) if (name[j] === query[i]) i++;
  return i === query.length;
}

/** At most BOUNDS.workspaceSymbols symbols, the best ranked first; only those are built. */
export function workspaceSymbols(docs: OpenList[], query: string): SymbolInformation[] {
  const q = normalizeName(query).replace(/\s+/g, '');
  const max = BOUNDS.workspaceSymbols;
  // Rank 0 (contains the query) and rank 1 (subsequence), each kept only up to the bound.
  const ranks: { doc: OpenList['doc']; list: OpenList['list']; unit: OpenList['list']['units'][number] }[][] = [[], []];
  for (const { doc, list } of docs) {
    for (const unit of list.units) {
      if (ranks[0].length >= max) break;
      const name = normalizeName(unit.name.text);
      const rank = !q ? 0 : name.replace(/\s+/g, '').includes(q) ? 0 : subsequence(q, name) ? 1 : -1;
      if (rank < 0 || ranks[rank].length >= max) continue;
      ranks[rank].push({ doc, list, unit });
    }
  }
  // Stable: within a rank, documents and units keep their order.
  return [...ranks[0], ...ranks[1]].slice(0, max).map(({ doc, list, unit }) => {
    const where = [list.title?.text, unit.section].filter(Boolean).join(' · ');
    return {
      name: unit.name.text,
      kind: SymbolKind.Class,
      location: Location.create(doc.uri, toRange(doc, unit.name.span)),
      ...(where ? { containerName: where } : {}),
    };
  });
}
