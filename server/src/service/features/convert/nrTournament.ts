// `nr-tournament`: New Recruit's tournament (WTC-style) export: the banner (nrBanner.ts), then
// `Char1: 1x Name (N pts): Warlord, wargear` and `Enhancement: X (+N pts)` lines, units as `10x Name (N pts)` with
// `• 9x Model` and `    5 with A, B` loadouts, attached units as `Leading X[n]`.
import { APP_SECTIONS } from '../format';
import { Army, ArmyUnit, Item, Written, bySection, counted, finish, indexedName, leadersOf, loadouts, singleModel } from './model';
import { banner, nrDropped, pts } from './nrBanner';

export function writeNrTournament(army: Army): Written {
  // Characters first, numbered; a unit holding the Warlord or an enhancement is listed with them.
  const isChar = (u: ArmyUnit) => u.section === 'CHARACTERS' || u.warlord || u.enhancements.length > 0;
  const ordered = bySection(army, APP_SECTIONS).flatMap(([, us]) => us);
  const chars = ordered.filter(isChar);
  const rest = ordered.filter((u) => !isChar(u));
  const { lines: out, ids } = banner(army, [...chars, ...rest], isChar);
  const { leads, supports } = leadersOf(army);
  // No section headers: the characters, a blank line, the other units. (New Recruit also puts a blank line between
  // the other sections, which a reader cannot tell apart without their headers: left out, so that a converted
  // text converts to itself.)
  if (chars.length) out.push('');
  for (const u of chars) out.push(...tournamentUnit(army, u, ids.get(u), leads.get(u)));
  if (rest.length) out.push('');
  for (const u of rest) out.push(...tournamentUnit(army, u, undefined, leads.get(u)));
  const dropped = nrDropped(army);
  if (supports.length) dropped.push(`the Support role of ${supports.map((u) => u.name).join(', ')} (written as Leading)`);
  return finish(out, army, dropped);
}

const loadoutText = (items: Item[]) => items.map((w) => counted(w)).join(', ');

function tournamentUnit(army: Army, u: ArmyUnit, id: string | undefined, leads: ArmyUnit | undefined): string[] {
  const head = `${id ? `${id}: ` : ''}${u.models}x ${u.name}${u.points !== undefined ? ` ${pts(u.points)}` : ''}`;
  const out: string[] = [];
  // One group of the unit's own models ("2x Chaos Spawn"): its loadouts stand on the unit line when there is one.
  const implicitMany = u.groups.length === 1 && (u.groups[0].implicit || u.groups[0].name === u.name) && u.groups[0].count > 1 && !u.unitItems.length;
  const only = implicitMany ? loadouts(u.groups[0]).filter((l) => l.items.length) : [];
  if (implicitMany && only.length === 1 && !u.warlord) out.push(`${head}: ${only[0].count} with ${loadoutText(only[0].items)}`);
  else if (singleModel(u) || u.groups.length === 0) {
    const tokens = [...(u.warlord ? ['Warlord'] : []), ...(u.groups[0]?.items ?? []).map((w) => counted(w))];
    out.push(tokens.length ? `${head}: ${tokens.join(', ')}` : head);
  } else {
    out.push(u.warlord ? `${head}: Warlord` : head);
    if (implicitMany) {
      for (const l of loadouts(u.groups[0])) if (l.items.length) out.push(`  ${l.count} with ${loadoutText(l.items)}`);
    } else {
      // As New Recruit writes them: the groups of several loadouts (a line each) first, then those of one (inline).
      const many: string[] = [];
      const one: string[] = [];
      for (const g of u.groups) {
        const ls = loadouts(g).filter((l) => l.items.length);
        if (g.count === 1) one.push(`• 1x ${g.name}${ls.length ? `: ${loadoutText(ls[0].items)}` : ':'}`);
        else if (ls.length === 1 && ls[0].count === g.count) one.push(`• ${g.count}x ${g.name}: ${g.count} with ${loadoutText(ls[0].items)}`);
        else if (!ls.length) one.push(`• ${g.count}x ${g.name}:`);
        else many.push(`• ${g.count}x ${g.name}`, ...ls.map((l) => `    ${l.count} with ${loadoutText(l.items)}`));
      }
      out.push(...many, ...one);
    }
    for (const w of u.unitItems) out.push(`• ${w.count}x ${w.name}`);
  }
  for (const e of u.enhancements) out.push(e.points !== undefined ? `Enhancement: ${e.name} (+${e.points} pts)` : `Enhancement: ${e.name}`);
  if (u.leading) out.push(`• Leading: ${u.leading}`);
  if (leads) out.push(`Leading ${indexedName(army, leads)}`);
  return out;
}
