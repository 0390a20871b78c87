// `nr-gw`: New Recruit's GW export: the banner (nrBanner.ts), section words (CHARACTER, BATTLELINE, ...), unit
// lines `Name (N pts)` (with the model count, `10x Name (N pts)`, in the 10th-edition exports), bullets at column
// 0 (a single model's wargear, `• Warlord`, an enhancement `• Name (+N pts)`), a model group `• 9x Model` with its
// wargear under `    • `; the 11th-edition form adds the `Attached Units` block with `• Attached as:` bullets (read
// by domain/parse/attached.ts). From a New Recruit GW export: its section words and counts as written, and an item
// it wrote without a count (`• Icon of Khorne`, several on one line) so again.
import { APP_SECTIONS } from './sections';
import { Army, ArmyUnit, Item, attachedUnits, bySection, bySourceSection, singleModel } from './model';
import { Out } from './out';
import { banner, enhancementText, fromNewRecruit, nrDrops, nrSectionName, pts } from './nrBanner';
import { itemBullets } from './nrLoadouts';

const ROLE = { leader: 'Leader', support: 'Support', bodyguard: 'Bodyguard' } as const;

export function writeNrGw(out: Out, army: Army): void {
  const attached = attachedUnits(army);
  const same = army.source.format === 'nrgw';
  const sections = same ? bySourceSection(army, attached) : bySection(army, APP_SECTIONS, (u) => u.section, attached).map(([, us]) => [nrSectionName(army, us[0]), us] as [string, ArmyUnit[]]);
  const order = [...army.attachments.flat(), ...sections.flatMap(([, us]) => us)];
  banner(out, army, order, (u) => u.section === 'CHARACTERS');
  nrDrops(out, army);
  const counts = fromNewRecruit(army) ? !!army.source.nrUnitCounts : army.edition === 10;
  if (army.attachments.length) {
    out.blank();
    out.line('Attached Units');
    army.attachments.forEach((g, i) => {
      out.blank();
      out.line(`Attached Unit ${i + 1}`);
      for (const u of g) {
        const q = u.roleQualifier ?? (u.role === 'bodyguard' ? undefined : 'Character');
        out.blank();
        gwUnit(out, u, counts, same, u.role ? `• Attached as: ${ROLE[u.role]}${q !== undefined ? ` (${q})` : ''}` : undefined);
      }
    });
  }
  for (const [section, units] of sections) {
    out.blank();
    if (section) out.line(section, units[0].sectionAt);
    for (const u of units) {
      out.blank();
      gwUnit(out, u, counts, same);
    }
  }
  if (same && army.source.nrFooter) {
    out.blank();
    out.line(army.source.nrFooter);
  }
}

function gwUnit(out: Out, u: ArmyUnit, counts: boolean, same: boolean, role?: string): void {
  const names = out.names;
  const implicitMany = u.groups.length === 1 && u.groups[0].implicit && u.groups[0].count > 1;
  out.line(`${counts || implicitMany ? `${u.models}x ` : ''}${names.plain(u.name)}${u.points !== undefined ? ` ${pts(u.points)}` : ''}`, u.at);
  if (role) out.line(role);
  const bullets = (list: Item[], indent: string) => itemBullets(out, list, indent, same);
  if (singleModel(u) || implicitMany) bullets(u.groups[0].items, '');
  else {
    for (const g of u.groups) {
      // A model group without wargear keeps its colon: without it the line would read as wargear.
      out.line(`• ${g.count}x ${names.model(g.implicit ? u.name : g.name)}${g.items.length ? '' : ':'}`, g.at);
      bullets(g.items, '    ');
    }
    bullets(u.unitItems, '');
  }
  if (u.warlord) out.line('• Warlord', u.warlordAt);
  for (const e of u.enhancements) out.line(`• ${enhancementText(out, e)}`, e.at);
  if (u.leading) out.line(`• Leading: ${names.plain(u.leading.text)}`, u.leading.at);
}
