// The exact allocation over model groups against an independent seeded Monte Carlo of the whole allocation
// (test/support/allocationSim.ts): every figure within 4 standard errors (+1e-3), on grouped scenarios
// mixing profiles, saves, Feel No Pain, PRECISION and Devastating Wounds. 20,000 trials each.
import * as assert from 'assert';
import { DamageScenario, ScenarioWeapon, TargetGroup, computeDamage, groupedTarget } from '../../server/src/service/domain/damage/engine';
import { ALLOC_KEYS, simulateGroups } from '../support/allocationSim';

const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o });
const G = (o: Partial<TargetGroup>): TargetGroup => ({ models: 1, T: 4, Sv: 3, W: 2, ...o });

const SCENARIOS: [string, DamageScenario][] = [
  [
    'bolters and a plasma gun v 9 Intercessors + sergeant W3 + Captain 4++ FNP 5+',
    {
      attacker: { weapons: [W({ models: 9, AP: -1, abilities: ['SUSTAINED HITS 1'] }), W({ A: 1, S: 8, AP: -3, D: 2, models: 1 })] },
      target: groupedTarget([G({ name: 'Intercessors', models: 9 }), G({ name: 'Sergeant', W: 3 }), G({ name: 'Captain', W: 5, invuln: 4, fnp: 5, character: true, attached: true })]),
    },
  ],
  [
    'precision snipers and lethal claws v 4 troopers + Leader (10th)',
    {
      attacker: { weapons: [W({ A: 1, models: 3, S: 5, AP: -2, D: 'D3', abilities: ['PRECISION', 'DEVASTATING WOUNDS'] }), W({ type: 'melee', A: 3, models: 3, S: 5, AP: -1, D: 1, abilities: ['LETHAL HITS'] })] },
      target: groupedTarget([G({ name: 'Troopers', models: 4, Sv: 4, W: 1 }), G({ name: 'Leader', W: 4, Sv: 3, invuln: 5, fnpMortal: 4, character: true, attached: true })]),
    },
  ],
  [
    'devastating sustained hits v mixed W and damage reduction (11th, PRECISION on an unattached CHARACTER)',
    {
      attacker: { weapons: [W({ A: 'D6', models: 4, S: 6, AP: -1, D: 2, abilities: ['SUSTAINED HITS 2', 'DEVASTATING WOUNDS', 'PRECISION'] })] },
      target: groupedTarget([G({ name: 'Body', models: 3, W: 3, fnp: 6 }), G({ name: 'Champion', W: 4, damageReduction: 1, character: true }), G({ name: 'Leader', W: 5, halfDamage: true, character: true, attached: true })]),
      rules: { edition: 11 },
    },
  ],
  [
    'twin-linked torrent v a wounded-first squad of W2 and a W1 Leader with a 2+ save',
    {
      attacker: { weapons: [W({ A: 'D6', skill: null, models: 3, S: 5, AP: -1, D: 'D3', abilities: ['TORRENT', 'TWIN-LINKED'] })] },
      target: groupedTarget([G({ name: 'Squad', models: 5, Sv: 4 }), G({ name: 'Leader', W: 1, Sv: 2, character: true, attached: true })]),
    },
  ],
];

describe('allocation over model groups against Monte Carlo (4 standard errors, fixed seed)', function () {
  this.timeout(60000);
  for (const [name, s] of SCENARIOS) {
    it(name, () => {
      const exact = computeDamage(s, { damageDist: false });
      const mc = simulateGroups(s, 20000, 15);
      for (const k of ALLOC_KEYS) {
        const tol = 4 * mc[k].se + 1e-3;
        assert.ok(Math.abs(exact[k] - mc[k].mean) <= tol, `${k}: exact ${exact[k].toFixed(5)} vs simulated ${mc[k].mean.toFixed(5)} ± ${mc[k].se.toFixed(5)}`);
      }
      exact.groupsSlain!.forEach((g, i) => {
        const m = mc.groupsSlain[i];
        assert.ok(Math.abs(g.modelsSlain - m.mean) <= 4 * m.se + 1e-3, `group ${g.name}: exact ${g.modelsSlain.toFixed(5)} vs simulated ${m.mean.toFixed(5)} ± ${m.se.toFixed(5)}`);
      });
    });
  }
});
