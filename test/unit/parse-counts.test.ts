import * as assert from 'assert';
import { BARE_COUNT, COUNT, WITH, bareCount, countOf, isCounted, withCount } from '../../server/src/service/domain/parse/counts';

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
  // Digits, the "x" in its three spellings, white space (a line terminator among it), "with", letters, a bullet.
  const alphabet = ['1', '0', 'x', 'X', '×', ' ', '\t', '\u00a0', '\n', '\u2028', 'w', 'W', 'a', '•'];

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
    for (const t of ['2x Bolt pistol', '10 x Boltgun', '1×Chainsword', '5 with Bolt pistol, Chainsword', '2 Inferno Pistols', '2x ', '2x  ', '2x \n', '3 with\n x', '12Xa\u2028b'])
      check(t);
    const r = random(35);
    const words = [...alphabet, 'with ', 'Bolt pistol', '2x ', ' with'];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 1 + Math.floor(r() * 9) }, () => words[Math.floor(r() * words.length)]).join(''));
  });
});
