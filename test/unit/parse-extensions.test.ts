import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { repoRoot } from '../support/shared';
import { checkSpans } from './parse-helpers';

const fixture = (name: string) => fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'lists', name), 'utf8');
const slice = (text: string, s: { start: number; end: number }) => text.slice(s.start, s.end);

const HEAD = 'Machine Cults\nCombat Patrol\nScrapforge Host\n\nCHARACTERS\n\nForge Adept\n  • 1x Servo claw\n\nOTHER DATASHEETS\n\nRivet Gangers\n  • 10x Rivet Ganger\n     ◦ 10x Rivet pistol\n\nRivet Gangers\n  • 10x Rivet Ganger\n     ◦ 10x Rivet pistol\n\n';

describe('parse: Auspex extensions (hand-written app lists)', function () {
  it('reads the Combat Patrol fixture: units without points, Leading, comments, plan', function () {
    const text = fixture('auspex_combat_patrol.army');
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.format, 'gwapp');
    assert.strictEqual(l.faction?.text, 'Machine Cults');
    assert.strictEqual(l.detachments[0].text, 'Scrapforge Host');
    assert.strictEqual(l.battleSize?.name.text, 'Combat Patrol');
    assert.strictEqual(l.battleSize?.points, undefined);
    assert.deepStrictEqual(
      l.units.map((u) => [u.name.text, u.points, u.section]),
      [
        ['Forge Adept', undefined, 'CHARACTERS'],
        ['Rivet Gangers', undefined, 'BATTLELINE'],
        ['Rivet Gangers', undefined, 'BATTLELINE'],
        ['Slag Walkers', undefined, 'OTHER DATASHEETS'],
      ],
    );
    assert.strictEqual(l.units[0].leading?.text, 'Rivet Gangers');
    assert.ok(l.units[0].warlord);
    // A comment between bullets does not cut the unit.
    assert.deepStrictEqual(l.units[1].models.map((m) => m.count), [1, 9]);
    assert.deepStrictEqual(
      l.comments.map((c) => slice(text, c)),
      ['# Hand-written Combat Patrol list (Auspex extensions)', '# the gangers go first', '# keep the boss alive', '# plan B'],
    );
    const plan = l.stratagemPlan!;
    assert.strictEqual(plan.header.text, 'STRATAGEMS');
    assert.deepStrictEqual(
      plan.uses.map((u) => [u.name.text, u.round?.value, u.phase?.text, u.targets.map((t) => [t.name.text, t.index])]),
      [
        ['Oil the Gears', 1, 'Command', [['Slag Walkers', undefined]]],
        [
          'Scrap Storm',
          2,
          undefined,
          [
            ['Rivet Gangers', 2],
            ['Forge Adept', undefined],
          ],
        ],
        ['Overcharge', undefined, undefined, [['Rivet Gangers', undefined]]],
      ],
    );
    assert.strictEqual(slice(text, plan.uses[1].targets[0].span), 'Rivet Gangers #2');
    assert.strictEqual(slice(text, plan.uses[0].round!.span), '1');
    checkSpans(l, text);
  });

  it('a column-0 line after a blank line is a unit without points only inside the body', function () {
    const l = parseArmyList(HEAD);
    assert.deepStrictEqual(l.errors, []);
    assert.deepStrictEqual(l.units.map((u) => u.name.text), ['Forge Adept', 'Rivet Gangers', 'Rivet Gangers']);
    // Without the blank line it is not a unit but an unknown line.
    const bad = parseArmyList(HEAD.replace('  • 1x Servo claw\n\n', '  • 1x Servo claw\nStray words\n\n'));
    assert.deepStrictEqual(bad.errors.map((e) => e.code), ['parse-error']);
  });

  it('comments work in any format and are not errors', function () {
    const text = '# my list\n' + fixture('nrgw.txt').replace('BATTLELINE', '# troops next\nBATTLELINE');
    const l = parseArmyList(text);
    assert.strictEqual(l.format, 'nrgw');
    assert.deepStrictEqual(l.errors, []);
    assert.deepStrictEqual(l.comments.map((c) => slice(text, c)), ['# my list', '# troops next']);
    // nrsimple's own "#" headers are structure, not comments.
    const s = parseArmyList(fixture('nrsimple.txt'));
    assert.deepStrictEqual(s.comments, []);
    assert.strictEqual(s.sections.length, 3);
  });

  it('a STRATAGEMS section after an export footer-less app list', function () {
    const text = fixture('gwapp_b.txt') + '\n\nSTRATAGEMS\nRapid Ingress (round 3, Movement): Junk Titan\n';
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.units.length, 7);
    assert.strictEqual(l.stratagemPlan?.uses[0].phase?.text, 'Movement');
  });

  const malformed: Array<[string, string]> = [
    ['Oil the Gears', 'Oil the Gears'], // no colon: the whole line
    ['Oil the Gears (turn 2): Slag Walkers', '(turn 2)'],
    ['Oil the Gears (round 0): Slag Walkers', '0'],
    ['Oil the Gears (round 2,): Slag Walkers', 'round 2,'],
    ['Oil the Gears: ', ':'],
    ['Oil the Gears: Rivet Gangers #x', '#x'],
    ['Oil the Gears: Rivet Gangers #0', '#0'],
    ['Oil the Gears: Rivet Gangers,, Slag Walkers', ','],
    [': Slag Walkers', ':'],
    ['Oil (the Gears: Slag Walkers', '(the Gears: Slag Walkers'],
  ];
  for (const [line, spanned] of malformed) {
    it(`malformed plan line "${line}" → stratagem-syntax on "${spanned}"`, function () {
      const text = `${HEAD}STRATAGEMS\n${line}\nOverload (round 1): Forge Adept\n`;
      const l = parseArmyList(text);
      assert.deepStrictEqual(l.errors.map((e) => e.code), ['stratagem-syntax'], JSON.stringify(l.errors));
      assert.strictEqual(slice(text, l.errors[0].span), spanned);
      // The line after it still counts.
      assert.strictEqual(l.stratagemPlan?.uses[l.stratagemPlan.uses.length - 1].name.text, 'Overload');
      checkSpans(l, text);
    });
  }
});
