// The unit-body readers of parse/common.ts and parse/counts.ts read an item where it stands in the list, without
// cutting it out: each is checked against the pattern (or the splitter) it stands for, on ranges of a longer text, so
// that a reader that looks beyond its range's end (or before its start) fails.
import * as assert from 'assert';
import { COUNT, COUNTED, NOT_COUNTED, SPACED, WITH, WITH_ITEMS, countNameAt, readCount, reading } from '../../server/src/service/domain/parse/counts';
import { BATTLE_SIZE, Ctx, JOIN, parseBattleSize, splitJoined } from '../../server/src/service/domain/parse/common';
import { colonSpaceIn, inlineNodes } from '../../server/src/service/domain/parse/body';
import { BUNDLE, ENH_PREFIX, LEADING, PRICED, WARLORD, special } from '../../server/src/service/domain/parse/special';
import { splitList, trimRange } from '../../server/src/service/domain/parse/lines';
import { random, spacedAt, texts, withAt } from './scan-helpers';

/** What stands around a range in the list: characters a reader looking beyond the range would take for its own. */
const AROUND = ['', '1', ' ', 'x', ',', ': ', 'with ', ')'];

/** A few of them, for the exhaustive runs. */
const AROUND_FEW = ['', '1', ',', ' '];

/** Checks `check(src, s, e, t)` on `t` standing alone and with each of `sides` on either side. */
function around(t: string, check: (src: string, s: number, e: number, t: string) => void, sides = AROUND): void {
  for (const before of sides) for (const after of sides) check(before + t + after, before.length, before.length + t.length, t);
}

/** `count` random texts joined from `words`, one to `most` of them. */
function randomTexts(seed: number, words: string[], count: number, most: number): string[] {
  const r = random(seed);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(r() * most) }, () => words[Math.floor(r() * words.length)]).join(''));
}

describe('the count readers on a range of the list (parse/counts.ts readCount, countNameAt, withAt, spacedAt) answer as their patterns', () => {
  // Digits, the "x" in its three spellings, white space, the letters of "with" in both cases, a letter, a bullet.
  const alphabet = ['1', '0', 'x', 'X', '×', ' ', '\t', '\u00a0', 'w', 'I', 't', 'H', 'a', '•'];
  const check = (src: string, s: number, e: number, t: string) => {
    const c = COUNT.exec(t);
    const w = WITH.exec(t);
    const spaced = /^\d+\s/.test(t);
    // readCount: one of the three readings, its count and where what it counts starts.
    const opens = readCount(src, s, e);
    const expected = c ? COUNTED : w ? WITH_ITEMS : spaced ? SPACED : NOT_COUNTED;
    assert.strictEqual(opens, expected, JSON.stringify(t));
    const m = c ?? w;
    if (m) assert.deepStrictEqual([reading.n, src.slice(reading.at, e)], [Number(m[1]), m[2]], JSON.stringify(t));
    if (opens === SPACED) assert.strictEqual(reading.n, Number(/^\d+/.exec(t)![0]), JSON.stringify(t));
    // The single readings.
    const name = countNameAt(src, s, e);
    assert.deepStrictEqual(name < 0 ? undefined : src.slice(name, e), c?.[2], JSON.stringify(t));
    const items = withAt(src, s, e);
    assert.deepStrictEqual(items < 0 ? undefined : src.slice(items, e), w?.[2], JSON.stringify(t));
    assert.strictEqual(spacedAt(src, s, e), spaced, JSON.stringify(t));
  };

  it('on every short text over the characters they read, alone and amid others', () => {
    let n = 0;
    for (const t of texts(alphabet, 4)) {
      around(t, check, AROUND_FEW);
      n++;
    }
    assert.ok(n > 40000);
  });

  it('on exports\' items and random ones', () => {
    const items = ['2x Bolt pistol', '10 x Boltgun', '1×Chainsword', '5 with Bolt pistol, Chainsword', '3 WITH  ', '3 with ', '3 with  ', '7 with\tA', '2 Inferno Pistols', '2x ', '2x  ', '1234567890123456x A', `${'9'.repeat(400)} with A`];
    for (const t of items) around(t, check);
    const words = [...alphabet, 'with', 'with ', ' with ', 'Bolt pistol', '2x ', '12 '];
    for (const t of randomTexts(36, words, 8000, 8)) around(t, check);
  });
});

describe('a body item\'s commas and colons found among the text\'s (parse/common.ts Ctx.commaIn, colonIn, colonSpaceIn) are the searches they replace', () => {
  it('on every short text over commas, colons and white space, alone and amid others, asked in any order', () => {
    let n = 0;
    for (const t of texts([',', ':', ' ', '\u3000', 'a', '('], 4)) {
      const ranges: Array<[number, number, string]> = [];
      around(t, (src, s, e) => ranges.push([s, e, src]));
      for (const [s, e, src] of ranges) {
        const ctx = new Ctx(src, 'gwapp');
        // One search answers several ranges, after and before the one asked first.
        for (const [a, b] of [[s, e], [0, src.length], [s, e], [e, src.length], [0, s], [s, e]]) {
          const text = src.slice(a, b);
          const colon = ctx.colonIn(a, b);
          assert.deepStrictEqual([ctx.commaIn(a, b), colon < 0 ? -1 : colon - a, colonSpaceIn(ctx, a, b)], [text.includes(','), text.indexOf(':'), /:\s/.test(text)], JSON.stringify([src, a, b]));
          n++;
        }
      }
    }
    assert.ok(n > 500000);
  });
});

describe('a list\'s items read in place (parse/body.ts inlineNodes, parse/common.ts splitJoined) are splitList\'s, split by JOIN', () => {
  const check = (src: string, s: number, e: number, t: string) => {
    const got = inlineNodes(src, s, e).map((n) => [n.start, n.end]);
    assert.deepStrictEqual(got, splitList(src, s, e), JSON.stringify(t));
  };

  const joined = (src: string, s: number, e: number, t: string) => {
    const parts = splitList(src, s, e);
    assert.deepStrictEqual(splitJoined(src, s, e, false), parts, JSON.stringify(t));
    // With "and": each of splitList's items split on its own.
    assert.deepStrictEqual(splitJoined(src, s, e, true), parts.flatMap(([a, b]) => splitJoined(src, a, b, true)), JSON.stringify(t));
  };

  /** splitJoined as JOIN alone splits each item: at every match outside brackets (in an item that opens one). */
  const byPattern = (src: string, s: number, e: number, and: boolean) => {
    const out: Array<[number, number]> = [];
    const push = (a: number, b: number) => {
      const r = trimRange(src, a, b);
      if (r[1] > r[0]) out.push(r);
    };
    for (const [a, b] of splitList(src, s, e)) {
      if (!and) {
        out.push([a, b]);
        continue;
      }
      const text = src.slice(a, b);
      const join = new RegExp(JOIN.source, 'g');
      let from = 0;
      for (let m = join.exec(text); m; m = join.exec(text)) {
        const before = text.slice(0, m.index);
        // Brackets count where the item opens one ("(" or "[").
        if (/[([]/.test(text) && before.replace(/[^([]/g, '').length !== before.replace(/[^)\]]/g, '').length) continue;
        push(a + from, a + m.index);
        from = m.index + m[0].length;
      }
      push(a + from, b);
    }
    return out;
  };
  const joinedAsPattern = (src: string, s: number, e: number, t: string) => {
    for (const and of [false, true]) assert.deepStrictEqual(splitJoined(src, s, e, and), byPattern(src, s, e, and), JSON.stringify([t, and]));
  };

  it('splitJoined as JOIN splits, on exports\' lists and random ones', () => {
    for (const t of ['Armoured tracks, Heavy flamer and Lasgun array', 'Rocket launcher', 'Close combat weapon and Lasgun, vox-caster and vox-relay beacon', 'A et B', 'A\tand\u00a0B', 'and B', 'A and', 'Band and Bet', 'A (b and c) and d'])
      around(t, joinedAsPattern);
    for (const t of randomTexts(40, [',', '(', ')', '[', ']', ' ', '\t', 'and', 'et', 'a', 'Rocket', 'x'], 5000, 8)) around(t, joinedAsPattern, AROUND_FEW);
  });

  it('on every short text over commas, brackets and white space, and on random ones', () => {
    for (const t of texts([',', '(', ')', '[', ']', ' ', 'a'], 5)) around(t, check, AROUND_FEW);
    for (const t of texts([',', '(', ')', ' ', ' and ', 'a'], 4)) around(t, joined, AROUND_FEW);
    for (const t of randomTexts(37, [',', ', ', '(', ')', '[', ']', ' ', 'Bolt pistol', '2x A'], 5000, 10)) around(t, check);
  });
});

describe('the special bullets (parse/special.ts special) are what their patterns make of them, every pattern tried', () => {
  /** special as the patterns alone read the bullet, none refused by its first or last character. */
  const reference = (t: string, base: number, priced: boolean) => {
    if (WARLORD.test(t)) return { kind: 'warlord' };
    if (BUNDLE.test(t)) return { kind: 'bundle' };
    const grp = (m: RegExpExecArray, i: number, at: number) => [at + m.indices![i][0], at + m.indices![i][1]];
    const m = ENH_PREFIX.exec(t);
    if (m) {
      const r = grp(m, 1, base);
      const p = PRICED.exec(m[1]);
      return p ? { kind: 'enhancement', name: grp(p, 1, r[0]), points: Number((p[2] ?? p[3]).replace(/,/g, '')) } : { kind: 'enhancement', name: r };
    }
    const l = LEADING.exec(t);
    if (l) return { kind: 'leading', name: grp(l, 1, base) };
    const p = priced ? PRICED.exec(t) : null;
    if (p && !COUNT.test(t)) return { kind: 'enhancement', name: grp(p, 1, base), points: Number((p[2] ?? p[3]).replace(/,/g, '')) };
    return undefined;
  };
  const check = (src: string, s: number, e: number, t: string) => {
    for (const priced of [false, true]) assert.deepStrictEqual(special(src, s, e, priced), reference(t, s, priced), JSON.stringify(t));
  };

  it('on exports\' bullets and random ones', () => {
    const bullets = ['Warlord', 'WARLORD', 'Seigneur de guerre', 'Warlords', 'B: 1 mauler chainblade', 'B :', 'b: x', 'Enhancement: Helm (+15 pts)', 'Enhancements:  Helm ', 'e: A [20pts]', 'E:A', 'Optimisation: X (+1,000 points)', 'Leading: Jakhals', 'attached to : A', 'Relic (+20 pts)', 'Relic [+20 pts]', '2x Gun (+5 pts)', 'Leader', 'Axe', ''];
    for (const t of bullets) around(t, check);
    const words = ['Warlord', 'B', 'E', 'e', 'Enhancement', 'En', 'o', 'Optimisations', 'Op', 'Leading', 'le', 'attached to', 'at', 'a', ':', ' : ', ' ', '\t', 'Helm', '(+15 pts)', '[20pts]', ')', ']', '2x ', '(', '1'];
    for (const t of randomTexts(38, words, 6000, 6)) around(t, check);
  });
});

describe('the battle size (parse/common.ts parseBattleSize) is read where BATTLE_SIZE matches, and only there', () => {
  const check = (src: string, s: number, e: number, t: string) => {
    const [a, b] = trimRange(src, s, e);
    assert.strictEqual(parseBattleSize(src, s, e) !== undefined, BATTLE_SIZE.test(src.slice(a, b)), JSON.stringify(t));
  };

  it('on the sizes in any case, with their points, and on random lines', () => {
    const sizes = ['Combat Patrol', 'COMBAT PATROL', 'combat\tpatrol', 'Combat\u0000Patrol', 'Force De Frappe', 'Incursion', 'Strike Force', 'Onslaught', 'Force de Frappe', 'strike force', 'ONSLAUGHT', 'incursion', 'Onslaugh', 'Strike', 'Fo', 'x'];
    for (const size of sizes) for (const tail of ['', ' (2000 points)', '(1,000 pts)', ' ( 500 point limit )', ' (2000)', '  ']) for (const lead of ['', ' ', '\u200b']) around(lead + size + tail, check);
    for (const t of randomTexts(39, [...sizes, ' ', '(', '2000', ' points', ')', 'a', '\u00a0'], 5000, 4)) around(t, check);
  });
});
