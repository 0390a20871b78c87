// Damage engine speed: one weapon against one target (the seed datasheet's weapons,
// a 40-attack case, two heavy ability mixes), and a whole-list lens pass:
// 20 units × 3 weapons × 5 targets, uncached, without the damage distribution the lens does not show.
import { BenchRow, measure } from './harness';
import { DamageScenario, ScenarioTarget, ScenarioWeapon, computeDamage, createDamageCache } from '../server/src/service/domain/damage/engine';

const TARGETS: ScenarioTarget[] = [
  { models: 10, T: 3, Sv: 5, W: 1 },
  { models: 5, T: 4, Sv: 3, W: 2 },
  { models: 3, T: 5, Sv: 2, invuln: 4, W: 3 },
  { models: 1, T: 10, Sv: 3, W: 12 },
  { models: 1, T: 9, Sv: 2, W: 16 },
];

const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 4, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o });

const SEED: ScenarioWeapon[] = [
  W({ name: 'Atalan small arms', abilities: ['PISTOL'], models: 5 }),
  W({ name: 'Mining laser', A: 1, S: 12, AP: -3, D: 'D6+1', models: 2 }),
  W({ name: 'Atalan power weapon', type: 'melee', AP: -2, models: 5 }),
  W({ name: 'Close combat weapon', type: 'melee', S: 3, models: 5 }),
];

/** Twenty plausible units of three weapons each, with the usual abilities mixed in. */
function listUnits(): ScenarioWeapon[][] {
  const pool: ScenarioWeapon[] = [
    W({ A: 2, skill: 3, S: 4, AP: -1, D: 1, models: 10, abilities: ['RAPID FIRE 1'] }),
    W({ A: 'D6', skill: null, S: 5, AP: -1, D: 1, models: 2, abilities: ['TORRENT', 'IGNORES COVER'] }),
    W({ A: 1, skill: 3, S: 9, AP: -4, D: 'D6', models: 2, abilities: ['MELTA 2'] }),
    W({ A: 'D6+1', skill: 4, S: 6, AP: -1, D: 2, models: 1, abilities: ['BLAST', 'HEAVY'] }),
    W({ A: 3, skill: 3, S: 5, AP: -2, D: 2, models: 5, type: 'melee', abilities: ['LETHAL HITS'] }),
    W({ A: 4, skill: 3, S: 4, AP: -1, D: 1, models: 10, type: 'melee', abilities: ['SUSTAINED HITS 1'] }),
    W({ A: 2, skill: 3, S: 7, AP: -2, D: 2, models: 5, abilities: ['DEVASTATING WOUNDS', 'ANTI-VEHICLE 4+'] }),
    W({ A: 6, skill: 2, S: 12, AP: -3, D: 'D6+1', models: 1, type: 'melee', abilities: ['TWIN-LINKED'] }),
  ];
  const units: ScenarioWeapon[][] = [];
  for (let u = 0; u < 20; u++) units.push([pool[u % 8], pool[(u + 3) % 8], pool[(u + 5) % 8]]);
  return units;
}

export function run(): BenchRow[] {
  const rows: BenchRow[] = [];
  const t2 = TARGETS[1];
  for (const w of SEED) {
    const s: DamageScenario = { attacker: { weapons: [w] }, target: t2 };
    rows.push(measure(`damage: ${w.name} v 5×T4 Sv3+ W2`, () => computeDamage(s, { damageDist: false }), { runs: 500, note: 'lens (no damage distribution)' }));
  }
  const forty: DamageScenario = { attacker: { weapons: [W({ A: 4, skill: 3, AP: -1, models: 10 })] }, target: { models: 10, T: 4, Sv: 3, W: 1 } };
  rows.push(measure('damage: 40 attacks v 10 models', () => computeDamage(forty, { damageDist: false }), { runs: 500 }));
  rows.push(measure('damage: 40 attacks v 10 models, with damageDist', () => computeDamage(forty), { runs: 500 }));
  const heavy: DamageScenario = {
    attacker: { weapons: [W({ A: 4, skill: 3, D: 'D3', models: 10, abilities: ['SUSTAINED HITS D3', 'LETHAL HITS', 'DEVASTATING WOUNDS'] })] },
    target: { models: 10, T: 4, Sv: 3, W: 2 },
  };
  rows.push(measure('damage: 40 attacks sustained D3 + lethal + dev v 10×W2', () => computeDamage(heavy, { damageDist: false }), { runs: 100 }));
  const fnp: DamageScenario = { ...heavy, target: { ...heavy.target, fnp: 5 } };
  rows.push(measure('damage: same with Feel No Pain 5+', () => computeDamage(fnp, { damageDist: false }), { runs: 50, warmup: 5 }));

  rows.push(medianCase());
  const units = listUnits();
  const all = () => {
    for (const ws of units) for (const t of TARGETS) computeDamage({ attacker: { weapons: ws }, target: t }, { damageDist: false });
  };
  rows.push(measure('damage: whole list, 20 units × 3 weapons × 5 targets', all, { runs: 30, warmup: 3, note: '100 unit lenses, uncached' }));
  const cached = createDamageCache(1000);
  const allCached = () => {
    for (const ws of units) for (const t of TARGETS) cached({ attacker: { weapons: ws }, target: t }, { damageDist: false });
  };
  rows.push(measure('damage: whole list, cached (second pass)', allCached, { runs: 30, warmup: 3 }));
  return rows;
}

/**
 * The median single case: every weapon of the list pool and the seed against every target, in both editions, each
 * timed alone (its median); the row gives the median of those medians (the figure the issue compares with 40kdice).
 */
function medianCase(): BenchRow {
  const ws = [...SEED, ...listUnits().slice(0, 8).map((u) => u[0])];
  const perCase: number[] = [];
  for (const edition of [10, 11] as const) {
    for (const w of ws) {
      for (const t of TARGETS) {
        const s: DamageScenario = { attacker: { weapons: [w] }, target: t, rules: { edition } };
        perCase.push(measure('', () => computeDamage(s, { damageDist: false }), { runs: 101, warmup: 20 }).median);
      }
    }
  }
  const sorted = [...perCase].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { name: `damage: median single case (${perCase.length} weapon × target × edition cases)`, median: at(0.5), p99: at(0.99), runs: perCase.length, note: 'median and p99 over the cases of each case’s median; lens (no damage distribution)' };
}
