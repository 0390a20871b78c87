// Completion: context-aware items for every line of a list (skeleton, header,
// unit names with points, bullets, enhancements, the STRATAGEMS plan), ranked
// by us and resolved lazily: items carry `data` (a kind and ids) and
// `resolveCompletion` renders their documentation on demand.
import type { CompletionItem, CompletionList } from 'vscode-languageserver-types';
import { CompletionItemKind } from 'vscode-languageserver-types';
import { InsertTextFormat, InsertTextMode, MarkupKind } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { toRange } from './diagnostics/make';
import { catalogOf, typedDatasheet } from './completion/catalog';
import { completionContext, Replace, UnitLineContext } from './completion/context';
import { filterTextFor, fuzzyScore, matchKey, sortTextFor } from './completion/rank';
import {
  bulletCandidates,
  Candidate,
  eligibleEnhancements,
  enhancementPool,
  type Fielding,
  fitsFor,
  skeletonCandidates,
  sizeCandidates,
  stratagemCandidates,
  targetCandidates,
  unitNameCandidates,
} from './completion/items';
import { dialectOf } from './completion/dialect';
import { allowanceFull, enhancementLineCandidates, enhancementNameCandidates } from './completion/enhance';
import { leadingCandidates } from './completion/attach';
import { documentationFor } from './completion/resolve';
import { factionChoices, FactionSources, headerCandidates, headerKinds } from './completion/header';
import { normalizeName } from '../domain/text/normalize';
import type { Edition } from '../domain/editions/types';
import { editionRules } from '../domain/editions';
import type { Detachment } from '../domain/rules/model';
import { DOWNLOAD_DATA_COMMAND } from './codeActions';
import { resolveList } from './resolve/resolvedList';

export type { FactionSources } from './completion/header';

export type { ItemData } from './completion/items';

/** Items past this many are left for the next keystroke (the list is marked incomplete anyway). */
const LIMIT = 100;

/**
 * The items for the cursor at `offset`. `edition` is the list's; `sources` names the factions of every edition's
 * data and those the data folders can load (the document's own loaded data alone when absent).
 */
export interface CompletionOptions {
  /** Offer Legends datasheets and those without a matched-play price too (`auspex.completion.includeLegends`). */
  includeLegends?: boolean;
  /** The army's enhancement allowance where the data states none (`auspex.validation.maxEnhancements`). */
  maxEnhancements?: number;
}

export function completion(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, offset: number, edition: Edition = 10, sources?: FactionSources, options: CompletionOptions = {}): CompletionList {
  const text = doc.getText();
  // A half-typed header line can make the parser read the faction as a super-faction ("Genestealer Cults" over a
  // detachment read as the faction): the faction is the one the data knows.
  const list = !rules.faction(parsed.faction?.text ?? '') && parsed.superFaction && rules.faction(parsed.superFaction.text) ? { ...parsed, faction: parsed.superFaction, superFaction: undefined } : parsed;
  const ctx = completionContext(text, list, offset);
  const cat = catalogOf(rules);
  const dialect = dialectOf(text);
  const faction = list.faction?.text;
  // The list resolved to the data (the façade's own resolution when the tree is the parse's).
  const resolved = resolveList(list, rules, editionRules(edition));
  // The army's enhancement allowance taken: enhancements are still offered (one may replace another), last.
  const allowanceTaken = allowanceFull(list, rules.data.battleSizes, editionRules(list.editionShown ?? edition).muster, options.maxEnhancements ?? 3);
  // The list's units as the checks read them, for who may take an enhancement (asked only where one is offered).
  let fieldingRead: Fielding | undefined;
  const fielding = (): Fielding => {
    if (fieldingRead) return fieldingRead;
    const c = resolveList(parsed, rules, editionRules(edition));
    return (fieldingRead = { units: c.units, detachments: c.detachments.filter((d): d is Detachment => !!d) });
  };
  const unitLine = (c: UnitLineContext): { cands: Candidate[]; replace: Replace } => {
    if (c.kind === 'unitSize') {
      const d = typedDatasheet(rules, c.name, faction);
      const names = unitNameCandidates(cat, rules, list, c.nameContext, dialect, text, options.includeLegends, !!allowanceTaken, list.detachments.length ? fielding() : undefined);
      if (!d) return { cands: names, replace: c.nameContext.replace };
      // An exact name that also begins longer names ("Acolyte Hybrids" …): the sizes first, then those.
      const full = matchKey(c.nameContext.replace.typed);
      const longer = names.filter((n) => n.data.kind === 'datasheet' && (n.key ?? matchKey(n.label)).startsWith(`${full} `));
      if (d.points.length === 0 && longer.length === 0) return { cands: [], replace: c.replace };
      if (longer.length === 0) return { cands: sizeCandidates(d, dialect), replace: c.replace };
      return { cands: longer, replace: c.nameContext.replace };
    }
    return { cands: unitNameCandidates(cat, rules, list, c, dialect, text, options.includeLegends, !!allowanceTaken, list.detachments.length ? fielding() : undefined), replace: c.replace };
  };

  let cands: Candidate[] = [];
  let replace: Replace;
  switch (ctx.kind) {
    case 'none':
      return { isIncomplete: false, items: [] };
    case 'empty':
      // A new list: its faction (with the detachment and battle size lines), the title, or a whole skeleton.
      cands = [...headerCandidates(rules, edition, list, ['faction', 'title'], dialect, sources, true), ...skeletonCandidates(rules, cat, dialect)];
      replace = { start: 0, end: text.length, typed: '' };
      break;
    case 'header': {
      let lineEnd = text.indexOf('\n', ctx.lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      const names = new Set(factionChoices(rules, edition, sources).map((c) => normalizeName(c.name)));
      const isFaction = (line: string) => names.has(normalizeName(line)) || !!rules.faction(line) || [list.faction, list.superFaction].some((t) => t && t.text === line && t.span.start < ctx.lineStart);
      const sizeNames = rules.data.battleSizes.map((b) => normalizeName(b.name));
      const isSize = (line: string) => sizeNames.some((n) => normalizeName(line).startsWith(n)) || /^(strike force|incursion|onslaught|combat patrol)\b/i.test(line);
      const kinds = headerKinds(text, ctx.lineStart, isFaction, isSize, editionRules(edition).muster.severalDetachments);
      if (kinds.includes('unit')) {
        ({ cands, replace } = unitLine(ctx.unitLine));
      } else {
        const onLine = (at: number) => at >= ctx.lineStart && at <= lineEnd;
        cands = headerCandidates(rules, edition, list, kinds, dialect, sources, text.slice(lineEnd).trim() === '', onLine);
        replace = ctx.line;
        // A detachment or battle size rewrites the bracket after the name too ("(1 Detachment Point)" of the faction
        // snippet's placeholder) as an edit of its own: the name's edit stays within the snippet's placeholder, so
        // that Tab still moves on to the next one.
        const tail = /^(\s*)(\([^()\n]*\))\s*$/.exec(text.slice(ctx.line.end, lineEnd).replace(/\r$/, ''));
        if (tail && !kinds.includes('faction')) {
          const start = ctx.line.end + tail[1].length;
          const bracket = { start, end: start + tail[2].length };
          cands = cands.map((c) => {
            const m = /^(.*?) (\([^()]*\))$/.exec(c.newText);
            return m && !c.snippet ? { ...c, newText: m[1], edits: [...(c.edits ?? []), { ...bracket, text: m[2] }] } : c;
          });
        }
      }
      break;
    }
    case 'unitName':
    case 'unitSize':
      ({ cands, replace } = unitLine(ctx));
      break;
    case 'bullet': {
      const d = resolved.sheetOf(ctx.unit);
      cands = d ? bulletCandidates(list, ctx.unit, d, ctx) : [];
      if (d && !ctx.nested && !ctx.counted) {
        cands.push(...enhancementLineCandidates(cat, list, ctx.unit, d.epicHero ? [] : eligibleEnhancements(cat, list, d, fielding(), ctx.unit), dialect, allowanceTaken));
        cands.push(...leadingCandidates(rules, list, ctx.unit, d));
      }
      replace = ctx.replace;
      break;
    }
    case 'enhancement': {
      const d = resolved.sheetOf(ctx.unit);
      const pool = enhancementPool(cat, list);
      // The enhancement already written on this line: the new one's cost replaces its cost in the unit's points.
      const here = ctx.unit.enhancements.find((e) => e.span.start <= ctx.replace.start && ctx.replace.start <= e.span.end);
      const replacing = here ? pool.find((e) => normalizeName(e.name) === normalizeName(here.name.text)) : undefined;
      cands = enhancementNameCandidates(pool, list, ctx.unit, d, d ? fitsFor(list, d, fielding(), ctx.unit) : () => true, replacing);
      replace = ctx.replace;
      break;
    }
    case 'stratagemName':
      cands = stratagemCandidates(cat, list);
      replace = ctx.replace;
      break;
    case 'stratagemTarget':
      cands = targetCandidates(rules, list, rules.stratagem(ctx.stratagem), ctx.already);
      replace = ctx.replace;
      break;
  }
  // No rules data of the list's edition at all (a new player's first minutes): what to do, whatever is typed.
  if (!rules.data.datasheets.length && !(sources?.loadable ?? []).some((l) => l.edition === edition)) cands.push(downloadCandidate(edition, replace.typed));
  return { isIncomplete: true, items: rank(doc, cands, replace, (s) => cat.key(s)) };
}

/** "Download 11th-edition data": accepting it changes no text and runs the download. */
function downloadCandidate(edition: Edition, typed: string): Candidate {
  const ed = edition === 11 ? '11th' : '10th';
  return {
    label: `Download ${ed}-edition data`,
    tier: -2,
    newText: typed,
    kind: CompletionItemKind.Event,
    detail: `No ${ed}-edition rules data is loaded, so nothing can be completed or checked: Auspex: Download Rules Data (\`auspex data fetch --edition ${edition}\`), or point auspex.data.paths at folders of your own`,
    data: { kind: 'download', models: edition },
    command: { title: 'Download Rules Data', command: DOWNLOAD_DATA_COMMAND, arguments: [String(edition)] },
    always: true,
  };
}

/** Our own ranking (match quality, then tier, then score), written into sortText; see rank.ts for filterText. */
function rank(doc: TextDocument, cands: Candidate[], replace: Replace, key: (s: string) => string): CompletionItem[] {
  const q = matchKey(replace.typed);
  const scored: { c: Candidate; score: number; quality: number }[] = [];
  for (const c of cands) {
    // Kept whatever is typed: first on an empty line, after every match once something is typed.
    if (c.always) {
      scored.push({ c, score: 0, quality: q ? 9 : -1 });
      continue;
    }
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
    if (c.command) item.command = c.command;
    // Kept by the editor's own filter whatever is typed.
    if (c.always) item.filterText = replace.typed;
    if (c.snippet) item.insertTextFormat = InsertTextFormat.Snippet;
    if (c.elsewhere) {
      const at = doc.positionAt(c.elsewhere.at);
      item.additionalTextEdits = [{ range: { start: at, end: at }, newText: c.elsewhere.text }];
      item.detail = `${item.detail ? `${item.detail} · ` : ''}goes to its section`;
    }
    if (c.edits?.length) {
      item.additionalTextEdits = [...(item.additionalTextEdits ?? []), ...c.edits.map((e) => ({ range: toRange(doc, e), newText: e.text }))];
    }
    // Lines of a unit or model block carry their own indentation: the editor must not add the line's to them.
    if (c.newText.includes('\n')) item.insertTextMode = InsertTextMode.asIs;
    return item;
  });
}

/** Fills `documentation` from the item's `data`; an item whose subject is gone is returned as it came. */
export function resolveCompletion(item: CompletionItem, rules: RulesIndex): CompletionItem {
  const value = documentationFor(item.data, rules);
  return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
}
