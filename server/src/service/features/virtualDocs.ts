// The read-only `auspex:` documents that go to definition opens: one Markdown
// page per datasheet, weapon, core rule and stratagem, rendered from the rules
// data on request. URIs name data ids, so a page survives edits to the list
// and is rebuilt from whatever data is loaded when the editor asks for it.
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import { normalizeName } from '../domain/text/normalize';
import { datasheetMarkdown, ruleMarkdown, stratagemMarkdown, weaponMarkdown } from './render/markdown';
import { md, mdBlock } from './render/escape';

export const VIRTUAL_SCHEME = 'auspex';

const seg = (s: string) => encodeURIComponent(s);

export const datasheetUri = (id: string) => `${VIRTUAL_SCHEME}:/datasheet/${seg(id)}.md`;
export const ruleUri = (id: string) => `${VIRTUAL_SCHEME}:/rule/${seg(id)}.md`;
export const stratagemUri = (id: string) => `${VIRTUAL_SCHEME}:/stratagem/${seg(id)}.md`;
export const weaponUri = (datasheetId: string, weapon: string) => `${VIRTUAL_SCHEME}:/weapon/${seg(datasheetId)}/${seg(weapon)}.md`;

/** The kind and data ids an `auspex:` URI names; undefined for anything else. */
export function parseVirtualUri(uri: string): { kind: string; ids: string[] } | undefined {
  // Editors re-encode URIs their own way (VS Code escapes `'`, `:` ...): decode each segment.
  const m = /^auspex:(?:\/\/)?\/([a-z]+)\/(.+)\.md$/i.exec(uri);
  if (!m) return undefined;
  try {
    return { kind: m[1].toLowerCase(), ids: m[2].split('/').map((s) => decodeURIComponent(s)) };
  } catch {
    return undefined;
  }
}

/** The Markdown text of an `auspex:` document, or null when the URI or its datum is unknown. */
export function virtualDocument(uri: string, rules: RulesIndex): string | null {
  const parsed = parseVirtualUri(uri);
  if (!parsed) return null;
  const { kind, ids } = parsed;
  const data = rules.data;
  if (kind === 'datasheet' && ids.length === 1) {
    const sheet = data.datasheets.find((d) => d.id === ids[0]);
    return sheet ? datasheetPage(sheet, rules) : null;
  }
  if (kind === 'weapon' && ids.length === 2) {
    const sheet = data.datasheets.find((d) => d.id === ids[0]);
    const weapon = sheet?.weapons.find((w) => normalizeName(w.name) === normalizeName(ids[1]));
    if (!sheet || !weapon) return null;
    return `${weaponMarkdown(weapon, { explain: (a) => rules.rule(a), datasheet: sheet })}\n`;
  }
  if (kind === 'rule' && ids.length === 1) {
    const rule = data.coreRules.find((r) => r.id === ids[0]);
    return rule ? `${ruleMarkdown(rule)}\n` : null;
  }
  if (kind === 'stratagem' && ids.length === 1) {
    const s = data.stratagems.find((x) => x.id === ids[0]);
    return s ? `${stratagemMarkdown(s)}\n` : null;
  }
  return null;
}

/** The hover's datasheet card, plus what a page has room for: ability texts (core ones from the rules), loadout, options. */
function datasheetPage(d: Datasheet, rules: RulesIndex): string {
  const parts = [datasheetMarkdown(d)];
  // `Scouts 9"`, `Feel No Pain 5+`: the rule is named without its number.
  const textOf = (name: string) => rules.rule(name)?.text ?? rules.rule(name.replace(/\s*\d+(?:"|\+|\+\+)?$/, ''))?.text;
  const explained = d.abilities.map((a) => ({ name: a.name, text: a.text ?? (a.kind === 'core' ? textOf(a.name) : undefined) })).filter((a) => a.text);
  // Every text from data escaped as the hovers escape it: no raw HTML, link, image or `command:` URI.
  if (explained.length) parts.push('#### Abilities', ...explained.map((a) => `**${md(a.name)}:** ${mdBlock(a.text)}`));
  if (d.defaultLoadout) parts.push('#### Default wargear', mdBlock(d.defaultLoadout));
  if (d.wargearOptions?.length) parts.push('#### Wargear options', d.wargearOptions.map((o) => `- ${md(o)}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
