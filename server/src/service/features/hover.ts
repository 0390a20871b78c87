// Hover: what stands under the cursor, explained from the rules data. Units
// show their datasheet, model and wargear lines their profiles, and any rule
// word on the line (Stealth, Scouts 9", [PISTOL], Lethal Hits) its rule text.
import type { Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import { normalizeName } from '../domain/text/normalize';
import { toRange } from './diagnostics/make';
import { abilityMarkdown, datasheetMarkdown, ruleMarkdown, SOURCE_PREFIX, stratagemMarkdown, weaponMarkdown } from './render/markdown';
import { wargearNamed } from '../domain/rules/parts';
import type { Stratagem } from '../domain/rules/model';
import { resolvePlannedStratagem } from './diagnostics/plan';
import { stratagemTargetSpec } from '../domain/stratagems/eligibility';
import { explain } from '../domain/stratagems/targetText';
import { Found, headerHover, keywordHover, planTargetHover, unitPartHover } from './hover/more';
import { musterTermHover } from './hover/muster';
import { weaponAbilityRule } from './completion/resolve';
import { modelMarkdown } from './render/markdown';
import { chargeBonuses, diceOddsMarkdown } from './diceOdds';
import { editionRules, listEdition, type Edition, type EditionSetting } from '../domain/editions';
import { dataVersionLabel } from './diagnostics/validate';
import { md } from './render/escape';
import { listPoints } from './report';
import { resolveList, type ResolvedList } from './resolve/resolvedList';
import { bearer } from './diagnostics/enhancements';
import type { Bearer } from '../domain/editions/enhancementFit';
import { DEFAULT_SETTINGS, type Settings } from '../settings';

/** For a plan line: what the TARGET text requires (checked) and what it leaves to the table (not checked). */
function planReminder(s: Stratagem): string {
  const spec = stratagemTargetSpec(s);
  const lines = spec.parts
    ? [`**Targets** (name one unit for each, in this order): ${spec.parts.map((p, i) => `${i + 1}. ${explain(p.requirement)} ("${p.text}")`).join('; ')}`]
    : [`**Targets:** ${explain(spec.requirement)}`];
  if (spec.situational.length) lines.push(`**Reminder:** ${spec.situational.join('; ')}`);
  return `\n\n${lines.join('\n\n')}`;
}

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/**
 * `edition`: the `auspex.edition` setting; the list's edition (`listEdition`) words the unit's dice odds.
 * `showSources`: the `auspex.hover.showSources` setting; without it the data's source lines are left out.
 */
export function hover(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number, edition: EditionSetting = 'auto', showSources = false, settings: Settings = DEFAULT_SETTINGS): Hover | null {
  const h = hoverWithSources(doc, list, rules, offset, edition, settings);
  if (!h || showSources) return h;
  const c = h.contents as { kind: string; value: string };
  return { ...h, contents: { kind: c.kind as 'markdown', value: withoutSourceLines(c.value) } };
}

/**
 * Markdown without the paragraphs `sourceLine` writes ("*Source: file (locator)*", with " — name" after it).
 * Data text is escaped (`md`), so no paragraph from the data starts with an unescaped "*Source: ".
 */
export function withoutSourceLines(markdown: string): string {
  return markdown.split('\n\n').filter((p) => !p.startsWith(SOURCE_PREFIX)).join('\n\n');
}

function hoverWithSources(doc: TextDocument, list: ArmyList, rules: RulesIndex, offset: number, edition: EditionSetting, settings: Settings): Hover | null {
  const head = headerHover(list, rules, offset, () => listPoints(list, rules, settings, listEdition(list, edition)));
  if (head) return found(doc, head);
  const term = musterTermHover(list, rules, offset, listEdition(list, edition));
  if (term) return found(doc, term);
  const e = listEdition(list, edition);
  const resolved = resolveList(list, rules, editionRules(e));
  for (const unit of list.units) {
    if (!inside(unit.span, offset)) continue;
    const sheet = resolved.sheetOf(unit);
    const hit = hoverInUnit(doc, unit, sheet, offset, rules, list, edition) ?? found(doc, unitPartHover(doc.getText(), resolved, unit, sheet, offset, editionRules(e).muster, () => asChecked(resolved, unit)));
    if (hit) return hit;
  }
  for (const use of list.stratagemPlan?.uses ?? []) {
    if (inside(use.name.span, offset)) {
      const s = resolvePlannedStratagem(rules, use.name.text, list.detachments[0]?.text);
      if (s) return markdown(doc, use.name.span, stratagemMarkdown(s) + planReminder(s));
    }
  }
  return found(doc, planTargetHover(resolved, offset)) ?? ruleWordHover(doc, rules, offset) ?? found(doc, keywordHover(doc.getText(), resolved, offset));
}

/**
 * A unit as the list checks read it (the resolution: its keywords with its notes' and its detachments' grants), so
 * that the hover says what the checks find (a TRYGON its detachment makes a CHARACTER may take an enhancement).
 */
function asChecked(resolved: ResolvedList, unit: Unit): Bearer | undefined {
  const r = resolved.of(unit)?.fielded;
  return r && bearer(r);
}

function found(doc: TextDocument, f: Found | null): Hover | null {
  return f ? markdown(doc, f.span, f.value) : null;
}

/** Which edition the list is read under and which data (with its version) answers it. */
function editionLine(edition: Edition, rules: RulesIndex, list: ArmyList): string {
  const app = list.dataVersion ? ` (the list's app data version: ${list.dataVersion.text})` : '';
  return `*${md(`${editionRules(edition).label} list, checked against ${dataVersionLabel(rules)}${app}`)}*`;
}

function hoverInUnit(doc: TextDocument, unit: Unit, sheet: Datasheet | undefined, offset: number, rules: RulesIndex, list: ArmyList, edition: EditionSetting): Hover | null {
  if (!sheet) return null;
  // The datasheet, then the dice odds players ask about it (charge, Battle-shock, Advance).
  if (inside(unit.name.span, offset)) {
    const e = listEdition(list, edition);
    return markdown(doc, unit.name.span, `${datasheetMarkdown(sheet)}\n\n${editionLine(e, rules, list)}\n\n${diceOddsMarkdown(sheet, chargeBonuses(list, rules, sheet), e)}`);
  }
  for (const group of unit.models) {
    if (!group.implicit && inside(group.name.span, offset)) {
      const n = normalizeName(group.name.text);
      // Sources name model types in the singular or the plural ("Acolyte Hybrid" / "Acolyte Hybrids").
      const like = (m: string) => normalizeName(m) === n || normalizeName(m).replace(/s$/, '') === n.replace(/s$/, '');
      const profile = sheet.models.find((m) => like(m.name)) ?? (sheet.models.length === 1 && sheet.composition.some((c) => like(c.model)) ? sheet.models[0] : undefined);
      if (profile) return markdown(doc, group.name.span, modelMarkdown(profile, sheet, sheet.composition.find((c) => like(c.model))));
    }
  }
  for (const w of [...unit.models.flatMap((g) => g.wargear), ...(unit.wargear ?? [])]) {
    if (!inside(w.name.span, offset)) continue;
    // The same reading as go to definition: a weapon as the data spells it ("&" for "and", plurals), else the
    // wargear's ability ("Icon of Khorne").
    const named = wargearNamed(sheet, w.name.text);
    if (named && 'weapon' in named) return markdown(doc, w.name.span, weaponMarkdown(named.weapon, { explain: (a) => weaponAbilityRule(rules, a), datasheet: sheet }));
    if (named) return markdown(doc, w.name.span, abilityMarkdown(named.ability, sheet, named.ability.kind === 'core' ? rules.rule(named.ability.name) : undefined));
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
