// targetFromListUnit on tiny self-made datasheets: what each ability text does to incoming attacks (a unit's own
// Feel No Pain, invulnerable save, damage reduction, halving; a Leader's gift to "models in that unit", to "other
// CHARACTER models attached to that unit"; a Bodyguard's gift to the CHARACTER leading it), which texts are
// situational and ignored, Stealth only when every model has it, and a Support unit from the Attached Units block.
import * as assert from 'assert';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { emptyRulesData } from '../../server/src/service/domain/rules/dataFiles';
import type { Ability, Datasheet } from '../../server/src/service/domain/rules/model';
import { incomingEffects, targetFromListUnit } from '../../server/src/service/domain/damage/targetUnit';
import { resolveList } from '../../server/src/service/features/resolve/resolvedList';

function sheet(name: string, o: { W?: number; Sv?: number; invuln?: number; character?: boolean; abilities?: [string, string?][]; points?: number; models?: number } = {}): Datasheet {
  const abilities: Ability[] = (o.abilities ?? []).map(([n, text]) => ({ name: n, kind: text ? 'datasheet' : 'core', ...(text ? { text } : {}) }));
  return {
    id: name, name, factionKeywords: ['TEST'], keywords: ['INFANTRY', ...(o.character ? ['CHARACTER'] : [])], models: [{ name, M: '6"', T: 4, Sv: o.Sv ?? 3, W: o.W ?? 2, Ld: 6, OC: 1, ...(o.invuln ? { invuln: o.invuln } : {}) }],
    composition: [{ model: name, min: o.models ?? 1, max: o.models ?? 1 }], points: [{ models: o.models ?? 1, points: o.points ?? 50 }], weapons: [], abilities, leads: [], ledBy: [], epicHero: false, source: { file: 'test' },
  };
}

function rules(...sheets: Datasheet[]): RulesIndex {
  const data = emptyRulesData();
  data.datasheets = sheets;
  return new RulesIndex(data);
}

const row = (g: { models: number; W: number; fnp?: number | null; fnpMortal?: number | null; invuln?: number | null; damageReduction?: number; halfDamage?: boolean; character?: boolean; attached?: boolean }) =>
  [g.models, g.W, g.fnp ?? null, g.fnpMortal ?? null, g.invuln ?? null, g.damageReduction ?? 0, !!g.halfDamage, !!g.character, !!g.attached];

describe('targetFromListUnit: abilities that change incoming attacks', () => {
  it('a unit\'s own: Feel No Pain by name or text, against mortal wounds, invulnerable save, damage reduction, halving', () => {
    const r = rules(
      sheet('Wardens', { models: 5, abilities: [['Feel No Pain 5+'], ['Stubborn Hide', 'Each time an attack is allocated to a model in this unit, subtract 1 from the Damage characteristic of that attack.']] }),
      sheet('Shield Drone', { invuln: 4, abilities: [['Unnatural Resistance', 'This model has the Feel No Pain 4+ ability against Mortal Wounds.']] }),
      sheet('Colossus', { W: 12, abilities: [['Ironclad', 'Each time an attack is allocated to this model, halve the Damage characteristic of that attack.']] }),
      sheet('Fleeting', { abilities: [['Psionic Shield', 'Once per battle, at the start of any phase, this model can use this ability. If it does, until the end of the phase, this model has a 4+ invulnerable save.']] }),
    );
    const list = parseArmyList('Test\n\nWardens (100 Points)\n  • 5x Wardens\n     ◦ 5x Close combat weapon\n\nShield Drone (20 Points)\n\nColossus (300 Points)\n\nFleeting (40 Points)\n');
    const t = list.units.map((u) => targetFromListUnit(list, u, resolveList(list, r).sheetOf)!);
    assert.deepStrictEqual(t[0].target.groups!.map(row), [[5, 2, 5, null, null, 1, false, false, false]]);
    assert.deepStrictEqual(t[1].target.groups!.map(row), [[1, 2, null, 4, 4, 0, false, false, false]]);
    assert.deepStrictEqual(t[2].target.groups!.map(row), [[1, 12, null, null, null, 0, true, false, false]]);
    // Once per battle, until the end of the phase: situational, not the unit's own save.
    assert.deepStrictEqual(t[3].target.groups!.map(row), [[1, 2, null, null, null, 0, false, false, false]]);
    assert.strictEqual(t[0].target.groups![0].pointsPerModel, 20);
  });

  it('a Leader\'s gifts (models in that unit; other CHARACTER models attached), a Bodyguard\'s gift to its Leader', () => {
    const r = rules(
      sheet('Guards', { models: 3, W: 3, abilities: [['Guardian Organism', 'While a CHARACTER model is leading this unit, that Character has the Feel No Pain 5+ ability.']] }),
      sheet('Iconward', { character: true, W: 3, abilities: [['Nexus', 'While this model is leading a unit, models in that unit have the Feel No Pain 5+ ability. If that unit has the METAMORPHS keyword, models in that unit have the Feel No Pain 4+ ability instead.']] }),
      sheet('Locus', { character: true, W: 4, abilities: [['Bodyguard', 'While this model is leading a unit, other Character models attached to that unit have the Feel No Pain 4+ ability']] }),
      sheet('Warden', { character: true, W: 5, abilities: [['Aegis', 'While this model is leading a unit, models in that unit have a 4+ invulnerable save.']] }),
    );
    const text = 'Test\n\nIconward (60 Points)\n  • Leading: Guards\n\nLocus (45 Points)\n  • Leading: Guards\n\nGuards (150 Points)\n  • 3x Guards\n     ◦ 3x Close combat weapon\n';
    const list = parseArmyList(text);
    const t = targetFromListUnit(list, list.units[2], resolveList(list, r).sheetOf)!;
    assert.strictEqual(t.name, 'Guards + Iconward + Locus');
    assert.strictEqual(t.points, 255);
    assert.deepStrictEqual(t.target.groups!.map(row), [
      // The Bodyguard: the Iconward's 5+ (the first figure its text states).
      [3, 3, 5, null, null, 0, false, false, false],
      // The Iconward: the Locus's 4+ to other CHARACTERs beats the 5+ the unit and the Guards give.
      [1, 3, 4, null, null, 0, false, true, true],
      // The Locus: the Iconward's and the Guards' 5+ (its own gift is to the other CHARACTERs).
      [1, 4, 5, null, null, 0, false, true, true],
    ]);
    assert.deepStrictEqual(incomingEffects(r.datasheet('Warden')!).toUnit, { invuln: 4 });
    const led = parseArmyList('Test\n\nWarden (90 Points)\n  • Leading: Guards\n\nGuards (150 Points)\n  • 3x Guards\n     ◦ 3x Close combat weapon\n');
    assert.deepStrictEqual(targetFromListUnit(led, led.units[1], resolveList(led, r).sheetOf)!.target.groups!.map((g) => g.invuln), [4, 4]);
  });

  it('Stealth only when every model has it; a unit attached by the Attached Units block (11th edition)', () => {
    const r = rules(sheet('Scouts', { models: 5, W: 1, abilities: [['Stealth']] }), sheet('Shadow', { character: true, W: 4, abilities: [['Stealth']] }), sheet('Captain', { character: true, W: 5 }));
    const alone = parseArmyList('Test\n\nScouts (80 Points)\n  • 5x Scouts\n     ◦ 5x Close combat weapon\n');
    assert.strictEqual(targetFromListUnit(alone, alone.units[0], resolveList(alone, r).sheetOf)!.target.stealth, true);
    const both = parseArmyList('Test\n\nShadow (60 Points)\n  • Leading: Scouts\n\nScouts (80 Points)\n  • 5x Scouts\n     ◦ 5x Close combat weapon\n');
    assert.strictEqual(targetFromListUnit(both, both.units[1], resolveList(both, r).sheetOf)!.target.stealth, true);
    const captain = parseArmyList('Test\n\nCaptain (60 Points)\n  • Leading: Scouts\n\nScouts (80 Points)\n  • 5x Scouts\n     ◦ 5x Close combat weapon\n');
    const t = targetFromListUnit(captain, captain.units[1], resolveList(captain, r).sheetOf)!;
    assert.strictEqual(t.target.stealth, undefined, 'the Captain has no Stealth: the unit has none');
    // The same attachment stated by an Attached Units block instead of a Leading: bullet.
    const block = parseArmyList('Test\n\nCaptain (60 Points)\n\nScouts (80 Points)\n  • 5x Scouts\n     ◦ 5x Close combat weapon\n');
    block.attachments = [{ span: { start: 0, end: 0 }, bodyguard: block.units[1], leaders: [block.units[0]], supports: [] }];
    assert.strictEqual(targetFromListUnit(block, block.units[0], resolveList(block, r).sheetOf), null);
    assert.deepStrictEqual(targetFromListUnit(block, block.units[1], resolveList(block, r).sheetOf)!.target.groups!.map(row), t.target.groups!.map(row));
  });
});
