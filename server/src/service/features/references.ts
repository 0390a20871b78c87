// Find references: every use of a datasheet, weapon, wargear ability, enhancement, detachment, faction, stratagem or rule word
// across the open lists. Matching is by normalised name, so units the data does
// not know are still found; rule words are searched outside names only
// ("pistol" in "Heavy bolt pistol" names a weapon, not the Pistol rule).
import { Location } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { normalizeName } from '../domain/text/normalize';
import { toRange } from './diagnostics/make';
import { NavTarget, ruleWords } from './definition';
import { BOUNDS } from '../domain/bounds';

export interface OpenList {
  doc: TextDocument;
  list: ArmyList;
}

/** At most BOUNDS.references locations, in document order. */
export function references(docs: OpenList[], target: NavTarget, rules: RulesIndex): Location[] {
  const out: Location[] = [];
  for (const { doc, list } of docs) {
    const spans = spansIn(doc, list, target, rules).sort((a, b) => a.start - b.start);
    for (const s of spans) {
      if (out.length >= BOUNDS.references) return out;
      out.push(Location.create(doc.uri, toRange(doc, s)));
    }
  }
  return out;
}

function spansIn(doc: TextDocument, list: ArmyList, target: NavTarget, rules: RulesIndex): Span[] {
  const spans: Span[] = [];
  const same = (a: string, b: string) => normalizeName(a) === normalizeName(b);
  switch (target.kind) {
    case 'datasheet':
      for (const u of list.units) if (same(u.name.text, target.name)) spans.push(u.name.span);
      for (const use of list.stratagemPlan?.uses ?? []) for (const t of use.targets) if (same(t.name.text, target.name)) spans.push(t.name.span);
      return spans;
    case 'weapon':
      for (const u of list.units) {
        if (!same(u.name.text, target.datasheet)) continue;
        for (const w of wargearOf(u)) if (same(w.name.text, target.name)) spans.push(w.name.span);
      }
      return spans;
    case 'ability':
      for (const u of list.units) {
        if (!same(u.name.text, target.datasheet)) continue;
        for (const w of wargearOf(u)) if (same(w.name.text, target.name)) spans.push(w.name.span);
      }
      return spans;
    case 'enhancement':
      for (const u of list.units) {
        for (const e of u.enhancements) if (same(e.name.text, target.name)) spans.push(e.name.span);
        // New Recruit writes one among the wargear.
        for (const w of wargearOf(u)) if (same(w.name.text, target.name)) spans.push(w.name.span);
      }
      return spans;
    case 'detachment':
      return list.detachments.filter((t) => same(t.text, target.name)).map((t) => t.span);
    case 'faction':
      return [list.faction, list.superFaction].filter((t) => t && same(t.text, target.name)).map((t) => t!.span);
    case 'stratagem':
      for (const use of list.stratagemPlan?.uses ?? []) if (same(use.name.text, target.name)) spans.push(use.name.span);
      return spans;
    case 'rule': {
      const names = nameSpans(list);
      for (const w of ruleWords(doc.getText(), rules)) {
        if (w.rule.id === target.rule.id && !names.some((n) => w.start < n.end && w.end > n.start)) spans.push(w);
      }
      return spans.map((w) => ({ start: w.start, end: w.end }));
    }
  }
}

function wargearOf(u: Unit) {
  return [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])];
}

/** Spans of everything the list uses as a name: units, models, wargear, enhancements, stratagems, targets. */
function nameSpans(list: ArmyList): Span[] {
  const spans: Span[] = [];
  if (list.title) spans.push(list.title.span);
  for (const u of list.units) {
    spans.push(u.name.span, ...u.models.filter((m) => !m.implicit).map((m) => m.name.span), ...wargearOf(u).map((w) => w.name.span));
    spans.push(...u.enhancements.map((e) => e.name.span));
  }
  for (const use of list.stratagemPlan?.uses ?? []) spans.push(use.name.span, ...use.targets.map((t) => t.name.span));
  return spans;
}
