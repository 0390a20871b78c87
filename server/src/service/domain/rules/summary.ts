// A compact account of loaded rules data, for `auspex data --json` and logs.
import { DataSource, DataWarning, RulesData } from './model';
import type { Edition } from '../editions/types';
import { normalizeName } from '../text/normalize';

export interface RulesSummary {
  /** Every source, each with its `edition` and `version`. */
  sources: DataSource[];
  factions: { name: string; keyword: string; datasheets: number; detachments: number; enhancements: number; stratagems: number; edition?: Edition }[];
  counts: { factions: number; datasheets: number; detachments: number; enhancements: number; stratagems: number; coreRules: number; warnings: number; errors: number };
  warnings: DataWarning[];
}

export function summarizeRules(data: RulesData, warnings: DataWarning[]): RulesSummary {
  const factions = data.factions.map((f) => {
    const kw = normalizeName(f.keyword);
    const name = normalizeName(f.name);
    const ofFaction = (x: string | undefined) => x !== undefined && (normalizeName(x) === name || normalizeName(x) === kw);
    return {
      name: f.name,
      keyword: f.keyword,
      datasheets: data.datasheets.filter((d) => d.factionKeywords.some((k) => normalizeName(k) === kw)).length,
      detachments: data.detachments.filter((d) => ofFaction(d.faction)).length,
      enhancements: data.enhancements.filter((e) => ofFaction(e.faction)).length,
      stratagems: data.stratagems.filter((s) => ofFaction(s.faction)).length,
    };
  });
  return {
    sources: data.sources,
    factions,
    counts: {
      factions: data.factions.length,
      datasheets: data.datasheets.length,
      detachments: data.detachments.length,
      enhancements: data.enhancements.length,
      stratagems: data.stratagems.length,
      coreRules: data.coreRules.length,
      warnings: warnings.length,
      errors: warnings.filter((w) => w.severity === 'error').length,
    },
    warnings,
  };
}

/** One summary over each edition's rules data: sources and factions say their edition, counts add up. */
export function summarizeEditions(parts: { edition: Edition; data: RulesData }[], warnings: DataWarning[]): RulesSummary {
  const each = parts.map((p) => ({ edition: p.edition, s: summarizeRules(p.data, []) }));
  const counts = { factions: 0, datasheets: 0, detachments: 0, enhancements: 0, stratagems: 0, coreRules: 0, warnings: warnings.length, errors: warnings.filter((w) => w.severity === 'error').length };
  for (const { s } of each) for (const k of ['factions', 'datasheets', 'detachments', 'enhancements', 'stratagems', 'coreRules'] as const) counts[k] += s.counts[k];
  return {
    sources: each.flatMap((e) => e.s.sources),
    factions: each.flatMap((e) => e.s.factions.map((f) => ({ ...f, edition: e.edition }))),
    counts,
    warnings,
  };
}
