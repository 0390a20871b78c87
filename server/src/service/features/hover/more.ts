// Hover beyond units, models and weapons: the header lines (faction,
// detachment, battle size), enhancements, datasheet abilities and keywords
// written in a unit's block or a section header, and plan targets. Each
// answer names its source through the renderers' `sourceLine`.
import { md } from '../render/escape';
import type { ArmyList, Span, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet, Enhancement } from '../../domain/rules/model';
import { normalizeName } from '../../domain/text/normalize';
import {
  abilityMarkdown,
  battleSizeMarkdown,
  datasheetMarkdown,
  detachmentMarkdown,
  enhancementMarkdown,
  factionMarkdown,
  keywordMarkdown,
} from '../render/markdown';
import { catalogOf } from '../completion/catalog';
import { editionRules, type MusterRules } from '../../domain/editions';
import { enhancementFit, isUpgrade, type Bearer } from '../../domain/editions/enhancementFit';
import { canTarget, requirementAt, stratagemTargetSpec } from '../../domain/stratagems/eligibility';
import { resolveTarget } from '../diagnostics/plan';
import { findEnhancement, type ResolvedList } from '../resolve/resolvedList';

export interface Found {
  span: Span;
  value: string;
}

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** The list's title (and the export's data-version footer): which data version the list was exported with, and which Auspex checks it against. */
function titleHover(list: ArmyList, rules: RulesIndex, offset: number): Found | null {
  const at = [list.title, list.dataVersion].find((t) => t && inside(t.span, offset));
  if (!at) return null;
  const lines = [`**${list.title?.text ?? 'Army list'}**`];
  const facts = [list.statedPoints ? `${list.statedPoints.value} points stated` : '', list.editionShown ? `${list.editionShown}th edition` : ''].filter(Boolean);
  if (facts.length) lines.push(facts.join(' · '));
  lines.push(list.dataVersion ? `Exported with the app's data version **${list.dataVersion.text}**.` : 'The export states no data version.');
  const versions = rules.data.sources.filter((x) => x.kind !== 'embedded').map((x) => x.version ?? x.location);
  lines.push(versions.length ? `Checked against: ${versions.join('; ')}.` : 'Checked against the embedded data only.');
  return { span: at.span, value: lines.join('\n\n') };
}

/**
 * Title, faction, detachment and battle-size lines. `points`: the list's total as the checks count it from the data
 * (`report.ts` `listPoints`), asked only for the battle-size line.
 */
export function headerHover(list: ArmyList, rules: RulesIndex, offset: number, points?: () => { computed?: number; unpriced: number }): Found | null {
  const title = titleHover(list, rules, offset);
  if (title) return title;
  const cat = catalogOf(rules);
  for (const t of [list.faction, list.superFaction]) {
    if (!t || !inside(t.span, offset)) continue;
    const f = rules.faction(t.text);
    if (f) return { span: t.span, value: factionMarkdown(f, { datasheets: cat.datasheetsOf(f).length, detachments: cat.detachmentsOf(f) }) };
  }
  for (const t of list.detachments) {
    if (!inside(t.span, offset)) continue;
    const d = rules.detachment(t.text);
    if (!d) continue;
    const f = cat.factionOf(d.faction);
    return { span: t.span, value: detachmentMarkdown(d, { enhancements: cat.enhancementsOf(d.name, f), stratagems: cat.stratagemsFor([d.name]).filter((s) => s.detachment) }) };
  }
  const b = list.battleSize;
  if (b && inside(b.span, offset)) {
    // The app's French export names it in French ("Force de Frappe"): the English name the parser reads is the data's.
    const rule = rules.data.battleSizes.find((x) => normalizeName(x.name) === normalizeName(b.english ?? b.name.text));
    // The data's total, as the checks compare it with the limit; the list's own where it says otherwise.
    const stated = list.units.some((u) => u.points) ? list.units.reduce((sum, u) => sum + (u.points?.value ?? 0), 0) : undefined;
    const data = list.units.length ? points?.() : undefined;
    if (rule) return { span: b.span, value: battleSizeMarkdown(rule, { data: data?.computed, unpriced: data?.unpriced ?? 0, stated: list.statedPoints?.value ?? stated }) };
  }
  return null;
}

/**
 * Enhancements of a unit, then the datasheet's abilities and keywords written on the hovered line. `bearer`: the unit
 * as the list checks read it (its keywords with what the list's detachments grant it), for whether it may take one.
 */
export function unitPartHover(text: string, resolved: ResolvedList, unit: Unit, sheet: Datasheet | undefined, offset: number, muster: MusterRules = editionRules(10).muster, bearer?: () => Bearer | undefined): Found | null {
  const rules = resolved.rules;
  for (const e of unit.enhancements) {
    if (!inside(e.name.span, offset)) continue;
    // The Enhancement the checks judge (the list's resolved detachments'), so that the hover and the check agree.
    const enh = findEnhancement(resolved, e.name.text);
    if (!enh) return null;
    const b = sheet && (bearer?.() ?? sheetBearer(sheet));
    return { span: e.name.span, value: [enhancementMarkdown(enh), upgradeLine(enh, muster), b ? mayTakeLine(enh, b, muster) : ''].filter(Boolean).join('\n\n') };
  }
  if (!sheet) return null;
  const abilities = [...sheet.abilities].sort((a, b) => b.name.length - a.name.length);
  const hit = wordAt(text, offset, abilities.map((a) => a.name));
  if (hit) {
    const a = abilities.find((x) => x.name === hit.word)!;
    return { span: hit.span, value: abilityMarkdown(a, sheet, a.kind === 'core' ? rules.rule(a.name) ?? rules.rule(a.name.replace(/\s+\d+"?$/, '')) : undefined) };
  }
  return keywordHover(text, resolved, offset, [...sheet.keywords, ...sheet.factionKeywords]);
}

/** What the muster rules say of an Upgrade. */
function upgradeLine(e: Enhancement, muster: MusterRules): string {
  if (!isUpgrade(e, muster)) return '';
  return `**Upgrade:** taken by the non-CHARACTER units it names, up to ${e.maxCopies ?? muster.upgradeCopies} copies in an army; only the first counts against the enhancement allowance.`;
}

/** A datasheet alone as a bearer (no list around it): its own keywords. */
function sheetBearer(sheet: Datasheet): Bearer {
  return { name: sheet.name, keywords: sheet.keywords.length ? [...sheet.factionKeywords, ...sheet.keywords] : [], epicHero: !!sheet.epicHero };
}

/** Whether this unit may take it, as the list checks judge it (`enhancementFit` on the same bearer). */
function mayTakeLine(e: Enhancement, bearer: Bearer, muster: MusterRules): string {
  const fit = enhancementFit(e, bearer, muster);
  if (fit.ok === true) return `${md(bearer.name)} may take it.`;
  if (fit.ok === false) return `${md(bearer.name)} may not take it: ${md(fit.why)}.`;
  return `Not checked: ${md(fit.why)}.`;
}

/** A keyword (or its plural, as section headers write them) at the cursor: its rule and which datasheets of the list carry it. */
export function keywordHover(text: string, resolved: ResolvedList, offset: number, candidates?: string[]): Found | null {
  const rules = resolved.rules;
  const sheets = resolved.units.map((u) => u.sheet);
  const all = candidates ?? [...new Set(sheets.flatMap((d) => [...d.keywords, ...d.factionKeywords]))];
  const words = all.flatMap((k) => [k, `${k}S`, `${k}ES`]).sort((a, b) => b.length - a.length);
  const hit = wordAt(text, offset, words, !candidates);
  if (!hit) return null;
  const kw = all.find((k) => [k, `${k}S`, `${k}ES`].some((w) => normalizeName(w) === normalizeName(hit.word)))!;
  const carriers = [...new Set(sheets.filter((d) => [...d.keywords, ...d.factionKeywords].some((k) => normalizeName(k) === normalizeName(kw))).map((d) => d.name))];
  const source = sheets.find((d) => carriers.includes(d.name))?.source;
  return { span: hit.span, value: keywordMarkdown(kw, carriers, rules.rule(kw), source) };
}

/** A unit named as a target in the STRATAGEMS plan: its datasheet, and whether the stratagem can target it. */
export function planTargetHover(resolved: ResolvedList, offset: number): Found | null {
  const { parsed: list, rules } = resolved;
  for (const use of list.stratagemPlan?.uses ?? []) {
    for (const t of use.targets) {
      if (!inside(t.name.span, offset)) continue;
      // The target's own part of a two-target text; a Leader and its Bodyguard count together.
      const unit = resolveTarget(list, t);
      const d = unit ? resolved.sheetOf(unit) ?? resolved.sheetNamed(t.name.text) : resolved.sheetNamed(t.name.text);
      if (!d) return null;
      const s = rules.stratagem(use.name.text);
      const attached = unit ? resolved.attached(unit).flatMap((o) => resolved.sheetOf(o) ?? []) : [];
      const spec = s && stratagemTargetSpec(s);
      const at = spec && requirementAt(spec, use.targets.indexOf(t), use.targets.length);
      const meets = !!s && !!spec && !!at && canTarget(s, d, { ...spec, requirement: at.requirement }, attached);
      const text = at?.part !== undefined ? spec!.parts![at.part].text : s?.target;
      const verdict = s ? `\n\n${meets ? `Its keywords meet the TARGET text of ${md(s.name)}.` : `Its keywords do not meet the TARGET text of ${md(s.name)}: ${md(text ?? '')}`}` : '';
      return { span: t.name.span, value: datasheetMarkdown(d) + verdict };
    }
  }
  return null;
}

/**
 * The longest of `words` standing at `offset` on its line, case-insensitive, on word boundaries.
 * `upperOnly`: only where the text itself is written in capitals (a keyword, not an ordinary word).
 */
function wordAt(text: string, offset: number, words: string[], upperOnly = false): { word: string; span: Span } | null {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  // Same-length folding keeps offsets valid.
  const folded = line.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const col = offset - lineStart;
  for (const w of words) {
    const needle = w.toLowerCase().replace(/[\u2018\u2019]/g, "'");
    if (!needle) continue;
    for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (col < at || col > end || !boundary(folded, at - 1) || !boundary(folded, end)) continue;
      if (upperOnly && line.slice(at, end) !== line.slice(at, end).toUpperCase()) continue;
      return { word: w, span: { start: lineStart + at, end: lineStart + end } };
    }
  }
  return null;
}

function boundary(text: string, i: number): boolean {
  return i < 0 || i >= text.length || !/[\p{L}\p{N}]/u.test(text[i]);
}
