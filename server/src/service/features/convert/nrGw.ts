// `nr-gw`: New Recruit's GW export: the banner (nrBanner.ts), section headers (CHARACTER, BATTLELINE, ...),
// `Name (N pts)`, bullets at column 0, model wargear under `    • `, an enhancement as `• Name (+N pts)`; the
// 11th-edition form adds an `Attached Units` block with `• Attached as:` bullets (as New Recruit writes it, read by
// domain/parse/attached.ts).
import { APP_SECTIONS } from '../format';
import { Army, ArmyUnit, Item, Written, attachedUnits, bySection, finish, singleModel } from './model';
import { NR_SECTION, banner, enhancementText, nrDropped, pts } from './nrBanner';

export function writeNrGw(army: Army): Written {
  const attached = attachedUnits(army);
  const sections = bySection(army, APP_SECTIONS, attached);
  const order = [...army.attachments.flat(), ...sections.flatMap(([, us]) => us)];
  const { lines: out } = banner(army, order, (u) => u.section === 'CHARACTERS');
  const ROLE = { leader: 'Leader', support: 'Support', bodyguard: 'Bodyguard' } as const;
  if (army.attachments.length) {
    out.push('', 'ATTACHED UNITS');
    army.attachments.forEach((g, i) => {
      out.push('', `Attached Unit ${i + 1}`);
      for (const u of g) {
        const q = u.roleQualifier ?? (u.role === 'bodyguard' ? undefined : 'Character');
        out.push('', ...gwUnit(u, u.role ? `• Attached as: ${ROLE[u.role]}${q !== undefined ? ` (${q})` : ''}` : undefined));
      }
    });
  }
  for (const [section, units] of sections) {
    out.push('', NR_SECTION[section]);
    for (const u of units) out.push('', ...gwUnit(u));
  }
  return finish(out, army, nrDropped(army));
}

function gwUnit(u: ArmyUnit, role?: string): string[] {
  const implicitMany = u.groups.length === 1 && u.groups[0].implicit && u.groups[0].count > 1;
  const out = [`${implicitMany ? `${u.models}x ` : ''}${u.name}${u.points !== undefined ? ` ${pts(u.points)}` : ''}`];
  if (role) out.push(role);
  const bullet = (w: Item, indent: string) => out.push(`${indent}• ${w.count}x ${w.name}`);
  if (singleModel(u) || implicitMany) u.groups[0].items.forEach((w) => bullet(w, ''));
  else {
    for (const g of u.groups) {
      // A model group without wargear keeps its colon: without it the line would read as wargear.
      out.push(`• ${g.count}x ${g.name}${g.items.length ? '' : ':'}`);
      g.items.forEach((w) => bullet(w, '    '));
    }
    u.unitItems.forEach((w) => bullet(w, ''));
  }
  if (u.warlord) out.push('• Warlord');
  for (const e of u.enhancements) out.push(`• ${enhancementText(e)}`);
  if (u.leading) out.push(`• Leading: ${u.leading}`);
  return out;
}
