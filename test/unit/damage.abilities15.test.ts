// Weapon abilities that change the numbers since issue 15, each with hand-derived exact values:
// HAZARDOUS (models the attacker loses), ONE SHOT (left out of the unit total), ASSAULT (an Advance),
// EXTRA ATTACKS (in addition to the best other melee weapon).
import * as assert from 'assert';
import { ScenarioWeapon, computeDamage } from '../../server/src/service/domain/damage/engine';
import { computeUnitDamage } from '../../server/src/service/domain/damage/fromRules';
import type { Weapon } from '../../server/src/service/domain/rules/model';

const EPS = 1e-9;
function near(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < EPS, `${what} expected ${expected}, got ${actual}`);
}
// TORRENT S8 v T4: 5/6 wounds an attack; no save; 20 models W1.
const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 1, skill: null, S: 8, AP: 0, D: 1, abilities: ['TORRENT'], models: 1, ...o });
const target = { models: 20, T: 4, Sv: 7, W: 1 };

describe('damage engine: HAZARDOUS, ONE SHOT, ASSAULT, EXTRA ATTACKS', () => {
  it('HAZARDOUS: expected models lost, a model a failed test or 3 mortal wounds to a CHARACTER, MONSTER or VEHICLE', () => {
    const haz = W({ models: 6, abilities: ['TORRENT', 'HAZARDOUS'] });
    const q0 = (5 / 6) ** 6; // no failed test of 6
    const q1 = (5 / 6) ** 5; // exactly one: 6 · 1/6 · (5/6)^5
    const r = computeDamage({ attacker: { weapons: [haz], models: 6 }, target });
    near(r.hazardousFailedTests, 1, 'tests failed');
    near(r.hazardousModelsLost, 1, 'a model per failed test');
    // Two models carry them: at most 2 lost.
    near(computeDamage({ attacker: { weapons: [haz], models: 2 }, target }).hazardousModelsLost, q1 + 2 * (1 - q0 - q1), 'capped at 2');
    // A MONSTER of W4: 3 mortal wounds a failure, excess lost: 2 failures to lose it.
    near(computeDamage({ attacker: { weapons: [haz], models: 1, keywords: ['MONSTER'], W: 4 }, target }).hazardousModelsLost, 1 - q0 - q1, 'monster W4');
    // A CHARACTER of W3: 3 mortal wounds slay it, as one model a failure.
    near(computeDamage({ attacker: { weapons: [haz], models: 6, keywords: ['CHARACTER'], W: 3 }, target }).hazardousModelsLost, 1, 'character W3');
    // The 11th's hazard rolls (06.03): 1-2 fail, 1 mortal wound each: W1 models, 6 · 1/3 = 2.
    const r11 = computeDamage({ attacker: { weapons: [haz], models: 6 }, target, rules: { edition: 11 } });
    near(r11.hazardousModelsLost, 2);
    assert.ok(r11.notes.some((n) => /06\.03/.test(n)), r11.notes.join('\n'));
    near(computeDamage({ attacker: { weapons: [W({ models: 6 })] }, target }).hazardousModelsLost, 0, 'no Hazardous weapon');
    // From a datasheet (fromRules): the unit's keywords and W reach the engine; its models cap the loss.
    const plasma: Weapon = { name: 'Plasma', profiles: [{ name: 'Plasma', type: 'ranged', range: '24"', A: '1', skill: null, S: 8, AP: 0, D: '1', abilities: ['TORRENT', 'HAZARDOUS'] }] };
    const unit = (keywords: string[], attackerW?: number) => computeUnitDamage({ groups: [{ models: 6, weapons: [plasma] }], keywords, attackerW, target }).hazardousModelsLost;
    near(unit([]), 1, 'infantry');
    // VEHICLE models of W4: two failed tests a model, so E[floor(F / 2)] with F ~ Binomial(6, 1/6).
    let e = 0;
    for (let f = 0, c = 1; f <= 6; c = (c * (6 - f)) / (f + 1), f++) e += c * (1 / 6) ** f * (5 / 6) ** (6 - f) * Math.floor(f / 2);
    near(unit(['Vehicle'], 4), e, 'vehicles of W4');
  });

  it('ONE SHOT: its own line, left out of the unit total; withOneShot adds it', () => {
    const bolter = W({ name: 'bolter', A: 3 });
    const missile = W({ name: 'missile', abilities: ['TORRENT', 'ONE SHOT'] });
    const r = computeDamage({ attacker: { weapons: [bolter, missile] }, target });
    near(r.modelsSlain, 2.5, 'every turn: the bolter');
    near(r.attacks, 3);
    assert.strictEqual(r.perWeapon[1].oneShot, true);
    assert.strictEqual(r.perWeapon[0].oneShot, undefined);
    near(r.perWeapon[1].modelsSlain, 5 / 6, 'the missile alone');
    near(r.withOneShot!.modelsSlain, 2.5 + 5 / 6, 'the turn it fires');
    near(r.withOneShot!.damage, 2.5 + 5 / 6);
    assert.strictEqual(computeDamage({ attacker: { weapons: [bolter] }, target }).withOneShot, undefined);
    // A unit whose only weapon is ONE SHOT: nothing every turn.
    const only = computeDamage({ attacker: { weapons: [missile] }, target });
    near(only.modelsSlain, 0);
    near(only.withOneShot!.modelsSlain, 5 / 6);
  });

  it('ASSAULT: after an Advance only ASSAULT weapons shoot', () => {
    const ws = [W({ name: 'heavy', A: 3 }), W({ name: 'assault', A: 2, abilities: ['TORRENT', 'ASSAULT'] })];
    const advanced = computeDamage({ attacker: { weapons: ws }, target, context: { advanced: true } });
    near(advanced.attacks, 2);
    near(advanced.modelsSlain, 2 * (5 / 6));
    assert.strictEqual(advanced.perWeapon[0].used, false);
    assert.ok(advanced.perWeapon[0].notes.some((n) => /not an ASSAULT weapon/.test(n)));
    near(computeDamage({ attacker: { weapons: ws }, target }).attacks, 5, 'no Advance');
    // Melee weapons in the Fight phase are not affected.
    const melee = computeDamage({ attacker: { weapons: [W({ type: 'melee', A: 3 })] }, target, context: { phase: 'fight', advanced: true } });
    near(melee.attacks, 3);
  });

  it('EXTRA ATTACKS: in addition to the best other melee weapon, not every melee weapon', () => {
    const profile = (name: string, A: string, S: number, AP: number, abilities: string[] = []) => ({ name, type: 'melee' as const, range: 'Melee', A, skill: 3, S, AP, D: '1', abilities });
    const weapons: Weapon[] = [
      { name: 'Power sword', profiles: [profile('Power sword', '4', 5, -2)] },
      { name: 'Chainsword', profiles: [profile('Chainsword', '2', 4, -1)] },
      { name: 'Tail', profiles: [profile('Tail', '2', 4, 0, ['EXTRA ATTACKS'])] },
    ];
    // Target T4 Sv3+ W1 × 20. WS3+: 2/3. Power sword: S5 wounds 3+ (2/3), Sv 3+ AP-2 → 5+: fails 4/6 → 8/27 an attack.
    // Tail: S4 4+ (1/2), Sv3+ AP0 fails 2/6 → 1/9 an attack. Chainsword (2/3 · 1/2 · 1/2 = 1/6 an attack × 2) is worse than the sword.
    const t = { models: 20, T: 4, Sv: 3, W: 1 };
    const r = computeUnitDamage({ groups: [{ models: 1, weapons, label: 'Captain' }], target: t, context: { phase: 'fight' } });
    assert.deepStrictEqual(r.scenario.attacker.weapons.map((w) => w.name), ['Power sword', 'Tail']);
    near(r.modelsSlain, 4 * (8 / 27) + 2 * (1 / 9), 'sword + tail');
    assert.ok(r.choices.some((c) => /fights with Power sword .* and Tail \(EXTRA ATTACKS\)/.test(c)), r.choices.join('\n'));
  });
});
