// The read-only `auspex:` pages go to definition opens: one Markdown page per datasheet, weapon, wargear or
// datasheet ability, enhancement, detachment, faction, core rule and stratagem, rendered from the rules data on
// request (the VS Code client shows it rendered, `client/src/rulesPage.ts`). A URI names the edition whose data
// holds the datum and the datum's ids, so a page survives edits to the list and is rebuilt from whatever data of
// that edition is loaded when the editor asks; its last segment is the datum's name, the page's title in a tab:
//   auspex:/11/datasheet/<id>/<Name>.md     auspex:/11/weapon/<datasheet id>/<Weapon>.md
// A URI without the edition (`auspex:/datasheet/<id>.md`, the layout before editions) is looked up in every
// edition's data, the current one first.
import type { RulesIndex } from '../domain/rules';
import type { Datasheet, Detachment } from '../domain/rules/model';
import type { Edition } from '../domain/editions/types';
import { normalizeName } from '../domain/text/normalize';
import { abilityMarkdown, datasheetMarkdown, detachmentMarkdown, enhancementMarkdown, factionMarkdown, ruleMarkdown, stratagemMarkdown, weaponMarkdown } from './render/markdown';
import { md, mdBlock } from './render/escape';
import { catalogOf } from './completion/catalog';
import { weaponAbilityRule } from './completion/resolve';

export const VIRTUAL_SCHEME = 'auspex';

/** The kinds of page; each names its datum by one id, but `weapon` and `ability` (a datasheet's id and the name). */
export type PageKind = 'datasheet' | 'weapon' | 'ability' | 'enhancement' | 'detachment' | 'faction' | 'rule' | 'stratagem';

const seg = (s: string) => encodeURIComponent(s);

/**
 * A page's URI. `title`: the datum's name, the last segment (the editor's tab shows it); kinds named by a datasheet
 * and a name (`weapon`, `ability`) have the name as their title already. Without an edition, the layout before
 * editions (looked up in every edition's data).
 */
export function pageUri(kind: PageKind, ids: string[], edition?: Edition, title?: string): string {
  const parts = [...(edition !== undefined ? [String(edition)] : []), kind, ...ids, ...(title !== undefined ? [title] : [])];
  return `${VIRTUAL_SCHEME}:/${parts.map(seg).join('/')}.md`;
}

export const datasheetUri = (id: string, edition?: Edition, title?: string) => pageUri('datasheet', [id], edition, title);
export const ruleUri = (id: string, edition?: Edition, title?: string) => pageUri('rule', [id], edition, title);
export const stratagemUri = (id: string, edition?: Edition, title?: string) => pageUri('stratagem', [id], edition, title);
export const weaponUri = (datasheetId: string, weapon: string, edition?: Edition) => pageUri('weapon', [datasheetId, weapon], edition);

/** How many ids each kind is named by (the title after them is for the tab only). */
const ARITY: Record<PageKind, number> = { datasheet: 1, weapon: 2, ability: 2, enhancement: 1, detachment: 1, faction: 1, rule: 1, stratagem: 1 };

/** The edition (when the URI states one), kind and segments an `auspex:` URI names; undefined for anything else. */
export function parseVirtualUri(uri: string): { edition?: Edition; kind: string; ids: string[] } | undefined {
  // Editors re-encode URIs their own way (VS Code escapes `'`, `:` ...): decode each segment.
  const m = /^auspex:(?:\/\/)?\/(?:(\d+)\/)?([a-z]+)\/(.+)\.md$/i.exec(uri);
  if (!m) return undefined;
  const edition = m[1] === '10' || m[1] === '11' ? (Number(m[1]) as Edition) : undefined;
  if (m[1] !== undefined && edition === undefined) return undefined;
  try {
    return { ...(edition !== undefined ? { edition } : {}), kind: m[2].toLowerCase(), ids: m[3].split('/').map((s) => decodeURIComponent(s)) };
  } catch {
    return undefined;
  }
}

/**
 * The Markdown of an `auspex:` page, or null when the URI or its datum is unknown. `rulesFor`: each edition's
 * rules index; `editions`: those to look an edition-less URI up in, in order.
 */
export function virtualDocument(uri: string, rulesFor: (e: Edition) => RulesIndex, editions: Edition[] = [11, 10]): string | null {
  const parsed = parseVirtualUri(uri);
  if (!parsed) return null;
  for (const e of parsed.edition !== undefined ? [parsed.edition] : editions) {
    const page = pageOf(parsed.kind, parsed.ids, rulesFor(e));
    if (page !== null) return page;
  }
  return null;
}

function pageOf(kind: string, segments: string[], rules: RulesIndex): string | null {
  const arity = ARITY[kind as PageKind];
  // The ids, then at most the title.
  if (arity === undefined || segments.length < arity || segments.length > arity + (arity === 1 ? 1 : 0)) return null;
  const ids = segments.slice(0, arity);
  const data = rules.data;
  const cat = catalogOf(rules);
  const sheet = () => cat.datasheetById.get(ids[0]);
  switch (kind as PageKind) {
    case 'datasheet': {
      const d = sheet();
      return d ? datasheetPage(d, rules) : null;
    }
    case 'weapon': {
      const d = sheet();
      const weapon = d?.weapons.find((w) => normalizeName(w.name) === normalizeName(ids[1]));
      return d && weapon ? `${weaponMarkdown(weapon, { explain: (a) => weaponAbilityRule(rules, a), datasheet: d })}\n` : null;
    }
    case 'ability': {
      const d = sheet();
      const a = d?.abilities.find((x) => normalizeName(x.name) === normalizeName(ids[1]));
      return d && a ? `${abilityMarkdown(a, d, a.kind === 'core' ? coreRuleOf(rules, a.name) : undefined)}\n` : null;
    }
    case 'enhancement': {
      const e = cat.enhancementById.get(ids[0]);
      return e ? `${enhancementMarkdown(e)}\n` : null;
    }
    case 'detachment': {
      const d = cat.detachmentById.get(ids[0]);
      return d ? detachmentPage(d, rules) : null;
    }
    case 'faction': {
      const f = cat.factionById.get(ids[0]);
      return f ? `${factionMarkdown(f, { datasheets: cat.datasheetsOf(f).length, detachments: cat.detachmentsOf(f) })}\n` : null;
    }
    case 'rule': {
      const rule = data.coreRules.find((r) => r.id === ids[0]);
      return rule ? `${ruleMarkdown(rule)}\n` : null;
    }
    case 'stratagem': {
      const s = cat.stratagemById.get(ids[0]);
      return s ? `${stratagemMarkdown(s)}\n` : null;
    }
  }
}

/** `Scouts 9"`, `Feel No Pain 5+`: a core ability names its rule with a number after it. */
function coreRuleOf(rules: RulesIndex, name: string) {
  return rules.rule(name) ?? rules.rule(name.replace(/\s*\d+(?:"|\+|\+\+)?$/, ''));
}

/** The hover's datasheet card, plus what a page has room for: ability texts (core ones from the rules), loadout, options. */
function datasheetPage(d: Datasheet, rules: RulesIndex): string {
  const parts = [datasheetMarkdown(d)];
  const explained = d.abilities.map((a) => ({ name: a.name, text: a.text ?? (a.kind === 'core' ? coreRuleOf(rules, a.name)?.text : undefined) })).filter((a) => a.text);
  // Every text from data escaped as the hovers escape it: no raw HTML, link, image or `command:` URI.
  if (explained.length) parts.push('#### Abilities', ...explained.map((a) => `**${md(a.name)}:** ${mdBlock(a.text)}`));
  if (d.defaultLoadout) parts.push('#### Default wargear', mdBlock(d.defaultLoadout));
  if (d.wargearOptions?.length) parts.push('#### Wargear options', d.wargearOptions.map((o) => `- ${md(o)}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/** The detachment's hover card, then each of its enhancements and stratagems whole. */
function detachmentPage(d: Detachment, rules: RulesIndex): string {
  const cat = catalogOf(rules);
  const enhancements = cat.enhancementsOf(d.name, cat.factionOf(d.faction));
  const stratagems = cat.stratagemsFor([d.name]).filter((s) => s.detachment);
  const parts = [detachmentMarkdown(d, { enhancements, stratagems })];
  if (enhancements.length) parts.push('#### Enhancements', ...enhancements.map((e) => enhancementMarkdown(e).replace(/^### /, '##### ')));
  if (stratagems.length) parts.push('#### Stratagems', ...stratagems.map((s) => stratagemMarkdown(s).replace(/^### /, '##### ')));
  return `${parts.join('\n\n')}\n`;
}
