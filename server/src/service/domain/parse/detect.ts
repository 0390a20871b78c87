// Which exporter wrote the text. Each format has a signature line or shape;
// the official app format is the fallback (hand-written lists follow it).
import type { ListFormat } from './ast';
import { Line, isSpaceCode } from './lines';
import { beforeSpaces, endsFolded, endsInPoints } from './lineEnds';
import { digitFirst } from './counts';

const BANNER = /^\+{5,}\s*$/;
const CHAR_INLINE = /^[A-Za-z]+\d+\s*:\s*(?:\d+\s*x\s+)?.*\(\s*\d[\d,]*\s*pts?\s*\)\s*:/;
const CHAR_LINE = /^[A-Za-z]+\d+\s*:\s*(?:\d+\s*x\s+)?.*\(\s*\d[\d,]*\s*pts?\s*\)/;
const WITH = /^\s*\d+\s+with\s/;
/** New Recruit's tournament export without points (a Combat Patrol list): "Char1: 1x Name: A, B", "• 9x Model: 9 with A", "1x Name (N pts): A". */
const TOURNAMENT_INLINE = [/^[A-Za-z]+\d+\s*:\s*\d+\s*x\s+[^:()]+:\s/, /^[•◦]\s*\d+\s*x\s+[^:]+:\s*\d+\s+with\s/, /^\d+\s*x\s+.*\(\s*\d[\d,]*\s*pts?\s*\)\s*:\s*\S/];
const BS = /^(\+\+\s*Army Roster|\+\s+Configuration\s+\+$)/;
const NRS = /^(#\s*\+\+\s*Army Roster|##\s+.*\[\s*\d[\d,]*\s*pts?\s*\]\s*$|##\s+Configuration\s*$)/;
const NRS_TITLE = /\s-\s\[\s*\d[\d,]*\s*pts?\s*\]\s*$/;
const PTS = /\(\s*\d[\d,]*\s*pts?\s*\)(\s*:.*)?$/;
const PTS_TIGHT = /\(\s*\d[\d,]*pts\)/;
export const POINTS = /\(\s*\d[\d,]*\s*points\)\s*$/i;
const ROLE = /^[A-Z][A-Za-z ]*:\s*$/;
// War Organ: its footer, a "Name [2000 points]" title, or its "Battle Size:" + "Detachments:" header.
const WARORGAN_FOOTER = /^Created with War ?Organ/i;
const WARORGAN_TITLE = /^(?:.*\S\s*)?\[\s*\d[\d,]*\s*points?\s*\]$/i;
// The official app's v2 (11th edition): Detachment Points, force dispositions, an Attached Units block, the v2 footer.
const APP2 = [
  /\(\s*\d+\s*(?:Detachment Points?|Points? de D[ée]tachement)\s*\)$/i,
  /^(?:Force Dispositions?|Dispositions? des Forces?)\s*:/i,
  /^(?:ATTACHED UNITS|UNIT[ÉE]S ATTACH[ÉE]ES)$/i,
  /^(?:Exported with App Version|Export[ée] avec la Version de l.Appli)\s*:\s*v?[2-9]/i,
];
/** APP2's patterns, each tried only on a (trimmed) line, at `at` in `src`, that its first words or its last character `last` allow. */
function app2Line(t: string, src: string, at: number, last: number): boolean {
  if (last === 41 /* ) */ && statesDpTail(t) && APP2[0].test(t)) return true;
  const c = src.charCodeAt(at) | 0x20;
  if (c === 0x66 /* f */ || c === 0x64 /* d */) return (opensFolded(src, at, 'force disposition') || opensFolded(src, at, 'disposition')) && APP2[1].test(t);
  if (c === 0x61 /* a */ || c === 0x75 /* u */) return (opensFolded(src, at, 'attached units') || opensFolded(src, at, 'unit')) && APP2[2].test(t);
  return c === 0x65 /* e */ && opensFolded(src, at, 'export') && APP2[3].test(t);
}

/**
 * Whether src holds `lower` (ASCII: letters in any case, a space also passing any character below "!") at `at`: what
 * a pattern that opens with those words (in any case) needs, asked before it is tried. Past the line's end it reads
 * the break or the next line, which is fine for a test that only lets the pattern decide.
 */
function opensFolded(src: string, at: number, lower: string): boolean {
  if (at + lower.length > src.length) return false;
  for (let k = 0; k < lower.length; k++) if ((src.charCodeAt(at + k) | 0x20) !== lower.charCodeAt(k)) return false;
  return true;
}

/** What APP2[0] needs at a line's end (a line ending in ")"): "Detachment Point(s))" or "...tachement)" before its closing parenthesis. */
function statesDpTail(t: string): boolean {
  const k = beforeSpaces(t, t.length - 1);
  return endsFolded(t, k, 'tachement') || endsFolded(t, k, 'detachment point') || endsFolded(t, k, 'detachment points');
}

/** Whether a (trimmed) line opens with a character id ("Char1:"): letters, then a digit, as CHAR_INLINE and CHAR_LINE do. */
function charIdFirst(t: string): boolean {
  let i = 0;
  while (i < t.length && ((t.charCodeAt(i) | 0x20) >= 0x61 && (t.charCodeAt(i) | 0x20) <= 0x7a)) i++;
  const c = t.charCodeAt(i);
  return i > 0 && c >= 48 && c <= 57;
}

/** New Recruit's tournament exports (WTC-Compact, the one without points): CHAR_INLINE or TOURNAMENT_INLINE, each where its first character allows. */
function tournamentLine(t: string): boolean {
  const c = t.charCodeAt(0);
  if (charIdFirst(t)) return CHAR_INLINE.test(t) || TOURNAMENT_INLINE[0].test(t);
  if (c === 0x2022 || c === 0x25e6) return t.includes(':') && TOURNAMENT_INLINE[1].test(t);
  return digitFirst(t) && t.includes(':') && TOURNAMENT_INLINE[2].test(t);
}
// War Organ's app-style export writes "Strike Force (2000 Point)" and tab-indented bullets.
const WARORGAN_APP_SIZE = /^(?:Combat Patrol|Incursion|Strike Force|Onslaught)\s*\(\s*\d[\d,]*\s*Point\s*\)$/;
/** Whether src at `at` opens as a battle size's name does: "Co", "In", "St" or "On". */
function sizeInitial(src: string, at: number): boolean {
  const c = src.charCodeAt(at);
  const d = src.charCodeAt(at + 1);
  return (c === 67 && d === 111) || (c === 73 && d === 110) || (c === 83 && d === 116) || (c === 79 && d === 110);
}

/** Auspex's compact text: "Title (2000 pts)" then a header line joined by " · ". */
const COMPACT_TITLE = /\(\s*\d[\d,]*\s*pts\s*\)$/;

/**
 * Non-blank lines read at most from each end of a longer text: a list within the size limits (5,000 lines) is read
 * whole; a pasted 100,000-line one is known by its head and its footer, not by a dozen patterns over every line.
 */
const SAMPLE = 5000;

/** The lines detection reads: all of them (blank ones are skipped as read), or the first and last SAMPLE non-blank ones. */
function sample(lines: Line[]): Line[] {
  if (lines.length <= SAMPLE) return lines;
  const head: Line[] = [];
  let i = 0;
  for (; i < lines.length && head.length < SAMPLE; i++) if (!lines[i].blank) head.push(lines[i]);
  if (head.length < SAMPLE) return head;
  const tail: Line[] = [];
  for (let j = lines.length - 1; j >= i && tail.length < SAMPLE; j--) if (!lines[j].blank) tail.push(lines[j]);
  return [...head, ...tail.reverse()];
}

/**
 * The line as String.prototype.trim() gives it (the patterns here were written for it): its content, unless the white
 * space cut from it holds a character trim() keeps (a zero-width space, a direction mark), which is rare.
 */
function trimmed(l: Line): string {
  return l.plain ? l.content : l.text.trim();
}

/** The `n`th non-blank line's trimmed text, or "". */
function nonBlank(lines: Line[], n: number): string {
  for (const l of lines) if (!l.blank && n-- === 0) return trimmed(l);
  return '';
}

export function detectFormat(all: Line[]): ListFormat {
  const lines = sample(all);
  const first = nonBlank(lines, 0);
  if (nonBlank(lines, 1).includes(' · ') && (COMPACT_TITLE.test(first) || !/\(\s*\d/.test(first))) return 'compact';
  // Both title patterns end with "]" (a trimmed line ends with no space).
  const titled = first.endsWith(']') && (NRS_TITLE.test(first) || WARORGAN_TITLE.test(first));
  const signs = readSigns(lines, !titled);
  if (signs.banner) {
    for (const l of lines) if (!l.blank && tournamentLine(trimmed(l))) return 'wtccompact';
    for (const l of lines) {
      if (l.blank) continue;
      const t = trimmed(l);
      if ((charIdFirst(t) && CHAR_LINE.test(t)) || (digitFirst(t) && WITH.test(t))) return 'wtc';
    }
    return 'nrgw';
  }
  if (signs.roster) return 'battlescribe';
  if ((titled && NRS_TITLE.test(first)) || signs.markdown) return 'nrsimple';
  if (titled || signs.warOrganFooter || (signs.battleSizeKey && signs.detachmentsKey)) return 'warorgan';
  if (signs.pts > signs.points) {
    if (signs.roles > 0 && signs.tight < signs.pts) return 'listforge';
    return signs.tight > 0 || signs.roles === 0 ? 'nrshort' : 'listforge';
  }
  if (signs.warOrganAppSize && lines.some((l) => !l.blank && l.src.charCodeAt(l.start) === 9 && /^\t+[•◦]/.test(l.text))) return 'warorganapp';
  if (signs.app2) return 'gwapp2';
  // The flattened v2 paste: unit lines like "Paladin Squad485 Points".
  if (signs.flattened >= 2) return 'gwapp2';
  return 'gwapp';
}

/**
 * What the lines show, in one pass: the exporters' banners, roster lines, markdown headers and footers, each known by
 * its first character, and (while `body`: no sign read yet decides the format without them) the body's shapes: points
 * statements of each kind, role headers, War Organ's app-style battle size, the app v2's signs. A banner decides at
 * once. Each pattern is tried only on the lines its first or last character allows: those are read from the line's
 * text (`src`).
 */
function readSigns(lines: Line[], body: boolean) {
  const signs = {
    banner: false, roster: false, markdown: false, warOrganFooter: false, battleSizeKey: false, detachmentsKey: false,
    pts: 0, points: 0, tight: 0, roles: 0, warOrganAppSize: false, app2: false, flattened: 0,
  };
  let colon = -1;
  let searched = Infinity;
  for (const l of lines) {
    if (l.blank) continue;
    const src = l.src;
    let ts = l.contentStart;
    let te = l.contentEnd;
    if (!l.plain) {
      // What trim() keeps of the whole line: it cuts \s alone, and the line (no blank) holds a character it keeps.
      for (ts = l.start; isSpaceCode(src.charCodeAt(ts)); ) ts++;
      for (te = l.end; isSpaceCode(src.charCodeAt(te - 1)); ) te--;
    }
    const t = trimmed(l);
    const c = src.charCodeAt(ts);
    const last = src.charCodeAt(te - 1);
    if (c === 43 /* + */) {
      if (BANNER.test(t)) {
        signs.banner = true;
        return signs;
      }
      signs.roster ||= BS.test(t);
    } else if (c === 35 /* # */) signs.markdown ||= NRS.test(t);
    else if ((c | 0x20) === 0x63 /* c */) signs.warOrganFooter ||= opensFolded(src, ts, 'created with') && WARORGAN_FOOTER.test(t);
    else if ((c | 0x20) === 0x62 /* b */) signs.battleSizeKey ||= opensFolded(src, ts, 'battle size') && /^Battle Size\s*:/i.test(t);
    else if ((c | 0x20) === 0x64 /* d */) signs.detachmentsKey ||= opensFolded(src, ts, 'detachments') && /^Detachments\s*:/i.test(t);
    if (!body) continue;
    if (signs.roster || signs.markdown || signs.warOrganFooter || (signs.battleSizeKey && signs.detachmentsKey)) {
      body = false;
      continue;
    }
    // POINTS and PTS need a "(", ROLE (letters and spaces) has none, opens with a capital and ends in ":". A line
    // ending other than in ")" meets PTS only by ": ..." after its parenthesis: only a line holding a ":" (known by one
    // forward search over the text, not one per line) can.
    let pts = false;
    if (last === 41 /* ) */) {
      if ((src.charCodeAt(te - 2) | 0x20) === 0x73 /* s */ && endsInPoints(t)) signs.points++;
      else pts = PTS.test(t);
    } else if (last === 58 /* : */ && c >= 65 && c <= 90 && !t.includes('(')) {
      if (ROLE.test(t)) signs.roles++;
    } else {
      if (colon < ts || ts < searched) {
        colon = src.indexOf(':', ts);
        if (colon < 0) colon = src.length;
        searched = ts;
      }
      pts = colon < te && t.includes('(') && PTS.test(t);
    }
    if (pts) {
      signs.pts++;
      if (PTS_TIGHT.test(t)) signs.tight++;
    }
    signs.warOrganAppSize ||= last === 41 /* ) */ && sizeInitial(src, ts) && WARORGAN_APP_SIZE.test(t);
    signs.app2 ||= app2Line(t, src, ts, last);
    if (last === 115 /* s */ && src.charCodeAt(te - 2) === 116 /* t */ && t.endsWith('Points') && /[^\s\d,(]\d[\d,]*\s*Points$/.test(t)) signs.flattened++;
  }
  return signs;
}
