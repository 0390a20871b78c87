// Every finding names the rule it applies: a core rule of the list's edition with its section where known (the
// edition module's `terms`), a datasheet's unit composition or wargear options, the price list and entry (the
// Munitorum Field Manual's version, another source's), a detachment's rule, a stratagem, or Auspex's own reading of
// the list. The rule stands at the message's end ("[Munitorum Field Manual v1.1 (2026-07-22): Angron]"), in
// `data.rule` ({ section, source, version }) and as the diagnostic's `codeDescription`: an `auspex:` page with its
// text (`rulePages.ts`), which VS Code shows as a link on the code.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { Datasheet, Detachment, Stratagem } from '../../domain/rules/model';
import { editionRules, type Edition, type MusterTerm } from '../../domain/editions';
import { datasheetUri, stratagemUri, VIRTUAL_SCHEME } from '../virtualDocs';
import type { DiagnosticCode } from './codes';

export interface RuleRef {
  /** Where in its source the rule stands: a section and name ("19.01–19.04: Leader"), a datasheet's part, a price entry. */
  section: string;
  /** Whose rule it is: "11th edition core rules", "Khorne Berzerkers datasheet", "Munitorum Field Manual". */
  source: string;
  /** The data version it was read from ("v1.1 (2026-07-22)", "Wahapedia 2025-11-14 19:35:22"), where it comes from data. */
  version?: string;
  /** The `auspex:` page with the rule's text. */
  page: string;
}

const seg = (s: string) => encodeURIComponent(s);
export const termUri = (edition: Edition, term: MusterTerm) => `${VIRTUAL_SCHEME}:/term/${edition}/${term}.md`;
export const pointsUri = (edition: Edition, datasheetId: string) => `${VIRTUAL_SCHEME}:/points/${edition}/${seg(datasheetId)}.md`;
export const detachmentUri = (edition: Edition, detachmentId: string) => `${VIRTUAL_SCHEME}:/detachment/${edition}/${seg(detachmentId)}.md`;
export const findingUri = (code: string) => `${VIRTUAL_SCHEME}:/finding/${seg(code)}.md`;
export const changelogUri = (edition: Edition, version: string, faction?: string) => `${VIRTUAL_SCHEME}:/changelog/${edition}/${seg(version)}${faction ? `/${seg(faction)}` : ''}.md`;

/** The rule as the message's end writes it. */
export function ruleLabel(r: RuleRef): string {
  return `${r.source}${r.version ? ` ${r.version}` : ''}: ${r.section}`;
}

/** A muster rule of the edition, with its section where the edition module knows one. */
export function termRule(edition: Edition, term: MusterTerm): RuleRef {
  const e = editionRules(edition);
  const note = e.terms[term];
  const name = note?.name ?? term;
  const from = note?.from ?? 'mustering';
  // "Leader and Support, 19.01–19.04" already names the rule; "mustering" / "Muster your army" does not.
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const section = /\d\d\.\d\d/.test(from) ? `${from.replace(/^(.*?),\s*(\d.*)$/, '$2 $1')}${from.toLowerCase().includes(name.toLowerCase()) ? '' : ` (${name})`}` : `${cap(from)}: ${name}`;
  return { source: `${e.label} core rules`, section, page: termUri(edition, term) };
}

/** A part of a datasheet: its unit composition, wargear options, Leader ability, Legends status. */
export function datasheetRule(edition: Edition, sheet: Datasheet, part: string): RuleRef {
  const version = sheet.pricedBy?.kind !== 'mfm' ? sheet.pricedBy?.label : undefined;
  return { source: `${sheet.name} datasheet`, section: part, ...(version ? { version: `(${version})` } : {}), page: datasheetUri(sheet.id, edition, sheet.name) };
}

/** The price list a unit's points come from: the Munitorum Field Manual's entry and version, or the data's points. */
export function pointsRule(edition: Edition, sheet: Datasheet): RuleRef {
  const by = sheet.pricedBy;
  if (by?.kind === 'mfm') {
    const m = /^Munitorum Field Manual\s*(.*)$/.exec(by.label);
    return { source: 'Munitorum Field Manual', ...(m?.[1] ? { version: m[1] } : {}), section: by.entry?.name ?? sheet.name, page: pointsUri(edition, sheet.id) };
  }
  return { source: `${sheet.name} datasheet`, section: 'points', ...(by?.label ? { version: `(${by.label})` } : {}), page: pointsUri(edition, sheet.id) };
}

/** A detachment's rule, enhancements or MFM entry (Detachment Points, force disposition, unique tag). */
export function detachmentRule(edition: Edition, det: Detachment, part: string): RuleRef {
  const by = det.pricedBy;
  const m = by?.kind === 'mfm' ? /^Munitorum Field Manual\s*(.*)$/.exec(by.label) : null;
  if (m) return { source: 'Munitorum Field Manual', ...(m[1] ? { version: m[1] } : {}), section: `${det.name}: ${part}`, page: detachmentUri(edition, det.id) };
  return { source: `${det.name} detachment`, section: part, page: detachmentUri(edition, det.id) };
}

export function stratagemRule(s: Stratagem): RuleRef {
  return { source: s.detachment ? `${s.detachment} stratagem` : 'Core stratagem', section: s.name, page: stratagemUri(s.id) };
}

/** The MFM's changelog: the prices changed in a version (a faction's, when given). */
export function changelogRule(edition: Edition, version: string, label: string, faction?: string): RuleRef {
  return { source: 'Munitorum Field Manual changelog', section: `prices changed in ${label.replace(/^Munitorum Field Manual\s*/, '')}`, page: changelogUri(edition, version, faction) };
}

/** How Auspex reads a list (its formats, its bounds, its data): the code's own page. */
export function auspexRule(code: string): RuleRef {
  return { source: 'Auspex', section: code, page: findingUri(code) };
}

/** The rule a finding of this code applies when its check names none more precisely. */
const BY_CODE: Partial<Record<DiagnosticCode, MusterTerm>> = {
  'total-mismatch': 'armyPoints',
  'over-points-limit': 'battleSize',
  'combat-patrol': 'combatPatrol',
  'no-warlord': 'warlord',
  'multiple-warlords': 'warlord',
  'warlord-not-character': 'warlord',
  'too-many-datasheet': 'datasheetCopies',
  'epic-hero-duplicate': 'epicHero',
  'unknown-enhancement': 'enhancements',
  'enhancement-duplicate': 'enhancements',
  'enhancement-not-character': 'enhancements',
  'enhancement-epic-hero': 'enhancements',
  'multiple-enhancements': 'enhancements',
  'enhancement-wrong-detachment': 'enhancements',
  'enhancement-ineligible': 'enhancements',
  'too-many-enhancements': 'enhancements',
  'unit-wrong-faction': 'faction',
  'allied-unit': 'faction',
  'faction-inferred': 'faction',
  'unknown-detachment': 'detachment',
  'detachment-wrong-faction': 'detachment',
  'detachment-points': 'detachmentPoints',
  'detachment-unique': 'uniqueTag',
  'force-disposition-wrong': 'forceDisposition',
  'attached-not-allowed': 'attachedUnits',
  'attached-too-many': 'attachedUnits',
  'support-not-attached': 'support',
  'leader-target-missing': 'leader',
  'leader-cannot-lead': 'leader',
  'unknown-stratagem': 'stratagems',
  'stratagem-wrong-detachment': 'stratagems',
  'plan-target-missing': 'stratagems',
  'plan-target-count': 'stratagems',
  'plan-target-ineligible': 'stratagems',
  'plan-limit-exceeded': 'stratagems',
  'plan-cp-overspent': 'stratagems',
};

/** The rule of a finding by its code alone: the edition's muster rule it applies, else Auspex's reading. */
export function defaultRule(code: string, edition: Edition): RuleRef {
  const term = BY_CODE[code as DiagnosticCode];
  return term && editionRules(edition).terms[term] ? termRule(edition, term) : auspexRule(code);
}

/** `data.rule` as `auspex check --json` and the report carry it. */
export function ruleOf(d: Diagnostic): (Omit<RuleRef, 'page'> & { page?: string }) | undefined {
  const r = d.data && typeof d.data === 'object' ? (d.data as { rule?: RuleRef }).rule : undefined;
  return r && typeof r.section === 'string' && typeof r.source === 'string' ? r : undefined;
}

/**
 * The finding with its rule: at the message's end, in `data.rule`, as `codeDescription`. A finding that names one
 * already is returned as it is.
 */
export function withRule(d: Diagnostic, rule: RuleRef): Diagnostic {
  if (ruleOf(d)) return d;
  const data = d.data && typeof d.data === 'object' ? { ...(d.data as object), rule } : d.data === undefined ? { rule } : d.data;
  return { ...d, message: `${d.message} [${ruleLabel(rule)}]`, codeDescription: { href: rule.page }, data };
}

/** The finding's message with a note in brackets: before the rule it ends with, so that the rule stays last. */
export function withNote(d: Diagnostic, note: string): string {
  const rule = ruleOf(d);
  const end = rule ? ` [${ruleLabel(rule as RuleRef)}]` : '';
  return end && d.message.endsWith(end) ? `${d.message.slice(0, -end.length)} [${note}]${end}` : `${d.message} [${note}]`;
}

/** Each finding of the list with its rule: the one its check named, else its code's. */
export function withRules(diagnostics: Diagnostic[], edition: Edition): Diagnostic[] {
  return diagnostics.map((d) => (d.source !== 'auspex' || ruleOf(d) ? d : withRule(d, defaultRule(String(d.code), edition))));
}
