// Untrusted data and lists never take Auspex down (issue 17): every reproduction of the issue, generated
// here (small on disk), against the bound it must meet. Numbers in data and lists, damage cost, link
// walking in BattleScribe catalogues, linear text handling, request size policies, files and paths.
import * as assert from 'assert';
import { bsText, loadBsData } from '../../server/src/service/domain/rules/bsdata';
import { htmlToText } from '../../server/src/service/domain/rules/wahapediaCsv';
import { readTargetText } from '../../server/src/service/domain/stratagems/targetText';

import { cycleCatalogue, danglingCatalogue, HOSTILE_GST, ladderCatalogue } from '../support/hostileData';

/** Runs f, asserting it takes under `ms` milliseconds; returns its value. */
export function within<T>(ms: number, what: string, f: () => T): T {
  const t0 = process.hrtime.bigint();
  const v = f();
  const took = Number(process.hrtime.bigint() - t0) / 1e6;
  assert.ok(took < ms, `${what} took ${took.toFixed(0)} ms (bound ${ms} ms)`);
  return v;
}

const load = (cat: string) => loadBsData([{ name: 'Hostile.gst', text: HOSTILE_GST }, { name: 'Hostile Host.cat', text: cat }]);

describe('bounds: BattleScribe link walking', () => {
  it('shared groups linking two-to-a-level, 30 levels deep (2^30 paths): each group walked once, under 2 s', () => {
    const cat = ladderCatalogue(30, 2);
    assert.ok(cat.length < 20_000, `a few KB (${cat.length} chars)`);
    const { data, warnings } = within(2000, 'loading the ladder', () => load(cat));
    const unit = data.datasheets.find((d) => d.name === 'Host Unit');
    assert.ok(unit, 'the unit still loads');
    // The chain is deeper than the bound: cut with a warning naming the file and element.
    const deep = warnings.find((w) => w.code === 'link-too-deep');
    assert.ok(deep && deep.source.file === 'Hostile Host.cat' && /nested more than \d+ links deep/.test(deep.message), JSON.stringify(warnings.map((w) => w.message)));
  });

  it('four to a level, 12 levels deep (16 million paths): under 2 s and the weapon at the bottom is found', () => {
    const { data } = within(2000, 'loading the ladder', () => load(ladderCatalogue(12, 4)));
    const unit = data.datasheets.find((d) => d.name === 'Host Unit');
    assert.deepStrictEqual(unit?.weapons.map((w) => w.name), ['Ladder gun']);
  });

  it('a cycle of entry links is cut with a warning, under 1 s', () => {
    const { data, warnings } = within(1000, 'loading the cycle', () => load(cycleCatalogue(12)));
    assert.ok(data.datasheets.some((d) => d.name === 'Host Unit'));
    const cyc = warnings.filter((w) => w.code === 'link-cycle');
    assert.ok(cyc.length >= 1, 'a link-cycle warning');
    assert.match(cyc[0].message, /^Hostile Host\.cat: element c-\d+ .*links back to itself .*not followed further/);
  });

  it('20,000 links to missing ids beside 2,000 entries: found missing through an index (no text search), under 5 s, one warning each', () => {
    // A text search per missing link reads 20,000 × 1.4 MB; the index reads the catalogue once (most of the
    // time left is XML parsing of the 2.8 MB catalogue).
    const { data, warnings } = within(5000, 'loading the dangling links', () => load(danglingCatalogue(20_000)));
    assert.ok(data.datasheets.some((d) => d.name === 'Host Unit'));
    assert.strictEqual(warnings.filter((w) => w.code === 'link-dangling').length, 20_000);
  });
});

describe('bounds: text from data in linear time (1 MB of each worst pattern)', () => {
  const MB = 1024 * 1024;
  const rep = (s: string) => s.repeat(Math.ceil(MB / s.length)).slice(0, MB);
  // Quadratic handling of 1 MB takes minutes; linear takes well under a second even on a loaded machine.
  const BOUND = 3000;

  it('htmlToText: "<" with no ">", unclosed <li and <br, entities, spaces', () => {
    for (const p of ['<', '<li', '<br', '</p', '&', '& ', ' \n', '<a ']) within(BOUND, `htmlToText of 1 MB of ${JSON.stringify(p)}`, () => htmlToText(rep(p)));
    assert.strictEqual(htmlToText(rep('<')), rep('<'), 'a "<" with no ">" after it stays text');
    assert.strictEqual(htmlToText('A <b>bold</b> word<br>next<ul><li class="x">one</li><li>two</li></ul>a < b &amp; c'), 'A bold word\nnext\n- one\n- two\na < b & c');
  });

  it('BattleScribe markup: unclosed "**^^", "^^" and "**" runs', () => {
    for (const p of ['**^^', '**^^a', '^^a', '**a', '**^^ ']) within(BOUND, `bsText of 1 MB of ${JSON.stringify(p)}`, () => bsText(rep(p)));
    assert.strictEqual(bsText('Attach to **^^Tyrant Guard^^** or ^^Neurotyrant^^, **bold** and **un\nclosed**'), 'Attach to TYRANT GUARD or NEUROTYRANT, bold and **un\nclosed**');
  });

  it('replacePairs matches the lazy regex it replaces on random markup', () => {
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x80000000);
    const alphabet = ['*', '^', 'a', ' ', '\n', '**', '^^'];
    for (let i = 0; i < 2000; i++) {
      const s = Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const want = s.replace(/\*\*\^\^(.*?)\^\^\*\*/g, (_m, k: string) => k.toUpperCase()).replace(/\^\^(.*?)\^\^/g, (_m, k: string) => k.toUpperCase()).replace(/\*\*(.*?)\*\*/g, '$1').replace(/\r\n/g, '\n').trim();
      assert.strictEqual(bsText(s), want, JSON.stringify(s));
    }
  });

  it('stratagem TARGET reading and keyword runs: runs without a head noun, apostrophes, dashes, "excluding" lists', () => {
    const cases = ['One ' + rep('AB ') + 'x', 'One ' + rep('AB'), 'One ' + rep("A'") + ' unit', 'One ' + rep('A-B') + ' unit', 'One unit (excluding ' + rep('AB-') + ')', rep('or '), rep('One unit, or ')];
    for (const c of cases) within(BOUND, `readTargetText of 1 MB (${JSON.stringify(c.slice(0, 12))}…)`, () => readTargetText(c, c, c, c));
    // The reader still reads what it read before.
    const spec = readTargetText('One DRUKHARI TRANSPORT from your army.');
    assert.strictEqual(spec.subject, 'unit');
  });
});
