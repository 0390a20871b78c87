// The language-service façade: the one entry point the LSP layer, the CLI and
// the tests call. It holds the rules index, the settings, a parse cache keyed
// by (uri, version) and the lens damage cache; every feature is a pure
// function in its own module.
import type {
  CodeAction,
  CodeLens,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  Position,
  TextEdit,
  Range,
  SelectionRange,
  SemanticTokens,
  SymbolInformation,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from './domain/parse/ast';
import { parseArmyList } from './domain/parse';
import { RulesIndex } from './domain/rules';
import { normalizeName } from './domain/text/normalize';
import type { RulesData } from './domain/rules/model';
import { loadEmbeddedRules } from './domain/rules/embedded';
import { emptyRulesData } from './domain/rules/dataFiles';
import { CURRENT_EDITION, EDITIONS, editionRules, listEdition, type Edition } from './domain/editions';
import { resolveList, type ResolvedList } from './features/resolve/resolvedList';
import { DEFAULT_SETTINGS, Settings } from './settings';
import { onEnterEdits } from './features/onEnter';
import { applySeverityOverrides } from './features/diagnostics/severity';
import { validateList } from './features/diagnostics/validate';
import { hover } from './features/hover';
import { completion, resolveCompletion } from './features/completion';
import { semanticTokens } from './features/semanticTokens';
import { codeLenses, lensReport, type LensReportUnit } from './features/codeLens';
import { damageBreakdown, BreakdownConditions, DamageBreakdown } from './features/damageBreakdown';
import { documentSymbols, foldingRanges, selectionRanges } from './features/symbols';
import { datasheetSection, formatDocument, FormattingOutcome, SectionResolver } from './features/format';
import { Converted, ConvertFormat, convertRefusal, writeList } from './features/convert';
import { defaultGear } from './features/convert/defaults';
import { createUnitDamageCache } from './domain/damage/fromRules';
import { beyondByText, capped, formatTooLarge, noUnitsDiagnostics, lineTooLong, oversizedDiagnostics, partsToRead, PARTIAL_READ, tooLargeReason, unparsable, unparsedList } from './limits';
import { BOUNDS } from './domain/bounds';
import { definition, navigationTarget } from './features/definition';
import { references } from './features/references';
import { virtualDocument } from './features/virtualDocs';
import { rulePage } from './features/rulePages';
import { inlayHints } from './features/inlayHints';
import { workspaceSymbols } from './features/workspaceSymbols';
import { prepareRename, rename, RenameRefusal } from './features/rename';
import { codeActions, FIX_ALL_KIND, UPDATE_POINTS_KIND } from './features/codeActions';
import { SET_SIZE_KIND, setSizeActions } from './features/setSize';
import { driftHover, driftOf, explainDrift, wantsPreviousVersion } from './features/drift';
import { staleOf } from './features/diagnostics/stalePrices';
import { withRules } from './features/diagnostics/ruleRefs';
import { computeMatchup, defendedSideTargets, Matchup, MatchupConditions, sideTargets } from './features/matchup';
import { armyState } from './features/conditions';
import { numberedNames } from './features/numberedNames';
import { Opponent, OpponentInput, opponentDiagnostics, opponentHover } from './features/matchupOpponent';
import { resolveArmy, type ArmyResolution } from './features/armySources';
import { armyRulesHover } from './features/hover/armyRules';

export interface LanguageServiceOptions {
  /** Rules data to check 10th-edition lists against; the embedded seed data when absent. */
  rules?: RulesData;
  /** Rules data to check 11th-edition lists against; none when absent (such a list gets `edition-data-missing`). */
  rules11?: RulesData;
  settings?: Settings;
}

export interface LanguageService {
  /** The 10th edition's rules index (the API before editions). */
  readonly rules: RulesIndex;
  /** Sets one edition's rules data (the 10th when `edition` is absent). */
  setRules(rules: RulesData, edition?: Edition): void;
  /** The rules index of one edition (an empty one when no data of that edition is set). */
  rulesFor(edition: Edition): RulesIndex;
  /** The edition a document's list is read under (the setting, else what the list shows). */
  editionOf(doc: TextDocument): Edition;
  readonly settings: Settings;
  setSettings(settings: Settings): void;
  parse(doc: TextDocument): ArmyList;
  diagnostics(doc: TextDocument): Diagnostic[];
  hover(doc: TextDocument, position: Position): Hover | null;
  /** Context-aware items, ranked by the server; documentation is left to `resolveCompletion`. */
  completion(doc: TextDocument, position: Position): CompletionList;
  resolveCompletion(item: CompletionItem): CompletionItem;
  /**
   * The factions the data folders and the download cache hold, loaded or not, with their edition: completion
   * offers them in a new list's faction line (the LSP layer hands a function reading its data folders' listings).
   */
  setLoadableFactions(factions: { name: string; edition: Edition }[] | (() => { name: string; edition: Edition }[])): void;
  /** "Set size to N" on the unit line `range` starts on (code action kind `SET_SIZE_KIND`, when `only` asks for it). */
  setSizeActions(doc: TextDocument, range: Range, only?: string[]): CodeAction[];
  /** The whole document's semantic tokens (legend: `SEMANTIC_TOKENS_LEGEND`). */
  semanticTokens(doc: TextDocument): SemanticTokens;
  codeLenses(doc: TextDocument): CodeLens[];
  /**
   * What the lenses show for every unit line, against `targets` (the settings' profiles by default), in the
   * conditions given (every condition false by default), with what the army's rules applied (`auspex lenses`).
   */
  lensReport(doc: TextDocument, targets?: Settings['damageTargets'], conditions?: BreakdownConditions): LensReportUnit[] | { error: string };
  /** The damage breakdown view's data for one unit (index in the list) against one target of the settings. */
  damageBreakdown(doc: TextDocument, unitIndex: number, targetIndex: number, conditions?: BreakdownConditions): DamageBreakdown | null;
  documentSymbols(doc: TextDocument): DocumentSymbol[];
  foldingRanges(doc: TextDocument): FoldingRange[];
  selectionRanges(doc: TextDocument, positions: Position[]): SelectionRange[];
  /** The whole list rewritten in the app layout (one edit), or no edit and the reason it was refused. */
  format(doc: TextDocument): FormattingOutcome;
  /**
   * The list in another export format (`features/convert`), in `edition`'s form (the list's own by default): units
   * filed under no app section placed by their datasheets, and `compact` leaving out the datasheets' default wargear.
   */
  convert(doc: TextDocument, format: ConvertFormat, edition?: Edition): Converted | { error: string };
  /** On-type formatting after Enter ("\n"): the bullet the editor opened, corrected with the data (`onEnter.ts`). */
  onTypeFormatting(doc: TextDocument, position: Position, ch: string): TextEdit[];
  /** A Location in the list (a plan target's unit) or in an `auspex:` document. */
  definition(doc: TextDocument, position: Position): Location | null;
  /** Uses of what stands at `position` across `open` (the open lists; `doc` is searched too). */
  references(doc: TextDocument, position: Position, open: TextDocument[]): Location[];
  /** The Markdown of an `auspex:` page (`virtualDocs.ts`), read from the edition's data its URI names, or null. */
  virtualDocument(uri: string): string | null;
  inlayHints(doc: TextDocument, range: Range): InlayHint[];
  workspaceSymbols(open: TextDocument[], query: string): SymbolInformation[];
  prepareRename(doc: TextDocument, position: Position): { range: Range; placeholder: string } | RenameRefusal;
  rename(doc: TextDocument, position: Position, newName: string): WorkspaceEdit | RenameRefusal;
  /** Quick fixes for `diagnostics` (as the client sends them) and, when asked, the fix-all source action over the whole document. */
  codeActions(doc: TextDocument, diagnostics: Diagnostic[], only?: string[]): CodeAction[];
  /**
   * The opponent list a document's `OPPONENT:` line names, as the Node side read it (its text, or why it could
   * not); undefined forgets it. Lenses then name the opponent's units and `matchup` answers.
   */
  setOpponent(uri: string, opponent: OpponentInput | undefined): void;
  /** The opponent set for a document, parsed under its own edition (undefined without a readable one). */
  opponent(doc: TextDocument): Opponent | undefined;
  /** The matchup of a document's list against its opponent (both directions unless `directions` says), or null without one. */
  matchup(doc: TextDocument, conditions?: MatchupConditions, directions?: ('forward' | 'reverse')[]): Matchup | null;
  /** Drops cached state for a closed document. */
  forget(uri: string): void;
  /**
   * The previous version of the rules data (the download cache keeps it): points and size findings then say
   * whether the list matches it, and "Update all points to <version>" is offered. `fallbackLabel` names it when
   * its sources state no version. Undefined drops it.
   */
  setPreviousRules(data: RulesData | undefined, fallbackLabel?: string): void;
  readonly previousRules: RulesData | undefined;
}

const CACHE_LIMIT = 32;
/** Pair results kept (lenses and matchups): a 2000-point matchup and its lenses are about 2,000 (some 5 KB each). */
const PAIR_CACHE_LIMIT = 4096;

/** The last segment of a uri, decoded ("my list.txt"). */
function fileName(uri: string): string {
  const last = uri.split('/').pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A hover with the army rules' word on the same place added (a Leader, an Enhancement, a detachment). */
function withArmyRules(h: Hover | null, section: () => string | undefined): Hover | null {
  if (!h) return h;
  const extra = section();
  if (!extra) return h;
  const c = h.contents as { kind: 'markdown'; value: string };
  return { ...h, contents: { kind: 'markdown', value: `${c.value}

${extra}` } };
}

/** The edition a completion item was made for (`data.edition`, set by `completion`; the 10th when absent). */
/** Where a unit filed under no app section goes (Format Document, `app` conversion): its datasheet's keywords say. */
function sectionByDatasheet(resolved: ResolvedList): SectionResolver {
  return (u) => {
    const sheet = resolved.sheetOf(u);
    return sheet && (sheet.keywords.length || sheet.epicHero) ? datasheetSection(sheet.keywords, sheet.epicHero) : undefined;
  };
}

/** An enhancement's cost in the data: the one of the list's detachment, else the only one of that name. */
function enhancementCost(rules: RulesIndex, list: ArmyList, name: string): number | undefined {
  const all = rules.enhancementsNamed(name);
  const detachments = list.detachments.map((d) => normalizeName(d.text));
  return (all.find((e) => detachments.includes(normalizeName(e.detachment))) ?? (all.length === 1 ? all[0] : undefined))?.points;
}

function completionEdition(item: CompletionItem): Edition {
  const e = (item.data as { edition?: unknown } | undefined)?.edition;
  return e === 11 ? 11 : 10;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  // One rules index per edition: a list is only ever checked against its own edition's data.
  const indexes = new Map<Edition, RulesIndex>([[10, new RulesIndex(options.rules ?? loadEmbeddedRules())]]);
  if (options.rules11) indexes.set(11, new RulesIndex(options.rules11));
  const rulesFor = (e: Edition): RulesIndex => {
    let index = indexes.get(e);
    if (!index) indexes.set(e, (index = new RulesIndex(emptyRulesData())));
    return index;
  };
  let settings = options.settings ?? DEFAULT_SETTINGS;
  /** The factions the data folders can load (completion offers them); the LSP layer sets where they come from. */
  let loadable: () => { name: string; edition: Edition }[] = () => [];
  /** The factions the data folders hold for an edition, loaded or not (an unknown faction name is matched against them). */
  const loadableNames = (edition: Edition) => loadable().filter((f) => f.edition === edition).map((f) => f.name);
  const parsed = new Map<string, { version: number; list: ArmyList }>();
  /**
   * The document's list resolved to its edition's data (`resolve/resolvedList.ts`): memoised on the parse tree (one
   * per document version) and the rules index (one per data version), so every feature reads the same resolution.
   */
  const resolvedOf = (doc: TextDocument): ResolvedList => resolveList(parse(doc), rulesOf(doc), editionRules(editionOf(doc)));
  /** The same resolution with what the army's rules read (`armySources.ts`). */
  const armyOf = (doc: TextDocument): ArmyResolution => resolveArmy(parse(doc), rulesOf(doc), editionOf(doc));
  // Lens results per (unit loadout, target, conditions): editing one unit recomputes only that unit.
  const unitDamage = createUnitDamageCache(PAIR_CACHE_LIMIT);
  /**
   * Each document's lenses for its version, data, settings and opponent: editors ask again for an unchanged
   * document (a tab shown, a scroll), and each answer rebuilt its lenses (some 0.9 MB of short-lived objects on a
   * 2,000-point list, which grew the server's heap by tens of MB over a session).
   */
  const lenses = new Map<string, { key: unknown[]; lenses: CodeLens[] }>();
  function lensesOf(doc: TextDocument): CodeLens[] {
    const o = opponent(doc);
    const key = [doc.version, rulesOf(doc), settings, o?.doc, o?.doc.version, o?.rules];
    const hit = lenses.get(doc.uri);
    if (hit && hit.key.every((k, i) => k === key[i])) return hit.lenses;
    const found = tooLargeReason(doc, parse(doc)) ? [] : codeLenses(doc, parse(doc), rulesOf(doc), unitDamage, settings, opponentTargets(doc), armyOf(doc));
    lenses.delete(doc.uri);
    lenses.set(doc.uri, { key, lenses: found });
    if (lenses.size > CACHE_LIMIT) lenses.delete(lenses.keys().next().value as string);
    return found;
  }
  const drift = createDriftState();
  const opponents = new Map<string, OpponentInput>();

  function opponent(doc: TextDocument): Opponent | undefined {
    const input = opponents.get(doc.uri);
    if (!input?.doc) return undefined;
    const list = parse(input.doc);
    const edition = listEdition(list, settings.edition);
    return { doc: input.doc, list, edition, rules: rulesFor(edition), file: parse(doc).opponent?.path?.text ?? fileName(input.doc.uri) };
  }
  /** The opponent's targets for the lenses, when it has units the data knows (else the settings' profiles). */
  const opponentTargets = (doc: TextDocument) => {
    const o = opponent(doc);
    const targets = o && o.list.units.length ? defendedSideTargets({ ...o, army: armyOf(o.doc) }) : undefined;
    return targets?.length ? targets : undefined;
  };

  /** Whether an edition has rules data: loaded datasheets, or factions its folders and the download cache hold. */
  const hasData = (e: Edition) => rulesFor(e).data.datasheets.length > 0 || loadableNames(e).length > 0;

  function editionOf(doc: TextDocument): Edition {
    return listEdition(parse(doc), settings.edition);
  }
  /** The rules index of the document's edition: every feature answers a list from its own edition's data. */
  const rulesOf = (doc: TextDocument): RulesIndex => rulesFor(editionOf(doc));

  /** The document's list; beyond the list limits by its text, its head only (`partsToRead`: never the whole on every edit). */
  function parse(doc: TextDocument): ArmyList {
    const hit = parsed.get(doc.uri);
    if (hit && hit.version === doc.version) return hit.list;
    const list = unparsable(doc) ? unparsedList() : beyondByText(doc) ? parseArmyList(doc.getText(), partsToRead(doc)) : parseArmyList(doc.getText());
    parsed.delete(doc.uri);
    parsed.set(doc.uri, { version: doc.version, list });
    if (parsed.size > CACHE_LIMIT) parsed.delete(parsed.keys().next().value as string);
    return list;
  }

  /** The last window read around a position of each document beyond the list limits (hovers come in runs). */
  const windows = new Map<string, { version: number; line: number; list: ArmyList }>();
  /** The list as a request at `offset` reads it: the whole, or beyond the list limits the lines around the offset. */
  function parseAt(doc: TextDocument, offset: number): ArmyList {
    if (unparsable(doc) || !beyondByText(doc)) return parse(doc);
    const line = doc.positionAt(offset).line;
    const hit = windows.get(doc.uri);
    // Reused while the position stays well inside the lines read.
    if (hit && hit.version === doc.version && Math.abs(hit.line - line) <= PARTIAL_READ.aroundLines / 2) return hit.list;
    const list = parseArmyList(doc.getText(), partsToRead(doc, offset));
    windows.delete(doc.uri);
    windows.set(doc.uri, { version: doc.version, line, list });
    if (windows.size > CACHE_LIMIT) windows.delete(windows.keys().next().value as string);
    return list;
  }

  return {
    get rules() {
      return rulesFor(10);
    },
    setRules(data, edition = 10) {
      if (data !== indexes.get(edition)?.data) indexes.set(edition, new RulesIndex(data));
    },
    rulesFor,
    editionOf,
    get settings() {
      return settings;
    },
    setSettings(next) {
      settings = next;
    },
    parse,
    diagnostics: (doc) => {
      const list = parse(doc);
      // An empty document is a new list of its edition (the current one): nothing to check, its data perhaps to get.
      const empty = doc.getText().trim() === '';
      const edition = editionOf(doc);
      const download = empty && !hasData(edition) ? edition : undefined;
      const found = oversizedDiagnostics(doc, list) ?? [
        ...noUnitsDiagnostics(doc, list, download),
        ...(empty ? [] : validateList(doc, list, rulesOf(doc), settings, edition, () => loadableNames(edition))),
        ...opponentDiagnostics(doc, list, opponents.get(doc.uri), opponent(doc)),
      ];
      // Every finding names its rule (the one its check named, else its code's).
      return applySeverityOverrides(withRules(drift.explain(doc, list, rulesOf(doc), settings, found), editionOf(doc)), settings.diagnosticSeverity);
    },
    hover: (doc, position) => {
      if (lineTooLong(doc, position.line)) return null;
      const offset = doc.offsetAt(position);
      const list = parseAt(doc, offset);
      const o = opponentHover(doc, list, offset, opponents.get(doc.uri), opponent(doc));
      if (o) return o;
      return drift.hover(doc, withArmyRules(hover(doc, list, rulesOf(doc), offset, settings.edition, settings.hoverShowSources, settings), () => tooLargeReason(doc, parse(doc)) ? undefined : armyRulesHover(doc, parse(doc), rulesOf(doc), armyOf(doc), offset)), offset);
    },
    completion: (doc, position) => {
      // Beyond the list limits only parsing and hover run (10,000 unattached Leaders took 3.8 s a keystroke).
      if (lineTooLong(doc, position.line) || unparsable(doc) || tooLargeReason(doc, parse(doc))) return { isIncomplete: false, items: [] };
      const edition = editionOf(doc);
      const sources = { editions: [...indexes.entries()].map(([e, rules]) => ({ edition: e, rules })), loadable: loadable() };
      const r = completion(doc, parse(doc), rulesFor(edition), doc.offsetAt(position), edition, sources, { includeLegends: settings.completionIncludeLegends, maxEnhancements: settings.maxEnhancements });
      // Each item remembers its list's edition, so that resolving it reads the same edition's data.
      if (edition !== 10) for (const item of r.items) if (item.data && typeof item.data === 'object') item.data = { ...item.data, edition };
      return r.items.length > BOUNDS.completionItems ? { isIncomplete: true, items: r.items.slice(0, BOUNDS.completionItems) } : r;
    },
    resolveCompletion: (item) => resolveCompletion(item, rulesFor(completionEdition(item))),
    setLoadableFactions: (factions) => {
      loadable = typeof factions === 'function' ? factions : () => factions;
    },
    setSizeActions: (doc, range, only) => {
      const asked = !only || only.some((k) => k === '' || SET_SIZE_KIND === k || SET_SIZE_KIND.startsWith(`${k}.`));
      if (!asked || lineTooLong(doc, range.start.line) || tooLargeReason(doc, parse(doc))) return [];
      return setSizeActions(doc, parse(doc), rulesOf(doc), doc.offsetAt(range.start));
    },
    semanticTokens: (doc) => ({ data: tooLargeReason(doc, parse(doc)) ? [] : semanticTokens(doc, parse(doc), rulesOf(doc)) }),
    codeLenses: lensesOf,
    lensReport: (doc, targets, conditions) => {
      const why = tooLargeReason(doc, parse(doc));
      if (why) return { error: `the list is too large: ${why}` };
      return lensReport(doc, parse(doc), rulesOf(doc), unitDamage, targets ? { ...settings, damageTargets: targets } : settings, armyOf(doc), conditions);
    },
    damageBreakdown: (doc, unitIndex, targetIndex, conditions) => {
      const o = conditions?.vs ? opponent(doc) : undefined;
      // Identical units numbered as the matchup numbers them ("Trukk (2)").
      const named = (ts: ReturnType<typeof sideTargets>) => numberedNames(ts.map((t) => t.name)).map((name, i) => ({ name, target: ts[i].target }));
      const state = armyState(conditions ?? {});
      if (conditions?.vs === 'opponent') return o ? damageBreakdown(doc, parse(doc), rulesOf(doc), settings, unitIndex, targetIndex, conditions, named(defendedSideTargets({ ...o, army: armyOf(o.doc) }, state)), armyOf(doc)) : null;
      // What they do to you: the opponent's unit against this list's units.
      if (conditions?.vs === 'reverse') return o ? damageBreakdown(o.doc, o.list, o.rules, settings, unitIndex, targetIndex, conditions, named(defendedSideTargets({ list: parse(doc), rules: rulesOf(doc), army: armyOf(doc) }, state)), armyOf(o.doc)) : null;
      return damageBreakdown(doc, parse(doc), rulesOf(doc), settings, unitIndex, targetIndex, conditions, undefined, armyOf(doc));
    },
    documentSymbols: (doc) => capped(documentSymbols(doc, parse(doc)), BOUNDS.symbols),
    foldingRanges: (doc) => capped(foldingRanges(doc, parse(doc)), BOUNDS.foldingRanges),
    selectionRanges: (doc, positions) => selectionRanges(doc, positions.length ? parseAt(doc, doc.offsetAt(positions[0])) : parse(doc), capped(positions, BOUNDS.symbols)),
    onTypeFormatting: (doc, position, ch) => (ch !== '\n' || lineTooLong(doc, position.line) || unparsable(doc) ? [] : onEnterEdits(doc, parseAt(doc, doc.offsetAt(position)), rulesOf(doc), position.line)),
    format: (doc) => {
      const refused = formatTooLarge(doc, parse(doc));
      if (refused) return { edits: [], refused };
      // A unit filed under no app section goes where its datasheet's keywords put it (when the data knows it).
      const list = parse(doc);
      return formatDocument(doc, list, sectionByDatasheet(resolvedOf(doc)));
    },
    convert: (doc, format, edition) => {
      const list = parse(doc);
      const refused = formatTooLarge(doc, list) ?? convertRefusal(list);
      if (refused) return { error: refused };
      const rules = rulesOf(doc);
      const resolved = resolvedOf(doc);
      const written = writeList(list, format, edition ?? editionOf(doc), {
        source: doc.getText(),
        sectionOf: sectionByDatasheet(resolved),
        defaults: (u, models) => {
          const sheet = resolved.sheetOf(u);
          return sheet ? defaultGear(sheet, models) : undefined;
        },
        enhancementPoints: (name) => enhancementCost(rules, list, name),
      });
      return written.refused ? { error: written.refused } : { text: written.text, dropped: written.dropped, escaped: written.escaped };
    },
    definition: (doc, position) => (lineTooLong(doc, position.line) ? null : definition(doc, parseAt(doc, doc.offsetAt(position)), rulesOf(doc), doc.offsetAt(position), editionOf(doc))),
    references: (doc, position, open) => {
      if (lineTooLong(doc, position.line)) return [];
      const target = navigationTarget(doc, parseAt(doc, doc.offsetAt(position)), rulesOf(doc), doc.offsetAt(position), editionOf(doc));
      if (!target) return [];
      const docs = open.some((d) => d.uri === doc.uri) ? open : [doc, ...open];
      return references(docs.filter((d) => editionOf(d) === editionOf(doc)).map((d) => ({ doc: d, list: parse(d) })), target, rulesOf(doc));
    },
    // A page's URI names its edition's data; one without (the layout before editions) is looked up in each, the current first.
    // Then the pages a finding's rule links to (each edition's data).
    virtualDocument: (uri) => virtualDocument(uri, rulesFor, [CURRENT_EDITION, ...EDITIONS.filter((e) => e !== CURRENT_EDITION)]) ?? rulePage(uri, rulesFor),
    inlayHints: (doc, range) => (tooLargeReason(doc, parse(doc)) ? [] : inlayHints(doc, parse(doc), rulesOf(doc), settings, range)),
    workspaceSymbols: (open, query) => workspaceSymbols(open.map((d) => ({ doc: d, list: parse(d) })), query),
    prepareRename: (doc, position) => prepareRename(doc, parse(doc), doc.offsetAt(position)),
    rename: (doc, position, newName) => rename(doc, parse(doc), doc.offsetAt(position), newName),
    codeActions(doc, diagnostics, only) {
      // Beyond the list limits there are no rules diagnostics to fix: nothing to offer.
      if (tooLargeReason(doc, parse(doc))) return [];
      const list = parse(doc);
      const asks = (kind: string) => !only || only.some((k) => k === '' || kind === k || kind.startsWith(`${k}.`));
      // "Update all points to <version>" rewrites the whole document's prices: it needs every finding.
      const all = (drift.previous && diagnostics.some(driftOf)) || diagnostics.some(staleOf) ? this.diagnostics(doc) : undefined;
      const kinds = ['quickfix', UPDATE_POINTS_KIND].filter(asks);
      const out = kinds.length ? codeActions(doc, list, diagnostics, kinds, all) : [];
      // Fix-all covers the whole document, not just the diagnostics the client sends for its range.
      if (asks(FIX_ALL_KIND)) out.push(...codeActions(doc, list, this.diagnostics(doc), [FIX_ALL_KIND]));
      return out;
    },
    setOpponent: (uri, input) => {
      // The opponent's list has the limits of one's own: beyond them it is not read (its lenses took 35 s at 6,000 units).
      const why = input?.doc ? tooLargeReason(input.doc, parse(input.doc)) : undefined;
      if (why) input = { error: `the list is too large: ${why}` };
      if (input) opponents.set(uri, input);
      else opponents.delete(uri);
    },
    opponent,
    matchup: (doc, conditions = {}, directions) => {
      const o = opponent(doc);
      if (!o || tooLargeReason(doc, parse(doc)) || tooLargeReason(o.doc, o.list)) return null;
      const yours = { list: parse(doc), rules: rulesOf(doc), edition: editionOf(doc), file: fileName(doc.uri), army: armyOf(doc) };
      return computeMatchup(yours, { ...o, army: armyOf(o.doc) }, { conditions, devastatingWounds: settings.devastatingWounds, damage: unitDamage, directions });
    },
    forget: (uri) => {
      opponents.delete(uri);
      parsed.delete(uri);
      lenses.delete(uri);
      windows.delete(uri);
      drift.forget(uri);
    },
    setPreviousRules: (data, fallbackLabel) => drift.set(data, fallbackLabel),
    get previousRules() {
      return drift.previous?.rules.data;
    },
  };
}

/**
 * The previous data version and what it explains, per document: the findings with its notes are kept
 * (uri, version) for the hover at their range.
 */
function createDriftState() {
  let previous: { rules: RulesIndex; fallbackLabel?: string } | undefined;
  const explained = new Map<string, { version: number; diagnostics: Diagnostic[] }>();
  return {
    get previous() {
      return previous;
    },
    set(data: RulesData | undefined, fallbackLabel?: string) {
      if (data === previous?.rules.data && fallbackLabel === previous?.fallbackLabel) return;
      previous = data && { rules: new RulesIndex(data), fallbackLabel };
      explained.clear();
    },
    explain(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, found: Diagnostic[]): Diagnostic[] {
      if (!previous || !wantsPreviousVersion(found)) {
        explained.delete(doc.uri);
        return found;
      }
      const out = explainDrift(doc, list, rules, found, previous, validateList(doc, list, previous.rules, settings));
      explained.delete(doc.uri);
      explained.set(doc.uri, { version: doc.version, diagnostics: out.filter(driftOf) });
      if (explained.size > CACHE_LIMIT) explained.delete(explained.keys().next().value as string);
      return out;
    },
    hover(doc: TextDocument, base: Hover | null, offset: number): Hover | null {
      const hit = explained.get(doc.uri);
      return hit && hit.version === doc.version ? driftHover(base, offset, doc, hit.diagnostics) : base;
    },
    forget: (uri: string) => void explained.delete(uri),
  };
}
