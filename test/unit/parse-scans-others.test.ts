// The text formats' readers that replace a regular expression's `d` flag (or the expression itself) answer as the
// expression does: on every line made of the parts that decide them, and on random ones.
import * as assert from 'assert';
import { KEYED, TITLE as WO_TITLE, UNIT as WO_UNIT, keyedValue, splitItems, titleEnd, unitEnd } from '../../server/src/service/domain/parse/warorgan';
import { splitJoined } from '../../server/src/service/domain/parse/common';
import { FIELD, readField, statesNothing } from '../../server/src/service/domain/parse/nrHeader';
import { UNIT as NR_UNIT, UNIT_INDICES as NR_UNIT_INDICES, readPriced } from '../../server/src/service/domain/parse/nrUnitLine';
import { TITLE as LF_TITLE, UNIT as LF_UNIT } from '../../server/src/service/domain/parse/listforge';
import { BS_CATEGORY, BS_ROSTER, BS_TOTAL, NR_CATEGORY, NR_ROSTER, NR_TITLE, lastRun, UNIT as BRACKET_UNIT, UNIT_INDICES as BRACKET_UNIT_INDICES, bracketUnit, categoryName } from '../../server/src/service/domain/parse/battlescribe';

/** A seeded generator, so that a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Every joining of one part from each list. */
function* joins(parts: string[][], at = 0, head = ''): Generator<string> {
  if (at === parts.length) {
    yield head;
    return;
  }
  for (const p of parts[at]) yield* joins(parts, at + 1, head + p);
}

/** `n` random joinings of 2 to 2 + `spread` parts of `bits`. */
function* randomLines(seed: number, bits: string[], n: number, spread = 6): Generator<string> {
  const r = random(seed);
  for (let k = 0; k < n; k++) yield Array.from({ length: 2 + Math.floor(r() * spread) }, () => bits[Math.floor(r() * bits.length)]).join('');
}

describe('BattleScribe\'s unit line read by hand (parse/battlescribe.ts bracketUnit) answers as UNIT with its indices', () => {
  const names = ['Name', ' Name', 'Name ', 'A b', ':', '  x', 'Name [a]', '[1pts]', 'x', 'a\u200b'];
  const points = ['[95pts]', ' [ 1,000 pt ]', '[5 pts]', '  [0pts]', '\t[1,pts ]', '[,1pts]', '[1 Pts]', '[1ptss]', '(1 pts)'];
  const rests = ['', ':', ': A, B', ':  A ', ' : 2 with A', ':A [1pts]', '  ', ':\u00a0', ': a\u200b', ' :\t'];

  it('on every line made of those parts, and on random ones', () => {
    let lines = 0;
    const check = (t: string) => {
      const d = BRACKET_UNIT_INDICES.exec(t);
      assert.strictEqual(!!BRACKET_UNIT.exec(t), !!d, JSON.stringify(t));
      const got = bracketUnit(t);
      assert.deepStrictEqual(got && [got.name, got.points, got.rest], d ? [d.indices![1], d.indices![2], d.indices![3]] : undefined, JSON.stringify(t));
      if (d) lines++;
    };
    for (const t of joins([names, points, rests])) check(t);
    for (const t of randomLines(41, [...names, ...points, ...rests, ' ', '\t', '[', ']'], 20000)) check(t);
    assert.ok(lines > 3000);
  });
});

describe('ListForge\'s unit line read from its end (parse/warorgan.ts unitEnd with "pt") answers as UNIT with its indices', () => {
  const names = ['Name', ' Name', 'Name ', 'A b', '(1 pts)', 'x(', '\u00a0', 'a\u200b', ''];
  const points = ['(95 pts)', ' ( 1,000 PT )', '(5pts)', '  (0 Pts)', '\t(1,\u3000pts\t)', '(,1 pts)', '(1 ptss)', '[1 pts]', '(1 points)', '(1 pts'];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(LF_UNIT.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      assert.deepStrictEqual(unitEnd(t, 'pt', false), m ? { nameEnd: m.indices![1][1], points: m.indices![2] } : undefined, JSON.stringify(t));
      if (m) lines++;
    };
    for (const t of joins([names, names, points])) check(t);
    for (const t of randomLines(43, [...names, ...points, ' ', '\t', '(', ')'], 20000)) check(t);
    assert.ok(lines > 300);
  });
});

describe('ListForge\'s title read from its end (parse/warorgan.ts unitEnd with "point", no square brackets) answers as TITLE with its indices', () => {
  const names = ['Name - Faction - Detachment', ' ', 'A (1 points)', 'x(', '\u00a0', ''];
  const points = ['(1935 Points)', ' ( 1,000 POINT )', '(5points)', '[1 points]', '(1 pts)', '(,1 points)', '(1 pointss)'];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(LF_TITLE.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      assert.deepStrictEqual(unitEnd(t, 'point', false), m ? { nameEnd: m.indices![1][1], points: m.indices![2] } : undefined, JSON.stringify(t));
      if (m) lines++;
    };
    for (const t of joins([names, names, points])) check(t);
    for (const t of randomLines(79, [...names, ...points, ' ', '\t', '(', ')'], 20000)) check(t);
    assert.ok(lines > 300, `${lines} lines`);
  });
});

describe('New Recruit\'s unit line read by hand (parse/nrUnitLine.ts readPriced) answers as UNIT with its indices', () => {
  // The parts whose order and spacing decide the match: ids and counts the name may have to take back, tails that
  // close the line or do not, names holding brackets, line terminators the name's "." refuses.
  const ids = ['', 'Char1:', 'Char1 : ', 'C2:\t', 'Ab1: ', 'a1:', '1a:', 'Char1:2x'];
  const counts = ['', '2x ', '10 x  ', '2x', '3x\t', 'x ', '2 X '];
  const names = ['Name', ' Name', 'Name ', 'A b', ':', '  x', 'Name (a)', '9x y', '(1 pts)', 'x', '\u200b', 'a\nb', '\u2028'];
  const points = ['(95 pts)', ' ( 1,000 pt )', '(5pts)', '  (0 pts)', '(1 Pts)', '(,1 pts)', '(1 ptss)', '(1\u00a0pts\u3000)'];
  const rests = ['', ':', ': A, B', ':  A ', ' : 2 with A', ':A (1 pts)', '  ', 'x', ' (2 pts)', ': a\u200b ', ':\r'];

  it('on every line made of those parts, and on random ones', () => {
    let lines = 0;
    const check = (t: string) => {
      const d = NR_UNIT_INDICES.exec(t);
      assert.strictEqual(!!NR_UNIT.exec(t), !!d);
      const want = d ? { charId: d[1], count: d.indices![2], name: d.indices![3], points: d.indices![4], rest: d.indices![5] } : undefined;
      assert.deepStrictEqual(readPriced(t), want, JSON.stringify(t));
      if (d) lines++;
    };
    for (const t of joins([ids, counts, names, points, rests])) check(t);
    for (const t of randomLines(47, [...ids, ...counts, ...names, ...points, ...rests, ' ', '\t', '(', 'pts)', '2'], 40000, 7)) check(t);
    assert.ok(lines > 20000);
  });
});

describe('New Recruit\'s banner field read by hand (parse/nrHeader.ts readField) answers as FIELD with its indices', () => {
  const heads = ['+', '+ ', '+\t', '', '& ', '++ '];
  const keys = ['LIST NAME', 'A', 'FACTION KEYWORD ', 'a', ' B', 'A:B', 'A  B', '\u00a0', 'POINTS\tLIMIT'];
  const colons = [':', ' :', ': ', '\t:\u3000', '', '::'];
  const values = ['', 'x', ' 2000pts ', 'A: B', '—', ' a\u200b', '  '];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(FIELD.source, 'd');
    let fields = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      assert.deepStrictEqual(readField(t), m ? { key: m.indices![1], value: m.indices![2] } : undefined, JSON.stringify(t));
      if (m) fields++;
    };
    for (const t of joins([heads, keys, colons, values])) check(t);
    for (const t of randomLines(53, [...heads, ...keys, ...colons, ...values, 'A', ' ', ':'], 20000)) check(t);
    assert.ok(fields > 800, `${fields} fields`);
  });
});

describe('War Organ\'s header value read without the d flag (parse/warorgan.ts keyedValue) stands where the flag\'s indices put it', () => {
  const keys = ['Battle Size', 'detachment', 'Detachments', 'FORCE DISPOSITIONS', 'Force Disposition', 'Detachment s'];
  const colons = [':', ' :', ': ', '\t:\u3000', '', '::'];
  const values = ['', 'x', ' Strike Force ', 'A: B', ' a\u200b', '  ', '\u00a0b'];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(KEYED.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = KEYED.exec(t);
      const i = d.exec(t);
      assert.strictEqual(!!m, !!i, JSON.stringify(t));
      if (!m || !i) return;
      assert.deepStrictEqual(keyedValue(m, t), i.indices![2], JSON.stringify(t));
      lines++;
    };
    for (const t of joins([keys, colons, values])) check(t);
    for (const t of randomLines(59, [...keys, ...colons, ...values, ' ', ':'], 20000)) check(t);
    assert.ok(lines > 1000, `${lines} lines`);
  });
});

describe('War Organ\'s items split in one pass (parse/warorgan.ts splitItems) as splitJoined splits them', () => {
  // Commas, the joining words with their spacings (and near-misses), brackets opened and closed in any order.
  const bits = ['A', 'Bolt pistol', ',', ', ', ' and ', 'and', ' et ', ' et', '  and\t', ' And ', ' andx ', 'Jet pack', '(', ')', '[', ']', ' ', '\u00a0', '\u200b', '\t', 'x and (y, z) et w'];

  it('on random texts, read within a longer text', () => {
    let items = 0;
    // Without brackets (splitItems' own reading) and with them.
    for (const t of [...randomLines(61, bits.filter((b) => !/[()[\]]/.test(b)), 30000, 9), ...randomLines(67, bits, 10000, 9)]) {
      const src = `• ${t} •`;
      for (const [s, e] of [[2, 2 + t.length], [0, src.length], [3, Math.max(3, src.length - 3)]]) {
        const want = splitJoined(src, s, e, true);
        assert.deepStrictEqual(splitItems(src, s, e), want, JSON.stringify(src.slice(s, e)));
        items += want.length;
      }
    }
    assert.ok(items > 100000, `${items} items`);
  });
});

describe('War Organ\'s unit line read from its end (parse/warorgan.ts unitEnd) answers as UNIT with its indices', () => {
  const names = ['Name', ' Name', 'A b ', '[1 points]', 'x(', ']', '\u00a0', 'a\u200b', ''];
  const opens = ['[', '(', ' [ ', '\t( ', ''];
  const numbers = ['1', '1,000', ',1', '1,', '', 'a', '12'];
  const units = ['points', 'point', ' POINTS ', 'Points\t', 'pointss', 'oints', 'pts'];
  const closes = [']', ')', ' ]', ') ', ''];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(WO_UNIT.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      const got = unitEnd(t);
      assert.deepStrictEqual(got, m ? { nameEnd: m.indices![1][1], points: m.indices![2] ?? m.indices![3] } : undefined, JSON.stringify(t));
      if (m) lines++;
    };
    for (const t of joins([names, opens, numbers, units, closes])) check(t);
    for (const t of randomLines(71, [...names, ...opens, ...numbers, ...units, ...closes], 30000, 8)) check(t);
    assert.ok(lines > 1500, `${lines} lines`);
  });
});

describe('New Recruit\'s empty banner value (parse/nrHeader.ts statesNothing) answers as its pattern', () => {
  it('on every short text over the characters it reads', () => {
    const pattern = /^\s*[—–-]?\s*$/;
    const chars = [' ', '\t', '\u00a0', '\u200b', '—', '–', '-', 'a', '\u3000', '\n'];
    let texts = 0;
    for (const t of joins([['', ...chars], ['', ...chars], ['', ...chars], ['', ...chars], ['', ...chars]])) {
      assert.strictEqual(statesNothing(t), pattern.test(t), JSON.stringify(t));
      texts++;
    }
    assert.ok(texts > 100000);
  });
});

describe('the category lines\' names read without the d flag (parse/battlescribe.ts categoryName) stand where the flag\'s indices put them', () => {
  const heads = ['##', '## ', '##\t ', '+', '+ ', '+  ', '+\t'];
  const names = ['', 'Epic Hero', ' ', 'a +', '+', '[1pts]', ' x ', '\u200b'];
  const tails = ['', ' +', '  +', '\t+', ' [100 pts]', '[1pts]', ' + +'];

  it('on every line made of those parts, and on random ones', () => {
    let lines = 0;
    for (const [pattern, simple] of [[NR_CATEGORY, true], [BS_CATEGORY, false]] as const) {
      const d = new RegExp(pattern.source, 'd');
      const check = (t: string) => {
        const m = pattern.exec(t);
        const i = d.exec(t);
        assert.strictEqual(!!m, !!i, JSON.stringify(t));
        if (!m || !i) return;
        assert.deepStrictEqual(categoryName(m, t, simple), i.indices![1], JSON.stringify(t));
        lines++;
      };
      for (const t of joins([heads, names, tails])) check(t);
      for (const t of randomLines(73, [...heads, ...names, ...tails], 10000)) check(t);
    }
    assert.ok(lines > 1500, `${lines} lines`);
  });
});

describe('War Organ\'s title read from its end (parse/warorgan.ts titleEnd) answers as TITLE with its indices', () => {
  const names = ['Flood of Chainblades', '', ' ', '[A]', 'x ', '\u00a0', '(1 points)'];
  const points = ['[2000 points]', ' [ 1,000 POINT ]', '[5points]', '(1 points)', '[1 pts]', '[,1 points]', '[1 points', ' [1 Points] '];

  it('on every line made of those parts, and on random ones', () => {
    const d = new RegExp(WO_TITLE.source, 'di');
    let lines = 0;
    const check = (t: string) => {
      const m = d.exec(t);
      const want = m ? (m.indices![1] ? { nameEnd: m.indices![1][1], points: m.indices![2] } : { points: m.indices![2] }) : undefined;
      assert.deepStrictEqual(titleEnd(t), want, JSON.stringify(t));
      if (m) lines++;
    };
    for (const t of joins([names, names, points])) check(t);
    for (const t of randomLines(83, [...names, ...points, ' ', '[', ']'], 20000)) check(t);
    assert.ok(lines > 300, `${lines} lines`);
  });
});

describe('the [N pts] headers\' groups read without the d flag (parse/battlescribe.ts) stand where the flag\'s indices put them', () => {
  const heads = ['++ Army Roster', '++Army Roster ', '# ++ Army Roster ++', '++ Total:', 'Chaos - World Eaters - Fiendish! -', ' - ', '-', '++ Total :'];
  const middles = ['', ' ', ' (Chaos - World Eaters)', '(a (b) c)', '(1)', ' [1pts] '];
  const points = ['', '[1,990pts]', ' [ 2000 pt ] ', '[1,pts]', '[,1pts]', '[1 ptss]'];
  const tails = ['', ' ++', '++', ' ++ '];

  it('on every line made of those parts, and on random ones', () => {
    let lines = 0;
    const patterns: Array<[RegExp, (m: RegExpExecArray, t: string) => unknown[]]> = [
      [NR_TITLE, (m, t) => [[0, m[1].length], lastRun(t, m, 2)]],
      [NR_ROSTER, (m, t) => [m[1] === undefined ? undefined : lastRun(t, m, 1)]],
      [BS_ROSTER, (m, t) => [m[1] === undefined ? undefined : [t.indexOf('(') + 1, t.indexOf('(') + 1 + m[1].length], lastRun(t, m, 2)]],
      [BS_TOTAL, (m, t) => [lastRun(t, m, 1)]],
    ];
    for (const [pattern, read] of patterns) {
      const d = new RegExp(pattern.source, 'd');
      const check = (t: string) => {
        const m = pattern.exec(t);
        const i = d.exec(t);
        assert.strictEqual(!!m, !!i, JSON.stringify(t));
        if (!m || !i) return;
        const got = read(m, t);
        assert.deepStrictEqual(got, i.indices!.slice(1, 1 + got.length), `${pattern.source} ${JSON.stringify(t)}`);
        lines++;
      };
      for (const t of joins([heads, middles, points, tails])) check(t);
      for (const t of randomLines(89, [...heads, ...middles, ...points, ...tails], 10000)) check(t);
    }
    assert.ok(lines > 200, `${lines} lines`);
  });
});
