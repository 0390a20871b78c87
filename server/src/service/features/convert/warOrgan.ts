// `warorgan`: War Organ's own export, in its two layouts as the real exports in ../shared/lists-11e write them:
// grouped (`  Name (N points)` under a group header, `    • ` bullets, the footer `Created with WarOrgan
// (https://warorgan.com)`) and flat (`Name [N points]` at column 0, tab bullets, no footer), both under the title
// `Name [N points]` (`[N points]` for a list without a name), the faction, `Battle Size: X (N point limit)`, `Detachments: A, B (3/3 Detachment Points)` and
// `Force Disposition: X`. A unit's bullets: `Warlord`, a single model's wargear joined ("A, 2 B and C"), a model
// group per loadout (`1 Model with A and B`), an enhancement `Name [+N points]`. From a War Organ export its groups
// (its names for attached units, its categories) and its layout are kept; from another, units are grouped by the
// app's sections in War Organ's words. War Organ cannot state which units are attached (its groups say nothing a
// reader can rely on), `Leading:` bullets nor notes; where the source states model totals only, the group is
// written without wargear and the totals as the unit's items (War Organ writes per-model loadouts).
import { APP_SECTIONS, AppSection } from './sections';
import { Army, ArmyUnit, Item, bySection, bySourceSection, detachmentsWithDp, isGrandAlliance, knownLoadouts, singleModel } from './model';
import type { Out } from './out';

const SECTION: Record<AppSection, string> = {
  CHARACTERS: 'Character',
  BATTLELINE: 'Battleline',
  'DEDICATED TRANSPORTS': 'Dedicated Transport',
  'OTHER DATASHEETS': 'Other',
  'ALLIED UNITS': 'Allied Units',
};
export const WAR_ORGAN_FOOTER = 'Created with WarOrgan (https://warorgan.com)';

/** "A, B and C". */
function joined(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function writeWarOrgan(out: Out, army: Army): void {
  const names = out.names;
  const same = army.source.format === 'warorgan';
  // War Organ's reader finds the units after its header: a list that states no faction has none to write.
  if (!army.faction) names.refuse("War Organ's layout starts with the list's faction, and this list states none");
  const grouped = same ? !!army.source.warOrganGrouped : true;
  // The title: the list's name and its total ("[2000 points]" alone for a list without a name: none is made up).
  if (army.total !== undefined) out.line(`${army.title !== undefined ? `${names.plain(army.title)} ` : ''}[${army.total} points]`, army.at.title);
  else if (army.title !== undefined) out.drop('title', `the list's name "${army.title}" (War Organ's title states the total too, and the list states none)`);
  if (army.superFaction && !isGrandAlliance(army.superFaction)) out.line(names.plain(army.superFaction), army.at.faction);
  if (army.faction) out.line(names.plain(army.faction), army.at.faction);
  if (army.size) out.line(`Battle Size: ${names.plain(army.size.name)}${army.size.points !== undefined ? ` (${army.size.points} point limit)` : ''}`, army.at.size);
  if (army.detachments.length || army.dispositions.length) out.blank();
  if (army.detachments.length) out.line(`Detachments: ${detachmentsWithDp({ ...army, detachments: army.detachments.map((d) => names.header(d)) }, ', ')}`, army.at.detachments);
  if (army.dispositions.length) out.line(`Force Disposition: ${army.dispositions.map((d) => names.header(d)).join(', ')}`, army.at.dispositions);
  const groups: Array<[string, ArmyUnit[]]> = same ? bySourceSection(army) : bySection(army, APP_SECTIONS, (u) => u.section).map(([s, us]) => [SECTION[s], us]);
  let unsplit = 0;
  for (const [group, units] of groups) {
    // Without a faction line a reader takes the line after the title for the faction: no group headers then.
    if (grouped && group && army.faction) {
      out.blank();
      out.line(names.plain(group), units[0].sectionAt);
    }
    for (const u of units) {
      out.blank();
      if (!unitLines(out, u, grouped, same ? army.source.text : undefined)) unsplit++;
    }
  }
  const footer = same ? army.source.warOrganFooter : WAR_ORGAN_FOOTER;
  if (footer) {
    out.blank();
    out.line(footer);
  }
  if (army.attachments.length) out.drop('attachments', `which units are attached (${army.attachments.map((g) => g.map((u) => u.name).join(' + ')).join('; ')})`);
  const leading = army.units.filter((u) => u.leading);
  if (leading.length) out.drop('leading', `Leading: ${leading.map((u) => `${u.name} → ${u.leading!.text}`).join(', ')}`);
  const notes = army.units.flatMap((u) => u.notes.map((n) => n.text));
  if (notes.length) out.drop('notes', `notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  if (unsplit) out.drop('extra', `which model carries which wargear in ${unsplit} unit${unsplit === 1 ? '' : 's'} (War Organ writes each model's wargear; the source states the group's totals, written as the unit's)`);
}


/**
 * Items joined as a War Organ export wrote them on their line, when its separators split back into exactly these
 * items ("Close combat weapon and Lasgun, vox-caster and vox-relay beacon": War Organ's names hold commas and "and",
 * which its join cannot tell apart); else joined as War Organ joins ("A, B and C").
 */
function joinedAsWritten(src: string | undefined, items: Item[], texts: string[]): string {
  const plain = joined(texts);
  const first = items[0];
  if (!src || first?.joinKey === undefined || items.some((w) => w.joinKey !== first.joinKey)) return plain;
  const nl = src.indexOf('\n', first.joinKey + 1);
  const line = src.slice(first.joinKey + 1, nl < 0 ? src.length : nl).replace(/\r$/, '');
  const from = line.indexOf(texts[0]);
  if (from < 0) return plain;
  const raw = line.slice(from).trim();
  const parts = raw.split(/\s*,\s*|\s+and\s+/).map((x) => x.trim());
  return parts.length === texts.length && parts.every((x, i) => x === texts[i]) ? raw : plain;
}

/** The unit's lines; false when a group's totals could not be written per model (written as the unit's items). */
function unitLines(out: Out, u: ArmyUnit, grouped: boolean, src: string | undefined): boolean {
  const names = out.names;
  const item = (w: Item) => (w.count === 1 ? names.item(w.name) : `${w.count} ${names.item(w.name)}`);
  const name = names.plain(u.name);
  out.line(grouped ? `  ${name}${u.points !== undefined ? ` (${u.points} points)` : ''}` : `${name}${u.points !== undefined ? ` [${u.points} points]` : ''}`, u.at);
  const bullet = (t: string, at?: number) => out.line(`${grouped ? '    ' : '\t'}• ${t}`, at);
  if (u.warlord) bullet('Warlord', u.warlordAt);
  let split = true;
  const enhancement = (e: ArmyUnit['enhancements'][number]) => {
    const cost = out.cost(e);
    return cost !== undefined ? `${names.item(e.name)} [+${cost} points]` : `Enhancement: ${names.item(e.name)}`;
  };
  let enhancements = u.enhancements;
  if (singleModel(u)) {
    const its = u.groups[0].items;
    // An export that wrote an enhancement among the wargear ("…, Grand strategist [+25 points], …") keeps it there.
    const lineOf = (at: number | undefined) => (src && at !== undefined ? src.lastIndexOf('\n', at) : undefined);
    const inLine = its.length ? enhancements.filter((e) => lineOf(e.at) === its[0].joinKey && e.at !== undefined) : [];
    if (inLine.length) {
      enhancements = enhancements.filter((e) => !inLine.includes(e));
      const parts = [...its.map((w) => ({ at: w.at ?? 0, text: item(w) })), ...inLine.map((e) => ({ at: e.at!, text: enhancement(e) }))].sort((a, b) => a.at - b.at);
      bullet(joined(parts.map((p) => p.text)), its[0].at);
    } else if (its.length) bullet(joinedAsWritten(src, its, its.map(item)), its[0].at);
  } else {
    const loose: Item[] = [...u.unitItems];
    for (const g of u.groups) {
      const known = knownLoadouts(g);
      const gname = names.plain(g.implicit ? u.name : g.name);
      if (!known) {
        // What every model carries alike is the group's loadout; the rest is written as the unit's.
        split = false;
        const n = Math.max(1, g.count);
        const each = g.items.filter((w) => w.count % n === 0);
        bullet(each.length ? `${g.count} ${gname} with ${joined(each.map((w) => item({ ...w, count: w.count / n })))}` : `${g.count} ${gname}`, g.at);
        loose.push(...g.items.filter((w) => w.count % n !== 0));
        continue;
      }
      for (const l of known.loadouts.filter((x) => x.items.length)) bullet(`${l.count} ${gname} with ${joinedAsWritten(src, l.items, l.items.map(item))}`, l.at ?? g.at);
      // Models without wargear: "2 Name" beside the group's other lines (read back as more models of that group).
      const bare = g.count - known.loadouts.filter((x) => x.items.length).reduce((a, x) => a + x.count, 0);
      if (bare > 0) bullet(`${bare} ${gname}`, g.at);
      loose.push(...known.extra);
    }
    // An item of the unit beside its models: "Icon of Khorne", "2x Icon" (never "2 Icon", which names models).
    for (const w of loose) bullet(w.count === 1 ? names.item(w.name) : `${w.count}x ${names.item(w.name)}`, w.at);
  }
  for (const e of enhancements) bullet(enhancement(e), e.at);
  return split;
}
