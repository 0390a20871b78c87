import * as assert from 'assert';
import { BARE_COUNT, COUNT, WITH } from '../../server/src/service/domain/parse/counts';
import { POINTS } from '../../server/src/service/domain/parse/detect';
import { endsInPoints, unitTail } from '../../server/src/service/domain/parse/lineEnds';
import { UNIT as APP_UNIT } from '../../server/src/service/domain/parse/gwapp';
import { UNIT, UNIT_INDICES, fromLengths, readUnitLine } from '../../server/src/service/domain/parse/nrUnitLine';
import { GROUP_WITH, GROUP_WITH_INDICES, withRanges } from '../../server/src/service/domain/parse/warorgan';
import { bareCount, countOf, isCounted, random, texts, withCount } from './scan-helpers';

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

describe('New Recruit\'s unit line read without the d flag (parse/nrUnitLine.ts) stands where the flag\'s indices put it', () => {
  // The line's parts, with the spacing that decides where the groups stand (spaces the name has to open with among it).
  const ids = ['', 'Char1:', 'Char1 : ', 'C2:\t', 'Ab1: '];
  const counts = ['', '2x ', '10 x  ', '2x', '3x\t'];
  const names = ['Name', ' Name', 'Name ', 'A b', ':', '  x', 'Name (a)', '9x y', '(1 pts)', 'x'];
  const points = ['(95 pts)', ' ( 1,000 pt )', '(5pts)', '  (0 pts)'];
  const rests = ['', ':', ': A, B', ':  A ', ' : 2 with A', ':A (1 pts)', '  '];

  it('on every line made of those parts, and on random ones', () => {
    let lines = 0;
    const check = (t: string) => {
      const m = UNIT.exec(t);
      const d = UNIT_INDICES.exec(t);
      assert.strictEqual(!!m, !!d, JSON.stringify(t));
      if (!m || !d) return;
      const got = fromLengths(m, t) ?? readUnitLine(t, () => false)!;
      const ix = d.indices!;
      assert.deepStrictEqual([got.charId, got.count, got.name, got.points, got.rest], [d[1], ix[2], ix[3], ix[4], ix[5]], JSON.stringify(t));
      lines++;
    };
    for (const a of ids) for (const b of counts) for (const c of names) for (const p of points) for (const r of rests) check(a + b + c + p + r);
    const r = random(33);
    const bits = [...ids, ...counts, ...names, ...points, ...rests, ' ', '\t', '('];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 2 + Math.floor(r() * 6) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(lines > 5000);
  });
});

describe('War Organ\'s model group read without the d flag (parse/warorgan.ts withRanges) stands where the flag\'s indices put it', () => {
  const counts = ['1', '10'];
  const gaps = [' ', '  ', '\t', ' \t', '  \t '];
  const names = ['Model', 'Model Sergeant', ' ', 'with', 'a with b', 'x'];
  const rests = ['A', 'A and B', ' ', 'with C', 'x '];

  it('on every group bullet made of those parts, and on random ones', () => {
    let groups = 0;
    const check = (t: string) => {
      const m = GROUP_WITH.exec(t);
      const d = GROUP_WITH_INDICES.exec(t);
      assert.strictEqual(!!m, !!d, JSON.stringify(t));
      if (!m || !d) return;
      const got = withRanges(m, t);
      assert.deepStrictEqual([got.count, got.modelName, got.name, got.wargear], [d[1], d[2], d.indices![2], d.indices![3]], JSON.stringify(t));
      groups++;
    };
    for (const c of counts) for (const a of gaps) for (const n of names) for (const b of gaps) for (const w of ['with', 'WITH', 'With']) for (const g of gaps) for (const r of rests) check(c + a + n + b + w + g + r);
    const r = random(7);
    const bits = [...counts, ...gaps, ...names, ...rests, 'with', ' with '];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 2 + Math.floor(r() * 7) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(groups > 10000);
  });
});

describe('the app\'s unit line read from its end (parse/lineEnds.ts unitTail) answers as UNIT', () => {
  it('on every line made of its parts with tricky spacings and brackets, and on random ones', () => {
    const d = new RegExp(APP_UNIT.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      const got = unitTail(t);
      assert.deepStrictEqual(got && [got.nameEnd, got.points], m ? [m[1].length, m.indices![2]] : undefined, JSON.stringify(t));
      lines++;
    };
    const names = ['', 'A', 'A ', ' ', 'Unit (a)', 'x(', 'B (1 points)', 'a)', '\t'];
    const gaps = ['', ' ', '  ', '\t'];
    const numbers = ['1', '1,000', ',1', '1,', '', 'a'];
    const words = ['points', 'point', 'POINTS', 'Point', 'pointss', 'oints', '', 'pts'];
    for (const n of names) for (const a of gaps) for (const b of gaps) for (const num of numbers) for (const c of gaps) for (const w of words) for (const end of [')', '', ' )', '))']) check(`${n}${a}(${b}${num}${c}${w}${end}`);
    const r = random(35);
    const bits = ['(', ')', ' ', '1', ',', 'points', 'point', 'A', 'p', 's', '\t'];
    for (let k = 0; k < 30000; k++) check(Array.from({ length: 1 + Math.floor(r() * 9) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(lines > 100000);
  });
});
