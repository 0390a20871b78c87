// Hover on the muster words of a list: a force disposition, the Warlord marker, an `Attached as:` bullet
// (Leader, Support, Bodyguard), the Attached Units block and its groups, the Detachment Points stated. Each
// explains its rule: the data's text where a source holds one (the Munitorum Field Manual's notes, a rule
// the edition names), else the short text the edition module states with its section; then what this list
// does with it, from the list and the data.
import { md, mdBlock } from '../render/escape';
import { sourceLine } from '../render/markdown';
import type { ArmyList, Span, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import { normalizeName } from '../../domain/text/normalize';
import { editionRules, type Edition, type MusterTerm } from '../../domain/editions';
import type { Found } from './more';

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** The muster word at `offset`, explained; null when the cursor is on none or the edition has no such rule. */
export function musterTermHover(list: ArmyList, rules: RulesIndex, offset: number, edition: Edition): Found | null {
  const hit = termAt(list, rules, offset);
  if (!hit) return null;
  const value = termMarkdown(hit.term, rules, edition, hit.heading, hit.facts);
  return value ? { span: hit.span, value } : null;
}

interface TermHit {
  term: MusterTerm;
  span: Span;
  /** The heading when it is the list's own word ("Purge the Foe"), not the rule's name. */
  heading?: string;
  /** What this list does with it. */
  facts: string[];
}

function termAt(list: ArmyList, rules: RulesIndex, offset: number): TermHit | null {
  for (const t of list.forceDispositions ?? []) {
    if (inside(t.span, offset)) return { term: 'forceDisposition', span: t.span, heading: t.text, facts: dispositionFacts(list, rules, t.text) };
  }
  const dp = list.detachmentPointsStated;
  if (dp && inside(dp.span, offset)) return { term: 'detachmentPoints', span: dp.span, facts: detachmentPointFacts(list, rules) };
  const groups = list.attachments ?? [];
  for (const g of groups) {
    if (g.header && inside(g.header.span, offset)) return { term: 'attachedUnits', span: g.header.span, facts: [groupLine(g.leaders, g.supports, g.bodyguard)] };
  }
  // The block's own header: the section holding exactly the attached units.
  const attached = new Set(groups.flatMap((g) => [...g.leaders, ...g.supports, ...(g.bodyguard ? [g.bodyguard] : [])]));
  const block = groups.length ? list.sections.find((s) => s.units.length > 0 && s.units.every((u) => attached.has(u))) : undefined;
  if (block && inside(block.name.span, offset)) {
    return { term: 'attachedUnits', span: block.name.span, facts: [`This list: ${groups.length} attached unit${groups.length === 1 ? '' : 's'}.`] };
  }
  for (const u of list.units) {
    if (!inside(u.span, offset)) continue;
    if (u.warlord && inside(u.warlord, offset)) return { term: 'warlord', span: u.warlord, facts: [`This list's Warlord: ${md(u.name.text)}.`] };
    const as = u.attachedAs;
    if (as && inside(as.text.span, offset)) {
      const g = groups.find((x) => x.bodyguard === u || x.leaders.includes(u) || x.supports.includes(u));
      return { term: as.role, span: as.text.span, facts: g ? [groupLine(g.leaders, g.supports, g.bodyguard)] : [] };
    }
  }
  return null;
}

function termMarkdown(term: MusterTerm, rules: RulesIndex, edition: Edition, heading: string | undefined, facts: string[]): string | null {
  const e = editionRules(edition);
  const note = e.terms[term];
  if (!note) return null;
  const parts = [`### ${md(heading ?? note.name)}`];
  if (heading) parts.push(`*${md(note.name)}*`);
  // The data's own text where a source holds it, else the edition's.
  const data = (note.dataTerm ? rules.term(note.dataTerm) : undefined) ?? (note.dataRule ? rules.rule(note.dataRule) : undefined);
  parts.push(mdBlock(data?.text ?? note.text));
  parts.push(...facts);
  parts.push(data ? sourceLine(data.source) : `*${md(`${e.label} rules (${note.from}), paraphrased: the rules data holds no text for it`)}*`);
  return parts.join('\n\n');
}

/** Which of the list's detachments grant this disposition (the data's `forceDisposition`, the MFM's `objective`). */
function dispositionFacts(list: ArmyList, rules: RulesIndex, written: string): string[] {
  const dets = list.detachments.map((t) => rules.detachment(t.text)).filter((d) => d !== undefined);
  const granted = dets.filter((d) => d.forceDisposition && normalizeName(d.forceDisposition) === normalizeName(written));
  if (granted.length) return [`Granted by ${granted.map((d) => `${md(d.name)} (${md(d.faction)} detachment)`).join(' and ')}.`];
  const all = dets.filter((d) => d.forceDisposition).map((d) => `${md(d.name)}: ${md(d.forceDisposition)}`);
  return all.length ? [`The list's detachments grant: ${all.join(' · ')}.`] : [];
}

/** Each detachment's DP in the data, their total and the battle size's allowance. */
function detachmentPointFacts(list: ArmyList, rules: RulesIndex): string[] {
  const dets = list.detachments.map((t) => ({ name: t.text, dp: rules.detachment(t.text)?.dp }));
  const lines: string[] = [];
  if (dets.length) lines.push(`This list: ${dets.map((d) => `${md(d.name)} ${d.dp === undefined ? '(DP not in the data)' : `${d.dp} DP`}`).join(' · ')}.`);
  const size = list.battleSize ? rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(list.battleSize!.english ?? list.battleSize!.name.text)) : undefined;
  const known = dets.every((d) => d.dp !== undefined);
  const total = dets.reduce((n, d) => n + (d.dp ?? 0), 0);
  if (size?.detachmentPoints !== undefined) lines.push(`${known && dets.length ? `${total} of ` : ''}${size.detachmentPoints} DP allowed at ${md(size.name)}.`);
  return lines;
}

function groupLine(leaders: Unit[], supports: Unit[], bodyguard: Unit | undefined): string {
  const who = [...leaders.map((u) => `${md(u.name.text)} (Leader)`), ...supports.map((u) => `${md(u.name.text)} (Support)`), ...(bodyguard ? [`${md(bodyguard.name.text)} (Bodyguard)`] : [])];
  return who.length > 1 ? `In this list, one Attached unit: ${who.join(', ')}.` : `In this list: ${who.join(', ')}.`;
}
