// What the checks read of BattleScribe 11e entries: weapons reached through links, wargear without a profile,
// models versus wargear (entry types, never a bullet's shape), compulsory models, and a datasheet that keeps its
// catalogue profile once the MFM's points are merged. Real lists and data from ../shared (skipped plainly when
// absent), or a list written here with real names from that data.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { loadoutGroups } from '../../server/src/service/features/codeLens';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';

interface Finding {
  code: string;
  line: number;
  message: string;
}

let provider: RulesProvider | undefined;
function rules11(): RulesProvider {
  return (provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] }));
}

function data11(faction: string): RulesData {
  rules11().ensureFaction(faction, 11);
  return rules11().rulesFor(11);
}

function sheet(faction: string, name: string): Datasheet {
  const d = data11(faction).datasheets.find((x) => x.name === name && x.models.length > 0);
  assert.ok(d, `${name} (${faction}) with its catalogue profile`);
  return d;
}

let version = 0;
/** The findings of a list checked as the CLI does: its edition's data loaded, then validated. */
function check(text: string): Finding[] {
  const service = createLanguageService();
  const doc = TextDocument.create(`file:///entries11-${++version}.txt`, 'army-list', 1, text);
  rules11().ensureList(service.parse(doc), 11);
  service.setRules(rules11().rulesFor(11), 11);
  return service.diagnostics(doc).map((d) => ({ code: String(d.code), line: d.range.start.line + 1, message: d.message }));
}

const list = (file: string) => fs.readFileSync(sharedPath('lists-11e', file), 'utf8');

describe('BattleScribe 11e entries as the checks read them (../shared)', function () {
  this.timeout(120000);
  beforeEach(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e');
  });

  describe('weapons reached through links (infoLinks to a shared profile)', () => {
    it("are the entry's own: the Champion's Plasma pistol, the Eightbound's Chainblades, the Sororitas Bolt pistol", () => {
      const pistol = sheet('World Eaters', 'Khorne Berzerkers').weapons.find((w) => w.name === 'Plasma pistol');
      assert.deepStrictEqual(pistol?.profiles.map((p) => [p.name, p.type, p.range, p.S, p.AP, p.D]), [
        ['Plasma pistol - standard', 'ranged', '12"', 7, -2, '1'],
        ['Plasma pistol - supercharge', 'ranged', '12"', 8, -3, '2'],
      ]);
      assert.ok(pistol.profiles.every((p) => p.abilities.includes('PISTOL')), JSON.stringify(pistol.profiles));
      const blades = sheet('World Eaters', 'Exalted Eightbound').weapons.find((w) => w.name === 'Chainblades');
      assert.ok(blades && blades.profiles.length === 1 && blades.profiles[0].type === 'melee', JSON.stringify(blades));
      const bolt = sheet('Adepta Sororitas', 'Battle Sisters Squad').weapons.find((w) => w.name === 'Bolt pistol');
      assert.ok(bolt && bolt.profiles[0].type === 'ranged', JSON.stringify(sheet('Adepta Sororitas', 'Battle Sisters Squad').weapons.map((w) => w.name)));
    });

    it('a real World Eaters list: no unknown wargear, and the Plasma pistols reach the damage figures', () => {
      const text = list('gwapp11_worldeaters_1.txt');
      assert.deepStrictEqual(check(text).filter((f) => f.code === 'unknown-wargear'), []);
      const unit = parseArmyList(text).units.find((u) => u.name.text === 'Khorne Berzerkers');
      assert.ok(unit);
      const fired = loadoutGroups(unit, sheet('World Eaters', 'Khorne Berzerkers')).filter((g) => g.weapons.some((w) => w.name === 'Plasma pistol'));
      // The Champion's one and the two of the nine Berzerkers.
      assert.strictEqual(fired.reduce((n, g) => n + g.models, 0), 3, JSON.stringify(fired));
    });
  });
});
