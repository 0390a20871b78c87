// The language-service façade: the one entry point the LSP layer, the CLI and
// the tests call. It holds the rules index and a parse cache keyed by
// (uri, version); every feature is a pure function in its own module.
import type { CodeLens, Diagnostic, DocumentSymbol, FoldingRange, Hover, Position, SelectionRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from './parse/ast';
import { parseArmyList } from './parse';
import { RulesIndex } from './rules';
import type { RulesData } from './rules/model';
import { loadEmbeddedRules } from './rules/embedded';
import { DEFAULT_SETTINGS, Settings } from './settings';
import { applySeverityOverrides } from './diagnostics/severity';
import { validateList } from './diagnostics/validate';
import { hover } from './hover';
import { codeLenses } from './codeLens';
import { documentSymbols, foldingRanges, selectionRanges } from './symbols';
import { createUnitDamageCache } from './damage/fromRules';

export interface LanguageServiceOptions {
  /** Rules data to check against; the embedded seed data when absent. */
  rules?: RulesData;
  settings?: Settings;
}

export interface LanguageService {
  readonly rules: RulesIndex;
  setRules(rules: RulesData): void;
  readonly settings: Settings;
  setSettings(settings: Settings): void;
  parse(doc: TextDocument): ArmyList;
  diagnostics(doc: TextDocument): Diagnostic[];
  hover(doc: TextDocument, position: Position): Hover | null;
  codeLenses(doc: TextDocument): CodeLens[];
  documentSymbols(doc: TextDocument): DocumentSymbol[];
  foldingRanges(doc: TextDocument): FoldingRange[];
  selectionRanges(doc: TextDocument, positions: Position[]): SelectionRange[];
  /** Drops cached state for a closed document. */
  forget(uri: string): void;
}

const CACHE_LIMIT = 32;

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  let rules = new RulesIndex(options.rules ?? loadEmbeddedRules());
  let settings = options.settings ?? DEFAULT_SETTINGS;
  const parsed = new Map<string, { version: number; list: ArmyList }>();
  // Lens results per (unit loadout, target, conditions): editing one unit recomputes only that unit.
  const unitDamage = createUnitDamageCache();

  function parse(doc: TextDocument): ArmyList {
    const hit = parsed.get(doc.uri);
    if (hit && hit.version === doc.version) return hit.list;
    const list = parseArmyList(doc.getText());
    parsed.delete(doc.uri);
    parsed.set(doc.uri, { version: doc.version, list });
    if (parsed.size > CACHE_LIMIT) parsed.delete(parsed.keys().next().value as string);
    return list;
  }

  return {
    get rules() {
      return rules;
    },
    setRules(data) {
      if (data !== rules.data) rules = new RulesIndex(data);
    },
    get settings() {
      return settings;
    },
    setSettings(next) {
      settings = next;
    },
    parse,
    diagnostics: (doc) => applySeverityOverrides(validateList(doc, parse(doc), rules), settings.diagnosticSeverity),
    hover: (doc, position) => hover(doc, parse(doc), rules, doc.offsetAt(position)),
    codeLenses: (doc) => codeLenses(doc, parse(doc), rules, unitDamage),
    documentSymbols: (doc) => documentSymbols(doc, parse(doc)),
    foldingRanges: (doc) => foldingRanges(doc, parse(doc)),
    selectionRanges: (doc, positions) => selectionRanges(doc, parse(doc), positions),
    forget: (uri) => void parsed.delete(uri),
  };
}
