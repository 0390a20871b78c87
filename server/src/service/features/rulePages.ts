// The `auspex:` pages a finding's rule links to (its `codeDescription`, `diagnostics/ruleRefs.ts`): a muster rule of
// an edition (its text where the data holds one, else the edition module's, with its section), a datasheet's price
// list (its requisition tiers and wargear costs, and who prices it), a detachment (its rule, Detachment Points,
// force disposition, unique tag, enhancements), the prices an MFM version changed,
// and how Auspex reads a list (a finding's code). Rendered from whatever data is loaded when the editor asks.
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import { editionRules, EDITIONS, type Edition, type MusterTerm } from '../domain/editions';
import { changesSince, olderVersions } from '../domain/rules/mfmHistory';
import { factionKey } from '../domain/text/normalize';
import { copiesLabel, detachmentMarkdown, sourceLine } from './render/markdown';
import { md, mdBlock } from './render/escape';
import { DIAGNOSTIC_CODES, isDiagnosticCode } from './diagnostics/codes';
import { parseVirtualUri } from './virtualDocs';

/** The Markdown of a rule page, or null when the URI is no rule page or names nothing the data holds. */
export function rulePage(uri: string, rulesOf: (e: Edition) => RulesIndex): string | null {
  const parsed = parseVirtualUri(uri);
  if (!parsed) return null;
  const { kind, ids } = parsed;
  if (kind === 'finding' && ids.length === 1) return findingPage(ids[0]);
  const edition = Number(ids[0]) as Edition;
  if (!(EDITIONS as readonly number[]).includes(edition)) return null;
  const rules = rulesOf(edition);
  if (kind === 'changelog' && ids.length === 3) return changelogPage(ids[1], rules, ids[2]);
  if (ids.length !== 2) return null;
  if (kind === 'term') return termPage(edition, ids[1] as MusterTerm, rules);
  if (kind === 'points') {
    const sheet = rules.data.datasheets.find((d) => d.id === ids[1]);
    return sheet ? pointsPage(sheet) : null;
  }
  if (kind === 'detachment') {
    const d = rules.data.detachments.find((x) => x.id === ids[1]);
    if (!d) return null;
    const enhancements = rules.data.enhancements.filter((e) => e.detachment === d.name && e.faction === d.faction);
    const stratagems = rules.data.stratagems.filter((s) => s.detachment === d.name);
    return `${detachmentMarkdown(d, { enhancements, stratagems })}\n`;
  }
  if (kind === 'changelog') return changelogPage(ids[1], rules);
  return null;
}

function termPage(edition: Edition, term: MusterTerm, rules: RulesIndex): string | null {
  const e = editionRules(edition);
  const note = e.terms[term];
  if (!note) return null;
  const parts = [`### ${md(note.name)}`, `*${md(e.label)} core rules · ${md(note.from)}*`];
  // The data's own text where a source holds it, else the edition's, said to be paraphrased.
  const data = (note.dataTerm ? rules.term(note.dataTerm) : undefined) ?? (note.dataRule ? rules.rule(note.dataRule) : undefined);
  parts.push(mdBlock(data?.text ?? note.text));
  if (data && data.text !== note.text) parts.push(sourceLine(data.source), mdBlock(note.text));
  if (!data) parts.push(`*${md(`Paraphrased from the published rules (${note.from}): the rules data holds no text for it.`)}*`);
  return `${parts.join('\n\n')}\n`;
}

function pointsPage(d: Datasheet): string {
  const parts = [`### ${md(d.name)} — points`, `*${md(d.pricedBy?.label ?? 'the rules data')}${d.pricedBy?.entry ? ` · entry "${md(d.pricedBy.entry.name)}" of ${md(d.pricedBy.entry.faction)}` : ''}*`];
  const tiers = d.pointsTiers?.length ? d.pointsTiers : [{ copies: { from: 1 }, steps: d.points, label: undefined }];
  const rows = tiers.flatMap((t) => t.steps.map((s) => `| ${md(t.label ?? copiesLabel(t.copies))} | ${s.models} | ${s.points} |`));
  parts.push(rows.length ? ['| Copies | Models | Points |', '|---|---:|---:|', ...rows].join('\n') : 'The rules data gives no points for it.');
  if (d.wargearCosts?.length) parts.push(`**Wargear, per item taken:** ${d.wargearCosts.map((w) => `${md(w.item)} ${w.points} pts`).join(' · ')}`);
  if (d.pricedBy) parts.push(sourceLine(d.pricedBy.source));
  return `${parts.join('\n\n')}\n`;
}

function changelogPage(version: string, rules: RulesIndex, faction?: string): string | null {
  const history = rules.data.mfmHistory;
  if (!history || history.version !== version) return null;
  const older = olderVersions(history)[0];
  const key = (s: string) => factionKey(s);
  const parts = [`### Munitorum Field Manual v${md(version)}: what changed${faction ? ` for ${md(faction)}` : ''}`, `*Its DATA-CHANGELOG.md${older ? `, since ${md(older.label)}` : ''}*`];
  const changes = (older ? changesSince(history, older.version) : []).filter((c) => !faction || key(c.faction) === key(faction));
  parts.push(changes.length ? changes.map((c) => `- ${md(c.line.replace(/\*\*/g, ''))}`).join('\n') : 'The changelog records no change of prices for it.');
  return `${parts.join('\n\n')}\n`;
}

function findingPage(code: string): string | null {
  if (!isDiagnosticCode(code)) return null;
  const info = DIAGNOSTIC_CODES[code];
  return `### ${md(code)}\n\n*Auspex finding · ${info.severity}*\n\n${md(info.summary)}\n\nHow Auspex reads a list: its formats, its bounds and the rules data it checks against are in the README.\n`;
}
