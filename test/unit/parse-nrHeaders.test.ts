// New Recruit's text headers read as they are (issue 33): `+ LIST NAME:`, `+ POINTS LIMIT: 2000pts` (the battle size
// by its limit, never guessed from the total), a value written `—` (`+ DETACHMENT: —`, `+ WARLORD: —`,
// `+ ENHANCEMENT: —`: nothing chosen), an empty `1 with ` (models without wargear, no item named "with"), and the
// simple export's `[2000 pts]` title (the limit; the roster line states the total). Self-made lists in the newer
// export's layout.
import * as assert from 'assert';
import { parseArmyList } from '../../server/src/service/domain/parse';

const FENCE = '+'.repeat(47);
const BANNER = [FENCE, '+ LIST NAME: Dog Kill God?', '+ FACTION KEYWORD: Chaos Knights', '+ DETACHMENT: —', '+ TOTAL ARMY POINTS: 485pts', '+ POINTS LIMIT: 2000pts', '+', '+ WARLORD: —', '+ ENHANCEMENT: —', '+ NUMBER OF UNITS: 2', FENCE, ''];

describe("New Recruit's text headers (issue 33)", () => {
  it('LIST NAME is the title, POINTS LIMIT the battle size; "—" states nothing', () => {
    const l = parseArmyList([...BANNER, 'Char1: 1x War Dog Karnivore (150 pts): Reaper chaintalon, Slaughterclaw', '', '3x Nurglings (40 pts)', '• 3x Nurgling Swarm: 3 with Diseased claws and teeth', ''].join('\n'));
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.title?.text, 'Dog Kill God?');
    assert.strictEqual(l.statedPoints?.value, 485);
    assert.deepStrictEqual([l.battleSize?.english, l.battleSize?.points, l.battleSize?.name.text], ['Strike Force', 2000, '2000pts']);
    assert.deepStrictEqual(l.detachments, [], 'no detachment named "—"');
    assert.ok(l.units.every((u) => !u.warlord), 'no Warlord named "—"');
    assert.ok(l.units.every((u) => !u.enhancements.length), 'no enhancement named "—"');
    // An Incursion's limit and an unusual one: the limit stands, the name only for a battle size the edition has.
    const incursion = parseArmyList(BANNER.map((x) => x.replace('2000pts', '1000pts')).join('\n') + 'Char1: 1x War Dog Karnivore (150 pts)\n');
    assert.deepStrictEqual([incursion.battleSize?.english, incursion.battleSize?.points], ['Incursion', 1000]);
    const odd = parseArmyList(BANNER.map((x) => x.replace('2000pts', '1500pts')).join('\n') + 'Char1: 1x War Dog Karnivore (150 pts)\n');
    assert.deepStrictEqual([odd.battleSize?.english, odd.battleSize?.points], [undefined, 1500]);
  });

  it('an empty "1 with " line is models without wargear, not an item named "with"', () => {
    const l = parseArmyList([...BANNER, 'Char1: 1x War Dog Karnivore (150 pts)', '1 with ', '', '3x Nurglings (40 pts)', '• 3x Nurgling Swarm', '    3 with ', ''].join('\n'));
    assert.deepStrictEqual(l.errors, []);
    const gear = l.units.flatMap((u) => [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]).map((w) => w.name.text);
    assert.deepStrictEqual(gear, []);
    assert.deepStrictEqual(l.units.map((u) => (u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1))), [1, 3]);
  });

  it("the simple export's title states the limit; the roster line the total", () => {
    const l = parseArmyList(['Chaos - World Eaters - Road - [2000 pts]', '', '# ++ Army Roster ++ [1985 pts]', '## Configuration', 'Detachment: Berzerker Warband', '', '## Character [1985 pts]', 'Daemon Prince of Khorne [1985 pts]: Warlord, Hellforged weapons', ''].join('\n'));
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.title?.text, 'Road');
    assert.strictEqual(l.statedPoints?.value, 1985);
    // No Battle Size line: the title's limit is the battle size.
    assert.deepStrictEqual([l.battleSize?.english, l.battleSize?.points], ['Strike Force', 2000]);
    // A Battle Size line, when there is one, states it.
    const sized = parseArmyList(['Chaos - World Eaters - Road - [1000 pts]', '', '# ++ Army Roster ++ [985 pts]', '## Configuration', 'Battle Size: Incursion (1000 Point limit)', '', '## Character [985 pts]', 'Daemon Prince of Khorne [985 pts]', ''].join('\n'));
    assert.deepStrictEqual([sized.battleSize?.name.text, sized.battleSize?.points, sized.statedPoints?.value], ['Incursion', 1000, 985]);
  });
});
