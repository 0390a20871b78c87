// `app-v2`: the official app's v2 export as it stands in real exports (gwapp11_*): `(N points)`, the first
// wargear item bulleted and the rest as continuation lines, `Attached Units` with `Attached Unit N` groups and
// `• Attached as:` bullets at column 0, two blank lines before each section. In the 10th-edition form it is the
// v1 app's "dialect B" (battle size before the detachment). It holds everything the tree holds; the footer (the
// app's version and data version) only when the source has one, as written.
import { APP_SECTIONS } from '../format';
import { Army, ArmyUnit, Item, Written, attachedUnits, bySection, finish, singleModel } from './model';

const pts = (n: number) => `(${n} points)`;

export function writeAppV2(army: Army): Written {
  const eleventh = army.edition === 11;
  const out: string[] = [];
  if (army.total !== undefined) out.push(`${army.title ?? army.faction ?? 'Army List'} ${pts(army.total)}`, '');
  if (army.superFaction) out.push(army.superFaction);
  if (army.faction) out.push(army.faction);
  const size = army.size ? army.size.name + (army.size.points !== undefined ? ` ${pts(army.size.points)}` : '') : undefined;
  if (eleventh) {
    const hasDp = army.dpTotal !== undefined || army.dpEach.some((d) => d !== undefined);
    if (army.detachments.length) out.push(detachmentLine(army));
    // A bare disposition line reads as one only after a line stating Detachment Points.
    if (army.dispositions.length) out.push(hasDp && army.detachments.length ? army.dispositions.join(', ') : `Force Dispositions: ${army.dispositions.join(', ')}`);
    if (size) out.push(size);
  } else {
    if (size) out.push(size);
    out.push(...army.detachments);
  }
  const attached = attachedUnits(army);
  if (army.attachments.length) {
    out.push('', 'Attached Units');
    army.attachments.forEach((g, i) => {
      if (i > 0) out.push('');
      out.push(`Attached Unit ${i + 1}`);
      for (const u of g) out.push('', ...unitLines(u, true));
    });
  }
  for (const [section, units] of bySection(army, APP_SECTIONS, attached)) {
    out.push('', '', section);
    for (const u of units) out.push('', ...unitLines(u, false));
  }
  // The app's footer names the data version the list was built with: kept as the source wrote it (never made up).
  if (army.appFooter) out.push('', army.appFooter);
  return finish(out, army, []);
}

function detachmentLine(army: Army): string {
  const ds = army.detachments;
  if (army.dpTotal !== undefined) return `${ds.join(' and ')} (${army.dpTotal} Detachment Points)`;
  if (army.dpEach.some((d) => d !== undefined)) return ds.map((d, i) => (army.dpEach[i] !== undefined ? `${d} (${army.dpEach[i]} Detachment Points)` : d)).join(' and ');
  return ds.join(', ');
}

const ROLE_WORD = { leader: 'Leader', support: 'Support', bodyguard: 'Bodyguard' } as const;

function unitLines(u: ArmyUnit, inBlock: boolean): string[] {
  const out = [u.points !== undefined ? `${u.name} ${pts(u.points)}` : u.name];
  if (inBlock && u.role) {
    const q = u.roleQualifier ?? (u.role === 'bodyguard' ? undefined : 'Character');
    out.push(`• Attached as: ${ROLE_WORD[u.role]}${q !== undefined ? ` (${q})` : ''}`);
  }
  if (u.warlord) out.push('  • Warlord');
  for (const n of u.notes) out.push(`  • ${n}`);
  const items = (list: Item[], indent: string) => list.forEach((w, i) => out.push(`${indent}${i === 0 ? '• ' : '  '}${w.count}x ${w.name}`));
  if (singleModel(u)) items(u.groups[0].items, '  ');
  else
    u.groups.forEach((g, i) => {
      out.push(`  • ${g.count}x ${g.name}`);
      // The app has no unit-level wargear: the first model group carries it.
      items(i === 0 ? [...g.items, ...u.unitItems] : g.items, '    ');
    });
  for (const e of u.enhancements) out.push(`  • Enhancement: ${e.name}${e.points !== undefined ? ` (+${e.points} pts)` : ''}`);
  if (u.leading) out.push(`  • Leading: ${u.leading}`);
  return out;
}
