import * as assert from 'assert';
import { BARE_COUNT, COUNT, WITH, bareCount, countOf, isCounted, withCount } from '../../server/src/service/domain/parse/counts';
import { POINTS, endsInPoints } from '../../server/src/service/domain/parse/detect';

/** Every text of up to `max` characters over `alphabet` (the characters the patterns care about, and some they do not). */
function* texts(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    const next: string[] = [];
    for (const t of level) for (const c of alphabet) next.push(t + c);
    yield* next;
    level = next;
  }
}

/** A seeded generator, so that a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe('the parser\'s count readers (parse/counts.ts) answer as their patterns', () => {
  // Digits, the "x" in its three spellings, white space, "with", letters, a bullet; no line terminator, as in every
  // text the parser reads with them (parts of one line).
  const alphabet = ['1', '0', 'x', 'X', '×', ' ', '\t', '\u00a0', '\u3000', 'w', 'W', 'a', '•', 'h'];

  const check = (t: string) => {
    const m = COUNT.exec(t);
    const c = countOf(t);
    assert.deepStrictEqual(c && [c.n, t.slice(c.name)], m ? [Number(m[1]), m[2]] : undefined, JSON.stringify(t));
    assert.strictEqual(isCounted(t), !!m);
    assert.deepStrictEqual(withCount(t), WITH.exec(t), JSON.stringify(t));
    assert.deepStrictEqual(bareCount(t), BARE_COUNT.exec(t), JSON.stringify(t));
  };

  it('on every short text over the characters they read', () => {
    let n = 0;
    for (const t of texts(alphabet, 5)) {
      check(t);
      n++;
    }
    assert.ok(n > 500000);
  });

  it('on longer texts: exports\' items, and random ones', () => {
    for (const t of ['2x Bolt pistol', '10 x Boltgun', '1×Chainsword', '5 with Bolt pistol, Chainsword', '2 Inferno Pistols', '2x ', '2x  ', '3 with x', '12Xa b', '1234567890123456x A', `${'9'.repeat(400)}x A`])
      check(t);
    const r = random(35);
    const words = [...alphabet, 'with ', 'Bolt pistol', '2x ', ' with'];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 1 + Math.floor(r() * 9) }, () => words[Math.floor(r() * words.length)]).join(''));
  });
});

describe('format detection\'s reading of a line\'s end (parse/detect.ts endsInPoints) answers as POINTS', () => {
  // What POINTS reads ("(", spaces, digits and commas, "points)" in any case), and what it must refuse.
  const alphabet = ['(', ')', ' ', '1', ',', 'p', 'P', 's', 'x', '\u00a0'];

  it('on every short trimmed text over its characters, and on texts ending in "points)"', () => {
    let n = 0;
    const check = (t: string) => {
      assert.strictEqual(endsInPoints(t), POINTS.test(t), JSON.stringify(t));
      n++;
    };
    for (const t of texts(alphabet, 6)) if (t === t.trim()) check(t);
    for (const t of texts(['(', ' ', '1', ',', 'a', '\u3000'], 5)) for (const end of ['points)', 'POINTS)', 'Points )', 'oints)', 'pointss)']) check(t + end);
    assert.ok(n > 300000);
  });
});
