// `completionItem/resolve`: the Markdown documentation of an item, found again
// from its `data` (kind and ids) in the current rules data, rendered by the
// same renderers hover uses.
import { md } from '../render/escape';
import type { RulesIndex } from '../../domain/rules';
import type { CoreRule } from '../../domain/rules/model';
import { normalizeName } from '../../domain/text/normalize';
import {
  battleSizeMarkdown,
  datasheetMarkdown,
  detachmentMarkdown,
  enhancementMarkdown,
  factionMarkdown,
  modelMarkdown,
  ruleMarkdown,
  sourceLine,
  stratagemMarkdown,
  weaponMarkdown,
} from '../render/markdown';
import { stratagemTargetSpec } from '../../domain/stratagems/eligibility';
import { explain } from '../../domain/stratagems/targetText';
import { catalogOf } from './catalog';
import type { ItemData } from './items';

const SECTION_TEXT: Record<string, string> = {
  CHARACTERS: 'Units with the CHARACTER keyword (the app lists Epic Heroes here too).',
  BATTLELINE: 'Units with the BATTLELINE keyword.',
  'DEDICATED TRANSPORTS': 'Units with the DEDICATED TRANSPORT keyword.',
  'OTHER DATASHEETS': 'Every other datasheet of the army faction.',
  'ALLIED UNITS': 'Units from another faction that the army rules allow alongside this one.',
};

/** A weapon ability's rule: the whole name, then without its number ("SUSTAINED HITS 1"), then "ANTI-". */
export function weaponAbilityRule(rules: RulesIndex, ability: string): CoreRule | undefined {
  const a = ability.replace(/^\[|\]$/g, '').trim();
  return (
    rules.rule(a) ??
    rules.rule(a.replace(/\s+(?:D?\d+\+?|D\d(?:\+\d)?)$/i, '')) ??
    (/^ANTI-/i.test(a) ? rules.rule('ANTI-') ?? rules.rule('ANTI') : undefined)
  );
}

export function documentationFor(raw: unknown, rules: RulesIndex): string | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const data = raw as ItemData;
  const cat = catalogOf(rules);
  const sheet = (id?: string) => (id ? cat.datasheetById.get(id) : undefined);
  switch (data.kind) {
    case 'datasheet':
    case 'size': {
      const d = sheet(data.id);
      if (!d) return undefined;
      const md = datasheetMarkdown(d);
      if (data.kind === 'datasheet') return md;
      const step = d.points.find((p) => p.models === data.models);
      // The chosen size under the datasheet's heading.
      return md.replace('\n\n', `\n\n**${data.models} model${data.models === 1 ? '' : 's'}${step ? `: ${step.points} points` : ''}**\n\n`);
    }
    case 'model': {
      const d = sheet(data.id);
      if (!d || !data.name) return undefined;
      const n = normalizeName(data.name);
      const comp = d.composition.find((c) => normalizeName(c.model) === n);
      // Composition and profile names differ in number at times ("Acolyte Hybrids" / "Acolyte Hybrid").
      const profile = d.models.find((m) => normalizeName(m.name) === n) ?? d.models.find((m) => n.startsWith(normalizeName(m.name)) || normalizeName(m.name).startsWith(n)) ?? (d.models.length === 1 ? d.models[0] : undefined);
      if (profile) return modelMarkdown(profile, d, comp);
      return `### ${md(data.name)}\n\n${comp ? `${comp.min}–${comp.max} per unit of ${md(d.name)}` : ''}\n\n${sourceLine(d.source)}`;
    }
    case 'wargear': {
      const d = sheet(data.id);
      const w = d?.weapons.find((x) => x.name === data.name);
      return w ? weaponMarkdown(w, { explain: (a) => weaponAbilityRule(rules, a), datasheet: d }) : undefined;
    }
    case 'warlord': {
      const rule = rules.rule('Warlord');
      return rule ? ruleMarkdown(rule) : '### Warlord\n\nMarks this CHARACTER as the army\'s Warlord: one per army.';
    }
    case 'enhancementLine': {
      const ids = (data.name ?? '').split('\n').filter(Boolean);
      const es = ids.map((id) => cat.enhancementById.get(id)).filter((e) => e !== undefined);
      const d = sheet(data.sheet);
      const head = `### Enhancement${d ? ` for ${md(d.name)}` : ''}`;
      if (es.length === 0) return `${head}\n\nNo enhancement of the list's detachment in the loaded data fits this character.`;
      return [head, ...es.map((e) => `- **${md(e.name)}**${e.points !== undefined ? ` (${e.points} pts)` : ''}${e.eligibility ? ` — ${md(e.eligibility)}` : ''}`)].join('\n\n');
    }
    case 'enhancement': {
      const e = data.id ? cat.enhancementById.get(data.id) : undefined;
      return e ? enhancementMarkdown(e) : undefined;
    }
    case 'stratagem': {
      const s = data.id ? cat.stratagemById.get(data.id) : undefined;
      return s ? stratagemMarkdown(s) : undefined;
    }
    case 'target': {
      const s = data.id ? cat.stratagemById.get(data.id) : undefined;
      const d = sheet(data.sheet);
      if (!s || !d) return undefined;
      const spec = stratagemTargetSpec(s);
      return [
        `### ${md(d.name)}`,
        `Eligible for **${md(s.name)}**: its keywords meet the TARGET text (${explain(spec.requirement)}).`,
        `**TARGET:** ${s.target}`,
        `**Keywords:** ${[...d.factionKeywords, ...d.keywords].join(', ')}`,
        sourceLine(s.source),
      ].join('\n\n');
    }
    case 'faction': {
      const f = data.id ? cat.factionById.get(data.id) : undefined;
      return f ? factionMarkdown(f, { datasheets: cat.datasheetsOf(f).length, detachments: cat.detachmentsOf(f) }) : undefined;
    }
    case 'detachment': {
      const d = data.id ? cat.detachmentById.get(data.id) : undefined;
      if (!d) return undefined;
      const f = cat.factionOf(d.faction);
      return detachmentMarkdown(d, { enhancements: cat.enhancementsOf(d.name, f), stratagems: cat.stratagemsFor([d.name]).filter((s) => s.detachment) });
    }
    case 'battleSize': {
      const b = rules.data.battleSizes.find((x) => x.name === data.name);
      return b ? battleSizeMarkdown(b) : undefined;
    }
    case 'download': {
      const e = data.models === 11 ? 11 : 10;
      return [
        `### Download the ${e}th-edition rules data`,
        `Auspex knows no ${e}th-edition faction yet: nothing can be completed or checked. Accepting this runs **Auspex: Download Rules Data** for the ${e}th edition (${e === 11 ? "BSData's wh40k-11e catalogues and the Munitorum Field Manual's points" : "BSData's wh40k-10e catalogues"}), kept in the extension's storage and read from then on; \`auspex data fetch --edition ${e}\` does the same for the command line.`,
        'Data of your own: point the setting `auspex.data.paths` at BattleScribe, Wahapedia or Munitorum Field Manual folders.',
      ].join('\n\n');
    }
    case 'section':
      return `### ${md(data.name)}\n\n${SECTION_TEXT[data.name ?? ''] ?? 'A unit of this list whose datasheet is not in the loaded rules data.'}`;
    case 'skeleton': {
      const f = data.id ? cat.factionById.get(data.id) : undefined;
      const lines = ['### New army list', 'The layout of the Warhammer 40,000 app export: title with points, faction, battle size, detachment, then the sections.'];
      if (f) lines.push(factionMarkdown(f, { datasheets: cat.datasheetsOf(f).length, detachments: cat.detachmentsOf(f) }));
      else lines.push(`Factions in the loaded data: ${md(rules.data.factions.map((x) => x.name).join(', '))}`);
      return lines.join('\n\n');
    }
    default:
      return undefined;
  }
}
