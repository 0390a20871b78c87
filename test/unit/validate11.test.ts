// The 11th edition's muster rules and the routing of each list to its edition's data: the real 11th-edition
// lists against BSData wh40k-11e + the MFM v1.1 (../shared), and hand-built lists, written here with real names
// from that data, that make each mistake once. Skips plainly without ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { hasShared, requireShared, sharedPath } from '../support/shared';

const DATA = ['data/bsdata-11e', 'data/mfm-11e/v1.1'];

interface Finding {
  code: string;
  line: number;
  message: string;
}

let provider: RulesProvider | undefined;
function rules11(): RulesProvider {
  return (provider ??= new RulesProvider({ paths: DATA.map((d) => sharedPath(...d.split('/'))) }));
}

let version = 0;
/** The findings of a list checked as the CLI and the server do: its edition's data loaded, then validated. */
function check(text: string, service: LanguageService = createLanguageService()): Finding[] {
  const doc = TextDocument.create(`file:///v11-${++version}.txt`, 'army-list', 1, text);
  const edition = service.editionOf(doc);
  if (edition === 11) {
    rules11().ensureList(service.parse(doc), 11);
    service.setRules(rules11().rulesFor(11), 11);
  }
  return service.diagnostics(doc).map((d) => ({ code: String(d.code), line: d.range.start.line + 1, message: d.message }));
}

/** `code@line`, in text order (as `auspex check` prints them). */
const codes = (found: Finding[]) => [...found].sort((a, b) => a.line - b.line).map((f) => `${f.code}@${f.line}`);

// A valid 1,185-point World Eaters army (each Khorne Berzerkers unit with the Champion its datasheet requires): two detachments (2 + 1 DP of Strike Force's 3), the force disposition of
// one of them, an enhancement from the second, a Leader on a unit it may lead, three Eightbound priced 125, 125 and
// 140 (the third copy's tier) with the dearer price printed on the first, a Defiler with a +15 Hades lascannon.
const VALID = `Test Host (1185 points)

World Eaters
Cult of Blood and Vessels of Wrath (3 Detachment Points)
Priority Assets
Strike Force (2,000 Points)

Attached Units
Attached Unit 1

Master of Executions (70 points)
• Attached as: Leader (Character)
  • Warlord
  • 1x Axe of dismemberment
    1x Bolt pistol
  • Enhancement: Gateways to Glory

Khorne Berzerkers (170 points)
• Attached as: Bodyguard (Battleline)
  • 1x Khorne Berzerker Champion
  • 9x Khorne Berzerker
    • 9x Chainblade

CHARACTERS

Slaughterbound (100 points)
  • 1x Lacerator and daemonic claw

BATTLELINE

Khorne Berzerkers (170 points)
  • 1x Khorne Berzerker Champion
  • 9x Khorne Berzerker
    • 9x Chainblade

OTHER DATASHEETS

Eightbound (140 points)
  • 1x Eightbound Champion
    • 1x Chainblades
  • 2x Eightbound
    • 2x Chainblades

Eightbound (125 points)
  • 1x Eightbound Champion
    • 1x Chainblades
  • 2x Eightbound
    • 2x Chainblades

Eightbound (125 points)
  • 1x Eightbound Champion
    • 1x Chainblades
  • 2x Eightbound
    • 2x Chainblades

Defiler (285 points)
  • 1x Shearing claws
    1x Hades lascannon
    1x Heavy missile launcher
`;

/** VALID with `from` replaced by `to` (each must occur exactly once). */
function edit(...pairs: [string, string][]): string {
  let text = VALID;
  for (const [from, to] of pairs) {
    assert.strictEqual(text.split(from).length, 2, `"${from}" occurs once in the valid list`);
    text = text.replace(from, to);
  }
  return text;
}

describe('the 11th edition: each list checked against its own edition\'s data', function () {
  before(function () {
    for (const d of DATA) requireShared(this, ...d.split('/'));
    requireShared(this, 'lists-11e');
  });

  describe('the real 11th-edition lists (../shared/lists-11e) against BSData 11e + MFM v1.1', () => {
    const files = hasShared('lists-11e') ? fs.readdirSync(sharedPath('lists-11e')).filter((f) => f.endsWith('.txt')).sort() : [];
    for (const file of files) {
      it(`${file}: every unit resolves, or one edition-data-missing for a faction the folder lacks`, () => {
        const found = check(fs.readFileSync(sharedPath('lists-11e', file), 'utf8'));
        assert.deepStrictEqual(found.filter((f) => f.code === 'unknown-datasheet'), []);
        // SOURCE.md: no Space Marines or Astra Militarum catalogue in the folder (the MFM prices them, no more).
        if (/darkangels|astramilitarum/.test(file)) {
          // One finding says so; only prices are checked then (these lists are priced under MFM v1.0).
          const missing = found.filter((f) => f.code === 'edition-data-missing');
          assert.strictEqual(missing.length, 1, JSON.stringify(found));
          assert.match(missing[0].message, /11th edition data has only points for (Dark Angels|Astra Militarum) \(Munitorum Field Manual v1\.1.*so only its points are checked/);
          assert.match(missing[0].message, /wh40k-11e/);
          assert.deepStrictEqual(found.filter((f) => !['edition-data-missing', 'points-mismatch', 'total-mismatch'].includes(f.code)), []);
        } else {
          assert.ok(!found.some((f) => f.code === 'edition-data-missing' || f.code === 'faction-not-loaded'), JSON.stringify(found));
        }
      });
    }

    it('the five-way World Eaters army (v1.1 prices) has no muster finding in any of its forms', () => {
      for (const file of files.filter((f) => f.includes('worldeaters_2'))) {
        const found = check(fs.readFileSync(sharedPath('lists-11e', file), 'utf8')).filter((f) => f.code !== 'unknown-wargear');
        assert.deepStrictEqual(found, [], file);
      }
    });
  });

  describe('hand-built lists, one mistake each', () => {
    it('the valid list has no finding', () => {
      assert.deepStrictEqual(check(VALID), []);
    });

    it('detachments over the battle size\'s DP allowance → detachment-points (the allowance from the game system)', () => {
      const found = check(edit(['Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Berzerker Warband and Vessels of Wrath (4 Detachment Points)']));
      assert.deepStrictEqual(codes(found), ['detachment-points@4']);
      assert.match(found[0].message, /4 Detachment Points \(Berzerker Warband 3, Vessels of Wrath 1\): Strike Force allows 3/);
    });

    it('the same detachments at Onslaught (4 DP) are within the allowance', () => {
      const found = check(edit(['Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Berzerker Warband and Vessels of Wrath (4 Detachment Points)'], ['Strike Force (2,000 Points)', 'Onslaught (3,000 Points)']));
      assert.deepStrictEqual(codes(found), []);
    });

    it('a stated DP total the data disagrees with → points-mismatch on that number', () => {
      const found = check(edit(['(3 Detachment Points)', '(4 Detachment Points)']));
      assert.deepStrictEqual(codes(found), ['points-mismatch@4']);
      assert.match(found[0].message, /Cult of Blood \(2 DP\) and Vessels of Wrath \(1 DP\) cost 3 Detachment Points in the rules data, not 4/);
    });

    it("one detachment's stated DP the data disagrees with → points-mismatch", () => {
      const found = check(edit(['Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Vessels of Wrath (2 Detachment Points)']));
      assert.deepStrictEqual(codes(found), ['points-mismatch@4']);
      assert.match(found[0].message, /Vessels of Wrath costs 1 Detachment Point in the rules data, not 2/);
    });

    it('the second of two detachments is looked up too: an unknown one → unknown-detachment with the closest name', () => {
      const found = check(edit(['Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Cult of Blood and Vessels of Wrah (3 Detachment Points)']));
      assert.ok(codes(found).includes('unknown-detachment@4'), JSON.stringify(found));
      assert.match(found.find((f) => f.code === 'unknown-detachment')?.message ?? '', /Unknown detachment "Vessels of Wrah" for World Eaters\. Did you mean "Vessels of Wrath"/);
    });

    it('a force disposition none of the chosen detachments gives → force-disposition-wrong', () => {
      const found = check(edit(['\nPriority Assets\n', '\nPurge the Foe\n']));
      assert.deepStrictEqual(codes(found), ['force-disposition-wrong@5']);
      assert.match(found[0].message, /Purge the Foe is not the force disposition of the chosen detachments: Cult of Blood gives PRIORITY ASSETS; Vessels of Wrath gives PRIORITY ASSETS/);
    });

    it("a copy's price no copy slot has → points-mismatch on that copy, the options named", () => {
      const found = check(edit(['Eightbound (140 points)', 'Eightbound (120 points)'], ['Test Host (1185 points)', 'Test Host (1165 points)']));
      // The 120 matches no slot; the total is checked against the data's prices (1185), not the stated ones.
      assert.deepStrictEqual(codes(found), ['total-mismatch@1', 'points-mismatch@38']);
      const [total, copy] = ['total-mismatch', 'points-mismatch'].map((c) => found.find((f) => f.code === c)?.message ?? '');
      assert.match(copy, /^Eightbound with 3 models costs 125 or 140 points in the rules data \(as any of its 3 copies; requisition thresholds: Your 1st To 2nd Units Cost; Your 3rd \+ Unit Costs\), not 120\.$/);
      assert.match(total, /states 1165 points but its units cost 1185 in the rules data/);
    });

    it('three copies all printed at the first tier: the copy left over is reported, not the first', () => {
      const found = check(edit(['Eightbound (140 points)', 'Eightbound (125 points)'], ['Test Host (1185 points)', 'Test Host (1170 points)']));
      assert.deepStrictEqual(codes(found), ['total-mismatch@1', 'points-mismatch@50']);
    });

    it('wargear with a cost adds it per item: a Defiler with a Hades lascannon at its bare price → points-mismatch', () => {
      const found = check(edit(['Defiler (285 points)', 'Defiler (270 points)'], ['Test Host (1185 points)', 'Test Host (1170 points)']));
      assert.deepStrictEqual(codes(found), ['total-mismatch@1', 'points-mismatch@56']);
      assert.match(found.find((f) => f.code === 'points-mismatch')?.message ?? '', /Defiler with 1 model costs 285 points/);
    });

    it('an enhancement of either chosen detachment is fine; of another detachment → enhancement-wrong-detachment', () => {
      const either = check(edit(['Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw', 'Slaughterbound (125 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Brazen Form'], ['Test Host (1185 points)', 'Test Host (1210 points)']));
      assert.deepStrictEqual(codes(either), []);
      const other = check(edit(['Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw', 'Slaughterbound (120 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Battle-lust'], ['Test Host (1185 points)', 'Test Host (1205 points)']));
      assert.deepStrictEqual(codes(other), ['enhancement-wrong-detachment@28']);
      assert.match(other[0].message, /Battle-lust is an enhancement of Berzerker Warband, not of the list's detachments Cult of Blood or Vessels of Wrath/);
    });

    it('an enhancement on a unit that is no CHARACTER and not named by it → enhancement-not-character', () => {
      const found = check(edit(['Khorne Berzerkers (170 points)\n  • 1x', 'Khorne Berzerkers (185 points)\n  • Enhancement: Chosen of the Blood God\n  • 1x'], ['Test Host (1185 points)', 'Test Host (1200 points)']));
      assert.deepStrictEqual(codes(found), ['enhancement-not-character@32']);
    });

    it("more enhancements than the battle size allows (Incursion: 2, the game system's constraint) → too-many-enhancements", () => {
      const found = check(
        edit(
          ['Strike Force (2,000 Points)', 'Incursion (1,000 Points)'],
          ['Test Host (1185 points)', 'Test Host (1000 points)'],
          ['Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw', 'Slaughterbound (130 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Archslaughterer'],
          ['Defiler (285 points)\n  • 1x Shearing claws\n    1x Hades lascannon\n    1x Heavy missile launcher\n', 'Master of Executions (85 points)\n  • 1x Axe of dismemberment\n    1x Bolt pistol\n  • Enhancement: Brazen Form\n'],
        ),
      );
      // Incursion also allows 2 DP (3 chosen) and 1,000 points; the units cost 70+170+130+170+390+85 = 1015.
      assert.deepStrictEqual(codes(found), ['total-mismatch@1', 'detachment-points@4', 'over-points-limit@6', 'too-many-enhancements@60']);
      assert.match(found.find((f) => f.code === 'too-many-enhancements')?.message ?? '', /3 enhancements: the army may take at most 2 \(Incursion's allowance in the game system\)/);
      assert.match(found.find((f) => f.code === 'detachment-points')?.message ?? '', /3 Detachment Points \(Cult of Blood 2, Vessels of Wrath 1\): Incursion allows 2/);
    });

    it('a Leader attached to a unit it may not lead → attached-not-allowed', () => {
      const found = check(edit(['Master of Executions (70 points)\n• Attached as: Leader (Character)\n  • Warlord\n  • 1x Axe of dismemberment\n    1x Bolt pistol\n  • Enhancement: Gateways to Glory', 'Slaughterbound (110 points)\n• Attached as: Leader (Character)\n  • Warlord\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Gateways to Glory'], ['Test Host (1185 points)', 'Test Host (1225 points)']));
      assert.deepStrictEqual(codes(found), ['attached-not-allowed@11']);
      assert.match(found[0].message, /Slaughterbound cannot be attached to Khorne Berzerkers as a Leader\. It can join: Eightbound, Exalted Eightbound\./);
    });

    it('two detachments sharing a unique tag → detachment-unique (Genestealer Cults, "Purestrain")', () => {
      const gsc = `Broods (155 points)

Genestealer Cults
Biosanctic Broodsurge and Purestrain Broodswarm (3 Detachment Points)
Take and Hold
Strike Force (2,000 Points)

CHARACTERS

Patriarch (80 points)
  • Warlord
  • 1x Patriarch's claws

OTHER DATASHEETS

Purestrain Genestealers (75 points)
  • 5x Purestrain Genestealer
    • 5x Cult claws and talons
`;
      const found = check(gsc);
      assert.deepStrictEqual(codes(found), ['detachment-unique@4']);
      assert.match(found[0].message, /Purestrain Broodswarm and Biosanctic Broodsurge are both "Purestrain" detachments/);
      // Either one alone is fine.
      assert.deepStrictEqual(codes(check(gsc.replace('Biosanctic Broodsurge and Purestrain Broodswarm (3 Detachment Points)', 'Biosanctic Broodsurge (2 Detachment Points)'))), []);
    });

    it("an enhancement's leaderTo lets its bearer lead a unit its datasheet does not (Butcher Lord: Jakhals)", () => {
      // The valid list's header and Leader, with Cult of Blood alone and the Butcher Lord, on Jakhals.
      const jakhals = `${VALID.slice(0, VALID.indexOf('Khorne Berzerkers (170 points)'))
        .replace('Test Host (1185 points)', 'Jakhal Host (135 points)')
        .replace('Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Cult of Blood (2 Detachment Points)')
        .replace('Enhancement: Gateways to Glory', 'Enhancement: Butcher Lord')}Jakhals (65 points)
• Attached as: Bodyguard
  • 1x Jakhal Pack Leader
    • 1x Autopistol
      1x Mauler chainblade
  • 1x Dishonoured
    • 1x Skullsmasher and mangler
  • 8x Jakhal
    • 8x Autopistol
      8x Chainblades
`;
      assert.deepStrictEqual(codes(check(jakhals)), []);
      const without = check(jakhals.replace('  • Enhancement: Butcher Lord\n', '').replace('(70 points)', '(60 points)').replace('(135 points)', '(125 points)'));
      assert.deepStrictEqual(codes(without), ['attached-not-allowed@11']);
      assert.match(without[0].message, /Master of Executions cannot be attached to Jakhals as a Leader\. It can join: Khorne Berzerkers\./);
    });

    it("two Leaders on one Bodyguard unit → attached-too-many (the Leader rule states no number: one)", () => {
      const found = check(edit(['Khorne Berzerkers (170 points)\n• Attached as: Bodyguard', "Khârn the Betrayer (115 points)\n• Attached as: Leader (Character)\n  • 1x Gorechild\n    1x Plasma pistol\n\nKhorne Berzerkers (170 points)\n• Attached as: Bodyguard"], ['Test Host (1185 points)', 'Test Host (1300 points)']));
      assert.deepStrictEqual(codes(found), ['attached-too-many@18']);
      assert.match(found[0].message, /Khorne Berzerkers already has 1 Leader attached \(one Leader per Bodyguard unit: the game system's Leader rule states no number\)/);
    });
  });

  describe('a list with no data of its edition', () => {
    it('a 10th-edition list read under auspex.edition "11" with only 10th data loaded gets one edition-data-missing', () => {
      const tenth = `Genestealer Cults\nStrike Force (2000 points)\nXenocreed Congregation\n\nCHARACTERS\n\nPatriarch (80 points)\n  • Warlord\n\nBATTLELINE\n\nNeophyte Hybrids (65 points)\n  • 10x Neophyte Hybrid\n`;
      const service = createLanguageService({ settings: { ...DEFAULT_SETTINGS, edition: '11' } });
      const doc = TextDocument.create('file:///tenth-as-11.txt', 'army-list', 1, tenth);
      const found = service.diagnostics(doc);
      assert.deepStrictEqual(found.map((d) => d.code), ['edition-data-missing']);
      assert.match(found[0].message, /The list is read under the 11th edition and no 11th edition rules data is loaded/);
      assert.match(found[0].message, /Munitorum Field Manual/);
      // The same list under its own edition is checked against the 10th's data as before.
      const asTenth = createLanguageService().diagnostics(doc);
      assert.ok(!asTenth.some((d) => d.code === 'edition-data-missing'));
    });

    it('the unit hover names the edition and the data version in use', () => {
      const service = createLanguageService();
      const doc = TextDocument.create('file:///hover11.txt', 'army-list', 1, VALID);
      rules11().ensureList(service.parse(doc), 11);
      service.setRules(rules11().rulesFor(11), 11);
      const at = VALID.indexOf('Slaughterbound (100');
      const h = service.hover(doc, doc.positionAt(at + 2));
      const text = JSON.stringify(h?.contents);
      assert.match(text, /11th edition list, checked against/);
      assert.match(text, /Munitorum Field Manual v1\.1/);
    });
  });
});
