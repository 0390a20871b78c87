// `nr-wtc`: New Recruit's WTC export (the full one; `nr-tournament` is its compact form): the banner (nrBanner.ts),
// section words, characters numbered `Char1: 1x Name (N pts)` with their loadout on the next line (`1 with A, B`)
// and `  • Warlord`, `Enhancement: X (+N pts)` after a unit, model groups `• 9x Model` with `    5 with A, B`
// loadouts (the group's totals as `    • 7x A` where the source states no per-model split), attached units as
// `Leading X[n]` lines.
import { APP_SECTIONS } from './sections';
import { Army, ArmyUnit, bySection, bySourceSection, indexedName, leadersOf, singleModel } from './model';
import type { Out } from './out';
import { banner, enhancementText, nrDrops, nrSectionName, pts } from './nrBanner';
import { groupWargear, itemBullets, loadoutText } from './nrLoadouts';

export function writeNrWtc(out: Out, army: Army): void {
  const same = army.source.format === 'wtc';
  const sections = same ? bySourceSection(army) : bySection(army, APP_SECTIONS, (u) => u.section).map(([, us]) => [nrSectionName(army, us[0]), us] as [string, ArmyUnit[]]);
  const order = sections.flatMap(([, us]) => us);
  const ids = banner(out, army, order);
  nrDrops(out, army);
  const { leads, supports } = leadersOf(army);
  if (supports.length) out.drop('supportRole', `the Support role of ${supports.map((u) => u.name).join(', ')} (written as Leading)`);
  for (const [section, units] of sections) {
    out.blank();
    if (section) out.line(section, units[0].sectionAt);
    for (const u of units) {
      out.blank();
      wtcUnit(out, army, u, ids.get(u), leads.get(u), same);
    }
  }
}

function wtcUnit(out: Out, army: Army, u: ArmyUnit, id: string | undefined, leads: ArmyUnit | undefined, same: boolean): void {
  const names = out.names;
  out.line(`${id ? `${id}: ` : ''}${u.models}x ${names.plain(u.name)}${u.points !== undefined ? ` ${pts(u.points)}` : ''}`, u.at);
  if (singleModel(u)) {
    const w = groupWargear(u.groups[0]);
    for (const l of w.loadouts) out.line(`${l.count} with ${loadoutText(out, l.items)}`, l.at ?? l.items[0]?.at);
    itemBullets(out, w.totals, '  ', same);
  } else {
    for (const g of u.groups) {
      out.line(`• ${g.count}x ${names.model(g.implicit ? u.name : g.name)}${g.items.length ? '' : ':'}`, g.at);
      const w = groupWargear(g);
      for (const l of w.loadouts) out.line(`    ${l.count} with ${loadoutText(out, l.items)}`, l.at ?? l.items[0]?.at);
      itemBullets(out, w.totals, w.loadouts.length ? '      ' : '    ', same);
    }
    itemBullets(out, u.unitItems, '', same);
  }
  if (u.warlord) out.line('  • Warlord', u.warlordAt);
  for (const e of u.enhancements) out.line(enhancementText(out, e).startsWith('Enhancement: ') ? enhancementText(out, e) : `Enhancement: ${enhancementText(out, e)}`, e.at);
  if (u.leading) out.line(`• Leading: ${names.plain(u.leading.text)}`, u.leading.at);
  if (leads) out.line(`Leading ${indexedName(army, leads, names.plain(leads.name))}`);
}
