// The 11th edition's muster rules and the routing of each list to its edition's data: the real 11th-edition
// lists against BSData wh40k-11e + the MFM v1.1 (../shared), and hand-built lists, written here with real names
// from that data, that make each mistake once. Skips plainly without ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { hasShared, requireShared, sharedPath } from '../support/shared';
import { check11, rules11, type Finding } from '../support/check11';
import { eligibilityOf } from '../../server/src/service/domain/editions/enhancementFit';

const DATA = ['data/bsdata-11e', 'data/mfm-11e/v1.1'];

const check = (text: string, service?: LanguageService) => check11(text, service);

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

describe("an enhancement's restriction, as its text states it (eligibilityOf)", () => {
  const read = (text: string, eligibility?: string) => JSON.stringify(eligibilityOf({ id: 'x', name: 'x', detachment: 'd', faction: 'f', text, source: { file: 'f' }, ...(eligibility ? { eligibility } : {}) }));
  it('keywords before "model only" / "unit only", slashes as alternatives, an exclusion left aside', () => {
    assert.strictEqual(read('', 'STEALTH BATTLESUITS unit only'), '{"kw":"STEALTH BATTLESUITS"}');
    assert.strictEqual(read("T’AU EMPIRE BATTLESUIT model only. At the end of your opponent's turn..."), `{"kw":"T'AU EMPIRE BATTLESUIT"}`);
    assert.strictEqual(read('NEUROLICTOR/LICTOR/VON RYAN’S LEAPERS unit only. This unit...'), `{"or":[{"kw":"NEUROLICTOR"},{"kw":"LICTOR"},{"kw":"VON RYAN'S LEAPERS"}]}`);
  });
  it('a sentence that merely ends in "unit only" states no restriction', () => {
    assert.strictEqual(read('In your Shooting phase, you can select one visible enemy unit only. Then...'), undefined);
  });
});

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
          // It names the catalogue the folder lacks and what is still checked, on the faction line, and never
          // advises downloading the data the user already has.
          assert.match(missing[0].message, /(Dark Angels|Astra Militarum) links the catalogue "Imperium - (Space Marines|Astra Militarum - Library)", which is not in its folder/);
          assert.match(missing[0].message, /only the units' points and the total are checked \(points from Munitorum Field Manual v1\.1/);
          assert.doesNotMatch(missing[0].message, /download|data fetch/i);
          const text = fs.readFileSync(sharedPath('lists-11e', file), 'utf8').split(/\r?\n/);
          assert.match(text[missing[0].line - 1], /^(Dark Angels|Astra Militarum)\s*$/);
          // Points findings only: the units' prices, the total, the battle size's limit, and the one header saying they
          // are MFM v1.0's (judge11.test.ts holds each one).
          assert.deepStrictEqual(found.filter((f) => !['edition-data-missing', 'points-mismatch', 'total-mismatch', 'over-points-limit', 'prices-outdated'].includes(f.code)), []);
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

  it('a faction the BattleScribe folder has no catalogue for (plain Space Marines): one finding, no advice to download the folder given', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const found = check('Marines (170 points)\n\nSpace Marines\nGladius Task Force (2 Detachment Points)\nTake and Hold\nStrike Force (2000 points)\n\nCHARACTERS\n\nCaptain (80 points)\n  • Warlord\n\nBATTLELINE\n\nIntercessor Squad (90 points)\n');
    const missing = found.filter((f) => f.code === 'edition-data-missing');
    assert.strictEqual(missing.length, 1, JSON.stringify(found));
    assert.strictEqual(missing[0].line, 3);
    assert.match(missing[0].message, /only points for Space Marines.*The BattleScribe data loaded \(.*bsdata-11e\) has no catalogue for Space Marines/);
    assert.doesNotMatch(missing[0].message, /download|data fetch/i);
  });

  describe('allies: units under ALLIED UNITS come from their own catalogue', () => {
    // Adepta Sororitas (its catalogue links Agents of the Imperium's), with two units only Agents of the Imperium
    // holds, priced as MFM v1.1's Imperial Agents prices them (65 each).
    const ALLIES = `Allies (290 points)

Adepta Sororitas
Army Of Faith (2 Detachment Points)
Take and Hold
Strike Force (2000 points)

CHARACTERS

Canoness (60 points)
  • Warlord

BATTLELINE

Battle Sisters Squad (100 points)

ALLIED UNITS

Imperial Rhino (65 points)

Watch Captain Artemis (65 points)
`;
    it('Imperial Rhino and Watch Captain Artemis resolve from Agents of the Imperium, priced by the MFM', function () {
      requireShared(this, 'data', 'bsdata-11e');
      requireShared(this, 'data', 'mfm-11e', 'v1.1');
      const found = check(ALLIES);
      const lines = ALLIES.split('\n');
      const rhino = lines.indexOf('Imperial Rhino (65 points)') + 1;
      const artemis = lines.indexOf('Watch Captain Artemis (65 points)') + 1;
      assert.deepStrictEqual(found.filter((f) => f.line >= rhino && f.code !== 'allied-unit'), [], JSON.stringify(found));
      const allied = found.find((f) => f.code === 'allied-unit');
      assert.match(allied?.message ?? '', /Imperial Rhino \(AGENTS OF THE IMPERIUM\); Watch Captain Artemis \(AGENTS OF THE IMPERIUM\)/);
      assert.ok(!found.some((f) => f.code === 'unknown-datasheet' || f.code === 'total-mismatch'), JSON.stringify(found));
      // The datasheets are the catalogue's (profiles, keywords), their price the MFM's.
      const data = rules11().rulesFor(11);
      for (const name of ['Imperial Rhino', 'Watch Captain Artemis']) {
        const d = data.datasheets.find((x) => x.name === name && x.factionKeywords.includes('AGENTS OF THE IMPERIUM'));
        assert.ok(d && d.models.length > 0, name);
        assert.deepStrictEqual([d.pricedBy?.kind, d.points.map((p) => p.points)], ['mfm', [65]], name);
      }
      assert.ok(artemis > rhino);
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
      assert.match(copy, /^Eightbound with 3 models costs 125 or 140 points in the rules data \(as any of its 3 copies; requisition thresholds: Your 1st To 2nd Units Cost; Your 3rd \+ Unit Costs\), not 120\. \[Munitorum Field Manual v1\.1 \(2026-07-22\): Eightbound\]$/);
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
      // Incursion also allows 2 DP (3 chosen), 1,000 points (the units cost 70+170+130+170+390+85 = 1015) and 2 copies of a datasheet (3 Eightbound).
      assert.deepStrictEqual(codes(found), ['total-mismatch@1', 'detachment-points@4', 'over-points-limit@6', 'too-many-datasheet@51', 'too-many-enhancements@60']);
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
      // The valid list's header and Leader, with Cult of Blood alone and the Butcher Lord, on Jakhals (the Pack Leader
      // with the chainblades the data gives it: its mauler chainblade is another model's option).
      const jakhals = `${VALID.slice(0, VALID.indexOf('Khorne Berzerkers (170 points)'))
        .replace('Test Host (1185 points)', 'Jakhal Host (135 points)')
        .replace('Cult of Blood and Vessels of Wrath (3 Detachment Points)', 'Cult of Blood (2 Detachment Points)')
        .replace('Enhancement: Gateways to Glory', 'Enhancement: Butcher Lord')}Jakhals (65 points)
• Attached as: Bodyguard
  • 1x Jakhal Pack Leader
    • 1x Autopistol
      1x Chainblades
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
      assert.match(found[0].message, /Khorne Berzerkers already has 1 Leader attached \(Leader and Support, 19\.01–19\.04: the game system states no number\)/);
    });
  });

  describe('the muster rules the data does not hold (eleventh-edition.md "Mustering")', () => {
    const slaughterbound = 'Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw\n\n';
    const INCURSION = `Warband (270 points)

World Eaters
Berzerker Warband (3 Detachment Points)
Purge the Foe
Incursion (1,000 Points)

CHARACTERS

Slaughterbound (100 points)
  • Warlord
  • 1x Lacerator and daemonic claw

BATTLELINE

Khorne Berzerkers (170 points)
  • 1x Khorne Berzerker Champion
    • 1x Chainblade
      1x Plasma pistol
  • 9x Khorne Berzerker
    • 9x Bolt pistol
      9x Chainblade
`;
    it('at Incursion one 3-DP detachment alone is allowed; two detachments over 2 DP are not', () => {
      assert.deepStrictEqual(codes(check(INCURSION)), []);
      const two = check(INCURSION.replace('Berzerker Warband (3 Detachment Points)', 'Berzerker Warband and Vessels of Wrath (4 Detachment Points)'));
      assert.deepStrictEqual(codes(two), ['detachment-points@4']);
    });

    it('copies of a datasheet: 2 at Incursion, 3 at Strike Force → too-many-datasheet; BATTLELINE twice that', () => {
      const three = INCURSION.replace('BATTLELINE', `${slaughterbound}${slaughterbound}BATTLELINE`).replace('(270 points)', '(470 points)');
      const found = check(three);
      assert.deepStrictEqual(codes(found), [`too-many-datasheet@${three.split('\n').lastIndexOf('Slaughterbound (100 points)') + 1}`]);
      assert.match(found[0].message, /3 units of Slaughterbound: at most 2 of one datasheet \(copies of a datasheet at Incursion\)/);
      // At Strike Force three are fine.
      assert.deepStrictEqual(codes(check(three.replace('Incursion (1,000 Points)', 'Strike Force (2,000 Points)'))), []);
      // Four BATTLELINE units at Incursion (2 × 2) are fine, a fifth is not.
      const berzerkers = 'Khorne Berzerkers (170 points)\n  • 1x Khorne Berzerker Champion\n    • 1x Chainblade\n      1x Plasma pistol\n  • 9x Khorne Berzerker\n    • 9x Bolt pistol\n      9x Chainblade\n\n';
      const four = `${INCURSION}\n${berzerkers.repeat(3)}`.replace('(270 points)', '(780 points)');
      assert.deepStrictEqual(codes(check(four)), []);
      const five = `${INCURSION}\n${berzerkers.repeat(4)}`.replace('(270 points)', '(950 points)');
      const found5 = check(five);
      assert.deepStrictEqual(found5.map((f) => f.code), ['too-many-datasheet']);
      assert.match(found5[0].message, /5 units of Khorne Berzerkers: at most 4 of one datasheet \(BATTLELINE or DEDICATED TRANSPORT\) \(copies of a datasheet at Incursion\)/);
    });

    const ORKS = `Dakka (245 points)

Orks
More Dakka! (1 Detachment Point)
Disruption
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Bigboss (55 Points)
  • Attached as: Leader (Character)
  • Warlord
  • 1x Slugga
  • 1x Two‑handed big choppa

Breaka Boyz (140 Points)
  • Attached as: Bodyguard ()
  • 1x Boss Nob
     ◦ 1x Choppa
     ◦ 1x Rokkit pistol
     ◦ 1x Smash hammer
  • 5x Breaka Boy
     ◦ 4x Smash hammer
     ◦ 1x Tankhammer
  • Enhancements: Dead Shiny Shootas (Upgrade)

CHARACTERS

Bannernob (50 Points)
  • 1x Choppa
  • 1x Shoota
`;
    const bannernob = 'Bannernob (50 Points)\n  • Attached as: Support (Character)\n  • 1x Choppa\n  • 1x Shoota\n\n';

    it('a Support unit that is not attached → support-not-attached; attached, it is fine', () => {
      const found = check(ORKS);
      assert.deepStrictEqual(codes(found), ['support-not-attached@31']);
      assert.match(found[0].message, /Bannernob is a Support unit and is not attached: a Support unit must be attached to a Bodyguard unit when mustering .*It can join: Boyz, Breaka Boyz/);
      const attached = ORKS.replace('\nCHARACTERS\n\nBannernob (50 Points)\n  • 1x Choppa\n  • 1x Shoota\n', '').replace('Breaka Boyz (140 Points)', `${bannernob}Breaka Boyz (140 Points)`);
      assert.deepStrictEqual(codes(check(attached)), []);
      // Two Support units on one Bodyguard → attached-too-many.
      const two = attached.replace('Breaka Boyz (140 Points)', `${bannernob}Breaka Boyz (140 Points)`).replace('(245 points)', '(295 points)');
      const found2 = check(two);
      assert.deepStrictEqual(found2.map((f) => f.code), ['attached-too-many']);
      assert.match(found2[0].message, /Breaka Boyz already has 1 Support unit attached/);
    });

    it("New Recruit's tournament text: `Leading X` states no role, so a Support unit leading a Bodyguard is judged as Support", () => {
      const nr = (chars: string, points: number) => `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - Orks
+ DETACHMENT: More Dakka! (Disruption)
+ FORCE DISPOSITION: Disruption
+ TOTAL ARMY POINTS: ${points}pts
+
+ WARLORD: Char1: Bigboss
+ NUMBER OF UNITS: 3
+++++++++++++++++++++++++++++++++++++++++++++++

Char1: 1x Bigboss (55 pts): Warlord, Slugga, Two-handed big choppa
Leading Breaka Boyz
${chars}
6x Breaka Boyz (125 pts)
• 1x Boss Nob: Choppa, Rokkit pistol, Smash hammer
• 5x Breaka Boy
    4 with Smash hammer
    1 with Tankhammer
  Attached to Bigboss
`;
      // A Leader and a Support unit on one Bodyguard: legal (not "cannot be attached as a Leader", not "already has 1 Leader").
      assert.deepStrictEqual(codes(check(nr('Char2: 1x Bannernob (50 pts): Choppa, Shoota\nLeading Breaka Boyz\n', 230))), []);
      // Two Support units: one too many, said as Support.
      const two = check(nr('Char2: 1x Bannernob (50 pts): Choppa, Shoota\nLeading Breaka Boyz\nChar3: 1x Painboy (90 pts)\nLeading Breaka Boyz\n', 320));
      assert.deepStrictEqual(two.map((f) => f.code), ['attached-too-many'], JSON.stringify(two));
      assert.match(two[0].message, /Breaka Boyz already has 1 Support unit attached/);
    });
  });

  describe('a unit the data cannot price never hides the total', () => {
    it('the total is checked with the other units at their data prices, the unpriced one at its stated points, and the message counts it', () => {
      // A fourth Eightbound of 4 models (the data prices 3 or 6) and the Defiler printed at its bare 270 (the data: 285).
      const text = edit(
        ['Defiler (285 points)', 'Eightbound (170 points)\n  • 1x Eightbound Champion\n    • 1x Chainblades\n  • 3x Eightbound\n    • 3x Chainblades\n\nDefiler (270 points)'],
        ['Test Host (1185 points)', 'Test Host (1340 points)'],
      );
      const found = check(text).filter((f) => f.code === 'total-mismatch');
      assert.deepStrictEqual(codes(found), ['total-mismatch@1']);
      assert.match(found[0].message, /states 1340 points but its units cost 1355 in the rules data \(.*1 unit the rules data cannot price is counted at its stated points\)/);
    });

    it('a real Orks list at 2005 points of 2000 under MFM v1.1 → total-mismatch and over-points-limit', function () {
      requireShared(this, 'lists-11e', 'gwapp11_orks_1.txt');
      const found = check(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'));
      const total = found.find((f) => f.code === 'total-mismatch');
      const over = found.find((f) => f.code === 'over-points-limit');
      assert.strictEqual(total?.line, 1, JSON.stringify(found));
      assert.match(total?.message ?? '', /states 1995 points but its units cost 2005 in the rules data/);
      assert.strictEqual(over?.line, 6);
      assert.match(over?.message ?? '', /The army costs 2005 points in the rules data, over the 2000-point limit of Strike Force/);
    });
  });

  describe('a list that states no battle size (New Recruit): read from its points', () => {
    // VALID without its battle size line, with four enhancements (Strike Force allows 4; the setting's 3 no longer applies).
    const moe = (points: number, enh: string) => `Master of Executions (${points} points)\n  • 1x Axe of dismemberment\n    1x Bolt pistol\n  • Enhancement: ${enh}\n\n`;
    const four = edit(
      ['Strike Force (2,000 Points)\n', ''],
      ['Test Host (1185 points)', 'Test Host (1380 points)'],
      ['Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw\n', `Slaughterbound (125 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Brazen Form\n\n${moe(90, 'Archslaughterer')}${moe(80, 'Strategic Slaughter')}`],
    );

    it('four enhancements at the Strike Force its 1,380 points fit: no finding', () => {
      assert.deepStrictEqual(codes(check(four)), []);
    });

    it('a fifth → too-many-enhancements, saying the battle size was read from the points', () => {
      const five = four.replace('Test Host (1380 points)', 'Test Host (1495 points)').replace('BATTLELINE', 'Slaughterbound (115 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Chosen of the Blood God\n\nBATTLELINE');
      const found = check(five);
      assert.deepStrictEqual(found.map((f) => f.code), ['too-many-enhancements']);
      assert.match(found[0].message, /5 enhancements: the army may take at most 4 \(Strike Force's allowance in the game system; the list states no battle size: Strike Force, the smallest that holds its 1495 points\)/);
    });

    it("Detachment Points from the data: a New Recruit T'au export spending 1 + 3 of Strike Force's 3 → detachment-points", () => {
      const nr = `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - T'au Empire
+ DETACHMENT: Advanced Acquisition Cadre, Retaliation Cadre
+ FORCE DISPOSITION: Reconnaissance
+ TOTAL ARMY POINTS: 80pts
+
+ WARLORD: Char1: Commander in Enforcer Battlesuit
+ NUMBER OF UNITS: 1
+++++++++++++++++++++++++++++++++++++++++++++++

CHARACTER

Commander in Enforcer Battlesuit (80 pts)
• 1x Battlesuit fists
• Warlord
`;
      // 80 points fit Incursion (2 DP); at the 2000 New Recruit states for a full army, Strike Force (3 DP).
      for (const [total, size, allows] of [['80', 'Incursion', 2], ['2000', 'Strike Force', 3]] as const) {
        const found = check(nr.replace('TOTAL ARMY POINTS: 80pts', `TOTAL ARMY POINTS: ${total}pts`)).filter((f) => f.code === 'detachment-points');
        assert.deepStrictEqual(codes(found), ['detachment-points@3']);
        assert.match(found[0].message, new RegExp(`4 Detachment Points \\(Advanced Acquisition Cadre 1, Retaliation Cadre 3\\): ${size} allows ${allows} .*the list states no battle size: ${size}, the smallest that holds its ${total} points`));
      }
    });

    it('Detachment Points from the data when the export states none: New Recruit, 3 + 1 of Strike Force\'s 3 → detachment-points', function () {
      requireShared(this, 'lists-11e', 'nrgw11_worldeaters_2.txt');
      const text = fs.readFileSync(sharedPath('lists-11e', 'nrgw11_worldeaters_2.txt'), 'utf8');
      const two = text.replace(/\+ DETACHMENT: Berzerker\sWarband \(Relentless Rage\)/, '+ DETACHMENT: Berzerker Warband, Vessels of Wrath');
      assert.notStrictEqual(two, text);
      const found = check(two).filter((f) => f.code !== 'unknown-wargear');
      assert.deepStrictEqual(codes(found), ['detachment-points@3']);
      assert.match(found[0].message, /4 Detachment Points \(Berzerker Warband 3, Vessels of Wrath 1\): Strike Force allows 3 .*the list states no battle size: Strike Force, the smallest that holds its 2000 points/);
      // The export as it is (Berzerker Warband alone, 3 DP): within the allowance.
      assert.deepStrictEqual(check(text).filter((f) => f.code === 'detachment-points'), []);
    });
  });

  describe('enhancements in the 11th edition: Upgrades, attached units, who may take one', () => {
    // A valid 750-point T'au army: three CHARACTER enhancements of Kauyon and three copies of the Upgrade Negation
    // Emitters (BSData: "STEALTH BATTLESUITS unit only", at most 3, its Enhancements cost divided by its copies;
    // the MFM: "Negation Emitters (Upgrade)"), written with and without the suffix: 4 counted of Strike Force's 4.
    const stealth = (points: number, enh: string) =>
      `Stealth Battlesuits (${points} points)\n  • 4x Stealth Shas'ui\n    • 4x Burst cannon\n      4x Battlesuit fists\n  • 1x Stealth Shas'vre\n    • 1x Burst cannon\n      1x Battlesuit fists\n  • Enhancement: ${enh}\n`;
    const commander = (points: number, enh: string, warlord = false) =>
      `Commander in Enforcer Battlesuit (${points} points)\n${warlord ? '  • Warlord\n' : ''}  • 1x Battlesuit fists\n  • Enhancement: ${enh}\n`;
    const TAU = `Hunters (750 points)

T’au Empire
Kauyon and Advanced Acquisition Cadre (3 Detachment Points)
Reconnaissance
Strike Force (2,000 Points)

CHARACTERS

${commander(100, 'Exemplar of the Kauyon', true)}
${commander(95, 'Precision of the Patient Hunter')}
${commander(100, 'Solid-image Projection Unit')}
OTHER DATASHEETS

${stealth(115, 'Negation Emitters (Upgrade)')}
${stealth(115, 'Negation Emitters')}
${stealth(125, 'Negation Emitters (Upgrade)')}
Crisis Fireknife Battlesuits (100 points)
  • 2x Crisis Fireknife Shas'ui
    • 2x Battlesuit fists
  • 1x Crisis Fireknife Shas'vre
    • 1x Battlesuit fists
`;
    const tau = (...pairs: [string, string][]) => {
      let text = TAU;
      for (const [from, to] of pairs) {
        assert.strictEqual(text.split(from).length, 2, `"${from}" occurs once`);
        text = text.replace(from, to);
      }
      return text;
    };
    const line = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

    it('three copies of an Upgrade on the units it names, with or without "(Upgrade)", the 2nd and 3rd not counted: no finding', () => {
      assert.deepStrictEqual(codes(check(TAU)), []);
    });

    it('an Upgrade on a unit it does not name, or on a CHARACTER → enhancement-ineligible', () => {
      const crisis = tau(["  • 1x Crisis Fireknife Shas'vre\n    • 1x Battlesuit fists\n", "  • 1x Crisis Fireknife Shas'vre\n    • 1x Battlesuit fists\n  • Enhancement: Unmasking Suite (Upgrade)\n"], ['Crisis Fireknife Battlesuits (100 points)', 'Crisis Fireknife Battlesuits (115 points)'], ['Hunters (750 points)', 'Hunters (745 points)'],
        // One CHARACTER enhancement fewer, so that the allowance holds.
        ['Commander in Enforcer Battlesuit (100 points)\n  • 1x Battlesuit fists\n  • Enhancement: Solid-image Projection Unit\n', 'Commander in Enforcer Battlesuit (80 points)\n  • 1x Battlesuit fists\n']);
      const found = check(crisis);
      assert.deepStrictEqual(codes(found), [`enhancement-ineligible@${line(crisis, 'Unmasking Suite')}`]);
      assert.match(found[0].message, /Unmasking Suite is for GHOSTKEEL BATTLESUIT or PATHFINDER TEAM or STEALTH BATTLESUITS units only .*Crisis Fireknife Battlesuits is not one/);
      const onCharacter = tau(['Enhancement: Solid-image Projection Unit', 'Enhancement: Negation Emitters'], ['Commander in Enforcer Battlesuit (100 points)\n  • 1x', 'Commander in Enforcer Battlesuit (95 points)\n  • 1x'], ['Hunters (750 points)', 'Hunters (745 points)']);
      const found2 = check(onCharacter);
      assert.ok(codes(found2).includes(`enhancement-ineligible@${line(onCharacter, 'Enhancement: Negation Emitters\n\nOTHER')}`), JSON.stringify(found2));
      assert.match(found2.find((f) => f.code === 'enhancement-ineligible')?.message ?? '', /Negation Emitters is an Upgrade: it goes on the non-CHARACTER units it names, and Commander in Enforcer Battlesuit is a CHARACTER/);
    });

    it('a fourth copy of an Upgrade → enhancement-duplicate (BSData: at most 3)', () => {
      const four = tau(['Crisis Fireknife Battlesuits (100 points)', `${stealth(125, 'Negation Emitters')}\nCrisis Fireknife Battlesuits (100 points)`], ['Hunters (750 points)', 'Hunters (875 points)']);
      const found = check(four);
      assert.ok(codes(found).includes(`enhancement-duplicate@${line(four, 'Crisis Fireknife') - 2}`), JSON.stringify(found));
      assert.match(found.find((f) => f.code === 'enhancement-duplicate')?.message ?? '', /already taken 3 times: Negation Emitters is an Upgrade: an army may take it at most 3 times/);
    });

    it("a fifth counted enhancement → too-many-enhancements, the Upgrade's extra copies named as not counted", () => {
      const five = tau(['OTHER DATASHEETS', 'Cadre Fireblade (80 points)\n  • 1x Battlesuit fists\n  • Enhancement: Through Unity, Devastation\n\nOTHER DATASHEETS'], ['Hunters (750 points)', 'Hunters (830 points)']);
      const found = check(five).filter((f) => f.code === 'too-many-enhancements');
      assert.strictEqual(found.length, 1, JSON.stringify(check(five)));
      assert.match(found[0].message, /^5 enhancements \(2 more copies of an Upgrade not counted\): the army may take at most 4 \(Strike Force's allowance in the game system\)/);
    });

    it('an enhancement on a unit the data knows only by its points is not judged (Land Speeder, Thundercowl Turbines (Upgrade))', function () {
      requireShared(this, 'lists-11e', 'gwapp11_darkangels_1.txt');
      const found = check(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_darkangels_1.txt'), 'utf8'));
      assert.deepStrictEqual(found.filter((f) => f.code.startsWith('enhancement')), []);
    });

    it('none on an EPIC HERO → enhancement-epic-hero', () => {
      const text = edit(['Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw\n', "Slaughterbound (100 points)\n  • 1x Lacerator and daemonic claw\n\nKhârn the Betrayer (140 points)\n  • 1x Gorechild\n    1x Plasma pistol\n  • Enhancement: Brazen Form\n"], ['Test Host (1185 points)', 'Test Host (1325 points)']);
      const found = check(text).filter((f) => f.code.startsWith('enhancement'));
      assert.deepStrictEqual(codes(found), [`enhancement-epic-hero@${line(text, 'Enhancement: Brazen Form')}`]);
      assert.match(found[0].message, /Khârn the Betrayer is an EPIC HERO and cannot take an enhancement/);
    });

    it('an attached unit counts as one: a Leader with an enhancement on a Bodyguard with an Upgrade → multiple-enhancements', () => {
      const orks = `Dakka (210 points)

Orks
More Dakka! (1 Detachment Point)
Disruption
Strike Force (2,000 Points)

ATTACHED UNITS

Attached unit 1

Bigboss (70 Points)
  • Attached as: Leader (Character)
  • Warlord
  • 1x Slugga
  • 1x Two‑handed big choppa
  • Enhancements: Da Gobshot Thunderbuss

Breaka Boyz (140 Points)
  • Attached as: Bodyguard ()
  • 1x Boss Nob
     ◦ 1x Choppa
     ◦ 1x Rokkit pistol
     ◦ 1x Smash hammer
  • 5x Breaka Boy
     ◦ 4x Smash hammer
     ◦ 1x Tankhammer
  • Enhancements: Dead Shiny Shootas (Upgrade)
`;
      const found = check(orks);
      assert.deepStrictEqual(codes(found), [`multiple-enhancements@${line(orks, 'Dead Shiny')}`]);
      assert.match(found[0].message, /Breaka Boyz is in one attached unit with Bigboss, which already has the enhancement Da Gobshot Thunderbuss: an attached unit counts as one unit/);
      // The Upgrade alone on the Bodyguard (ORKS INFANTRY unit only) is fine.
      assert.deepStrictEqual(codes(check(orks.replace('  • Enhancements: Da Gobshot Thunderbuss\n', '').replace('Bigboss (70 Points)', 'Bigboss (55 Points)').replace('(210 points)', '(195 points)'))), []);
    });

    it('the enhancement hover agrees with the check: a BATTLESUIT Commander may take Starflare Ignition System; an Upgrade says what it is', () => {
      const text = `Hunters (100 points)

T’au Empire
Retaliation Cadre (3 Detachment Points)
Purge the Foe
Strike Force (2,000 Points)

CHARACTERS

${commander(100, 'Starflare Ignition System', true)}`;
      assert.deepStrictEqual(codes(check(text)), []);
      const service = createLanguageService();
      const doc = TextDocument.create('file:///hover-starflare.txt', 'army-list', 1, text);
      rules11().ensureList(service.parse(doc), 11);
      service.setRules(rules11().rulesFor(11), 11);
      const hover = (t: string, d = doc) => JSON.stringify(service.hover(d, d.positionAt(d.getText().indexOf(t) + 2))?.contents);
      const h = hover('Starflare');
      assert.match(h, /Commander in Enforcer Battlesuit may take it/);
      assert.doesNotMatch(h, /may not take/);
      const doc2 = TextDocument.create('file:///hover-upgrade.txt', 'army-list', 1, TAU);
      const up = hover('Negation Emitters (Upgrade)', doc2);
      assert.match(up, /Upgrade:\*\* taken by the non-CHARACTER units it names, up to 3 copies/);
      assert.match(up, /Stealth Battlesuits may take it/);
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
