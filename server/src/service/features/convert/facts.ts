// What a list says, as the checks read it: its units (name, points, models and model groups, wargear totals,
// enhancements with their costs, Warlord, `Leading:`, role in an attached unit, notes, allied or not), the header
// (title, stated total, faction, detachments, Detachment Points, force dispositions, battle size), the attached
// units, and Auspex's own lines (comments, the STRATAGEMS plan, the OPPONENT line). A converted or formatted text
// must say the same, but for what its format declared it cannot hold: `differs` names the first difference.
// Names are compared with typography, case, accents, punctuation and "&"/"and" folded (an escaped comma is the same
// name), in one pass per name: a list of 100,000 items is compared in linear time.
import type { ArmyList, Unit } from '../../domain/parse/ast';
import { normalizeName } from '../../domain/text/normalize';
import { DropKind, isGrandAlliance } from './model';
import { namedAppSection } from './sections';


export interface FactsOptions {
  /** What the writer declared it could not hold. */
  leave?: Iterable<DropKind>;
  /** The source text and the result's (for Auspex's own lines: comments, plan, OPPONENT). */
  texts?: { before: string; after: string };
  /** Compare what only the 11th edition states (Detachment Points, dispositions, attached units); default: the first list shows it. */
  eleventh?: boolean;
}

/** The first difference in what two lists say, or undefined. */
export function differs(before: ArmyList, after: ArmyList, opts: FactsOptions = {}): string | undefined {
  const leave = new Set(opts.leave ?? []);
  const eleventh = opts.eleventh ?? before.editionShown === 11;
  const a = facts(before, leave, eleventh, opts.texts?.before);
  const b = facts(after, leave, eleventh, opts.texts?.after);
  for (const k of Object.keys(a) as Array<keyof typeof a>) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x === y) continue;
    if (k === 'units') {
      const ua = a.units as string[];
      const ub = b.units as string[];
      if (ua.length !== ub.length) return `${ua.length} units became ${ub.length}`;
      const i = ua.findIndex((u, j) => u !== ub[j]);
      return `unit ${ua[i]} became ${ub[i]}`;
    }
    return `${k} ${x} became ${y}`;
  }
  return undefined;
}

/** A name's key: normalizeName, "&" as "and", every run of punctuation or space as one space. */
function nameKey(s: string): string {
  return normalizeName(s)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
const key = (s: string | undefined) => (s === undefined ? null : nameKey(s));

function facts(l: ArmyList, leave: Set<DropKind>, eleventh: boolean, text?: string) {
  const sig = (u: Unit) => unitFacts(u, leave, eleventh);
  const superFaction = l.superFaction && !isGrandAlliance(l.superFaction.text) ? key(l.superFaction.text) : null;
  const comments = text !== undefined ? l.comments.map((c) => text.slice(c.start, c.end)).sort() : [];
  return {
    units: l.units.map(sig).sort(),
    title: leave.has('title') ? null : key(l.title?.text),
    // A format that states a total writes the units' sum when the list states none: the same fact.
    total: leave.has('total') ? null : (l.statedPoints?.value ?? (l.units.length && l.units.every((u) => u.points) ? l.units.reduce((a, u) => a + u.points!.value, 0) : null)),
    faction: key(l.faction?.text),
    superFaction,
    detachments: l.detachments.map((d) => key(d.text)),
    size: leave.has('size') || !l.battleSize ? null : `${nameKey(l.battleSize.english ?? l.battleSize.name.text)} ${l.battleSize.points ?? ''}`,
    dp: leave.has('dp') || !eleventh ? null : (l.detachmentPointsStated?.total.value ?? (l.detachmentPoints?.some((p) => p) ? l.detachmentPoints.map((p) => p?.value ?? null) : null)),
    dispositions: leave.has('dispositions') || !eleventh ? null : (l.forceDispositions ?? []).map((d) => key(d.text)),
    attachments: leave.has('attachments') || !eleventh ? null : (l.attachments ?? []).map((g) => [...g.leaders, ...g.supports, ...(g.bodyguard ? [g.bodyguard] : [])].map(sig).sort().join(' + ')).sort(),
    comments: leave.has('comments') ? null : comments,
    plan: leave.has('plan') || !l.stratagemPlan || text === undefined ? null : text.slice(l.stratagemPlan.span.start, l.stratagemPlan.span.end).split(/\r\n|\r|\n/).map((x) => x.trimEnd()),
    opponent: leave.has('opponent') ? null : (l.opponent?.path?.text ?? null),
  };
}

function unitFacts(u: Unit, leave: Set<DropKind>, eleventh: boolean): string {
  const gear = new Map<string, number>();
  for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) {
    const k = nameKey(w.name.text);
    gear.set(k, (gear.get(k) ?? 0) + w.count);
  }
  const groups = new Map<string, number>();
  for (const g of u.models) groups.set(nameKey(g.name.text), (groups.get(nameKey(g.name.text)) ?? 0) + g.count);
  const models = u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1);
  // A unit that is one model of its own name states no group beyond itself.
  const groupList = [...groups].filter(([n, c]) => !(groups.size === 1 && n === nameKey(u.name.text) && c === models)).map(([n, c]) => `${c}x ${n}`).sort();
  const role = u.attachedAs?.role === 'support' && leave.has('supportRole') ? 'leader' : u.attachedAs?.role;
  return JSON.stringify({
    name: nameKey(u.name.text),
    points: u.points?.value ?? null,
    models,
    groups: leave.has('groups') ? null : groupList,
    wargear: leave.has('defaults') ? null : [...gear].map(([n, c]) => `${c}x ${n}`).sort(),
    enhancements: u.enhancements.map((e) => `${nameKey(e.name.text)}${e.points !== undefined && !leave.has('enhancementCosts') ? ` +${e.points}` : ''}`).sort(),
    warlord: !!u.warlord,
    leading: leave.has('leading') ? null : (u.leading ? nameKey(u.leading.text) : null),
    role: leave.has('attachments') || !eleventh ? null : (role ?? null),
    notes: leave.has('notes') ? null : u.notes.map((n) => n.text),
    allied: leave.has('sections') ? null : namedAppSection(u.section ?? '') === 'ALLIED UNITS',
  });
}
