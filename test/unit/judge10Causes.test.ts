// Each cause of a false or missed 10th-edition finding on real lists, on a minimal list checked against the
// real Wahapedia export (../shared/data/wahapedia): the rule in general, not the shared list it was seen in.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { detachmentGrants } from '../../server/src/service/domain/rules/detachmentGrants';
import { listPoints } from '../../server/src/service/features/report';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { requireShared, sharedPath } from '../support/shared';

let provider: RulesProvider | undefined;

/** The errors and warnings of a list, as "line code text-at-range". */
function findings(text: string): string[] {
  provider ??= new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
  const service = createLanguageService();
  const doc = TextDocument.create('file:///t.txt', 'army-list', 1, text);
  provider.ensureList(service.parse(doc));
  service.setRules(provider.rules());
  return service
    .diagnostics(doc)
    .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
    .map((d) => `${d.range.start.line + 1} ${d.code} ${doc.getText(d.range)}`);
}

describe('judge (10th edition): causes of false findings, on minimal lists', function () {
  this.timeout(60000);
  beforeEach(function () {
    requireShared(this, 'data', 'wahapedia');
  });

  it("New Recruit's simple export: an enhancement written as a wargear token is priced as the enhancement", function () {
    const text = [
      'Chaos - World Eaters - Test - [300 pts]', '', '# ++ Army Roster ++ [300 pts]', '## Configuration',
      'Battle Size: Strike Force (2000 Point limit)', 'Detachment: Berzerker Warband', '',
      '## Character [300 pts]',
      'Daemon Prince of Khorne [215 pts]: Warlord, Favoured of Khorne, Hellforged weapons, Infernal cannon',
      'Slaughterbound [85 pts]: Lacerator and daemonic claw',
    ].join('\n');
    assert.deepStrictEqual(findings(text), []);
    // The event report's computed total reads the list as the checks do: 215 + 85.
    assert.deepStrictEqual(listPoints(parseArmyList(text), new RulesIndex(provider!.rules())), { computed: 300, unpriced: 0 });
    // The same token priced wrong is still found, as a price including the enhancement.
    // The total is the roster line's (line 3): the title's points are the limit.
    assert.deepStrictEqual(findings(text.replace('[215 pts]', '[200 pts]')), ['9 points-mismatch 200', '3 total-mismatch 300']);
  });

  it("a unit's own name among its wargear (New Recruit) is no wargear", function () {
    const text = [
      '+++++++', '+ FACTION KEYWORD: Xenos - T\'au Empire', '+ DETACHMENT: Retaliation Cadre', '+ TOTAL ARMY POINTS: 175pts', '+++++++', '',
      'Char1: 1x Commander Farsight (85 pts): Warlord, Dawn Blade, High-intensity plasma rifle', '',
      '10x Pathfinder Team (90 pts)', '• 9x Pathfinders', '    9 with Pathfinder Team, Close combat weapon, Pulse carbine, Pulse pistol',
      '• 1x Pathfinder Shas\'ui: Close combat weapon, Pulse carbine, Pulse pistol',
    ].join('\n');
    assert.deepStrictEqual(findings(text).filter((f) => f.includes('unknown-wargear')), []);
  });

  it("a weapon an option without profile brings (a T'au drone's) is not foreign; an option the datasheet lacks still is", function () {
    const unit = (suit: string, item: string, total = 275) => [
      `Black Tie (${total} points)`, '', 'T’au Empire', 'Strike Force (2000 points)', 'Retaliation Cadre', '', 'CHARACTERS', '',
      'Commander Farsight (85 points)', '  • Warlord', '  • 1x Dawn Blade', '    1x High-intensity plasma rifle', '', 'OTHER DATASHEETS', '',
      ...suit.split('\n').map((l) => l.replace('ITEM', item)),
    ].join('\n');
    const riptide = 'Riptide Battlesuit (190 points)\n  • 1x Ion accelerator\n    1x Riptide fists\n    1x Twin smart missile system\n    2x ITEM';
    // The Riptide may take missile drones, which the export gives no profile: their missile pods cannot be refused.
    assert.deepStrictEqual(findings(unit(riptide, 'Missile pod')), []);
    // A shield drone is no option of Stealth Battlesuits, and no weapon: still found.
    const stealth = 'Stealth Battlesuits (110 points)\n  • 1x Stealth Shas’vre\n    • 1x Battlesuit fists\n      1x Burst cannon\n      1x ITEM\n  • 4x Stealth Shas’ui\n    • 4x Battlesuit fists\n      4x Burst cannon';
    assert.deepStrictEqual(findings(unit(stealth, 'Shield Drone', 195)), ['20 unknown-wargear Shield Drone']);
    // A weapon no datasheet of the faction has is still found, drones or not.
    assert.deepStrictEqual(findings(unit(riptide, 'Lascannon')), ['20 unknown-wargear Lascannon']);
  });

  it('a datasheet that must be the Warlord is the Warlord when the list marks none', function () {
    const text = [
      'Test (360 Points)', '', 'World Eaters', 'Berzerker Warband', 'Strike Force (2000 Points)', '', 'CHARACTERS', '',
      'Angron (360 Points)', '  • 1x Samni’arius and Spinegrinder', '',
    ].join('\n');
    assert.deepStrictEqual(findings(text), []);
    // Another character alone is no Warlord.
    assert.deepStrictEqual(findings(text.replace('Angron (360', 'Lord Invocatus (110').replace(/Samni.*/, 'Coward’s Bane').replace('360 Points', '110 Points')).map((f) => f.split(' ')[1]), ['no-warlord']);
  });

  it('BattleScribe text: an option group counting more models than it lists leaves the size open; the price must be one of a legal size', function () {
    const text = (pts: number) => [
      `++ Army Roster (Chaos - World Eaters) [${360 + pts}pts] ++`, '', '+ Configuration +', '', 'Battle Size: 2. Strike Force (2000 Point limit)', '',
      'Detachment Choice: Berzerker Warband', '', '+ Epic Hero +', '', 'Angron [360pts]', '', '+ Battleline +', '',
      `Jakhals [${pts}pts]: Icon of Khorne`, '. B: 1 mauler chainblade, 7 chainblades', '. . 7x Jakhals: 7x Autopistol, 7x Chainblades', '. Dishonoured w/ skullsmasher',
    ].join('\n');
    assert.deepStrictEqual(findings(text(65)), []);
    assert.deepStrictEqual(findings(text(140)), []);
    assert.deepStrictEqual(findings(text(70)), ['15 points-mismatch 70']);
  });

  it("a faction's own datasheet under a keyword of its own is priced from that faction's copy (Kairos in a Thousand Sons list)", function () {
    const text = (kairos: number) => [
      `TS (${kairos + 250} Points)`, '', 'Thousand Sons', 'Warpforged Cabal', 'Strike Force (2,000 Points)', '', 'CHARACTERS', '',
      `Kairos Fateweaver (${kairos} Points)`, '  • Warlord', '  • 1x Infernal Gateway', '  • 1x Staff of Tomorrow', '',
      'Lord of Change (250 Points)', '  • 1x Bolt of Change', '  • 1x Rod of sorcery', '  • 1x Staff of Tzeentch',
    ].join('\n');
    // The Thousand Sons copies (SCINTILLATING LEGIONS): 260 and 250, not the Chaos Daemons' 270 and 260; the army's own units.
    assert.deepStrictEqual(findings(text(260)), []);
    assert.deepStrictEqual(findings(text(270)), ['9 points-mismatch 270']);
  });

  it("keywords a detachment's rule text grants: War Dogs are BATTLELINE in Houndpack Lance, and CHARACTER for the three selected; a trailing \"Detachment\" is no part of the name", function () {
    const text = (detachment: string, dogs: number) => {
      const lines = [`Dogs (${dogs * 150} Points)`, '', 'Chaos Knights', detachment, 'Strike Force (2,000 Points)', '', 'OTHER DATASHEETS', ''];
      for (let i = 0; i < dogs; i++) lines.push('War Dog Karnivore (150 Points)', ...(i === 0 ? ['  • Warlord'] : []), '  • 1x Diabolus heavy stubber', '  • 1x Reaper chaintalon', '  • 1x Slaughterclaw', '');
      return lines.join('\n');
    };
    assert.deepStrictEqual(findings(text('Houndpack Lance Detachment', 4)), []);
    assert.deepStrictEqual(findings(text('Houndpack Lance', 6)), []);
    // Six copies at most even as BATTLELINE.
    assert.deepStrictEqual(findings(text('Houndpack Lance', 7)).map((f) => f.split(' ')[1]), ['too-many-datasheet']);
    // Another detachment grants nothing: the War Dog is no CHARACTER and the Rule of Three holds.
    assert.deepStrictEqual(findings(text('Traitoris Lance', 4)).map((f) => f.split(' ')[1]), ['warlord-not-character', 'too-many-datasheet']);
  });

  it('units a detachment lets the army include ("You can include SCINTILLATING LEGIONS units") are its own; elsewhere they are allies, said once', function () {
    const text = (detachment: string) => [
      'TS (510 Points)', '', 'Thousand Sons', detachment, 'Strike Force (2,000 Points)', '', 'CHARACTERS', '',
      'Kairos Fateweaver (260 Points)', '  • Warlord', '  • 1x Infernal Gateway', '  • 1x Staff of Tomorrow', '',
      'Lord of Change (250 Points)', '  • 1x Bolt of Change', '  • 1x Rod of sorcery', '  • 1x Staff of Tzeentch',
    ].join('\n');
    assert.deepStrictEqual(findings(text('Changehost of Deceit')), []);
    assert.deepStrictEqual(findings(text('Warpforged Cabal')), []);
  });

  it('a size with two prices (Agents of the Imperium): the Assigned Agent price for an ally, the detachment price in its own army', function () {
    const allied = [
      'Agents (355 points)',
      '',
      'Adepta Sororitas',
      'Hallowed Martyrs',
      'Strike Force (2000 points)',
      '',
      'CHARACTERS',
      '',
      'Canoness (50 points)',
      '  • Warlord',
      '  • 1x Hallowed chainsword',
      '    1x Bolt pistol',
      '',
      'ALLIED UNITS',
      '',
      'Grey Knights Terminator Squad (210 points)',
      '  • 1x Terminator Justicar',
      '     ◦ 1x Storm bolter',
      '  • 4x Grey Knights Terminators',
      '     ◦ 4x Storm bolter',
      '',
      'Inquisitor Draxus (95 points)',
      '  • 1x Psychic Tempest',
    ].join('\n');
    // Grey Knights Terminator Squad: 210 as an Assigned Agent, 190 in an Agents of the Imperium army; Inquisitor Draxus 95 / 75.
    assert.deepStrictEqual(findings(allied), []);
    assert.deepStrictEqual(findings(allied.replace('(210 points)', '(190 points)').replace('(355 points)', '(335 points)')), ['16 points-mismatch 190']);
    const own = allied.replace('Agents (355', 'Agents (320').replace('Adepta Sororitas', 'Imperial Agents').replace('Hallowed Martyrs', 'Ordo Malleus Daemon Hunters')
      .replace('ALLIED UNITS', 'OTHER DATASHEETS').replace('Canoness (50 points)', 'Inquisitor (55 points)').replace('(210 points)', '(190 points)').replace('(95 points)', '(75 points)')
      .replace('  • 1x Hallowed chainsword\n    1x Bolt pistol\n', '');
    assert.deepStrictEqual(findings(own), []);
  });

  it('a price naming several models ("6 Wolf Guard Headtakers and 6 Hunting Wolves") counts them all, and fits the unit whose models it names', function () {
    const text = (units: [number, number, number][]) => {
      const lines = [
        `Wolves (${100 + units.reduce((n, u) => n + u[2], 0)} Points)`, '', 'Space Marines', 'Space Wolves', 'Saga of the Hunter', 'Strike Force (2,000 Points)', '',
        'CHARACTERS', '', 'Ragnar Blackmane (100 Points)', '  • Warlord', '  • 1x Frostfang', '  • 1x Bolt pistol', '', 'OTHER DATASHEETS', '',
      ];
      for (const [headtakers, wolves, points] of units) {
        lines.push(`Wolf Guard Headtakers (${points} Points)`, `  • ${headtakers}x Wolf Guard Headtaker`, `     ◦ ${headtakers}x Heavy bolt pistol`, `     ◦ ${headtakers}x Master-crafted power weapon`);
        if (wolves) lines.push(`  • ${wolves}x Hunting Wolves`, `     ◦ ${wolves}x Teeth and claws`);
        lines.push('');
      }
      return lines.join('\n');
    };
    // 12 models at 220, 6 Headtakers at 170, 3 and 3 at 110 (both 6 models).
    assert.deepStrictEqual(findings(text([[6, 6, 220], [6, 0, 170], [3, 3, 110]])), []);
    assert.deepStrictEqual(findings(text([[6, 0, 110]])), ['17 points-mismatch 110']);
  });

  it('BattleScribe text: a model line counted by its wargear ("Geminae Superia: 2x ...") and a line heading counted model lines', function () {
    const text = [
      '++ Army Roster (Imperium - Adepta Sororitas) [230pts] ++', '', '+ Configuration +', '', 'Battle Size: 2. Strike Force (2000 Point limit)', '',
      'Detachment Choice: Hallowed Martyrs', '', '+ Epic Hero +', '',
      'Saint Celestine [150pts]: Warlord', '. Celestine: The Ardent Blade', '. Geminae Superia: 2x Bolt pistol, 2x Power weapon', '',
      '+ Infantry +', '', 'Crusaders [80pts]', '. Crusaders', '. . 4x Crusader: 4x Power weapon', '', '++ Total: [230pts] ++',
    ].join('\n');
    // Crusaders are a Legends datasheet (an info, not counted here); the sizes are 3 and 4, as priced.
    assert.deepStrictEqual(findings(text), []);
  });

  it("detachment grants read from the real rule texts: named units, selected units, exclusions, units included", function () {
    provider ??= new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    for (const f of ['Tyranids', 'Aeldari', 'World Eaters', 'Chaos Knights']) provider.ensureFaction(f);
    const grants = (name: string) => {
      const d = provider!.rules().detachments.find((x) => x.name === name);
      assert.ok(d, name);
      return detachmentGrants(d);
    };
    assert.deepStrictEqual(grants('Subterranean Assault').keywords, [
      { to: ['TRYGON'], excluding: [], add: ['CHARACTER'], upTo: 2 },
      { to: ['MAWLOC', 'TRYGON'], excluding: [], add: ['BURROWER'] },
    ]);
    assert.deepStrictEqual(grants('Devoted of Ynnead'), { keywords: [{ to: ['ASURYANI'], excluding: ['EPIC HEROES'], add: ['YNNARI'] }], include: ['YNNARI'] });
    assert.deepStrictEqual(grants('Khorne Daemonkin').include, ['BLOOD LEGIONS']);
    assert.deepStrictEqual(grants('Berzerker Warband'), { keywords: [], include: [] });
  });
});
