// Markdown renderings of rules data, shared by hover and (later) the
// read-only `auspex:` documents. Pure string building, no LSP types.
import type { Ability, BattleSizeRule, CompositionEntry, CopyRange, CoreRule, Datasheet, Detachment, Enhancement, Faction, ModelProfile, PointsStep, SourceRef, Stratagem, Weapon, WeaponProfile } from '../../domain/rules/model';

const cell = (s: string | number) => String(s).replace(/\|/g, '\\|');
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
  const abilities = p.abilities.length ? p.abilities.map((a) => `[${a}]`).join(' ') : '';
  return `| ${cell(p.name)} | ${cell(p.range)} | ${cell(p.A)} | ${skill} | ${p.S} | ${p.AP} | ${cell(p.D)} | ${cell(abilities)} |`;
}

export function weaponTable(weapons: Weapon[], type: 'ranged' | 'melee'): string | undefined {
  const rows = weapons.flatMap((w) => w.profiles.filter((p) => p.type === type)).map(profileRow);
  if (rows.length === 0) return undefined;
  const skill = type === 'ranged' ? 'BS' : 'WS';
  const title = type === 'ranged' ? 'Ranged weapons' : 'Melee weapons';
  return [`**${title}**`, '', `| Weapon | Range | A | ${skill} | S | AP | D | Abilities |`, '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

export function sourceLine(source: { file: string; locator?: string }): string {
  return `*Source: ${source.file}${source.locator ? ` (${source.locator})` : ''}*`;
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/** "1st–2nd copy", "3rd+ copy", "1st copy". */
export function copiesLabel(c: CopyRange): string {
  if (c.to === undefined) return `${ordinal(c.from)}+ cop${c.from === 1 ? 'ies' : 'y'}`;
  return c.to === c.from ? `${ordinal(c.from)} copy` : `${ordinal(c.from)}–${ordinal(c.to)} copy`;
}

export function datasheetMarkdown(d: Datasheet): string {
  const parts: string[] = [`### ${d.name}`];
  const tags = [d.factionKeywords.join(', '), d.role, d.combatPatrol ? `Combat Patrol: ${d.combatPatrol}` : undefined, d.epicHero ? 'Epic Hero' : undefined];
  parts.push(`*${tags.filter(Boolean).join(' · ')}*`);
  parts.push(modelTable(d.models));
  const bases = d.models.filter((m) => m.base).map((m) => `${m.name} ⌀${m.base}`);
  if (bases.length) parts.push(`Bases: ${bases.join(', ')}`);
  for (const t of ['ranged', 'melee'] as const) {
    const table = weaponTable(d.weapons, t);
    if (table) parts.push(table);
  }
  if (d.abilities.length) {
    const byKind = new Map<string, string[]>();
    for (const a of d.abilities) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a.name]);
    const label: Record<string, string> = { core: 'Core', faction: 'Faction', datasheet: 'Datasheet', wargear: 'Wargear' };
    parts.push(`**Abilities:** ${[...byKind].map(([k, names]) => `${label[k] ?? k}: ${names.join(', ')}`).join(' · ')}`);
  }
  if (d.keywords.length) parts.push(`**Keywords:** ${d.keywords.join(', ')}`);
  if (d.factionKeywords.length) parts.push(`**Faction keywords:** ${d.factionKeywords.join(', ')}`);
  if (d.ledBy.length) parts.push(`**Led by:** ${d.ledBy.join(', ')}`);
  if (d.leads.length) parts.push(`**Leads:** ${d.leads.join(', ')}`);
  if (d.supports?.length) parts.push(`**Supports:** ${d.supports.join(', ')}`);
  if (d.supportedBy?.length) parts.push(`**Supported by:** ${d.supportedBy.join(', ')}`);
  const steps = (ps: PointsStep[]) => ps.map((p) => `${p.models} model${p.models === 1 ? '' : 's'}: ${p.points}`).join(' · ');
  if (d.pointsTiers && d.pointsTiers.length > 1) {
    parts.push(`**Points:** ${d.pointsTiers.map((t) => `${copiesLabel(t.copies)}: ${steps(t.steps)}`).join('; ')}`);
  } else if (d.points.length) parts.push(`**Points:** ${steps(d.points)}`);
  if (d.wargearCosts?.length) parts.push(`**Wargear costs:** ${d.wargearCosts.map((w) => `${w.item} +${w.points}`).join(' · ')}`);
  if (d.pricedBy) parts.push(`*Points from ${d.pricedBy.label}*`);
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
  const parts = [`### ${w.name}`];
  for (const t of ['ranged', 'melee'] as const) {
    const table = weaponTable([w], t);
    if (table) parts.push(table);
  }
  // Each bracketed ability once, followed by what the rule says.
  const abilities = [...new Set(w.profiles.flatMap((p) => p.abilities))];
  if (opts.explain && abilities.length) {
    parts.push(abilities.map((a) => {
      const rule = opts.explain!(a);
      return `- **[${a}]**${rule ? ` — ${ruleGist(rule)}` : ''}`;
    }).join('\n'));
  }
  if (opts.datasheet) parts.push(sourceLine(opts.datasheet.source) + ` — ${opts.datasheet.name}`);
  return parts.join('\n\n');
}

export function ruleMarkdown(r: CoreRule): string {
  const parts = [`### ${r.name}`, r.text];
  if (r.summary.length) parts.push(r.summary.map((s) => `- ${s}`).join('\n'));
  parts.push(sourceLine(r.source));
  return parts.join('\n\n');
}

export function stratagemMarkdown(s: Stratagem): string {
  const origin = s.detachment ? `${s.detachment} – ${s.category}` : `Core – ${s.category}`;
  const parts = [`### ${s.name} — ${s.cp}CP`, `*${origin} Stratagem*`];
  if (s.flavor) parts.push(`_${s.flavor}_`);
  parts.push(`**WHEN:** ${s.when}`, `**TARGET:** ${s.target}`, `**EFFECT:** ${s.effect}`);
  if (s.restrictions) parts.push(`**RESTRICTIONS:** ${s.restrictions}`);
  parts.push(sourceLine(s.source));
  return parts.join('\n\n');
}

/** A rule in one line: its summary's first point, or the first sentence of its text (past a heading that repeats its name). */
export function ruleGist(r: CoreRule): string {
  if (r.summary.length) return r.summary[0];
  const paragraphs = r.text.split(/\n+/).map((p) => p.trim()).filter((p) => p && p.toUpperCase() !== p);
  const first = paragraphs.find((p) => p !== r.flavor) ?? r.text;
  // "Weapons with [X] in their profile are known as X weapons." says nothing: the next sentence does.
  const sentences = first.match(/[^.!?]+[.!?]+(\s|$)/g)?.map((x) => x.trim()) ?? [first];
  const sentence = sentences.find((x) => !/\bare known as\b/.test(x)) ?? sentences[0];
  return sentence.length > 280 ? `${sentence.slice(0, 277)}…` : sentence;
}

export function modelMarkdown(m: ModelProfile, d: Datasheet, composition?: CompositionEntry): string {
  const parts = [`### ${m.name}`, modelTable([m])];
  if (composition) parts.push(`${composition.min === composition.max ? composition.min : `${composition.min}–${composition.max}`} per unit of ${d.name}`);
  if (m.base) parts.push(`Base: ⌀${m.base}`);
  parts.push(`${sourceLine(d.source)} — ${d.name}`);
  return parts.join('\n\n');
}

export function enhancementMarkdown(e: Enhancement): string {
  const parts = [`### ${e.name}${e.points !== undefined ? ` — ${e.points} pts` : ''}`, `*${e.faction} – ${e.detachment} Enhancement*`];
  if (e.eligibility) parts.push(`**Who may take it:** ${e.eligibility}`);
  parts.push(e.text);
  parts.push(sourceLine(e.source));
  return parts.join('\n\n');
}

export function detachmentMarkdown(d: Detachment, extra: { enhancements: Enhancement[]; stratagems: Stratagem[] } = { enhancements: [], stratagems: [] }): string {
  const parts = [`### ${d.name}`, `*${d.faction} Detachment*`];
  const muster = [d.dp !== undefined ? `${d.dp} Detachment Point${d.dp === 1 ? '' : 's'}` : undefined, d.forceDisposition ? `Force disposition: ${d.forceDisposition}` : undefined, d.unique ? `Unique: ${d.unique}` : undefined].filter(Boolean);
  if (muster.length) parts.push(`**${muster.join(' · ')}**`);
  for (const r of d.rules) parts.push(`**${r.name}:** ${r.text}`);
  if (d.rules.length === 0) parts.push('The rules data states no detachment rule.');
  if (extra.enhancements.length) parts.push(`**Enhancements:** ${extra.enhancements.map((e) => `${e.name}${e.points !== undefined ? ` (${e.points} pts)` : ''}`).join(' · ')}`);
  if (extra.stratagems.length) parts.push(`**Stratagems:** ${extra.stratagems.map((s) => `${s.name} (${s.cp}CP)`).join(' · ')}`);
  parts.push(sourceLine(d.source));
  return parts.join('\n\n');
}

export function factionMarkdown(f: Faction, extra: { datasheets: number; detachments: Detachment[] }): string {
  const parts = [`### ${f.name}`, `*Faction keyword: ${f.keyword}${f.parent ? ` · ${f.parent}` : ''}*`];
  parts.push(`**Datasheets:** ${extra.datasheets}`);
  if (extra.detachments.length) parts.push(`**Detachments:** ${extra.detachments.map((d) => d.name).join(' · ')}`);
  parts.push(sourceLine(f.source));
  return parts.join('\n\n');
}

export function battleSizeMarkdown(b: BattleSizeRule, listPoints?: number): string {
  const parts = [`### ${b.name}`, b.points !== undefined ? `**Points limit:** ${b.points}` : 'No points limit: Combat Patrol uses fixed forces.'];
  if (listPoints !== undefined && b.points !== undefined) parts.push(`This list: ${listPoints} of ${b.points} points.`);
  if (b.source) parts.push(sourceLine(b.source));
  return parts.join('\n\n');
}

/** A datasheet ability: its own text when the data gives one, else the core rule it names. */
export function abilityMarkdown(a: Ability, d: Datasheet, rule?: CoreRule): string {
  const label: Record<string, string> = { core: 'Core ability', faction: 'Faction ability', datasheet: 'Datasheet ability', wargear: 'Wargear ability' };
  const parts = [`### ${a.name}`, `*${label[a.kind] ?? a.kind} of ${d.name}*`];
  if (a.text) parts.push(a.text, `${sourceLine(d.source)} — ${d.name}`);
  else if (rule) parts.push(rule.text, sourceLine(rule.source));
  else parts.push(`${sourceLine(d.source)} — ${d.name}`);
  return parts.join('\n\n');
}

/** A keyword: the core rule of that name (if any) and which datasheets in the list carry it. */
export function keywordMarkdown(keyword: string, carriers: string[], rule?: CoreRule, source?: SourceRef): string {
  const parts = [`### ${keyword}`, '*Keyword*'];
  if (rule) parts.push(ruleGist(rule));
  parts.push(carriers.length ? `**Carried in this list by:** ${carriers.join(', ')}` : 'No datasheet in this list carries it.');
  const src = rule?.source ?? source;
  if (src) parts.push(sourceLine(src));
  return parts.join('\n\n');
}
