// Go to definition: what stands under the cursor (a unit, model, weapon, wargear ability, enhancement, detachment,
// faction, planned stratagem or rule word) resolved to its datum, answered with the `auspex:` page for it in the
// list's edition's data (`virtualDocs.ts`). A planned stratagem's target jumps to the unit it names in the list
// itself. `navigationTarget` is shared with find references.
import { Location } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, TargetRef, Unit, WargearRef } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Ability, CoreRule, Datasheet, Detachment, Enhancement, Faction, Stratagem, Weapon } from '../domain/rules/model';
import type { Edition } from '../domain/editions/types';
import { namesModel, wargearNamed } from '../domain/rules/parts';
import { toRange } from './diagnostics/make';
import { findEnhancement, resolveList, type ResolvedList } from './resolve/resolvedList';
import { editionRules } from '../domain/editions';
import { datasheetUri, pageUri, ruleUri, stratagemUri, weaponUri } from './virtualDocs';
import { resolvePlannedStratagem, resolveTarget } from './diagnostics/plan';

/** What a position refers to. Names are as written; the datum is there when the data knows it. */
export type NavTarget =
  | { kind: 'datasheet'; name: string; span: Span; sheet?: Datasheet; ref?: TargetRef }
  | { kind: 'weapon'; datasheet: string; name: string; span: Span; sheet?: Datasheet; weapon?: Weapon }
  | { kind: 'ability'; datasheet: string; name: string; span: Span; sheet: Datasheet; ability: Ability }
  | { kind: 'enhancement'; name: string; span: Span; enhancement?: Enhancement }
  | { kind: 'detachment'; name: string; span: Span; detachment?: Detachment }
  | { kind: 'faction'; name: string; span: Span; faction?: Faction }
  | { kind: 'stratagem'; name: string; span: Span; stratagem?: Stratagem }
  | { kind: 'rule'; rule: CoreRule; span: Span };

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** The target at `offset`, in hover's order: the header, units, the stratagem plan, then rule words on the line. */
export function navigationTarget(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number, edition?: Edition): NavTarget | undefined {
  const resolved = resolveList(list, rules, edition === undefined ? undefined : editionRules(edition));
  for (const t of [list.faction, list.superFaction]) {
    if (t && inside(t.span, offset)) return { kind: 'faction', name: t.text, span: t.span, faction: rules.faction(t.text) };
  }
  const d = list.detachments.findIndex((t) => inside(t.span, offset));
  if (d >= 0) return { kind: 'detachment', name: list.detachments[d].text, span: list.detachments[d].span, detachment: resolved.detachments[d] };
  for (const unit of list.units) {
    if (!inside(unit.span, offset)) continue;
    const found = targetInUnit(unit, resolved, offset);
    if (found) return found;
  }
  for (const use of list.stratagemPlan?.uses ?? []) {
    if (inside(use.name.span, offset)) {
      // Names repeat across detachments: the plan's checks pick the one this army can use, and so do we.
      const stratagem = resolvePlannedStratagem(rules, use.name.text, list.detachments[0]?.text);
      return { kind: 'stratagem', name: use.name.text, span: use.name.span, stratagem };
    }
    for (const t of use.targets) {
      if (!inside(t.name.span, offset)) continue;
      const unit = resolveTarget(list, t);
      return { kind: 'datasheet', name: t.name.text, span: t.name.span, sheet: (unit && resolved.sheetOf(unit)) ?? resolved.sheetNamed(t.name.text), ref: t };
    }
  }
  const line = doc.positionAt(offset).line;
  const start = doc.offsetAt({ line, character: 0 });
  const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const word = ruleWords(text, rules).find((w) => offset - start >= w.start && offset - start <= w.end);
  return word ? { kind: 'rule', rule: word.rule, span: { start: start + word.start, end: start + word.end } } : undefined;
}

function targetInUnit(unit: Unit, resolved: ResolvedList, offset: number): NavTarget | undefined {
  const sheetOf = () => resolved.sheetOf(unit);
  const unitTarget = (span: Span): NavTarget => ({ kind: 'datasheet', name: unit.name.text, span, sheet: sheetOf() });
  if (inside(unit.name.span, offset)) return unitTarget(unit.name.span);
  for (const e of unit.enhancements) {
    if (inside(e.name.span, offset)) return { kind: 'enhancement', name: e.name.text, span: e.name.span, enhancement: findEnhancement(resolved, e.name.text) };
  }
  const wargearTarget = (w: WargearRef): NavTarget => {
    const sheet = sheetOf();
    const named = sheet && wargearNamed(sheet, w.name.text);
    if (sheet && named && 'ability' in named) return { kind: 'ability', datasheet: unit.name.text, name: w.name.text, span: w.name.span, sheet, ability: named.ability };
    // New Recruit writes an enhancement among the wargear ("Favoured of Khorne"), and a model ("Khorne Berzerker").
    const enhancement = !named ? findEnhancement(resolved, w.name.text) : undefined;
    if (enhancement) return { kind: 'enhancement', name: w.name.text, span: w.name.span, enhancement };
    if (sheet && !named && namesModel(sheet, w.name.text)) return unitTarget(w.name.span);
    return { kind: 'weapon', datasheet: unit.name.text, name: w.name.text, span: w.name.span, sheet, weapon: named && 'weapon' in named ? named.weapon : undefined };
  };
  for (const group of unit.models) {
    if (!group.implicit && inside(group.name.span, offset)) return unitTarget(group.name.span);
    for (const w of group.wargear) if (inside(w.name.span, offset)) return wargearTarget(w);
  }
  for (const w of unit.wargear ?? []) if (inside(w.name.span, offset)) return wargearTarget(w);
  return undefined;
}

/**
 * Core-rule names and aliases in a piece of text, case-insensitive on word
 * boundaries; longer aliases win where they overlap ("Lethal Hits" over "Hit").
 * Offsets are into `text`.
 */
export function ruleWords(text: string, rules: RulesIndex): { start: number; end: number; rule: CoreRule }[] {
  // Same-length folding keeps offsets valid: lower case and straight apostrophes only.
  let folded = text.toLowerCase();
  // A few characters grow when lower-cased (İ): fold those per character, unchanged.
  if (folded.length !== text.length) folded = Array.from(text, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
  folded = folded.replace(/[\u2018\u2019]/g, "'");
  const found: { start: number; end: number; rule: CoreRule }[] = [];
  for (const { alias, rule } of rules.ruleAliases) {
    for (let at = folded.indexOf(alias); at >= 0; at = folded.indexOf(alias, at + 1)) {
      const end = at + alias.length;
      if (!isBoundary(folded, at - 1) || !isBoundary(folded, end)) continue;
      if (found.some((f) => at < f.end && end > f.start)) continue;
      found.push({ start: at, end, rule });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function isBoundary(text: string, i: number): boolean {
  return i < 0 || i >= text.length || !/[\p{L}\p{N}]/u.test(text[i]);
}

/** `edition`: the list's, whose data the page is read from. */
export function definition(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number, edition: Edition = 10): Location | null {
  const target = navigationTarget(doc, list, rules, offset, edition);
  if (!target) return null;
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const page = (uri: string) => Location.create(uri, top);
  switch (target.kind) {
    case 'datasheet': {
      const unit = target.ref && resolveTarget(list, target.ref);
      if (unit) return Location.create(doc.uri, toRange(doc, unit.name.span));
      return target.sheet ? page(datasheetUri(target.sheet.id, edition, target.sheet.name)) : null;
    }
    case 'weapon':
      return target.sheet && target.weapon ? page(weaponUri(target.sheet.id, target.weapon.name, edition)) : null;
    case 'ability':
      return page(pageUri('ability', [target.sheet.id, target.ability.name], edition));
    case 'enhancement':
      return target.enhancement ? page(pageUri('enhancement', [target.enhancement.id], edition, target.enhancement.name)) : null;
    case 'detachment':
      return target.detachment ? page(pageUri('detachment', [target.detachment.id], edition, target.detachment.name)) : null;
    case 'faction':
      return target.faction ? page(pageUri('faction', [target.faction.id], edition, target.faction.name)) : null;
    case 'stratagem':
      return target.stratagem ? page(stratagemUri(target.stratagem.id, edition, target.stratagem.name)) : null;
    case 'rule':
      return page(ruleUri(target.rule.id, edition, target.rule.name));
  }
}
