// Wargear as exporters write it resolves by general rules: a bullet listing several items ("Gun Drone, 2x Shield
// Drone"), a count without "x" ("2 Inferno Pistols"), "&" for "and", and one letter off in a long name (the
// data's own "Chirugeon's tools" against the written "Chirurgeon's tools"). Real lists and data from ../shared
// where they show it (skipped when absent), small fixtures written here otherwise.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { Unit } from '../../server/src/service/domain/parse/ast';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { spellingKey } from '../../server/src/service/domain/text/normalize';
import { requireShared, sharedPath } from '../support/shared';

const gear = (u: Unit) => [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])].map((w) => `${w.count}x ${w.name.text}`);

let provider: RulesProvider | undefined;
/** The findings against BSData 11e + MFM v1.1, as `code@line: message`. */
function check11(text: string): string[] {
  provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  const service = createLanguageService();
  const doc = TextDocument.create('file:///wargear.txt', 'army-list', 1, text);
  provider.ensureList(service.parse(doc), 11);
  service.setRules(provider.rulesFor(11), 11);
  return service.diagnostics(doc).map((d) => `${d.code}@${d.range.start.line + 1}: ${d.message}`);
}

const NR_TAU = `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - T'au Empire
+ DETACHMENT: Retaliation Cadre (Bonded Heroes)
+ TOTAL ARMY POINTS: 250pts
+++++++++++++++++++++++++++++++++++++++++++++++

OTHER DATASHEETS

Broadside Battlesuits (150 pts)
• 1x Broadside Shas’vre
    • 1x Crushing bulk
    • 1x Heavy rail rifle
    • 2x Missile Drone, Weapon support system
• 1x Broadside Shas’ui
    • 1x Crushing bulk
    • 1x Heavy rail rifle
    • Gun Drone, 2x Shield Drone

Crisis Sunforge Battlesuits (100 pts)
• 1x Crisis Sunforge Shas’vre
    • 2 Fusion blasters
    • 1x Battlesuit fists
`;

describe('wargear bullets as exporters write them', function () {
  it('a bullet listing several items gives each item with its own count', () => {
    const l = parseArmyList(NR_TAU);
    assert.deepStrictEqual(l.errors, []);
    const broadsides = l.units[0];
    assert.deepStrictEqual(broadsides.models.map((m) => `${m.count}x ${m.name.text}: ${m.wargear.map((w) => `${w.count}x ${w.name.text}`).join(', ')}`), [
      '1x Broadside Shas’vre: 1x Crushing bulk, 1x Heavy rail rifle, 2x Missile Drone, 1x Weapon support system',
      '1x Broadside Shas’ui: 1x Crushing bulk, 1x Heavy rail rifle, 1x Gun Drone, 2x Shield Drone',
    ]);
  });

  it('a count without "x" counts ("2 Fusion blasters"); "N with" and option bundles keep their meaning', () => {
    const l = parseArmyList(NR_TAU);
    assert.deepStrictEqual(gear(l.units[1]), ['2x Fusion blasters', '1x Battlesuit fists']);
    const wtc = parseArmyList(
      NR_TAU.replace(/OTHER DATASHEETS[\s\S]*$/, '2x Chaos Spawn (95 pts): 2 with Hideous Mutations\n1x Maulerfiend (140 pts): 2 magma cutters (2x Magma cutter), Maulerfiend fists\n'),
    );
    assert.deepStrictEqual(wtc.units.map(gear), [['2x Hideous Mutations'], ['2x Magma cutter', '1x Maulerfiend fists']]);
  });

  it('"&" reads as "and": War Organ\'s "lacerator & daemonic claw" and "skullsmasher & mangler" are the data\'s weapons', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'lists-11e', 'warorgan11_worldeaters_2.txt');
    assert.strictEqual(spellingKey('Skullsmasher & mangler'), spellingKey('Skullsmasher and mangler'));
    const text = fs.readFileSync(sharedPath('lists-11e', 'warorgan11_worldeaters_2.txt'), 'utf8');
    const amp = check11(text).filter((f) => f.startsWith('unknown-wargear') && / & /.test(f));
    assert.deepStrictEqual(amp, []);
  });

  it('one letter off in a long name resolves ("Chirurgeon\'s tools" written, "Chirugeon\'s tools" in the data); a different weapon does not', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const list = (gearName: string) => `Test (65 Points)

Adepta Sororitas
Hallowed Martyrs (3 Detachment Points)
Strike Force (2,000 Points)

CHARACTERS

Hospitaller (65 Points)
  • Warlord
  • 1x ${gearName}
`;
    const unknown = (g: string) => check11(list(g)).filter((f) => f.startsWith('unknown-wargear@11'));
    assert.deepStrictEqual(unknown("Chirurgeon's tools"), []);
    assert.deepStrictEqual(unknown("Chirugeon's tools"), []);
    assert.strictEqual(unknown('Heavy flamer').length, 1, 'a weapon the datasheet lacks is still found');
  });
});
