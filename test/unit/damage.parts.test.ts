// Dice expressions, ability parsing, hover odds, scenario validation and the rules-model bridge.
import * as assert from 'assert';
import { parseAbilities } from '../../server/src/service/domain/damage/abilities';
import { DiceError, compound, convolve, diceDist, mean, parseDice, tryParseDice } from '../../server/src/service/domain/damage/dice';
import { advanceDistribution, battleShockPass, chargeChance, chargeTable } from '../../server/src/service/domain/damage/odds';
import { parseScenario } from '../../server/src/service/domain/damage/validateScenario';
import { bestProfile, computeUnitDamage, targetFromModel, weaponFromProfile } from '../../server/src/service/domain/damage/fromRules';
import { Weapon, WeaponProfile } from '../../server/src/service/domain/rules/model';

const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `expected ${b}, got ${a}`);

describe('damage dice', () => {
  it('parses numbers and dice expressions', () => {
    assert.strictEqual(parseDice('D6+1').text, 'D6+1');
    assert.strictEqual(parseDice(' 2d6 ').text, '2D6');
    assert.strictEqual(parseDice('d3 + 3').text, 'D3+3');
    assert.strictEqual(parseDice(4).text, '4');
    assert.strictEqual(parseDice('12').plus, 12);
  });

  it('rejects bad expressions with a clear message', () => {
    assert.throws(() => parseDice('D7'), DiceError);
    assert.throws(() => parseDice('banana'), /not a dice expression/);
    assert.throws(() => parseDice(1.5), /whole number/);
    const r = tryParseDice('2D');
    assert.ok('error' in r && r.error.includes('"2D"'));
  });

  it('exact distributions', () => {
    // D3 = D6 halved rounding up: uniform 1..3.
    assert.deepStrictEqual(diceDist('D3').map((p) => +p.toFixed(12)), [0, 1 / 3, 1 / 3, 1 / 3].map((p) => +p.toFixed(12)));
    const two = diceDist('2D6');
    near(two[7], 6 / 36);
    near(two[2], 1 / 36);
    near(mean(diceDist('D6+1')), 4.5);
    near(mean(diceDist('D3+3')), 5);
    near(mean(convolve(diceDist('D6'), diceDist('D3'))), 5.5);
    // Roll D3 dice of D6: mean 2 × 3.5.
    near(mean(compound(diceDist('D3'), diceDist('D6'))), 7);
  });
});

describe('damage abilities', () => {
  it('parses every supported ability, any case, with or without brackets', () => {
    const a = parseAbilities(['[lethal hits]', 'SUSTAINED HITS D3', 'Devastating Wounds', 'anti-infantry 4+', 'TWIN-LINKED', 'torrent',
      'BLAST', 'MELTA 2', 'RAPID FIRE 1', 'HEAVY', 'LANCE', 'IGNORES COVER', 'INDIRECT FIRE', 'PRECISION', 'HAZARDOUS', 'PISTOL',
      'ASSAULT', 'EXTRA ATTACKS']);
    assert.ok(a.lethalHits && a.devastatingWounds && a.twinLinked && a.torrent && a.blast && a.heavy && a.lance);
    assert.ok(a.ignoresCover && a.indirectFire && a.precision && a.hazardous && a.pistol && a.assault && a.extraAttacks);
    assert.strictEqual(a.sustainedHits?.text, 'D3');
    assert.strictEqual(a.melta?.plus, 2);
    assert.strictEqual(a.rapidFire?.plus, 1);
    assert.deepStrictEqual(a.anti, [{ keyword: 'INFANTRY', on: 4 }]);
    assert.deepStrictEqual(a.unknown, []);
  });

  it('splits combined strings and reports unknown abilities', () => {
    const a = parseAbilities(['[PISTOL], [LETHAL HITS]', 'Twin linked', 'Sustained Hits X', 'anti-fly vehicle 2+']);
    assert.ok(a.pistol && a.lethalHits && a.twinLinked);
    assert.deepStrictEqual(a.unknown, ['Sustained Hits X']);
    assert.deepStrictEqual(a.anti, [{ keyword: 'FLY VEHICLE', on: 2 }]);
  });
});

describe('damage odds', () => {
  it('charge chances from 2D6', () => {
    near(chargeChance(2), 1);
    near(chargeChance(7), 21 / 36);
    near(chargeChance(9), 10 / 36);
    near(chargeChance(12), 1 / 36);
    near(chargeChance(13), 0);
    near(chargeChance(9, 1), 15 / 36);
    assert.strictEqual(chargeTable().length, 12);
  });

  it('Battle-shock passes on 2D6 ≥ Ld', () => {
    near(battleShockPass(7), 21 / 36);
    near(battleShockPass(6), 26 / 36);
  });

  it('Advance distance M + D6', () => {
    const d = advanceDistribution('12"');
    assert.deepStrictEqual(d.map((x) => x.distance), [13, 14, 15, 16, 17, 18]);
    near(d.reduce((s, x) => s + x.p, 0), 1);
  });
});

describe('damage scenario validation', () => {
  const ok = {
    attacker: { weapons: [{ name: 'Mining laser', type: 'ranged', range: '24"', A: 1, skill: 4, S: 12, AP: -3, D: 'D6+1', abilities: [], models: 1 }] },
    target: { models: 5, T: 4, Sv: 3, W: 2 },
  };

  it('accepts a valid scenario and fills neutral values', () => {
    const r = parseScenario(ok);
    assert.ok('scenario' in r);
    assert.strictEqual(r.scenario.attacker.weapons[0].D, 'D6+1');
  });

  it('names the bad field', () => {
    const bad = (patch: (o: any) => void) => {
      const o = JSON.parse(JSON.stringify(ok));
      patch(o);
      const r = parseScenario(o);
      return 'error' in r ? r.error : '';
    };
    assert.strictEqual(bad((o) => (o.attacker.weapons[0].S = 'x')), 'attacker.weapons[0].S: expected a number');
    assert.match(bad((o) => (o.attacker.weapons[0].D = 'D7')), /^attacker\.weapons\[0\]\.D: /);
    assert.match(bad((o) => delete o.target.T), /^target\.T: missing/);
    assert.match(bad((o) => (o.target.sv = 3)), /^target\.sv: unknown field \(did you mean "Sv"\?\)/);
    assert.match(bad((o) => (o.modifiers = { rerollHits: 'all' })), /^modifiers\.rerollHits: expected one of/);
    assert.match(bad((o) => (o.context = { phase: 'charge' })), /^context\.phase/);
    assert.match(bad((o) => (o.attacker.weapons = [])), /^attacker\.weapons: expected at least one/);
    assert.match(bad((o) => delete o.attacker.weapons[0].skill), /^attacker\.weapons\[0\]\.skill: missing/);
    assert.match(bad((o) => (o.rules = { devastatingWounds: 'old' })), /^rules\.devastatingWounds/);
    assert.strictEqual(parseScenario([]).hasOwnProperty('error'), true);
  });

  it('accepts "3+" style targets, null invuln and TORRENT without a skill', () => {
    const o = JSON.parse(JSON.stringify(ok));
    o.target.Sv = '3+';
    o.target.invuln = null;
    o.attacker.weapons[0].skill = null;
    o.attacker.weapons[0].abilities = ['TORRENT'];
    const r = parseScenario(o);
    assert.ok('scenario' in r, JSON.stringify(r));
    assert.strictEqual(r.scenario.target.Sv, 3);
  });
});

describe('damage from the rules model', () => {
  const profile = (o: Partial<WeaponProfile>): WeaponProfile => ({
    name: 'p', type: 'ranged', range: '24"', A: '1', skill: 4, S: 4, AP: 0, D: '1', abilities: [], ...o,
  });
  const plasma: Weapon = {
    name: 'Plasma gun',
    profiles: [profile({ name: 'Plasma gun - standard', S: 7, AP: -2, D: '1' }), profile({ name: 'Plasma gun - supercharge', S: 8, AP: -3, D: '2', abilities: ['HAZARDOUS'] })],
  };

  it('builds engine weapons and targets', () => {
    const w = weaponFromProfile(profile({ name: 'Mining laser', A: '1', S: 12, AP: -3, D: 'D6+1' }), 2);
    assert.strictEqual(w.models, 2);
    const t = targetFromModel({ name: 'Jackal', M: '12"', T: 4, Sv: 5, W: 2, Ld: 7, OC: 1, invuln: 6 }, 5, { stealth: true });
    assert.deepStrictEqual([t.T, t.Sv, t.W, t.invuln, t.models, t.stealth], [4, 5, 2, 6, 5, true]);
  });

  it('chooses the best profile against the target and says which', () => {
    // Against W2 Sv3+ models, supercharge (S8 AP-3 D2) beats standard (S7 AP-2 D1).
    const b = bestProfile(plasma, 1, { models: 5, T: 4, Sv: 3, W: 2 });
    assert.strictEqual(b.profile.name, 'Plasma gun - supercharge');
    assert.strictEqual(b.weapon.profile, 'Plasma gun - supercharge');
  });

  it('a model with a Pistol shoots either Pistols or its other ranged weapons, whichever does more', () => {
    const pistol: Weapon = { name: 'Atalan small arms', profiles: [profile({ name: 'Atalan small arms', range: '12"', A: '2', abilities: ['PISTOL'] })] };
    const laser: Weapon = { name: 'Mining laser', profiles: [profile({ name: 'Mining laser', S: 12, AP: -3, D: 'D6+1' })] };
    const blade: Weapon = { name: 'Atalan power weapon', profiles: [profile({ name: 'Atalan power weapon', type: 'melee', range: 'Melee', A: '2', AP: -2 })] };
    const vsTank = computeUnitDamage({ groups: [{ models: 1, weapons: [pistol, laser, blade] }], target: { models: 1, T: 10, Sv: 3, W: 12 }, context: { phase: 'shooting' } });
    assert.deepStrictEqual(vsTank.scenario.attacker.weapons.map((w) => w.name), ['Mining laser']);
    assert.ok(vsTank.choices[0].includes('rather than Pistols'));
    const vsHorde = computeUnitDamage({ groups: [{ models: 1, weapons: [pistol, laser] }], target: { models: 10, T: 3, Sv: 5, W: 1 }, context: { phase: 'shooting' } });
    assert.deepStrictEqual(vsHorde.scenario.attacker.weapons.map((w) => w.name), ['Atalan small arms']);
    // A VEHICLE fires both.
    const both = computeUnitDamage({ groups: [{ models: 1, weapons: [pistol, laser] }], keywords: ['VEHICLE'], target: { models: 10, T: 3, Sv: 5, W: 1 }, context: { phase: 'shooting' } });
    assert.strictEqual(both.scenario.attacker.weapons.length, 2);
    // In the Fight phase only the melee weapon.
    const fight = computeUnitDamage({ groups: [{ models: 3, weapons: [pistol, laser, blade] }], target: { models: 10, T: 3, Sv: 5, W: 1 }, context: { phase: 'fight' } });
    assert.deepStrictEqual(fight.scenario.attacker.weapons.map((w) => [w.name, w.models]), [['Atalan power weapon', 3]]);
  });
});
