// The bullets of a unit body that are not wargear: the Warlord, Enhancements ("Enhancement: X (+15 pts)", "Relic
// (+20 pts)"), "Leading: X" and New Recruit's option bundles ("B: ..."). Asked of every body bullet, so each pattern is
// tried only where the bullet's first characters (or its closing bracket) allow it, and the labels are read by hand
// (test/unit/parse-scans-body.test.ts and parse-scans-body2.test.ts compare them with the patterns).
import { letterCode, opensWith } from './common';
import { grp, isSpaceCode, toNumber, trimEnd } from './lines';
import { countNameAt } from './counts';

export type Special =
  | { kind: 'warlord' }
  | { kind: 'enhancement'; name: [number, number]; points?: number }
  | { kind: 'leading'; name: [number, number] }
  | { kind: 'bundle' };

export const WARLORD = /^(?:warlord|seigneur de guerre)$/i;
export const ENH_PREFIX = /^(?:enhancements?|optimisations?|e)\s*:\s*(.+?)\s*$/di;
export const LEADING = /^(?:leading|attached to)\s*:\s*(.+?)\s*$/di;
export const PRICED = /^(.+?)\s*(?:\(\s*\+\s*(\d[\d,]*)\s*(?:pts?|points?)\s*\)|\[\s*\+?\s*(\d[\d,]*)\s*(?:pts?|points?)\s*\])$/di;
export const BUNDLE = /^B\s*:/;

/** Recognises the bullets that are not wargear: Warlord, enhancements, Leading, option bundles. */
export function special(src: string, start: number, end: number, priced: boolean): Special | undefined {
  if (end <= start) return undefined;
  // WARLORD matches a "w" of 7 characters or an "s" of 18; the labelled patterns (BUNDLE, ENH_PREFIX, LEADING) open
  // with their word's first two characters ("B" then a space or colon; "en", "e" then a space or colon, "op"; "le",
  // "at"); PRICED ends in a bracket. Most bullets are none ("2x Bolt pistol"), and are refused after a character or two.
  const c0 = src.charCodeAt(start);
  const first = letterCode(c0);
  if (first !== 0) {
    const len = end - start;
    if ((len === 7 ? first === 0x77 /* w */ : len === 18 && first === 0x73) /* s */ && WARLORD.test(src.slice(start, end))) return { kind: 'warlord' };
    const c1 = start + 1 < end ? src.charCodeAt(start + 1) : -1;
    const second = letterCode(c1);
    const labelled =
      c0 === 66 /* B */
        ? c1 === 58 || isSpaceCode(c1)
        : first === 0x65 /* e */
          ? second === 0x6e /* n */ || c1 === 58 || isSpaceCode(c1)
          : (first === 0x6f /* o */ && second === 0x70) /* p */ || (first === 0x6c /* l */ && second === 0x65) /* e */ || (first === 0x61 /* a */ && second === 0x74); /* t */
    const found = labelled ? labelledSpecial(src, start, end, c0, first) : undefined;
    if (found) return found;
  }
  if (!priced) return undefined;
  const last = src.charCodeAt(end - 1);
  if (last !== 41 /* ) */ && last !== 93 /* ] */) return undefined;
  const m = PRICED.exec(src.slice(start, end));
  if (m && countNameAt(src, start, end) < 0) return { kind: 'enhancement', name: grp(m, 1, start)!, points: toNumber(m[2] ?? m[3]) };
  return undefined;
}

/** Where the white space starting at `s` ends, at `e` at the latest. */
function spacesEnd(src: string, s: number, e: number): number {
  while (s < e && isSpaceCode(src.charCodeAt(s))) s++;
  return s;
}

/** The content [at, end) of the last label labelAt read. One object for every reading: the caller takes it at once. */
const label = { at: 0, end: 0 };

/**
 * Whether [s, e) of `src` reads as /^(?:word)\s*:\s*(.+?)\s*$/i (`word` in lower case, its ASCII letters in any case):
 * the content (group 1) put in `label`. No text holds a line terminator (parseArmyList reads U+2028/U+2029 as
 * spaces), so `.` takes any character.
 */
function labelAt(src: string, s: number, e: number, word: string): boolean {
  if (!opensWith(src, s, e, word)) return false;
  const colon = spacesEnd(src, s + word.length, e);
  if (colon === e || src.charCodeAt(colon) !== 58 /* : */) return false;
  const at = spacesEnd(src, colon + 1, e);
  // Only white space after the colon: `\s*` gives its last character back to `(.+?)`; nothing at all fails.
  if (at === e) {
    if (at === colon + 1) return false;
    label.at = e - 1;
    label.end = e;
    return true;
  }
  label.at = at;
  label.end = trimEnd(src, at, e);
  return true;
}

/** ENH_PREFIX's and LEADING's labels, as their alternatives (only one can match a text: what follows each differs). */
const ENH_LABELS = ['enhancements', 'enhancement', 'optimisations', 'optimisation', 'e'];
const LEADING_LABELS = ['leading', 'attached to'];

/** Whether one of `words` labels [s, e) (labelAt). */
function labelledBy(src: string, s: number, e: number, words: string[]): boolean {
  for (const w of words) if (labelAt(src, s, e, w)) return true;
  return false;
}

/**
 * The labelled bullets: option bundles ("B: ..."), enhancements ("Enhancement: X (+15 pts)"), Leading. Read by hand as
 * BUNDLE, ENH_PREFIX and LEADING match (test/unit/parse-scans-body.test.ts compares them).
 */
function labelledSpecial(src: string, start: number, end: number, c0: number, first: number): Special | undefined {
  if (c0 === 66 /* B */) {
    const colon = spacesEnd(src, start + 1, end);
    if (colon < end && src.charCodeAt(colon) === 58 /* : */) return { kind: 'bundle' };
  }
  if ((first === 0x65 || first === 0x6f) && labelledBy(src, start, end, ENH_LABELS)) {
    const r: [number, number] = [label.at, label.end];
    // PRICED ends in a closing bracket.
    const last = src.charCodeAt(r[1] - 1);
    const p = last === 41 /* ) */ || last === 93 /* ] */ ? PRICED.exec(src.slice(r[0], r[1])) : null;
    if (p) {
      const n = grp(p, 1, r[0])!;
      return { kind: 'enhancement', name: n, points: toNumber(p[2] ?? p[3]) };
    }
    return { kind: 'enhancement', name: r };
  }
  if ((first === 0x6c || first === 0x61) && labelledBy(src, start, end, LEADING_LABELS)) return { kind: 'leading', name: [label.at, label.end] };
  return undefined;
}
