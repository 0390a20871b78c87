import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList } from '../../server/src/service/domain/parse/ast';
import { checkSpans } from './parse-helpers';
import { isSpaceCode, wsAt, WS_PATTERN } from '../../server/src/service/domain/parse/lines';
import { toParseJson } from '../../server/src/service/domain/parse/json';
import { normalizeName } from '../../server/src/service/domain/text/normalize';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

const fixtures = path.join(repoRoot, 'test', 'fixtures', 'lists');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

const sumPoints = (l: ArmyList) => l.units.reduce((a, u) => a + (u.points?.value ?? 0), 0);
/** name/points/section/warlord/enhancements/models of every unit: what a corruption must not change. */
const shape = (l: ArmyList) =>
  l.units.map((u) => ({
    name: u.name.text,
    points: u.points?.value,
    section: u.section,
    warlord: !!u.warlord,
    enh: u.enhancements.map((e) => e.name.text),
    models: u.models.map((m) => `${m.count}x ${m.name.text}${m.implicit ? '*' : ''}: ${m.wargear.map((w) => `${w.count} ${w.name.text}`).join(', ')}`),
  }));

describe('parse: the shared corpus (../shared/lists, MANIFEST.csv)', function () {
  const rows: Array<Record<string, string>> = [];
  before(function () {
    requireShared(this, 'lists', 'MANIFEST.csv');
    rows.push(...(parseCsv(fs.readFileSync(sharedPath('lists', 'MANIFEST.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>));
    assert.ok(rows.length >= 13, 'manifest rows');
  });

  it('every list parses with the manifest format, unit count, points, faction, detachment and no error', function () {
    for (const r of rows) {
      const text = fs.readFileSync(sharedPath('lists', r.file), 'utf8');
      const l = parseArmyList(text);
      assert.deepStrictEqual(l.errors, [], `${r.file}: errors`);
      assert.strictEqual(l.format, r.format, `${r.file}: format`);
      assert.strictEqual(l.units.length, Number(r.unit_count), `${r.file}: unit count`);
      if (r.stated_total_points) {
        assert.strictEqual(sumPoints(l), Number(r.stated_total_points), `${r.file}: sum of unit points`);
        assert.strictEqual(l.statedPoints?.value, Number(r.stated_total_points), `${r.file}: stated total`);
      }
      assert.strictEqual(normalizeName(l.faction?.text ?? ''), normalizeName(r.faction), `${r.file}: faction`);
      assert.strictEqual(normalizeName(l.detachments[0]?.text ?? ''), normalizeName(r.detachment), `${r.file}: detachment`);
      assert.ok(checkSpans(l, text) > l.units.length, `${r.file}: spans checked`);
    }
  });

  it('model groups of every multi-model unit are read (no unit of a squad lands in the implicit group)', function () {
    for (const r of rows) {
      const l = parseArmyList(fs.readFileSync(sharedPath('lists', r.file), 'utf8'));
      for (const u of l.units) {
        const implicit = u.models.filter((m) => m.implicit);
        assert.ok(implicit.length <= 1, `${r.file} ${u.name.text}: at most one implicit group`);
        if (implicit.length) assert.strictEqual(u.models.length, 1, `${r.file} ${u.name.text}: implicit group stands alone`);
        if (u.statedModelCount && u.models.length && !implicit.length) {
          const total = u.models.reduce((a, m) => a + m.count, 0);
          assert.strictEqual(total, u.statedModelCount.value, `${r.file} ${u.name.text}: model counts add up to "Nx"`);
        }
      }
    }
  });

  it('reads dialect B continuation lines as siblings (GSC Atalan Jackals, app v1.45.0 (105))', function () {
    const l = parseArmyList(fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8'));
    const jackals = l.units.find((u) => u.name.text === 'Atalan Jackals')!;
    assert.deepStrictEqual(
      jackals.models.map((m) => [m.count, m.name.text, m.wargear.length]),
      [
        [4, 'Atalan Jackal', 4],
        [1, 'Atalan Wolfquad', 3],
      ],
    );
    const iconward = l.units[0];
    assert.deepStrictEqual(iconward.models[0].wargear.map((w) => w.name.text), ['Autopistol', 'Cult claws']);
    assert.strictEqual(iconward.enhancements[0].name.text, 'Deeds that Speak to the Masses');
  });

  it('keeps the super-faction of a chapter and of a New Recruit keyword', function () {
    const sw = parseArmyList(fs.readFileSync(sharedPath('lists', 'gwapp_spacewolves_3.txt'), 'utf8'));
    assert.strictEqual(sw.superFaction?.text, 'Space Marines');
    assert.strictEqual(sw.faction?.text, 'Space Wolves');
    assert.strictEqual(sw.units[4].section, 'ALLIED UNITS');
    const nr = parseArmyList(fs.readFileSync(sharedPath('lists', 'nrgw_worldeaters_1.txt'), 'utf8'));
    assert.strictEqual(nr.superFaction?.text, 'Chaos');
    assert.strictEqual(nr.detachments[0].text, 'Berzerker Warband', 'NBSP folded');
    const prince = nr.units.find((u) => u.warlord)!;
    assert.strictEqual(prince.name.text, 'Daemon Prince of Khorne');
    assert.deepStrictEqual(prince.enhancements.map((e) => [e.name.text, e.points]), [['Favoured of Khorne', 15]]);
  });
});

interface Expect {
  format: string;
  title?: string;
  statedPoints?: number;
  superFaction?: string;
  faction?: string;
  detachment?: string;
  battleSize?: [string, number | undefined];
  units: number;
  points: number;
}

const APP_A: Expect = {
  format: 'gwapp',
  title: 'Ashfall Vanguard',
  statedPoints: 995,
  superFaction: 'Space Marines',
  faction: 'Ashen Wardens',
  detachment: 'Cinder Oath',
  battleSize: ['Incursion', 1000],
  units: 7,
  points: 995,
};
const APP_B: Expect = {
  format: 'gwapp',
  title: 'Rust and Ruin',
  statedPoints: 1000,
  faction: 'Machine Cults',
  detachment: 'Scrapforge Host',
  battleSize: ['Incursion', 1000],
  units: 7,
  points: 1000,
};
const NR: Omit<Expect, 'format'> = {
  statedPoints: 500,
  superFaction: 'Imperium',
  faction: 'Machine Cults',
  detachment: 'Scrapforge Host',
  units: 4,
  points: 500,
};

const FIXTURES: Record<string, Expect> = {
  'gwapp_a.txt': APP_A,
  'gwapp_b.txt': APP_B,
  'gwapp_old.txt': {
    format: 'gwapp',
    title: 'Old Guard',
    statedPoints: 500,
    faction: 'Iron Covenant',
    detachment: 'Bastion Line',
    battleSize: ['Strike Force', 2000],
    units: 3,
    points: 500,
  },
  'nrgw.txt': { format: 'nrgw', ...NR },
  'wtc.txt': { format: 'wtc', ...NR },
  'wtccompact.txt': { format: 'wtccompact', ...NR },
  'nrsimple.txt': { format: 'nrsimple', ...NR, title: 'Rust and Ruin', battleSize: ['Incursion', 1000] },
  'nrshort.txt': { format: 'nrshort', units: 4, points: 500 },
  'listforge.txt': { format: 'listforge', title: 'Rust and Ruin', statedPoints: 500, faction: 'Machine Cults', detachment: 'Scrapforge Host', units: 4, points: 500 },
  'battlescribe.txt': { format: 'battlescribe', ...NR, battleSize: ['Incursion', 1000], points: 1000, statedPoints: 1000 },
};

describe('parse: own fixtures, one per format', function () {
  for (const [file, want] of Object.entries(FIXTURES)) {
    it(`${file} → ${want.format}`, function () {
      const text = fixture(file);
      const l = parseArmyList(text);
      assert.deepStrictEqual(l.errors, []);
      assert.strictEqual(l.format, want.format);
      assert.strictEqual(l.title?.text, want.title);
      assert.strictEqual(l.statedPoints?.value, want.statedPoints);
      assert.strictEqual(l.superFaction?.text, want.superFaction);
      assert.strictEqual(l.faction?.text, want.faction);
      assert.strictEqual(l.detachments[0]?.text, want.detachment);
      assert.deepStrictEqual(l.battleSize && [l.battleSize.name.text, l.battleSize.points], want.battleSize);
      assert.strictEqual(l.units.length, want.units);
      assert.strictEqual(sumPoints(l), want.points);
      checkSpans(l, text);
      // The same Forge Adept in every Machine Cults list: Warlord, two weapons in one implicit group.
      const adept = l.units.find((u) => u.name.text === 'Forge Adept');
      if (adept) {
        assert.ok(adept.warlord, `${file}: warlord`);
        assert.deepStrictEqual(
          adept.models.map((m) => [m.count, m.name.text, m.implicit, m.wargear.map((w) => `${w.count} ${w.name.text}`)]),
          [[1, 'Forge Adept', true, ['1 Servo claw', '1 Rivet pistol']]],
        );
        assert.strictEqual(text.slice(adept.warlord!.start, adept.warlord!.end), 'Warlord');
      }
      const gangers = l.units.find((u) => u.name.text === 'Rivet Gangers');
      if (gangers) {
        assert.deepStrictEqual(
          gangers.models.map((m) => [m.count, m.implicit]),
          [
            [1, false],
            [9, false],
          ],
          `${file}: ganger groups`,
        );
        // Every format states ten rivet pistols in the unit, one way or another.
        const pistols = gangers.models.flatMap((m) => m.wargear).filter((w) => w.name.text === 'Rivet pistol');
        assert.strictEqual(pistols.reduce((a, w) => a + w.count, 0), 10, `${file}: rivet pistols`);
      }
    });
  }

  it('reads enhancements in every notation, with points where stated', function () {
    const enh = (file: string) =>
      parseArmyList(fixture(file))
        .units.filter((u) => u.enhancements.length)
        .map((u) => [u.name.text, u.enhancements.map((e) => [e.name.text, e.points])]);
    assert.deepStrictEqual(enh('gwapp_a.txt'), [['Warden Captain', [['Mantle of Cinders', undefined]]]]);
    assert.deepStrictEqual(enh('gwapp_b.txt'), [['Forge Adept', [['Oil of Binding', undefined]]]]);
    assert.deepStrictEqual(enh('listforge.txt'), [['Forge Adept', [['Oil of Binding', undefined]]]]);
    assert.deepStrictEqual(enh('nrsimple.txt'), [['Forge Adept', [['Oil of Binding', 15]]]]);
    // The banner's "& Rust Litany (on Char2: Scrap Tyrant)" is the only statement of that one.
    for (const f of ['nrgw.txt', 'wtc.txt', 'wtccompact.txt']) {
      assert.deepStrictEqual(
        enh(f),
        [
          ['Forge Adept', [['Oil of Binding', 15]]],
          ['Scrap Tyrant', [['Rust Litany', undefined]]],
        ],
        f,
      );
    }
  });

  it('keeps the "Nx" model count of New Recruit unit lines and the decoration notes of the app', function () {
    const nr = parseArmyList(fixture('nrgw.txt'));
    assert.deepStrictEqual(nr.units.map((u) => u.statedModelCount?.value), [1, 1, 10, 2]);
    const app = parseArmyList(fixture('gwapp_a.txt'));
    assert.deepStrictEqual(app.units[1].notes.map((t) => t.text), ['Oath of Embers: Kindled']);
    assert.strictEqual(app.units[1].models[0].wargear.length, 1);
  });

  it('reads unit-level wargear beside model groups (ListForge, BattleScribe)', function () {
    for (const f of ['listforge.txt', 'battlescribe.txt']) {
      const g = parseArmyList(fixture(f)).units.find((u) => u.name.text === 'Rivet Gangers')!;
      assert.deepStrictEqual(g.wargear?.map((w) => w.name.text), ['Scrap banner'], f);
    }
  });
});

describe('parse: corruptions of the app export', function () {
  const cases: Array<[string, string, (l: ArmyList) => void]> = [
    ['gwapp_a_crlf.txt', 'gwapp_a.txt', () => undefined],
    ['gwapp_b_blank_space.txt', 'gwapp_b.txt', () => undefined],
    ['gwapp_a_no_title.txt', 'gwapp_a.txt', (l) => assert.strictEqual(l.title, undefined)],
    ['gwapp_b_no_footer.txt', 'gwapp_b.txt', () => undefined],
    ['gwapp_b_junk_after_footer.txt', 'gwapp_b.txt', () => undefined],
    ['gwapp_a_stripped.txt', 'gwapp_a.txt', () => undefined],
    ['gwapp_b_stripped.txt', 'gwapp_b.txt', () => undefined],
    ['gwapp_a_no_blank_lines.txt', 'gwapp_a.txt', () => undefined],
    ['gwapp_a_nbsp.txt', 'gwapp_a.txt', (l) => assert.ok(l.units[0].name.span.end - l.units[0].name.span.start === 'Warden Captain'.length)],
    ['gwapp_b_commas.txt', 'gwapp_b.txt', (l) => assert.strictEqual(l.statedPoints?.value, 1000)],
  ];
  for (const [file, base, extra] of cases) {
    it(`${file} reads like ${base}`, function () {
      const text = fixture(file);
      const l = parseArmyList(text);
      const b = parseArmyList(fixture(base));
      assert.deepStrictEqual(l.errors, []);
      assert.strictEqual(l.format, 'gwapp');
      assert.deepStrictEqual(shape(l), shape(b));
      assert.strictEqual(l.faction?.text, b.faction?.text);
      assert.strictEqual(l.detachments[0]?.text, b.detachments[0]?.text);
      checkSpans(l, text);
      extra(l);
    });
  }

  it('CRLF: spans stop before \\r and toParseJson counts lines as LSP does', function () {
    const text = fixture('gwapp_a_crlf.txt');
    assert.ok(text.includes('\r\n'), 'fixture keeps CRLF');
    const l = parseArmyList(text);
    const json = toParseJson(l, text) as { units: Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } } }> };
    // "Warden Captain (95 Points)" is line 9 (zero-based); the block ends after "Enhancements: Mantle of Cinders".
    assert.deepStrictEqual(json.units[0].range, { start: { line: 9, character: 0 }, end: { line: 13, character: 35 } });
  });

  it('the same corruptions built on the fly from every own fixture change nothing', function () {
    for (const file of Object.keys(FIXTURES)) {
      const text = fixture(file);
      const base = shape(parseArmyList(text));
      const crlf = text.replace(/\r?\n/g, '\r\n');
      const spaced = text.replace(/\r?\n(?=\r?\n)/g, '\n ');
      for (const [what, t] of [
        ['crlf', crlf],
        ['space-blank', spaced],
        ['trailing newline', text + '\n'],
      ] as const) {
        const l = parseArmyList(t);
        assert.deepStrictEqual(l.errors, [], `${file} ${what}`);
        assert.deepStrictEqual(shape(l), base, `${file} ${what}`);
        checkSpans(l, t);
      }
    }
  });

  it('a truncated last line keeps what it holds', function () {
    const l = parseArmyList(fixture('gwapp_b_truncated.txt'));
    assert.deepStrictEqual(l.errors, []);
    const titan = l.units[l.units.length - 1];
    assert.deepStrictEqual(titan.models[0].wargear.map((w) => `${w.count} ${w.name.text}`), ['1 Titan fists', '2 Slag']);
  });

  it('"undefined" after the footer is skipped, other text after it is an error', function () {
    const l = parseArmyList(fixture('gwapp_b.txt') + '\nundefined\nsomething else');
    assert.deepStrictEqual(l.errors.map((e) => e.code), ['parse-error']);
  });

  it('keeps apostrophes as written (curly and straight in one list)', function () {
    const l = parseArmyList(fixture('gwapp_b_apostrophes.txt'));
    assert.strictEqual(l.units[0].name.text, 'Forge Adept\u2019s Heir');
    assert.deepStrictEqual(l.units[1].models[0].wargear.map((w) => w.name.text), ["Tyrant's crusher", 'Tyrant\u2019s stubber']);
    const c = parseArmyList(fixture('wtccompact.txt'));
    assert.deepStrictEqual(c.units[2].models.map((m) => m.wargear[0].name.text), ['Ganger\u2019s cleaver', "Ganger's cleaver"]);
  });

  it('folds NBSP in names to a space, spans still on the original text', function () {
    const text = fixture('gwapp_a_nbsp.txt');
    const l = parseArmyList(text);
    assert.strictEqual(l.units[0].name.text, 'Warden Captain');
    assert.ok(text.slice(l.units[0].name.span.start, l.units[0].name.span.end).includes('\u00A0'));
    assert.strictEqual(l.detachments[0].text, 'Cinder Oath');
    assert.strictEqual(l.units[0].models[0].wargear[0].name.text, 'Ember blade');
  });
});

describe('parse: unknown lines', function () {
  it('reports an unknown line as parse-error with its span and goes on', function () {
    const text = fixture('gwapp_b.txt').replace('Scrap Tyrant (120 points)', 'Scrap Tyrant (120 points)\n%%% what is this');
    const l = parseArmyList(text);
    assert.strictEqual(l.errors.length, 1);
    assert.strictEqual(l.errors[0].code, 'parse-error');
    assert.strictEqual(text.slice(l.errors[0].span.start, l.errors[0].span.end), '%%% what is this');
    assert.strictEqual(l.units.length, 7);
  });

  it('reports bullets outside any unit', function () {
    const l = parseArmyList('Machine Cults\nIncursion\nScrapforge Host\n\nCHARACTERS\n\n  • 1x Lost blade\n');
    assert.deepStrictEqual(l.errors.map((e) => e.code), ['parse-error']);
  });
});

describe('parse: never throws', function () {
  const nasty = [
    '',
    '\n\n\n',
    '\r\n\r',
    '\u00A0',
    '•',
    '◦ ◦ ◦',
    '(((((',
    '+++++++++++++++++++++++++++++++++++++++++++++++',
    '+++++++++++++++++++++++++++++++++++++++++++++++\n+ WARLORD:\n& \n+ ENHANCEMENT: (on Char9: )',
    '++ Army Roster ++\n. . . . .\n. B:',
    '# ++ Army Roster ++\n## \n• : : :',
    'STRATAGEMS\n(round): \n: ,,,\nX (round 1,): #\nY: Z #0',
    'Char1: 1x (5 pts): ,,,, 0 with , 99999999999999999999x A',
    'A (1 pts)\n  • B: \n    • B: \n      • B:',
    '\uD800\uDC00\uD800 (12 Points)\n  • 1x \uDFFF',
    'Epic Hero:\nX (10 pts)\n  • 2 ectoplasma cannons (2x E, F)\n    • (',
    'x'.repeat(20000),
    '• 1x A\n'.repeat(2000),
  ];
  for (const [i, text] of nasty.entries()) {
    it(`garbage #${i} (${JSON.stringify(text.slice(0, 30))})`, function () {
      const l = parseArmyList(text);
      assert.ok(Array.isArray(l.units) && Array.isArray(l.errors));
      checkSpans(l, text);
      const json = toParseJson(l, text);
      assert.doesNotThrow(() => JSON.stringify(json));
    });
  }

  it('every prefix of every fixture parses without throwing, spans valid', function () {
    this.timeout(60000);
    for (const file of [...Object.keys(FIXTURES), 'auspex_combat_patrol.army']) {
      const text = fixture(file);
      for (let n = 0; n <= text.length; n += 7) checkSpans(parseArmyList(text.slice(0, n)), text.slice(0, n));
    }
  });
});

describe('parse: toParseJson', function () {
  it('gives exactly the documented keys, null for absent values', function () {
    const text = fixture('nrshort.txt');
    const json = toParseJson(parseArmyList(text), text) as Record<string, unknown> & { units: Array<Record<string, unknown>> };
    assert.deepStrictEqual(Object.keys(json), [
      'format', 'name', 'faction', 'detachment', 'battleSize', 'statedPoints',
      'edition', 'detachments', 'detachmentPoints', 'forceDispositions', 'attachedUnits', 'dataVersion',
      'units', 'errors',
    ]);
    assert.strictEqual(json.edition, 10, 'a list showing no 11th-edition sign is 10th');
    assert.deepStrictEqual(json.detachments, []);
    assert.strictEqual(json.detachmentPoints, null);
    assert.deepStrictEqual(json.forceDispositions, []);
    assert.deepStrictEqual(json.attachedUnits, []);
    assert.strictEqual(json.dataVersion, null);
    assert.strictEqual(json.name, null);
    assert.strictEqual(json.detachment, null);
    assert.strictEqual(json.battleSize, null);
    assert.strictEqual(json.statedPoints, null);
    assert.deepStrictEqual(Object.keys(json.units[0]), ['name', 'points', 'section', 'warlord', 'enhancements', 'models', 'range']);
    assert.deepStrictEqual(json.units[0], {
      name: 'Forge Adept',
      points: 95,
      section: null,
      warlord: true,
      enhancements: [],
      models: [
        {
          count: 1,
          name: 'Forge Adept',
          wargear: [
            { count: 1, name: 'Servo claw' },
            { count: 1, name: 'Rivet pistol' },
          ],
        },
      ],
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 54 } },
    });
  });

  it('Combat Patrol battle size has null points; enhancement points appear', function () {
    const text = fixture('auspex_combat_patrol.army');
    const json = toParseJson(parseArmyList(text), text) as { battleSize: unknown; units: Array<{ points: unknown }> };
    assert.deepStrictEqual(json.battleSize, { name: 'Combat Patrol', points: null });
    assert.strictEqual(json.units[0].points, null);
    const nr = fixture('nrgw.txt');
    const j2 = toParseJson(parseArmyList(nr), nr) as { units: Array<{ enhancements: unknown }>; detachment: string };
    assert.deepStrictEqual(j2.units[0].enhancements, [{ name: 'Oil of Binding', points: 15 }]);
    assert.strictEqual(j2.detachment, 'Scrapforge Host');
  });
});

describe('the parser\'s blank test (lines.ts wsAt)', () => {
  it('answers as its pattern for every UTF-16 code unit (its ranges written out, the bullets among them not blank)', () => {
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (wsAt(ch, 0) !== WS_PATTERN.test(ch)) wrong.push(c.toString(16));
    }
    assert.deepStrictEqual(wrong, []);
    const notSpace: string[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isSpaceCode(c) !== /\s/.test(String.fromCharCode(c))) notSpace.push(c.toString(16));
    assert.deepStrictEqual(notSpace, [], 'isSpaceCode is \\s');
    assert.strictEqual(wsAt('•', 0), false);
    assert.strictEqual(wsAt('\u00a0', 0), true);
  });
});
