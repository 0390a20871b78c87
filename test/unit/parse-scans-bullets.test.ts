// A body line's bullet read without a Bullet object (parse/common.ts bulletMarker and bulletStart, which joinBody and
// the app's finishUnit use, and `bulleted` is made of): checked against a reading by regular expressions, and against
// `bulleted`, on generated and random lines.
import * as assert from 'assert';
import { bulletMarker, bulletStart, bulleted } from '../../server/src/service/domain/parse/common';
import { WS_PATTERN, trimEnd, scanLines } from '../../server/src/service/domain/parse/lines';
import { random } from './scan-helpers';

/** The reference: a bullet character then white space (`\s`) or the content's end; its content trimmed of WS_PATTERN. */
const MARKER = /^([•◦▪‣·*-])(?=\s|$)/;
const LEADING = new RegExp(`^(?:${WS_PATTERN.source})*`);
const TRAILING = new RegExp(`(?:${WS_PATTERN.source})*$`);
function reference(content: string, at: number): { marker: string; start: number; end: number } {
  const m = MARKER.exec(content);
  if (!m) return { marker: '', start: at, end: at + content.length };
  const rest = content.slice(1);
  const lead = LEADING.exec(rest)![0].length;
  const trail = lead === rest.length ? 0 : TRAILING.exec(rest)![0].length;
  return { marker: m[1] === '◦' ? '◦' : '•', start: at + 1 + lead, end: at + 1 + rest.length - trail };
}

describe('a body line\'s bullet read without a Bullet (parse/common.ts bulletMarker, bulletStart) reads as bulleted', () => {
  const pieces = ['•', '◦', '▪', '‣', '·', '*', '-', ' ', '  ', '\t', '\u00A0', '\u200B', '\u2028', '1x ', '2x', 'Bolt pistol', 'x', ':', '(', '5 points)', 'a'];
  const check = (text: string) => {
    // Two scans: the one asked first by the reader under test, the other by bulleted (which keeps its Bullet).
    const mine = scanLines(text);
    const theirs = scanLines(text);
    for (let i = 0; i < mine.length; i++) {
      const marker = bulletMarker(text, mine[i]);
      const start = bulletStart(text, mine[i], marker);
      const got = { marker, start, end: trimEnd(text, start, mine[i].contentEnd) };
      assert.deepStrictEqual(got, reference(mine[i].content, mine[i].contentStart), JSON.stringify(text));
      assert.deepStrictEqual(got, { ...bulleted(text, theirs[i]) }, JSON.stringify(text));
      assert.strictEqual(mine[i].bullet, undefined, 'bulletMarker keeps no Bullet on the line');
    }
  };
  it('on every pair and triple of the pieces bullets are made of', () => {
    let n = 0;
    for (const a of pieces) for (const b of pieces) {
      check(a + b);
      n++;
      for (const c of pieces) {
        check(a + b + c);
        n++;
      }
    }
    assert.ok(n > 9000, `${n} lines`);
  });
  it('on random lines', () => {
    const r = random(2026);
    let bullets = 0;
    for (let k = 0; k < 20000; k++) {
      let t = '';
      const len = 1 + Math.floor(r() * 6);
      for (let j = 0; j < len; j++) t += pieces[Math.floor(r() * pieces.length)];
      check(t);
      for (const l of scanLines(t)) if (bulletMarker(t, l)) bullets++;
    }
    // The generator does make bullets (the test would otherwise compare empty readings alone).
    assert.ok(bullets > 2000, `${bullets} bulleted lines`);
  });
});
