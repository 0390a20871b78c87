// Hover: what stands under the cursor, explained from the rules data. Units
// show their datasheet, model and wargear lines their profiles, and any rule
// word on the line (Stealth, Scouts 9", [PISTOL], Lethal Hits) its rule text.
import type { Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from './parse/ast';
import type { RulesIndex } from './rules';
import type { Datasheet } from './rules/model';
import { normalizeName } from './text/normalize';
import { toRange } from './diagnostics/make';
import { datasheetMarkdown, modelTable, ruleMarkdown, stratagemMarkdown, weaponMarkdown } from './render/markdown';

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

export function hover(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number): Hover | null {
  const faction = list.faction?.text;
  for (const unit of list.units) {
    if (!inside(unit.span, offset)) continue;
    const found = hoverInUnit(doc, unit, rules.datasheet(unit.name.text, faction), offset);
    if (found) return found;
  }
  for (const use of list.stratagemPlan?.uses ?? []) {
    if (inside(use.name.span, offset)) {
      const s = rules.stratagem(use.name.text);
      if (s) return markdown(doc, use.name.span, stratagemMarkdown(s));
    }
  }
  return ruleWordHover(doc, rules, offset);
}

function hoverInUnit(doc: TextDocument, unit: Unit, sheet: Datasheet | undefined, offset: number): Hover | null {
  if (!sheet) return null;
  if (inside(unit.name.span, offset)) return markdown(doc, unit.name.span, datasheetMarkdown(sheet));
  for (const group of unit.models) {
    if (!group.implicit && inside(group.name.span, offset)) {
      const profile = sheet.models.find((m) => normalizeName(m.name) === normalizeName(group.name.text));
      if (profile) return markdown(doc, group.name.span, `### ${profile.name}\n\n${modelTable([profile])}`);
    }
    for (const w of group.wargear) {
      if (!inside(w.name.span, offset)) continue;
      const weapon = sheet.weapons.find((x) => normalizeName(x.name) === normalizeName(w.name.text));
      if (weapon) return markdown(doc, w.name.span, weaponMarkdown(weapon));
    }
  }
  return null;
}

/** A core-rule name or alias on the cursor's line, matched case-insensitively on word boundaries. */
function ruleWordHover(doc: TextDocument, rules: RulesIndex, offset: number): Hover | null {
  const pos = doc.positionAt(offset);
  const lineStart = doc.offsetAt({ line: pos.line, character: 0 });
  const line = doc.getText({ start: { line: pos.line, character: 0 }, end: { line: pos.line + 1, character: 0 } });
  // Same-length folding keeps offsets valid: lower case and straight apostrophes only.
  const folded = line.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const col = offset - lineStart;
  for (const { alias, rule } of rules.ruleAliases) {
    let at = folded.indexOf(alias);
    while (at >= 0) {
      const end = at + alias.length;
      if (col >= at && col <= end && isBoundary(folded, at - 1) && isBoundary(folded, end)) {
        return markdown(doc, { start: lineStart + at, end: lineStart + end }, ruleMarkdown(rule));
      }
      at = folded.indexOf(alias, at + 1);
    }
  }
  return null;
}

function isBoundary(text: string, i: number): boolean {
  return i < 0 || i >= text.length || !/[\p{L}\p{N}]/u.test(text[i]);
}

function markdown(doc: TextDocument, span: Span, value: string): Hover {
  return { contents: { kind: 'markdown', value }, range: toRange(doc, span) };
}
