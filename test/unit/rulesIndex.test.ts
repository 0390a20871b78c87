// Name lookups in the rules index: the spellings exporters and data sources
// disagree on must still find the same entry.
import * as assert from 'assert';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { RulesData } from '../../server/src/service/domain/rules/model';

function data(): RulesData {
  const d = loadEmbeddedRules();
  return {
    ...d,
    enhancements: [{ id: 'e1', name: 'The Perplexing Cloak', detachment: 'Claw of Ascension', faction: 'GENESTEALER CULTS', points: 20, text: 'x', source: { file: 'test' } }],
  };
}

describe('rules index lookups', () => {
  const index = new RulesIndex(data());

  it('finds a datasheet by name whatever the case, apostrophes and spaces', () => {
    assert.strictEqual(index.datasheet('atalan  JACKALS')?.name, 'Atalan Jackals');
    assert.strictEqual(index.datasheet('Atalan Jackels'), undefined);
  });

  it('finds a datasheet an exporter prefixed with the faction name ("World Eaters Chaos Spawn")', () => {
    assert.strictEqual(index.datasheet('Genestealer Cults Atalan Jackals')?.name, 'Atalan Jackals');
    assert.strictEqual(index.datasheet('Atalan Jackals', 'Genestealer Cults')?.name, 'Atalan Jackals');
    assert.deepStrictEqual(index.closestDatasheets('Genestealer Cults Atalan Jakals'), ['Atalan Jackals']);
  });

  it('finds an enhancement with or without a leading "The"', () => {
    assert.strictEqual(index.enhancement('Perplexing Cloak')?.name, 'The Perplexing Cloak');
    assert.strictEqual(index.enhancement('the perplexing cloak')?.name, 'The Perplexing Cloak');
    assert.deepStrictEqual(index.enhancementsNamed('Cloak'), []);
  });

  it('finds core rules by alias, brackets or not', () => {
    assert.strictEqual(index.rule('[PISTOL]')?.name, 'Pistol');
    assert.strictEqual(index.rule('lethal hits')?.name, 'Lethal Hits');
  });
});
