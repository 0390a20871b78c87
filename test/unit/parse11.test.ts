// 11th-edition exports: the real lists of ../shared/lists-11e (skipped when absent) and small hand-written
// fixtures for every quirk, so the parser is tested without ../shared too.
import * as assert from 'assert';
import * as fs from 'fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { toParseJson } from '../../server/src/service/domain/parse/json';
import { listEdition } from '../../server/src/service/domain/editions';
import { normalizeName } from '../../server/src/service/domain/text/normalize';
import { checkSpans } from './parse-helpers';
import { requireShared, sharedPath } from '../support/shared';

const sumPoints = (l: ArmyList) => l.units.reduce((a, u) => a + (u.points?.value ?? 0), 0);
const names = (us: Unit[]) => us.map((u) => u.name.text);
/** The manifest names formats by exporter; the parser by format family. */
const FORMAT: Record<string, string> = { gwapp11: 'gwapp2', nrgw: 'nrgw', nrtournament: 'wtccompact', warorgan: 'warorgan', 'warorgan-gw': 'warorganapp' };

/** Wargear names as the exporters spell them differently: case, "&" for "and", a plural "s". */
const gearKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/s$/, '');
/** A unit as every export must give it: name, points, model count, wargear totals. */
function unitKey(u: Unit): string {
  const gear = new Map<string, number>();
  for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) gear.set(gearKey(w.name.text), (gear.get(gearKey(w.name.text)) ?? 0) + w.count);
  const models = u.models.reduce((a, m) => a + m.count, 0);
  return `${normalizeName(u.name.text)} ${u.points?.value} m${models}: ${[...gear].sort().map(([k, n]) => `${n} ${k}`).join(', ')}`;
}

describe('parse 11th edition: the shared lists (../shared/lists-11e, MANIFEST.csv)', function () {
  const rows: Array<Record<string, string>> = [];
  const read = (f: string) => fs.readFileSync(sharedPath('lists-11e', f), 'utf8');
  before(function () {
    requireShared(this, 'lists-11e', 'MANIFEST.csv');
    rows.push(...(parseCsv(read('MANIFEST.csv'), { columns: true }) as Array<Record<string, string>>));
    assert.strictEqual(rows.length, 10, 'manifest rows');
  });

  it('every list parses with the manifest format, units, points, faction, detachments, battle size and no error', function () {
    for (const r of rows) {
      const text = read(r.file);
      const l = parseArmyList(text);
      assert.deepStrictEqual(l.errors, [], `${r.file}: errors`);
      assert.strictEqual(l.format, FORMAT[r.format], `${r.file}: format`);
      assert.strictEqual(l.units.length, Number(r.unit_count), `${r.file}: unit count`);
      assert.strictEqual(sumPoints(l), Number(r.stated_total_points), `${r.file}: sum of unit points`);
      assert.strictEqual(l.statedPoints?.value, Number(r.stated_total_points), `${r.file}: stated total`);
      assert.strictEqual(l.editionShown, 11, `${r.file}: the text shows the 11th edition`);
      assert.strictEqual(listEdition(l, 'auto'), Number(r.edition), `${r.file}: edition`);
      const faction = [l.superFaction?.text, l.faction?.text].filter(Boolean).join(' / ');
      // "Space Marines / Dark Angels": a chapter under Space Marines; New Recruit's "Chaos - World Eaters" has a super-faction the manifest leaves out.
      const got = r.faction.includes('/') ? faction : l.faction?.text ?? '';
      assert.strictEqual(normalizeName(got), normalizeName(r.faction), `${r.file}: faction`);
      // "Darkflight Pursuit + Inner Circle Task Force (3 DP)", "Berzerker Warband (3/3 DP)".
      const dp = /\((\d+)(?:\/(\d+))? DP\)$/.exec(r.detachments);
      const wantDetachments = r.detachments.replace(/\s*\([^)]*\)$/, '').split(' + ');
      assert.deepStrictEqual(l.detachments.map((d) => d.text), wantDetachments, `${r.file}: detachments`);
      assert.strictEqual(l.detachmentPointsStated?.total.value, dp ? Number(dp[1]) : undefined, `${r.file}: stated DP`);
      assert.strictEqual(l.detachmentPointsStated?.allowance?.value, dp?.[2] ? Number(dp[2]) : undefined, `${r.file}: DP allowance`);
      // New Recruit's banner states no battle size.
      if (!r.format.startsWith('nr')) assert.strictEqual(l.battleSize?.english ?? l.battleSize?.name.text, r.battle_size, `${r.file}: battle size`);
      assert.ok(checkSpans(l, text) > l.units.length, `${r.file}: spans checked`);
    }
  });

  it('the five *_worldeaters_2 exports give the same units, model counts, wargear and points (where the exports agree)', function () {
    const files = rows.map((r) => r.file).filter((f) => f.includes('worldeaters_2'));
    assert.strictEqual(files.length, 5);
    const keys = new Map(files.map((f) => [f, parseArmyList(read(f)).units.map(unitKey).sort()]));
    const app = keys.get('gwapp11_worldeaters_2.txt')!;
    assert.deepStrictEqual(keys.get('gwapp11fr_worldeaters_2.txt'), app, 'French = English');
    // Where the exports themselves disagree (read by hand): the app gives the Maulerfiend lasher tendrils where
    // the others give two magma cutters, and New Recruit gives one Berzerker Champion a bolt pistol, not a plasma pistol.
    const maulerApp = 'maulerfiend 140 m1: 1 lasher tendril, 1 maulerfiend fist';
    const maulerOthers = 'maulerfiend 140 m1: 2 magma cutter, 1 maulerfiend fist';
    const berzerkerApp = 'khorne berzerkers 170 m10: 7 bolt pistol, 8 chainblade, 1 icon of khorne, 2 khornate eviscerator, 3 plasma pistol';
    const berzerkerNr = 'khorne berzerkers 170 m10: 8 bolt pistol, 8 chainblade, 1 icon of khorne, 2 khornate eviscerator, 2 plasma pistol';
    const swap = (ks: string[], from: string, to: string) => {
      const i = ks.indexOf(from);
      assert.ok(i >= 0, `expected "${from}"`);
      return [...ks.slice(0, i), to, ...ks.slice(i + 1)].sort();
    };
    assert.deepStrictEqual(swap(keys.get('warorgan11_worldeaters_2.txt')!, maulerOthers, maulerApp), app, 'War Organ');
    for (const nr of ['nrgw11_worldeaters_2.txt', 'nrtournament11_worldeaters_2.txt'])
      assert.deepStrictEqual(swap(swap(keys.get(nr)!, maulerOthers, maulerApp), berzerkerNr, berzerkerApp), app, nr);
    assert.strictEqual(app.length, 17);
    // Warlord and enhancements agree in all five.
    for (const f of files) {
      const l = parseArmyList(read(f));
      assert.deepStrictEqual(l.units.filter((u) => u.warlord).map((u) => normalizeName(u.name.text)), ['kharn the betrayer'], `${f}: Warlord`);
      const enh = l.units.flatMap((u) => u.enhancements.map((e) => `${normalizeName(u.name.text)}: ${gearKey(e.name.text)}`)).sort();
      assert.deepStrictEqual(enh, ['master of executions: berzerker glaive', 'slaughterbound: battle-lust'], `${f}: enhancements`);
    }
  });

  it('reads the Attached Units block: Leaders, Supports and their Bodyguard unit', function () {
    const we = parseArmyList(read('gwapp11_worldeaters_2.txt'));
    const groups = (l: ArmyList) => l.attachments!.map((a) => `${a.header?.text}: ${names(a.leaders)} + ${names(a.supports)} → ${a.bodyguard?.name.text}`);
    assert.deepStrictEqual(groups(we), [
      'Attached Unit 1: Khârn the Betrayer +  → Khorne Berzerkers',
      'Attached Unit 2: Slaughterbound +  → Exalted Eightbound',
      'Attached Unit 3: Lord Invocatus +  → Khorne Berzerkers',
      'Attached Unit 4: Master of Executions +  → Khorne Berzerkers',
    ]);
    assert.deepStrictEqual(we.units.slice(0, 2).map((u) => u.attachedAs?.role), ['leader', 'bodyguard']);
    assert.strictEqual(we.units[1].attachedAs?.text.text, 'Attached as: Bodyguard (Battleline)');
    assert.deepStrictEqual(groups(parseArmyList(read('gwapp11fr_worldeaters_2.txt'))), groups(we).map((g) => g.replace(/^Attached Unit (\d)/, 'Unité $1 Attachée')));
    const da = parseArmyList(read('gwapp11_darkangels_1.txt'));
    assert.deepStrictEqual(groups(da), [
      'Attached Unit 1:  + Ancient in Terminator Armour → Deathwing Knights',
      'Attached Unit 2:  + Ancient in Terminator Armour → Deathwing Terminator Squad',
    ]);
    const orks = parseArmyList(read('gwapp11_orks_1.txt'));
    assert.strictEqual(orks.attachments!.length, 5);
    assert.deepStrictEqual(names(orks.attachments![3].supports), ['Bannernob']);
    assert.strictEqual(orks.attachments![0].bodyguard?.attachedAs?.text.text, 'Attached as: Bodyguard ()');
    // Attached units keep their models and wargear ("Attached as" is neither).
    const kharn = we.units[0];
    assert.ok(kharn.warlord);
    assert.deepStrictEqual(kharn.models[0].wargear.map((w) => w.name.text), ['Gorechild', 'Plasma pistol']);
    assert.deepStrictEqual(kharn.notes, []);
  });

  it('keeps the app data version, the force dispositions and a chapter under Space Marines', function () {
    const orks = parseArmyList(read('gwapp11_orks_1.txt'));
    assert.strictEqual(orks.dataVersion?.text, 'v886');
    assert.deepStrictEqual(orks.forceDispositions!.map((d) => d.text), ['Purge the Foe', 'Take and Hold']);
    assert.strictEqual(parseArmyList(read('gwapp11fr_worldeaters_2.txt')).forceDispositions![0].text, 'Éliminez l’Adversaire');
    assert.strictEqual(parseArmyList(read('gwapp11_worldeaters_2.txt')).dataVersion?.text, 'v925');
    const da = parseArmyList(read('gwapp11_darkangels_1.txt'));
    assert.deepStrictEqual([da.superFaction?.text, da.faction?.text], ['Space Marines', 'Dark Angels']);
    assert.deepStrictEqual(da.forceDispositions!.map((d) => d.text), ['Priority Assets', 'Reconnaissance']);
    const nr = parseArmyList(read('nrgw11_worldeaters_2.txt'));
    assert.deepStrictEqual(nr.forceDispositions!.map((d) => d.text), ['Purge the Foe']);
    assert.strictEqual(parseArmyList(read('warorgan11_worldeaters_2.txt')).forceDispositions![0].text, 'Purge The Foe');
  });
});

// ---- hand-written fixtures (one per quirk) ---------------------------------------------------------------

/** App v2, English: two detachments joined by "and", "Force Dispositions:" with a trailing comma, battle size after. */
const APP_V2 = `Iron Vigil (1,010 Points)

Space Marines
Imperial Fists
Anvil Siege Force and Vanguard Spearhead (3 Detachment Points)
Force Dispositions: Take and Hold, Reconnaissance,
Incursion (1,000 Points)

ATTACHED UNITS

Attached unit 1

Captain (80 Points)
  • Attached as: Leader (Character)
  • Warlord
  • 1x Master-crafted power weapon
  • 1x Heavy bolt pistol
  • Enhancements: Bolter Discipline

Lieutenant (65 Points)
  • Attached as: Support (Character)
  • 1x Master-crafted bolt rifle

Intercessor Squad (160 Points)
  • Attached as: Bodyguard (Battleline)
  • 1x Intercessor Sergeant
     ◦ 1x Bolt rifle
     ◦ 1x Close combat weapon
  • 9x Intercessor
     ◦ 9x Bolt rifle
     ◦ 9x Close combat weapon

Attached unit 2

Apothecary (50 Points)
  • Attached as: Leader (Character)
  • 1x Absolvor bolt pistol

Hellblaster Squad (230 Points)
  • Attached as: Bodyguard ()
  • 5x Hellblaster
     ◦ 5x Plasma incinerator

CHARACTERS

Chaplain (60 Points)
  • 1x Crozius arcanum

OTHER DATASHEETS

Redemptor Dreadnought (210 Points)
  • 1x Macro plasma incinerator
  • 1x Redemptor fist

Infiltrator Squad (155 Points)
  • 5x Infiltrator
     ◦ 5x Marksman bolt carbine

Exported with App Version: v2.3.1 (17), Data Version: v901`;

/** App v2, French: "Points de Détachement", bare disposition, "Force de Frappe", "Unités Attachées", v1-style body (dialect B). */
const APP_V2_FR = `Croisade Rouge (170 points)

World Eaters
Force de Frappe (2000 points)
Berzerker Warband (3 Points de Détachement)
Dispositions des Forces : Éliminez l’Adversaire

Unités Attachées
Unité 1 Attachée

Slaughterbound (95 points)
• Attachée en tant que : Meneur (Personnage)
  • Seigneur de Guerre
  • 1x Lacerator and daemonic claw
  • Optimisation : Battle-lust

Jakhals (75 points)
• Attachée en tant que : Gardes du Corps (Ligne)
  • 1x Jakhal Pack Leader
    • 1x Autopistol
      1x Chainblades
  • 9x Jakhal
    • 9x Autopistol
      9x Chainblades

Exporté avec la Version de l'Appli : v2.4.0 (139), Version de Données : v925`;

/** The flattened paste: no title, no blank lines, no indentation, no space before the points. */
const FLAT = `Grey Knights
Sanctic Spearhead (2 Detachment Points)
Priority Assets
Incursion (1,000 Points)
ATTACHED UNITS
Attached unit 1
Brother-Captain120 Points
• Attached as: Leader (Character)
• Warlord
• 1x Nemesis force weapon
• 1x Storm bolter
Strike Squad120 Points
• Attached as: Bodyguard
• 1x Justicar
◦ 1x Nemesis force weapon
• 4x Grey Knight
◦ 4x Nemesis force weapon
◦ 3x Storm bolter
◦ 1x Psilencer
OTHER DATASHEETS
Nemesis Dreadknight1,045 Points
• 1x Dreadfists
Exported with App Version: v2.6.0 (3), Data Version: v946`;

/** New Recruit GW text, 11th edition: FORCE DISPOSITION and two comma-joined detachments. */
const NR11 = `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - Orks
+ DETACHMENT: Freebooter Krew (Da Loot), More Dakka! (Dakka Dakka)
+ FORCE DISPOSITION: Purge the Foe, Take and Hold
+ TOTAL ARMY POINTS: 140pts
+
+ WARLORD: Char1: Warboss
+ NUMBER OF UNITS: 2
+++++++++++++++++++++++++++++++++++++++++++++++

CHARACTER

Warboss (75 pts)
• 1x Big choppa
• Warlord

BATTLELINE

Boyz (65 pts)
• 1x Boss Nob
    • 1x Slugga
• 9x Boy
    • 9x Choppa`;

/** War Organ's own export. */
const WARORGAN = `Green Tide [245 points]
Orks
Battle Size: Incursion (1000 point limit)

Detachments: War Horde, More Dakka! (2/2 Detachment Points)
Force Disposition: Take And Hold

Big Lads

  Warboss (90 points)
    • Warlord
    • Big choppa and Slugga
    • Head Woppa's Killchoppa [+15 points]

  Boyz (85 points)
    • 1 Boss Nob with Big choppa and Slugga
    • 9 Boyz with Choppa and Slugga

Vehicle

  Deff Dread (70 points)
    • 2 Dread klaws, Big shoota & rokkit and Dread klaw

Created with WarOrgan (https://warorgan.com)`;

/** War Organ's app-style export: tab bullets, "Strike Force (2000 Point)", comma-joined detachments. */
const WARORGAN_APP = `Hammer Line (185 points)

Astra Militarum
Incursion (1000 Point)
Armoured Infantry, Bridgehead Strike


CHARACTER

Cadian Castellan (55 points)
\t• 1x Laspistol
\t• 1x Chainsword
\t• Warlord


BATTLELINE

Cadian Shock Troops (130 points)
\t• 1x Cadian Shock Trooper Sergeant
\t\t• 1x Laspistol
\t• 19x Cadian Shock Troopers
\t\t• 19x Lasgun`;

function clean(text: string): ArmyList {
  const l = parseArmyList(text);
  assert.deepStrictEqual(l.errors, []);
  checkSpans(l, text);
  return l;
}

describe('parse 11th edition: app v2 (hand-written fixtures)', function () {
  it('English: title with thousands commas, chapter, two detachments, dispositions with a trailing comma, battle size after', function () {
    const l = clean(APP_V2);
    assert.strictEqual(l.format, 'gwapp2');
    assert.strictEqual(l.editionShown, 11);
    assert.deepStrictEqual([l.title?.text, l.statedPoints?.value], ['Iron Vigil', 1010]);
    assert.deepStrictEqual([l.superFaction?.text, l.faction?.text], ['Space Marines', 'Imperial Fists']);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Anvil Siege Force', 'Vanguard Spearhead']);
    assert.deepStrictEqual(l.detachmentPoints!.map((d) => d?.value), [undefined, undefined], 'two detachments share one stated total');
    const dp = l.detachmentPointsStated!;
    assert.strictEqual(dp.total.value, 3);
    assert.strictEqual(APP_V2.slice(dp.total.span.start, dp.total.span.end), '3');
    assert.strictEqual(APP_V2.slice(dp.span.start, dp.span.end), '(3 Detachment Points)');
    assert.deepStrictEqual(l.forceDispositions!.map((d) => d.text), ['Take and Hold', 'Reconnaissance']);
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Incursion', 1000]);
    assert.strictEqual(l.dataVersion?.text, 'v901');
    assert.strictEqual(sumPoints(l), 1010);
    assert.deepStrictEqual(names(l.units), ['Captain', 'Lieutenant', 'Intercessor Squad', 'Apothecary', 'Hellblaster Squad', 'Chaplain', 'Redemptor Dreadnought', 'Infiltrator Squad']);
  });

  it('English: the Attached Units block (Leader, Support, Bodyguard (Battleline), Bodyguard ()) with spans', function () {
    const l = clean(APP_V2);
    const [a, b] = l.attachments!;
    assert.strictEqual(l.attachments!.length, 2);
    assert.strictEqual(a.header?.text, 'Attached unit 1');
    assert.deepStrictEqual([names(a.leaders), names(a.supports), a.bodyguard?.name.text], [['Captain'], ['Lieutenant'], 'Intercessor Squad']);
    assert.deepStrictEqual([names(b.leaders), names(b.supports), b.bodyguard?.name.text], [['Apothecary'], [], 'Hellblaster Squad']);
    assert.strictEqual(APP_V2.slice(a.span.start, a.span.end).split('\n')[0], 'Attached unit 1');
    assert.ok(APP_V2.slice(a.span.start, a.span.end).endsWith('9x Close combat weapon'));
    const captain = l.units[0];
    assert.deepStrictEqual([captain.attachedAs?.role, captain.attachedAs?.text.text], ['leader', 'Attached as: Leader (Character)']);
    assert.ok(captain.warlord);
    assert.deepStrictEqual(captain.enhancements.map((e) => e.name.text), ['Bolter Discipline']);
    assert.deepStrictEqual(captain.models[0].wargear.map((w) => w.name.text), ['Master-crafted power weapon', 'Heavy bolt pistol']);
    assert.deepStrictEqual(captain.notes, [], '"Attached as" is no note');
    assert.deepStrictEqual(l.units[2].models.map((m) => `${m.count}x ${m.name.text}`), ['1x Intercessor Sergeant', '9x Intercessor']);
    assert.strictEqual(l.units[4].attachedAs?.text.text, 'Attached as: Bodyguard ()');
    assert.strictEqual(l.units[5].attachedAs, undefined);
    assert.strictEqual(l.units[5].section, 'CHARACTERS');
    assert.deepStrictEqual(l.sections.map((s) => s.name.text), ['ATTACHED UNITS', 'CHARACTERS', 'OTHER DATASHEETS']);
  });

  it('French: Points de Détachement, Dispositions des Forces, Force de Frappe, Unités Attachées, Meneur / Gardes du Corps', function () {
    const l = clean(APP_V2_FR);
    assert.strictEqual(l.format, 'gwapp2');
    assert.strictEqual(l.editionShown, 11);
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.english, l.battleSize?.points], ['Force de Frappe', 'Strike Force', 2000]);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Berzerker Warband']);
    assert.strictEqual(l.detachmentPoints![0]?.value, 3, 'one detachment: the stated DP are its own');
    assert.deepStrictEqual(l.forceDispositions!.map((d) => d.text), ['Éliminez l’Adversaire']);
    assert.strictEqual(l.dataVersion?.text, 'v925');
    const [slaughterbound, jakhals] = l.units;
    assert.ok(slaughterbound.warlord, 'Seigneur de Guerre is the Warlord');
    assert.deepStrictEqual(slaughterbound.enhancements.map((e) => e.name.text), ['Battle-lust']);
    assert.deepStrictEqual([slaughterbound.attachedAs?.role, jakhals.attachedAs?.role], ['leader', 'bodyguard']);
    assert.deepStrictEqual(jakhals.models.map((m) => `${m.count}x ${m.name.text}: ${m.wargear.map((w) => `${w.count} ${w.name.text}`).join(', ')}`), [
      '1x Jakhal Pack Leader: 1 Autopistol, 1 Chainblades',
      '9x Jakhal: 9 Autopistol, 9 Chainblades',
    ]);
    assert.strictEqual(l.attachments![0].header?.text, 'Unité 1 Attachée');
  });

  it('the flattened paste: "Brother-Captain120 Points", no title, no blank lines or indentation', function () {
    const l = clean(FLAT);
    assert.strictEqual(l.format, 'gwapp2');
    assert.strictEqual(l.title, undefined);
    assert.strictEqual(l.faction?.text, 'Grey Knights');
    assert.deepStrictEqual(l.units.map((u) => `${u.name.text} ${u.points?.value}`), ['Brother-Captain 120', 'Strike Squad 120', 'Nemesis Dreadknight 1045']);
    assert.deepStrictEqual(l.units[1].models.map((m) => `${m.count}x ${m.name.text} ${m.wargear.length}`), ['1x Justicar 1', '4x Grey Knight 3']);
    assert.ok(l.units[0].warlord);
    assert.deepStrictEqual(l.forceDispositions!.map((d) => d.text), ['Priority Assets']);
    assert.strictEqual(l.attachments![0].bodyguard, l.units[1]);
    assert.deepStrictEqual(l.attachments![0].leaders, [l.units[0]]);
    assert.strictEqual(l.dataVersion?.text, 'v946');
  });

  it('an unknown "Attached as" role is an error at the role, and the rest is read', function () {
    const text = APP_V2.replace('Attached as: Support (Character)', 'Attached as: Sidekick');
    const l = parseArmyList(text);
    assert.strictEqual(l.errors.length, 1);
    assert.match(l.errors[0].message, /Unknown attachment role "Sidekick"/);
    assert.strictEqual(text.slice(l.errors[0].span.start, l.errors[0].span.end), 'Sidekick');
    assert.strictEqual(l.units.length, 8);
  });

  it('a lone "." line between units reads as a blank line', function () {
    const l = clean(APP_V2.replace('\n\nInfiltrator Squad', '\n\n.\n\nInfiltrator Squad'));
    assert.strictEqual(l.units.length, 8);
  });

  it('a 10th-edition app list shows no 11th-edition sign', function () {
    const l = clean('Claws (1000 Points)\n\nGenestealer Cults\nHost of Ascension\nIncursion (1000 Points)\n\nCHARACTERS\n\nPrimus (80 Points)\n  • Warlord\n  • 1x Cult bonesword\n');
    assert.strictEqual(l.format, 'gwapp');
    assert.strictEqual(l.editionShown, undefined);
    assert.strictEqual(listEdition(l, 'auto'), 10);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Host of Ascension']);
  });
});

describe('parse 11th edition: New Recruit and War Organ (hand-written fixtures)', function () {
  it('New Recruit: FORCE DISPOSITION and comma-joined detachments (rule names dropped)', function () {
    const l = clean(NR11);
    assert.strictEqual(l.format, 'nrgw');
    assert.strictEqual(l.editionShown, 11);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Freebooter Krew', 'More Dakka!']);
    assert.deepStrictEqual(l.forceDispositions!.map((d) => d.text), ['Purge the Foe', 'Take and Hold']);
    assert.strictEqual(sumPoints(l), 140);
  });

  it('War Organ: [N points] title, Battle Size:, Detachments: (2/2 DP), its own group headers, "N Model with X and Y", [+N points]', function () {
    const l = clean(WARORGAN);
    assert.strictEqual(l.format, 'warorgan');
    assert.strictEqual(l.editionShown, 11);
    assert.deepStrictEqual([l.title?.text, l.statedPoints?.value, l.faction?.text], ['Green Tide', 245, 'Orks']);
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Incursion', 1000]);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['War Horde', 'More Dakka!']);
    assert.deepStrictEqual([l.detachmentPointsStated?.total.value, l.detachmentPointsStated?.allowance?.value], [2, 2]);
    assert.deepStrictEqual(l.forceDispositions!.map((d) => d.text), ['Take And Hold']);
    assert.deepStrictEqual(l.units.map((u) => `${u.section}|${u.name.text} ${u.points?.value}`), ['Big Lads|Warboss 90', 'Big Lads|Boyz 85', 'Vehicle|Deff Dread 70']);
    const [boss, boyz, dread] = l.units;
    assert.ok(boss.warlord);
    assert.deepStrictEqual(boss.enhancements.map((e) => [e.name.text, e.points]), [["Head Woppa's Killchoppa", 15]]);
    assert.deepStrictEqual(boss.models.map((m) => `${m.count}x ${m.name.text}${m.implicit ? '*' : ''}: ${m.wargear.map((w) => `${w.count} ${w.name.text}`).join(', ')}`), ['1x Warboss*: 1 Big choppa, 1 Slugga']);
    assert.deepStrictEqual(boyz.models.map((m) => `${m.count}x ${m.name.text}: ${m.wargear.map((w) => `${w.count} ${w.name.text}`).join(', ')}`), [
      '1x Boss Nob: 1 Big choppa, 1 Slugga',
      '9x Boyz: 9 Choppa, 9 Slugga',
    ]);
    assert.deepStrictEqual(dread.models[0].wargear.map((w) => `${w.count} ${w.name.text}`), ['2 Dread klaws', '1 Big shoota & rokkit', '1 Dread klaw']);
  });

  it("War Organ's app-style export: tab bullets, \"Incursion (1000 Point)\", comma-joined detachments", function () {
    const l = clean(WARORGAN_APP);
    assert.strictEqual(l.format, 'warorganapp');
    assert.strictEqual(l.editionShown, 11, 'two detachments: only the 11th edition allows them');
    assert.deepStrictEqual([l.battleSize?.name.text, l.battleSize?.points], ['Incursion', 1000]);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Armoured Infantry', 'Bridgehead Strike']);
    assert.deepStrictEqual(l.units[1].models.map((m) => `${m.count}x ${m.name.text}: ${m.wargear.map((w) => w.name.text).join(', ')}`), [
      '1x Cadian Shock Trooper Sergeant: Laspistol',
      '19x Cadian Shock Troopers: Lasgun',
    ]);
    assert.ok(l.units[0].warlord);
  });

  it('auspex parse --json: edition, detachments with DP, forceDispositions, attachedUnits by unit index, dataVersion', function () {
    const json = toParseJson(parseArmyList(APP_V2_FR), APP_V2_FR) as Record<string, unknown>;
    assert.strictEqual(json.edition, 11);
    assert.strictEqual(json.format, 'gwapp2');
    assert.strictEqual(json.detachment, 'Berzerker Warband', 'the field of before stays');
    assert.deepStrictEqual(json.detachments, [{ name: 'Berzerker Warband', dp: 3 }]);
    assert.deepStrictEqual(json.detachmentPoints, { total: 3, allowance: null });
    assert.deepStrictEqual(json.forceDispositions, ['Éliminez l’Adversaire']);
    assert.deepStrictEqual(json.attachedUnits, [{ bodyguard: 1, leaders: [0], supports: [] }]);
    assert.strictEqual(json.dataVersion, 'v925');
    const two = toParseJson(parseArmyList(APP_V2), APP_V2) as { detachments: unknown; attachedUnits: unknown };
    assert.deepStrictEqual(two.detachments, [
      { name: 'Anvil Siege Force', dp: null },
      { name: 'Vanguard Spearhead', dp: null },
    ]);
    assert.deepStrictEqual(two.attachedUnits, [
      { bodyguard: 2, leaders: [0], supports: [1] },
      { bodyguard: 4, leaders: [3], supports: [] },
    ]);
  });

  it('never throws and keeps spans inside the text on every prefix of each fixture', function () {
    for (const text of [APP_V2, APP_V2_FR, FLAT, NR11, WARORGAN, WARORGAN_APP])
      for (let n = 0; n <= text.length; n += 5) checkSpans(parseArmyList(text.slice(0, n)), text.slice(0, n));
  });
});
