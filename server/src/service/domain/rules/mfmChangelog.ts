// The Munitorum Field Manual data's own changelog (DATA-CHANGELOG.md, newest first; it ships with the YAML files):
// per version, every price, Detachment Point, force disposition and unique-tag change with its old and new values,
// the prices added and removed. Read into entries a later step can undo (`mfmHistory.ts`: the prices of an older
// version). Pure: receives the text, never throws; a line it cannot read is kept as unread, never guessed at.
//
//   ## [2026-07-22] — MFM v1.1
//   ### Changed
//   - **T’au Empire**: Commander Farsight — 1 model: 80 → 70 pts (-10)
//   - **T’au Empire**: Riptide Battlesuit — 1 model [[1,2]]: 180 → 190 pts (+10)
//   - **T’au Empire**: Riptide Battlesuit — Ion accelerator: 20 → 25 pts (+5)
//   - **Adepta Sororitas**: Penitent Host · Refrain of Enduring Faith: 25 → 15 pts (-10)
//   - **T’au Empire**: Retaliation Cadre — DP: 2 → 3
//   - **T’au Empire**: Kauyon — objective: PRIORITY ASSETS → RECONNAISSANCE
//   ### Added / ### Removed
//   - **T’au Empire**: Pathfinder Team — 10 models [[1,2]] (85 pts)
//   - **T’au Empire**: removed Pathfinder Team — 10 models (was 80 pts)
import type { MfmChange, MfmChangelog, MfmVersionLog } from './model';
import { parseCopyRange } from './mfmFormat';

export type { MfmChange, MfmChangelog, MfmVersionLog };
import { BOUNDS } from '../bounds';

const HEADING = /^##\s*\[(\d{4}-\d{2}-\d{2})\]\s*[—–-]\s*MFM\s+v?(\d+(?:\.\d+)*)\s*$/i;
const ITEM = /^-\s+\*\*(.+?)\*\*:\s+(.+?)\s*$/;
const SIZE = String.raw`(\d+)\s+models?(?:\s+\[(\[[^\]]*[\])])\])?`;
const PRICE_CHANGE = new RegExp(String.raw`^(.+?)\s+—\s+${SIZE}:\s+(\d+)\s+→\s+(\d+)\s+pts\b`);
const PRICE_ADDED = new RegExp(String.raw`^(.+?)\s+—\s+${SIZE}\s+\((\d+)\s+pts\)$`);
const PRICE_REMOVED = new RegExp(String.raw`^removed\s+(.+?)\s+—\s+${SIZE}\s+\(was\s+(\d+)\s+pts\)$`);
const FIELD_CHANGE = /^(.+?)\s+—\s+(DP|objective|unique):\s+(.+?)\s+→\s+(.+)$/;
const ENH_CHANGE = /^(.+?)\s+·\s+(.+?):\s+(\d+)\s+→\s+(\d+)\s+pts\b/;
const ENH_ADDED = /^(.+?)\s+·\s+(.+?)\s+\((\d+)\s+pts\)$/;
const ENH_REMOVED = /^removed\s+(.+?)\s+·\s+(.+?)\s+\(was\s+(\d+)\s+pts\)$/;
// A wargear item's name never starts with a count ("Gretchin — 1 Runtherd, 10 Gretchin (45 pts)" is a composition, not read).
const GEAR_CHANGE = /^(.+?)\s+—\s+(?!\d)(.+?):\s+(\d+)\s+→\s+(\d+)\s+pts\b/;
const GEAR_ADDED = /^(.+?)\s+—\s+(?!\d)(.+?)\s+\((\d+)\s+pts\)$/;
const GEAR_REMOVED = /^removed\s+(.+?)\s+—\s+(?!\d)(.+?)\s+\(was\s+(\d+)\s+pts\)$/;

/** The separators the patterns try one after another; a real line has at most 4. */
const SEPARATORS = /[—·→]/g;
const MAX_SEPARATORS = 12;

/** "—" (none) as the changelog writes an absent value. */
const none = (v: string) => (/^[—–-]$/.test(v.trim()) ? undefined : v.trim());

/** Reads DATA-CHANGELOG.md. Lines of no version, or beyond the bounds, are left out. */
export function readMfmChangelog(text: string): MfmChangelog {
  const versions: MfmVersionLog[] = [];
  let unread = 0;
  let current: MfmVersionLog | undefined;
  const lines = text.length > BOUNDS.mfmFileChars ? [] : text.split(/\r?\n/);
  for (const raw of lines) {
    // The patterns below try each separator of a line against the rest of it: lines of bounded length and separators,
    // each space run one space, keep that linear (a 1 MB line of separators took minutes).
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line.length > BOUNDS.mfmChangelogLineChars || (line.match(SEPARATORS)?.length ?? 0) > MAX_SEPARATORS) {
      if (current && line.startsWith('-')) unread++;
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      const [, date, version] = h;
      current = versions.find((v) => v.version === version);
      if (!current) versions.push((current = { version, dates: [], changes: [], unreadEntries: [] }));
      if (!current.dates.includes(date)) current.dates.push(date);
      current.dates.sort();
      continue;
    }
    const m = current && ITEM.exec(line);
    if (!m || !current) continue;
    const change = readChange(m[1].trim(), m[2], line.replace(/^-\s+/, ''));
    if (change) current.changes.push(change);
    else {
      unread++;
      // "Gretchin — 1 Runtherd, 10 Gretchin (45 pts)": a price of a form not read; the entry's history is uncertain.
      const entry = /^(?:removed\s+)?(.+?)\s+[—·]\s+.*\bpts\b/.exec(m[2]);
      if (entry) current.unreadEntries.push({ faction: m[1].trim(), name: entry[1] });
    }
  }
  return { versions, unread };
}

function readChange(faction: string, body: string, line: string): MfmChange | undefined {
  const copies = (range: string | undefined) => (range ? parseCopyRange(range) : { from: 1 });
  let m: RegExpExecArray | null;
  if ((m = PRICE_REMOVED.exec(body))) {
    const c = copies(m[3]);
    return c && { faction, target: { kind: 'unit', unit: m[1], models: Number(m[2]), copies: c }, from: m[4], line };
  }
  if ((m = ENH_REMOVED.exec(body))) return { faction, target: { kind: 'enhancement', detachment: m[1], enhancement: m[2] }, from: m[3], line };
  if ((m = GEAR_REMOVED.exec(body))) return { faction, target: { kind: 'wargear', unit: m[1], item: m[2] }, from: m[3], line };
  if ((m = PRICE_CHANGE.exec(body))) {
    const c = copies(m[3]);
    return c && { faction, target: { kind: 'unit', unit: m[1], models: Number(m[2]), copies: c }, from: m[4], to: m[5], line };
  }
  if ((m = PRICE_ADDED.exec(body))) {
    const c = copies(m[3]);
    return c && { faction, target: { kind: 'unit', unit: m[1], models: Number(m[2]), copies: c }, to: m[4], line };
  }
  if ((m = FIELD_CHANGE.exec(body))) {
    const field = m[2] === 'DP' ? 'dp' : (m[2] as 'objective' | 'unique');
    return { faction, target: { kind: 'detachment', detachment: m[1], field }, from: none(m[3]), to: none(m[4]), line };
  }
  if ((m = ENH_CHANGE.exec(body))) return { faction, target: { kind: 'enhancement', detachment: m[1], enhancement: m[2] }, from: m[3], to: m[4], line };
  if ((m = ENH_ADDED.exec(body))) return { faction, target: { kind: 'enhancement', detachment: m[1], enhancement: m[2] }, to: m[3], line };
  if ((m = GEAR_CHANGE.exec(body))) return { faction, target: { kind: 'wargear', unit: m[1], item: m[2] }, from: m[3], to: m[4], line };
  if ((m = GEAR_ADDED.exec(body))) return { faction, target: { kind: 'wargear', unit: m[1], item: m[2] }, to: m[3], line };
  return undefined;
}

/** Compares MFM versions numerically ("1.10" after "1.9"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
