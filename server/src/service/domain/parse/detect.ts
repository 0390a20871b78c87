// Which exporter wrote the text. Each format has a signature line or shape;
// the official app format is the fallback (hand-written lists follow it).
import type { ListFormat } from './ast';
import type { Line } from './lines';
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
/** APP2's patterns, each tried only on a (trimmed) line its first character or its end allows. */
function app2Line(t: string): boolean {
  const c = t.charCodeAt(0) | 0x20;
  if (statesDpTail(t) && APP2[0].test(t)) return true;
  if ((c === 0x66 /* f */ || c === 0x64) /* d */ && APP2[1].test(t)) return true;
  if ((c === 0x61 /* a */ || c === 0x75) /* u */ && APP2[2].test(t)) return true;
  return c === 0x65 /* e */ && APP2[3].test(t);
}

/** What APP2[0] needs at a line's end: "Detachment Point(s))" or "...tachement)" before its closing parenthesis. */
function statesDpTail(t: string): boolean {
  if (t.charCodeAt(t.length - 1) !== 41 /* ) */) return false;
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
/** Whether a line opens as a battle size's name can: "C", "I", "S" or "O". */
function sizeInitial(t: string): boolean {
  const c = t.charCodeAt(0);
  return c === 67 || c === 73 || c === 83 || c === 79;
}

/** Auspex's compact text: "Title (2000 pts)" then a header line joined by " · ". */
const COMPACT_TITLE = /\(\s*\d[\d,]*\s*pts\s*\)$/;

/**
 * Non-blank lines read at most from each end of a longer text: a list within the size limits (5,000 lines) is read
 * whole; a pasted 100,000-line one is known by its head and its footer, not by a dozen patterns over every line.
 */
const SAMPLE = 5000;

/** The lines detection reads: the non-blank ones, or the first and last SAMPLE of them. */
function sample(lines: Line[]): Line[] {
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

export function detectFormat(all: Line[]): ListFormat {
  const lines = sample(all);
  const texts = lines.map(trimmed);
  const first = texts[0] ?? '';
  if (texts.length > 1 && texts[1].includes(' · ') && (COMPACT_TITLE.test(first) || !/\(\s*\d/.test(first))) return 'compact';
  // Each pattern is tried only on the lines its first or last character allows (texts are trimmed), and the lines
  // are read in two passes, not one per pattern: a banner, a roster line or a footer first, then the body's shapes.
  const head = headSigns(texts);
  if (head.banner) {
    if (texts.some(tournamentLine)) return 'wtccompact';
    if (texts.some((t) => (charIdFirst(t) && CHAR_LINE.test(t)) || (digitFirst(t) && WITH.test(t)))) return 'wtc';
    return 'nrgw';
  }
  if (head.roster) return 'battlescribe';
  if (NRS_TITLE.test(first) || head.markdown) return 'nrsimple';
  if (WARORGAN_TITLE.test(first) || head.warOrganFooter || (head.battleSizeKey && head.detachmentsKey)) return 'warorgan';
  const body = bodySigns(texts);
  if (body.pts > body.points) {
    if (body.roles > 0 && body.tight < body.pts) return 'listforge';
    return body.tight > 0 || body.roles === 0 ? 'nrshort' : 'listforge';
  }
  if (body.warOrganAppSize && lines.some((l) => l.text.charCodeAt(0) === 9 && /^\t+[•◦]/.test(l.text))) return 'warorganapp';
  if (body.app2) return 'gwapp2';
  // The flattened v2 paste: unit lines like "Paladin Squad485 Points".
  if (body.flattened >= 2) return 'gwapp2';
  return 'gwapp';
}

/** What the exporters' banners, roster lines, markdown headers and footers leave, each known by its first character. */
function headSigns(texts: string[]) {
  const signs = { banner: false, roster: false, markdown: false, warOrganFooter: false, battleSizeKey: false, detachmentsKey: false };
  for (const t of texts) {
    const c = t.charCodeAt(0);
    if (c === 43 /* + */) {
      signs.banner ||= BANNER.test(t);
      signs.roster ||= BS.test(t);
    } else if (c === 35 /* # */) signs.markdown ||= NRS.test(t);
    else if ((c | 0x20) === 0x63 /* c */) signs.warOrganFooter ||= WARORGAN_FOOTER.test(t);
    else if ((c | 0x20) === 0x62 /* b */) signs.battleSizeKey ||= /^Battle Size\s*:/i.test(t);
    else if ((c | 0x20) === 0x64 /* d */) signs.detachmentsKey ||= /^Detachments\s*:/i.test(t);
  }
  return signs;
}

/** The body's shapes: points statements of each kind, role headers, War Organ's app-style battle size, the app v2's signs. */
function bodySigns(texts: string[]) {
  const signs = { pts: 0, points: 0, tight: 0, roles: 0, warOrganAppSize: false, app2: false, flattened: 0 };
  for (const t of texts) {
    const last = t.charCodeAt(t.length - 1);
    // POINTS and PTS need a "(", ROLE (letters and spaces) has none, opens with a capital and ends in ":".
    if (t.includes('(')) {
      if (endsInPoints(t)) signs.points++;
      else if (PTS.test(t)) {
        signs.pts++;
        if (PTS_TIGHT.test(t)) signs.tight++;
      }
    } else if (last === 58 /* : */ && t.charCodeAt(0) >= 65 && t.charCodeAt(0) <= 90 && ROLE.test(t)) signs.roles++;
    signs.warOrganAppSize ||= last === 41 /* ) */ && sizeInitial(t) && WARORGAN_APP_SIZE.test(t);
    signs.app2 ||= app2Line(t);
    if (last === 115 /* s */ && t.endsWith('Points') && /[^\s\d,(]\d[\d,]*\s*Points$/.test(t)) signs.flattened++;
  }
  return signs;
}
