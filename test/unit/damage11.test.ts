// Damage under the 11th edition's rules: every weapon ability whose effect differs by edition, computed
// on the same scenario under both editions with hand-derived exact values; seeded Monte Carlo agreement
// for 11th-edition scenarios; the list's edition reaching the lenses, the breakdown and the hover; the
// 11e game system's own examples ([BLAST X], [CLEAVE X]) when ../shared is present.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DamageResult, DamageScenario, ScenarioTarget, ScenarioWeapon, TargetGroup, computeDamage, groupedTarget } from '../../server/src/service/domain/damage/engine';
import { computeUnitDamage, UnitDamageInput, UnitDamageResult } from '../../server/src/service/domain/damage/fromRules';
import { parseScenario } from '../../server/src/service/domain/damage/validateScenario';
import { parseAbilities } from '../../server/src/service/domain/damage/abilities';
import type { Edition } from '../../server/src/service/domain/editions';
import { editionRules } from '../../server/src/service/domain/editions';
import type { RulesData, Weapon, WeaponProfile } from '../../server/src/service/domain/rules/model';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { codeLenses } from '../../server/src/service/features/codeLens';
import { damageBreakdown } from '../../server/src/service/features/damageBreakdown';
import { diceOddsMarkdown } from '../../server/src/service/features/diceOdds';
import { DEFAULT_SETTINGS, Settings } from '../../server/src/service/settings';
import { createLanguageService } from '../../server/src/service/languageService';
import { renderBreakdownHtml } from '../../client/src/damageViewHtml';
import { simulate } from '../support/montecarlo';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { RulesProvider } from '../../server/src/node/rulesProvider';

const near = (a: number, b: number, what = '') => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} ≠ ${b}`);
const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 1, skill: 3, S: 4, AP: 0, D: 1, abilities: [], models: 1, ...o });
const T = (o: Partial<ScenarioTarget> = {}): ScenarioTarget => ({ models: 1, T: 4, Sv: 4, W: 1, ...o });

/** The same scenario under the 10th and the 11th edition. */
function both(s: DamageScenario): Record<Edition, DamageResult> {
  return {
    10: computeDamage({ ...s, rules: { ...s.rules, edition: 10 } }),
    11: computeDamage({ ...s, rules: { ...s.rules, edition: 11 } }),
  };
}
const one = (w: Partial<ScenarioWeapon>, t: Partial<ScenarioTarget> = {}, rest: Partial<DamageScenario> = {}) => both({ attacker: { weapons: [W(w)] }, target: T(t), ...rest });
const notes = (r: DamageResult) => [...r.notes, ...r.perWeapon.flatMap((w) => w.notes)].join('\n');

describe('damage under the 10th and the 11th edition (hand-derived, same scenario)', () => {
  it('defaults to the 10th edition and says which edition it applied', () => {
    const s: DamageScenario = { attacker: { weapons: [W({})] }, target: T({ stealth: true }) };
    const r = computeDamage(s);
    assert.strictEqual(r.edition, 10);
    near(r.damage, one({}, { stealth: true })[10].damage, 'no edition = 10th');
    assert.strictEqual(one({})[11].edition, 11);
  });

  it('Stealth: -1 to hit in the 10th; the benefit of cover against ranged attacks in the 11th', () => {
    // BS3+ S4 AP0 D1 v T4 Sv4+. 10th: hit 4+ (1/2) · wound 1/2 · unsaved 1/2 = 1/8.
    // 11th (13.08): the benefit of cover worsens BS to 4+ (1/2) · wound 1/2 · save 4+, unsaved 1/2 = 1/8.
    const r = one({}, { stealth: true });
    near(r[10].damage, 1 / 8, '10th');
    near(r[11].damage, 1 / 8, '11th');
    assert.match(r[10].notes.join('\n'), /Stealth: -1 to hit/);
    assert.match(r[11].notes.join('\n'), /Stealth: the benefit of cover/);
    assert.match(notes(r[11]), /Benefit of cover \(13\.08\): the attack's BS worsens by 1/);
    // Sv 3+ against AP 0: both hit on 4+ and save on 3+: 1/2 · 1/2 · 1/3 = 1/12.
    const sv3 = one({}, { stealth: true, Sv: 3 });
    near(sv3[10].damage, 1 / 12, '10th Sv3');
    near(sv3[11].damage, 1 / 12, '11th Sv3');
    // IGNORES COVER removes the cover Stealth gives (11th) but not the 10th's hit modifier.
    const ic = one({ abilities: ['IGNORES COVER'] }, { stealth: true });
    near(ic[10].damage, 1 / 8, '10th ignores cover');
    near(ic[11].damage, 1 / 6, '11th ignores cover');
    // In cover as well: the 11th's benefit does not stack (1/8); the 10th has both (1/2 · 1/2 · 1/3 = 1/12).
    const covered = one({}, { stealth: true }, { context: { targetInCover: true } });
    near(covered[10].damage, 1 / 12, '10th stealth + cover');
    near(covered[11].damage, 1 / 8, '11th stealth + cover');
    // Melee attacks: no effect in either (2/3 · 1/2 · 1/2).
    const melee = one({ type: 'melee' }, { stealth: true });
    near(melee[10].damage, 1 / 6, '10th melee');
    near(melee[11].damage, 1 / 6, '11th melee');
  });

  it('Heavy: remained stationary in the 10th; unengaged, not set up, moved at most 3" in the 11th', () => {
    // BS4+ S4 v T4, no save (AP-1 v Sv7): base 1/2 · 1/2 = 1/4; with +1 to hit 2/3 · 1/2 = 1/3.
    const heavy = (context: DamageScenario['context']) => one({ skill: 4, AP: -1, abilities: ['HEAVY'] }, { Sv: 7 }, { context });
    const none = heavy({});
    near(none[10].damage, 1 / 4, '10th none');
    near(none[11].damage, 1 / 4, '11th none');
    const stationary = heavy({ remainedStationary: true });
    near(stationary[10].damage, 1 / 3, '10th stationary');
    near(stationary[11].damage, 1 / 4, '11th stationary');
    assert.match(notes(stationary[11]), /heavyReady/);
    const ready = heavy({ heavyReady: true });
    near(ready[10].damage, 1 / 4, '10th heavyReady');
    near(ready[11].damage, 1 / 3, '11th heavyReady');
    assert.match(notes(ready[11]), /HEAVY: \+1 to hit \(unengaged/);
  });

  it('Twin-linked re-rolls the wound roll in both: 1/2 + 1/2 · 1/2 = 3/4', () => {
    const r = one({ skill: null, abilities: ['TORRENT', 'TWIN-LINKED'], AP: -1 }, { Sv: 7 });
    near(r[10].damage, 3 / 4, '10th');
    near(r[11].damage, 3 / 4, '11th');
  });

  it('[BLAST X]: +X attack dice per five models in the 11th; the 10th Blast has no X', () => {
    // The rules' example: [BLAST 2], A3, 12 models → 7 attacks. The 10th reads it as Blast: 3 + 2 = 5.
    const b2 = one({ A: 3, abilities: ['BLAST 2'] }, { models: 12 });
    near(b2[11].attacks, 7, '11th');
    near(b2[10].attacks, 5, '10th');
    assert.match(notes(b2[10]), /BLAST 2: the 10th edition's Blast has no X/);
    assert.match(notes(b2[11]), /BLAST 2: \+4 attacks/);
    // Plain [BLAST]: the same in both (+1 per five).
    const b1 = one({ A: 3, abilities: ['BLAST'] }, { models: 12 });
    near(b1[10].attacks, 5, '10th blast');
    near(b1[11].attacks, 5, '11th blast');
    // D3 attacks, two models, BLAST 2 v 10 models: 2 × (2 + 4) = 12 in the 11th, 2 × (2 + 2) = 8 in the 10th.
    const d3 = one({ A: 'D3', models: 2, abilities: ['[BLAST 2]'] }, { models: 10 });
    near(d3[11].attacks, 12, '11th D3');
    near(d3[10].attacks, 8, '10th D3');
  });

  it('[CLEAVE X]: +X attack dice per five models in the 11th (one target); not a 10th-edition ability', () => {
    // The rules' example: [CLEAVE 1], A3, 16 models → 6 attacks. Torrent S4 v T4, no save: damage = attacks / 2.
    const r = one({ A: 3, skill: null, AP: -1, abilities: ['TORRENT', 'CLEAVE 1'] }, { models: 16, Sv: 7 });
    near(r[11].attacks, 6, '11th');
    near(r[11].damage, 3, '11th damage');
    near(r[10].attacks, 3, '10th');
    near(r[10].damage, 1.5, '10th damage');
    assert.match(notes(r[10]), /CLEAVE 1: not a 10th-edition ability, ignored/);
    assert.match(notes(r[11]), /CLEAVE 1: \+3 attacks \(all of the weapon's attacks at this one target\)/);
    assert.deepStrictEqual(parseAbilities(['CLEAVE']).unknown, ['CLEAVE'], 'CLEAVE always has an X');
  });

  it('[CLOSE-QUARTERS] is a Pistol in the 11th: a model fires it or its other ranged weapons', () => {
    const profile = (o: Partial<WeaponProfile>): WeaponProfile => ({ name: 'p', type: 'ranged', range: '12"', A: '1', skill: 4, S: 4, AP: 0, D: '1', abilities: [], ...o });
    const autopistol: Weapon = { name: 'Autopistol', profiles: [profile({ name: 'Autopistol', A: '2', abilities: ['CLOSE-QUARTERS'] })] };
    const laser: Weapon = { name: 'Mining laser', profiles: [profile({ name: 'Mining laser', S: 12, AP: -3, D: 'D6+1' })] };
    const input = (edition: Edition): UnitDamageInput => ({
      groups: [{ models: 1, weapons: [autopistol, laser] }], target: { models: 10, T: 3, Sv: 5, W: 1 }, context: { phase: 'shooting' }, rules: { edition },
    });
    // v T3 Sv5+ W1 ×10: autopistol 2 × 1/2 · 2/3 · 2/3 = 4/9 wounds lost; laser 1/2 · 5/6 = 5/12 (no save, W1): the autopistol.
    const r11 = computeUnitDamage(input(11));
    assert.deepStrictEqual(r11.scenario.attacker.weapons.map((w) => w.name), ['Autopistol']);
    assert.match(r11.choices.join('\n'), /shoots Pistols \(Autopistol\) rather than Mining laser/);
    near(r11.woundsLost, 4 / 9, '11th');
    // The 10th knows no [CLOSE-QUARTERS]: both fire, 4/9 + 5/12 wounds (each kills at most one W1 model, 10 models).
    const r10 = computeUnitDamage(input(10));
    assert.deepStrictEqual(r10.scenario.attacker.weapons.map((w) => w.name), ['Autopistol', 'Mining laser']);
    near(r10.woundsLost, 4 / 9 + 5 / 12, '10th');
    assert.match(notes(r10), /CLOSE-QUARTERS: not a 10th-edition ability/);
    assert.ok(editionRules(11).damage.isPistol(parseAbilities(['close quarters'])));
  });

  it('Psychic: the 11th ignores negative modifiers to the hit roll (positive ones stay); a keyword in the 10th', () => {
    // BS3+ with -1 to hit, no save: 10th hit 4+ (1/2) · 1/2 = 1/4; 11th hit 3+ (2/3) · 1/2 = 1/3.
    const minus = one({ AP: -1, abilities: ['PSYCHIC'] }, { Sv: 7 }, { modifiers: { hit: -1 } });
    near(minus[10].damage, 1 / 4, '10th');
    near(minus[11].damage, 1 / 3, '11th');
    assert.match(notes(minus[11]), /PSYCHIC: ignores -1 to hit \(modifiers\)/);
    // +1 to hit is kept: BS4+ hits on 3+ in both (2/3 · 1/2).
    const plus = one({ skill: 4, AP: -1, abilities: ['PSYCHIC'] }, { Sv: 7 }, { modifiers: { hit: 1 } });
    near(plus[10].damage, 1 / 3, '10th plus');
    near(plus[11].damage, 1 / 3, '11th plus');
    // INDIRECT FIRE at a hidden target, BS4+: the 10th hits on 5+ (1/3); the 11th ignores the cover's -1 BS but
    // keeps "unmodified 1-5 fail" (10.07, not a modifier): 6 only (1/6) · 1/2. AP-1 against Sv7: no save.
    const hidden = one({ skill: 4, AP: -1, abilities: ['PSYCHIC', 'INDIRECT FIRE'] }, { Sv: 7 }, { context: { targetVisible: false } });
    near(hidden[10].damage, 1 / 6, '10th indirect');
    near(hidden[11].damage, 1 / 12, '11th indirect');
    assert.match(notes(hidden[11]), /PSYCHIC: ignores -1 BS \(benefit of cover\)/);
    assert.match(notes(hidden[11]), /10\.07/);
    // Without [PSYCHIC] the 11th applies the modifier like the 10th.
    near(one({ AP: -1 }, { Sv: 7 }, { modifiers: { hit: -1 } })[11].damage, 1 / 4, '11th not psychic');
  });

  it('the 11th hit roll: cover and Plunging Fire change BS (clamped 2+..6+), hit modifiers capped at ±1 apart (13.08, 22.05)', () => {
    // No save throughout (AP-1 v Sv7), S4 v T4: damage = P(hit) · 1/2.
    const ns = { Sv: 7 };
    // Cover with -1 to hit, BS3+: the 11th has BS 4+ and -1 → 5+ (1/3): 1/6; the 10th hits on 4+ (1/2), cover gives nothing: 1/4.
    const both1 = one({ AP: -1 }, ns, { context: { targetInCover: true }, modifiers: { hit: -1 } });
    near(both1[11].damage, 1 / 6, '11th cover and -1');
    near(both1[10].damage, 1 / 4, '10th cover and -1');
    // Cover against PSYCHIC: the -1 BS is ignored: 2/3 · 1/2 = 1/3.
    const psy = one({ AP: -1, abilities: ['PSYCHIC'] }, ns, { context: { targetInCover: true } });
    near(psy[11].damage, 1 / 3, '11th psychic in cover');
    assert.match(notes(psy[11]), /PSYCHIC: ignores -1 BS \(benefit of cover\)/);
    // IGNORES COVER: BS3+ stays: 1/3, said.
    const ic = one({ AP: -1, abilities: ['IGNORES COVER'] }, ns, { context: { targetInCover: true } });
    near(ic[11].damage, 1 / 3, '11th ignores cover');
    assert.match(notes(ic[11]), /IGNORES COVER: no benefit of cover \(Benefit of cover \(13\.08\)\)/);
    // The clamp: BS6+ in cover stays 6+ (not 7+), and +1 to hit then hits on 5+: 1/3 · 1/2 = 1/6.
    near(one({ AP: -1, skill: 6 }, ns, { context: { targetInCover: true }, modifiers: { hit: 1 } })[11].damage, 1 / 6, 'BS clamped to 6+');
    // Plunging Fire: BS4+ → 3+ (2/3 · 1/2 = 1/3); with cover the two cancel (1/4); with +1 to hit as well, 2+ (5/12).
    near(one({ AP: -1, skill: 4 }, ns, { context: { plungingFire: true } })[11].damage, 1 / 3, 'plunging');
    near(one({ AP: -1, skill: 4 }, ns, { context: { plungingFire: true, targetInCover: true } })[11].damage, 1 / 4, 'plunging + cover');
    const pl = one({ AP: -1, skill: 4 }, ns, { context: { plungingFire: true }, modifiers: { hit: 1 } });
    near(pl[11].damage, 5 / 12, 'plunging + 1 to hit');
    assert.match(notes(pl[11]), /Plunging Fire \(22\.05\): \+1 to the attack's BS/);
    // The 10th has no Plunging Fire: BS4+ with +1 → 3+: 1/3.
    near(pl[10].damage, 1 / 3, '10th ignores plungingFire');
    // Two modifiers to the hit roll (+1 and -1) given separately: PSYCHIC keeps the +1 only: BS4+ → 3+ (1/3);
    // without PSYCHIC they cancel (1/4), as the net 0 does in the 10th.
    const list = one({ AP: -1, skill: 4, abilities: ['PSYCHIC'] }, ns, { modifiers: { hit: [1, -1] } });
    near(list[11].damage, 1 / 3, '11th psychic list');
    near(list[10].damage, 1 / 4, '10th list');
    near(one({ AP: -1, skill: 4 }, ns, { modifiers: { hit: [1, -1] } })[11].damage, 1 / 4, '11th list, no psychic');
    // Cover gives no save bonus in the 11th (Sv4+ v AP0 stays 4+, hit 4+): 1/2 · 1/2 · 1/2 = 1/8.
    near(one({}, {}, { context: { targetInCover: true } })[11].damage, 1 / 8, 'no save bonus');
  });

  it('indirect shooting (10.07): 1-5 fail, 1-3 when spotted, no hit re-rolls, cover; the 10th: -1 and 1-3 fail', () => {
    const ns = { Sv: 7 };
    const ind = (context: DamageScenario['context'], modifiers: DamageScenario['modifiers'] = {}) =>
      one({ AP: -1, abilities: ['INDIRECT FIRE'] }, ns, { context: { targetVisible: false, ...context }, modifiers });
    // 11th: only 6s hit: 1/6 · 1/2 = 1/12. 10th: BS3+ -1 → 4+, 1-3 fail anyway: 1/2 · 1/2 = 1/4.
    const blind = ind({});
    near(blind[11].damage, 1 / 12, '11th blind');
    near(blind[10].damage, 1 / 4, '10th blind');
    assert.match(notes(blind[11]), /Indirect shooting \(10\.07\): unmodified 1-5 fail, no hit re-rolls/);
    // Spotted (stationary, a friendly unit sees the target): 1-3 fail, and cover makes BS 4+: 1/2 · 1/2 = 1/4.
    near(ind({ indirectSpotted: true })[11].damage, 1 / 4, '11th spotted');
    // Re-roll failed hits: none in the 11th (1/12); the 10th re-rolls: (1/2 + 1/4) · 1/2 = 3/8.
    const rr = ind({}, { rerollHits: 'failed' });
    near(rr[11].damage, 1 / 12, '11th no re-rolls');
    near(rr[10].damage, 3 / 8, '10th re-rolls');
    // A visible target: no indirect shooting, no cover: 2/3 · 1/2.
    near(ind({ targetVisible: true })[11].damage, 1 / 3, 'visible');
  });

  it('Devastating Wounds (11th): mortal wounds equal to D after all normal damage, one model per critical wound, FNP applies', () => {
    // TORRENT, S4 v T4, D3, against one model W2 Sv2+ (AP0: unsaved 1/6) with FNP 5+ (each point ignored 1/3).
    // A critical wound (1/6): 3 mortal wounds; a normal wound (2/6) unsaved (1/6): 3 damage. Either way FNP
    // leaves Bin(3, 2/3) points: E[min(2, ·)] = (6 + 2·20)/27 = 46/27 wounds lost; 2 points through on average.
    const dev = one({ skill: null, D: 3, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] }, { W: 2, Sv: 2, fnp: 5 });
    for (const e of [10, 11] as const) {
      near(dev[e].devWounds, 1 / 6, `${e} dev wounds`);
      near(dev[e].damage, (1 / 6 + 1 / 18) * 2, `${e} damage after FNP`);
      near(dev[e].woundsLost, (1 / 6 + 1 / 18) * (46 / 27), `${e} wounds lost`);
    }
    assert.match(notes(dev[11]), /DEVASTATING WOUNDS: a critical wound ends the attack sequence: mortal wounds equal to D after all normal damage, each critical wound reaching at most one model/);
    // One model per critical wound: against three W1 models (no save) a critical wound slays one (excess lost):
    // 1/6 + 2/6 = 1/2 models. The 10th's launch wording ('spill') slays three with it: 3/6 + 2/6 = 5/6; the 11th
    // has no such wording and says so.
    const three = (edition: Edition) => computeDamage({
      attacker: { weapons: [W({ skill: null, D: 3, AP: -1, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] })] },
      target: T({ models: 3, Sv: 7 }), rules: { edition, devastatingWounds: 'spill' },
    });
    near(three(10).modelsSlain, 5 / 6, '10th spill');
    near(three(11).modelsSlain, 1 / 2, '11th one model');
    assert.match(notes(three(11)), /launch wording \(spill\) does not apply in the 11th edition/);
    // After all normal damage: a D1 normal weapon listed after the Devastating one still takes the wounded model
    // first. Two weapons v one model W3 Sv7, no FNP: dev TORRENT D2 (crit 1/6 → 2 mortal; 2/6 → 2 damage),
    // then TORRENT D1 S8 (5/6 → 1). The model dies only with 3 points: P(first hits) · P(second) = 1/2 · 5/6.
    const order = computeDamage({
      attacker: { weapons: [W({ skill: null, D: 2, AP: -1, abilities: ['TORRENT', 'DEVASTATING WOUNDS'] }), W({ skill: null, S: 8, AP: -1 })] },
      target: T({ W: 3, Sv: 7 }), rules: { edition: 11 },
    });
    near(order.modelsSlain, (1 / 2) * (5 / 6), 'slain after all damage');
  });

  it("Lethal Hits (11th): the attacker's choice, the better one taken and said; the 10th always wounds automatically", () => {
    // BS3+ A1 LETHAL HITS + DEVASTATING WOUNDS, S4 v T4, D3, against one model W3 (any 3 points slay it).
    // Sv2+ (AP0: unsaved 1/6). A hit roll of 2-5 (4/6) rolls to wound: a critical wound (1/6) is 3 mortal wounds,
    // a wound (2/6) unsaved (1/6) 3 damage: 1/6 + 2/36 = 8/36. A critical hit (1/6) wounding automatically: 1/6.
    // Automatic: 1/6 · 1/6 + 3/6 · 8/36 = 5/36 (15/36 wounds lost); rolling: 4/6 · 8/36 = 4/27 (4/9): rolling is better.
    const w = { D: 3, abilities: ['LETHAL HITS', 'DEVASTATING WOUNDS'] };
    const sv2 = one(w, { W: 3, Sv: 2 });
    near(sv2[10].woundsLost, 15 / 36, '10th automatic');
    near(sv2[11].woundsLost, 4 / 9, '11th rolls');
    assert.match(notes(sv2[11]), /LETHAL HITS \(the attacker's choice\): the critical hits roll to wound \(0\.44 wounds lost, 0\.42 with automatic wounds\)/);
    // No save (Sv7+): automatic 1/6 + 3/6 · 3/6 = 5/12 (5/4 wounds
    // lost); rolling 4/6 · 3/6 = 1/3 (1): automatic is better, in both.
    const sv7 = one(w, { W: 3, Sv: 7 });
    near(sv7[10].woundsLost, 5 / 4, '10th');
    near(sv7[11].woundsLost, 5 / 4, '11th automatic');
    assert.match(notes(sv7[11]), /the critical hits wound automatically \(1\.25 wounds lost, 1\.00 rolling to wound\)/);
    // Without DEVASTATING WOUNDS automatic wounds are never worse: no comparison, no note.
    assert.doesNotMatch(notes(one({ abilities: ['LETHAL HITS'] })[11]), /attacker's choice/);
  });

  it('Precision: the same numbers against one profile; each edition says what PRECISION selects', () => {
    const r = one({ abilities: ['PRECISION'] });
    near(r[10].damage, r[11].damage);
    near(r[11].damage, 2 / 3 * 1 / 2 * 1 / 2, 'damage');
    assert.match(notes(r[10]), /PRECISION: allocated to an attached CHARACTER while one lives/);
    assert.match(notes(r[11]), /PRECISION: selects a visible CHARACTER's allocation group, current until/);
  });

  it('hazard rolls (06.03) in the 11th: 1-2 fail, 1 mortal wound (3 for a MONSTER or VEHICLE unit), spilling; the 10th: 1 fails, a model', () => {
    // 3 models fire: failed rolls 3 · 2/6 = 1 (11th), 3/6 (10th).
    const haz = one({ models: 3, abilities: ['HAZARDOUS'] });
    near(haz[10].hazardousFailedTests, 0.5, '10th hazardous');
    near(haz[11].hazardousFailedTests, 1, '11th hazardous');
    assert.match(notes(haz[11]), /Hazard rolls \(06\.03\): 1-2 fails, 1 mortal wound to the unit/);
    assert.doesNotMatch(notes(haz[10]), /06\.03/);
    // W1 models: each failed roll slays one: 1 (11th), 0.5 (10th).
    near(haz[11].hazardousModelsLost, 1, '11th W1 lost');
    near(haz[10].hazardousModelsLost, 0.5, '10th W1 lost');
    // W2 INFANTRY: the mortal wounds spill, two failed rolls slay one: f ~ Bin(3, 1/3): P(2) + P(3) = 6/27 + 1/27.
    // The 10th destroys a model per failed test: 0.5.
    const w2 = both({ attacker: { weapons: [W({ models: 3, abilities: ['HAZARDOUS'] })], W: 2, keywords: ['INFANTRY'] }, target: T() });
    near(w2[11].hazardousModelsLost, 7 / 27, '11th W2');
    near(w2[10].hazardousModelsLost, 0.5, '10th W2');
    // Two W3 MONSTERs: 3 mortal wounds per failed roll, one model each: 2 · 1/3; the 10th: 3 mortal wounds per 1: 2/6.
    const mon = both({ attacker: { weapons: [W({ models: 2, abilities: ['HAZARDOUS'] })], W: 3, keywords: ['MONSTER'] }, target: T() });
    near(mon[11].hazardousModelsLost, 2 / 3, '11th monster');
    near(mon[10].hazardousModelsLost, 1 / 3, '10th monster');
    // A CHARACTER (W2) in the 11th takes 1 mortal wound per failed roll: both rolls must fail: (1/3)^2.
    const chr = both({ attacker: { weapons: [W({ models: 1, abilities: ['HAZARDOUS'] }), W({ models: 1, abilities: ['HAZARDOUS'] })], W: 2, models: 1, keywords: ['CHARACTER'] }, target: T() });
    near(chr[11].hazardousModelsLost, 1 / 9, '11th character');
  });

  it('shooting while engaged: close-quarters shooting (10.06) in the 11th, Pistols and Big Guns Never Tire in the 10th', () => {
    const ctx = { context: { engaged: true } };
    const shoot = (abilities: string[], keywords?: string[]) =>
      both({ attacker: { weapons: [W({ AP: -1, abilities })], keywords }, target: T({ Sv: 7 }), ...ctx });
    // INFANTRY with a rifle: it does not shoot in either.
    const rifle = shoot([], ['INFANTRY']);
    near(rifle[10].damage, 0, '10th rifle');
    near(rifle[11].damage, 0, '11th rifle');
    assert.match(notes(rifle[11]), /Close-quarters shooting \(10\.06\): an engaged unit that is not a MONSTER or VEHICLE shoots only CLOSE-QUARTERS weapons/);
    // Its CLOSE-QUARTERS weapon (11th) or PISTOL (both) shoots as usual: 2/3 · 1/2.
    near(shoot(['CLOSE-QUARTERS'], ['INFANTRY'])[11].damage, 1 / 3, '11th close-quarters');
    near(shoot(['PISTOL'], ['INFANTRY'])[10].damage, 1 / 3, '10th pistol');
    // A VEHICLE's cannon: -1 to hit in both (4+: 1/2 · 1/2 = 1/4); PSYCHIC in the 11th ignores it (1/3).
    const cannon = shoot([], ['VEHICLE']);
    near(cannon[10].damage, 1 / 4, '10th big guns');
    near(cannon[11].damage, 1 / 4, '11th vehicle');
    near(shoot(['PSYCHIC'], ['VEHICLE'])[11].damage, 1 / 3, '11th psychic vehicle');
    // BLAST never fires at an engaged unit (the 11th): not even a VEHICLE's or a CLOSE-QUARTERS one; the 10th as before.
    const blast = shoot(['BLAST', 'CLOSE-QUARTERS'], ['VEHICLE']);
    near(blast[11].damage, 0, '11th blast');
    assert.match(notes(blast[11]), /BLAST: never fires at an engaged unit/);
    near(blast[10].damage, 1 / 4, '10th blast vehicle');
    // Not engaged: nothing changes.
    near(both({ attacker: { weapons: [W({ AP: -1 })], keywords: ['INFANTRY'] }, target: T({ Sv: 7 }) })[11].damage, 1 / 3, 'unengaged');
  });

  it("the wound roll of an attached unit: the highest Bodyguard T in the 11th, the first Bodyguard group's in the 10th", () => {
    // A sergeant T4 listed first, troopers T5, an attached Leader T3; S5, no save: 10th T4 (3+, 2/3), 11th T5 (4+, 1/2).
    const g = (o: Partial<TargetGroup>): TargetGroup => ({ models: 1, T: 4, Sv: 7, W: 1, ...o });
    const target = groupedTarget([g({ name: 'sergeant' }), g({ name: 'troopers', models: 4, T: 5 }), g({ name: 'leader', T: 3, character: true, attached: true })]);
    const r = both({ attacker: { weapons: [W({ skill: null, S: 5, AP: -1, abilities: ['TORRENT'] })] }, target });
    near(r[10].wounds, 2 / 3, '10th');
    near(r[11].wounds, 1 / 2, '11th');
    assert.match(notes(r[11]), /highest T among the Bodyguard models, 5/);
  });

  it('Sustained Hits D3 with Lethal Hits; Blast 2 and Cleave 1 against 10 and 20 models', () => {
    // BS3+, S4 v T4, no save, D1 v 20 W1: a hit of 3-5 (3/6) wounds on 4+ (1/2): 1/4; a critical hit (1/6)
    // wounds automatically (1) and adds D3 hits (mean 2) rolling to wound (1/2): 1/6 · 2 = 1/3. Damage 7/12 in both;
    // hits 3/6 + 1/6 · (1 + 2) = 1.
    const sl = one({ AP: -1, abilities: ['SUSTAINED HITS D3', 'LETHAL HITS'] }, { models: 20, Sv: 7 });
    for (const e of [10, 11] as const) {
      near(sl[e].damage, 7 / 12, `${e} damage`);
      near(sl[e].hits, 1, `${e} hits`);
      near(sl[e].lethalAutoWounds, 1 / 6, `${e} automatic wounds`);
    }
    // [BLAST 2] A1: 1 + 2 per five models: 5 v 10, 9 v 20. [CLEAVE 1] A1: 3 v 10, 5 v 20 (11th only).
    near(one({ abilities: ['BLAST 2'] }, { models: 10 })[11].attacks, 5, 'blast 10');
    near(one({ abilities: ['BLAST 2'] }, { models: 20 })[11].attacks, 9, 'blast 20');
    near(one({ type: 'melee', abilities: ['CLEAVE 1'] }, { models: 10 })[11].attacks, 3, 'cleave 10');
    near(one({ type: 'melee', abilities: ['CLEAVE 1'] }, { models: 20 })[11].attacks, 5, 'cleave 20');
  });

  it('snap shooting (15.09): 6s only in both; in the 11th no hit re-rolls and no critical hits', () => {
    // BS3+ SUSTAINED HITS 1, re-roll failed hits, S4 v T4, no save. 10th: P(6) with a re-roll = 1/6 + 5/6 · 1/6 =
    // 11/36, each a critical hit (2 hits): 22/36 hits, damage 11/36. 11th: 1/6 hits, not critical: 1/12.
    const r = one({ AP: -1, abilities: ['SUSTAINED HITS 1'] }, { Sv: 7 }, { context: { overwatch: true }, modifiers: { rerollHits: 'failed' } });
    near(r[10].hits, 22 / 36, '10th hits');
    near(r[10].damage, 11 / 36, '10th damage');
    near(r[11].hits, 1 / 6, '11th hits');
    near(r[11].critHits, 0, '11th not critical');
    near(r[11].damage, 1 / 12, '11th damage');
    assert.match(notes(r[11]), /Snap shooting \(15\.09, Fire Overwatch\)/);
  });

  it('damage modifiers in the 11th order: Melta before halving, -1 Damage after it, changed and multiplied first', () => {
    // TORRENT S8 v T4 (2+: 5/6), no save, D6 against one W30 model: damageBeforeFnp = 5/6 · E[modified D].
    const dm = (t: Partial<ScenarioTarget>, abilities: string[] = [], context: DamageScenario['context'] = {}) =>
      one({ skill: null, S: 8, AP: -1, D: 'D6', abilities: ['TORRENT', ...abilities] }, { Sv: 7, W: 30, ...t }, { context });
    // MELTA 2 at half range, halved: 11th ceil((d + 2) / 2) = 2,2,3,3,4,4 (mean 3); 10th ceil(d / 2) + 2 = mean 4.
    const melta = dm({ halfDamage: true }, ['MELTA 2'], { withinHalfRange: true });
    near(melta[11].damageBeforeFnp, (5 / 6) * 3, '11th melta then halve');
    near(melta[10].damageBeforeFnp, (5 / 6) * 4, '10th halve then melta');
    assert.match(notes(melta[11]), /Damage modifiers: changed, multiplied, added \(MELTA\), halved \(rounding up\), subtracted/);
    // -1 Damage with halving: ceil(d / 2) - 1, never below 1: 1,1,1,1,2,2 (mean 4/3), in both.
    const red = dm({ halfDamage: true, damageReduction: 1 });
    near(red[11].damageBeforeFnp, (5 / 6) * (4 / 3), '11th halve and -1');
    near(red[10].damageBeforeFnp, (5 / 6) * (4 / 3), '10th halve and -1');
    // All three in the 11th: ceil((d + 2) / 2) - 1 = 1,1,2,2,3,3 (mean 2).
    near(dm({ halfDamage: true, damageReduction: 1 }, ['MELTA 2'], { withinHalfRange: true })[11].damageBeforeFnp, (5 / 6) * 2, '11th all three');
    // Changed to 1, doubled, then Melta 2: 4 each.
    near(dm({ damageSetTo: 1, damageMultiplier: 2 }, ['MELTA 2'], { withinHalfRange: true })[11].damageBeforeFnp, (5 / 6) * 4, 'set, multiply, add');
  });

  it('allocation groups (05.03): CHARACTERs last, a sergeant group, a Leader with and without PRECISION, one group per CHARACTER model', () => {
    // Every attack: TORRENT S8 v T4 (wounds on 2+: 5/6), no save (Sv7), D4: each wound slays the model it reaches (W ≤ 4).
    const gun = (A: number, abilities: string[] = []) => W({ skill: null, S: 8, AP: -1, D: 4, A, abilities: ['TORRENT', ...abilities] });
    const g = (o: Partial<TargetGroup>): TargetGroup => ({ models: 1, T: 4, Sv: 7, W: 1, ...o });
    const slain = (r: DamageResult) => r.groupsSlain!.map((x) => x.modelsSlain);
    const run = (groups: TargetGroup[], weapon: ScenarioWeapon) => both({ attacker: { weapons: [weapon] }, target: groupedTarget(groups) });
    // A champion (CHARACTER, in the unit, not attached) listed first, two troopers: the 11th allocates to a trooper
    // (5/6), the 10th in the order given, to the champion.
    const champ = run([g({ name: 'champion', character: true }), g({ name: 'troopers', models: 2 })], gun(1));
    assert.deepStrictEqual(slain(champ[11]).map((x) => +x.toFixed(12)), [0, +(5 / 6).toFixed(12)]);
    assert.deepStrictEqual(slain(champ[10]).map((x) => +x.toFixed(12)), [+(5 / 6).toFixed(12), 0]);
    // PRECISION against that champion: the 11th selects its group (5/6); the 10th only an attached CHARACTER.
    const pchamp = run([g({ name: 'champion', character: true }), g({ name: 'troopers', models: 2 })], gun(1, ['PRECISION']));
    near(slain(pchamp[11])[0], 5 / 6, '11th precision champion');
    near(slain(pchamp[10])[1], 0, '10th precision: troopers untouched');
    near(slain(pchamp[10])[0], 5 / 6, '10th: the champion first in the order given');
    // A sergeant (W2, not a CHARACTER) and two troopers W1, the sergeant listed first: three attacks of D1 (S8,
    // 5/6 each) against the sergeant group first: both editions allocate in the order given to non-CHARACTERs:
    // the sergeant falls with 2 wounds, then the troopers: wounds lost ~ Bin(3, 5/6); the sergeant is slain with ≥ 2.
    const sgt = run([g({ name: 'sergeant', W: 2 }), g({ name: 'troopers', models: 2 })], W({ skill: null, S: 8, AP: -1, D: 1, A: 3, abilities: ['TORRENT'] }));
    const p2 = 3 * (5 / 6) ** 2 * (1 / 6) + (5 / 6) ** 3;
    for (const e of [10, 11] as const) {
      near(slain(sgt[e])[0], p2, `${e} sergeant`);
      near(slain(sgt[e])[1], (5 / 6) ** 3, `${e} troopers`);
    }
    // A Leader (CHARACTER, attached, W4) with two bodyguards, two attacks of D4. Without PRECISION: the bodyguards
    // take them (2 · 5/6), the Leader nothing, in both.
    const led = (weapon: ScenarioWeapon, extra: TargetGroup[] = []) => run([g({ name: 'bodyguard', models: 2 }), g({ name: 'leader', character: true, attached: true, W: 4 }), ...extra], weapon);
    const plain = led(gun(2));
    for (const e of [10, 11] as const) assert.deepStrictEqual(slain(plain[e]).map((x) => +x.toFixed(12)), [+(10 / 6).toFixed(12), 0]);
    // With PRECISION: the Leader's group is current until destroyed: P(slain) = 1 - (1/6)^2 = 35/36; then the
    // second attack goes to a bodyguard: 5/6 · 5/6 = 25/36. Both editions agree with one Leader.
    const prec = led(gun(2, ['PRECISION']));
    for (const e of [10, 11] as const) {
      near(slain(prec[e])[1], 35 / 36, `${e} leader`);
      near(slain(prec[e])[0], 25 / 36, `${e} bodyguard after the leader`);
    }
    // Two Leaders: the 11th's PRECISION selects one CHARACTER's group; once it is destroyed the attacks go back to
    // the defender's order (the bodyguard): leader 35/36, bodyguard 25/36, second leader 0. The 10th goes on to the
    // second attached CHARACTER (25/36) and leaves the bodyguard.
    const two = led(gun(2, ['PRECISION']), [g({ name: 'support', character: true, attached: true, W: 4 })]);
    near(slain(two[11])[1], 35 / 36, '11th first leader');
    near(slain(two[11])[0], 25 / 36, '11th bodyguard');
    near(slain(two[11])[2], 0, '11th second leader');
    near(slain(two[10])[2], 25 / 36, '10th second leader');
    near(slain(two[10])[0], 0, '10th bodyguard');
    // Two CHARACTER models in one model group are two allocation groups in the 11th: PRECISION's group is one model.
    const pair = run([g({ name: 'troopers', models: 2 }), g({ name: 'twins', character: true, models: 2, W: 4 })], gun(2, ['PRECISION']));
    near(slain(pair[11])[1], 35 / 36, '11th one twin');
    near(slain(pair[11])[0], 25 / 36, '11th then a trooper');
    // The 10th: PRECISION only reaches an attached CHARACTER: the troopers take both attacks.
    near(slain(pair[10])[1], 0, '10th twins');
    near(slain(pair[10])[0], 10 / 6, '10th troopers');
    assert.match(notes(pair[11]), /Allocation groups \(05\.03\)/);
  });

  it('the rules the 11th-edition data has no text for: applied from the published sources, and said so', () => {
    // Cover: +1 to the save in the 10th (BS3+, S4 v T4, Sv4+ → 3+: 2/3 · 1/2 · 1/3 = 1/9); BS 4+ in the 11th
    // (1/2 · 1/2 · 1/2 = 1/8), a rule taken from the published sources and said so.
    const cover = one({}, {}, { context: { targetInCover: true } });
    near(cover[10].damage, 1 / 9, '10th cover');
    near(cover[11].damage, 1 / 8, '11th cover');
    assert.doesNotMatch(notes(cover[11]), /kept/);
    assert.deepStrictEqual(editionRules(10).damage.borrowed, []);
    assert.deepStrictEqual(editionRules(10).damage.fromSources, []);
    assert.ok(['13.08', '10.07', '06.03'].every((sec) => editionRules(11).damage.fromSources.some((b) => b.includes(sec))));
    assert.ok(!editionRules(11).damage.borrowed.some((b) => /13\.08|10\.07|06\.03/.test(b)));
  });

  it('names each rule taken from the published sources by its name and section, never an internal file (issue 32)', () => {
    const said = [...editionRules(11).damage.fromSources, ...editionRules(11).damage.borrowed];
    assert.ok(said.length >= 5);
    for (const s of said) {
      assert.doesNotMatch(s, /\.md\b|eleventh-edition/, s);
      assert.match(s, /^[A-Z][^:]*(?:\(\d\d\.\d\d\)|\(the attack sequence\)): .*\(from the 11th-edition Core Rules: the rules data holds no text for it\)$/, s);
    }
  });

  it('auspex damage --json input: rules.edition 10 | 11 and context.heavyReady, bad values named', () => {
    const base = { attacker: { weapons: [{ A: 1, skill: 3, S: 4, D: 1 }] }, target: { T: 4, Sv: 4, W: 1, stealth: true } };
    const ok = parseScenario({ ...base, rules: { edition: 11 }, context: { heavyReady: true } });
    assert.ok('scenario' in ok);
    assert.deepStrictEqual(ok.scenario.rules, { edition: 11 });
    assert.strictEqual(ok.scenario.context?.heavyReady, true);
    const str = parseScenario({ ...base, rules: { edition: '10' } });
    assert.ok('scenario' in str && str.scenario.rules?.edition === 10);
    assert.deepStrictEqual(parseScenario({ ...base, rules: { edition: 12 } }), { error: 'rules.edition: expected 10 or 11, got 12' });
    assert.deepStrictEqual(parseScenario({ ...base, rules: { edition: 'eleventh' } }), { error: 'rules.edition: expected 10 or 11, got "eleventh"' });
    assert.deepStrictEqual(parseScenario({ ...base, rules: { Edition: 11 } }), { error: 'rules.Edition: unknown field (did you mean "edition"?)' });
  });

  it('auspex damage --json input: plungingFire, indirectSpotted, modifiers.hit as a list, weapon hit/wound modifiers, damageSetTo/damageMultiplier', () => {
    const base = { attacker: { weapons: [{ A: 1, skill: 4, S: 4, AP: 1, D: 3, hitModifier: 1, woundModifier: -1 }] }, target: { T: 4, Sv: 7, W: 5, damageSetTo: 1, damageMultiplier: 2 } };
    const ok = parseScenario({ ...base, rules: { edition: 11 }, context: { plungingFire: true, indirectSpotted: true }, modifiers: { hit: [1, -1] } });
    assert.ok('scenario' in ok);
    assert.deepStrictEqual(ok.scenario.context, { plungingFire: true, indirectSpotted: true });
    assert.deepStrictEqual(ok.scenario.modifiers, { hit: [1, -1] });
    assert.strictEqual(ok.scenario.attacker.weapons[0].hitModifier, 1);
    assert.strictEqual(ok.scenario.target.damageMultiplier, 2);
    // BS4+ with Plunging Fire → 3+, then +1 (weapon) +1 -1 (modifiers) → +1: 2+ (5/6); S4 v T4 with -1 to wound:
    // 5+ (1/3); no save; D3 changed to 1, doubled: 2. Damage 5/6 · 1/3 · 2 = 5/9.
    near(computeDamage(ok.scenario).damage, 5 / 9, 'all together');
    assert.deepStrictEqual(parseScenario({ ...base, modifiers: { hit: [1, 'x'] } }), { error: 'modifiers.hit[1]: expected a number' });
    assert.deepStrictEqual(parseScenario({ ...base, target: { ...base.target, damageMultiplier: 3 } }), { error: 'target.damageMultiplier: expected 1 to 2, got 3' });
  });

  it('the damage code asks the edition module and never compares edition numbers', () => {
    const root = path.join(repoRoot, 'server', 'src', 'service');
    const files = [
      ...fs.readdirSync(path.join(root, 'domain', 'damage')).map((f) => path.join(root, 'domain', 'damage', f)),
      ...['codeLens.ts', 'damageBreakdown.ts', 'diceOdds.ts', 'hover.ts'].map((f) => path.join(root, 'features', f)),
    ];
    const branch = /edition\s*(?:[!=]==?|[<>]=?)\s*1[01]\b|\b1[01]\s*(?:[!=]==?|[<>]=?)\s*[\w.]*edition|case\s+1[01]\s*:/i;
    const offenders = files.filter((f) => branch.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(repoRoot, f));
    assert.deepStrictEqual(offenders, []);
    assert.ok(branch.test('if (edition === 11)') && branch.test('11 !== list.edition') && branch.test('case 10:'), 'the pattern finds branches');
  });
});

describe('damage under the 11th edition against Monte Carlo (4 standard errors, fixed seed)', function () {
  this.timeout(60000);
  const TRIALS = 6000;
  const SEED = 20260617;
  const KEYS = ['attacks', 'hits', 'wounds', 'unsaved', 'damage', 'damageBeforeFnp', 'woundsLost', 'modelsSlain', 'pWipe', 'critHits', 'devWounds', 'hazardousFailedTests', 'hazardousModelsLost'] as const;
  const M = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 5, AP: -1, D: 1, abilities: [], models: 5, ...o });
  const eleventh = { edition: 11 as const };
  const cases: [string, DamageScenario][] = [
    ['Stealth target (cover), BLAST 2 + CLEAVE 1 + HEAVY with heavyReady', {
      attacker: { weapons: [M({ A: 'D3', abilities: ['BLAST 2', 'HEAVY'], skill: 4 }), M({ type: 'melee', abilities: ['CLEAVE 1'], models: 3 })] },
      target: { models: 12, T: 4, Sv: 4, W: 1, stealth: true }, context: { heavyReady: true, remainedStationary: true }, rules: eleventh,
    }],
    ['PSYCHIC ignoring -1 and blind INDIRECT FIRE, sustained hits, against W2 with FNP', {
      attacker: { weapons: [M({ skill: 4, D: 'D3', abilities: ['PSYCHIC', 'INDIRECT FIRE', 'SUSTAINED HITS 1'] }), M({ A: 3, abilities: ['LETHAL HITS'] })] },
      target: { models: 6, T: 4, Sv: 3, W: 2, fnp: 6 }, context: { targetVisible: false, indirectSpotted: true }, modifiers: { hit: -1 }, rules: eleventh,
    }],
    ['IGNORES COVER v Stealth, twin-linked devastating wounds, mortal FNP', {
      attacker: { weapons: [M({ A: 4, D: 2, abilities: ['IGNORES COVER', 'TWIN-LINKED', 'DEVASTATING WOUNDS'] }), M({ A: 2, D: 1, abilities: ['TWIN-LINKED'] })] },
      target: { models: 4, T: 5, Sv: 3, W: 3, stealth: true, fnpMortal: 5 }, rules: eleventh,
    }],
    ['cover with Plunging Fire and separate hit modifiers, re-rolled hits, blind INDIRECT FIRE beside it', {
      attacker: { weapons: [M({ skill: 5, A: 3, abilities: ['SUSTAINED HITS 1'] }), M({ A: 2, D: 2, abilities: ['INDIRECT FIRE'] })] },
      target: { models: 5, T: 4, Sv: 4, W: 2, stealth: true }, context: { plungingFire: true, targetVisible: false },
      modifiers: { hit: [1, -1, -1], rerollHits: 'ones' }, rules: eleventh,
    }],
    ['Melta before halving and -1 Damage, hazard rolls of W2 models, Plunging Fire, spotted indirect shooting in cover', {
      attacker: {
        weapons: [M({ A: 2, D: 'D6', S: 9, abilities: ['MELTA 2', 'HAZARDOUS'] }), M({ A: 'D3', D: 2, models: 3, abilities: ['INDIRECT FIRE', 'BLAST', 'HAZARDOUS'] })],
        W: 2, models: 5,
      },
      target: { models: 6, T: 5, Sv: 3, W: 3, halfDamage: true, damageReduction: 1, fnp: 6 },
      context: { withinHalfRange: true, plungingFire: true, targetVisible: false, indirectSpotted: true, targetInCover: true },
      modifiers: { hit: [-1], rerollHits: 'ones' }, rules: eleventh,
    }],
    ['a MONSTER with hazard rolls, damage changed and doubled, Devastating Wounds on W2 models with FNP', {
      attacker: { weapons: [M({ A: 3, models: 2, D: 'D3', abilities: ['HAZARDOUS', 'DEVASTATING WOUNDS', 'SUSTAINED HITS D3'] })], W: 4, models: 2, keywords: ['MONSTER'] },
      target: { models: 5, T: 4, Sv: 4, W: 2, damageSetTo: 1, damageMultiplier: 2, fnp: 5 }, rules: eleventh,
    }],
    ['Stealth 2+ save against AP 0 (no cover bonus), hazardous, Psychic with +1 kept', {
      attacker: { weapons: [M({ AP: 0, S: 8, D: 'D6', abilities: ['PSYCHIC', 'HAZARDOUS'] })] },
      target: { models: 3, T: 6, Sv: 2, W: 4, invuln: 5, stealth: true }, modifiers: { hit: 1 }, rules: eleventh,
    }],
  ];
  it("LETHAL HITS with DEVASTATING WOUNDS: the engine's choice agrees with the simulation of that choice, and is the better one", () => {
    // D6 against 2+ saves: rolling to wound for a critical wound (6 mortal-wound packets) beats an automatic wound.
    const s: DamageScenario = {
      attacker: { weapons: [M({ A: 3, S: 4, AP: 0, D: 'D6', abilities: ['LETHAL HITS', 'DEVASTATING WOUNDS'] })] },
      target: { models: 4, T: 4, Sv: 2, W: 4 }, rules: eleventh,
    };
    const exact = computeDamage(s);
    assert.match(notes(exact), /the critical hits roll to wound/);
    const roll = simulate(s, TRIALS, SEED + 99, { lethalRoll: true });
    const auto = simulate(s, TRIALS, SEED + 98);
    for (const k of ['woundsLost', 'damage', 'devWounds', 'modelsSlain'] as const) {
      assert.ok(Math.abs(exact[k] - roll[k].mean) <= 4 * roll[k].se + 1e-9, `${k}: exact ${exact[k]} vs rolling ${roll[k].mean} ± ${roll[k].se}`);
    }
    assert.ok(roll.woundsLost.mean > auto.woundsLost.mean, 'rolling is the better choice here');
    // The 10th always wounds automatically: its figure is the automatic choice's.
    const tenth = computeDamage({ ...s, rules: { edition: 10 } });
    assert.ok(Math.abs(tenth.woundsLost - auto.woundsLost.mean) <= 4 * auto.woundsLost.se, `10th ${tenth.woundsLost} vs automatic ${auto.woundsLost.mean}`);
    assert.ok(exact.woundsLost > tenth.woundsLost);
  });

  cases.forEach(([name, s], i) => {
    it(name, () => {
      const exact = computeDamage(s);
      assert.strictEqual(exact.edition, 11);
      const mc = simulate(s, TRIALS, SEED + i);
      for (const k of KEYS) {
        let se = mc[k].se;
        if (k === 'pWipe') se = Math.sqrt((exact.pWipe * (1 - exact.pWipe)) / TRIALS);
        assert.ok(Math.abs(exact[k] - mc[k].mean) <= 4 * se + 1e-9, `${k}: exact ${exact[k].toFixed(5)} vs simulated ${mc[k].mean.toFixed(5)} ± ${se.toFixed(5)}`);
      }
      // The 10th edition gives different numbers on these scenarios (they exercise what differs).
      const tenth = computeDamage({ ...s, rules: { edition: 10 } });
      assert.ok((['damage', 'attacks', 'hazardousFailedTests'] as const).some((k) => Math.abs(tenth[k] - exact[k]) > 1e-6), 'the editions differ here');
    });
  });
});

describe("the list's edition in lenses, the breakdown and the hover", () => {
  const EXAMPLE = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const HORDE = { name: 'T3 5+ W1 ×10', models: 10, T: 3, Sv: 5, W: 1 };
  /** The seed data with the mining laser given [BLAST 2]: against 10 models, +4 attacks in the 11th, +2 in the 10th (+1 per five). */
  function blastData(): RulesData {
    const data = loadEmbeddedRules();
    data.datasheets = data.datasheets.map((d) => ({
      ...d,
      weapons: d.weapons.map((w) => (w.name === 'Mining laser' ? { ...w, profiles: w.profiles.map((p) => ({ ...p, abilities: ['BLAST 2'] })) } : w)),
    }));
    return data;
  }
  function lensRun(settings: Partial<Settings>, editionShown?: Edition) {
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const list = parseArmyList(EXAMPLE);
    if (editionShown) list.editionShown = editionShown;
    const calls: { input: UnitDamageInput; r: UnitDamageResult }[] = [];
    const damage = (input: UnitDamageInput) => {
      const r = computeUnitDamage(input);
      calls.push({ input, r });
      return r;
    };
    const lenses = codeLenses(doc, list, new RulesIndex(blastData()), damage, { ...DEFAULT_SETTINGS, damageTargets: [HORDE], ...settings });
    const laser = calls[0].r.perWeapon.find((w) => w.name === 'Mining laser');
    return { lenses, calls, laserAttacks: laser?.attacks };
  }

  it('lenses compute under the list edition: what the text shows, or the setting', () => {
    // The Wolfquad's laser (A1, [BLAST 2]) against 10 models: 1 + 2 attacks in the 10th, 1 + 4 in the 11th.
    const tenth = lensRun({});
    assert.strictEqual(tenth.calls[0].input.rules?.edition, 10);
    assert.strictEqual(tenth.laserAttacks, 3);
    const shown = lensRun({}, 11);
    assert.strictEqual(shown.calls[0].input.rules?.edition, 11);
    assert.strictEqual(shown.laserAttacks, 5);
    assert.notDeepStrictEqual(shown.lenses.map((l) => l.command?.title), tenth.lenses.map((l) => l.command?.title));
    // The setting forces an edition over what the text shows.
    assert.strictEqual(lensRun({ edition: '10' }, 11).laserAttacks, 3);
    assert.strictEqual(lensRun({ edition: '11' }).laserAttacks, 5);
  });

  it('the lens cache keys on the edition: switching the setting changes the numbers', () => {
    // The same data for both editions: a list is only answered from its own edition's data.
    const service = createLanguageService({ rules: blastData(), rules11: blastData(), settings: { ...DEFAULT_SETTINGS, damageTargets: [HORDE] } });
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const before = service.codeLenses(doc).map((l) => l.command?.title);
    service.setSettings({ ...service.settings, edition: '11' });
    const after = service.codeLenses(doc).map((l) => l.command?.title);
    assert.notDeepStrictEqual(after, before);
    assert.deepStrictEqual(after, lensRun({ edition: '11' }).lenses.map((l) => l.command?.title));
  });

  it('the breakdown: the edition, its Heavy toggle and Stealth, and what it keeps from the 10th', () => {
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const list = parseArmyList(EXAMPLE);
    // The seed data with the mining laser given [HEAVY].
    const data = loadEmbeddedRules();
    data.datasheets = data.datasheets.map((d) => ({
      ...d,
      weapons: d.weapons.map((w) => (w.name === 'Mining laser' ? { ...w, profiles: w.profiles.map((p) => ({ ...p, abilities: ['HEAVY'] })) } : w)),
    }));
    const rules = new RulesIndex(data);
    const get = (edition: Settings['edition'], c = {}) => damageBreakdown(doc, list, rules, { ...DEFAULT_SETTINGS, edition }, 0, 1, c)!;
    const b11 = get('11');
    assert.strictEqual(b11.edition.edition, 11);
    assert.strictEqual(b11.edition.label, '11th edition');
    assert.ok(b11.edition.fromSources.some((k) => k.includes('13.08')));
    assert.deepStrictEqual(b11.toggles.slice(0, 5).map((t) => t.key), ['halfRange', 'cover', 'heavyReady', 'charged', 'stealth']);
    assert.strictEqual(b11.toggles[4].detail, 'the benefit of cover against ranged attacks');
    const b10 = get('10');
    assert.deepStrictEqual(b10.edition, { edition: 10, label: '10th edition', keptFromTenth: [], fromSources: [] });
    assert.deepStrictEqual(b10.toggles.slice(0, 5).map((t) => t.key), ['halfRange', 'cover', 'stationary', 'charged', 'stealth']);
    // In the 11th, Stealth is the benefit of cover: the shooting numbers equal those with the cover toggle.
    const shooting = (b: ReturnType<typeof get>) => b.phases.find((p) => p.phase === 'shooting')!;
    near(shooting(get('11', { stealth: true })).total.damage, shooting(get('11', { cover: true })).total.damage, '11th stealth = cover');
    assert.ok(shooting(get('10', { stealth: true })).total.damage < shooting(get('10', { cover: true })).total.damage, '10th: stealth is -1 to hit');
    assert.match(shooting(get('11', { stealth: true })).notes.join('\n'), /Stealth: the benefit of cover/);
    // Each edition's Heavy toggle against T4 3+ W2 ×5 (the laser is fired either way): the laser (BS4+, S12 v T4,
    // AP-3 v Sv3+, D6+1) hits on 3+ instead of 4+,
    // +1/6 · 5/6 · 5/6 · 4.5 damage; the other edition's condition changes nothing.
    const dmg = (edition: Settings['edition'], c = {}) => shooting(get(edition, c)).total.damage;
    near(dmg('11', { heavyReady: true }) - dmg('11'), (1 / 6) * (5 / 6) * (5 / 6) * 4.5, '11th heavyReady');
    near(dmg('11', { stationary: true }), dmg('11'), '11th stationary');
    near(dmg('10', { stationary: true }) - dmg('10'), (1 / 6) * (5 / 6) * (5 / 6) * 4.5, '10th stationary');
    near(dmg('10', { heavyReady: true }), dmg('10'), '10th heavyReady');
    assert.strictEqual(get('11', { heavyReady: true }).toggles.find((t) => t.key === 'heavyReady')?.on, true);
    // The 11th's own toggles: Plunging Fire (+1 BS to every ranged weapon: the laser alone gains the same
    // +1/6 · 5/6 · 5/6 · 4.5 as with Heavy, the unit's other guns more) and
    // spotted indirect shooting; the cover toggle says what cover does in each edition.
    assert.deepStrictEqual(b11.toggles.filter((t) => t.key === 'plungingFire' || t.key === 'indirectSpotted').map((t) => t.key), ['plungingFire', 'indirectSpotted']);
    assert.ok(!b10.toggles.some((t) => t.key === 'plungingFire'));
    assert.match(b11.toggles.find((t) => t.key === 'cover')!.detail!, /BS worsens by 1 .*13\.08/);
    assert.strictEqual(b10.toggles.find((t) => t.key === 'cover')!.detail, '+1 to the save against ranged attacks');
    assert.ok(dmg('11', { plungingFire: true }) - dmg('11') > (1 / 6) * (5 / 6) * (5 / 6) * 4.5, '11th plunging fire');
    near(dmg('10', { plungingFire: true }), dmg('10'), '10th: no Plunging Fire');
    // Snap shooting (15.09) is a toggle of the 11th: on, the shooting numbers are the engine's with context.overwatch.
    assert.strictEqual(b11.toggles.find((t) => t.key === 'overwatch')?.label, 'Snap shooting (Fire Overwatch)');
    assert.ok(!b10.toggles.some((t) => t.key === 'overwatch'));
    const snap = shooting(get('11', { overwatch: true }));
    assert.ok(snap.total.damage > 0 && snap.total.damage < dmg('11') / 2, '11th snap shooting: only 6s hit');
    assert.match(snap.notes.join('\n'), /Snap shooting \(15\.09, Fire Overwatch\)/);
    // The page names the edition and lists what it keeps from the 10th.
    const html = renderBreakdownHtml(b11, 'n0nce', 'vscode-webview-resource:');
    assert.match(html, /Rules: 11th edition\.<\/p><p class="dim">Core rules the data does not hold, applied from the published rules:<\/p><ul class="dim"><li>Hit roll/);
    assert.match(html, /<li>Benefit of cover \(13\.08\)/);
    assert.match(renderBreakdownHtml(b10, 'n0nce', 'vscode-webview-resource:'), /Rules: 10th edition\.<\/p>/);
  });

  it("the unit hover's dice odds say when the edition's own rolls are not in its data", () => {
    const sheet = loadEmbeddedRules().datasheets[0];
    assert.doesNotMatch(diceOddsMarkdown(sheet, [], 10), /11th-edition/);
    assert.match(diceOddsMarkdown(sheet, [], 11), /as in the 10th edition: the 11th-edition core rules are not in the data/);
    // The seed data given as the 11th edition's too: a list is only answered from its own edition's data.
    const service = createLanguageService({ rules11: loadEmbeddedRules(), settings: { ...DEFAULT_SETTINGS, edition: '11' } });
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const at = EXAMPLE.indexOf('Atalan Jackals') + 2;
    const h = service.hover(doc, doc.positionAt(at));
    assert.match(JSON.stringify(h?.contents), /11th-edition core rules are not in the data/);
  });
});

describe("the 11e game system's own words and examples (../shared/data/bsdata-11e)", () => {
  const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
  function sharedRule(name: string): string {
    const gst = JSON.parse(fs.readFileSync(sharedPath('data', 'bsdata-11e', 'Warhammer 40,000.json'), 'utf8')).gameSystem;
    const rule = (gst.sharedRules as { name: string; description?: string }[]).find((r) => r.name === name);
    assert.ok(rule?.description, `the game system has a "${name}" rule`);
    return rule.description.replace(/\*/g, '');
  }

  it('[BLAST X] and [CLEAVE X]: the examples in their rule texts', function () {
    requireShared(this, 'data', 'bsdata-11e');
    for (const [name, re] of [
      ['Blast', /\[BLAST (\d+)\] weapon with an A characteristic of (\d+) targets a unit containing (\d+) models, you would gather \w+ additional attack dice for that weapon \(for a total of (\w+)/],
      ['Cleave', /\[CLEAVE (\d+)\] weapon with an A characteristic of (\d+) targets one unit containing (\d+) models, you would gather \w+ additional attack dice for that weapon \(for a total of (\w+)/],
    ] as const) {
      const m = re.exec(sharedRule(name));
      assert.ok(m, `the ${name} rule's example reads as expected`);
      const [, x, a, models, total] = m;
      const r = computeDamage({ attacker: { weapons: [W({ A: Number(a), abilities: [`${name.toUpperCase()} ${x}`] })] }, target: T({ models: Number(models) }), rules: { edition: 11 } });
      near(r.attacks, WORDS[total], `${name} example`);
    }
  });

  it('the texts the 11th-edition module implements say what it applies', function () {
    requireShared(this, 'data', 'bsdata-11e');
    assert.match(sharedRule('Stealth'), /each time a ranged attack targets that unit, that unit has the benefit of cover/);
    assert.match(sharedRule('Heavy'), /unengaged[\s\S]*not set up on the battlefield this turn[\s\S]*moved more than 3"/);
    assert.match(sharedRule('Psychic'), /ignore any or all modifiers to that attack’s BS or WS characteristic and any or all modifiers to the hit roll/);
    assert.match(sharedRule('Pistol'), /\[PISTOL\] and \[CLOSE-QUARTERS\] are identical for all rules purposes/);
    assert.match(sharedRule('Twin-linked'), /re-roll the wound roll/);
    assert.match(sharedRule('Hazardous'), /hazard rolls \(06\.03\)/);
  });

  it('a real 11th-edition list against the 11e data: lenses under the 11th, a [CLEAVE 1] weapon of the data gains its attacks', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'lists-11e');
    this.timeout(120000);
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');
    const list = parseArmyList(text);
    assert.strictEqual(list.editionShown, 11);
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e')] });
    provider.ensureFaction('Orks');
    const rules = new RulesIndex(provider.rulesFor(11));
    const editions = new Set<number | undefined>();
    const doc = TextDocument.create('file:///orks.army', 'army-list', 1, text);
    const lenses = codeLenses(doc, list, rules, (input) => (editions.add(input.rules?.edition), computeUnitDamage(input)), DEFAULT_SETTINGS);
    // One lens per unit with weapons (the list has 20 of them under the 11e data), each on its own unit line.
    assert.ok(lenses.length >= 20, `lenses: ${lenses.length}`);
    assert.strictEqual(new Set(lenses.map((l) => l.range.start.line)).size, lenses.length);
    assert.deepStrictEqual([...editions], [11]);
    // A [CLEAVE 1] melee weapon from the data, 3 models against 10: +1 attack per five target models each, 11th only.
    const cleave = rules.data.datasheets.flatMap((d) => d.weapons).find((w) => w.profiles.some((p) => parseAbilities(p.abilities).cleave === 1));
    assert.ok(cleave, 'the Orks data has a [CLEAVE 1] weapon');
    const fight = (edition: Edition) =>
      computeUnitDamage({ groups: [{ models: 3, weapons: [cleave] }], target: { models: 10, T: 4, Sv: 4, W: 1 }, context: { phase: 'fight' }, rules: { edition } });
    near(fight(11).attacks - fight(10).attacks, 3 * 2, 'CLEAVE 1 v 10 models, 3 models');
  });
});
