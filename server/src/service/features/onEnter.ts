// The bullet Enter opens, corrected with what the data knows (on-type formatting on "\n"). The editor's own rules
// (language-configuration.json) open a `◦` line under any `•` line, since only a model's line takes `◦` wargear
// lines under it, and a regular expression cannot tell a model from a one-model unit's wargear ("• 1x Bolt
// pistol"), a Warlord or an enhancement line: here a `◦` opened under a `•` line that is no model of the unit
// (by the data's entry types, `modelGroups`) becomes a `•` line of the unit, so that it is not read as a model's;
// and the `•` opened under any line ending in points (`(N points)`) is taken away when that line is no unit's (the
// battle size "Strike Force (2000 points)", the title): a stray bullet there reads as a unit line.
import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { modelGroups } from '../domain/rules/parts';
import { resolveList } from './resolve/resolvedList';

const OPENED = /^[ \t]*◦[ \t]*$/;
const OPENED_UNIT_BULLET = /^[ \t]*•[ \t]*$/;
const UNIT_BULLET = /^ {0,2}•[ \t]*\S/;

export function onEnterEdits(doc: TextDocument, list: ArmyList, rules: RulesIndex, line: number): TextEdit[] {
  if (line < 1) return [];
  const text = doc.getText();
  const lineText = (n: number) => {
    const start = doc.offsetAt({ line: n, character: 0 });
    const next = n + 1 < doc.lineCount ? doc.offsetAt({ line: n + 1, character: 0 }) : text.length;
    return { start, text: text.slice(start, next).replace(/\r?\n$/, '') };
  };
  const here = lineText(line);
  const above = lineText(line - 1);
  const aboveEnd = above.start + above.text.length;
  const whole = { start: { line, character: 0 }, end: { line, character: here.text.length } };
  if (OPENED_UNIT_BULLET.test(here.text) && !/^\s/.test(above.text) && above.text.trim() !== '') {
    const unitLine = list.units.some((u) => u.name.span.start >= above.start && u.name.span.start <= aboveEnd);
    return unitLine ? [] : [{ range: whole, newText: '' }];
  }
  if (!OPENED.test(here.text) || !UNIT_BULLET.test(above.text)) return [];
  const unit = list.units.find((u) => u.span.start <= above.start && above.start < u.span.end);
  if (!unit) return [];
  const sheet = resolveList(list, rules).sheetOf(unit);
  if (!sheet) return [];
  const isModel = modelGroups(unit, sheet).some((g) => g.name.span.start >= above.start && g.name.span.start < aboveEnd);
  if (isModel) return [];
  return [{ range: whole, newText: '  • ' }];
}
