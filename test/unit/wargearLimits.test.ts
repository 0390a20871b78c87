// Per-model wargear limits read from BattleScribe's constraints (issue 31), on real datasheets of five factions in
// both editions' data: each at the datasheet's printed maximum (no finding) and one over it (a finding naming the
// limit). The printed options these follow: Khorne Berzerkers "For every 5 models, up to 1 ... plasma pistol /
// Khornate eviscerator", the Khorne Berzerker Champion takes no eviscerator; Pathfinder Team "up to 3 ... ion rifle
// or rail rifle", "1 ... semi-automatic grenade launcher"; Boyz "For every 10 models, 1 Boy's ... big shoota or rokkit
// launcha"; Acolyte Hybrids with Autopistols "up to 3 ... heavy mining tool (6 in a unit of 10)", "1 ... cult
// icon"; Custodian Wardens "1 ... vexilla". And no such finding on any shared real list (their apps accepted
// them).
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { rulesRouter } from '../../server/src/cli/check';
import { requireShared, sharedPath } from '../support/shared';

const WARGEAR = /^wargear-/;
let p11: RulesProvider | undefined;
let p10: RulesProvider | undefined;

/** The wargear-limit findings of a list, as "line code text" (11th-edition lists against BSData 11e + MFM, else BSData 10th). */
function findings(text: string): string[] {
  p11 ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  p10 ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata')] });
  const service = createLanguageService();
  const doc = TextDocument.create('file:///w.txt', 'army-list', 1, text);
  rulesRouter((e) => (e === 11 ? p11! : p10!), service)(doc);
  return service.diagnostics(doc).filter((d) => WARGEAR.test(String(d.code))).map((d) => `${d.range.start.line + 1} ${d.code} ${doc.getText(d.range)} | ${d.message}`);
}

const codes = (fs: string[]) => fs.map((f) => f.split(' | ')[0]);

/** An 11th-edition app export of one unit (two detachments make the text show its edition). */
const list11 = (faction: string, detachments: string, unit: string[]) => ['Test (1000 points)', '', faction, 'Strike Force (2000 points)', `${detachments} (3 Detachment Points)`, '', ...unit].join('\n');
/** A 10th-edition app export of one unit. */
const list10 = (faction: string, detachment: string, unit: string[]) => ['Test (1000 points)', '', faction, detachment, 'Strike Force (2000 points)', '', 'OTHER DATASHEETS', '', ...unit].join('\n');

describe('per-model wargear limits from BattleScribe constraints: five factions, the legal maximum and one over', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'data', 'bsdata');
  });

  it('World Eaters, Khorne Berzerkers (11th): a plasma pistol and an eviscerator per 5 models; none for the Champion', () => {
    const unit = (models: number, plasma: number, eviscerators: number, champion = '1x Bolt pistol') => list11('World Eaters', 'Berzerker Warband', [
      `Khorne Berzerkers (${models === 10 ? 170 : 330} points)`,
      '  • 1x Khorne Berzerker Champion', '    • 1x Chainblade', `      ${champion}`,
      `  • ${models - 1}x Khorne Berzerker`,
      `    • ${models - 1 - eviscerators}x Chainblade`, `      ${models - 1 - plasma}x Bolt pistol`,
      ...(plasma ? [`      ${plasma}x Plasma pistol`] : []), ...(eviscerators ? [`      ${eviscerators}x Khornate eviscerator`] : []),
    ]);
    // The Champion's own plasma pistol is another entry of the data: not counted.
    assert.deepStrictEqual(findings(unit(10, 2, 2, '1x Plasma pistol')), []);
    assert.deepStrictEqual(codes(findings(unit(10, 3, 2))), ['14 wargear-over-limit Plasma pistol']);
    assert.match(findings(unit(10, 3, 2))[0], /3 Plasma pistols in Khorne Berzerkers \(10 models\): its datasheet allows at most 2 \("Max 1 plasma pistol per 5 models"\)/);
    assert.deepStrictEqual(codes(findings(unit(10, 2, 3))), ['15 wargear-over-limit Khornate eviscerator']);
    assert.deepStrictEqual(findings(unit(20, 4, 4)), []);
    assert.deepStrictEqual(codes(findings(unit(20, 5, 4))), ['14 wargear-over-limit Plasma pistol']);
    // Nine Khorne Berzerkers each with a plasma pistol.
    assert.deepStrictEqual(codes(findings(unit(10, 9, 0))), ['14 wargear-over-limit Plasma pistol']);
    // A loadout no model may carry: the Champion with an eviscerator.
    assert.deepStrictEqual(codes(findings(unit(10, 2, 2, '1x Khornate eviscerator'))), ['10 wargear-not-allowed Khornate eviscerator']);
  });

  it("T'au Empire, Pathfinder Team (11th): up to 3 ion or rail rifles, 1 semi-automatic grenade launcher", () => {
    const unit = (ion: number, rail: number, launchers: number) => list11('T’au Empire', 'Kauyon and Mont’ka', [
      'Pathfinder Team (85 points)',
      "  • 1x Pathfinder Shas'ui", '    • 1x Pulse carbine', '      1x Pulse pistol', '      1x Close combat weapon',
      '  • 9x Pathfinders', `    • ${9 - ion - rail}x Pulse carbine`, '      9x Pulse pistol', '      9x Close combat weapon',
      ...(ion ? [`      ${ion}x Ion rifle`] : []), ...(rail ? [`      ${rail}x Rail rifle`] : []), ...(launchers ? [`      ${launchers}x Semi-automatic grenade launcher`] : []),
    ]);
    assert.deepStrictEqual(findings(unit(2, 1, 1)), []);
    assert.deepStrictEqual(codes(findings(unit(2, 2, 1))).map((f) => f.split(' ').slice(1, 2).join()), ['wargear-over-limit']);
    assert.match(findings(unit(2, 2, 1)).join('\n'), /4 Ion rifle or Rail rifle in Pathfinder Team \(10 models\): its datasheet allows at most 3 \("Special Weapons \(0-3\)"\)/);
    assert.deepStrictEqual(codes(findings(unit(1, 1, 2))), ['18 wargear-over-limit Semi-automatic grenade launcher']);
  });

  it('Orks, Boyz (11th): one big shoota or rokkit launcha per 10 models', () => {
    const unit = (models: number, big: number, rokkit: number) => list11('Orks', 'War Horde and Da Big Hunt', [
      `Boyz (${models === 10 ? 75 : 150} points)`,
      '  • 1x Boss Nob', '    • 1x Big choppa', '      1x Slugga',
      `  • ${models - 1}x Boy`, `    • ${models - 1 - big - rokkit}x Choppa`, `      ${models - 1 - big - rokkit}x Slugga`,
      ...(big ? [`      ${big}x Big shoota`] : []), ...(rokkit ? [`      ${rokkit}x Rokkit launcha`] : []), ...(big + rokkit ? [`      ${big + rokkit}x Close combat weapon`] : []),
    ]);
    assert.deepStrictEqual(findings(unit(10, 0, 1)), []);
    assert.deepStrictEqual(codes(findings(unit(10, 1, 1))), ['15 wargear-over-limit Rokkit launcha']);
    assert.deepStrictEqual(findings(unit(20, 1, 1)), []);
    assert.deepStrictEqual(codes(findings(unit(20, 1, 2))), ['15 wargear-over-limit Rokkit launcha']);
  });

  it('Genestealer Cults, Acolyte Hybrids with Autopistols (10th): 3 heavy mining tools, 6 in a unit of 10; 1 cult icon', () => {
    const unit = (models: number, tools: number, icons: number) => list10('Genestealer Cults', 'Host of Ascension', [
      `Acolyte Hybrids with Autopistols (${models === 5 ? 65 : 130} points)`,
      '  • 1x Acolyte Leader', '     ◦ 1x Autopistol', "     ◦ 1x Leader's bio-weapons",
      `  • ${models - 1}x Acolyte Hybrid`, `     ◦ ${models - 1 - tools - icons}x Autopistol`, `     ◦ ${models - 1 - tools}x Cult claws and knife`,
      ...(tools ? [`     ◦ ${tools}x Heavy mining tool`] : []), ...(icons ? [`     ◦ ${icons}x Cult icon`] : []),
    ]);
    assert.deepStrictEqual(findings(unit(5, 3, 0)), []);
    assert.deepStrictEqual(codes(findings(unit(5, 4, 0))), ['16 wargear-over-limit Heavy mining tool']);
    assert.match(findings(unit(5, 4, 0))[0], /4 Heavy mining tools in Acolyte Hybrids with Autopistols \(5 models\): its datasheet allows at most 3 \("Can only take 3 heavy mining tools with less than 10 models in unit"\)/);
    assert.deepStrictEqual(findings(unit(10, 6, 1)), []);
    assert.deepStrictEqual(codes(findings(unit(10, 7, 1))), ['16 wargear-over-limit Heavy mining tool']);
    assert.deepStrictEqual(codes(findings(unit(10, 5, 2))), ['17 wargear-over-limit Cult icon']);
  });

  it('Adeptus Custodes, Custodian Wardens (10th): one vexilla', () => {
    const unit = (vexillas: number) => list10('Adeptus Custodes', 'Shield Host', [
      'Custodian Wardens (210 points)', '  • 4x Custodian Warden', '     ◦ 4x Guardian spear', ...(vexillas ? [`     ◦ ${vexillas}x Vexilla`] : []),
    ]);
    assert.deepStrictEqual(findings(unit(1)), []);
    assert.deepStrictEqual(codes(findings(unit(2))), ['12 wargear-over-limit Vexilla']);
  });
});

describe('per-model wargear limits: no finding where the apps accepted the list', function () {
  this.timeout(300000);

  it('the shared real lists (10th against BSData 10th, 11th against BSData 11e + MFM)', function () {
    requireShared(this, 'lists');
    requireShared(this, 'lists-11e');
    requireShared(this, 'data', 'bsdata-11e');
    const found: string[] = [];
    for (const folder of ['lists', 'lists-11e']) {
      for (const file of fs.readdirSync(sharedPath(folder)).filter((f) => f.endsWith('.txt'))) {
        for (const f of findings(fs.readFileSync(sharedPath(folder, file), 'utf8'))) found.push(`${file}:${f}`);
      }
    }
    assert.deepStrictEqual(found, []);
  });
});
