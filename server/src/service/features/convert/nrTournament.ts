// `nr-tournament`: New Recruit's tournament export (WTC-compact): the banner (nrBanner.ts), the characters first
// (`Char1: 1x Name (N pts): Warlord, A, B`, `Enhancement: X (+N pts)`), a blank line, then the other units with a
// blank line between New Recruit's categories (as the source separated them when it is such an export, else
// between the app's sections) and none between units: `1x Name (N pts): A, B` for one model, `2x Chaos Spawn (95
// pts): 2 with A` for one loadout of all, else `10x Name (N pts)` with `• 9x Model` and `    5 with A, B` lines
// (groups of several loadouts first), `• 1x Model: A, B`, `• 2x Model: 2 with A`; where the source states no
// per-model split, the group's totals under it (`    • 7x A`). Allied units under an `ALLIED UNITS` header;
// attached units as `Leading X[n]`.
import { APP_SECTIONS } from './sections';
import { Army, ArmyUnit, bySection, indexedName, leadersOf, singleModel } from './model';
import type { Out } from './out';
import { banner, enhancementText, isNrChar, nrDrops, pts } from './nrBanner';
import { groupWargear, itemBullets, loadoutText } from './nrLoadouts';

export function writeNrTournament(out: Out, army: Army): void {
  const same = army.source.format === 'wtccompact';
  // The source's order when it is such an export; else characters first, then the app's sections.
  const ordered = same ? army.units : bySection(army, APP_SECTIONS, (u) => u.section).flatMap(([, us]) => us);
  const chars = ordered.filter(isNrChar);
  const rest = ordered.filter((u) => !isNrChar(u));
  const ids = banner(out, army, [...chars, ...rest]);
  nrDrops(out, army);
  const { leads, supports } = leadersOf(army);
  if (supports.length) out.drop('supportRole', `the Support role of ${supports.map((u) => u.name).join(', ')} (written as Leading)`);
  if (chars.length) out.blank();
  for (const u of chars) tournamentUnit(out, army, u, ids.get(u), leads.get(u), same);
  let prev: ArmyUnit | undefined;
  for (const u of rest) {
    if (!prev || (same ? army.source.blankBefore.has(u.unit) : u.section !== prev.section)) out.blank();
    // Allied units stay allied: under New Recruit's section word.
    if (u.section === 'ALLIED UNITS' && prev?.section !== 'ALLIED UNITS') {
      out.blank();
      out.line('ALLIED UNITS', u.sectionAt);
    }
    tournamentUnit(out, army, u, undefined, leads.get(u), same);
    prev = u;
  }
}

function tournamentUnit(out: Out, army: Army, u: ArmyUnit, id: string | undefined, leads: ArmyUnit | undefined, same: boolean): void {
  const names = out.names;
  const head = `${id ? `${id}: ` : ''}${u.models}x ${names.plain(u.name)}${u.points !== undefined ? ` ${pts(u.points)}` : ''}`;
  const only = u.groups.length === 1 && !u.unitItems.length && (u.groups[0].implicit || u.groups[0].name === u.name) ? groupWargear(u.groups[0]) : undefined;
  if (singleModel(u) || u.groups.length === 0) {
    const w = u.groups.length ? groupWargear(u.groups[0]) : { loadouts: [], totals: [] };
    const tokens = [...(u.warlord ? ['Warlord'] : []), ...w.loadouts.flatMap((l) => (l.items.length ? [loadoutText(out, l.items)] : []))];
    out.line(tokens.length ? `${head}: ${tokens.join(', ')}` : head, u.at);
    itemBullets(out, w.totals, '    ', same);
  } else if (only && only.loadouts.length === 1 && !only.totals.length && !u.warlord) {
    // One loadout of all the unit's own models: on the unit line ("2x Chaos Spawn (95 pts): 2 with Hideous Mutations").
    const l = only.loadouts[0];
    out.line(`${head}: ${l.count} with ${loadoutText(out, l.items)}`, u.at);
  } else if (only && u.groups[0].implicit) {
    out.line(u.warlord ? `${head}: Warlord` : head, u.at);
    for (const l of only.loadouts) out.line(`  ${l.count} with ${loadoutText(out, l.items)}`, l.at);
    itemBullets(out, only.totals, '  ', same);
  } else {
    out.line(u.warlord ? `${head}: Warlord` : head, u.at);
    // As New Recruit writes them: the groups of several loadouts (a line each) first, then the others (inline).
    const many: ArmyUnit['groups'] = [];
    const one: ArmyUnit['groups'] = [];
    for (const g of u.groups) {
      const w = groupWargear(g);
      (w.loadouts.length > 1 || w.totals.length ? many : one).push(g);
    }
    for (const g of [...many, ...one]) {
      const w = groupWargear(g);
      const name = names.model(g.implicit ? u.name : g.name);
      if (w.loadouts.length > 1 || w.totals.length) {
        out.line(`• ${g.count}x ${name}`, g.at);
        for (const l of w.loadouts) out.line(`    ${l.count} with ${loadoutText(out, l.items)}`, l.at);
        itemBullets(out, w.totals, w.loadouts.length ? '      ' : '    ', same);
      } else if (!w.loadouts.length) out.line(`• ${g.count}x ${name}:`, g.at);
      else if (g.count === 1) out.line(`• 1x ${name}: ${loadoutText(out, w.loadouts[0].items)}`, g.at);
      else out.line(`• ${g.count}x ${name}: ${w.loadouts[0].count} with ${loadoutText(out, w.loadouts[0].items)}`, g.at);
    }
    itemBullets(out, u.unitItems, '', same);
  }
  for (const e of u.enhancements) {
    const t = enhancementText(out, e);
    out.line(t.startsWith('Enhancement: ') ? t : `Enhancement: ${t}`, e.at);
  }
  if (u.leading) out.line(`• Leading: ${names.plain(u.leading.text)}`, u.leading.at);
  if (leads) out.line(`Leading ${indexedName(army, leads, names.plain(leads.name))}`);
}
