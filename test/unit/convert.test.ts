// `auspex convert` (issue 26): every real list in ../shared/lists and ../shared/lists-11e, written in every format
// and read back by Auspex's own parser, fields the same army; converting twice gives the same text; each format's
// text has the layout of that format's real export.
import * as assert from 'assert';
import * as fs from 'fs';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { CONVERT_FORMATS, ConvertFormat, DROPPED_PREFIX, writeList } from '../../server/src/service/features/convert';
import { normalizeName } from '../../server/src/service/domain/text/normalize';
import * as path from 'path';
import { hasShared, repoRoot, requireShared, sharedPath } from '../support/shared';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';

const FOLDERS = ['lists', 'lists-11e'];

function realLists(): Array<{ file: string; text: string }> {
  return FOLDERS.filter((f) => hasShared(f)).flatMap((f) =>
    fs
      .readdirSync(sharedPath(f))
      .filter((n) => n.endsWith('.txt'))
      .sort()
      .map((n) => ({ file: `${f}/${n}`, text: fs.readFileSync(sharedPath(f, n), 'utf8') })),
  );
}

/** A name as compared: case, typography and accents folded (normalizeName), and " & " read as " and " (War Organ writes "Lacerator & daemonic claw"). */
const key = (s: string) => normalizeName(s).replace(/\s+&\s+/g, ' and ');

/**
 * What a unit fields: name, stated points, model count, wargear totals by name (over its model groups and its own),
 * enhancements with their stated cost, the Warlord, `Leading:`, its role in an attached unit, and (`notes`) its notes.
 */
function unitSig(u: Unit, opts: { role: boolean; notes: boolean; leading: boolean }): string {
  const gear = new Map<string, number>();
  for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) gear.set(key(w.name.text), (gear.get(key(w.name.text)) ?? 0) + w.count);
  return JSON.stringify({
    name: key(u.name.text),
    points: u.points?.value,
    models: u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1),
    wargear: [...gear].map(([n, c]) => `${c}x ${n}`).sort(),
    enhancements: u.enhancements.map((e) => `${key(e.name.text)}${e.points !== undefined ? ` +${e.points}` : ''}`).sort(),
    warlord: !!u.warlord,
    ...(opts.leading ? { leading: u.leading && key(u.leading.text) } : {}),
    ...(opts.role ? { role: u.attachedAs?.role } : {}),
    ...(opts.notes ? { notes: u.notes.map((n) => n.text) } : {}),
  });
}

const total = (l: ArmyList) => l.statedPoints?.value ?? l.units.reduce((a, u) => a + (u.points?.value ?? 0), 0);

/** The army a list fields, leaving out what the conversion declared dropped (and only that). */
function armySig(l: ArmyList, dropped: string[], format: ConvertFormat, eleventh: boolean): object {
  const has = (what: RegExp) => dropped.some((d) => what.test(d));
  const attachments = eleventh && !has(/attached/);
  const opts = { role: attachments && !has(/Support role/), notes: !has(/^notes /), leading: !has(/^Leading: /) };
  const sig = (u: Unit) => unitSig(u, opts);
  return {
    units: l.units.map(sig).sort(),
    total: total(l),
    faction: l.faction && key(l.faction.text),
    battleSize: has(/battle size/) ? undefined : l.battleSize && `${l.battleSize.english ?? l.battleSize.name.text} ${l.battleSize.points}`,
    detachments: l.detachments.map((d) => key(d.text)),
    ...(eleventh
      ? {
          dp: l.detachmentPointsStated?.total.value ?? (l.detachmentPoints ?? []).map((p) => p?.value ?? null),
          dispositions: (l.forceDispositions ?? []).map((d) => key(d.text)),
          attachments: attachments ? (l.attachments ?? []).map((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])].map(sig).sort().join(' + ')).sort() : undefined,
        }
      : {}),
    format,
  };
}

/** The project's own lists (examples, fixtures): Combat Patrol lists whose units state no points among them. */
function ownLists(): Array<{ file: string; text: string }> {
  return ['examples', 'test/fixtures/lists'].flatMap((d) =>
    fs
      .readdirSync(path.join(repoRoot, d))
      .filter((n) => /\.(army|txt|40k)$/.test(n))
      .sort()
      .map((n) => ({ file: `${d}/${n}`, text: fs.readFileSync(path.join(repoRoot, d, n), 'utf8') }))
      .filter(({ text }) => {
        const l = parseArmyList(text);
        return !l.errors.length && l.units.length > 0;
      }),
  );
}

describe('convert: round trips over every real list and every format', function () {
  before(function () {
    requireShared(this, 'lists');
  });
  roundTrips(hasShared('lists') ? realLists() : []);
});

describe("convert: round trips over the project's own lists (units without points, no header)", () => {
  roundTrips(ownLists());
});

function roundTrips(lists: Array<{ file: string; text: string }>): void {
  for (const { file, text } of lists) {
    // The list's own edition's form, and the other edition's (`--edition`): an 11th-edition list in the 10th-edition
    // form drops (and says so) its Detachment Points, dispositions and attached units.
    for (const [format, other] of CONVERT_FORMATS.flatMap((f) => [[f, false], [f, true]] as Array<[ConvertFormat, boolean]>)) {
      it(`${file} → ${format}${other ? ' in the other edition\'s form' : ''}: read back, the same army; converting again gives the same text`, () => {
        const list = parseArmyList(text);
        const own = list.editionShown ?? 10;
        const edition = other ? (own === 11 ? 10 : 11) : own;
        const eleventh = edition === 11 && own === 11;
        const out = writeList(list, format, edition, { source: text });
        const back = parseArmyList(out.text);
        assert.deepStrictEqual(back.errors.map((e) => e.message), [], `${format} text does not read back cleanly:\n${out.text}`);
        // The text shows the 11th edition when it was asked for and the list has something only the 11th edition
        // holds; two detachments show it in either form (the 10th edition has one, and the form keeps both).
        assert.strictEqual(back.editionShown ?? 10, eleventh || list.detachments.length > 1 ? 11 : 10, 'the edition the text shows');
        assert.deepStrictEqual(armySig(back, out.dropped, format, eleventh), armySig(list, out.dropped, format, eleventh), out.text);
        // The dropped items are said in one line, the last.
        const lines = out.text.trimEnd().split('\n');
        assert.strictEqual(lines.filter((l) => l.startsWith(DROPPED_PREFIX)).length, out.dropped.length ? 1 : 0);
        if (out.dropped.length) assert.strictEqual(lines[lines.length - 1], DROPPED_PREFIX + out.dropped.join('; '));
        const again = writeList(back, format, edition, { source: out.text });
        assert.strictEqual(again.text, out.text, 'converting the converted text again changes it');
      });
    }
  }
}

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
  if (t.startsWith(DROPPED_PREFIX)) return '# Dropped';
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

describe('convert: each format has the layout of its real export (the *_worldeaters_2 army, in five formats in ../shared/lists-11e)', function () {
  before(function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
  });
  const read = (f: string) => fs.readFileSync(sharedPath('lists-11e', f), 'utf8');
  const convert = (from: string, format: ConvertFormat, edition?: 10 | 11) => {
    const text = read(from);
    return writeList(parseArmyList(text), format, edition, { source: text }).text;
  };

  it('app-v2: the app export converted is the real export line for line (its footer kept as written)', () => {
    const real = read('gwapp11_worldeaters_2.txt').trimEnd().split(/\r?\n/);
    const ours = convert('gwapp11_worldeaters_2.txt', 'app-v2').trimEnd().split('\n');
    assert.match(real[real.length - 1], /^Exported with App Version/);
    assert.deepStrictEqual(ours, real);
    // From another exporter's text there is no app footer to keep, and none is made up.
    assert.doesNotMatch(convert('nrgw11_worldeaters_2.txt', 'app-v2'), /Exported with/);
  });

  it('app-v2 from the French app export: the same English layout (names as the export wrote them; each keeps its own footer)', () => {
    const en = convert('gwapp11_worldeaters_2.txt', 'app-v2').trimEnd().split('\n');
    const fr = convert('gwapp11fr_worldeaters_2.txt', 'app-v2').trimEnd().split('\n');
    assert.match(fr.pop()!, /^Export[ée] avec la Version de l.Appli/);
    assert.match(en.pop()!, /^Exported with App Version/);
    assert.deepStrictEqual(fr.map(shape), en.map(shape));
    assert.ok(fr.includes('Attached Units') && fr.includes('• Attached as: Bodyguard (Battleline)') && fr.includes('Strike Force (2000 points)'));
  });

  it("app: the 10th-edition form is the app's v1 layout (a real v1 export, gwapp_spacewolves_3 in ../shared/lists: another army, so its layout is compared)", function () {
    requireShared(this, 'lists', 'gwapp_spacewolves_3.txt');
    const real = fs.readFileSync(sharedPath('lists', 'gwapp_spacewolves_3.txt'), 'utf8');
    const out = convert('gwapp11_worldeaters_2.txt', 'app', 10);
    const ours = new Set(out.split('\n').map(shape));
    const theirs = new Set(real.split(/\r?\n/).map(shape));
    // The dropped line (Detachment Points, the force disposition, attached units: the 10th-edition form has none);
    // the app's own footer.
    assert.deepStrictEqual([...ours].filter((s) => !theirs.has(s)), ['# Dropped']);
    assert.deepStrictEqual([...theirs].filter((s) => !ours.has(s)), ['Exported with App Version: …']);
  });

  // New Recruit's export of this army states the enhancement costs and the faction path as New Recruit writes them,
  // so it is the source here; its content differs from the other exports only where noted.
  const cases: Array<{ format: ConvertFormat; real: string; leaveOut: string[]; why: string }> = [
    {
      format: 'nr-gw',
      real: 'nrgw11_worldeaters_2.txt',
      leaveOut: ['+ SECONDARY:', '    • …'],
      why: "New Recruit's SECONDARY summary (not part of the army) and its untallied '• Icon of Khorne' (Auspex writes '• 1x Icon of Khorne')",
    },
    {
      format: 'nr-tournament',
      real: 'nrtournament11_worldeaters_2.txt',
      leaveOut: ['+ SECONDARY:', '(blank)'],
      why: "New Recruit's SECONDARY summary, and blank lines: New Recruit separates sections it names nowhere in the text, which Auspex cannot read back, so it separates only the characters from the rest",
    },
    {
      format: 'warorgan',
      real: 'warorgan11_worldeaters_2.txt',
      leaveOut: ['Detachments: …', 'Detachments: … (N/N Detachment Points)', 'Battle Size: … (N point limit)'],
      why: 'War Organ states the battle size and the Detachment Points with their allowance; New Recruit\'s export states neither (so neither can be written); War Organ also groups units under names of its own',
    },
  ];
  for (const c of cases) {
    it(`${c.format}: the layout of ${c.real} line by line (left out: ${c.why})`, () => {
      const out = convert('nrgw11_worldeaters_2.txt', c.format);
      const real = read(c.real);
      const leave = [...c.leaveOut, '# Dropped'];
      if (c.format === 'warorgan') {
        // War Organ's group headers are its own names; the converted text groups by the app's sections: compare
        // everything but the order of the groups (the set of shapes).
        assert.deepStrictEqual(new Set(layout(out, leave)), new Set(layout(real, leave)));
      } else assert.deepStrictEqual(layout(out, leave), layout(real, leave));
    });
  }

  it("nr-tournament from the app export: attached units as New Recruit's `Leading X[n]` lines, read back as the same attachments", () => {
    const out = convert('gwapp11_worldeaters_2.txt', 'nr-tournament');
    assert.deepStrictEqual(out.split('\n').filter((l) => l.startsWith('Leading ')), ['Leading Khorne Berzerkers[1]', 'Leading Exalted Eightbound[1]', 'Leading Khorne Berzerkers[2]', 'Leading Khorne Berzerkers[3]']);
    assert.strictEqual(parseArmyList(out).attachments?.length, 4);
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
  });
});
