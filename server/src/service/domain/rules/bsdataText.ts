// BattleScribe markup and profile characteristics → plain text.
import { kids, attr, text, XNode } from './bsdataXml';
import { BOUNDS, capText } from '../bounds';

// ---------------------------------------------------------------- markup

/**
 * A keyword marked up as BSData writes it: `**^^Vehicle^^**`, `^^**Vehicle**^^` (the 11e ANTI example) or
 * `^^**Grey Knights^^**` (the markers interleaved), or bare `^^Vehicle^^`: a `^^` pair, either marker with its
 * bold stars; a marker the data mistyped is one too (`^^*Monsters^^**`, `**^Anathema Psykana^^**`). The keyword itself holds no marker: a lazy pair reaching from one keyword's closing marker to the
 * next keyword's opening one capitalised the whole clause between them. The negated class keeps the scan linear
 * whatever the text holds.
 */
const KEYWORD = /\*{0,2}\^{1,2}\*{0,2}([^*^\n\r\u2028\u2029]*)\*{0,2}\^{1,2}\*{0,2}/g;

/** BSData markup → plain text: `**^^Keyword^^**` (and the other ways of `KEYWORD` above) becomes KEYWORD, `**bold**` and `*italics*` lose their stars. */
export function bsText(s: string): string {
  // Linear in the text whatever it holds (lazy regexes went quadratic on unclosed markers: 600 KB of "**^^").
  const upper = (_m: string, k: string) => k.toUpperCase();
  // Stars are only ever emphasis in BSData text: any left once the pairs are read belong to a pair the data lost
  // ("**Example: An attack made with a **[DEVASTATING WOUNDS]** weapon … wound** is lost.*"), and go too.
  const t = replacePairs(s.replace(KEYWORD, upper), '**', '**', (k) => k)
    .replace(/\*+/g, '')
    .replace(/\r\n/g, '\n')
    .trim();
  return capText(t, BOUNDS.dataTextChars);
}

/**
 * `text.replace(/open(.*?)close/g, (_, k) => f(k))` in linear time: the content does not cross a line break,
 * matches do not overlap, left to right. Every search moves forward only.
 */
export function replacePairs(text: string, open: string, close: string, f: (inner: string) => string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  let closeAt = -1;
  let breakAt = -1;
  for (;;) {
    const o = text.indexOf(open, from);
    if (o < 0) break;
    const start = o + open.length;
    if (closeAt !== Infinity && closeAt < start) {
      closeAt = text.indexOf(close, start);
      if (closeAt < 0) closeAt = Infinity;
    }
    if (closeAt === Infinity) break;
    if (breakAt !== Infinity && breakAt < start) breakAt = nextLineBreak(text, start);
    if (breakAt < closeAt) {
      from = breakAt + 1;
      continue;
    }
    out += text.slice(copied, o) + f(text.slice(start, closeAt));
    copied = from = closeAt + close.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Index of the first line terminator (as a regex `.` sees them) at or after `i`, Infinity when none. */
function nextLineBreak(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return i;
  }
  return Infinity;
}

export function characteristics(p: XNode): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of kids(p, 'characteristics', 'characteristic')) m.set((attr(c, 'name') ?? '').toUpperCase(), text(c).trim());
  return m;
}

export function description(p: XNode): string {
  const ch = characteristics(p);
  return bsText(ch.get('DESCRIPTION') ?? ch.values().next().value ?? '');
}
