// Markdown renderings of rules data, shared by hover and (later) the
// read-only `auspex:` documents. Pure string building, no LSP types.
import type { CoreRule, Datasheet, ModelProfile, Stratagem, Weapon, WeaponProfile } from '../rules/model';

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
  if (d.points.length) parts.push(`**Points:** ${d.points.map((p) => `${p.models} model${p.models === 1 ? '' : 's'}: ${p.points}`).join(' · ')}`);
  parts.push(sourceLine(d.source));
  return parts.join('\n\n');
}

export function weaponMarkdown(w: Weapon): string {
  const parts = [`### ${w.name}`];
  for (const t of ['ranged', 'melee'] as const) {
    const table = weaponTable([w], t);
    if (table) parts.push(table);
  }
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
