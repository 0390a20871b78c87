// Damage against real target units (issue 15): single pairs (a unit's weapons against one target unit of
// model groups), the slowest known case and typical pairs, in ms (median and p99), without the damage
// distribution (as the lens and the matchup compute them).
import { BenchRow, measure } from './harness';
import { DamageScenario, ScenarioWeapon, TargetGroup, computeDamage, groupedTarget } from '../server/src/service/domain/damage/engine';

const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o });
const G = (o: Partial<TargetGroup>): TargetGroup => ({ models: 1, T: 4, Sv: 3, W: 2, ...o });

/** 9 Intercessors + a sergeant + an attached Captain (4++, FNP 5+), or the same led by a Lieutenant. */
const SQUAD_LED = groupedTarget([
  G({ name: 'Intercessors', models: 9 }),
  G({ name: 'Sergeant', W: 2 }),
  G({ name: 'Captain', W: 5, invuln: 4, fnp: 5, character: true, attached: true }),
]);

export const PAIRS: [string, DamageScenario][] = [
  [
    'slowest known: 20×2D6 attacks, Devastating Wounds + Sustained Hits 2 v 10×W2 with FNP 5+',
    { attacker: { weapons: [W({ A: '2D6', models: 20, S: 5, AP: -1, D: 2, abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 2'] })] }, target: { models: 10, T: 4, Sv: 3, W: 2, fnp: 5 } },
  ],
  [
    'slowest known, against the squad + Captain',
    { attacker: { weapons: [W({ A: '2D6', models: 20, S: 5, AP: -1, D: 2, abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 2'] })] }, target: SQUAD_LED },
  ],
  [
    'extreme: the same 140 attacks with PRECISION v squad + Captain + Lieutenant (a 230-state product space)',
    {
      attacker: { weapons: [W({ A: '2D6', models: 20, S: 5, AP: -1, D: 2, abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 2', 'PRECISION'] })] },
      target: groupedTarget([
        G({ name: 'Intercessors', models: 9 }), G({ name: 'Sergeant', W: 2 }),
        G({ name: 'Captain', W: 5, invuln: 4, fnp: 5, character: true, attached: true }), G({ name: 'Lieutenant', W: 4, invuln: 4, character: true, attached: true }),
      ]),
    },
  ],
  [
    'typical shooting: 10 models, bolt rifles + plasma + heavy bolter v squad + Captain',
    {
      attacker: { weapons: [W({ models: 8, AP: -1, abilities: ['ASSAULT', 'HEAVY'] }), W({ A: 1, S: 8, AP: -3, D: 2, models: 1, abilities: ['HAZARDOUS'] }), W({ A: 3, S: 5, AP: -1, D: 2, models: 1, abilities: ['SUSTAINED HITS 1'] })] },
      target: SQUAD_LED,
    },
  ],
  [
    'typical fight: 10 models, lethal claws + precision sword + dev talons v squad + Captain',
    {
      attacker: { weapons: [W({ type: 'melee', A: 3, S: 5, AP: -2, D: 1, models: 9, abilities: ['LETHAL HITS'] }), W({ type: 'melee', A: 5, S: 6, AP: -3, D: 2, models: 1, abilities: ['PRECISION'] }), W({ type: 'melee', A: 4, S: 5, AP: -1, D: 2, models: 5, abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 1'] })] },
      target: SQUAD_LED,
      context: { phase: 'fight' },
    },
  ],
  [
    'horde: 20 models × 3 lethal + sustained + dev attacks v squad + Captain',
    { attacker: { weapons: [W({ type: 'melee', A: 3, S: 4, AP: -1, D: 1, models: 20, abilities: ['LETHAL HITS', 'SUSTAINED HITS 1', 'DEVASTATING WOUNDS'] })] }, target: SQUAD_LED, context: { phase: 'fight' } },
  ],
];

export function run(): BenchRow[] {
  return PAIRS.map(([name, s]) => measure(`pair: ${name}`, () => computeDamage(s, { damageDist: false }), { runs: 200, warmup: 10, note: 'one pair, no damage distribution' }));
}
