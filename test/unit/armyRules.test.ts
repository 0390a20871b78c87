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
import { armUnit, armyDefence, type AttackPart } from '../../server/src/service/domain/damage/armyRules';
import { computeDamage } from '../../server/src/service/domain/damage/engine';
import { listTargets } from '../../server/src/service/domain/damage/targetUnit';
import { defendedTarget } from '../../server/src/service/features/armyDefence';
import { computeUnitDamage, type LoadoutGroup } from '../../server/src/service/domain/damage/fromRules';
import type { Weapon } from '../../server/src/service/domain/rules/model';
import { simulate } from '../support/montecarlo';
import { attackingUnit } from '../../server/src/service/features/attackingUnit';
import { attackRules, resolveArmy } from '../../server/src/service/features/armySources';
import { armyPhase } from '../../server/src/service/features/armyDamage';
import { rules11 } from '../support/check11';
import { ARMY_CASES, FIREKNIVES, GEQ, MEQ, TAU_STRIKE_TEAM, WORLD_EATERS } from '../support/armyCases';
import { parseWhen } from '../../server/src/cli/lenses';
import { requireShared, sharedPath } from '../support/shared';
import { resolveList } from '../../server/src/service/features/resolve/resolvedList';


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

describe('army rules: each kind of source, exact by hand, on the real data (test/support/armyCases.ts)', function () {
  this.timeout(120000);
  const providers = new Map<string, RulesProvider>();
  const providerFor = (data: string[][]) => {
    const key = JSON.stringify(data);
    if (!providers.has(key)) providers.set(key, key === JSON.stringify([['data', 'bsdata-11e'], ['data', 'mfm-11e', 'v1.1']]) ? rules11() : new RulesProvider({ paths: data.map((d) => sharedPath(...d)) }));
    return providers.get(key)!;
  };
  for (const c of ARMY_CASES) {
    it(c.name, function () {
      for (const d of c.data) requireShared(this, ...d);
      if (c.text === undefined) this.skip();
      const u = unitNamed(report(c.text(), [c.target], parseWhen(c.when), providerFor(c.data)).units, c.unit);
      const r = result(u, c.phase, c.target.name);
      for (const [k, v] of Object.entries(c.expected)) near(r[k as 'damage'], v as number, `${c.unit} ${c.phase} ${k}`);
    });
  }
});

describe('army rules: what each kind applies, says and leaves out', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
  });

  it('a Leader\'s rule is named as his; his line is his Bodyguard\'s lens', () => {
    const { units } = report(WORLD_EATERS, [MEQ]);
    const u = unitNamed(units, 'Khorne Berzerkers');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name, a.unit]), [['leader', 'Legendary Killer', 'Khârn the Betrayer']]);
    assert.deepStrictEqual(result(u, 'shooting', 'MEQ').applied, [], 'a melee rule applies to no shooting');
    const kharn = unitNamed(units, 'Khârn the Betrayer');
    assert.strictEqual(kharn.attacksWith, 'Khorne Berzerkers');
    assert.deepStrictEqual(kharn.results, u.results);
  });

  it('a condition is listed, off, and said as the reason a rule is not applied; switched on, it applies', () => {
    const off = unitNamed(report(WORLD_EATERS, [MEQ]).units, 'Khorne Berzerkers');
    const on = unitNamed(report(WORLD_EATERS, [MEQ], { charged: true }).units, 'Khorne Berzerkers');
    assert.deepStrictEqual(off.conditions.map((c) => [c.name, c.on]), [['charged', false]]);
    assert.deepStrictEqual(on.conditions.map((c) => [c.name, c.on]), [['charged', true]]);
    assert.ok(off.notApplied.some((n) => n.name === 'Relentless Rage' && /charged/.test(n.why)), JSON.stringify(off.notApplied));
    assert.deepStrictEqual(on.applied.map((a) => a.name).sort(), ['Legendary Killer', 'Relentless Rage']);
  });

  it('an Enhancement is its bearer\'s', () => {
    const u = unitNamed(report(WORLD_EATERS, [MEQ]).units, 'Master of Executions');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name, a.unit]), [['enhancement', 'Berzerker Glaive', 'Master of Executions']]);
  });

  it('two +1s to hit on one weapon make +1 (the cap)', () => {
    const w: Weapon = { name: 'Choppa', profiles: [{ name: 'Choppa', type: 'melee', range: 'Melee', A: '3', skill: 4, S: 5, AP: -1, D: '1', abilities: [] }] };
    const parts: AttackPart[] = [
      { role: 'bodyguard', name: 'Boyz', keywords: ['ORKS', 'INFANTRY'], abilities: [], groups: [{ models: 10, weapons: [w] }] },
      { role: 'leader', name: 'Boss', keywords: ['ORKS', 'INFANTRY', 'CHARACTER'], abilities: [], groups: [] },
    ];
    // A Leader's and a detachment's +1, in the wording of the data.
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

  it('a granted ability reaches the whole attached unit and is named as its Leader\'s', () => {
    const u = unitNamed(report(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'), [MEQ]).units, 'Breaka Boyz');
    assert.deepStrictEqual(u.applied.map((a) => [a.source, a.name, a.unit]), [['leader', "Breakin' Heads", 'Bigboss']]);
  });

  it('a battle round and a distance are conditions, off until given', () => {
    const u = unitNamed(report(TAU_STRIKE_TEAM, [GEQ]).units, 'Strike Team');
    assert.ok(u.conditions.some((c) => c.name === 'battleRound=3-5' && !c.on), JSON.stringify(u.conditions));
    const f = unitNamed(report(FIREKNIVES, [MEQ]).units, 'Crisis Fireknife Battlesuits');
    assert.deepStrictEqual(f.conditions.filter((c) => c.name.startsWith('targetDistance')).map((c) => [c.name, c.on]), [['targetDistance<=12', false], ['targetDistance<=9', false]]);
    // Out of the plasma rifle's 18": nothing shoots.
    const far = unitNamed(report(FIREKNIVES, [MEQ], { targetDistance: 24 }).units, 'Crisis Fireknife Battlesuits');
    assert.strictEqual(result(far, 'shooting', 'MEQ').damage, 0);
  });

  it('a rule for a keyword the unit lacks says so', () => {
    const on = unitNamed(report(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'), [GEQ], { rules: ['Waaagh!'] }).units, 'Squighog Boyz');
    const dakka = on.notApplied.find((n) => n.name === 'Dakka! Dakka! Dakka!');
    assert.ok(dakka && /ORKS and INFANTRY/.test(dakka.why), JSON.stringify(on.notApplied));
    assert.ok(on.applied.some((a) => a.name === 'Waaagh!'), 'the Waaagh! reaches their melee');
  });

  it('the numbers with army rules agree with a seeded Monte Carlo of the armed scenario (4 standard errors)', () => {
    const service = createLanguageService();
    const { doc } = report(WORLD_EATERS, [MEQ], {}, rules11(), service);
    const list = service.parse(doc);
    const rules = service.rulesFor(11);
    const attacker = attackingUnit(list, list.units.find((x) => x.name.text === 'Khorne Berzerkers')!, rules)!;
    const army = resolveArmy(list, rules, 11);
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

describe('army rules: the defensive side, for a list\'s unit as a target', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
  });

  it('reads what a rule gives the models and does to the attacks against them, under its conditions', () => {
    const parts: AttackPart[] = [
      { role: 'bodyguard', name: 'Boyz', keywords: ['ORKS', 'INFANTRY'], abilities: ['Waaagh!'], groups: [] },
      { role: 'leader', name: 'Boss', keywords: ['ORKS', 'INFANTRY', 'CHARACTER'], abilities: ['Waaagh!'], groups: [] },
    ];
    const waaagh = 'If your Army Faction is ORKS, once per battle, at the start of your Command phase, you can call a Waaagh!. If you do, until the start of your next Command phase, the Waaagh! is active for your army and:\n- Add 1 to the Strength and Attacks characteristics of melee weapons equipped by models from your army with this ability.\n- Models from your army with this ability have a 5+ invulnerable save.';
    const sources = [
      { kind: 'army' as const, name: 'Waaagh!', text: waaagh },
      { kind: 'datasheet' as const, part: 1, name: 'Sanctuary', text: 'While this model is leading a unit, each time a melee attack targets that unit, subtract 1 from the Hit roll.' },
      { kind: 'enhancement' as const, part: 1, name: 'Helm of Brazen Ire', text: 'Each time an attack is allocated to the bearer, subtract 1 from the Damage characteristic of that attack.' },
    ];
    const off = armyDefence(parts, sources);
    assert.deepStrictEqual(off.parts, [{}, { damageReduction: 1 }]);
    assert.deepStrictEqual(off.incoming, { melee: { hit: -1 } });
    assert.deepStrictEqual(off.conditions.map((c) => [c.name, c.on]), [['Waaagh!', false]]);
    const on = armyDefence(parts, sources, { rules: ['Waaagh!'] });
    assert.deepStrictEqual(on.parts, [{ invuln: 5 }, { invuln: 5, damageReduction: 1 }]);
  });

  it('a list\'s unit as a target takes them: the Orks\' Beast Snagga Boyz with the Waaagh! called have a 5+ invulnerable save', () => {
    const service = createLanguageService();
    const { doc } = report(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'), [MEQ], {}, rules11(), service);
    const list = service.parse(doc);
    const rules = service.rulesFor(11);
    const army = resolveArmy(list, rules, 11);
    const t = listTargets(list, resolveList(list, rules).sheetOf).find((x) => x.name.startsWith('Beast Snagga Boyz'))!;
    assert.ok(t.target.groups!.every((g) => g.invuln === undefined), 'no invulnerable save of their own');
    assert.strictEqual(defendedTarget(t, list, rules, army).target, t, 'nothing applies without the Waaagh!');
    const called = defendedTarget(t, list, rules, army, { rules: ['Waaagh!'] });
    assert.deepStrictEqual(called.target.target.groups!.map((g) => g.invuln), t.target.groups!.map(() => 5));
    assert.deepStrictEqual(called.defence.applied.map((a) => a.name), ['Waaagh!']);
  });

  it('-1 to be hit against a +1 to hit: the two cancel (the engine\'s ±1 cap on the sum)', () => {
    const w = { name: 'Choppa', type: 'melee' as const, A: 3, skill: 3, S: 5, AP: -1, D: 1, abilities: [], models: 10, hitModifier: 1 };
    const target = { models: 10, T: 3, Sv: 7, W: 1 };
    const plus = computeDamage({ attacker: { weapons: [w] }, target, context: { phase: 'fight' }, rules: { edition: 11 } });
    const both = computeDamage({ attacker: { weapons: [w] }, target: { ...target, incoming: { melee: { hit: -1 } } }, context: { phase: 'fight' }, rules: { edition: 11 } });
    const ranged = computeDamage({ attacker: { weapons: [{ ...w, type: 'ranged' as const }] }, target: { ...target, incoming: { melee: { hit: -1 } } }, context: { phase: 'shooting' }, rules: { edition: 11 } });
    // WS3+: +1 → 2+ (⅚); +1 and -1 → 3+ (⅔); a melee modifier leaves a ranged attack at 2+.
    near(plus.hits, 30 * (5 / 6), '+1');
    near(both.hits, 30 * (4 / 6), '+1 -1');
    near(ranged.hits, 30 * (5 / 6), 'ranged');
  });
});
