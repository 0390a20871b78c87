// `compact`: a short text for chat. The header and total on top, then one line per unit:
//
//   Flood of Chainblades (2000 pts)
//   Chaos - World Eaters · Berzerker Warband (3 DP) · Force Disposition: Purge the Foe · Strike Force (2000 pts)
//
//   Khârn the Betrayer (115 pts): Warlord, Gorechild, Plasma pistol, Leading Khorne Berzerkers[1]
//   10x Khorne Berzerkers (170 pts): 2x Khornate eviscerator, Icon of Khorne
//
// A unit's wargear is given as totals for the unit (its model groups are not kept), and only the wargear that
// differs from the datasheet's default when the caller knows the defaults (`DefaultGear`); allied units follow an
// `ALLIED UNITS` line. domain/parse reads it back (format 'compact').
import type { Unit } from '../../domain/parse/ast';
import { spellingKey } from '../../domain/text/normalize';
import { Army, Item, counted, detachmentsWithDp, factionPath, indexedName, leadersOf, unitTotals } from './model';
import type { Out } from './out';

/** The default wargear of a unit at its size, as totals, when the caller has the datasheet; undefined: not known. */
export type DefaultGear = (unit: Unit, models: number) => Item[] | undefined;

export function writeCompact(out: Out, army: Army, defaults?: DefaultGear): void {
  const names = out.names;
  // The title line always stands ("-" for a list without a name): the header line is read as the second line.
  out.line(`${army.title !== undefined ? names.plain(army.title) : '-'}${army.total !== undefined ? ` (${army.total} pts)` : ''}`, army.at.title);
  const head: string[] = [];
  // Faction · detachments · [force disposition ·] battle size, "-" for what the list does not state.
  const fp = factionPath(army, (p) => names.header(p, { dash: true, dot: true }));
  head.push(fp ?? '-');
  head.push(army.detachments.length ? detachmentsWithDp({ ...army, detachments: army.detachments.map((d) => names.header(d, { dot: true })) }, ', ', 'DP') : '-');
  if (army.dispositions.length) head.push(`Force Disposition: ${army.dispositions.map((d) => names.header(d, { dot: true })).join(', ')}`);
  head.push(army.size ? `${names.header(army.size.name, { dot: true })}${army.size.points !== undefined ? ` (${army.size.points} pts)` : ''}` : '-');
  out.line(head.join(' · '), army.at.faction);
  out.blank();
  const { leads, supports } = leadersOf(army);
  let defaulted = 0;
  // In the list's own order (the text names no sections), allied units after an ALLIED UNITS line.
  const allied = army.units.filter((u) => u.section === 'ALLIED UNITS');
  const own = army.units.filter((u) => u.section !== 'ALLIED UNITS');
  for (const u of [...own, ...allied]) {
    if (u === allied[0]) {
      out.blank();
      out.line('ALLIED UNITS', u.sectionAt);
    }
    const tokens: string[] = [];
    if (u.warlord) tokens.push('Warlord');
    for (const e of u.enhancements) {
      const cost = out.cost(e);
      tokens.push(cost !== undefined ? `${names.item(e.name)} (+${cost} pts)` : `Enhancement: ${names.item(e.name)}`);
    }
    const all = unitTotals(u);
    const def = defaults?.(u.unit, u.models);
    const shown = def ? all.filter((w) => !def.some((d) => spellingKey(d.name) === spellingKey(w.name) && d.count === w.count)) : all;
    if (shown.length < all.length) defaulted++;
    tokens.push(...shown.map((w) => counted({ ...w, name: names.item(w.name) })));
    if (u.leading) tokens.push(`Leading: ${names.plain(u.leading.text)}`);
    const bodyguard = leads.get(u);
    if (bodyguard) tokens.push(`Leading ${indexedName(army, bodyguard, names.plain(bodyguard.name))}`);
    const line = `${u.models > 1 ? `${u.models}x ` : ''}${names.plain(u.name)}${u.points !== undefined ? ` (${u.points} pts)` : ''}`;
    out.line(tokens.length ? `${line}: ${tokens.join(', ')}` : line, u.at);
  }
  const grouped = army.units.filter((u) => u.groups.length > 1 || u.unitItems.length);
  if (grouped.length) out.drop('groups', `model groups (wargear given per unit) of ${grouped.length} unit${grouped.length === 1 ? '' : 's'}`);
  if (defaulted) out.drop('defaults', `default wargear of ${defaulted} unit${defaulted === 1 ? '' : 's'}`);
  const notes = army.units.flatMap((u) => u.notes.map((n) => n.text));
  if (notes.length) out.drop('notes', `notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  if (supports.length) out.drop('supportRole', `the Support role of ${supports.map((u) => u.name).join(', ')} (written as Leading)`);
}
