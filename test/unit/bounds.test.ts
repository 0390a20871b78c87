// Untrusted data and lists never take Auspex down (issue 17): every reproduction of the issue, generated
// here (small on disk), against the bound it must meet. Numbers in data and lists, damage cost, link
// walking in BattleScribe catalogues, linear text handling, request size policies, files and paths.
import * as assert from 'assert';
import { loadBsData } from '../../server/src/service/domain/rules/bsdata';

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

  it('20,000 links to missing ids: found missing through an index (no text search), under 2 s, one warning each', () => {
    const { data, warnings } = within(2000, 'loading the dangling links', () => load(danglingCatalogue(20_000)));
    assert.ok(data.datasheets.some((d) => d.name === 'Host Unit'));
    assert.strictEqual(warnings.filter((w) => w.code === 'link-dangling').length, 20_000);
  });
});
