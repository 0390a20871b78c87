// `compact`: a short text for chat. The header and total on top, then one line per unit:
//
//   Flood of Chainblades (2000 pts)
//   Chaos - World Eaters · Berzerker Warband (3 DP) · Force Disposition: Purge the Foe · Strike Force (2000 pts)
//
//   Khârn the Betrayer (115 pts): Warlord, Gorechild, Plasma pistol, Leading Khorne Berzerkers[1]
//   10x Khorne Berzerkers (170 pts): 2x Khornate eviscerator, Icon of Khorne
//
// A unit's wargear is given as totals for the unit (its model groups are not kept), and only the wargear that
// differs from the datasheet's default when the caller knows the defaults (`DefaultGear`); domain/parse reads it
// back (format 'compact').
import type { Unit } from '../../domain/parse/ast';
import { spellingKey } from '../../domain/text/normalize';
import { Army, Item, Written, counted, detachmentsWithDp, factionPath, finish, indexedName, leadersOf, unitTotals } from './model';

/** The default wargear of a unit at its size, as totals, when the caller has the datasheet; undefined: not known. */
export type DefaultGear = (unit: Unit, models: number) => Item[] | undefined;

export function writeCompact(army: Army, defaults?: DefaultGear): Written {
  const out: string[] = [];
  out.push(`${army.title ?? army.faction ?? 'Army List'}${army.total !== undefined ? ` (${army.total} pts)` : ''}`);
  const head: string[] = [];
  // Faction · detachments · [force disposition ·] battle size, "-" for what the list does not state.
  head.push(factionPath(army) ?? '-');
  head.push(army.detachments.length ? detachmentsWithDp(army, ', ', 'DP') : '-');
  if (army.dispositions.length) head.push(`Force Disposition: ${army.dispositions.join(', ')}`);
  head.push(army.size ? `${army.size.name}${army.size.points !== undefined ? ` (${army.size.points} pts)` : ''}` : '-');
  out.push(head.join(' · '), '');
  const { leads, supports } = leadersOf(army);
  let defaulted = 0;
  // In the list's own order: the text names no sections, so a reader could not restore another order.
  for (const u of army.units) {
      const tokens: string[] = [];
      if (u.warlord) tokens.push('Warlord');
      for (const e of u.enhancements) tokens.push(e.points !== undefined ? `${e.name} (+${e.points} pts)` : `Enhancement: ${e.name}`);
      const totals = unitTotals(u);
      const def = defaults?.(u.unit, u.models);
      const shown = def ? totals.filter((w) => !def.some((d) => spellingKey(d.name) === spellingKey(w.name) && d.count === w.count)) : totals;
      if (shown.length < totals.length) defaulted++;
      tokens.push(...shown.map((w) => counted(w)));
      if (u.leading) tokens.push(`Leading: ${u.leading}`);
      const bodyguard = leads.get(u);
      if (bodyguard) tokens.push(`Leading ${indexedName(army, bodyguard)}`);
      const line = `${u.models > 1 ? `${u.models}x ` : ''}${u.name}${u.points !== undefined ? ` (${u.points} pts)` : ''}`;
      out.push(tokens.length ? `${line}: ${tokens.join(', ')}` : line);
  }
  const dropped: string[] = [];
  const grouped = army.units.filter((u) => u.groups.length > 1 || u.unitItems.length);
  if (grouped.length) dropped.push(`model groups (wargear given per unit) of ${grouped.length} unit${grouped.length === 1 ? '' : 's'}`);
  if (defaulted) dropped.push(`default wargear of ${defaulted} unit${defaulted === 1 ? '' : 's'}`);
  const notes = army.units.flatMap((u) => u.notes);
  if (notes.length) dropped.push(`notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  if (supports.length) dropped.push(`the Support role of ${supports.map((u) => u.name).join(', ')} (written as Leading)`);
  return finish(out, army, dropped);
}
