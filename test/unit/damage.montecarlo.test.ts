// The exact engine against an independent seeded Monte Carlo simulator (test/support/montecarlo.ts).
// Tolerance: |exact − simulated mean| ≤ 4 standard errors of the simulated mean (+1e-9 for zero-variance
// figures); for pWipe the standard error is the binomial one at the engine's p, so a 0/1 outcome is fair too.
import * as assert from 'assert';
import { DamageScenario, ScenarioTarget, ScenarioWeapon, computeDamage } from '../../server/src/service/domain/damage/engine';
import { simulate } from '../support/montecarlo';

const TRIALS = 6000;
const SEED = 20240611;
const KEYS = ['attacks', 'hits', 'wounds', 'unsaved', 'damage', 'damageBeforeFnp', 'woundsLost', 'modelsSlain', 'pWipe', 'critHits', 'devWounds', 'hazardousFailedTests'] as const;

// The seed datasheet's four weapons (one model each fires; melee with 5 models to give the chain work).
const SEED_WEAPONS: ScenarioWeapon[] = [
  { name: 'Atalan small arms', type: 'ranged', range: '12"', A: 2, skill: 4, S: 4, AP: 0, D: 1, abilities: ['PISTOL'], models: 5 },
  { name: 'Mining laser', type: 'ranged', range: '24"', A: 1, skill: 4, S: 12, AP: -3, D: 'D6+1', abilities: [], models: 2 },
  { name: 'Atalan power weapon', type: 'melee', range: 'Melee', A: 2, skill: 4, S: 4, AP: -2, D: 1, abilities: [], models: 5 },
  { name: 'Close combat weapon', type: 'melee', range: 'Melee', A: 2, skill: 4, S: 3, AP: 0, D: 1, abilities: [], models: 5 },
];
const DEFAULT_TARGETS: ScenarioTarget[] = [
  { models: 10, T: 3, Sv: 5, W: 1 },
  { models: 5, T: 4, Sv: 3, W: 2 },
  { models: 3, T: 5, Sv: 2, invuln: 4, W: 3 },
  { models: 1, T: 10, Sv: 3, W: 12 },
  { models: 1, T: 9, Sv: 2, W: 16 },
];

function scenarios(): { name: string; s: DamageScenario }[] {
  const out: { name: string; s: DamageScenario }[] = [];
  for (const w of SEED_WEAPONS) {
    DEFAULT_TARGETS.forEach((t, ti) => {
      out.push({ name: `${w.name} v target ${ti + 1}`, s: { attacker: { weapons: [w] }, target: t } });
      out.push({ name: `${w.name} +LETHAL v target ${ti + 1}`, s: { attacker: { weapons: [{ ...w, abilities: [...w.abilities, 'LETHAL HITS'] }] }, target: t } });
      out.push({ name: `${w.name} v Stealth target ${ti + 1}`, s: { attacker: { weapons: [w] }, target: { ...t, stealth: true } } });
    });
  }
  const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 5, AP: -1, D: 1, abilities: [], models: 5, ...o });
  const extra: [string, DamageScenario][] = [
    ['whole seed unit, shooting then melee in one sequence', { attacker: { weapons: SEED_WEAPONS }, target: { models: 5, T: 4, Sv: 3, W: 2 } }],
    ['sustained D3 + lethal + dev, D6+1, FNP', { attacker: { weapons: [W({ A: 'D6', D: 'D6+1', S: 12, AP: -3, abilities: ['SUSTAINED HITS D3', 'DEVASTATING WOUNDS', 'LETHAL HITS'], models: 2 })] }, target: { models: 5, T: 4, Sv: 3, W: 2, fnp: 5 } }],
    ['two dev weapons + plain, spill wording, mortal FNP', { attacker: { weapons: [W({ D: 'D3', abilities: ['DEVASTATING WOUNDS'] }), W({ A: 3, D: 2, abilities: ['DEVASTATING WOUNDS', 'TWIN-LINKED'] }), W({ A: 'D3', D: 1 })] }, target: { models: 4, T: 4, Sv: 3, W: 3, fnpMortal: 5 }, rules: { devastatingWounds: 'spill' } }],
    ['two dev weapons + plain, current wording', { attacker: { weapons: [W({ D: 'D3', abilities: ['DEVASTATING WOUNDS'] }), W({ A: 3, D: 2, abilities: ['DEVASTATING WOUNDS'] }), W({ A: 'D3', D: 1 })] }, target: { models: 4, T: 4, Sv: 3, W: 3 } }],
    ['torrent + indirect/heavy/blast, cover, re-roll non-crits, crit 5+', { attacker: { weapons: [W({ skill: null, abilities: ['TORRENT', 'IGNORES COVER'] }), W({ abilities: ['INDIRECT FIRE', 'HEAVY', 'BLAST'], D: 'D3+3' })] }, target: { models: 10, T: 3, Sv: 4, W: 1, invuln: 5 }, context: { targetVisible: false, remainedStationary: true, targetInCover: true }, modifiers: { rerollHits: 'noncrit', critHitOn: 5 } }],
    ['anti-infantry + rapid fire + melta at half range, half damage, -1 damage', { attacker: { weapons: [W({ A: 'D3', S: 9, AP: -4, D: 'D6', abilities: ['ANTI-INFANTRY 4+', 'RAPID FIRE D3', 'MELTA 2'] })] }, target: { models: 3, T: 5, Sv: 2, W: 4, keywords: ['INFANTRY'], halfDamage: true, damageReduction: 1 }, context: { withinHalfRange: true } }],
    ['lance charge, re-roll wound ones, save +1 in cover capped', { attacker: { weapons: [W({ type: 'melee', A: 3, S: 6, D: 2, abilities: ['LANCE', 'HAZARDOUS'] })] }, target: { models: 6, T: 5, Sv: 4, W: 2 }, context: { charged: true, targetInCover: true }, modifiers: { rerollWounds: 'ones', save: 1, hit: -2 } }],
    ['overwatch with lethal hits', { attacker: { weapons: [W({ A: 3, abilities: ['LETHAL HITS'] })] }, target: { models: 10, T: 4, Sv: 4, W: 1 }, context: { overwatch: true } }],
    ['fight phase mix: only melee used, reroll failed wounds, crit wounds 5+', { attacker: { weapons: [W({}), W({ type: 'melee', A: 4, D: 'D3', abilities: ['DEVASTATING WOUNDS'] })] }, target: { models: 3, T: 6, Sv: 3, W: 3, fnp: 6 }, context: { phase: 'fight' }, modifiers: { rerollWounds: 'failed', critWoundOn: 5 } }],
  ];
  for (const [name, s] of extra) out.push({ name, s });
  return out;
}

describe('damage engine against Monte Carlo (4 standard errors, fixed seed)', function () {
  this.timeout(60000);
  const all = scenarios();

  it(`covers at least 30 scenarios (${all.length})`, () => {
    assert.ok(all.length >= 30);
  });

  all.forEach(({ name, s }, i) => {
    it(name, () => {
      const exact = computeDamage(s);
      const mc = simulate(s, TRIALS, SEED + i);
      for (const k of KEYS) {
        const e = exact[k];
        let se = mc[k].se;
        if (k === 'pWipe') se = Math.sqrt((e * (1 - e)) / TRIALS);
        const tol = 4 * se + 1e-9;
        assert.ok(Math.abs(e - mc[k].mean) <= tol, `${k}: exact ${e.toFixed(5)} vs simulated ${mc[k].mean.toFixed(5)} ± ${se.toFixed(5)}`);
      }
      // The distributions are proper.
      const sum = exact.modelsSlainDist.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-9, `modelsSlainDist sums to ${sum}`);
    });
  });
});
