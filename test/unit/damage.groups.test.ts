// Targets made of model groups (issue 15): a sergeant with more wounds, an attached Leader, an invulnerable
// save or Feel No Pain on some models only, PRECISION, each with hand-derived exact values; a one-group
// target agrees with today's single-profile figures; 10th and 11th allocation as the editions say.
// Base weapon: TORRENT, S8 against T4 (wounds on 2+: 5/6 per attack), AP0, D1; no save (Sv 7) unless stated.
import * as assert from 'assert';
import {
  DamageResult, DamageScenario, ScenarioTarget, ScenarioWeapon, TargetGroup, computeDamage, groupedTarget,
} from '../../server/src/service/domain/damage/engine';
import { editionRules } from '../../server/src/service/domain/editions';

const EPS = 1e-9;
function near(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < EPS, `${what} expected ${expected}, got ${actual}`);
}
function weapon(o: Partial<ScenarioWeapon> = {}): ScenarioWeapon {
  return { name: 'w', type: 'ranged', A: 1, skill: null, S: 8, AP: 0, D: 1, abilities: ['TORRENT'], models: 1, ...o };
}
function group(o: Partial<TargetGroup>): TargetGroup {
  return { models: 1, T: 4, Sv: 7, W: 1, ...o };
}
function run(w: Partial<ScenarioWeapon> | ScenarioWeapon[], groups: TargetGroup[], extra: Partial<DamageScenario> = {}): DamageResult {
  const weapons = Array.isArray(w) ? w : [weapon(w)];
  return computeDamage({ attacker: { weapons }, target: groupedTarget(groups), ...extra });
}
/** Binomial(n, 5/6) probabilities of k successful wounds, as fractions of 6^n. */
const wounds = (n: number) => {
  const out: number[] = [];
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    out.push((c * 5 ** k) / 6 ** n);
  }
  return out;
};

describe('damage engine: targets of model groups', () => {
  it('a sergeant with more wounds: the troopers first, then the sergeant', () => {
    // 4 wounds (Bin(4, 5/6)) against [2 troopers W1, 1 sergeant W2]: k = 1 → 1 slain, 2 → 2, 3 → 2 (sergeant hurt), 4 → 3.
    const p = wounds(4);
    const r = run({ A: 4 }, [group({ name: 'Troopers', models: 2 }), group({ name: 'Sergeant', W: 2 })]);
    near(r.modelsSlain, p[1] + 2 * p[2] + 2 * p[3] + 3 * p[4], 'models slain');
    near(r.modelsSlain, 3195 / 1296, 'models slain (fraction)');
    near(r.pWipe, 625 / 1296, 'wipe');
    near(r.woundsLost, 4 * (5 / 6), 'wounds lost');
    assert.deepStrictEqual(r.groupsSlain?.map((g) => g.name), ['Troopers', 'Sergeant']);
    near(r.groupsSlain![0].modelsSlain, p[1] + 2 * (p[2] + p[3] + p[4]), 'troopers');
    near(r.groupsSlain![1].modelsSlain, p[4], 'sergeant');
    near(r.modelsSlainDist[3], p[4]);
    near(r.modelsSlainDist[2], p[2] + p[3]);
    near(r.woundsLostDist[3], p[3]);
  });

  it('an attached Leader with an invulnerable save: the Bodyguard first, the Leader saves on 4+', () => {
    // 2 wounds against [1 trooper (no save), 1 Leader 4++ attached]: the 1st kills the trooper, the 2nd is saved on 4+.
    const groups = [group({ name: 'Leader', character: true, attached: true, invuln: 4 }), group({ name: 'Trooper' })];
    const r = run({ A: 2 }, groups);
    // Given in Leader-first order: the edition puts the Bodyguard first.
    assert.deepStrictEqual(editionRules(10).damage.allocation.order(groups), [1, 0]);
    near(r.groupsSlain![1].modelsSlain, 35 / 36, 'trooper');
    near(r.groupsSlain![0].modelsSlain, (25 / 36) * (1 / 2), 'leader');
    near(r.modelsSlain, 35 / 36 + 25 / 72);
    // Unsaved packets and their damage depend on the group: 35/36 at the trooper, 25/36 × 1/2 at the Leader.
    near(r.unsaved, 95 / 72, 'unsaved');
    near(r.damageBeforeFnp, 95 / 72, 'damage before FNP');
    near(r.damage, 95 / 72, 'damage');
    near(r.wounds, 2 * (5 / 6), 'wounds (unit-level)');
  });

  it('PRECISION: the attacks go to the attached CHARACTER while it lives (10th and 11th)', () => {
    // The 1st wound goes to the Leader (saved on 4+); if it lives the 2nd too, else the trooper takes it.
    const groups = [group({ name: 'Trooper' }), group({ name: 'Leader', character: true, attached: true, invuln: 4 })];
    for (const edition of [10, 11] as const) {
      const r = run({ A: 2, abilities: ['TORRENT', 'PRECISION'] }, groups, { rules: { edition } });
      near(r.groupsSlain![1].modelsSlain, (10 / 36) * (1 / 2) + (25 / 36) * (3 / 4), `${edition} leader`);
      near(r.groupsSlain![0].modelsSlain, (25 / 36) * (1 / 2), `${edition} trooper`);
      assert.ok(r.notes.some((n) => /PRECISION: allocated to Leader first/.test(n)), r.notes.join('\n'));
    }
    // Without PRECISION the same weapon kills the trooper first.
    near(run({ A: 2 }, groups).groupsSlain![0].modelsSlain, 35 / 36);
    // Only the PRECISION weapon's packets go to the Leader: a plain weapon after it allocates to the Bodyguard.
    const mixed = run([weapon({ A: 1, abilities: ['TORRENT', 'PRECISION'] }), weapon({ A: 1 })], groups);
    // P1: the precision wound (5/6) at the Leader: slain 1/2. The plain wound (5/6) kills the trooper.
    near(mixed.groupsSlain![1].modelsSlain, (5 / 6) * (1 / 2), 'mixed leader');
    near(mixed.groupsSlain![0].modelsSlain, 5 / 6, 'mixed trooper');
  });

  it('PRECISION on a unit that is not led: the 10th needs an attached CHARACTER, the 11th any CHARACTER group', () => {
    // One unit: a trooper and a CHARACTER champion not attached (given first: the order keeps it).
    const groups = [group({ name: 'Trooper' }), group({ name: 'Champion', character: true })];
    assert.deepStrictEqual(editionRules(10).damage.allocation.precisionGroups(groups), []);
    assert.deepStrictEqual(editionRules(11).damage.allocation.precisionGroups(groups), [1]);
    const r10 = run({ A: 1, abilities: ['TORRENT', 'PRECISION'] }, groups, { rules: { edition: 10 } });
    const r11 = run({ A: 1, abilities: ['TORRENT', 'PRECISION'] }, groups, { rules: { edition: 11 } });
    near(r10.groupsSlain![0].modelsSlain, 5 / 6, '10th: the trooper');
    near(r11.groupsSlain![1].modelsSlain, 5 / 6, '11th: the champion');
    // The 11th's CHARACTER groups come last for ordinary attacks, with or without a PRECISION weapon in the unit.
    const champFirst = [groups[1], groups[0]];
    near(run({ A: 1 }, champFirst, { rules: { edition: 11 } }).groupsSlain![1].modelsSlain, 5 / 6, '11th: the trooper first');
    const both = run([weapon({ A: 1 }), weapon({ A: 1, abilities: ['TORRENT', 'PRECISION'], name: 'p' })], champFirst, { rules: { edition: 11 } });
    near(both.groupsSlain![1].modelsSlain, 5 / 6, '11th: the plain weapon at the trooper');
    near(both.groupsSlain![0].modelsSlain, 5 / 6, '11th: the PRECISION weapon at the champion');
  });

  it('Feel No Pain on some models only: damage is what gets through, per group', () => {
    // 3 wounds against [1 trooper W1, 1 Leader W2 FNP 5+]: the 1st point at the trooper, the rest at the Leader at 2/3.
    const groups = [group({ name: 'Trooper' }), group({ name: 'Leader', W: 2, fnp: 5, character: true, attached: true })];
    const r = run({ A: 3 }, groups);
    near(r.damageBeforeFnp, 2.5, 'before FNP');
    // P(K ≥ 1) = 215/216 at the trooper; E[(K − 1)+] = 2.5 − 215/216 at the Leader × 2/3 (after it dies too).
    near(r.damage, 215 / 216 + (2 / 3) * (2.5 - 215 / 216), 'after FNP');
    near(r.damage, 1295 / 648, 'after FNP (fraction)');
    // The Leader dies only when K = 3 and both later points get through: 125/216 × 4/9.
    near(r.groupsSlain![1].modelsSlain, 125 / 486, 'leader slain');
    near(r.woundsLost, 215 / 216 + (75 / 216) * (2 / 3) + (125 / 216) * (2 * (2 / 3)), 'wounds lost');
  });

  it('Devastating Wounds go after every other attack, with each group’s mortal Feel No Pain and damage', () => {
    // S4 v T4 with DEVASTATING WOUNDS, D2: a 6 to wound (1/6) is 2 mortal wounds, 4-5 (2/6) a normal wound.
    // 1 attack against [1 trooper W2 no save, 1 Leader W2 fnpMortal 4+]: normal first at the trooper (slain),
    // the dev packet goes to the trooper if it lives (K = 0), else to the Leader (each point kept 1/2).
    const groups = [group({ name: 'Trooper', W: 2 }), group({ name: 'Leader', W: 2, fnpMortal: 4, character: true, attached: true })];
    const r = run({ S: 4, D: 2, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] }, groups);
    near(r.groupsSlain![0].modelsSlain, 2 / 6 + 1 / 6, 'trooper (normal or dev)');
    near(r.damageBeforeFnp, (2 / 6) * 2 + (1 / 6) * 2);
    // One attack: either a normal wound or a dev wound, never both, so the dev packet always hits the trooper.
    near(r.damage, (2 / 6) * 2 + (1 / 6) * 2);
    // Two weapons: the first's normal wound kills the trooper; the second's dev then goes to the Leader.
    const two = run([weapon({ S: 8, D: 2 }), weapon({ S: 4, D: 2, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] })], groups);
    // The Leader dies when the trooper is gone (5/6) and the second weapon wounds normally (2/6: 2 damage) or
    // devastates (1/6) with both mortal wounds kept (1/4): 5/6 × (2/6 + 1/24) = 5/16.
    near(two.groupsSlain![1].modelsSlain, 5 / 16, 'leader');
    // Through FNP: 5/6 × 2 + 2/6 × 2 + 1/6 × (1/6 × 2 at the trooper + 5/6 × 1 at the Leader) = 91/36.
    near(two.damage, 91 / 36, 'damage through FNP');
    near(two.damageBeforeFnp, (5 / 6) * 2 + (3 / 6) * 2, 'damage before FNP');
  });

  it('one group gives exactly the single-profile figures (the engine takes the single-profile chain), and so does the grouped chain on two alike groups', () => {
    const targets: ScenarioTarget[] = [
      { models: 10, T: 4, Sv: 3, W: 2, fnp: 5 },
      { models: 3, T: 5, Sv: 2, invuln: 4, W: 3, damageReduction: 1 },
      { models: 5, T: 4, Sv: 4, W: 1, fnpMortal: 5, halfDamage: true },
    ];
    const weapons: ScenarioWeapon[][] = [
      [{ name: 'bolt', type: 'ranged', A: 2, skill: 3, S: 4, AP: -1, D: 1, abilities: ['SUSTAINED HITS 1'], models: 10 }],
      [{ name: 'dev', type: 'ranged', A: 'D6', skill: 3, S: 5, AP: -2, D: 'D3', abilities: ['DEVASTATING WOUNDS', 'SUSTAINED HITS 2'], models: 3 }],
      [
        { name: 'claws', type: 'melee', A: 3, skill: 3, S: 5, AP: -2, D: 2, abilities: ['LETHAL HITS', 'DEVASTATING WOUNDS'], models: 4 },
        { name: 'melta', type: 'ranged', A: 1, skill: 3, S: 9, AP: -4, D: 'D6', abilities: ['MELTA 2'], models: 2 },
      ],
    ];
    for (const t of targets) {
      for (const ws of weapons) {
        for (const [spill, edition] of [[false, 10], [true, 10], [false, 11]] as const) {
          const rules: DamageScenario['rules'] = spill ? { devastatingWounds: 'spill' } : { edition };
          const flat = computeDamage({ attacker: { weapons: ws }, target: t, context: { withinHalfRange: true }, rules });
          const { models, ...profile } = t;
          const grouped = computeDamage({ attacker: { weapons: ws }, target: groupedTarget([{ ...profile, models, name: 'all' }]), context: { withinHalfRange: true }, rules });
          const what = `${ws.map((w) => w.name).join('+')} v ${JSON.stringify(t)}${spill ? ' spill' : ''}`;
          for (const k of ['attacks', 'wounds', 'unsaved', 'damage', 'damageBeforeFnp', 'woundsLost', 'modelsSlain', 'pWipe'] as const) {
            assert.ok(Math.abs(flat[k] - grouped[k]) < 1e-9, `${what}: ${k} ${flat[k]} vs ${grouped[k]}`);
          }
          flat.modelsSlainDist.forEach((p, k) => assert.ok(Math.abs(p - grouped.modelsSlainDist[k]) < 1e-9, `${what}: P(${k} slain)`));
          near(grouped.groupsSlain![0].modelsSlain, flat.modelsSlain, what);
          // One group: the damage distribution too (the single-profile chain gives it).
          flat.damageDist.forEach((p, k) => near(grouped.damageDist[k], p, `${what}: P(damage ${k})`));
          // Two groups of the same profile go through the grouped chain: the same figures within its pruning.
          const a = Math.ceil(models / 2);
          if (models > 1) {
            const two = computeDamage({ attacker: { weapons: ws }, target: groupedTarget([{ ...profile, models: a, name: 'a' }, { ...profile, models: models - a, name: 'b' }]), context: { withinHalfRange: true }, rules });
            for (const k of ['damage', 'woundsLost', 'modelsSlain', 'pWipe'] as const) assert.ok(Math.abs(flat[k] - two[k]) < 1e-9, `${what} (two groups): ${k} ${flat[k]} vs ${two[k]}`);
            near(two.groupsSlain![0].modelsSlain + two.groupsSlain![1].modelsSlain, flat.modelsSlain, `${what} (two groups)`);
          }
        }
      }
    }
  });

  it('a grouped target names its allocation assumptions; the 11th says what the data does not state', () => {
    const groups = [group({ name: 'Trooper', models: 4 }), group({ name: 'Leader', character: true, attached: true, W: 4 })];
    const r11 = run({ A: 3 }, groups, { rules: { edition: 11 } });
    assert.ok(r11.notes.some((n) => /Allocation groups \(05\.03\): .*from the 11th-edition Core Rules: the rules data holds no text for it/.test(n)), r11.notes.join('\n'));
    const r10 = run({ A: 3 }, groups);
    assert.ok(r10.notes.some((n) => /Bodyguard groups in the order given/.test(n)), r10.notes.join('\n'));
    assert.deepStrictEqual(r10.damageDist, []);
  });
});
