// Inlay hints: what a hand-written list leaves out, filled in from the data.
// The data's points after a unit line that states none, the running total
// after the last unit of each section, and the CP the stratagem plan spends
// per battle round after that round's last planned use.
import type { InlayHint, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Settings } from '../settings';
import { unitModelCount } from './diagnostics/unitPoints';
import { planCpByRound } from './diagnostics/plan';
import { resolveList } from './resolve/resolvedList';

/** `1240` → `1,240`, the way the exports write points (no locale dependence). */
export function formatPoints(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function inlayHints(doc: TextDocument, list: ArmyList, rules: RulesIndex, settings: Settings, range: Range): InlayHint[] {
  const hints: InlayHint[] = [];
  const first = range.start.line;
  const last = range.end.line;
  /** A hint at the end of `line`'s text (trailing blanks ignored), if the line is in the requested range. */
  const atLineEnd = (line: number, label: string, tooltip?: string) => {
    if (line < first || line > last) return;
    const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    const character = text.replace(/\s+$/, '').length;
    hints.push({ position: { line, character }, label, paddingLeft: true, ...(tooltip ? { tooltip } : {}) });
  };
  const lastLineOf = (unit: Unit) => doc.positionAt(Math.max(unit.span.start, unit.span.end - 1)).line;

  // Points per unit: stated, else from the data at the unit's size.
  const resolved = resolveList(list, rules);
  const points = new Map<Unit, number | undefined>();
  for (const unit of list.units) {
    if (unit.points) {
      points.set(unit, unit.points.value);
      continue;
    }
    const sheet = resolved.sheetOf(unit);
    // The price the checks count (the resolution's: requisition tiers, an ally's price, Enhancements).
    const expected = sheet && resolved.price(unit);
    points.set(unit, expected);
    if (sheet && expected !== undefined) {
      const size = unitModelCount(unit, sheet);
      atLineEnd(doc.positionAt(unit.name.span.start).line, `${formatPoints(expected)} pts`, `${sheet.name} with ${size} model${size === 1 ? '' : 's'} in the rules data`);
    }
  }

  // Running totals after each section's last unit (after the last unit when the format has no sections).
  const ends = new Set(list.sections.length ? list.sections.map((s) => s.units[s.units.length - 1]).filter(Boolean) : list.units.slice(-1));
  let total = 0;
  let known = 0;
  let missing = 0;
  for (const unit of list.units) {
    const p = points.get(unit);
    if (p === undefined) missing++;
    else {
      total += p;
      known++;
    }
    if (!ends.has(unit) || known === 0) continue;
    const note = missing ? `; ${missing} unit${missing === 1 ? '' : 's'} without points not counted` : '';
    atLineEnd(lastLineOf(unit), `Σ ${formatPoints(total)} pts`, `Running total of the list so far${note}`);
  }

  // CP the plan spends per round (as its checks count it), after the last planned use of each round.
  const lastLine = new Map<number, number>();
  for (const use of list.stratagemPlan?.uses ?? []) {
    if (use.round) lastLine.set(use.round.value, Math.max(lastLine.get(use.round.value) ?? 0, doc.positionAt(use.span.end).line));
  }
  if (lastLine.size) {
    for (const { round, spent, available } of planCpByRound(list, rules, settings)) {
      const line = lastLine.get(round);
      if (line === undefined) continue;
      const left = Math.max(0, available);
      atLineEnd(line, `round ${round}: ${spent}/${left} CP`, `Battle round ${round}: the plan spends ${spent}CP of the ${left}CP that can be available then`);
    }
  }
  return hints.sort((a, b) => a.position.line - b.position.line || a.position.character - b.position.character);
}
