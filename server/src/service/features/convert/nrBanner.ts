// What New Recruit's three text exports share (GW, WTC, tournament): the "+++" banner — `LIST NAME`, `FACTION
// KEYWORD` (the faction path), `DETACHMENT`, `FORCE DISPOSITION`, `TOTAL ARMY POINTS`, `POINTS LIMIT`, `WARLORD`
// and `ENHANCEMENT` by `CharN:`, `NUMBER OF UNITS` — its section words, unit heads and enhancement lines, and what
// the banner cannot hold: Detachment Points (New Recruit names the detachment's rule there instead), a battle size
// without a points limit (Combat Patrol), decoration notes. From a New Recruit export the banner's values are kept
// as written (NBSP, the detachment rule's name) and the lines the tree does not read ("+ SECONDARY: …") too.
// `CharN` numbers the characters in the body's order; the 10th-edition exports numbered an ENHANCEMENT line's
// character among the enhanced ones instead, as the real ones in ../shared/lists do.
import type { AppSection } from './sections';
import { Army, ArmyUnit, factionPath } from './model';
import type { Out } from './out';
import type { NrBanner } from './source';

export const FENCE = '+'.repeat(47);
export const pts = (n: number) => `(${n} pts)`;
export const NR_SECTION: Record<AppSection, string> = {
  CHARACTERS: 'CHARACTER',
  BATTLELINE: 'BATTLELINE',
  'DEDICATED TRANSPORTS': 'DEDICATED TRANSPORT',
  'OTHER DATASHEETS': 'OTHER DATASHEETS',
  'ALLIED UNITS': 'ALLIED UNITS',
};
const NR_FORMATS = new Set(['nrgw', 'wtc', 'wtccompact', 'nrshort']);

/** Whether the source is a New Recruit text (its banner values and section names are kept as written). */
export function fromNewRecruit(army: Army): boolean {
  return NR_FORMATS.has(army.source.format ?? '');
}

/** What no New Recruit text can hold, said once. */
export function nrDrops(out: Out, army: Army): void {
  if (army.size && army.size.points === undefined) out.drop('size', `the battle size ${army.size.name} (New Recruit states a points limit only)`);
  if (army.dpTotal !== undefined || army.dpEach.some((d) => d !== undefined)) out.drop('dp', 'Detachment Points (New Recruit names the detachment alone)');
  const notes = army.units.flatMap((u) => u.notes.map((n) => n.text));
  if (notes.length) out.drop('notes', `notes ${notes.map((n) => `"${n}"`).join(', ')}`);
}

/** A unit is numbered `CharN` in the body when it is a character, or holds the Warlord or an enhancement. */
export const isNrChar = (u: ArmyUnit) => u.section === 'CHARACTERS' || u.warlord || u.enhancements.length > 0;

/** The banner, with the characters numbered in the body's order (`order`); returns each character's id. */
export function banner(out: Out, army: Army, order: ArmyUnit[], isChar: (u: ArmyUnit) => boolean = isNrChar): Map<ArmyUnit, string> {
  const names = out.names;
  const ids = new Map<ArmyUnit, string>();
  order.filter(isChar).forEach((u, i) => ids.set(u, `Char${i + 1}`));
  const ref = (u: ArmyUnit, id = ids.get(u)) => `${id ? `${id}: ` : ''}${names.plain(u.name)}`;
  const src = fromNewRecruit(army) ? army.source.nrBanner : undefined;
  const rows: Array<[string, string | undefined]> = [];
  const fp = factionPath(army, (p) => names.header(p, { dash: true }));
  rows.push(['LIST NAME', army.title !== undefined ? names.plain(army.title) : undefined]);
  rows.push(['FACTION KEYWORD', fp && (asWritten(src, 'FACTION KEYWORD', fp) ?? fp)]);
  const ds = army.detachments.map((d) => names.header(d)).join(', ');
  rows.push(['DETACHMENT', ds ? (asWritten(src, 'DETACHMENT', ds, true) ?? ds) : undefined]);
  const fd = army.dispositions.map((d) => names.header(d)).join(', ');
  rows.push(['FORCE DISPOSITION', fd ? (asWritten(src, 'FORCE DISPOSITION', fd) ?? fd) : undefined]);
  rows.push(['TOTAL ARMY POINTS', army.total !== undefined ? `${army.total}pts` : undefined]);
  rows.push(['POINTS LIMIT', army.size?.points !== undefined ? `${army.size.points}pts` : undefined]);
  rows.push(['+', '']);
  const warlord = order.find((u) => u.warlord);
  rows.push(['WARLORD', warlord && ref(warlord)]);
  // The 10th-edition exports numbered an enhancement's character among the enhanced characters.
  const enhanced = order.filter((u) => u.enhancements.length);
  const enh = enhanced.flatMap((u, i) => u.enhancements.map((e) => `${names.item(e.name)} (on ${ref(u, army.edition === 10 && ids.has(u) ? `Char${i + 1}` : ids.get(u))})`));
  rows.push(['ENHANCEMENT', enh.length ? enh.join('\u0000') : undefined]);
  rows.push(['NUMBER OF UNITS', String(army.units.length)]);

  out.line(src?.fence ?? FENCE);
  for (const [k, v] of rows) {
    if (k === '+') out.line('+');
    else if (v !== undefined) {
      const [first, ...more] = v.split('\u0000');
      out.line(`+ ${k}: ${first}`);
      for (const m of more) out.line(`& ${m}`);
    } else if (src?.empty.has(k)) out.line(`+ ${k}: ${src.empty.get(k)}`.trimEnd());
    for (const x of src?.extra ?? []) if (x.after === k) out.line(x.line);
  }
  for (const x of src?.extra ?? []) if (x.after === undefined) out.line(x.line);
  out.line(src?.fence ?? FENCE);
  return ids;
}

/**
 * A banner value as the source wrote it, when it says what the army says (NBSP kept; a detachment's rule name,
 * "Berzerker Warband (Relentless Rage)", kept when `rule` is set).
 */
function asWritten(src: NrBanner | undefined, key: string, value: string, rule = false): string | undefined {
  const raw = src?.values.get(key);
  if (raw === undefined) return undefined;
  const plain = raw.replace(/\u00A0/g, ' ').trim();
  const bare = rule ? plain.split(/\s*,\s*/).map((d) => d.replace(/\s*\([^()]*\)$/, '')).join(', ') : plain;
  return bare === value ? raw.trim() : undefined;
}

/** A New Recruit enhancement line's text: "Name (+N pts)", or "Enhancement: Name" when the list states no cost. */
export function enhancementText(out: Out, e: { name: string; points?: number; dataPoints?: number }): string {
  const cost = out.cost(e);
  return cost !== undefined ? `${out.names.item(e.name)} (+${cost} pts)` : `Enhancement: ${out.names.item(e.name)}`;
}

/** The section words a New Recruit text writes: the source's own when it is one, else New Recruit's for the app section. */
export function nrSectionName(army: Army, u: ArmyUnit): string {
  return fromNewRecruit(army) && u.sourceSection ? u.sourceSection : NR_SECTION[u.section];
}
