// The reader of rule texts (`domain/damage/ruleText.ts`): the wordings the 11th- and 10th-edition data use for a
// Leader's gift, an Enhancement, a detachment rule and an army rule, each read into whose attacks, which weapons,
// against what, under which conditions, and the numbers; what a text says beyond attacks; and hostile texts read
// in linear time. The texts are the data's own sentences (BSData wh40k-11e, Wahapedia 10th).
import * as assert from 'assert';
import { readRule, type RuleClause } from '../../server/src/service/domain/damage/ruleText';
import { explain } from '../../server/src/service/domain/stratagems/targetText';

/** A clause in a few fields a test states (absent fields must be absent). */
function brief(c: RuleClause): Record<string, unknown> {
  const e: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.effect)) {
    if (k === 'conditions' || v === undefined || (Array.isArray(v) && !v.length)) continue;
    e[k] = v;
  }
  const out: Record<string, unknown> = { side: c.side, scope: c.scope, effect: e };
  if (c.units) out.units = explain(c.units);
  if (c.targets) out.targets = explain(c.targets);
  if (c.weaponAbility) out.weaponAbility = c.weaponAbility;
  if (c.conditions.length) out.conditions = c.conditions.map((x) => (x.kind === 'state' ? x.key : x.kind === 'named' ? `named:${x.rule ?? ''}` : x.kind === 'battleRound' ? `round ${x.min}-${x.max ?? ''}` : x.kind === 'distance' ? `within ${x.within}` : `led by ${explain(x.units)}`));
  if (c.alternativeOf !== undefined) out.alternative = true;
  if (c.insteadOf !== undefined) out.insteadOf = c.insteadOf;
  return out;
}

const read = (t: string) => readRule(t).clauses.map(brief);

describe('the rule-text reader: whose attacks, which weapons, against what, when', () => {
  const cases: [string, string, Record<string, unknown>[]][] = [
    ['a Leader\'s melee +1 to hit (Beastboss)',
      'While this model is leading a unit, each time a model in that unit makes a melee attack, add 1 to the Hit roll.',
      [{ side: 'attacking', scope: 'ledUnit', effect: { hitMod: 1, weaponTypes: ['melee'] } }]],
    ['a Leader\'s re-rolls of 1 (Khârn)',
      'While this model is leading a unit, each time a model in that unit makes a melee attack, re-roll a Hit roll of 1 and re-roll a Wound roll of 1.',
      [{ side: 'attacking', scope: 'ledUnit', effect: { rerollHits: 'ones', rerollWounds: 'ones', weaponTypes: ['melee'] } }]],
    ['a Leader\'s +1 Attacks (Cadre Fireblade)',
      'While this model is leading a unit, add 1 to the Attacks characteristic of ranged weapons equipped by models in that unit.',
      [{ side: 'attacking', scope: 'ledUnit', effect: { attacksMod: 1, weaponTypes: ['ranged'] } }]],
    ['a Leader\'s Critical Hits on 5+ (typo "unmodifed" and all)',
      'While this model is leading a unit, each time a model in that unit makes a ranged attack, a successful unmodifed Hit roll of 5+ scores a Critical Hit.',
      [{ side: 'attacking', scope: 'ledUnit', effect: { critHitOn: 5, weaponTypes: ['ranged'] } }]],
    ['"this unit" on a Leader\'s datasheet: the unit it is in (Bigboss)',
      'This unit’s melee weapons have **[SUSTAINED HITS 1]**.',
      [{ side: 'attacking', scope: 'unit', effect: { abilities: ['[SUSTAINED HITS 1]'], weaponTypes: ['melee'] } }]],
    ['the model\'s own after a Charge move (Ferocious Rage)',
      'Each time this model makes a Charge move, until the end of the turn, melee weapons it is equipped with have the [DEVASTATING WOUNDS] ability.',
      [{ side: 'attacking', scope: 'model', effect: { abilities: ['[DEVASTATING WOUNDS]'], weaponTypes: ['melee'] }, conditions: ['charged'] }]],
    ['a target\'s keywords are a filter, not a condition (Monster Hunters)',
      'Each time a model in this unit makes an attack that targets a MONSTER or VEHICLE unit, you can re-roll the Hit roll.',
      [{ side: 'attacking', scope: 'unit', effect: { rerollHits: 'failed' }, targets: 'MONSTER or VEHICLE' }]],
    ['the closest eligible target sets the Attacks characteristic (Gun-crazy Show-offs)',
      'Each time a model in this unit targets the closest eligible target with its snazzgun, until the end of the phase, that weapon has an Attacks characteristic of 4.',
      [{ side: 'attacking', scope: 'unit', effect: { attacksSet: 4 }, conditions: ['closestTarget'] }]],
    ['an Enhancement on its bearer: +1 A and D, the eligibility line read as nothing (Berzerker Glaive)',
      'WORLD EATERS model only. Add 1 to the Attacks and Damage characteristics of melee weapons (excluding Extra Attacks weapons) equipped by the bearer.',
      [{ side: 'attacking', scope: 'model', effect: { damageMod: 1, attacksMod: 1, weaponTypes: ['melee'] } }]],
    ['an Enhancement on the bearer\'s unit (Git-spotter Squig)',
      '**^^Orks^^** model only. Ranged weapons equipped by models in the bearer’s unit have the **[IGNORES COVER]** ability.',
      [{ side: 'attacking', scope: 'unit', effect: { abilities: ['[IGNORES COVER]'], weaponTypes: ['ranged'] } }]],
    ['an Enhancement\'s +1 AP and CLEAVE in the 11th edition\'s short form',
      'This unit’s melee attacks have:\n- +1 AP.\n- [CLEAVE 1].',
      [{ side: 'attacking', scope: 'unit', effect: { apMod: 1, weaponTypes: ['melee'] } }, { side: 'attacking', scope: 'unit', effect: { abilities: ['[CLEAVE 1]'], weaponTypes: ['melee'] } }]],
    ['AP and Damage improved together; the attacks added to the bearer\'s melee weapons',
      'SKITARII MARSHAL model only. Add 2 to the Attacks characteristic of melee weapons equipped by the bearer, and improve the Armour Penetration and Damage characteristics of those weapons by 1.',
      [{ side: 'attacking', scope: 'model', effect: { attacksMod: 2, apMod: 1, damageMod: 1, weaponTypes: ['melee'] } }]],
    ['a detachment rule for units of keywords, under a state named after it (Here Be Loot)',
      'At the start of your Command phase, select one objective marker. Until the start of your next Command phase, that objective marker is your loot objective.\n\nEach time a model in an ORKS INFANTRY, ORKS MOUNTED or ORKS WALKER unit from your army makes an attack, that attack has the [SUSTAINED HITS 1] ability if either or both of the following are true:\n\n- That model\'s unit is within range of your loot objective.\n- That attack targets a unit within range of your loot objective.',
      [{ side: 'attacking', scope: 'army', units: 'ORKS and (INFANTRY or MOUNTED or WALKER)', effect: { abilities: ['[SUSTAINED HITS 1]'] }, conditions: ['named:', 'named:'] }]],
    ['a detachment rule that depends on another rule\'s state (Dakka! Dakka! Dakka! and the Waaagh!)',
      'Friendly ORKS INFANTRY units’ ranged attacks have [ASSAULT].\n- In your Shooting phase, if the Waaagh! is active for your army, friendly ORKS INFANTRY units’ ranged attacks have [SUSTAINED HITS 1].',
      [
        { side: 'attacking', scope: 'army', units: 'ORKS and INFANTRY', effect: { abilities: ['[ASSAULT]'], weaponTypes: ['ranged'] } },
        { side: 'attacking', scope: 'army', units: 'ORKS and INFANTRY', effect: { abilities: ['[SUSTAINED HITS 1]'], weaponTypes: ['ranged'] }, conditions: ['named:Waaagh!'] },
      ]],
    ['an army rule for the models with it, once per battle (the Waaagh!)',
      'If your Army Faction is ORKS, once per battle, at the start of your Command phase, you can call a Waaagh!. If you do, until the start of your next Command phase, the Waaagh! is active for your army and:\n- Units from your army with this ability are eligible to declare a charge in a turn in which they Advanced.\n- Add 1 to the Strength and Attacks characteristics of melee weapons equipped by models from your army with this ability.\n- Models from your army with this ability have a 5+ invulnerable save.',
      [
        { side: 'attacking', scope: 'withAbility', effect: { strengthMod: 1, attacksMod: 1, weaponTypes: ['melee'] }, conditions: ['named:'] },
        { side: 'defending', scope: 'withAbility', effect: { defensive: { invuln: 5 } }, conditions: ['named:'] },
      ]],
    ['the third to fifth battle rounds (Patient Hunter)',
      'During the third, fourth and fifth battle rounds, ranged weapons equipped by T’AU EMPIRE models from your army have the [SUSTAINED HITS 1] ability.',
      [{ side: 'attacking', scope: 'army', units: "T'AU EMPIRE", effect: { abilities: ['[SUSTAINED HITS 1]'], weaponTypes: ['ranged'] }, conditions: ['round 3-5'] }]],
    ['distances to the target, the second sentence continuing the first (Bonded Heroes)',
      'Each time a T\'AU EMPIRE BATTLESUIT model from your army makes a ranged attack that targets a unit within 12", improve the Strength characteristic of that attack by 1. If that attack targets a unit within 9", improve the Armour Penetration characteristic of that attack by 1 as well.',
      [
        { side: 'attacking', scope: 'army', units: "T'AU EMPIRE BATTLESUIT", effect: { strengthMod: 1, weaponTypes: ['ranged'] }, conditions: ['within 12'] },
        { side: 'attacking', scope: 'army', units: "T'AU EMPIRE BATTLESUIT", effect: { apMod: 1, weaponTypes: ['ranged'] }, conditions: ['within 9'] },
      ]],
    ['a Leader of some keywords, which the list states (Command Protocols)',
      'While a NECRONS CHARACTER model is leading this unit, each time a model in this unit makes an attack, add 1 to the Hit roll.',
      [{ side: 'attacking', scope: 'unit', effect: { hitMod: 1 }, conditions: ['led by NECRONS and CHARACTER'] }]],
    ['a free choice each time the unit shoots: the abilities offered as alternatives (Captain Tycho)',
      'While this model is leading a unit, each time that unit is selected to shoot, select one of the following abilities to apply to ranged weapons equipped by models in that unit until the end of the phase: ■ [ASSAULT] ■ [HEAVY] ■ [RAPID FIRE 1]',
      [{ side: 'attacking', scope: 'ledUnit', effect: { abilities: ['[ASSAULT]', '[HEAVY]', '[RAPID FIRE 1]'], choose: 1, weaponTypes: ['ranged'] } }]],
    ['options under headings, each named after its heading (Blessings of Khorne, 10th edition)',
      'You can then use those dice to activate up to two Blessings of Khorne.\n\nMARTIAL EXCELLENCE\n\nMelee weapons equipped by models in this unit have the [SUSTAINED HITS 1] ability.\n\nWARP BLADES\n\nMelee weapons equipped by models in this unit have the [LETHAL HITS] ability.',
      [
        { side: 'attacking', scope: 'unit', effect: { abilities: ['[SUSTAINED HITS 1]'], weaponTypes: ['melee'] }, conditions: ['named:MARTIAL EXCELLENCE'] },
        { side: 'attacking', scope: 'unit', effect: { abilities: ['[LETHAL HITS]'], weaponTypes: ['melee'] }, conditions: ['named:WARP BLADES'] },
      ]],
    ['"instead": the stronger clause replaces the other when its condition holds',
      'KHORNE LEGIONES DAEMONICA model only. Add 1 to the Attacks and Strength characteristics of the bearer’s melee weapons. While the bearer is within your army’s Shadow of Chaos, add 2 to the Attacks and Strength characteristics of the bearer’s melee weapons instead.',
      [
        { side: 'attacking', scope: 'model', effect: { strengthMod: 1, attacksMod: 1, weaponTypes: ['melee'] } },
        { side: 'attacking', scope: 'model', effect: { strengthMod: 2, attacksMod: 2, weaponTypes: ['melee'] }, conditions: ['named:'], insteadOf: 0 },
      ]],
    ['a Leader\'s defensive gift to the unit (-1 to be hit in melee)',
      'While this model is leading a unit, each time a melee attack targets that unit, subtract 1 from the Hit roll.',
      [{ side: 'defending', scope: 'ledUnit', effect: { defensive: { hitMod: -1 }, weaponTypes: ['melee'] } }]],
    ['an enemy unit\'s penalty is no attack of ours (Suppression Volley)',
      'In your Shooting phase, after this unit has shot, select one enemy INFANTRY unit hit by one or more of those attacks. Until the start of your next turn, while unit is on the battlefield, that enemy unit is suppressed. While a unit is suppressed, each time a model in that unit makes an attack, subtract 1 from the Hit roll.',
      []],
  ];
  for (const [name, text, expected] of cases) it(name, () => assert.deepStrictEqual(read(text), expected));

  it('says what a text changes besides attacks, and what about attacks it could not read', () => {
    assert.deepStrictEqual(readRule('While this model is leading a unit, add 1 to Charge rolls made for that unit.').other, ['Charge rolls']);
    assert.deepStrictEqual(readRule('While this model is leading a unit, each time a model in that unit makes an attack, you can ignore any or all modifiers to that attack\'s Ballistic Skill or Weapon Skill characteristics and/or all modifiers to the Hit roll.').unread.length, 1);
  });

  it('never throws, and reads hostile texts in linear time within the text bound', () => {
    for (const t of ['', ':', '■', '- - -', 'While this model is leading a unit,', '[', 'x'.repeat(5000)]) readRule(t);
    const hostile = [
      'Each time a model in an ' + 'ORKS '.repeat(2000) + 'unit from your army makes an attack, add 1 to the Hit roll.',
      'While '.repeat(3000),
      'friendly ' + 'A, '.repeat(3000) + 'units',
      'that targets a ' + 'MONSTER or '.repeat(1500) + 'unit',
      '\n- '.repeat(3000),
      'within 12" '.repeat(800),
      'if the Waaagh '.repeat(800) + 'is active',
    ];
    for (const h of hostile) {
      const t0 = process.hrtime.bigint();
      readRule(h);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      assert.ok(ms < 500, `${ms} ms for ${JSON.stringify(h.slice(0, 40))}…`);
    }
  });
});
