// `warorgan`: War Organ's own export (warorgan11_*): `Name [N points]`, the faction, `Battle Size: X (N point
// limit)`, `Detachments: A (3/3 Detachment Points)`, `Force Disposition: X`, groups of units under a header, each
// unit `  Name (N points)` with `    • ` bullets: `1 Model with A, B and C` per loadout, the single model's
// wargear joined ("A, 2 B and C"), `Warlord`, an enhancement as `Name [+N points]`. War Organ groups units under
// names of its own; this writer groups them by the app's sections. It cannot state which units are attached to
// which (its groups say nothing a reader can rely on), `Leading:` statements, nor decoration notes.
import { APP_SECTIONS, AppSection } from '../format';
import { Army, ArmyUnit, Item, Written, bySection, detachmentsWithDp, finish, loadouts, singleModel } from './model';

const SECTION: Record<AppSection, string> = {
  CHARACTERS: 'Character',
  BATTLELINE: 'Battleline',
  'DEDICATED TRANSPORTS': 'Dedicated Transport',
  'OTHER DATASHEETS': 'Other Datasheets',
  'ALLIED UNITS': 'Allied Units',
};

/** An item as War Organ writes it: "2 Heavy bolter"; " and " inside a name becomes " & ", as War Organ writes it, since " and " joins items. */
const item = (w: Item) => {
  const name = w.name.replace(/\s+and\s+/g, ' & ');
  const n = w.count;
  return n === 1 ? name : `${n} ${name}`;
};

/** "A, B and C". */
function joined(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function writeWarOrgan(army: Army): Written {
  const out: string[] = [];
  out.push(`${army.title ?? army.faction ?? 'Army List'} [${army.total ?? 0} points]`);
  if (army.superFaction) out.push(army.superFaction);
  if (army.faction) out.push(army.faction);
  if (army.size) out.push(`Battle Size: ${army.size.name}${army.size.points !== undefined ? ` (${army.size.points} point limit)` : ''}`);
  if (army.detachments.length || army.dispositions.length) out.push('');
  if (army.detachments.length) out.push(`Detachments: ${detachmentsWithDp(army, ', ')}`);
  if (army.dispositions.length) out.push(`Force Disposition: ${army.dispositions.join(', ')}`);
  for (const [section, units] of bySection(army, APP_SECTIONS)) {
    // Without a faction line a reader takes the line after the title for the faction: no group headers then.
    if (army.faction) out.push('', SECTION[section]);
    for (const u of units) out.push('', ...unitLines(u));
  }
  const dropped: string[] = [];
  if (army.attachments.length) dropped.push(`which units are attached (${army.attachments.map((g) => g.map((u) => u.name).join(' + ')).join('; ')})`);
  const leading = army.units.filter((u) => u.leading);
  if (leading.length) dropped.push(`Leading: ${leading.map((u) => `${u.name} → ${u.leading}`).join(', ')}`);
  const notes = army.units.flatMap((u) => u.notes);
  if (notes.length) dropped.push(`notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  if (army.total === undefined) dropped.push('the total points (the list states none)');
  return finish(out, army, dropped);
}

function unitLines(u: ArmyUnit): string[] {
  const out = [`  ${u.name}${u.points !== undefined ? ` (${u.points} points)` : ''}`];
  const bullet = (t: string) => out.push(`    • ${t}`);
  if (u.warlord) bullet('Warlord');
  if (singleModel(u)) {
    if (u.groups[0].items.length) bullet(joined(u.groups[0].items.map((w) => item(w))));
  } else {
    for (const g of u.groups) {
      const ls = loadouts(g);
      const name = g.implicit ? u.name : g.name;
      for (const l of ls.filter((x) => x.items.length)) bullet(`${l.count} ${name} with ${joined(l.items.map((w) => item(w)))}`);
      // Models without wargear: "2 Name" beside the group's other lines (read back as more models of that group).
      const bare = ls.filter((x) => !x.items.length).reduce((a, x) => a + x.count, 0);
      if (bare) bullet(`${bare} ${name}`);
    }
    // An item of the unit beside its models: "Icon of Khorne", "2x Icon" (never "2 Icon", which names models).
    for (const w of u.unitItems) bullet(w.count === 1 ? item(w) : `${w.count}x ${item({ ...w, count: 1 })}`);
  }
  for (const e of u.enhancements) bullet(e.points !== undefined ? `${e.name} [+${e.points} points]` : `Enhancement: ${e.name}`);
  return out;
}
