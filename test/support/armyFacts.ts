// The tests' own reading of what a parsed list says (written apart from the product's convert/facts.ts, which the
// writers check themselves with): units (name, points, models, model groups, wargear totals, enhancements with
// their costs, Warlord, Leading, role, notes, allied), header (title, stated total, faction, detachments, battle
// size, Detachment Points, dispositions), attached units, and Auspex's own lines. `leave` names what a conversion
// declared it could not hold. Names are compared with case, typography, accents, plurals and "&" folded, as the
// rules data matches them.
import * as fs from 'fs';
import * as path from 'path';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { normalizeName, spellingKey } from '../../server/src/service/domain/text/normalize';
import { hasShared, repoRoot, sharedPath } from './shared';

export const nameKey = (s: string) => spellingKey(s);

export interface FactsView {
  leave?: Iterable<string>;
  eleventh: boolean;
  text?: string;
}

function unit(u: Unit, leave: Set<string>, eleventh: boolean): string {
  const gear = new Map<string, number>();
  for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) gear.set(nameKey(w.name.text), (gear.get(nameKey(w.name.text)) ?? 0) + w.count);
  const models = u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1);
  const groups = new Map<string, number>();
  for (const m of u.models) groups.set(nameKey(m.name.text), (groups.get(nameKey(m.name.text)) ?? 0) + m.count);
  // One group of the unit's own name holding every model states nothing more than the unit.
  if (groups.size === 1 && groups.get(nameKey(u.name.text)) === models) groups.clear();
  const role = u.attachedAs?.role === 'support' && leave.has('supportRole') ? 'leader' : u.attachedAs?.role;
  return JSON.stringify([
    nameKey(u.name.text),
    u.points?.value,
    models,
    leave.has('groups') ? '-' : [...groups].map(([n, c]) => `${c} ${n}`).sort(),
    leave.has('defaults') ? '-' : [...gear].map(([n, c]) => `${c} ${n}`).sort(),
    u.enhancements.map((e) => nameKey(e.name.text) + (e.points !== undefined && !leave.has('enhancementCosts') ? `+${e.points}` : '')).sort(),
    !!u.warlord,
    leave.has('leading') ? '-' : u.leading && nameKey(u.leading.text),
    !eleventh || leave.has('attachments') ? '-' : role,
    leave.has('notes') ? '-' : u.notes.map((n) => n.text),
    leave.has('sections') ? '-' : /allied|alliées/i.test(u.section ?? ''),
  ]);
}

const unitsSum = (l: ArmyList) => (l.units.every((u) => u.points) ? l.units.reduce((a, u) => a + u.points!.value, 0) : undefined);

/** What the list says, as one comparable object. */
export function armyFacts(l: ArmyList, view: FactsView): object {
  const leave = new Set(view.leave ?? []);
  const sig = (u: Unit) => unit(u, leave, view.eleventh);
  const superFaction = l.superFaction && !/^(chaos|imperium|xenos)$/.test(normalizeName(l.superFaction.text)) ? nameKey(l.superFaction.text) : undefined;
  return {
    units: l.units.map(sig).sort(),
    title: leave.has('title') ? '-' : l.title && nameKey(l.title.text),
    total: leave.has('total') ? '-' : (l.statedPoints?.value ?? unitsSum(l)),
    faction: l.faction && nameKey(l.faction.text),
    superFaction,
    detachments: l.detachments.map((d) => nameKey(d.text)),
    size: leave.has('size') || !l.battleSize ? '-' : `${nameKey(l.battleSize.english ?? l.battleSize.name.text)} ${l.battleSize.points}`,
    ...(view.eleventh
      ? {
          dp: leave.has('dp') ? '-' : (l.detachmentPointsStated?.total.value ?? (l.detachmentPoints?.some((p) => p) ? l.detachmentPoints.map((p) => p?.value ?? null) : '-')),
          dispositions: leave.has('dispositions') ? '-' : (l.forceDispositions ?? []).map((d) => nameKey(d.text)),
          attachments: leave.has('attachments') ? '-' : (l.attachments ?? []).map((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])].map(sig).sort().join(' + ')).sort(),
        }
      : {}),
    comments: view.text === undefined || leave.has('comments') ? '-' : l.comments.map((c) => view.text!.slice(c.start, c.end)).sort(),
    opponent: leave.has('opponent') ? '-' : l.opponent?.path?.text,
    plan: view.text === undefined || leave.has('plan') || !l.stratagemPlan ? '-' : view.text.slice(l.stratagemPlan.span.start, l.stratagemPlan.span.end).split(/\r\n|\r|\n/).map((x) => x.trimEnd()),
  };
}

export interface ListFile {
  file: string;
  text: string;
}

/** Every real list beside the repository (../shared/lists, ../shared/lists-11e), when there. */
export function realLists(): ListFile[] {
  return ['lists', 'lists-11e']
    .filter((d) => hasShared(d))
    .flatMap((d) =>
      fs
        .readdirSync(sharedPath(d))
        .filter((n) => n.endsWith('.txt'))
        .sort()
        .map((n) => ({ file: `${d}/${n}`, text: fs.readFileSync(sharedPath(d, n), 'utf8') })),
    );
}

/** The project's own lists (examples, fixtures) that parse cleanly. */
export function ownLists(): ListFile[] {
  return ['examples', 'test/fixtures/lists'].flatMap((d) =>
    fs
      .readdirSync(path.join(repoRoot, d))
      .filter((n) => /\.(army|txt|40k)$/.test(n))
      .sort()
      .map((n) => ({ file: `${d}/${n}`, text: fs.readFileSync(path.join(repoRoot, d, n), 'utf8') }))
      .filter(({ text }) => {
        const l = parseArmyList(text);
        return !l.errors.length && l.units.length > 0;
      }),
  );
}
