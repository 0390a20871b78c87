// What every list check needs: the list resolved to the data (`resolve/resolvedList.ts`: its units with their
// datasheets and keywords, the army's faction keyword, its detachments, battle size and whether it is a Combat
// Patrol), with the document and the settings of this run.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Settings } from '../../settings';
import type { EditionRules } from '../../domain/editions';
export { modelGroups, namesModel, namesWargear } from '../../domain/rules/parts';
import { makeDiagnostic, DiagnosticExtras } from './make';
import { looseName, sameFaction } from './names';
import { resolveList, type ResolvedList, type ResolvedUnit } from '../resolve/resolvedList';

export { looseName, sameFaction };
export { findDetachment, inferFaction, type ResolvedUnit } from '../resolve/resolvedList';
export { chosenEnhancements } from '../resolve/prices';
import type { DiagnosticCode } from './codes';

/** The resolved list (`resolve/resolvedList.ts`) with what a run of the checks adds: the document, the settings, where findings go. */
export interface CheckContext extends ResolvedList {
  doc: TextDocument;
  settings: Settings;
  report(span: Span, code: DiagnosticCode, message: string, extras?: DiagnosticExtras): void;
  out: Diagnostic[];
}

/**
 * The one reading of a list every check shares: the list resolved to the data (`resolveList`, once per tree and
 * index), with the document and the settings. `ctx.list` is the list as read with the data; `parsed` is the text's tree.
 */
export function createContext(doc: TextDocument, parsed: ArmyList, rules: RulesIndex, settings: Settings, out: Diagnostic[], edition?: EditionRules): CheckContext {
  return checkContext(resolveList(parsed, rules, edition), doc, settings, out);
}

export function checkContext(resolved: ResolvedList, doc: TextDocument, settings: Settings, out: Diagnostic[]): CheckContext {
  return {
    ...resolved,
    doc,
    settings,
    report(span, code, message, extras) {
      out.push(makeDiagnostic(doc, span, code, message, extras));
    },
    out,
  };
}

/** What a message adds when the battle size was read from the list's points: "" when the list states it. */
export function battleSizeNote(ctx: CheckContext): string {
  const b = ctx.battleSizeInferred;
  return b ? `; the list states no battle size: ${ctx.battleSizeRule?.name}, the smallest that holds its ${b.points} points` : '';
}

export const isCharacter = (u: ResolvedUnit) => u.keywords.has('CHARACTER');
export const isEpicHero = (u: ResolvedUnit) => u.sheet.epicHero || u.keywords.has('EPIC HERO');


export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
