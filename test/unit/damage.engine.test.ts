// Hand-derived exact values for each ability, modifier and known calculator trap.
// Base case unless stated: 1 model, A1, BS4+, S4 vs T4, AP0, D1, against 20 models T4 W1 with no save (Sv 7+).
import * as assert from 'assert';
import {
  DamageScenario, ScenarioContext, ScenarioModifiers, ScenarioTarget, ScenarioWeapon, computeDamage, createDamageCache,
  rollOutcome, woundTarget,
} from '../../server/src/service/domain/damage/engine';

const EPS = 1e-9;
function near(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < EPS, `${what} expected ${expected}, got ${actual}`);
}

function weapon(o: Partial<ScenarioWeapon> = {}): ScenarioWeapon {
  return { name: 'w', type: 'ranged', A: 1, skill: 4, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o };
}
function target(o: Partial<ScenarioTarget> = {}): ScenarioTarget {
  return { models: 20, T: 4, Sv: 7, W: 1, ...o };
}
function run(w: Partial<ScenarioWeapon> | ScenarioWeapon[], t: Partial<ScenarioTarget> = {}, context?: ScenarioContext, modifiers?: ScenarioModifiers, rules?: DamageScenario['rules']) {
  const weapons = Array.isArray(w) ? w : [weapon(w)];
  return computeDamage({ attacker: { weapons }, target: target(t), context, modifiers, rules });
}

describe('damage engine: basic sequence', () => {
  it('hit, wound, save, damage multiply', () => {
    // BS4+ 1/2 × S4 v T4 4+ 1/2 × failed Sv5+ 4/6 = 1/6.
    const r = run({ A: 6 }, { Sv: 5 });
    near(r.attacks, 6);
    near(r.hits, 3);
    near(r.critHits, 1);
    near(r.wounds, 1.5);
    near(r.unsaved, 1);
    near(r.damage, 1);
  });

  it('wound table, including 2×S ≤ T', () => {
    assert.deepStrictEqual([woundTarget(8, 4), woundTarget(5, 4), woundTarget(4, 4), woundTarget(3, 4), woundTarget(2, 4)], [2, 3, 4, 5, 6]);
    // S5 against T9 needs 5+ (10 > 9), against T10 6+.
    assert.strictEqual(woundTarget(5, 9), 5);
    assert.strictEqual(woundTarget(5, 10), 6);
    // Torrent, S5 v T9: 2/6 wounds per attack.
    near(run({ skill: null, abilities: ['TORRENT'], S: 5 }, { T: 9 }).wounds, 2 / 6);
  });

  it('the slain distribution is exact for a tiny case', () => {
    // 2 torrent attacks wounding on 4+ (1/2), no save, D1, 2 models W1: Binomial(2, 1/2).
    const r = run({ A: 2, skill: null, abilities: ['TORRENT'] }, { models: 2 });
    near(r.modelsSlainDist[0], 0.25);
    near(r.modelsSlainDist[1], 0.5);
    near(r.modelsSlainDist[2], 0.25);
    near(r.pWipe, 0.25);
  });
});

describe('damage engine: hit roll modifiers and re-rolls', () => {
  it('hit modifiers are summed then capped at ±1', () => {
    // +2 on BS4+ acts as +1: 3+ = 4/6. −2 acts as −1: 5+ = 2/6.
    near(run({}, {}, {}, { hit: 2 }).hits, 4 / 6);
    near(run({}, {}, {}, { hit: -2 }).hits, 2 / 6);
    // BS2+ with +1: unmodified 1 still fails, 5/6.
    near(run({ skill: 2 }, {}, {}, { hit: 1 }).hits, 5 / 6);
  });

  it('re-roll ones / failed keep a re-rolled 6 critical', () => {
    // Ones: 1/2 + 1/6·1/2 = 7/12. Failed: 1/2 + 1/2·1/2 = 3/4; crits 1/6 + 3/6·1/6 = 1/4.
    near(run({}, {}, {}, { rerollHits: 'ones' }).hits, 7 / 12);
    const f = run({}, {}, {}, { rerollHits: 'failed' });
    near(f.hits, 3 / 4);
    near(f.critHits, 1 / 4);
  });

  it('re-roll non-critical results: p_crit + (1 − p_crit)·p, not p + 5/6·p', () => {
    // Every non-6 is re-rolled: P(hit) = 1/6 + 5/6·1/2 = 7/12 (the trap gives 1/2 + 5/12 = 11/12).
    // P(crit) = 1/6 + 5/6·1/6 = 11/36.
    const r = run({}, {}, {}, { rerollHits: 'noncrit' });
    near(r.hits, 7 / 12);
    near(r.critHits, 11 / 36);
  });

  it('critical hits on 5+', () => {
    // SUSTAINED HITS 1 with crits on 5+: hits 3/6 + 2/6 extra = 5/6.
    near(run({ abilities: ['SUSTAINED HITS 1'] }, {}, {}, { critHitOn: 5 }).hits, 5 / 6);
  });

  it('Stealth: −1 to hit against ranged attacks only', () => {
    near(run({}, { stealth: true }).hits, 2 / 6);
    near(run({ type: 'melee' }, { stealth: true }).hits, 3 / 6);
  });

  it('HEAVY: +1 to hit when stationary (ranged)', () => {
    near(run({ abilities: ['HEAVY'] }, {}, { remainedStationary: true }).hits, 4 / 6);
    near(run({ abilities: ['HEAVY'] }).hits, 3 / 6);
  });

  it('INDIRECT FIRE at a target not visible: −1, unmodified 1–3 fail, cover', () => {
    // BS2+ −1 would be 3+ (4/6) but 1–3 fail: 4+ = 1/2.
    near(run({ skill: 2, abilities: ['INDIRECT FIRE'] }, {}, { targetVisible: false }).hits, 1 / 2);
    // Cover: Sv4+ AP−1 becomes 4+ again: hits 1/2 × wounds 1/2 × fails 3/6 = 1/8.
    near(run({ skill: 2, AP: -1, abilities: ['INDIRECT FIRE'] }, { Sv: 4 }, { targetVisible: false }).unsaved, 1 / 8);
    // Visible: no penalty, 5/6.
    near(run({ skill: 2, abilities: ['INDIRECT FIRE'] }).hits, 5 / 6);
  });

  it('Fire Overwatch: only unmodified 6s hit', () => {
    near(run({ skill: 2 }, {}, { overwatch: true }, { hit: 1 }).hits, 1 / 6);
    // Torrent still hits automatically.
    near(run({ skill: null, abilities: ['TORRENT'] }, {}, { overwatch: true }).hits, 1);
  });

  it('TORRENT: automatic hits, no Critical Hits, so no Lethal Hits', () => {
    const r = run({ A: 3, skill: null, abilities: ['TORRENT', 'LETHAL HITS'] });
    near(r.hits, 3);
    near(r.critHits, 0);
    near(r.lethalAutoWounds, 0);
  });
});

describe('damage engine: hit abilities', () => {
  it('LETHAL HITS: a Critical Hit wounds automatically, and is not a Critical Wound', () => {
    // Wounds = 1/6 auto + 2/6 × 1/2 = 1/3; critical wounds = 2/6 × 1/6 = 1/18.
    const r = run({ abilities: ['LETHAL HITS'] });
    near(r.wounds, 1 / 3);
    near(r.lethalAutoWounds, 1 / 6);
    near(r.critWounds, 1 / 18);
  });

  it('Lethal Hits does not apply to Sustained Hits extra hits', () => {
    // Auto 1/6 + (2/6 normal + 1/6 extra) × 1/2 = 1/6 + 1/4 = 5/12 (the trap gives 1/2).
    near(run({ abilities: ['LETHAL HITS', 'SUSTAINED HITS 1'] }).wounds, 5 / 12);
  });

  it('SUSTAINED HITS 1 and D3', () => {
    near(run({ abilities: ['SUSTAINED HITS 1'] }).hits, 1 / 2 + 1 / 6);
    // D3 averages 2: 1/2 + 2/6.
    near(run({ abilities: ['[Sustained Hits D3]'] }).hits, 5 / 6);
  });

  it('BLAST: +1 attack per 5 target models', () => {
    near(run({ abilities: ['BLAST'] }, { models: 10 }).attacks, 3);
    near(run({ abilities: ['BLAST'] }, { models: 4 }).attacks, 1);
  });

  it('RAPID FIRE X at half range', () => {
    near(run({ abilities: ['RAPID FIRE 1'] }, {}, { withinHalfRange: true }).attacks, 2);
    near(run({ abilities: ['RAPID FIRE D3'] }, {}, { withinHalfRange: true }).attacks, 3);
    near(run({ abilities: ['RAPID FIRE 1'] }).attacks, 1);
  });

  it('dice attacks: D6+1 per model, several models', () => {
    near(run({ A: 'D6+1', models: 3 }).attacks, 13.5);
    near(run({ A: '2D6' }).attacks, 7);
    near(run({ A: 'D3+3' }).attacks, 5);
  });
});

describe('damage engine: wound abilities', () => {
  it('wound modifiers capped at ±1; LANCE +1 when charged', () => {
    near(run({ skill: null, abilities: ['TORRENT'] }, {}, {}, { wound: 3 }).wounds, 4 / 6);
    near(run({ skill: null, abilities: ['TORRENT', 'LANCE'] }, {}, { charged: true }).wounds, 4 / 6);
    near(run({ skill: null, abilities: ['TORRENT', 'LANCE'] }, {}, { charged: true }, { wound: 1 }).wounds, 4 / 6);
    near(run({ skill: null, abilities: ['TORRENT', 'LANCE'] }).wounds, 3 / 6);
  });

  it('TWIN-LINKED re-rolls failed wounds', () => {
    // 1/2 + 1/2 × 1/2 = 3/4.
    near(run({ skill: null, abilities: ['TORRENT', 'TWIN-LINKED'] }).wounds, 3 / 4);
  });

  it('critical wounds on 5+ via modifiers', () => {
    near(run({ skill: null, abilities: ['TORRENT'], S: 1 }, {}, {}, { critWoundOn: 5 }).wounds, 2 / 6);
  });

  it('ANTI-KEYWORD X+: Critical Wounds on X+ against that keyword only', () => {
    const w = { skill: null, abilities: ['TORRENT', 'ANTI-INFANTRY 4+'] };
    near(run(w, { keywords: ['INFANTRY'] }).critWounds, 3 / 6);
    near(run(w, { keywords: ['VEHICLE'] }).critWounds, 1 / 6);
    // S1 v T4 needs 6+, but a 4+ is a Critical Wound and always succeeds: 1/2.
    near(run({ ...w, S: 1 }, { keywords: ['infantry'] }).wounds, 1 / 2);
  });

  it('DEVASTATING WOUNDS: no save of any kind for Critical Wounds', () => {
    // Torrent, S4 v T4, Sv2+ invuln 2+: dev 1/6 + normal 2/6 × failed 1/6 = 2/9 unsaved.
    const r = run({ skill: null, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] }, { Sv: 2, invuln: 2 });
    near(r.devWounds, 1 / 6);
    near(r.unsaved, 1 / 6 + 1 / 18);
  });

  it('Devastating Wounds do not spill over under the current wording (spill is an option)', () => {
    // ANTI-INFANTRY 2+ makes every non-1 wound critical: P = 5/6 of 3 mortal wounds into 2 models of W2.
    const w = { skill: null, D: 3, abilities: ['TORRENT', 'DEVASTATING WOUNDS', 'ANTI-INFANTRY 2+'] };
    const t = { models: 2, W: 2, keywords: ['INFANTRY'] };
    const cur = run(w, t);
    near(cur.woundsLost, 2 * 5 / 6, 'current');
    near(cur.modelsSlain, 5 / 6);
    const spill = run(w, t, {}, {}, { devastatingWounds: 'spill' });
    near(spill.woundsLost, 3 * 5 / 6, 'spill');
    near(spill.damage, 3 * 5 / 6);
  });

  it('Devastating Wounds of all weapons are allocated after all other attacks', () => {
    // Listed first: dev weapon (D2, crit on 2+: 5/6). Second: S8 torrent D1 (wounds 2+: 5/6). Target 2 × W2.
    // Normal first: both → model 1 takes 1, then 2 mortal wounds kill it, excess lost: 2 wounds.
    // Normal only: 1. Dev only: 2. E = 25/36·2 + 5/36·1 + 5/36·2 = 65/36 (dev first would give 90/36).
    const r = run(
      [
        weapon({ name: 'dev', skill: null, D: 2, abilities: ['TORRENT', 'DEVASTATING WOUNDS', 'ANTI-INFANTRY 2+'] }),
        weapon({ name: 'plain', skill: null, S: 8, abilities: ['TORRENT'] }),
      ],
      { models: 2, W: 2, keywords: ['INFANTRY'] },
    );
    near(r.woundsLost, 65 / 36);
  });
});

describe('damage engine: saves', () => {
  it('armour save worsened by AP; the invulnerable save ignores AP; the better is used', () => {
    // Sv3+ AP−3 → 6+; invuln 4+ is better: fails 1/2. Torrent S8 v T4 (5/6) → 5/12.
    near(run({ skill: null, S: 8, AP: -3, abilities: ['TORRENT'] }, { Sv: 3, invuln: 4 }).unsaved, 5 / 12);
    // AP given as a positive number reads the same.
    near(run({ skill: null, S: 8, AP: 3, abilities: ['TORRENT'] }, { Sv: 3, invuln: 4 }).unsaved, 5 / 12);
  });

  it('cover +1 to armour, not for Sv3+ against AP0; IGNORES COVER', () => {
    const w = { skill: null, S: 8, abilities: ['TORRENT'] };
    // Sv4+ in cover: 3+, fails 2/6 → 5/6 × 2/6.
    near(run(w, { Sv: 4 }, { targetInCover: true }).unsaved, (5 / 6) * (2 / 6));
    near(run({ ...w, abilities: ['TORRENT', 'IGNORES COVER'] }, { Sv: 4 }, { targetInCover: true }).unsaved, (5 / 6) * (3 / 6));
    // Sv3+ against AP0 gains nothing from cover: fails 2/6.
    near(run(w, { Sv: 3 }, { targetInCover: true }).unsaved, (5 / 6) * (2 / 6));
    // Melee attacks get no cover.
    near(run({ ...w, type: 'melee' }, { Sv: 4 }, { targetInCover: true }).unsaved, (5 / 6) * (3 / 6));
  });

  it('the save is improved by at most +1 in total, cover included', () => {
    // Sv3+ AP−1 in cover with another +1: 3+ (fails 2/6), never 2+ (1/6).
    near(run({ skill: null, S: 8, AP: -1, abilities: ['TORRENT'] }, { Sv: 3 }, { targetInCover: true }, { save: 1 }).unsaved, (5 / 6) * (2 / 6));
    // Sv2+ +1: unmodified 1 still fails.
    near(run({ skill: null, S: 8, abilities: ['TORRENT'] }, { Sv: 2 }, {}, { save: 1 }).unsaved, (5 / 6) * (1 / 6));
  });
});

describe('damage engine: damage, Feel No Pain, allocation', () => {
  const auto = { skill: null, S: 8, abilities: ['TORRENT'] };

  it('damage reduction never goes below 1', () => {
    // D1 − 1 → 1. D3 − 1: 1,1,2... as D3 = 1,2,3 → 1,1,2: mean 4/3 per unsaved (5/6 of attacks).
    near(run({ ...auto, D: 1 }, { W: 5 }, {}, {}).damage, 5 / 6);
    near(run({ ...auto, D: 1 }, { W: 5, damageReduction: 1 }).damage, 5 / 6);
    near(run({ ...auto, D: 'D3' }, { W: 5, damageReduction: 1 }).damage, (5 / 6) * (4 / 3));
  });

  it('halved damage rounds up; Melta adds after the division', () => {
    // D6 halved: 1,1,2,2,3,3 → 2. With MELTA 2 at half range: 4.
    near(run({ ...auto, D: 'D6' }, { W: 10, halfDamage: true }).damage, (5 / 6) * 2);
    near(run({ ...auto, D: 'D6', abilities: ['TORRENT', 'MELTA 2'] }, { W: 10, halfDamage: true }, { withinHalfRange: true }).damage, (5 / 6) * 4);
    near(run({ ...auto, D: 'D6', abilities: ['TORRENT', 'MELTA 2'] }, { W: 10 }).damage, (5 / 6) * 3.5);
  });

  it('Feel No Pain rolls per point of damage', () => {
    // D3 fixed into W10 models, FNP 5+: each point lost with 2/3 → 5/6 × 3 × 2/3 = 5/3 wounds lost.
    const r = run({ ...auto, D: 3 }, { W: 10, models: 2, fnp: 5 });
    // The damage contract (issue 15): damage gets through FNP; damageBeforeFnp is the unsaved damage.
    near(r.damageBeforeFnp, 2.5);
    near(r.damage, 5 / 3);
    near(r.woundsLost, 5 / 3);
  });

  it('Feel No Pain against mortal wounds only applies to Devastating Wounds', () => {
    // Dev crit 1/6 (D2) and normal wound 4/6 (S8: 2+ less the crit) both unsaved (Sv7); fnpMortal 4+ halves dev damage.
    const r = run({ ...auto, D: 2, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] }, { W: 10, models: 2, fnpMortal: 4 });
    near(r.woundsLost, (4 / 6) * 2 + (1 / 6) * 2 * 0.5);
  });

  it('D6+1 against W2: excess damage is lost, models slain counts attacks, not damage / W', () => {
    // 3 torrent attacks, S8 v T4 wounds on 2+ (5/6), no save; each unsaved attack slays one W2 model
    // whatever the D6+1 roll: E[slain] = 3 × 5/6 = 2.5, wounds lost 5.
    const r = run({ ...auto, A: 3, D: 'D6+1' }, { W: 2, models: 5 });
    near(r.modelsSlain, 2.5);
    near(r.woundsLost, 5);
    near(r.damage, 2.5 * 4.5); // 11.25, whose naive "damage / W" would claim 5.6 models
  });

  it('kills are capped at the unit size; damage is not', () => {
    // 20 torrent attacks wounding on 2+ (5/6) against 5 × W1: expected damage 50/3, slain ≤ 5.
    const r = run({ ...auto, A: 20 }, { models: 5 });
    near(r.damage, 20 * 5 / 6);
    assert.ok(r.modelsSlain <= 5 && r.modelsSlain > 4.99);
    near(r.woundsLost, r.modelsSlain);
    assert.strictEqual(r.modelsSlainDist.length, 6);
    near(r.modelsSlainDist.reduce((a, b) => a + b, 0), 1);
  });

  it('a wounded model takes the next attack, also from the next weapon', () => {
    // Two weapons, one torrent attack each, S8 v T4 wounds on 2+ (5/6); D1 into 2 × W2.
    // Both hit the same model: slain only if both wound: P = 25/36; wounds lost 2 × 5/6.
    const r = run([weapon({ ...auto }), weapon({ ...auto, name: 'second' })], { models: 2, W: 2 });
    near(r.modelsSlain, 25 / 36);
    near(r.woundsLost, 10 / 6);
    near(r.perWeapon[0].modelsSlain, 0);
  });

  it('HAZARDOUS: one test per model per weapon, fails on a 1', () => {
    near(run({ models: 3, abilities: ['HAZARDOUS'] }).hazardousFailedTests, 0.5);
  });

  it('phase: ranged weapons do not attack in the Fight phase', () => {
    const r = run([weapon({ name: 'gun' }), weapon({ name: 'blade', type: 'melee' })], {}, { phase: 'fight' });
    assert.strictEqual(r.perWeapon[0].used, false);
    near(r.attacks, 1);
  });

  it('unknown abilities are reported, not fatal; PRECISION is noted', () => {
    const r = run({ abilities: ['FLUX OVERLOAD', 'PRECISION'] });
    assert.ok(r.perWeapon[0].notes.some((n) => n.includes('FLUX OVERLOAD')));
    assert.ok(r.perWeapon[0].notes.some((n) => n.includes('PRECISION')));
  });

  it('rollOutcome re-roll policies are exact fractions', () => {
    const face = (u: number): 0 | 1 | 2 => (u === 6 ? 2 : u >= 4 ? 1 : 0);
    const [f, s, c] = rollOutcome(face, 'failed');
    near(f, 1 / 4);
    near(s + c, 3 / 4);
  });

  it('the damage distribution sums to 1 and has the expected mean', () => {
    const r = run({ A: 'D6', D: 'D3', models: 2, abilities: ['SUSTAINED HITS 1'] }, { W: 3 });
    near(r.damageDist.reduce((a, b) => a + b, 0), 1);
    near(r.damageDist.reduce((a, p, v) => a + p * v, 0), r.damage);
    near(r.woundsLostDist.reduce((a, p, v) => a + p * v, 0), r.woundsLost);
  });

  it('the cache returns the same result for the same scenario', () => {
    const cached = createDamageCache(4);
    const s: DamageScenario = { attacker: { weapons: [weapon({ A: 3 })] }, target: target() };
    assert.strictEqual(cached(s), cached(JSON.parse(JSON.stringify(s))));
  });
});
