// `auspex convert` (issues 26, 33): every real list in ../shared/lists and ../shared/lists-11e and the project's own,
// written in every format and both edition forms, reads back (Auspex's parser) as the same army but for what the
// conversion declared it could not hold; converting twice gives the same text; nothing but the export is written
// into it (what it cannot hold is said apart). A real export converted to its own format comes back byte for byte.
import * as assert from 'assert';
import * as fs from 'fs';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { CONVERT_FORMATS, ConvertFormat, writeList } from '../../server/src/service/features/convert';
import { hasShared, requireShared, sharedPath } from '../support/shared';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { armyFacts, ListFile, ownLists, realLists } from '../support/armyFacts';

/** Conversions that cannot be written, and why (the refusal says so). */
const REFUSED: Array<{ file: RegExp; format: ConvertFormat; reason: RegExp }> = [
  // New Recruit's short export states no faction; War Organ's layout starts with it.
  { file: /nrshort\.txt$/, format: 'warorgan', reason: /starts with the list's faction, and this list states none/ },
];

describe('convert: round trips over every real list and every format', function () {
  before(function () {
    requireShared(this, 'lists');
  });
  roundTrips(hasShared('lists') ? realLists() : []);
});

describe("convert: round trips over the project's own lists (units without points, no header)", () => {
  roundTrips(ownLists());
});

function roundTrips(lists: ListFile[]): void {
  for (const { file, text } of lists) {
    // The list's own edition's form, and the other edition's (`--edition`): an 11th-edition list in the 10th-edition
    // form drops (and says so) its Detachment Points, dispositions and attached units.
    for (const [format, other] of CONVERT_FORMATS.flatMap((f) => [[f, false], [f, true]] as Array<[ConvertFormat, boolean]>)) {
      it(`${file} → ${format}${other ? " in the other edition's form" : ''}: read back, the same army; converting again gives the same text`, () => {
        const list = parseArmyList(text);
        const own = list.editionShown ?? 10;
        const edition = other ? (own === 11 ? 10 : 11) : own;
        const eleventh = edition === 11 && own === 11;
        const out = writeList(list, format, edition, { source: text });
        const refusal = REFUSED.find((r) => r.file.test(file) && r.format === format);
        if (refusal) {
          assert.match(out.refused ?? '', refusal.reason);
          return;
        }
        assert.strictEqual(out.refused, undefined, out.refused);
        const back = parseArmyList(out.text);
        assert.deepStrictEqual(back.errors.map((e) => e.message), [], `${format} text does not read back cleanly:\n${out.text}`);
        // The text shows the 11th edition when it was asked for and the list has something only the 11th edition
        // holds; two detachments show it in either form (the 10th edition has one, and the form keeps both).
        assert.strictEqual(back.editionShown ?? 10, eleventh || list.detachments.length > 1 ? 11 : 10, 'the edition the text shows');
        const view = { leave: [...out.dropKinds, 'comments', 'plan', 'opponent'], eleventh };
        assert.deepStrictEqual(armyFacts(back, view), armyFacts(list, view), out.text);
        // Nothing of Auspex's own is written into an export: no comment line, no word of what was dropped.
        assert.ok(!out.text.split(/\r?\n/).some((l) => l.trimStart().startsWith('#')), `a comment line in:\n${out.text}`);
        assert.doesNotMatch(out.text, /Dropped|cannot hold/);
        const again = writeList(back, format, edition, { source: out.text });
        assert.strictEqual(again.refused, undefined, again.refused);
        assert.strictEqual(again.text, out.text, 'converting the converted text again changes it');
      });
    }
  }
}

/**
 * Each real export and the format that is its own: converted to it, the export comes back byte for byte. Where a copy
 * of an export carries what no exporter writes (an artefact of how it was copied), that is all that differs.
 */
const OWN_FORMAT: Array<{ file: string; format: ConvertFormat; artefact?: { why: string; repair: (real: string) => string } }> = [
  { file: 'lists/gwapp_chaosdaemons_1.txt', format: 'app' },
  { file: 'lists/gwapp_spacewolves_3.txt', format: 'app' },
  { file: 'lists/gwapp_tyranids_2.txt', format: 'app' },
  {
    file: 'lists/gwapp_thousandsons_2.txt',
    format: 'app',
    artefact: { why: 'copied back out of Best Coast Pairings with every indentation stripped', repair: (t) => t.replace(/^\s+/gm, '') },
  },
  { file: 'lists/gwapp_gsc_1.txt', format: 'app-v2' },
  { file: 'lists/gwapp_tau_2.txt', format: 'app-v2' },
  { file: 'lists/gwapp_worldeaters_1.txt', format: 'app-v2' },
  { file: 'lists-11e/gwapp11_orks_1.txt', format: 'app' },
  {
    file: 'lists-11e/gwapp11_darkangels_1.txt',
    format: 'app-v2',
    artefact: { why: 'a lone "." line between two units, which the parser reads as a blank line', repair: (t) => t.replace(/\n\.\n\n/, '\n') },
  },
  { file: 'lists-11e/gwapp11_worldeaters_1.txt', format: 'app-v2' },
  { file: 'lists-11e/gwapp11_worldeaters_2.txt', format: 'app-v2' },
  { file: 'lists-11e/gwapp11fr_worldeaters_2.txt', format: 'app-v2' },
  { file: 'lists/nrgw_worldeaters_1.txt', format: 'nr-gw' },
  { file: 'lists-11e/nrgw11_worldeaters_2.txt', format: 'nr-gw' },
  { file: 'lists/wtc_worldeaters_1.txt', format: 'nr-wtc' },
  { file: 'lists/wtccompact_tau_1.txt', format: 'nr-tournament' },
  { file: 'lists-11e/nrtournament11_worldeaters_2.txt', format: 'nr-tournament' },
  { file: 'lists-11e/warorgan11_worldeaters_2.txt', format: 'warorgan' },
  { file: 'lists-11e/warorgan11_astramilitarum_1.txt', format: 'warorgan' },
];

describe('convert: a real export converted to its own format comes back byte for byte', function () {
  for (const { file, format, artefact } of OWN_FORMAT) {
    it(`${file} as ${format}${artefact ? ` (but for its copy's artefact: ${artefact.why})` : ''}`, function () {
      requireShared(this, ...file.split('/'));
      const real = fs.readFileSync(sharedPath(...file.split('/')), 'utf8');
      const out = writeList(parseArmyList(real), format, undefined, { source: real });
      assert.strictEqual(out.refused, undefined);
      assert.deepStrictEqual(out.dropped, []);
      if (!artefact) assert.strictEqual(out.text, real);
      else {
        assert.notStrictEqual(out.text, real, 'the artefact is gone');
        assert.strictEqual(artefact.repair(out.text), artefact.repair(real));
      }
    });
  }

  it('every real export of a format Auspex writes is in the table above', function () {
    requireShared(this, 'lists');
    const writable = /^(gwapp|gwapp11|gwapp11fr|nrgw|nrgw11|wtc|wtccompact|nrtournament11|warorgan11)_/;
    const files = realLists()
      .map((l) => l.file)
      .filter((f) => writable.test(f.split('/')[1]));
    assert.deepStrictEqual(files.filter((f) => !OWN_FORMAT.some((o) => o.file === f)), []);
  });
});

/**
 * A line's layout with its content left out: indentation, bullet, `CharN:` id, count notation (`Nx `, `N `, `N with `),
 * a banner key, a `Key:` prefix, the point notation (`(N pts)`, `(N points)`, `[N points]`, `(+N pts)`, `[+N points]`,
 * Detachment Points) and whether an inline list follows; section headers in capitals as one shape.
 */
function shape(line: string): string {
  if (!line.trim()) return '(blank)';
  const indent = /^\s*/.exec(line)![0].replace(/\t/g, '\\t');
  let t = line.trim();
  if (/^\+{5,}$/.test(t)) return 'BANNER';
  const banner = /^\+ ([A-Z ]+):/.exec(t);
  if (banner) return `+ ${banner[1]}:`;
  if (t === '+') return '+';
  if (/^[A-Z][A-Z ]+$/.test(t)) return `${indent}SECTION`;
  const marker = /^[•◦&]/.exec(t)?.[0] ?? '';
  t = t.replace(/^[•◦&]\s*/, '');
  const id = /^Char\d+: /.test(t) ? 'CharN: ' : '';
  t = t.replace(/^Char\d+: /, '');
  const count = /^\d+x /.test(t) ? 'Nx ' : /^\d+ with /.test(t) ? 'N with ' : /^\d+ /.test(t) ? 'N ' : '';
  const pts = /(\(\+?\d[\d,]*\s*(?:pts|points|Points|point limit|Detachment Points)\)|\[\+?\d[\d,]*\s*points\]|\(\d+\/\d+ Detachment Points\))/.exec(t);
  const key = /^([A-Z][A-Za-z ]*):/.exec(t)?.[1];
  const inline = pts ? t.slice(pts.index + pts[0].length).startsWith(':') : !key && /: /.test(t);
  return `${indent}${marker}${marker ? ' ' : ''}${id}${count}${key ? `${key}: ` : ''}…${pts ? ` ${pts[0].replace(/\d[\d,]*/g, 'N')}` : ''}${inline ? ': …' : ''}`;
}

/** The shapes line by line, a run of equal shapes as one (the exports list different numbers of items). */
function layout(text: string, leaveOut: string[]): string[] {
  const out: string[] = [];
  for (const s of text.split(/\r?\n/).map(shape)) if (!leaveOut.includes(s) && out[out.length - 1] !== s) out.push(s);
  while (out[out.length - 1] === '(blank)') out.pop();
  return out;
}

describe('convert: from another exporter, each format has the layout of its real export (the *_worldeaters_2 army, in five formats in ../shared/lists-11e)', function () {
  before(function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
  });
  const read = (f: string) => fs.readFileSync(sharedPath('lists-11e', f), 'utf8');
  const convert = (from: string, format: ConvertFormat, edition?: 10 | 11) => {
    const text = read(from);
    return writeList(parseArmyList(text), format, edition, { source: text });
  };

  it('app-v2 from New Recruit: no app footer is made up, no title without a name, no enhancement cost the app never shows, no grand alliance line', () => {
    const out = convert('nrgw11_worldeaters_2.txt', 'app-v2');
    assert.doesNotMatch(out.text, /Exported with|\(\+\d+ pts\)|^Chaos$|^Xenos$/m);
    assert.strictEqual(out.text.split('\n')[0], 'World Eaters');
    assert.ok(out.dropped.some((d) => /enhancements' costs/.test(d)), out.dropped.join('; '));
  });

  it('app-v2 from the French app export: French words kept (its footer is French), the same layout as the English export', () => {
    const en = convert('gwapp11_worldeaters_2.txt', 'app-v2').text.trimEnd().split('\n');
    const fr = convert('gwapp11fr_worldeaters_2.txt', 'app-v2').text.trimEnd().split('\n');
    assert.match(fr[fr.length - 1], /^Export[ée] avec la Version de l.Appli/);
    assert.strictEqual(fr.length, en.length);
    assert.ok(fr.includes('Unités Attachées') && fr.includes('• Attachée en tant que : Gardes du Corps (Ligne)') && fr.includes('Force de Frappe (2000 points)'));
  });

  it("app: the 10th-edition form is the app's v1 layout (a real v1 export, gwapp_spacewolves_3 in ../shared/lists: another army, so its layout is compared)", function () {
    requireShared(this, 'lists', 'gwapp_spacewolves_3.txt');
    const real = fs.readFileSync(sharedPath('lists', 'gwapp_spacewolves_3.txt'), 'utf8');
    const out = convert('gwapp11_worldeaters_2.txt', 'app', 10);
    const ours = new Set(out.text.split('\n').map(shape));
    const theirs = new Set(real.split(/\r?\n/).map(shape));
    assert.deepStrictEqual([...ours].filter((s) => !theirs.has(s)), []);
    // The 10th-edition form holds no Detachment Points, force disposition or attached units: said apart.
    assert.deepStrictEqual(out.dropped, [
      'Detachment Points',
      'force disposition Purge the Foe',
      '4 attached units',
      'the app\'s footer "Exported with App Version: v2.4.0 (139), Data Version: v925" (its app is the 11th edition\'s)',
    ]);
  });

  // The app's export of this army is the source here; each real export of the same army states what New Recruit and
  // War Organ write for it. What differs is what the app's export does not state (enhancement costs, per-model
  // loadouts, War Organ's allowance of Detachment Points) and what those real exports do not show.
  const cases: Array<{ format: ConvertFormat; real: string; leaveOut: string[]; why: string }> = [
    {
      format: 'nr-gw',
      real: 'nrgw11_worldeaters_2.txt',
      leaveOut: ['+ SECONDARY:', '+ LIST NAME:', '+ POINTS LIMIT:', '    • …', '• … (+N pts)', '• Enhancement: …', '…', '• Attached as: …'],
      why: "New Recruit's SECONDARY summary; the list's name and points limit, which that export does not state; its untallied '• Icon of Khorne'; enhancement costs, which the app's export does not state; the Attached Units block, which that export does not show",
    },
    {
      format: 'nr-tournament',
      real: 'nrtournament11_worldeaters_2.txt',
      leaveOut: ['+ SECONDARY:', '+ LIST NAME:', '+ POINTS LIMIT:', 'Enhancement: … (+N pts)', 'Enhancement: …', '…', '    N with …', '    • Nx …'],
      why: "the SECONDARY summary, the name and points limit, enhancement costs (see above), the attachments as `Leading X[n]` (that export shows none), and the per-model loadouts: the app's export states the groups' totals, written as totals (`    • 7x Bolt pistol`), never split up",
    },
    {
      format: 'warorgan',
      real: 'warorgan11_worldeaters_2.txt',
      leaveOut: ['Detachments: … (N Detachment Points)', 'Detachments: … (N/N Detachment Points)', '    • … [+N points]', '    • Enhancement: …', '    • Nx …'],
      why: "War Organ's allowance of Detachment Points and its enhancement costs (the app's export states neither), and a group's totals written as the unit's items where the app's export states no per-model loadout (said)",
    },
  ];
  for (const c of cases) {
    it(`${c.format}: the layout of ${c.real} (left out: ${c.why})`, () => {
      const out = convert('gwapp11_worldeaters_2.txt', c.format).text;
      const real = read(c.real);
      const shapes = (t: string) => new Set(layout(t, c.leaveOut));
      assert.deepStrictEqual([...shapes(out)].filter((s) => !shapes(real).has(s)), []);
      assert.deepStrictEqual([...shapes(real)].filter((s) => !shapes(out).has(s)), []);
    });
  }

  it('New Recruit from the app export: the banner states the name and the points limit, the units and enhancements as New Recruit writes them', () => {
    const out = convert('gwapp11_worldeaters_2.txt', 'nr-gw');
    const lines = out.text.split('\n');
    assert.deepStrictEqual(lines.slice(0, 7), [
      '+'.repeat(47),
      '+ LIST NAME: Flood of Chainblades',
      '+ FACTION KEYWORD: World Eaters',
      '+ DETACHMENT: Berzerker Warband',
      '+ FORCE DISPOSITION: Purge the Foe',
      '+ TOTAL ARMY POINTS: 2000pts',
      '+ POINTS LIMIT: 2000pts',
    ]);
    assert.ok(lines.includes('Master of Executions (95 pts)') && lines.includes('• Berzerker Glaive (+35 pts)') === false, 'the app states no cost, so none is written');
    assert.ok(lines.includes('Attached Units') && lines.includes('Attached Unit 1'));
    // New Recruit names the detachment alone: the Detachment Points are said apart, not written.
    assert.deepStrictEqual(out.dropped, ['Detachment Points (New Recruit names the detachment alone)']);
    // The 10th-edition form writes the model count on every unit line, as the 10th-edition exports do.
    assert.ok(convert('gwapp11_worldeaters_2.txt', 'nr-gw', 10).text.split('\n').includes('1x Master of Executions (95 pts)'));
  });

  it('nr-tournament from the app export: attached units as `Leading X[n]` lines, read back as the same attachments; totals never split per model', () => {
    const out = convert('gwapp11_worldeaters_2.txt', 'nr-tournament').text;
    assert.deepStrictEqual(out.split('\n').filter((l) => l.startsWith('Leading ')), ['Leading Khorne Berzerkers[1]', 'Leading Exalted Eightbound[1]', 'Leading Khorne Berzerkers[2]', 'Leading Khorne Berzerkers[3]']);
    assert.strictEqual(parseArmyList(out).attachments?.length, 4);
    // The app states "9x Khorne Berzerker" with 7 bolt pistols, 7 chainblades, 2 plasma pistols...: totals, written so.
    assert.match(out, /\n• 9x Khorne Berzerker\n {4}• 7x Bolt pistol\n {4}• 7x Chainblade\n/);
    assert.doesNotMatch(out, /^\s*\d+ with .*Bolt pistol/m);
    // Where every model carries the same, the one loadout is known: "2x Chaos Spawn (95 pts): 2 with Hideous Mutations".
    assert.match(out, /^2x Chaos Spawn \(95 pts\): 2 with Hideous mutations$/m);
  });

  it('War Organ from the app export: its footer, `Name [+N points]` enhancements when a cost is stated, names with "and" as War Organ writes them (said)', () => {
    const out = convert('nrgw11_worldeaters_2.txt', 'warorgan');
    const lines = out.text.trimEnd().split('\n');
    assert.strictEqual(lines[lines.length - 1], 'Created with WarOrgan (https://warorgan.com)');
    assert.ok(lines.includes('    • Berzerker Glaive [+35 points]'), out.text);
    assert.ok(lines.includes('    • Lacerator & daemonic claw'), out.text);
    assert.ok(out.escaped.some((e) => /"Lacerator and daemonic claw" written "Lacerator & daemonic claw"/.test(e)), out.escaped.join('; '));
  });
});

describe("convert through the language service, with the rules data (the editor's commands)", function () {
  this.timeout(120000);
  it('compact leaves out the wargear the datasheet gives by default, says so, and still converts to itself', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    provider.ensureFaction('World Eaters', 11);
    const service = createLanguageService();
    service.setRules(provider.rulesFor(11), 11);
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
    const r = service.convert(TextDocument.create('file:///we2.army', 'army-list', 1, text), 'compact');
    assert.ok('text' in r, JSON.stringify(r));
    const without = writeList(parseArmyList(text), 'compact', 11, { source: text });
    const line = (t: string, unit: string) => t.split('\n').find((l) => l.startsWith(unit))!;
    // A Maulerfiend comes with lasher tendrils and Maulerfiend fists: nothing differs, nothing is listed.
    assert.strictEqual(line(without.text, 'Maulerfiend'), 'Maulerfiend (140 pts): Lasher tendrils, Maulerfiend fists');
    assert.strictEqual(line(r.text, 'Maulerfiend'), 'Maulerfiend (140 pts)');
    const defaulted = r.dropped.find((d) => d.startsWith('default wargear of '));
    assert.ok(defaulted, r.dropped.join('; '));
    const back = service.convert(TextDocument.create('file:///we2c.army', 'army-list', 1, r.text), 'compact');
    assert.ok('text' in back);
    assert.strictEqual(back.text, r.text);
    // Without the data nothing is left out.
    assert.ok(!without.dropped.some((d) => d.startsWith('default wargear')));
    // New Recruit states every enhancement's cost: the app's export states none, the data does (as New Recruit's own
    // export of the same army writes them: ../shared/lists-11e/nrgw11_worldeaters_2.txt).
    const nr = service.convert(TextDocument.create('file:///we2nr.army', 'army-list', 1, text), 'nr-gw');
    assert.ok('text' in nr, JSON.stringify(nr));
    const real = fs.readFileSync(sharedPath('lists-11e', 'nrgw11_worldeaters_2.txt'), 'utf8').split('\n');
    for (const line of ['• Berzerker Glaive (+35 pts)', '• Battle-lust (+20 pts)']) {
      assert.ok(real.includes(line));
      assert.ok(nr.text.split('\n').includes(line), nr.text);
    }
  });
});
