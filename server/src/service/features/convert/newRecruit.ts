// New Recruit's two text exports, sharing the "+++" banner (faction path, detachment, force disposition, total,
// Warlord and enhancements by `CharN:`, number of units):
//  - `nr-gw`: section headers (CHARACTER, BATTLELINE, ...), `Name (N pts)`, bullets at column 0, model wargear
//    under `    • `, an enhancement as `• Name (+N pts)`; the 11th-edition form adds an `Attached Units` block
//    with `• Attached as:` bullets (as New Recruit writes it, read by domain/parse/attached.ts);
//  - `nr-tournament` (WTC style): `Char1: 1x Name (N pts): Warlord, wargear`, `Enhancement: X (+N pts)`, units
//    as `10x Name (N pts)` with `• 9x Model` and `    5 with A, B` loadouts, attached units as `Leading X[n]`.
// Neither holds the list's name or its battle size (the banner has no line for them), nor decoration notes.
import { APP_SECTIONS, AppSection } from '../format';
import { Army, ArmyUnit, Item, Written, attachedUnits, bySection, counted, detachmentsWithDp, factionPath, finish, indexedName, loadouts, singleModel } from './model';

const BANNER = '+'.repeat(47);
const pts = (n: number) => `(${n} pts)`;
const NR_SECTION: Record<AppSection, string> = {
  CHARACTERS: 'CHARACTER',
  BATTLELINE: 'BATTLELINE',
  'DEDICATED TRANSPORTS': 'DEDICATED TRANSPORT',
  'OTHER DATASHEETS': 'OTHER DATASHEETS',
  'ALLIED UNITS': 'ALLIED UNITS',
};

/** What neither New Recruit text can hold, as the dropped line names it. */
function nrDropped(army: Army): string[] {
  const d: string[] = [];
  if (army.title) d.push(`the list's name "${army.title}"`);
  if (army.size) d.push(`the battle size ${army.size.name}${army.size.points !== undefined ? ` (${army.size.points} points)` : ''}`);
  const notes = army.units.flatMap((u) => u.notes);
  if (notes.length) d.push(`notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  return d;
}

/** The characters as the banner numbers them ("Char1"), in the order the body lists them. */
function banner(army: Army, order: ArmyUnit[], isChar: (u: ArmyUnit) => boolean): { lines: string[]; ids: Map<ArmyUnit, string> } {
  const ids = new Map<ArmyUnit, string>();
  order.filter(isChar).forEach((u, i) => ids.set(u, `Char${i + 1}`));
  const ref = (u: ArmyUnit) => (ids.has(u) ? `${ids.get(u)}: ${u.name}` : u.name);
  const lines = [BANNER];
  const fp = factionPath(army);
  if (fp) lines.push(`+ FACTION KEYWORD: ${fp}`);
  if (army.detachments.length) lines.push(`+ DETACHMENT: ${detachmentsWithDp(army, ', ')}`);
  if (army.dispositions.length) lines.push(`+ FORCE DISPOSITION: ${army.dispositions.join(', ')}`);
  if (army.total !== undefined) lines.push(`+ TOTAL ARMY POINTS: ${army.total}pts`);
  lines.push('+');
  const warlord = order.find((u) => u.warlord);
  if (warlord) lines.push(`+ WARLORD: ${ref(warlord)}`);
  const enh = order.flatMap((u) => u.enhancements.map((e) => `${e.name} (on ${ref(u)})`));
  enh.forEach((e, i) => lines.push(i === 0 ? `+ ENHANCEMENT: ${e}` : `& ${e}`));
  lines.push(`+ NUMBER OF UNITS: ${army.units.length}`, BANNER);
  return { lines, ids };
}

const enhancementText = (e: { name: string; points?: number }) => (e.points !== undefined ? `${e.name} (+${e.points} pts)` : `Enhancement: ${e.name}`);

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

export function writeNrTournament(army: Army): Written {
  // Characters first, numbered; a unit holding the Warlord or an enhancement is listed with them.
  const isChar = (u: ArmyUnit) => u.section === 'CHARACTERS' || u.warlord || u.enhancements.length > 0;
  const ordered = bySection(army, APP_SECTIONS).flatMap(([, us]) => us);
  const chars = ordered.filter(isChar);
  const rest = ordered.filter((u) => !isChar(u));
  const { lines: out, ids } = banner(army, [...chars, ...rest], isChar);
  const leads = new Map<ArmyUnit, ArmyUnit>();
  const supports: ArmyUnit[] = [];
  for (const g of army.attachments) {
    const bodyguard = g.find((u) => u.role === 'bodyguard');
    if (!bodyguard) continue;
    for (const u of g) {
      if (u === bodyguard) continue;
      leads.set(u, bodyguard);
      if (u.role === 'support') supports.push(u);
    }
  }
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
