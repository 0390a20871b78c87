// Attached units as New Recruit writes them (11th edition): the GW export's `Attached Units` block of
// `Attached Unit N` groups, and the tournament export's `Leading X[n]` / `Attached to Y` lines. Both give
// the list's `attachments` as the official app's block does. The GW fixture is written here (the army of
// ../shared/lists-11e/nrgw11_worldeaters_2.txt in New Recruit's block shape); the tournament one is the
// shared nrtournament11 list with the lines New Recruit adds for its attachments.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList } from '../../server/src/service/domain/parse/ast';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { attachedUnits } from '../../server/src/service/domain/stratagems/eligibility';
import { requireShared, sharedPath } from '../support/shared';
import { checkSpans } from './parse-helpers';

const BANNER = `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Chaos - World Eaters
+ DETACHMENT: Berzerker Warband (Relentless Rage)
+ FORCE DISPOSITION: Purge the Foe
+ TOTAL ARMY POINTS: 575pts
+
+ WARLORD: Char1: Khârn the Betrayer
+ ENHANCEMENT: Battle-lust (on Char2: Slaughterbound)
+ NUMBER OF UNITS: 5
+++++++++++++++++++++++++++++++++++++++++++++++
`;

const NR_GW_BLOCK = `${BANNER}
Attached Units
Attached Unit 1

Khârn the Betrayer (115 pts)
• Attached as: Leader (Character)
• 1x Gorechild
• 1x Plasma pistol
• Warlord

Khorne Berzerkers (170 pts)
• Attached as: Bodyguard
• 1x Khorne Berzerker Champion
    • 1x Chainblade
    • 1x Bolt pistol
• 9x Khorne Berzerker
    • 7x Bolt pistol
    • 7x Chainblade
    • 2x Plasma pistol
    • 2x Khornate eviscerator
    • Icon of Khorne

Attached Unit 2

Slaughterbound (120 pts)
• Attached as: Leader (Character)
• 1x Lacerator and daemonic claw
• Battle-lust (+20 pts)

Exalted Eightbound (130 pts)
• Attached as: Bodyguard
• 1x Exalted Eightbound Champion
    • 1x Chainblades
• 2x Exalted Eightbound
    • 2x Chainblades

OTHER DATASHEETS

Maulerfiend (140 pts)
• 1x Maulerfiend fists
• 2x Magma cutter

Created with newrecruit.eu v35.51
`;

/** Each attachment as "leaders + supports > bodyguard", by unit name and first line. */
function groups(l: ArmyList, text: string): string[] {
  const line = (off: number) => text.slice(0, off).split('\n').length;
  return (l.attachments ?? []).map(
    (a) => `${[...a.leaders, ...a.supports].map((u) => `${u.name.text}@${line(u.span.start)}`).join(' + ')} > ${a.bodyguard ? `${a.bodyguard.name.text}@${line(a.bodyguard.span.start)}` : '?'}`,
  );
}

/** The shared tournament export with New Recruit's attachment lines, as its exporter writes them. */
function tournamentWithAttachments(): string {
  let t = fs.readFileSync(sharedPath('lists-11e', 'nrtournament11_worldeaters_2.txt'), 'utf8');
  const after = (anchor: string, add: string, nth = 1) => {
    let at = -1;
    for (let i = 0; i < nth; i++) at = t.indexOf(anchor, at + 1);
    assert.ok(at >= 0, `anchor ${anchor} #${nth}`);
    const end = at + anchor.length;
    t = `${t.slice(0, end)}\n${add}${t.slice(end)}`;
  };
  after('Warlord, Gorechild, Plasma pistol', 'Leading Khorne Berzerkers[1]');
  after("Coward's Bane", 'Leading Khorne Berzerkers[2]');
  after('Enhancement: Battle-lust (+20 pts)', 'Leading Exalted Eightbound');
  after('• 1x Khorne Berzerker Champion: Chainblade, Plasma pistol', '  Attached to Khârn the Betrayer', 1);
  after('• 1x Khorne Berzerker Champion: Chainblade, Plasma pistol', '  Attached to Lord Invocatus', 2);
  after('• 2x Exalted Eightbound: 2 with Chainblades', '  Attached to Slaughterbound');
  return t;
}

let provider: RulesProvider | undefined;
/** The findings `auspex check` gives against BSData 11e + MFM v1.1, as `code@line`. */
function check(text: string): string[] {
  const service = createLanguageService();
  const doc = TextDocument.create('file:///attached.txt', 'army-list', 1, text);
  provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  provider.ensureList(service.parse(doc), 11);
  service.setRules(provider.rulesFor(11), 11);
  return service.diagnostics(doc).map((d) => `${d.code}@${d.range.start.line + 1}`);
}

describe('parse: New Recruit attached units (11th edition)', function () {
  it('the GW export\'s Attached Units block: groups, roles, and no "Attached as" model', function () {
    const l = parseArmyList(NR_GW_BLOCK);
    assert.strictEqual(l.format, 'nrgw');
    assert.deepStrictEqual(l.errors, []);
    assert.strictEqual(l.editionShown, 11);
    checkSpans(l, NR_GW_BLOCK);
    assert.deepStrictEqual(groups(l, NR_GW_BLOCK), ['Khârn the Betrayer@15 > Khorne Berzerkers@21', 'Slaughterbound@35 > Exalted Eightbound@40']);
    assert.deepStrictEqual(l.attachments!.map((a) => a.header?.text), ['Attached Unit 1', 'Attached Unit 2']);
    const zerks = l.units.find((u) => u.name.text === 'Khorne Berzerkers')!;
    assert.deepStrictEqual(zerks.models.map((m) => `${m.count}x ${m.name.text}`), ['1x Khorne Berzerker Champion', '9x Khorne Berzerker'], 'ten models, not eleven');
    assert.strictEqual(zerks.attachedAs?.role, 'bodyguard');
    const slaughter = l.units.find((u) => u.name.text === 'Slaughterbound')!;
    assert.deepStrictEqual(slaughter.enhancements.map((e) => `${e.name.text} +${e.points}`), ['Battle-lust +20']);
    assert.strictEqual(l.units.find((u) => u.name.text === 'Maulerfiend')!.attachedAs, undefined);
    // The stratagem and hover features see the same attachments.
    assert.deepStrictEqual(attachedUnits(l, zerks).map((u) => u.name.text), ['Khârn the Betrayer']);
  });

  it('the tournament export\'s "Leading X[n]" / "Attached to Y" lines: the same attachments, not wargear', function () {
    requireShared(this, 'lists-11e', 'nrtournament11_worldeaters_2.txt');
    const text = tournamentWithAttachments();
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    checkSpans(l, text);
    assert.deepStrictEqual(groups(l, text), ['Khârn the Betrayer@14 > Khorne Berzerkers@24', 'Lord Invocatus@16 > Khorne Berzerkers@32', 'Slaughterbound@20 > Exalted Eightbound@57']);
    const gear = l.units.flatMap((u) => [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]).map((w) => w.name.text);
    assert.ok(!gear.some((g) => /^(Leading|Attached to)\b/.test(g)), `no attachment line read as wargear: ${gear.filter((g) => /Lead|Attach/.test(g))}`);
    assert.deepStrictEqual(l.units.filter((u) => u.attachedAs).map((u) => `${u.name.text}:${u.attachedAs!.role}`).sort(), [
      'Exalted Eightbound:bodyguard',
      'Khorne Berzerkers:bodyguard',
      'Khorne Berzerkers:bodyguard',
      'Khârn the Betrayer:leader',
      'Lord Invocatus:leader',
      'Slaughterbound:leader',
    ]);
  });

  it('a bare "Leading X" with several units of that name is settled by the Bodyguard\'s "Attached to"; an unresolvable one is an error', function () {
    const head = BANNER.replace('NUMBER OF UNITS: 5', 'NUMBER OF UNITS: 3');
    const body = (lead: string, back: string) =>
      `${head}\nChar1: 1x Khârn the Betrayer (115 pts): Warlord, Gorechild, Plasma pistol\n${lead}\n\n` +
      `10x Khorne Berzerkers (170 pts)\n• 10x Khorne Berzerker: 10 with Bolt pistol, Chainblade\n` +
      `10x Khorne Berzerkers (170 pts)\n• 10x Khorne Berzerker: 10 with Bolt pistol, Chainblade\n${back}\n`;
    const ok = body('Leading Khorne Berzerkers', '  Attached to Khârn the Betrayer');
    const l = parseArmyList(ok);
    assert.deepStrictEqual(l.errors, []);
    assert.deepStrictEqual(groups(l, ok), ['Khârn the Betrayer@12 > Khorne Berzerkers@17']);
    const bad = parseArmyList(body('Leading Khorne Berzerkers[3]', ''));
    assert.deepStrictEqual(bad.errors.map((e) => e.code), ['leader-target-missing']);
    assert.match(bad.errors[0].message, /the list has 2 units of that name/);
    assert.deepStrictEqual(bad.attachments ?? [], []);
  });

  it('checked against BSData 11e + MFM v1.1: no parse, size or attachment finding on either export', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'lists-11e', 'nrtournament11_worldeaters_2.txt');
    for (const text of [NR_GW_BLOCK, tournamentWithAttachments()]) {
      const found = check(text).filter((f) => /^(parse-error|unit-size|model-count|attached-|leader-)/.test(f));
      assert.deepStrictEqual(found, []);
    }
  });
});
