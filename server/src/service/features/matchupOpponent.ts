// The opponent of a list (`OPPONENT: <path>`): the LSP layer or the CLI reads the file (Node side) and hands the
// façade its text or why it could not; here are what the core says about it: the diagnostic on the line when the
// file is missing, unreadable or not a list, and the hover on the line (faction, detachment, points).
import type { Diagnostic, Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import { makeDiagnostic, toRange } from './diagnostics/make';
import { listSummary, MatchupSide } from './matchup';
import { md } from './render/escape';
import { editionRules } from '../domain/editions';

/** What the Node side hands the façade for a list's OPPONENT line. */
export interface OpponentInput {
  /** The opponent list's text as a document (its uri the file's). */
  doc?: TextDocument;
  /** Why the file could not be read ("no such file", "not a regular file", "larger than 2 MB"). */
  error?: string;
}

/** The opponent as the core sees it: parsed, with its edition's rules index. */
export interface Opponent extends MatchupSide {
  doc: TextDocument;
}

/** The diagnostic of an OPPONENT line whose file is missing, unreadable or not a list; none when the matchup can run. */
export function opponentDiagnostics(doc: TextDocument, list: ArmyList, input: OpponentInput | undefined, opponent: Opponent | undefined): Diagnostic[] {
  const path = list.opponent?.path;
  if (!path) return [];
  if (input?.error) return [makeDiagnostic(doc, path.span, 'opponent-unreadable', `The opponent list "${path.text}" cannot be read: ${input.error}`)];
  if (!input) return [];
  if (!opponent || opponent.list.units.length === 0) {
    return [makeDiagnostic(doc, path.span, 'opponent-unreadable', `"${path.text}" is not an army list: no unit could be read from it`)];
  }
  return [];
}

/** The hover of the OPPONENT line: the opponent's faction, detachment(s), points and edition. */
export function opponentHover(doc: TextDocument, list: ArmyList, offset: number, input: OpponentInput | undefined, opponent: Opponent | undefined): Hover | null {
  const line = list.opponent;
  if (!line || offset < line.span.start || offset > line.span.end) return null;
  const range = toRange(doc, line.span);
  if (!line.path) return { range, contents: { kind: 'markdown', value: '**Opponent**: write the path of the opponent\'s list after `OPPONENT:`' } };
  if (input?.error || !opponent || opponent.list.units.length === 0) {
    return { range, contents: { kind: 'markdown', value: `**Opponent** \`${md(line.path.text)}\`: ${md(input?.error ?? 'not an army list')}` } };
  }
  const s = listSummary(opponent);
  const parts = [
    `**Opponent**: ${md(opponent.list.title?.text ?? line.path.text)}`,
    `Faction: ${md(s.faction ?? 'not stated')}`,
    `Detachment: ${s.detachments.length ? s.detachments.map(md).join(' + ') : 'not stated'}`,
    `Points: ${s.points}${opponent.list.statedPoints ? ` (the list states ${opponent.list.statedPoints.value})` : ''}, ${opponent.list.units.length} units`,
    `Read under the ${editionRules(opponent.edition).label}. *Auspex: Show Matchup* opens the matrix.`,
  ];
  return { range, contents: { kind: 'markdown', value: parts.join('\n\n') } };
}
