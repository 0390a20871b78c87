// The official app's readers written by hand in place of a regular expression (parse/eleventh.ts, gwapp.ts,
// attached.ts): each is checked against the expression it stands for, on generated and random text.
import * as assert from 'assert';
import { DP_TAIL, dpTail } from '../../server/src/service/domain/parse/eleventh';
import { ITEM, isItem } from '../../server/src/service/domain/parse/gwapp';
import { BATTLE_SIZE, parseBattleSize } from '../../server/src/service/domain/parse/common';
import type { BattleSize } from '../../server/src/service/domain/parse/ast';
import { tok, toNumber } from '../../server/src/service/domain/parse/lines';

/** The battle size of a line as BATTLE_SIZE reads it (parseBattleSize's reading before it was written by hand). */
function patternBattleSize(src: string, line: { contentStart: number; contentEnd: number }): BattleSize | undefined {
  const s = line.contentStart;
  const m = BATTLE_SIZE.exec(src.slice(s, line.contentEnd));
  if (!m) return undefined;
  const bs: BattleSize = { name: tok(src, s + m.indices![1][0], s + m.indices![1][1]), span: { start: s, end: line.contentEnd } };
  if (m[1].toLowerCase() === 'force de frappe') bs.english = 'Strike Force';
  if (m[2] !== undefined) bs.points = toNumber(m[2]);
  return bs;
}
import { scanLines } from '../../server/src/service/domain/parse/lines';
import { ATTACHED_AS, ROLES, attachedAs, roleOf } from '../../server/src/service/domain/parse/attached';
import { random } from './scan-helpers';

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

describe('the app\'s item line read by hand (parse/gwapp.ts isItem) answers as ITEM', () => {
  it('on every short text over the characters it reads, and on random ones', () => {
    let n = 0;
    let items = 0;
    const check = (t: string) => {
      const want = ITEM.test(t);
      assert.strictEqual(isItem(t), want, JSON.stringify(t));
      if (want) items++;
      n++;
    };
    const alphabet = ['1', '0', 'x', 'X', '×', ' ', '\t', '\u00a0', '\u200b', 'a', '•'];
    for (const t of joined([alphabet, alphabet, alphabet, alphabet, alphabet])) check(t);
    const r = random(12);
    const bits = [...alphabet, '12', '2x ', 'Bolt pistol', 'x '];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 1 + Math.floor(r() * 6) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(n > 150000 && items > 4000, `${n} texts, ${items} items`);
  });
});

describe('the app\'s role bullet read by hand (parse/attached.ts attachedAs, roleOf) answers as ATTACHED_AS and ROLES', () => {
  it('on every bullet made of its parts with tricky spellings and spacings, and on random ones', () => {
    let n = 0;
    let roles = 0;
    const check = (t: string) => {
      const m = ATTACHED_AS.exec(t);
      const got = attachedAs(t);
      assert.deepStrictEqual(got && t.slice(got[0], got[1]), m ? m[1] : undefined, JSON.stringify(t));
      const role = ROLES.find(([re]) => re.test(t))?.[1];
      assert.strictEqual(roleOf(t), role, JSON.stringify(t));
      // Read inside a longer text (as in the list's source), nothing beyond the range counts.
      const inside = 'Attached as: ' + t + 's du corps: Leader';
      const at = attachedAs(inside, 13, 13 + t.length);
      assert.deepStrictEqual(at && [at[0] - 13, at[1] - 13], got, JSON.stringify(t));
      assert.strictEqual(roleOf(inside, 13, 13 + t.length), role, JSON.stringify(t));
      if (role) roles++;
      n++;
    };
    const heads = ['Attached as', 'ATTACHED AS', 'attached  as', 'Attachée en tant que', 'ATTACHÉE EN TANT QUE', 'Attache en tant que', 'Attachee en tant que', 'Attachéé en tant que', 'Attaché en tant que', 'Attached aſ', 'Attached\tas', 'Attach'];
    const gaps = ['', ' ', '\t', '\u00a0 ', '\u200b'];
    const roleTexts = ['Leader (Character)', 'leader', 'Leaders', 'LEADER_', 'Leader2', 'Meneur', 'Support', 'soutien (x)', 'Bodyguard ()', 'Garde du corps', 'Gardes du corps', 'Gardes  du corps', 'gardess du corps', 'Bodyguard\u2028x', 'x\ny', '', 'ſupport', '\u212aeader'];
    for (const h of heads) for (const a of gaps) for (const c of [':', '', '::']) for (const b of gaps) for (const r of roleTexts) for (const z of gaps) check(h + a + c + b + r + z);
    const rnd = random(13);
    const bits = [...heads, ...gaps, ...roleTexts, ':', ' ', 'é', 'e', 's'];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => bits[Math.floor(rnd() * bits.length)]).join(''));
    assert.ok(n > 50000 && roles > 2000, `${n} texts, ${roles} roles`);
  });
});

describe('the battle size line read by hand (parse/common.ts parseBattleSize) answers as BATTLE_SIZE reads it', () => {
  it('on every line made of its parts with tricky spellings and spacings, and on random ones', () => {
    let n = 0;
    let sizes = 0;
    const check = (t: string) => {
      const line = scanLines(t)[0];
      const want = line.blank ? undefined : patternBattleSize(t, line);
      assert.deepStrictEqual(line.blank ? undefined : parseBattleSize(t, line.start, line.end), want, JSON.stringify(t));
      if (want) sizes++;
      n++;
    };
    const names = ['Strike Force', 'STRIKE FORCE', 'strike  force', 'Combat Patrol', 'Incursion', 'Onslaught', 'Force de Frappe', 'FORCE DE FRAPPE', 'Force', 'Incursions', 'Onſlaught', 'Space Marines', ''];
    const gaps = ['', ' ', '\t', '\u00a0', '\u200b '];
    const limits = ['', '(2000 points)', '( 1,000 Point )', '(500 pts)', '(1000 point limit)', '(1000 pointlimit)', '(1000 pointss)', '(,1 points)', '(1 PTS)', '(1000)', '2000 points)', '(1000 points', '(1 pts) x'];
    for (const a of gaps) for (const name of names) for (const b of gaps) for (const l of limits) for (const c of gaps) check(a + name + b + l + c);
    const r = random(14);
    const bits = [...names, ...gaps, ...limits, '(', ')', '1', ',', 'points', ' '];
    for (let k = 0; k < 20000; k++) check(Array.from({ length: 1 + Math.floor(r() * 5) }, () => bits[Math.floor(r() * bits.length)]).join(''));
    assert.ok(n > 40000 && sizes > 3000, `${n} lines, ${sizes} battle sizes`);
  });
});
