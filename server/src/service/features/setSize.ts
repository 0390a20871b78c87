// The code action "Set size to N" on a unit line: one action per legal size other than the unit's current one,
// each rewriting the unit's model lines (counts and default wargear, as completion builds a unit) and its points
// (the size's price, the enhancements' on top) in one edit. The Warlord, enhancement and other note lines stay.
import { CodeAction, CodeActionKind, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { toRange } from './diagnostics/make';
import { unitModelCount } from './diagnostics/unitPoints';
import { legalSizes, planUnit, renderUnit } from './completion/build';
import { dialectOf } from './completion/dialect';
import { resolveList } from './resolve/resolvedList';

export const SET_SIZE_KIND = `${CodeActionKind.RefactorRewrite}.auspex.setSize`;

/** The "Set size to N" actions for the unit whose unit line holds `offset` (none elsewhere or for one legal size). */
export function setSizeActions(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number): CodeAction[] {
  const text = doc.getText();
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const unit = list.units.find((u) => u.span.start >= lineStart && u.span.start <= offset);
  if (!unit) return [];
  const resolved = resolveList(list, rules);
  const sheet = resolved.sheetOf(unit);
  if (!sheet) return [];
  const current = unitModelCount(unit, sheet);
  const copy = list.units.filter((u) => u.span.start <= unit.span.start && resolved.sheetOf(u)?.id === sheet.id).length;
  const enhancementPoints = unit.enhancements.reduce((n, e) => n + (rules.enhancement(e.name.text)?.points ?? e.points ?? 0), 0);
  const dialect = dialectOf(text);
  const lineEnd = lineEndAt(text, unit.span.start);
  const kept = keptLines(text, unit, lineEnd, false);
  const after = keptLines(text, unit, lineEnd, true);
  const out: CodeAction[] = [];
  for (const size of legalSizes(sheet)) {
    if (size === current) continue;
    const plan = planUnit(sheet, size, copy);
    // The models as completion writes them, under the unit line as written (its name, its points updated).
    const models = renderUnit(sheet, plan, { dialect, snippet: false }).split('\n').slice(1);
    let head = text.slice(unit.span.start, lineEnd);
    if (unit.points && plan.points !== undefined) {
      head = text.slice(unit.span.start, unit.points.span.start) + String(plan.points + enhancementPoints) + text.slice(unit.points.span.end, lineEnd);
    }
    const newText = [head, ...kept, ...models, ...after].join('\n');
    const range = toRange(doc, { start: unit.span.start, end: blockEnd(text, unit) });
    out.push({
      title: `Set size to ${size}${plan.points !== undefined ? ` (${plan.points + enhancementPoints} points)` : ''}`,
      kind: SET_SIZE_KIND,
      edit: { changes: { [doc.uri]: [TextEdit.replace(range, newText)] } },
    });
  }
  return out;
}

function lineEndAt(text: string, at: number): number {
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  return text[end - 1] === '\r' ? end - 1 : end;
}

/** The end of the unit's last line (its span may stop before the line ends). */
function blockEnd(text: string, unit: Unit): number {
  return lineEndAt(text, Math.max(unit.span.start, unit.span.end - 1));
}

/**
 * Whole lines of the block holding the Warlord, notes, `Leading:` and `Attached as:` (before the models), or the
 * enhancements (after them, as the app writes them): kept as they are.
 */
function keptLines(text: string, unit: Unit, headEnd: number, enhancements: boolean): string[] {
  const spans: Span[] = (enhancements ? unit.enhancements.map((e) => e.span) : [unit.warlord, unit.leading?.span, unit.attachedAs?.text.span, ...unit.notes.map((n) => n.span)]).filter((s): s is Span => !!s && s.start > headEnd);
  const starts = new Set(spans.map((s) => text.lastIndexOf('\n', s.start - 1) + 1));
  return [...starts].sort((a, b) => a - b).map((s) => text.slice(s, lineEndAt(text, s)));
}
