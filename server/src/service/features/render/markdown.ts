// Markdown renderings of rules data, shared by hover and (later) the
// read-only `auspex:` documents. Pure string building, no LSP types.
import { md, mdBlock } from './escape';
import type { Ability, BattleSizeRule, CompositionEntry, CopyRange, CoreRule, Datasheet, Detachment, Enhancement, Faction, ModelProfile, PointsStep, SourceRef, Stratagem, Weapon, WeaponProfile } from '../../domain/rules/model';

const cell = (s: string | number) => md(s);
const plus = (n: number) => `${n}+`;

export function modelRow(m: ModelProfile): string {
  const sv = m.invuln ? `${plus(m.Sv)} / ${m.invuln}++` : plus(m.Sv);
  return `| ${cell(m.name)} | ${cell(m.M)} | ${m.T} | ${sv} | ${m.W} | ${plus(m.Ld)} | ${m.OC} |`;
}

export function modelTable(models: ModelProfile[]): string {
  return ['| Model | M | T | Sv | W | Ld | OC |', '|---|---|---|---|---|---|---|', ...models.map(modelRow)].join('\n');
}

function profileRow(p: WeaponProfile): string {
  const skill = p.skill === null ? 'N/A' : plus(p.skill);
  // Our brackets around escaped data (no link reference can be defined from data, whose "[" is escaped).
  const abilities = p.abilities.length ? p.abilities.map((a) => `[${md(a)}]`).join(' ') : '';
  return `| ${cell(p.name)} | ${cell(p.range)} | ${cell(p.A)} | ${skill} | ${p.S} | ${p.AP} | ${cell(p.D)} | ${abilities} |`;
}

export function weaponTable(weapons: Weapon[], type: 'ranged' | 'melee'): string | undefined {
  const rows = weapons.flatMap((w) => w.profiles.filter((p) => p.type === type)).map(profileRow);
  if (rows.length === 0) return undefined;
  const skill = type === 'ranged' ? 'BS' : 'WS';
  const title = type === 'ranged' ? 'Ranged weapons' : 'Melee weapons';
  return [`**${title}**`, '', `| Weapon | Range | A | ${skill} | S | AP | D | Abilities |`, '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** How every source line starts: hovers leave these paragraphs out unless `auspex.hover.showSources` asks. */
export const SOURCE_PREFIX = '*Source: ';

export function sourceLine(source: { file: string; locator?: string }): string {
  return `${SOURCE_PREFIX}${md(source.file)}${source.locator ? ` (${md(source.locator)})` : ''}*`;
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/** "1st–2nd copy", "3rd+ copy", "1st copy". */
export function copiesLabel(c: CopyRange): string {
  if (c.to === undefined) return `${ordinal(c.from)}+ cop${c.from === 1 ? 'ies' : 'y'}`;
  return c.to === c.from ? `${ordinal(c.from)} copy` : `${ordinal(c.from)}–${ordinal(c.to)} copy`;
}

export function datasheetMarkdown(d: Datasheet): string {
  const parts: string[] = [`### ${md(d.name)}`];
  const tags = [md(d.factionKeywords.join(', ')), md(d.role), d.combatPatrol ? `Combat Patrol: ${d.combatPatrol}` : undefined, d.epicHero ? 'Epic Hero' : undefined];
  // Each tag once: a source may give the role "Epic Hero" as well as the flag.
  parts.push(`*${tags.filter((t, i) => t && tags.findIndex((x) => x?.toLowerCase() === t.toLowerCase()) === i).join(' · ')}*`);
  parts.push(modelTable(d.models));
  const bases = d.models.filter((m) => m.base).map((m) => `${md(m.name)} ⌀${md(m.base)}`);
  if (bases.length) parts.push(`Bases: ${bases.join(', ')}`);
  for (const t of ['ranged', 'melee'] as const) {
    const table = weaponTable(d.weapons, t);
    if (table) parts.push(table);
  }
  if (d.abilities.length) {
    // Each ability once: sources list some under several kinds or once per model or profile.
    const byKind = new Map<string, string[]>();
    const seen = new Set<string>();
    for (const a of d.abilities) {
      const key = a.name.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), md(a.name)]);
    }
    const label: Record<string, string> = { core: 'Core', faction: 'Faction', datasheet: 'Datasheet', wargear: 'Wargear' };
    parts.push(`**Abilities:** ${[...byKind].map(([k, names]) => `${label[k] ?? k}: ${names.join(', ')}`).join(' · ')}`);
  }
  if (d.keywords.length) parts.push(`**Keywords:** ${md(d.keywords.join(', '))}`);
  if (d.factionKeywords.length) parts.push(`**Faction keywords:** ${md(d.factionKeywords.join(', '))}`);
  if (d.ledBy.length) parts.push(`**Led by:** ${md(d.ledBy.join(', '))}`);
  if (d.leads.length) parts.push(`**Leads:** ${md(d.leads.join(', '))}`);
  if (d.supports?.length) parts.push(`**Supports:** ${md(d.supports.join(', '))}`);
  if (d.supportedBy?.length) parts.push(`**Supported by:** ${md(d.supportedBy.join(', '))}`);
  const steps = (ps: PointsStep[]) => ps.map((p) => `${p.models} model${p.models === 1 ? '' : 's'}: ${p.points}`).join(' · ');
  if (d.pointsTiers && d.pointsTiers.length > 1) {
    parts.push(`**Points:** ${d.pointsTiers.map((t) => `${copiesLabel(t.copies)}: ${steps(t.steps)}`).join('; ')}`);
  } else if (d.points.length) parts.push(`**Points:** ${steps(d.points)}`);
  if (d.wargearCosts?.length) parts.push(`**Wargear costs:** ${d.wargearCosts.map((w) => `${md(w.item)} +${w.points}`).join(' · ')}`);
  if (d.pricedBy) parts.push(`*Points from ${md(d.pricedBy.label)}*`);
  parts.push(sourceLine(d.source));
  return parts.join('\n\n');
}

export interface WeaponMarkdownOptions {
  /** The rule a weapon ability names ("LETHAL HITS", "ANTI-INFANTRY 4+"), when the data has it. */
  explain?: (ability: string) => CoreRule | undefined;
  /** The datasheet the weapon is listed on: named with its source. */
  datasheet?: Datasheet;
}

export function weaponMarkdown(w: Weapon, opts: WeaponMarkdownOptions = {}): string {
  const parts = [`### ${md(w.name)}`];
  for (const t of ['ranged', 'melee'] as const) {
    const table = weaponTable([w], t);
    if (table) parts.push(table);
  }
  // Each bracketed ability once, followed by what the rule says; abilities one rule explains (ANTI-MONSTER and
  // ANTI-VEHICLE: the rule ANTI) share one line, so the text is said once.
  const abilities = [...new Set(w.profiles.flatMap((p) => p.abilities))];
  if (opts.explain && abilities.length) {
    const lines: { names: string[]; rule?: CoreRule }[] = [];
    for (const a of abilities) {
      const rule = opts.explain(a);
      const same = rule && lines.find((l) => l.rule === rule);
      if (same) same.names.push(a);
      else lines.push({ names: [a], rule });
    }
    parts.push(lines.map(({ names, rule }) => `- ${names.map((a) => `**[${md(a)}]**`).join(', ')}${rule ? ` — ${ruleLines(rule).map(md).join('  \n  ')}` : ''}`).join('\n'));
  }
  if (opts.datasheet) parts.push(sourceLine(opts.datasheet.source) + ` — ${md(opts.datasheet.name)}`);
  return parts.join('\n\n');
}

export function ruleMarkdown(r: CoreRule): string {
  const parts = [`### ${md(r.name)}`, mdBlock(r.text)];
  if (r.summary.length) parts.push(r.summary.map((s) => `- ${mdBlock(s)}`).join('\n'));
  parts.push(sourceLine(r.source));
  return parts.join('\n\n');
}

export function stratagemMarkdown(s: Stratagem): string {
  const origin = s.detachment ? `${md(s.detachment)} – ${md(s.category)}` : `Core – ${md(s.category)}`;
  const parts = [`### ${md(s.name)} — ${s.cp}CP`, `*${origin} Stratagem*`];
  if (s.flavor) parts.push(`_${mdBlock(s.flavor)}_`);
  parts.push(`**WHEN:** ${mdBlock(s.when)}`, `**TARGET:** ${mdBlock(s.target)}`, `**EFFECT:** ${mdBlock(s.effect)}`);
  if (s.restrictions) parts.push(`**RESTRICTIONS:** ${mdBlock(s.restrictions)}`);
  parts.push(sourceLine(s.source));
  return parts.join('\n\n');
}

/**
 * What a rule says, whole, as lines: the source's own bullet summary where it gives one, else every paragraph of
 * its text (a heading that repeats its name and the italic lead-in left out). Nothing is cut: a section reference
 * such as "(06.03)" or a second sentence stays where the data has it.
 */
export function ruleLines(r: CoreRule): string[] {
  if (r.summary.length) return r.summary.map((s) => s.trim()).filter(Boolean);
  const name = r.name.trim().toUpperCase();
  const lines = r.text.split(/\n+/).map((p) => p.trim()).filter((p) => p && p.toUpperCase() !== name && p !== r.flavor);
  return lines.length ? lines : [r.text.trim()];
}

export function modelMarkdown(m: ModelProfile, d: Datasheet, composition?: CompositionEntry): string {
  const parts = [`### ${md(m.name)}`, modelTable([m])];
  if (composition) parts.push(`${composition.min === composition.max ? composition.min : `${composition.min}–${composition.max}`} per unit of ${md(d.name)}`);
  if (m.base) parts.push(`Base: ⌀${md(m.base)}`);
  parts.push(`${sourceLine(d.source)} — ${md(d.name)}`);
  return parts.join('\n\n');
}

export function enhancementMarkdown(e: Enhancement): string {
  const parts = [`### ${md(e.name)}${e.points !== undefined ? ` — ${e.points} pts` : ''}`, `*${md(e.faction)} – ${md(e.detachment)} Enhancement*`];
  if (e.eligibility) parts.push(`**Who may take it:** ${mdBlock(e.eligibility)}`);
  parts.push(mdBlock(e.text));
  parts.push(sourceLine(e.source));
  return parts.join('\n\n');
}

export function detachmentMarkdown(d: Detachment, extra: { enhancements: Enhancement[]; stratagems: Stratagem[] } = { enhancements: [], stratagems: [] }): string {
  const parts = [`### ${md(d.name)}`, `*${md(d.faction)} Detachment*`];
  const muster = [d.dp !== undefined ? `${d.dp} Detachment Point${d.dp === 1 ? '' : 's'}` : undefined, d.forceDisposition ? `Force disposition: ${md(d.forceDisposition)}` : undefined, d.unique ? `Unique: ${md(d.unique)}` : undefined].filter(Boolean);
  if (muster.length) parts.push(`**${muster.join(' · ')}**`);
  for (const r of d.rules) parts.push(`**${md(r.name)}:** ${mdBlock(r.text)}`);
  if (d.rules.length === 0) parts.push('The rules data states no detachment rule.');
  if (extra.enhancements.length) parts.push(`**Enhancements:** ${extra.enhancements.map((e) => `${md(e.name)}${e.points !== undefined ? ` (${e.points} pts)` : ''}`).join(' · ')}`);
  if (extra.stratagems.length) parts.push(`**Stratagems:** ${extra.stratagems.map((s) => `${md(s.name)} (${s.cp}CP)`).join(' · ')}`);
  parts.push(sourceLine(d.source));
  return parts.join('\n\n');
}

export function factionMarkdown(f: Faction, extra: { datasheets: number; detachments: Detachment[] }): string {
  const parts = [`### ${md(f.name)}`, `*Faction keyword: ${md(f.keyword)}${f.parent ? ` · ${md(f.parent)}` : ''}*`];
  parts.push(`**Datasheets:** ${extra.datasheets}`);
  if (extra.detachments.length) parts.push(`**Detachments:** ${extra.detachments.map((d) => d.name).join(' · ')}`);
  parts.push(sourceLine(f.source));
  return parts.join('\n\n');
}

/**
 * A battle size; with a list, its points against the limit: the data's total as the checks count it (`data`, with
 * the units it could not price), and the total the list states where that differs.
 */
export function battleSizeMarkdown(b: BattleSizeRule, list?: { data?: number; unpriced: number; stated?: number }): string {
  const parts = [`### ${md(b.name)}`, b.points !== undefined ? `**Points limit:** ${b.points}` : 'No points limit: Combat Patrol uses fixed forces.'];
  if (list && b.points !== undefined) {
    const unpriced = list.unpriced ? ` (${list.unpriced} unit${list.unpriced === 1 ? '' : 's'} the data does not price)` : '';
    const stated = list.stated !== undefined && list.stated !== list.data ? `; the list states ${list.stated}` : '';
    if (list.data !== undefined) parts.push(`This list: ${list.data} of ${b.points} points in the data${unpriced}${stated}.`);
    else if (list.stated !== undefined) parts.push(`This list states ${list.stated} of ${b.points} points (the data prices none of its units).`);
  }
  if (b.source) parts.push(sourceLine(b.source));
  return parts.join('\n\n');
}

/** A datasheet ability: its own text when the data gives one, else the core rule it names. */
export function abilityMarkdown(a: Ability, d: Datasheet, rule?: CoreRule): string {
  const label: Record<string, string> = { core: 'Core ability', faction: 'Faction ability', datasheet: 'Datasheet ability', wargear: 'Wargear ability' };
  const parts = [`### ${md(a.name)}`, `*${label[a.kind] ?? a.kind} of ${md(d.name)}*`];
  if (a.text) parts.push(mdBlock(a.text), `${sourceLine(d.source)} — ${md(d.name)}`);
  else if (rule) parts.push(mdBlock(rule.text), sourceLine(rule.source));
  else parts.push(`${sourceLine(d.source)} — ${md(d.name)}`);
  return parts.join('\n\n');
}

/** A keyword: the core rule of that name (if any) and which datasheets in the list carry it. */
export function keywordMarkdown(keyword: string, carriers: string[], rule?: CoreRule, source?: SourceRef): string {
  const parts = [`### ${md(keyword)}`, '*Keyword*'];
  if (rule) parts.push(ruleLines(rule).map(md).join('  \n'));
  parts.push(carriers.length ? `**Carried in this list by:** ${md(carriers.join(', '))}` : 'No datasheet in this list carries it.');
  const src = rule?.source ?? source;
  if (src) parts.push(sourceLine(src));
  return parts.join('\n\n');
}
