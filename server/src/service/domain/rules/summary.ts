// A compact account of loaded rules data, for `auspex data --json` and logs.
import { DataSource, DataWarning, RulesData } from './model';
import { normalizeName } from '../text/normalize';

export interface RulesSummary {
  sources: DataSource[];
  factions: { name: string; keyword: string; datasheets: number; detachments: number; enhancements: number; stratagems: number }[];
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
