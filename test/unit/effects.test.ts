// The reader of stratagem EFFECT texts: the seed's eight stratagems, hand-written
// texts in the wordings real detachments use, and applying a read effect to weapons.
import * as assert from 'assert';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { Stratagem, Weapon } from '../../server/src/service/domain/rules/model';
import {
  appliesInPhase, changesDamage, effectModifiers, readEffect, StratagemEffect, weaponWithEffect,
} from '../../server/src/service/domain/damage/effects';

const rules = loadEmbeddedRules();
const seed = (n: string): Stratagem => {
  const s = rules.stratagems.find((x) => x.name === n);
  assert.ok(s, `seed stratagem ${n}`);
  return s;
};
const read = (s: Stratagem) => readEffect(s.effect, s.when);

/** The fields a test states; absent fields must be absent. */
function fields(e: StratagemEffect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

describe('EFFECT reader: the seed stratagems', () => {
  it('reads POINT-BLANK AMBUSH as [LETHAL HITS] within 12" in the Shooting and Fight phases', () => {
    assert.deepStrictEqual(fields(read(seed('POINT-BLANK AMBUSH'))), {
      abilities: ['[LETHAL HITS]'], conditions: ['within 12"'], phases: ['shooting', 'fight'],
    });
    assert.ok(changesDamage(read(seed('POINT-BLANK AMBUSH'))));
  });

  it('reads SWARM THE OPPRESSORS as +1 to the Charge roll, which changes no damage', () => {
    const e = read(seed('SWARM THE OPPRESSORS'));
    assert.strictEqual(e.chargeMod, 1);
    assert.deepStrictEqual(e.phases, ['charge']);
    assert.deepStrictEqual(e.abilities, []);
    assert.strictEqual(changesDamage(e), false);
  });

  for (const name of ['COMMAND RE-ROLL', 'INSANE BRAVERY', 'FIRE OVERWATCH', 'RAPID INGRESS', 'HEROIC INTERVENTION', 'COUNTER-OFFENSIVE']) {
    it(`reads ${name} as changing no damage number`, () => {
      const e = read(seed(name));
      assert.strictEqual(changesDamage(e), false, JSON.stringify(e));
      assert.strictEqual(e.chargeMod, undefined);
      assert.strictEqual(e.rerollHits, undefined, 'one re-roll of one roll is not "re-roll the Hit roll"');
    });
  }
});

describe('EFFECT reader: hand-written texts', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['sustained hits, fight',
      'Until the end of the phase, melee weapons equipped by models in your unit have the [SUSTAINED HITS 1] ability.',
      { abilities: ['[SUSTAINED HITS 1]'], weaponTypes: ['melee'] }],
    ['+1 to wound on the charge',
      'Until the end of the phase, each time a model in your unit makes a melee attack, if your unit made a Charge move this turn, add 1 to the Wound roll.',
      { woundMod: 1, conditions: ['made a Charge move this turn'], weaponTypes: ['melee'] }],
    ['+1 hit and +1 wound together',
      'Until the end of the phase, each time a model in your unit makes an attack, add 1 to the Hit roll and add 1 to the Wound roll.',
      { hitMod: 1, woundMod: 1 }],
    ['re-roll hit rolls of 1',
      'Until the end of the phase, each time a model in your unit makes a ranged attack, re-roll a Hit roll of 1.',
      { rerollHits: 'ones', weaponTypes: ['ranged'] }],
    ['full wound re-roll against a keyword',
      'Until the end of the phase, each time a model in your unit makes an attack that targets a MONSTER or VEHICLE unit, you can re-roll the Wound roll.',
      { rerollWounds: 'failed', conditions: ['target is MONSTER or VEHICLE'] }],
    ['AP improvement',
      'Until the end of the phase, improve the Armour Penetration characteristic of ranged weapons equipped by models in your unit by 1.',
      { apMod: 1, weaponTypes: ['ranged'] }],
    ['damage and strength',
      'Until the end of the phase, add 1 to the Strength and Damage characteristics of melee weapons equipped by models in your unit.',
      { strengthMod: 1, damageMod: 1, weaponTypes: ['melee'] }],
    ['strength',
      'Until the end of the phase, add 1 to the Strength characteristic of melee weapons equipped by models in your unit.',
      { strengthMod: 1, weaponTypes: ['melee'] }],
    ['critical hits on 5+',
      'Until the end of the phase, each time a model in your unit makes an attack, a successful unmodified Hit roll of 5+ scores a Critical Hit.',
      { critHitOn: 5 }],
    ['defensive -1 to hit is not the unit\'s own modifier',
      'Until the end of the phase, each time an attack targets your unit, subtract 1 from the Hit roll.',
      { defensive: { hitMod: -1 } }],
    ['defensive -1 damage',
      'Until the end of the turn, each time an attack is allocated to a model in your unit, subtract 1 from the Damage characteristic of that attack.',
      { defensive: { damageMod: -1 } }],
    ['an enemy unit\'s penalty is neither',
      'Select one enemy unit within 8" of your unit. Until the end of the phase, each time a model in that unit makes an attack, subtract 1 from the Hit roll.',
      { conditions: ['within 8"'] }],
    ['ability without brackets',
      'Until the end of the phase, weapons equipped by models in your unit have the Devastating Wounds ability.',
      { abilities: ['[DEVASTATING WOUNDS]'] }],
    ['a choice of abilities',
      'Select one of the following abilities: [IGNORES COVER], [LETHAL HITS], [SUSTAINED HITS 1]. Until the end of the phase, ranged weapons equipped by models in your unit have that ability.',
      { abilities: ['[IGNORES COVER]', '[LETHAL HITS]', '[SUSTAINED HITS 1]'], choose: 1, weaponTypes: ['ranged'] }],
    ['either of two abilities',
      'Select either the [LANCE] or [LETHAL HITS] ability. Until the end of the phase, melee weapons equipped by models in your unit have the selected ability. If it does, nothing else.',
      { abilities: ['[LANCE]', '[LETHAL HITS]'], choose: 1, weaponTypes: ['melee'] }],
    ['advance and battle-shock',
      'Until the end of the turn, add 1 to Advance rolls made for your unit, and add 1 to Battle-shock tests taken for your unit.',
      { advanceMod: 1, battleShockMod: 1 }],
    ['typographic quotes and a remained-stationary clause',
      'Until the end of the phase, if your unit Remained Stationary this turn, ranged weapons equipped by models in your unit have the [HEAVY] ability while targeting enemy units within 18\u201D.',
      { abilities: ['[HEAVY]'], conditions: ['within 18"', 'remained stationary this turn'], weaponTypes: ['ranged'] }],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => assert.deepStrictEqual(fields(readEffect(text)), expected));
  }

  it('reads the phases from the WHEN text, or from the effect when no WHEN is given', () => {
    assert.deepStrictEqual(readEffect('Your unit can shoot.', 'Your Shooting phase.').phases, ['shooting']);
    assert.deepStrictEqual(readEffect('Until the end of the Fight phase, add 1 to the Hit roll.').phases, ['fight']);
    assert.strictEqual(readEffect('Add 1 to the Hit roll.').phases, undefined);
  });

  it('never throws on odd input', () => {
    for (const t of ['', '[', ']]', 'add to the Hit roll', '<b>EFFECT:</b> <a href="x">Lethal Hits</a> ability', 'x'.repeat(10000)]) readEffect(t);
    assert.deepStrictEqual(readEffect('<b>EFFECT:</b> weapons have the <span>[LETHAL HITS]</span> ability').abilities, ['[LETHAL HITS]']);
  });
});

describe('EFFECT application', () => {
  const laser: Weapon = {
    name: 'Mining laser',
    profiles: [{ name: 'Mining laser', type: 'ranged', range: '24"', A: '1', skill: 4, S: 12, AP: -3, D: 'D6+1', abilities: [] }],
  };
  const cleaver: Weapon = {
    name: 'Cleaver',
    profiles: [{ name: 'Cleaver', type: 'melee', range: 'Melee', A: '2', skill: 4, S: 4, AP: 0, D: '1', abilities: ['LETHAL HITS'] }],
  };

  it('adds abilities and characteristics to the profiles of the effect\'s weapon type only', () => {
    const e = readEffect('Until the end of the phase, add 1 to the Damage characteristic of ranged weapons equipped by models in your unit and improve the Armour Penetration characteristic of ranged weapons equipped by models in your unit by 1. Those weapons have the [LETHAL HITS] ability.');
    const w = weaponWithEffect(laser, e);
    assert.deepStrictEqual(w.profiles[0], { ...laser.profiles[0], D: 'D6+2', AP: -4, abilities: ['LETHAL HITS'] });
    assert.strictEqual(weaponWithEffect(cleaver, e).profiles[0], cleaver.profiles[0], 'a melee weapon is untouched');
    assert.strictEqual(weaponWithEffect(laser, e), w, 'memoised per weapon and effect');
  });

  it('does not repeat an ability the weapon already has; AP 0 improves to -1', () => {
    const e = readEffect('Weapons equipped by models in your unit have the [LETHAL HITS] ability. Improve the Armour Penetration characteristic of those weapons by 1.');
    assert.deepStrictEqual(weaponWithEffect(cleaver, e).profiles[0].abilities, ['LETHAL HITS']);
    assert.strictEqual(weaponWithEffect(cleaver, e).profiles[0].AP, -1);
  });

  it('returns the weapon itself when the effect changes no weapon characteristic', () => {
    assert.strictEqual(weaponWithEffect(laser, readEffect('Add 1 to the Hit roll.')), laser);
  });

  it('merges roll modifiers into the scenario\'s, keeping the broader re-roll and lower critical threshold', () => {
    const e = readEffect('Each time a model in your unit makes an attack, add 1 to the Hit roll and re-roll a Wound roll of 1. A successful unmodified Hit roll of 5+ scores a Critical Hit.');
    assert.deepStrictEqual(effectModifiers(e, { hit: -1, rerollWounds: 'failed', critHitOn: 6 }), { hit: 0, rerollWounds: 'failed', critHitOn: 5 });
  });

  it('applies in a phase by its phases and weapon types', () => {
    const melee = readEffect('Melee weapons equipped by models in your unit have the [LANCE] ability.', 'Your Fight phase.');
    assert.strictEqual(appliesInPhase(melee, 'fight'), true);
    assert.strictEqual(appliesInPhase(melee, 'shooting'), false);
    const both = read(seed('POINT-BLANK AMBUSH'));
    assert.strictEqual(appliesInPhase(both, 'shooting') && appliesInPhase(both, 'fight'), true);
  });
});
