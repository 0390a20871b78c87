// The grouped chain's pruning (groups.ts PRUNE_MASS) against the unpruned computation: no reported figure moves
// by more than the stated bound (2·PRUNE_MASS a weapon on a probability, times the largest value on an expectation).
import * as assert from 'assert';
import { DamageScenario, ScenarioWeapon, TargetGroup, computeDamage, groupedTarget } from '../../server/src/service/domain/damage/engine';
import { PRUNE_MASS } from '../../server/src/service/domain/damage/groups';

const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o });
const G = (o: Partial<TargetGroup>): TargetGroup => ({ models: 1, T: 4, Sv: 3, W: 2, ...o });
const squad = groupedTarget([G({ name: 'I', models: 9 }), G({ name: 'S', W: 3 }), G({ name: 'C', W: 5, invuln: 4, fnp: 5, character: true, attached: true })]);

const SCENARIOS: [string, DamageScenario][] = [
  ['many devastating sustained attacks', { attacker: { weapons: [W({ A: '2D6', models: 10, S: 5, AP: -1, D: 2, abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 2'] })] }, target: squad }],
  ['precision and lethal', { attacker: { weapons: [W({ A: 3, models: 5, S: 6, AP: -2, D: 2, abilities: ['PRECISION', 'LETHAL HITS'] }), W({ A: 'D6', models: 3, S: 4, D: 1, abilities: ['DEVASTATING WOUNDS'] })] }, target: squad }],
  ['overkill: a wiped unit early', { attacker: { weapons: [W({ A: 10, models: 10, S: 8, AP: -3, D: 3 }), W({ A: 2, models: 5, S: 5, D: 2, abilities: ['PRECISION'] })] }, target: squad, rules: { edition: 11 } }],
];

describe('damage engine: the grouped chain’s pruning bound', () => {
  for (const [name, s] of SCENARIOS) {
    it(name, () => {
      const pruned = computeDamage(s, { damageDist: false });
      const exact = computeDamage(s, { damageDist: false, prune: false });
      const weapons = s.attacker.weapons.length + 1;
      const p = 2 * PRUNE_MASS * weapons;
      const models = s.target.models;
      const wounds = s.target.groups!.reduce((n, g) => n + g.models * g.W, 0);
      const check = (what: string, a: number, b: number, bound: number) => assert.ok(Math.abs(a - b) <= bound, `${what}: ${a} vs ${b} (bound ${bound})`);
      check('pWipe', pruned.pWipe, exact.pWipe, p);
      check('modelsSlain', pruned.modelsSlain, exact.modelsSlain, p * models);
      check('woundsLost', pruned.woundsLost, exact.woundsLost, p * wounds);
      // Damage counts packets beyond the wipe too: bounded by the largest damage of the expected packets.
      check('damage', pruned.damage, exact.damage, p * 1000);
      pruned.modelsSlainDist.forEach((x, k) => check(`P(${k} slain)`, x, exact.modelsSlainDist[k], p));
      pruned.groupsSlain!.forEach((g, i) => check(`group ${g.name}`, g.modelsSlain, exact.groupsSlain![i].modelsSlain, p * s.target.groups![i].models));
    });
  }
});
