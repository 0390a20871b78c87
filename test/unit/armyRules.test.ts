// The army's own rules in the numbers (issue 30): a Leader's and a Support unit's gifts, Enhancements, detachment and
// army rules, read from the rules data's text and applied to the models and weapons they name, under the conditions
// that hold. Checked on the worked cases of ../shared/army-damage-11e (computed by an independent oracle), on each
// kind of source with values derived here by hand from the datasheets' printed profiles, with a seeded Monte Carlo
// (an independent simulator, `test/support/montecarlo.ts`), on every real 11th-edition list, and on the 10th
// edition's Wahapedia export. Skips what needs ../shared when it is absent.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS, type DamageTargetSetting } from '../../server/src/service/settings';
import type { LensReportUnit } from '../../server/src/service/features/codeLens';
import type { BreakdownConditions } from '../../server/src/service/features/conditions';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { armUnit, type AttackPart } from '../../server/src/service/domain/damage/armyRules';
import { computeUnitDamage, type LoadoutGroup } from '../../server/src/service/domain/damage/fromRules';
import type { Weapon } from '../../server/src/service/domain/rules/model';
import { simulate } from '../support/montecarlo';
import { attackingUnit } from '../../server/src/service/features/attackingUnit';
import { attackRules, resolveArmy } from '../../server/src/service/features/armySources';
import { armyPhase } from '../../server/src/service/features/armyDamage';
import { rules11 } from '../support/check11';
import { requireShared, sharedPath } from '../support/shared';

const GEQ: DamageTargetSetting = { name: 'GEQ', models: 10, T: 3, Sv: 5, W: 1, keywords: ['INFANTRY'] };
const MEQ: DamageTargetSetting = { name: 'MEQ', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] };

let seq = 0;
/** The lens report of a list against the real 11th-edition data (or the 10th's `provider`). */
function report(text: string, targets: DamageTargetSetting[], conditions: BreakdownConditions = {}, provider: RulesProvider = rules11(), service: LanguageService = createLanguageService()): { units: LensReportUnit[]; doc: TextDocument; service: LanguageService } {
  const doc = TextDocument.create(`file:///army-${++seq}.txt`, 'army-list', 1, text);
  const edition = service.editionOf(doc);
  provider.ensureList(service.parse(doc), edition);
  service.setRules(provider.rulesFor(edition), edition);
  const r = service.lensReport(doc, targets, conditions);
  if ('error' in r) throw new Error(r.error);
  return { units: r, doc, service };
}

const unitNamed = (units: LensReportUnit[], name: string) => {
  const u = units.find((x) => x.name === name);
  assert.ok(u, `no unit ${name}: ${units.map((x) => x.name).join(', ')}`);
  return u;
};
const result = (u: LensReportUnit, phase: 'shooting' | 'fight', target: string) => {
  const r = u.results.find((x) => x.phase === phase && x.target === target);
  assert.ok(r, `${u.name}: no ${phase} result against ${target}`);
  return r;
};
const near = (a: number, b: number, what: string, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what}: ${a}, expected ${b}`);

describe('army rules: the worked cases of ../shared/army-damage-11e', function () {
  this.timeout(120000);
  interface Case {
    id: string; list: string; unitLine: number; phase: 'shooting' | 'fight'; target: 'GEQ' | 'MEQ';
    conditions: Record<string, boolean | number>;
    sources: { kind: string; name: string }[]; notApplied: { name: string }[];
    expected: Record<string, number>; withoutArmyRules: Record<string, number>;
  }
  const cases = (): Case[] => JSON.parse(fs.readFileSync(sharedPath('army-damage-11e', 'EXAMPLES.json'), 'utf8')).cases;
  // The cases' condition names as `--when` (and the conditions here) name them.
  const conditionsOf = (c: Case['conditions']): BreakdownConditions => {
    const out: BreakdownConditions = {};
    for (const [k, v] of Object.entries(c)) {
      if (v === false || v === undefined) continue;
      if (k === 'charged') out.charged = true;
      else if (k === 'withinHalfRange') out.halfRange = true;
      else if (k === 'heavyReady') out.heavyReady = true;
      else if (k === 'targetInCover') out.cover = true;
      else if (k === 'closestTarget') out.states = [...(out.states ?? []), 'closestTarget'];
      else if (k === 'targetDistance') out.targetDistance = v as number;
      else if (k === 'waaagh') out.rules = [...(out.rules ?? []), 'Waaagh!'];
      else if (k === 'lootObjective') out.rules = [...(out.rules ?? []), 'Here Be Loot'];
      else throw new Error(`condition ${k}`);
    }
    return out;
  };
  before(function () {
    requireShared(this, 'army-damage-11e', 'EXAMPLES.json');
    requireShared(this, 'data', 'bsdata-11e');
  });

  it('each case gives exactly its numbers, what it applies, and leaves out what a correct engine leaves out', () => {
    for (const c of cases()) {
      const text = fs.readFileSync(sharedPath(c.list), 'utf8');
      const target = c.target === 'GEQ' ? GEQ : MEQ;
      const { units } = report(text, [target], conditionsOf(c.conditions));
      const u = units.find((x) => x.line === c.unitLine);
      assert.ok(u, `${c.id}: no unit on line ${c.unitLine}`);
      const r = result(u, c.phase, target.name);
      for (const k of ['attacks', 'hits', 'wounds', 'unsaved', 'damage', 'modelsSlain'] as const) near(r[k], c.expected[k], `${c.id} ${k}`, 2e-6);
      // What this phase against this target applied (the unit's `applied` is over every phase and target).
      const applied = r.applied.map((a) => a.replace(/[’']/g, "'"));
      for (const s of c.sources) assert.ok(applied.includes(s.name.replace(/[’']/g, "'")), `${c.id}: ${s.name} applied (${applied.join(', ')})`);
      for (const n of c.notApplied) assert.ok(!applied.includes(n.name.replace(/[’']/g, "'")), `${c.id}: ${n.name} is not applied`);
    }
  });

  it('the breakdown shows the same figures, and the bare datasheets\' beside them', () => {
    for (const c of cases()) {
      const text = fs.readFileSync(sharedPath(c.list), 'utf8');
      const target = c.target === 'GEQ' ? GEQ : MEQ;
      const { units, doc, service } = report(text, [target]);
      service.setSettings({ ...DEFAULT_SETTINGS, damageTargets: [target] });
      const index = service.parse(doc).units.findIndex((x) => doc.positionAt(x.name.span.start).line + 1 === c.unitLine);
      const b = service.damageBreakdown(doc, index, 0, { ...conditionsOf(c.conditions), together: true });
      assert.ok(b && units.length, c.id);
      const p = b.phases.find((x) => x.phase === c.phase)!;
      near(p.total.damage, c.expected.damage, `${c.id} breakdown damage`, 2e-6);
      near(p.total.slain, c.expected.modelsSlain, `${c.id} breakdown slain`, 2e-6);
      // Without the army's rules (the datasheets' own abilities stay): the breakdown's bare figure, when the army's differ.
      const bare = p.bare ?? p.total;
      near(bare.damage, c.withoutArmyRules.damage, `${c.id} bare damage`, 2e-6);
      near(bare.slain, c.withoutArmyRules.modelsSlain, `${c.id} bare slain`, 2e-6);
    }
  });
});

describe('army rules: each kind of source, exact by hand, on the real 11th-edition data', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
  });
  const worldEaters = `Test (600 Points)

World Eaters
Berzerker Warband (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Khârn the Betrayer (115 Points)
  • Attached as: Leader (Character)
  • 1x Gorechild
  • 1x Plasma pistol

Khorne Berzerkers (170 Points)
  • Attached as: Bodyguard (Battleline)
  • 10x Khorne Berzerker
     ◦ 10x Bolt pistol
     ◦ 10x Chainblade

CHARACTERS

Master of Executions (75 Points)
  • 1x Axe of dismemberment
  • 1x Bolt pistol
  • Enhancements: Berzerker Glaive
`;

  it('a Leader\'s re-rolls (Khârn: re-roll hit and wound rolls of 1 in melee) reach his own model and his Bodyguard\'s', () => {
    const { units } = report(worldEaters, [MEQ]);
    const u = unitNamed(units, 'Khorne Berzerkers');
    // Chainblade A4 WS3+ S4 AP-1 D1 (×10) and Gorechild A8 WS2+ S7 AP-2 D3, against T4 Sv3+: re-rolling 1s multiplies a
    // success chance p by 7/6 (p + p/6). Chainblade: 40 × (4/6·7/6) × (3/6·7/6) × ½ (4+ save) × 1.
    const chain = 40 * ((4 / 6) * (7 / 6)) * ((3 / 6) * (7 / 6)) * (1 / 2);
    // Gorechild: 8 × (5/6·7/6) × (4/6·7/6) × 4/6 (5+ save) × 3.
    const gore = 8 * ((5 / 6) * (7 / 6)) * ((4 / 6) * (7 / 6)) * (4 / 6) * 3;
    near(result(u, 'fight', 'MEQ').damage, chain + gore, 'fight damage');
    near(result(u, 'fight', 'MEQ').hits, 40 * (4 / 6) * (7 / 6) + 8 * (5 / 6) * (7 / 6), 'fight hits');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name]), [['leader', 'Legendary Killer']]);
    // Khârn's line is the same unit's.
    const kharn = unitNamed(units, 'Khârn the Betrayer');
    assert.strictEqual(kharn.attacksWith, 'Khorne Berzerkers');
    assert.deepStrictEqual(kharn.results, u.results);
  });

  it('a Leader\'s melee ability leaves the shooting untouched', () => {
    const { units } = report(worldEaters, [MEQ]);
    const u = unitNamed(units, 'Khorne Berzerkers');
    // Bolt pistols A1 BS4+ S4 AP0 D1 (×10): ½ × ½ × ⅓ (3+ save) each; Khârn's plasma pistol: its better profile,
    // supercharge A1 BS3+ S8 AP-3 D2: ⅔ × ⅚ (S8 ≥ 2×T4) × ⅚ (a 6+ save) × 2.
    const shoot = 10 * (1 / 2) * (1 / 2) * (1 / 3) + (2 / 3) * (5 / 6) * (5 / 6) * 2;
    near(result(u, 'shooting', 'MEQ').damage, shoot, 'shooting damage');
  });

  it('a detachment rule under a condition: Relentless Rage (+1 A, +2 S after a Charge move) only when charged', () => {
    const off = unitNamed(report(worldEaters, [MEQ]).units, 'Khorne Berzerkers');
    const on = unitNamed(report(worldEaters, [MEQ], { charged: true }).units, 'Khorne Berzerkers');
    assert.deepStrictEqual(off.conditions.map((c) => [c.name, c.on]), [['charged', false]]);
    assert.deepStrictEqual(on.conditions.map((c) => [c.name, c.on]), [['charged', true]]);
    assert.ok(off.notApplied.some((n) => n.name === 'Relentless Rage' && /charged/.test(n.why)), JSON.stringify(off.notApplied));
    // Charged: Chainblade A5 S6 (3+ against T4), Gorechild A9 S9 (2+: S ≥ 2×T), Khârn's re-rolls of 1 still.
    const chain = 50 * ((4 / 6) * (7 / 6)) * ((4 / 6) * (7 / 6)) * (1 / 2);
    const gore = 9 * ((5 / 6) * (7 / 6)) * ((5 / 6) * (7 / 6)) * (4 / 6) * 3;
    near(result(on, 'fight', 'MEQ').damage, chain + gore, 'charged fight damage');
    assert.deepStrictEqual(on.applied.map((a) => a.name).sort(), ['Legendary Killer', 'Relentless Rage']);
  });

  it('an Enhancement (Berzerker Glaive: +1 Attacks and Damage to the bearer\'s melee weapons) on its bearer only', () => {
    const { units } = report(worldEaters, [MEQ]);
    const u = unitNamed(units, 'Master of Executions');
    // Axe of dismemberment A5→6 WS2+ S7 AP-2 D2→3 [DEVASTATING WOUNDS]: a Critical Wound (6) inflicts D mortal wounds,
    // no save; a normal wound (3+ to 5) meets a 5+ save. 6 × ⅚ × (⅙ × 3 + 3/6 × 4/6 × 3).
    near(result(u, 'fight', 'MEQ').damage, 6 * (5 / 6) * ((1 / 6) * 3 + (3 / 6) * (4 / 6) * 3), 'fight damage');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name, a.unit]), [['enhancement', 'Berzerker Glaive', 'Master of Executions']]);
  });

  it('+1 to hit is capped: a WS2+ weapon still fails on an unmodified 1, and two +1s make +1', () => {
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');
    const u = unitNamed(report(text, [MEQ]).units, 'Beast Snagga Boyz');
    // Beastboss leading: +1 to hit in melee. Choppa WS3+ → 2+ (⅚), the Nob's power snappa likewise; the Beastboss
    // fights with the better of his klaw (WS3+ → 2+, S10: 2+ against T4, AP-2) and his beastchoppa (WS2+: still ⅚).
    const choppas = 27 * (5 / 6) * (4 / 6) * (3 / 6);
    const snappa = 4 * (5 / 6) * (4 / 6) * (3 / 6) * 2;
    const klaw = 4 * (5 / 6) * (5 / 6) * (4 / 6) * 2;
    near(result(u, 'fight', 'MEQ').damage, choppas + snappa + klaw, 'fight damage');
    // Two +1 to hit on one weapon (a Leader's and a detachment's, in the wording of the data): +1 in total.
    const w: Weapon = { name: 'Choppa', profiles: [{ name: 'Choppa', type: 'melee', range: 'Melee', A: '3', skill: 4, S: 5, AP: -1, D: '1', abilities: [] }] };
    const parts: AttackPart[] = [
      { role: 'bodyguard', name: 'Boyz', keywords: ['ORKS', 'INFANTRY'], abilities: [], groups: [{ models: 10, weapons: [w] }] },
      { role: 'leader', name: 'Boss', keywords: ['ORKS', 'INFANTRY', 'CHARACTER'], abilities: [], groups: [] },
    ];
    const armed = armUnit(parts, [
      { kind: 'datasheet', part: 1, name: 'Boss', text: 'While this model is leading a unit, each time a model in that unit makes a melee attack, add 1 to the Hit roll.' },
      { kind: 'detachment', name: 'Krump', text: 'Each time a model in an ORKS INFANTRY unit from your army makes a melee attack, add 1 to the Hit roll.' },
    ], 'fight', { keywords: ['INFANTRY'] });
    const groups: LoadoutGroup[] = armed.variants[0].groups;
    const r = computeUnitDamage({ groups, target: { models: 10, T: 3, Sv: 7, W: 1 }, context: { phase: 'fight' }, rules: { edition: 11 } });
    // WS4+ with +1 (not +2): hits on 3+, 30 × 4/6; S5 against T3 wounds on 3+.
    near(r.hits, 30 * (4 / 6), 'two +1s hit on 3+');
    near(r.damage, 30 * (4 / 6) * (4 / 6), 'damage');
  });

  it('a granted ability (Breakin\' Heads: [SUSTAINED HITS 1]) on the whole attached unit, the Leader\'s own weapon bare', () => {
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');
    const u = unitNamed(report(text, [MEQ]).units, 'Breaka Boyz');
    // Smash hammers ×5 (A2 WS3+) and a tankhammer (A2 WS3+): each 6 scores one extra hit: hits = attacks × (4/6 + 1/6).
    // The Bigboss's two-handed big choppa (A5, CLEAVE 1: +1 against five models) has it from his own datasheet.
    near(result(u, 'fight', 'MEQ').hits, 12 * (5 / 6) + 6 * (5 / 6), 'fight hits');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name, a.unit]), [['leader', "Breakin' Heads", 'Bigboss']]);
  });

  it('+1 Attacks (Volley Fire: a Cadre Fireblade leading a Strike Team) and a condition never guessed', () => {
    const text = `T'au (200 Points)

T'au Empire
Kauyon (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Cadre Fireblade (50 Points)
  • Attached as: Leader (Character)
  • 1x Fireblade pulse rifle

Strike Team (70 Points)
  • Attached as: Bodyguard (Battleline)
  • 10x Fire Warrior
     ◦ 10x Pulse rifle
`;
    const { units } = report(text, [GEQ], {});
    const u = unitNamed(units, 'Strike Team');
    // Pulse rifle A1→2 BS4+ S5 AP0 D1 (×10) against T3 Sv5+: ½ × ⅔ × ⅔; the Fireblade's pulse rifle A1→2 BS3+ D2.
    near(result(u, 'shooting', 'GEQ').attacks, 22, 'attacks');
    near(result(u, 'shooting', 'GEQ').damage, 20 * (1 / 2) * (4 / 6) * (4 / 6) + 2 * (4 / 6) * (4 / 6) * (4 / 6) * 2, 'damage');
    // Kauyon's Patient Hunter holds from the third battle round: a condition, off until named.
    assert.ok(u.conditions.some((c) => c.name === 'battleRound=3-5' && !c.on), JSON.stringify(u.conditions));
    const late = unitNamed(report(text, [GEQ], { battleRound: 3 }).units, 'Strike Team');
    // [SUSTAINED HITS 1] in round 3: each 6 an extra hit (half of the 6s wound... every extra hit rolls to wound).
    near(result(late, 'shooting', 'GEQ').hits, 20 * (3 / 6 + 1 / 6) + 2 * (4 / 6 + 1 / 6), 'round 3 hits');
  });

  it('Critical Hits on 5+ (a Lokhust Lord leading Lokhust Destroyers) with [LETHAL HITS]; a detachment\'s +2 Strength', () => {
    const list = (det: string) => `Necrons (300 Points)

Necrons
${det} (3 Detachment Points)
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Lokhust Lord (70 Points)
  • Attached as: Leader (Character)
  • 1x Staff of light

Lokhust Destroyers (80 Points)
  • Attached as: Bodyguard ()
  • 3x Lokhust Destroyer
     ◦ 3x Gauss cannon
`;
    const T5: DamageTargetSetting = { name: 'T5', models: 5, T: 5, Sv: 3, W: 3, keywords: ['INFANTRY'] };
    const u = unitNamed(report(list('Awakened Dynasty'), [T5]).units, 'Lokhust Destroyers');
    // Gauss cannon A3 BS3+ S5 AP-2 D2 [LETHAL HITS] ×3: Critical Hits on 5+ wound automatically (⅓), other hits (3 or 4:
    // ⅓) wound on 4+ (S5 = T5); 5+ save against AP-2. Staff of light A3 BS2+ S5 AP-2 D1: its Critical Hits change nothing.
    // Awakened Dynasty's Command Protocols: +1 to hit while a NECRONS CHARACTER leads the unit: BS3+ → 2+ (but the 5+
    // critical threshold is unmodified), staff of light 2+ stays ⅚.
    const gaussWounds = 9 * (2 / 6 + (3 / 6) * (3 / 6));
    const staff = 3 * (5 / 6) * (3 / 6);
    near(result(u, 'shooting', 'T5').wounds, gaussWounds + staff, 'wounds');
    near(result(u, 'shooting', 'T5').damage, gaussWounds * (4 / 6) * 2 + staff * (4 / 6), 'damage');
    assert.deepStrictEqual(u.applied.map((a) => a.name).sort(), ['Command Protocols', 'Destroyer Cult']);
    // Cursed Legion's Cold Fervour: +2 Strength to DESTROYER CULT weapons: S7 wounds T5 on 3+.
    const c = unitNamed(report(list('Cursed Legion'), [T5]).units, 'Lokhust Destroyers');
    const gauss = 9 * (2 / 6 + (2 / 6) * (4 / 6));
    const staff7 = 3 * (5 / 6) * (4 / 6);
    near(result(c, 'shooting', 'T5').wounds, gauss + staff7, 'Cold Fervour wounds');
  });

  it('Strength and AP by the target\'s distance (Retaliation Cadre\'s Bonded Heroes); weapons out of range do not shoot', () => {
    const text = `T'au (100 Points)

T'au Empire
Retaliation Cadre (3 Detachment Points)
Strike Force (2,000 Points)

OTHER DATASHEETS

Crisis Fireknife Battlesuits (100 Points)
  • 3x Crisis Fireknife Shas'ui
     ◦ 3x Plasma rifle
`;
    const T8: DamageTargetSetting = { name: 'T8', models: 3, T: 8, Sv: 2, W: 3, keywords: ['VEHICLE'] };
    const at = (d: number) => result(unitNamed(report(text, [T8], { targetDistance: d }).units, 'Crisis Fireknife Battlesuits'), 'shooting', 'T8').damage;
    // Plasma rifle A1 BS4+ S8 AP-3 D3 (×3), the Fireknives' own re-roll of a Hit roll of 1 (3/6 × 7/6), against T8 Sv2+:
    // beyond 12": 4+ to wound, 5+ save; within 12": S9, 3+; within 9": AP-4 too, 6+ save. Out of its 18" range: none.
    const hit = 3 * (3 / 6) * (7 / 6);
    near(at(15), hit * (3 / 6) * (4 / 6) * 3, '15"');
    near(at(12), hit * (4 / 6) * (4 / 6) * 3, '12"');
    near(at(9), hit * (4 / 6) * (5 / 6) * 3, '9"');
    assert.strictEqual(at(24), 0, 'out of range');
  });

  it('a rule for a keyword the unit lacks is not applied (Dakka! Dakka! Dakka! reaches ORKS INFANTRY, not MOUNTED)', () => {
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');
    const on = unitNamed(report(text, [GEQ], { rules: ['Waaagh!'] }).units, 'Squighog Boyz');
    const bare = unitNamed(report(text, [GEQ]).units, 'Squighog Boyz');
    const dakka = on.notApplied.find((n) => n.name === 'Dakka! Dakka! Dakka!');
    assert.ok(dakka && /ORKS and INFANTRY/.test(dakka.why), JSON.stringify(on.notApplied));
    near(result(on, 'shooting', 'GEQ').damage, result(bare, 'shooting', 'GEQ').damage, 'shooting unchanged by the Waaagh!');
    assert.ok(result(on, 'fight', 'GEQ').damage > result(bare, 'fight', 'GEQ').damage + 1, 'the Waaagh! adds to the melee');
  });

  it('the numbers with army rules agree with a seeded Monte Carlo of the armed scenario (4 standard errors)', () => {
    const service = createLanguageService();
    const { doc } = report(worldEaters, [MEQ], {}, rules11(), service);
    const list = service.parse(doc);
    const rules = service.rulesFor(11);
    const attacker = attackingUnit(list, list.units.find((x) => x.name.text === 'Khorne Berzerkers')!, rules)!;
    const army = resolveArmy(doc, list, rules, DEFAULT_SETTINGS, 11);
    const target = { models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] };
    const { r } = armyPhase(attacker, attackRules(army, attacker), target, 'fight', computeUnitDamage, { context: { charged: true }, state: { states: { charged: true } }, edition: 11 });
    // The weapons as armed: Khârn's re-rolls of 1 on each, Relentless Rage's +1 A and +2 S.
    assert.deepStrictEqual(r.scenario.attacker.weapons.map((w) => [w.name, w.A, w.S, w.rerollHits, w.rerollWounds]), [['Chainblade', '5', 6, 'ones', 'ones'], ['Gorechild', '9', 9, 'ones', 'ones']]);
    const mc = simulate(r.scenario, 40000, 30);
    for (const k of ['hits', 'wounds', 'damage', 'modelsSlain'] as const) {
      assert.ok(Math.abs(mc[k].mean - r[k]) <= 4 * mc[k].se + 1e-9, `${k}: exact ${r[k]}, Monte Carlo ${mc[k].mean} ± ${mc[k].se}`);
    }
  });
});

describe('army rules on every real 11th-edition list of ../shared/lists-11e', function () {
  this.timeout(300000);
  before(function () {
    requireShared(this, 'lists-11e');
    requireShared(this, 'data', 'bsdata-11e');
  });

  it('every led unit\'s lens changes with its Leader\'s rules, or says why each of them does not', () => {
    const dir = sharedPath('lists-11e');
    let led = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
      const service = createLanguageService({ settings: { ...DEFAULT_SETTINGS, damageTargets: [GEQ, MEQ] } });
      const { units, doc } = report(fs.readFileSync(`${dir}/${file}`, 'utf8'), [GEQ, MEQ], {}, rules11(), service);
      const parsed = service.parse(doc).units;
      for (const leader of units.filter((u) => u.attacksWith)) {
        led++;
        const bodyguard = units.find((u) => u.name === leader.attacksWith && !u.attacksWith && u.results.length && JSON.stringify(u.results) === JSON.stringify(leader.results));
        assert.ok(bodyguard, `${file}:${leader.line} ${leader.name}: its Bodyguard's lens is its own`);
        const rules = [...bodyguard.applied.filter((a) => a.unit === leader.name), ...bodyguard.notApplied.filter((n) => n.unit === leader.name)];
        assert.ok(rules.length || leader.note, `${file}:${leader.line} ${leader.name}: its rules are accounted for`);
        const applied = bodyguard.applied.filter((a) => a.unit === leader.name);
        if (!applied.length) {
          for (const n of bodyguard.notApplied.filter((x) => x.unit === leader.name)) assert.ok(n.why.length > 5, `${file}: ${n.name} says why`);
          continue;
        }
        // Applied: the breakdown's figure differs from the bare datasheets' in a phase the rule reaches.
        const index = parsed.findIndex((p) => doc.positionAt(p.name.span.start).line + 1 === bodyguard.line);
        const changed = [0, 1].some((t) => service.damageBreakdown(doc, index, t, { together: true })!.phases.some((p) => p.bare && Math.abs(p.bare.damage - p.total.damage) > 1e-9));
        assert.ok(changed, `${file}:${bodyguard.line} ${bodyguard.name}: ${applied.map((a) => a.name).join(', ')} changes its figures`);
      }
    }
    assert.ok(led >= 15, `${led} led units`);
  });

  it('nothing a player calls a plain modifier is left "not read" on these lists', () => {
    const dir = sharedPath('lists-11e');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
      const { units } = report(fs.readFileSync(`${dir}/${file}`, 'utf8'), [MEQ]);
      for (const u of units) for (const n of u.notApplied) {
        if (!n.why.startsWith('not read')) continue;
        // What is left unread changes no hit, wound, save or damage roll: surges, shooting again, snap shooting.
        assert.doesNotMatch(n.text, /\b(?:add|subtract) \d to the (?:hit|wound) roll|re-roll (?:a|the) (?:hit|wound) roll|\[(?:LETHAL|SUSTAINED|DEVASTATING)/i, `${file}: ${n.name}: ${n.why}`);
      }
    }
  });
});

describe('army rules in the 10th edition, on the Wahapedia export', function () {
  this.timeout(120000);
  let provider: RulesProvider | undefined;
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
  });
  const list = `Tenth (395 points)

World Eaters
Strike Force (2000 points)
Berzerker Warband

CHARACTERS

Khârn the Betrayer (100 points)
  • Leading: Khorne Berzerkers
  • 1x Gorechild
    1x Plasma pistol

Master of Executions (95 points)
  • 1x Axe of dismemberment
    1x Bolt pistol
  • Enhancement: Berzerker Glaive

BATTLELINE

Khorne Berzerkers (180 points)
  • 10x Khorne Berzerker
    • 10x Bolt pistol
      10x Chainblade
`;

  it('a Leader named by a Leading: bullet gives its unit its re-rolls; an Enhancement and a detachment rule as in the 11th', () => {
    const off = report(list, [MEQ], {}, provider!).units;
    const u = unitNamed(off, 'Khorne Berzerkers');
    const chain = 40 * ((4 / 6) * (7 / 6)) * ((3 / 6) * (7 / 6)) * (1 / 2);
    const gore = 8 * ((5 / 6) * (7 / 6)) * ((4 / 6) * (7 / 6)) * (4 / 6) * 3;
    near(result(u, 'fight', 'MEQ').damage, chain + gore, 'fight damage');
    assert.strictEqual(unitNamed(off, 'Khârn the Betrayer').attacksWith, 'Khorne Berzerkers');
    // The 10th edition's Devastating Wounds: the same 6 × ⅚ × (⅙ × 3 + 3/6 × 4/6 × 3) with the Glaive.
    near(result(unitNamed(off, 'Master of Executions'), 'fight', 'MEQ').damage, 6 * (5 / 6) * ((1 / 6) * 3 + (3 / 6) * (4 / 6) * 3), 'enhancement');
    // Relentless Rage when charged.
    const on = unitNamed(report(list, [MEQ], { charged: true }, provider!).units, 'Khorne Berzerkers');
    const chargedChain = 50 * ((4 / 6) * (7 / 6)) * ((4 / 6) * (7 / 6)) * (1 / 2);
    const chargedGore = 9 * ((5 / 6) * (7 / 6)) * ((5 / 6) * (7 / 6)) * (4 / 6) * 3;
    near(result(on, 'fight', 'MEQ').damage, chargedChain + chargedGore, 'charged');
  });
});
