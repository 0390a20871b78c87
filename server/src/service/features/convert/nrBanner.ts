// New Recruit's two text exports share the "+++" banner (faction path, detachment, force disposition, total,
// Warlord and enhancements by `CharN:`, number of units) and what they cannot hold: the list's name, its battle
// size (the banner has no line for them) and decoration notes. `nrGw.ts` and `nrTournament.ts` write the rest.
import type { AppSection } from '../format';
import { Army, ArmyUnit, detachmentsWithDp, factionPath } from './model';

export const BANNER = '+'.repeat(47);
export const pts = (n: number) => `(${n} pts)`;
export const NR_SECTION: Record<AppSection, string> = {
  CHARACTERS: 'CHARACTER',
  BATTLELINE: 'BATTLELINE',
  'DEDICATED TRANSPORTS': 'DEDICATED TRANSPORT',
  'OTHER DATASHEETS': 'OTHER DATASHEETS',
  'ALLIED UNITS': 'ALLIED UNITS',
};

/** What neither New Recruit text can hold, as the dropped line names it. */
export function nrDropped(army: Army): string[] {
  const d: string[] = [];
  if (army.title) d.push(`the list's name "${army.title}"`);
  if (army.size) d.push(`the battle size ${army.size.name}${army.size.points !== undefined ? ` (${army.size.points} points)` : ''}`);
  const notes = army.units.flatMap((u) => u.notes);
  if (notes.length) d.push(`notes ${notes.map((n) => `"${n}"`).join(', ')}`);
  return d;
}

/** The characters as the banner numbers them ("Char1"), in the order the body lists them. */
export function banner(army: Army, order: ArmyUnit[], isChar: (u: ArmyUnit) => boolean): { lines: string[]; ids: Map<ArmyUnit, string> } {
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

export const enhancementText = (e: { name: string; points?: number }) => (e.points !== undefined ? `${e.name} (+${e.points} pts)` : `Enhancement: ${e.name}`);
