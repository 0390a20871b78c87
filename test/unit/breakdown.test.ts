// The damage breakdown's data: its JSON shape, the step table per weapon against
// hand-derived values, the condition and stratagem toggles, the distributions.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { damageBreakdown, BreakdownConditions, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { repoRoot } from '../support/shared';

const TEXT = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
const doc = TextDocument.create('file:///l.army', 'army-list', 1, TEXT);
const list = parseArmyList(TEXT);
const rules = new RulesIndex(loadEmbeddedRules());
const MEQ_INDEX = 1; // T4 3+ W2 ×5 in the default targets
const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);
const get = (c: BreakdownConditions = {}, target = MEQ_INDEX): DamageBreakdown => {
  const b = damageBreakdown(doc, list, rules, DEFAULT_SETTINGS, 0, target, c);
  assert.ok(b);
  return b;
};
const phase = (b: DamageBreakdown, p: 'shooting' | 'fight') => {
  const x = b.phases.find((y) => y.phase === p);
  assert.ok(x, p);
  return x;
};

describe('damage breakdown data', () => {
  it('has the unit, the target, every target to switch to, the toggles and both phases', () => {
    const b = get();
    assert.deepStrictEqual(b.unit, { index: 0, name: 'Atalan Jackals', line: TEXT.split('\n').indexOf('Atalan Jackals') });
    assert.deepStrictEqual(b.target, { index: 1, name: 'T4 3+ W2 ×5', profile: { models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] } });
    assert.deepStrictEqual(b.targets.map((t) => t.name), DEFAULT_SETTINGS.damageTargets.map((t) => t.name));
    assert.deepStrictEqual(b.toggles.map((t) => [t.key, t.on]), [
      ['halfRange', false], ['cover', false], ['stationary', false], ['charged', false], ['stealth', false], ['advanced', false], ['engaged', false], ['stratagem:POINT-BLANK AMBUSH', false],
    ]);
    assert.match(b.toggles[7].detail ?? '', /1CP: \[LETHAL HITS\] when within 12"/);
    assert.deepStrictEqual(b.phases.map((p) => p.phase), ['shooting', 'fight']);
    assert.strictEqual(b.devastatingWounds, 'current');
    // JSON round trip: what the server sends is what the view gets.
    assert.deepStrictEqual(JSON.parse(JSON.stringify(b)), b);
  });

  it('gives the step table per weapon, derived by hand (Fight vs T4 3+ W2 ×5)', () => {
    const f = phase(get(), 'fight');
    assert.deepStrictEqual(f.weapons.map((w) => [w.name, w.models]), [['Atalan power weapon', 4], ['Close combat weapon', 1]]);
    const [pw, ccw] = f.weapons;
    // 8 attacks, WS4+ → 4 hits, S4 v T4 → 2 wounds, Sv3+ at AP-2 fails on 1-4 → 4/3 unsaved, D1.
    for (const [k, v] of Object.entries({ attacks: 8, hits: 4, wounds: 2, unsaved: 4 / 3, damage: 4 / 3 })) near((pw as unknown as Record<string, number>)[k], v, `power weapon ${k}`);
    // 2 attacks → 1 hit, S3 v T4 → 1/3 wound, Sv3+ at AP0 → 1/9 unsaved.
    for (const [k, v] of Object.entries({ attacks: 2, hits: 1, wounds: 1 / 3, unsaved: 1 / 9, damage: 1 / 9 })) near((ccw as unknown as Record<string, number>)[k], v, `ccw ${k}`);
    near(f.total.damage, 13 / 9, 'fight total');
    near(f.total.attacks, 10, 'fight attacks');
  });

  it('reports the Wolfquad\'s choice of the mining laser over its pistol', () => {
    const s = phase(get(), 'shooting');
    assert.deepStrictEqual(s.weapons.map((w) => [w.name, w.models]), [['Atalan small arms', 4], ['Mining laser', 1]]);
    assert.ok(s.choices.some((c) => /Atalan Wolfquad \(1\): shoots Mining laser rather than Pistols/.test(c)), s.choices.join('; '));
    near(s.total.damage, 8 / 12 + (25 / 72) * 4.5, 'shooting total');
  });

  it('has exact distributions: models slain 0..5 and damage, each summing to 1, with means matching the totals', () => {
    for (const p of get().phases) {
      assert.strictEqual(p.modelsSlainDist.length, 6);
      near(p.modelsSlainDist.reduce((a, b) => a + b, 0), 1, `${p.phase} slain sum`);
      near(p.modelsSlainDist.reduce((a, x, k) => a + k * x, 0), p.total.slain, `${p.phase} slain mean`);
      near(p.damageDist.reduce((a, b) => a + b, 0), 1, `${p.phase} damage sum`);
      near(p.damageDist.reduce((a, x, k) => a + k * x, 0), p.total.damage, `${p.phase} damage mean`);
    }
    // Fight: damage = Bin(8, 1/6) + Bin(2, 1/18) unsaved wounds; P(0) = (5/6)^8 (17/18)^2.
    near(phase(get(), 'fight').damageDist[0], (5 / 6) ** 8 * (17 / 18) ** 2, 'P(no damage in the Fight)');
  });

  it('applies the toggles: stealth, cover, charged and the stratagem', () => {
    // Stealth: pistols hit on 5+ → 8·⅓·½·⅓; the laser too → ⅓·⅚·⅚·4.5.
    near(phase(get({ stealth: true }), 'shooting').total.damage, 8 / 18 + (1 / 3) * (25 / 36) * 4.5, 'stealth');
    assert.strictEqual(get({ stealth: true }).toggles.find((t) => t.key === 'stealth')?.on, true);
    // Cover: no help to a 3+ save against AP0 pistols; the laser's AP-3 meets a 5+ instead of 6+.
    near(phase(get({ cover: true }), 'shooting').total.damage, 8 / 12 + (1 / 2) * (5 / 6) * (4 / 6) * 4.5, 'cover');
    // Charged: no Lance weapon, no change; the Fight does not take cover.
    near(phase(get({ charged: true, cover: true }), 'fight').total.damage, 13 / 9, 'charged + cover in the Fight');
    const pba = get({ stratagems: ['POINT-BLANK AMBUSH'] });
    near(phase(pba, 'shooting').total.damage, 8 / 9 + (4 / 9) * (5 / 6) * 4.5, 'Point-Blank Ambush shooting');
    near(phase(pba, 'fight').total.damage, 16 / 9 + 2 * (5 / 18) * (1 / 3), 'Point-Blank Ambush fight');
    assert.deepStrictEqual(phase(pba, 'fight').stratagems, ['POINT-BLANK AMBUSH']);
    assert.deepStrictEqual(phase(get(), 'fight').stratagems, []);
  });

  it('applies the Advanced toggle: no ASSAULT weapon in the unit, so nothing shoots; the Fight is unchanged', () => {
    const adv = get({ advanced: true });
    assert.strictEqual(adv.toggles.find((t) => t.key === 'advanced')?.on, true);
    near(phase(adv, 'shooting').total.damage, 0, 'advanced: shooting');
    near(phase(get(), 'shooting').total.damage, 8 / 12 + (25 / 72) * 4.5, 'not advanced: shooting');
    near(phase(adv, 'fight').total.damage, 13 / 9, 'advanced: fight');
  });

  it('answers null for a unit or target out of range', () => {
    assert.strictEqual(damageBreakdown(doc, list, rules, DEFAULT_SETTINGS, 5, 0), null);
    assert.strictEqual(damageBreakdown(doc, list, rules, DEFAULT_SETTINGS, 0, 9), null);
    assert.strictEqual(damageBreakdown(doc, list, rules, DEFAULT_SETTINGS, -1, 0), null);
  });
});
