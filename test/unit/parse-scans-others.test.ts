// The text formats' readers that replace a regular expression's `d` flag (or the expression itself) answer as the
// expression does: on every line made of the parts that decide them, and on random joinings of those parts.
import * as assert from 'assert';
import { KEYED, TITLE as WO_TITLE, UNIT as WO_UNIT, keyedValue, splitItems, titleEnd, unitEnd } from '../../server/src/service/domain/parse/warorgan';
import { splitJoined } from '../../server/src/service/domain/parse/common';
import { FIELD, readField, statesNothing } from '../../server/src/service/domain/parse/nrHeader';
import { UNIT as NR_UNIT, readPriced } from '../../server/src/service/domain/parse/nrUnitLine';
import { TITLE as LF_TITLE, UNIT as LF_UNIT } from '../../server/src/service/domain/parse/listforge';
import { BS_CATEGORY, BS_ROSTER, BS_TOTAL, NR_CATEGORY, NR_ROSTER, NR_TITLE, UNIT as BRACKET_UNIT, bracketUnit, categoryName, lastRun } from '../../server/src/service/domain/parse/battlescribe';
import { random } from './scan-helpers';

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

/**
 * `read(t)` against `want(d, t)`, `d` the pattern's match with the `d` flag (its indices), or undefined where it does
 * not match: on every line joining one of each of `parts`, and on `n` random joinings of the parts and `extra`.
 * Returns how many lines the pattern matched (each test asks for enough of them).
 */
function againstPattern(
  pattern: RegExp,
  read: (t: string) => unknown,
  want: (d: RegExpExecArray, t: string) => unknown,
  parts: string[][],
  extra: string[],
  seed: number,
  n = 20000,
): number {
  const d = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'd');
  let matched = 0;
  const check = (t: string) => {
    const m = d.exec(t);
    assert.deepStrictEqual(read(t), m ? want(m, t) : undefined, `${pattern.source} on ${JSON.stringify(t)}`);
    if (m) matched++;
  };
  for (const t of joins(parts)) check(t);
  for (const t of randomLines(seed, [...parts.flat(), ...extra], n, parts.length + 3)) check(t);
  return matched;
}

/** The ranges a reader that takes the pattern's own match (without the `d` flag) gives, undefined where it does not match. */
const withMatch = (pattern: RegExp, f: (m: RegExpExecArray, t: string) => unknown) => (t: string) => {
  const m = pattern.exec(t);
  return m ? f(m, t) : undefined;
};

describe('New Recruit\'s text readers (parse/nrUnitLine.ts, nrHeader.ts) answer as their patterns', () => {
  it('the unit line read by hand (readPriced) as UNIT with its indices', () => {
    // The parts whose order and spacing decide the match: ids and counts the name may have to take back, tails that
    // close the line or do not, names holding brackets, line terminators the name's "." refuses.
    const ids = ['', 'Char1:', 'Char1 : ', 'C2:\t', 'Ab1: ', 'a1:', '1a:', 'Char1:2x'];
    const counts = ['', '2x ', '10 x  ', '2x', '3x\t', 'x ', '2 X '];
    const names = ['Name', ' Name', 'Name ', 'A b', ':', '  x', 'Name (a)', '9x y', '(1 pts)', 'x', '\u200b', 'a\nb', '\u2028'];
    const points = ['(95 pts)', ' ( 1,000 pt )', '(5pts)', '  (0 pts)', '(1 Pts)', '(,1 pts)', '(1 ptss)', '(1\u00a0pts\u3000)'];
    const rests = ['', ':', ': A, B', ':  A ', ' : 2 with A', ':A (1 pts)', '  ', 'x', ' (2 pts)', ': a\u200b ', ':\r'];
    const lines = againstPattern(
      NR_UNIT,
      readPriced,
      (d) => ({ charId: d[1], count: d.indices![2], name: d.indices![3], points: d.indices![4], rest: d.indices![5] }),
      [ids, counts, names, points, rests],
      [' ', '\t', '(', 'pts)', '2'],
      47,
      40000,
    );
    assert.ok(lines > 20000, `${lines} lines`);
  });

  it('the banner field read by hand (readField) as FIELD with its indices', () => {
    const heads = ['+', '+ ', '+\t', '', '& ', '++ '];
    const keys = ['LIST NAME', 'A', 'FACTION KEYWORD ', 'a', ' B', 'A:B', 'A  B', '\u00a0', 'POINTS\tLIMIT'];
    const colons = [':', ' :', ': ', '\t:\u3000', '', '::'];
    const values = ['', 'x', ' 2000pts ', 'A: B', '—', ' a\u200b', '  '];
    const fields = againstPattern(FIELD, readField, (d) => ({ key: d.indices![1], value: d.indices![2] }), [heads, keys, colons, values], ['A', ' ', ':'], 53);
    assert.ok(fields > 800, `${fields} fields`);
  });

  it('the empty banner value (statesNothing) as its pattern, on every short text over the characters it reads', () => {
    const pattern = /^\s*[—–-]?\s*$/;
    const chars = ['', ' ', '\t', '\u00a0', '\u200b', '—', '–', '-', 'a', '\u3000', '\n'];
    let texts = 0;
    for (const t of joins([chars, chars, chars, chars, chars])) {
      assert.strictEqual(statesNothing(t), pattern.test(t), JSON.stringify(t));
      texts++;
    }
    assert.ok(texts > 100000);
  });
});

describe('BattleScribe\'s and New Recruit\'s [N pts] readers (parse/battlescribe.ts) answer as their patterns', () => {
  it('the unit line read by hand (bracketUnit) as UNIT with its indices', () => {
    const names = ['Name', ' Name', 'Name ', 'A b', ':', '  x', 'Name [a]', '[1pts]', 'x', 'a\u200b'];
    const points = ['[95pts]', ' [ 1,000 pt ]', '[5 pts]', '  [0pts]', '\t[1,pts ]', '[,1pts]', '[1 Pts]', '[1ptss]', '(1 pts)'];
    const rests = ['', ':', ': A, B', ':  A ', ' : 2 with A', ':A [1pts]', '  ', ':\u00a0', ': a\u200b', ' :\t'];
    const lines = againstPattern(
      BRACKET_UNIT,
      (t) => {
        const u = bracketUnit(t);
        return u && [u.name, u.points, u.rest];
      },
      (d) => [d.indices![1], d.indices![2], d.indices![3]],
      [names, points, rests],
      [' ', '\t', '[', ']'],
      41,
    );
    assert.ok(lines > 3000, `${lines} lines`);
  });

  it('the category names (categoryName) where the d flag\'s indices put them', () => {
    const heads = ['##', '## ', '##\t ', '+', '+ ', '+  ', '+\t'];
    const names = ['', 'Epic Hero', ' ', 'a +', '+', '[1pts]', ' x ', '\u200b'];
    const tails = ['', ' +', '  +', '\t+', ' [100 pts]', '[1pts]', ' + +'];
    let lines = 0;
    for (const [pattern, simple, seed] of [[NR_CATEGORY, true, 73], [BS_CATEGORY, false, 74]] as const)
      lines += againstPattern(pattern, withMatch(pattern, (m, t) => categoryName(m, t, simple)), (d) => d.indices![1], [heads, names, tails], [], seed, 10000);
    assert.ok(lines > 1500, `${lines} lines`);
  });

  it('the title, roster and total lines\' groups (lastRun, the first "(") where the d flag\'s indices put them', () => {
    const heads = ['++ Army Roster', '++Army Roster ', '# ++ Army Roster ++', '++ Total:', 'Chaos - World Eaters - Fiendish! -', ' - ', '-', '++ Total :'];
    const middles = ['', ' ', ' (Chaos - World Eaters)', '(a (b) c)', '(1)', ' [1pts] '];
    const points = ['', '[1,990pts]', ' [ 2000 pt ] ', '[1,pts]', '[,1pts]', '[1 ptss]'];
    const tails = ['', ' ++', '++', ' ++ '];
    const open = (m: RegExpExecArray, t: string) => (m[1] === undefined ? undefined : [t.indexOf('(') + 1, t.indexOf('(') + 1 + m[1].length]);
    const readers: Array<[RegExp, (m: RegExpExecArray, t: string) => unknown[]]> = [
      [NR_TITLE, (m, t) => [[0, m[1].length], lastRun(t, m, 2)]],
      [NR_ROSTER, (m, t) => [m[1] === undefined ? undefined : lastRun(t, m, 1)]],
      [BS_ROSTER, (m, t) => [open(m, t), lastRun(t, m, 2)]],
      [BS_TOTAL, (m, t) => [lastRun(t, m, 1)]],
    ];
    let lines = 0;
    for (const [pattern, read] of readers)
      lines += againstPattern(pattern, withMatch(pattern, read), (d, t) => d.indices!.slice(1, 1 + read(pattern.exec(t)!, t).length), [heads, middles, points, tails], [], 89, 10000);
    assert.ok(lines > 200, `${lines} lines`);
  });
});

describe('ListForge\'s lines read from their end (parse/warorgan.ts unitEnd, no square brackets) answer as their patterns with their indices', () => {
  const ends = (d: RegExpExecArray) => ({ nameEnd: d.indices![1][1], points: d.indices![2] });

  it('the unit line ("pt")', () => {
    const names = ['Name', ' Name', 'Name ', 'A b', '(1 pts)', 'x(', '\u00a0', 'a\u200b', ''];
    const points = ['(95 pts)', ' ( 1,000 PT )', '(5pts)', '  (0 Pts)', '\t(1,\u3000pts\t)', '(,1 pts)', '(1 ptss)', '[1 pts]', '(1 points)', '(1 pts'];
    const lines = againstPattern(LF_UNIT, (t) => unitEnd(t, 'pt', false), ends, [names, names, points], [' ', '\t', '(', ')'], 43);
    assert.ok(lines > 300, `${lines} lines`);
  });

  it('the title ("point")', () => {
    const names = ['Name - Faction - Detachment', ' ', 'A (1 points)', 'x(', '\u00a0', ''];
    const points = ['(1935 Points)', ' ( 1,000 POINT )', '(5points)', '[1 points]', '(1 pts)', '(,1 points)', '(1 pointss)'];
    const lines = againstPattern(LF_TITLE, (t) => unitEnd(t, 'point', false), ends, [names, names, points], [' ', '\t', '(', ')'], 79);
    assert.ok(lines > 300, `${lines} lines`);
  });
});

describe('War Organ\'s readers (parse/warorgan.ts) answer as their patterns', () => {
  it('the unit line read from its end (unitEnd) as UNIT with its indices', () => {
    const names = ['Name', ' Name', 'A b ', '[1 points]', 'x(', ']', '\u00a0', 'a\u200b', ''];
    const opens = ['[', '(', ' [ ', '\t( ', ''];
    const numbers = ['1', '1,000', ',1', '1,', '', 'a', '12'];
    const units = ['points', 'point', ' POINTS ', 'Points\t', 'pointss', 'oints', 'pts'];
    const closes = [']', ')', ' ]', ') ', ''];
    const want = (d: RegExpExecArray) => ({ nameEnd: d.indices![1][1], points: d.indices![2] ?? d.indices![3] });
    const lines = againstPattern(WO_UNIT, (t) => unitEnd(t), want, [names, opens, numbers, units, closes], [], 71, 30000);
    assert.ok(lines > 1500, `${lines} lines`);
  });

  it('the title read from its end (titleEnd) as TITLE with its indices', () => {
    const names = ['Flood of Chainblades', '', ' ', '[A]', 'x ', '\u00a0', '(1 points)'];
    const points = ['[2000 points]', ' [ 1,000 POINT ]', '[5points]', '(1 points)', '[1 pts]', '[,1 points]', '[1 points', ' [1 Points] '];
    const want = (d: RegExpExecArray) => (d.indices![1] ? { nameEnd: d.indices![1][1], points: d.indices![2] } : { points: d.indices![2] });
    const lines = againstPattern(WO_TITLE, titleEnd, want, [names, names, points], [' ', '[', ']'], 83);
    assert.ok(lines > 300, `${lines} lines`);
  });

  it('the header value (keyedValue) where the d flag\'s indices put it', () => {
    const keys = ['Battle Size', 'detachment', 'Detachments', 'FORCE DISPOSITIONS', 'Force Disposition', 'Detachment s'];
    const colons = [':', ' :', ': ', '\t:\u3000', '', '::'];
    const values = ['', 'x', ' Strike Force ', 'A: B', ' a\u200b', '  ', '\u00a0b'];
    const lines = againstPattern(KEYED, withMatch(KEYED, keyedValue), (d) => d.indices![2], [keys, colons, values], [' ', ':'], 59);
    assert.ok(lines > 1000, `${lines} lines`);
  });

  it('a bullet\'s items split in one pass (splitItems) as splitJoined splits them, read within a longer text', () => {
    // Commas, the joining words with their spacings (and near-misses), brackets opened and closed in any order.
    const bits = ['A', 'Bolt pistol', ',', ', ', ' and ', 'and', ' et ', ' et', '  and\t', ' And ', ' andx ', 'Jet pack', '(', ')', '[', ']', ' ', '\u00a0', '\u200b', '\t', 'x and (y, z) et w'];
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
