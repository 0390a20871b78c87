// The labelled bullets of parse/body.ts (special: "B: ...", "Enhancement: X", "Leading: Y") are read by hand: checked
// here against BUNDLE, ENH_PREFIX and LEADING on every spelling of their labels, in any case, with white space and
// colons around them, on ranges of a longer text (a reader looking beyond its range fails).
import * as assert from 'assert';
import { BUNDLE, ENH_PREFIX, LEADING, PRICED, special } from '../../server/src/service/domain/parse/special';
import { random } from './scan-helpers';

/** What the labelled patterns make of `t` (at `base` in the list), as special reads it (the priced pattern aside). */
function reference(t: string, base: number): unknown {
  const at = (m: RegExpExecArray) => [base + m.indices![1][0], base + m.indices![1][1]];
  if (BUNDLE.test(t)) return 'bundle';
  const m = ENH_PREFIX.exec(t);
  if (m) {
    // A priced name ("Helm (+15 pts)") is named without its price.
    const p = PRICED.exec(m[1]);
    const r = at(m);
    return ['enhancement', p ? [r[0] + p.indices![1][0], r[0] + p.indices![1][1]] : r];
  }
  const l = LEADING.exec(t);
  if (l) return ['leading', at(l)];
  return undefined;
}

/** special's answer in reference's terms (only texts without a price are asked: PRICED is tried as a pattern). */
function answer(src: string, s: number, e: number): unknown {
  const sp = special(src, s, e, false);
  if (!sp || sp.kind === 'warlord') return undefined;
  return sp.kind === 'bundle' ? 'bundle' : [sp.kind, sp.name];
}

describe('the labelled bullets (parse/special.ts special) read by hand as BUNDLE, ENH_PREFIX and LEADING match', () => {
  const words = ['Enhancements', 'ENHANCEMENT', 'enhancement', 'Enhancementx', 'enh', 'Optimisations', 'optimisation', 'OPTIMISATIONs', 'e', 'E', 'en', 'Leading', 'LEADING', 'leadin', 'Attached to', 'attached  to', 'ATTACHED TO', 'attached', 'B', 'b', 'Bb', ':', ':', ' ', '  ', '\t', '\u00a0', 'Helm', 'x', '1', ')', '(+15 pts)', 'ſ'];
  const sides = ['', 'x', ' ', ':', 'a'];
  it('on labels in any case with random content, on ranges of longer texts', () => {
    const r = random(41);
    for (let i = 0; i < 20000; i++) {
      const t = Array.from({ length: 1 + Math.floor(r() * 5) }, () => words[Math.floor(r() * words.length)]).join('');
      const before = sides[Math.floor(r() * sides.length)];
      const src = before + t + sides[Math.floor(r() * sides.length)];
      const s = before.length;
      // WARLORD is no labelled bullet: texts it reads are left out.
      if (special(src, s, s + t.length, false)?.kind === 'warlord') continue;
      assert.deepStrictEqual(answer(src, s, s + t.length), reference(t, s), JSON.stringify(t));
    }
  });
  it('on the labels followed by nothing, white space alone, or content', () => {
    for (const w of ['Enhancement', 'Enhancements', 'Optimisation', 'e', 'E', 'Leading', 'Attached to', 'B'])
      for (const mid of ['', ' ', '\t '])
        for (const tail of [':', ': ', ':  ', ':X', ': X ', ':\u00a0', ' ::']) {
          const t = w + mid + tail;
          for (const after of ['', 'x', ' ']) assert.deepStrictEqual(answer(t + after, 0, t.length), reference(t, 0), JSON.stringify(t));
        }
  });
});
