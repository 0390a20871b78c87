// Which units of a list a Leader may join, read from the data's attach lists (a Leader's `leads`, a Bodyguard's
// `ledBy`; 11th-edition Support units `supports` / `supportedBy`), and the items that attach them: `Leading: X`
// on a Leader's bullet line, a new unit "led by" a Leader already in the list, a new Leader "leading" a Bodyguard
// already there.
import { CompletionItemKind } from 'vscode-languageserver-types';
import type { ArmyList, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet } from '../../domain/rules/model';
import { normalizeName } from '../../domain/text/normalize';
import type { Candidate, Edit } from './candidate';
import type { UnitNameContext } from './context';
import { resolveList } from '../resolve/resolvedList';

const loose = (s: string) => normalizeName(s).replace(/[^a-z0-9]/g, '').replace(/s$/, '');

/** Whether a unit of `leader` may join a unit of `bodyguard` as its Leader or Support, by either datasheet's list. */
export function mayJoin(leader: Datasheet, bodyguard: Datasheet): boolean {
  const b = loose(bodyguard.name);
  const l = loose(leader.name);
  return (
    leader.leads.some((n) => loose(n) === b) ||
    (bodyguard.ledBy ?? []).some((n) => loose(n) === l) ||
    (leader.supports ?? []).some((n) => loose(n) === b) ||
    (bodyguard.supportedBy ?? []).some((n) => loose(n) === l)
  );
}

/** Whether a unit is joined to another already: its `Leading:` line, an Attached Units group, or another's `Leading:` naming it. */
function attached(list: ArmyList, u: Unit): boolean {
  if (u.leading || u.attachedAs) return true;
  return list.units.some((o) => o !== u && o.leading && normalizeName(o.leading.text) === normalizeName(u.name.text));
}

export interface Resolved {
  unit: Unit;
  sheet: Datasheet;
}

/** The list's units with their datasheets (those the data knows), read once per request. */
export function resolved(rules: RulesIndex, list: ArmyList): Resolved[] {
  const r = resolveList(list, rules);
  return list.units.flatMap((unit) => {
    const sheet = r.sheetOf(unit);
    return sheet ? [{ unit, sheet }] : [];
  });
}

/** The list's units of a datasheet that may lead `d`, joined to nothing yet. */
export function freeLeadersOf(units: Resolved[], list: ArmyList, d: Datasheet): Resolved[] {
  return units.filter((r) => r.sheet !== d && mayJoin(r.sheet, d) && !attached(list, r.unit));
}

/** The list's units `d` may lead, no Leader joined to them yet. */
export function freeBodyguardsOf(units: Resolved[], list: ArmyList, d: Datasheet): Resolved[] {
  return units.filter((r) => r.sheet !== d && mayJoin(d, r.sheet) && !attached(list, r.unit));
}

function lineEndAt(text: string, at: number): number {
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  return text[end - 1] === '\r' ? end - 1 : end;
}

/** The `  • Leading: <name>` line added at the end of `leader`'s block. */
export function leadingEdit(text: string, leader: Unit, name: string): Edit {
  const at = lineEndAt(text, Math.max(leader.span.start, leader.span.end - 1));
  return { start: at, end: at, text: `\n  • Leading: ${name}` };
}

/** `Leading: X` items on a bullet line under `unit`: the list's units its datasheet may lead, not led yet. */
export function leadingCandidates(rules: RulesIndex, list: ArmyList, unit: Unit, d: Datasheet): Candidate[] {
  if (unit.leading || unit.attachedAs) return [];
  const seen = new Set<string>();
  return freeBodyguardsOf(resolved(rules, list), list, d).flatMap((r) => {
    const key = normalizeName(r.unit.name.text);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{
      label: `Leading: ${r.unit.name.text}`,
      tier: 1,
      newText: `Leading: ${r.unit.name.text}`,
      kind: CompletionItemKind.Reference,
      detail: `${d.name} joins ${r.sheet.name} (its datasheet's attach list)`,
      data: { kind: 'datasheet', id: r.sheet.id },
    }];
  });
}

/** Whether a section header is the 11th-edition app's Attached Units block. */
export const isAttachedBlock = (section: string | undefined) => !!section && /^(?:attached units|unit[ée]s attach[ée]es)$/i.test(section.trim());

/**
 * A unit line in the Attached Units block: in a group with no Leader yet, the datasheets that lead or support
 * (`• Attached as: Leader (Character)` / `Support`); once it has one, the units its Leaders may all join
 * (`• Attached as: Bodyguard`); after a whole group, or before any, the next `Attached Unit N` header.
 */
export function attachedBlockCandidates(rules: RulesIndex, list: ArmyList, ctx: UnitNameContext, pool: Datasheet[], render: (d: Datasheet, attachedAs: string) => string): Candidate[] {
  const lineStart = ctx.replace.start;
  const group = [...(list.attachments ?? [])].reverse().find((g) => g.header && g.header.span.start < lineStart && (g.span.end >= lineStart - 2 || !g.bodyguard));
  const out: Candidate[] = [];
  const place = (body: string) => `${ctx.prevBlank ? '' : '\n'}${body}${ctx.atEnd ? '\n\n$0' : ''}`;
  if (group && !group.bodyguard) {
    const r = resolveList(list, rules);
    const joined = [...group.leaders, ...group.supports].flatMap((u) => r.sheetOf(u) ?? []);
    for (const d of pool) {
      const leads = d.leads.length > 0 || (d.supports ?? []).length > 0;
      if (joined.length === 0 && leads) {
        const role = d.leads.length ? 'Leader (Character)' : 'Support';
        out.push({ label: d.name, tier: 0, newText: place(render(d, role)), snippet: true, kind: CompletionItemKind.Class, detail: `${role} · it can join ${[...d.leads, ...(d.supports ?? [])].join(', ')}`, data: { kind: 'datasheet', id: d.id } });
      } else if (joined.length && joined.every((l) => mayJoin(l, d))) {
        out.push({ label: d.name, tier: 0, newText: place(render(d, 'Bodyguard')), snippet: true, kind: CompletionItemKind.Class, detail: `Bodyguard · ${joined.map((l) => l.name).join(' and ')} can join it`, data: { kind: 'datasheet', id: d.id } });
      }
    }
  }
  const n = (list.attachments ?? []).length + 1;
  out.push({ label: `Attached Unit ${n}`, tier: group && !group.bodyguard ? 2 : 0, newText: `Attached Unit ${n}\n\n`, kind: CompletionItemKind.Module, detail: 'a Leader (or Support) and the Bodyguard it joins', data: { kind: 'section', name: `Attached Unit ${n}` } });
  return out;
}
