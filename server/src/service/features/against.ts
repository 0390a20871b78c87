// `auspex check <list> --against <data>`: for each points or size finding under
// the rules data in use, whether the list matches another version of the data
// ("matches v1.0; v1.1 raised Boyz 75 → 80"), and the list's total under both.
// The list is checked under each version by the same validator; a finding the
// other version does not give is one the list matches there.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { listPoints } from './report';
import { resolveList } from './resolve/resolvedList';

/** The findings a data version explains: the price and the allowed sizes of a unit, and a datasheet added or removed. */
export const VERSIONED_CODES = new Set(['points-mismatch', 'unit-size', 'model-count', 'unknown-datasheet']);

export interface VersionUnderCheck {
  rules: RulesIndex;
  diagnostics: Diagnostic[];
  /** How messages name it: "MFM v1.1 (2026-07-22)", a folder. */
  label: string;
}

export interface AgainstResult {
  /** Per diagnostic of `current` (same index): what the other version says, for the codes it explains. */
  notes: (string | undefined)[];
  totals: { current?: number; other?: number; unpricedCurrent: number; unpricedOther: number };
}

export function compareWithVersion(doc: TextDocument, list: ArmyList, current: VersionUnderCheck, other: VersionUnderCheck): AgainstResult {
  const key = (d: Diagnostic) => `${d.code}@${d.range.start.line}:${d.range.start.character}`;
  const otherFindings = new Set(other.diagnostics.map(key));
  const price = (rules: RulesIndex, unit: Unit) => {
    return resolveList(list, rules).price(unit);
  };
  const unitAt = (d: Diagnostic) => {
    const at = doc.offsetAt(d.range.start);
    return list.units.find((u) => u.span.start <= at && at < Math.max(u.span.end, u.span.start + 1));
  };
  const notes = current.diagnostics.map((d) => {
    if (!VERSIONED_CODES.has(String(d.code))) return undefined;
    const unit = unitAt(d);
    const matches = !otherFindings.has(key(d));
    if (d.code === 'unknown-datasheet') return matches ? `${other.label} has this datasheet` : undefined;
    if (d.code !== 'points-mismatch' || !unit) {
      return matches ? `matches ${other.label}` : `${other.label} does not allow it either`;
    }
    const was = price(other.rules, unit);
    const now = price(current.rules, unit);
    if (was === undefined) return `${other.label} has no price for ${unit.name.text} at this size either`;
    if (!matches) return `does not match ${other.label} either (${was} pts there)`;
    const verb = now === undefined ? 'has no price for' : now > was ? 'raised' : now < was ? 'lowered' : 'kept';
    return `matches ${other.label}; ${current.label} ${verb} ${unit.name.text}${now === undefined ? '' : ` ${was} → ${now}`}`;
  });
  const a = listPoints(list, current.rules);
  const b = listPoints(list, other.rules);
  return { notes, totals: { current: a.computed, other: b.computed, unpricedCurrent: a.unpriced, unpricedOther: b.unpriced } };
}

/** A version's name for messages: the first source that is not the embedded seed, with its version. */
export function versionLabel(rules: RulesIndex, fallback: string): string {
  const s = rules.data.sources.find((x) => x.kind !== 'embedded') ?? rules.data.sources[0];
  if (!s) return fallback;
  return s.version ? `${s.version}` : s.location || fallback;
}
