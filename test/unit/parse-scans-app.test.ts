// The official app's readers written by hand in place of a regular expression (parse/eleventh.ts, gwapp.ts,
// attached.ts): each is checked against the expression it stands for, on generated and random text.
import * as assert from 'assert';
import { DP_TAIL, dpTail } from '../../server/src/service/domain/parse/eleventh';

/** A seeded generator, so that a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Every joining of one choice from each of `parts`, in order. */
function* joined(parts: string[][], prefix = ''): Generator<string> {
  if (!parts.length) {
    yield prefix;
    return;
  }
  for (const p of parts[0]) yield* joined(parts.slice(1), prefix + p);
}

describe('the Detachment Points statement read by hand (parse/eleventh.ts dpTail) answers as DP_TAIL', () => {
  const d = new RegExp(DP_TAIL.source, 'di');
  let checked = 0;
  let matched = 0;
  const check = (t: string) => {
    const m = d.exec(t);
    if (m) matched++;
    const got = dpTail(t, 0);
    assert.deepStrictEqual(got && [got.total, got.allowance], m ? [m.indices![1], m.indices![2]] : undefined, JSON.stringify(t));
    checked++;
  };
  const gaps = ['', ' ', '\t ', '\u00a0', '\u200b'];
  const numbers = ['3', '12', '', 'a', '1,0'];
  const slashes = ['', '/3', ' / 10', '/', '/ ', '/x'];
  // The keyword's spellings (and near misses: letters the `i` flag must not fold to ASCII, a missing space or "s").
  const words = ['Detachment Points', 'DETACHMENT  point', 'Detachment Point s', 'detachmentPoints', 'Points de Détachement', 'POINT DE DÉTACHEMENT', 'points de detachement', 'Points des Détachement', 'Pointsde Détachement', 'Point de  dÉtachements', 'DP', 'dp', 'D P', 'Detachment ſoints', 'Detachment \u212aoints', 'Points de Dėtachement', 'Detach'];
  const ends = [')', ' )', ') ', ')\t ', '', '))', ')x'];

  it('on every statement made of its parts with tricky spacings, and on random ones', () => {
    for (const t of joined([['(', '( ', 'x('], gaps, numbers, slashes, gaps, words, ends])) check(t);
    const r = random(11);
    const bits = ['(', ')', ' ', '3', '/', ...words, ...gaps, 's', 'S', 'é'];
    for (let k = 0; k < 20000; k++) check('(' + Array.from({ length: 1 + Math.floor(r() * 7) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(checked > 100000 && matched > 5000, `${checked} texts, ${matched} statements`);
  });
});
