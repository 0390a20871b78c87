import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { APP_SECTIONS, appSectionOf, formatDocument, formatList, formattingEdits, layoutOf } from '../../server/src/service/features/format';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { APP_V2, APP_V2_FR, FLAT, NR11, WARORGAN, WARORGAN_APP } from './fixtures11';

const fixtures = path.join(repoRoot, 'test', 'fixtures', 'lists');

/** What formatting must keep, computed here independently of the formatter's own check. */
function army(l: ArmyList) {
  const unit = (u: Unit) => {
    const gear: Record<string, number> = {};
    for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) gear[w.name.text] = (gear[w.name.text] ?? 0) + w.count;
    return {
      name: u.name.text,
      points: u.points?.value ?? null,
      models: u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1),
      gear: Object.keys(gear)
        .sort()
        .map((k) => `${gear[k]}x ${k}`),
      enhancements: u.enhancements.map((e) => e.name.text).sort(),
      warlord: !!u.warlord,
      leading: u.leading?.text ?? null,
      notes: u.notes.map((n) => n.text).sort(),
    };
  };
  return l.units.map((u) => JSON.stringify(unit(u))).sort();
}

/** The formats a text in each layout reads as. */
const READS_AS: Record<string, string[]> = { app: ['gwapp', 'gwapp2'], 'app-v2': ['gwapp', 'gwapp2'], 'nr-gw': ['nrgw'], 'nr-wtc': ['wtc'], 'nr-tournament': ['wtccompact'], warorgan: ['warorgan'], compact: ['compact'] };

/** The app layout (dialect A), line by line: header, section headers in app order, unit lines, bullets. */
function assertAppLayout(out: string, file: string): void {
  const lines = out.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const planAt = lines.indexOf('STRATAGEMS');
  const body = planAt >= 0 ? lines.slice(0, planAt) : lines;
  const headers = body.filter((l) => (APP_SECTIONS as readonly string[]).includes(l));
  const order = headers.map((h) => APP_SECTIONS.indexOf(h as (typeof APP_SECTIONS)[number]));
  assert.ok(headers.length > 0 || lines.includes('ATTACHED UNITS'), `${file}: has section headers`);
  assert.deepStrictEqual(order, [...order].sort((a, b) => a - b), `${file}: sections in app order`);
  assert.strictEqual(new Set(headers).size, headers.length, `${file}: each section once`);
  let inBody = false;
  for (let i = 0; i < body.length; i++) {
    const l = body[i];
    if (headers.includes(l)) {
      inBody = true;
      assert.strictEqual(body[i + 1], '', `${file}: blank line after ${l}`);
      continue;
    }
    if (!inBody || l === '' || l.trimStart().startsWith('#')) continue;
    // A unit line, a model/item bullet, or a per-model wargear bullet: nothing else.
    assert.ok(/^\S.*$/.test(l) || /^ {2}• \S/.test(l) || /^ {5}◦ \d+x \S/.test(l), `${file}: line ${i + 1} is not app layout: ${JSON.stringify(l)}`);
    if (/^\S/.test(l)) assert.ok(i === 0 || body[i - 1] === '' || body[i - 1].trimStart().startsWith('#'), `${file}: blank line before unit ${l}`);
  }
}

/** Detachments with their DP, force dispositions, attachments (by unit name and role), data version. */
function assertEleventhKept(a: ArmyList, b: ArmyList, file: string): void {
  const head = (l: ArmyList) => ({
    dp: l.detachmentPointsStated?.total.value ?? null,
    own: (l.detachmentPoints ?? []).map((p) => p?.value ?? null),
    dispositions: (l.forceDispositions ?? []).map((d) => d.text),
    dataVersion: l.dataVersion?.text ?? null,
    attachments: (l.attachments ?? []).map((x) => ({
      leaders: x.leaders.map((u) => u.name.text),
      supports: x.supports.map((u) => u.name.text),
      bodyguard: x.bodyguard?.name.text ?? null,
    })),
  });
  assert.deepStrictEqual(head(b), head(a), `${file}: 11th-edition header and attachments kept`);
}

/** The v2 layout (either dialect, English or French): the Attached Units block before every section, one group per attachment, "Attached as:" first. */
function assertAttachedBlock(out: string, l: ArmyList, file: string): void {
  const lines = out.split('\n');
  const at = lines.findIndex((x) => /^(ATTACHED UNITS|Attached Units|Unités Attachées)$/.test(x));
  assert.ok(at > 0, `${file}: has the Attached Units block`);
  const firstSection = lines.findIndex((x) => (APP_SECTIONS as readonly string[]).includes(x) || /^(AUTRES FICHES TECHNIQUES|TRANSPORT ASSIGNÉ|PERSONNAGES|LIGNE)$/.test(x));
  assert.ok(firstSection < 0 || at < firstSection, `${file}: the block comes first`);
  const groups = lines.filter((x) => /^(Attached [uU]nit \d+|Unité \d+ Attachée)$/.test(x));
  assert.strictEqual(groups.length, l.attachments!.length, `${file}: one group per attachment`);
  for (let i = 0; i < lines.length; i++) if (/ \(\d[\d,]* [Pp]oints\)$/.test(lines[i]) && i > at && (firstSection < 0 || i < firstSection)) assert.match(lines[i + 1], /^ {0,2}• (Attached as|Attachée en tant que) ?: (Leader|Support|Bodyguard|Meneur|Soutien|Gardes du Corps)/, `${file}: line ${i + 2}`);
}

/**
 * Formats a list (its own exporter's layout, the app's for the formats Auspex does not write) and checks what it must
 * keep; a list the layout cannot hold a fact of (a stated total without a name, in the app's) is left as written.
 */
function roundTrip(text: string, file: string): string {
  const l = parseArmyList(text);
  assert.deepStrictEqual(l.errors, [], `${file}: source parses cleanly`);
  const out = formatList(text, l);
  if (out === text) return out;
  const layout = layoutOf(l, text);
  const again = parseArmyList(out);
  assert.deepStrictEqual(again.errors, [], `${file}: formatted text parses cleanly`);
  assert.ok(READS_AS[layout].includes(again.format), `${file}: formatted text reads as the ${layout} layout (${again.format})`);
  if (l.editionShown === 11) {
    assert.strictEqual(again.editionShown, 11, `${file}: still an 11th-edition list`);
    assertEleventhKept(l, again, file);
  }
  assert.deepStrictEqual(army(again), army(l), `${file}: same units, points, models, wargear, enhancements, Warlord`);
  assert.strictEqual(again.units.length, l.units.length);
  assert.strictEqual(formatList(out, again), out, `${file}: formatting twice gives the same text`);
  if (layout === 'app') assertAppLayout(out, file);
  assert.strictEqual(again.statedPoints?.value, l.statedPoints?.value, `${file}: stated total kept`);
  assert.strictEqual(again.title?.text, l.title?.text, `${file}: title kept, none invented`);
  assert.strictEqual(again.faction?.text, l.faction?.text, `${file}: faction kept`);
  assert.deepStrictEqual(again.detachments.map((d) => d.text), l.detachments.map((d) => d.text), `${file}: detachments kept`);
  assert.strictEqual(again.battleSize?.english ?? again.battleSize?.name.text, l.battleSize?.english ?? l.battleSize?.name.text, `${file}: battle size kept`);
  assert.strictEqual(again.battleSize?.points, l.battleSize?.points, `${file}: battle size points kept`);
  assert.strictEqual(again.comments.length, l.comments.length, `${file}: every comment kept`);
  return out;
}

describe('format: every shared list (../shared/lists) in its own layout, or the app layout', function () {
  const files: string[] = [];
  before(function () {
    requireShared(this, 'lists');
    files.push(...fs.readdirSync(sharedPath('lists')).filter((f) => f.endsWith('.txt')));
    assert.ok(files.length >= 13, 'the 13 shared lists');
  });
  it('keeps every unit, count, wargear item, enhancement and Warlord; is idempotent', function () {
    for (const f of files) roundTrip(fs.readFileSync(sharedPath('lists', f), 'utf8'), f);
  });
  it('writes the formats Auspex does not write in the app layout, their sections mapped (nrsimple Beast/Vehicle/Infantry → OTHER DATASHEETS)', function () {
    const text = fs.readFileSync(sharedPath('lists', 'nrsimple_worldeaters_1.txt'), 'utf8');
    const src = parseArmyList(text);
    const out = parseArmyList(formatList(text, src));
    assert.ok(out.units.every((u) => u.section), 'every unit sits in a section');
    const want = src.units.map((u) => `${appSectionOf(u.section)}|${u.name.text}`).sort();
    const got = out.units.map((u) => `${u.section}|${u.name.text}`).sort();
    assert.deepStrictEqual(got, want);
    assert.ok(src.units.some((u) => u.section === 'Vehicle'), 'the source has a Vehicle category');
  });
  it('keeps units in their original order within a section', function () {
    const text = fs.readFileSync(sharedPath('lists', 'listforge_worldeaters_1.txt'), 'utf8');
    const src = parseArmyList(text);
    const out = parseArmyList(formatList(text, src));
    for (const s of APP_SECTIONS) {
      const a = src.units.filter((u) => appSectionOf(u.section) === s).map((u) => `${u.name.text} ${u.points?.value}`);
      const b = out.units.filter((u) => u.section === s).map((u) => `${u.name.text} ${u.points?.value}`);
      assert.deepStrictEqual(b, a, s);
    }
  });
});

describe('format: the repository fixtures', function () {
  const files = fs.readdirSync(fixtures).filter((f) => /\.(txt|army)$/.test(f));
  it('every fixture that parses cleanly formats losslessly and idempotently', function () {
    let n = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(fixtures, f), 'utf8');
      if (parseArmyList(text).errors.length) continue;
      roundTrip(text, f);
      n++;
    }
    assert.ok(n >= 20, `fixtures formatted: ${n}`);
  });

  it('an already formatted dialect-A list gets no edit; another format gets one whole-document edit', function () {
    const a = fs.readFileSync(path.join(fixtures, 'gwapp_a.txt'), 'utf8');
    const formatted = formatList(a, parseArmyList(a));
    const doc = TextDocument.create('file:///f.army', 'army-list', 1, formatted);
    assert.deepStrictEqual(formattingEdits(doc, parseArmyList(formatted)), []);
    const b = fs.readFileSync(path.join(fixtures, 'wtc.txt'), 'utf8');
    const bdoc = TextDocument.create('file:///b.army', 'army-list', 1, b);
    const edits = formattingEdits(bdoc, parseArmyList(b));
    assert.strictEqual(edits.length, 1);
    assert.deepStrictEqual(edits[0].range.start, { line: 0, character: 0 });
    assert.deepStrictEqual(edits[0].range.end, bdoc.positionAt(b.length));
    assert.strictEqual(TextDocument.applyEdits(bdoc, edits), formatList(b, parseArmyList(b)));
  });

  it('dialect B stays dialect B: a copy with its indentation stripped gets the app\'s continuation lines back', function () {
    const b = fs.readFileSync(path.join(fixtures, 'gwapp_b.txt'), 'utf8');
    assert.strictEqual(formatList(b, parseArmyList(b)), b, 'an export in its own layout is left as it is');
    const stripped = fs.readFileSync(path.join(fixtures, 'gwapp_b_stripped.txt'), 'utf8');
    const out = formatList(stripped, parseArmyList(stripped));
    assert.ok(/^ {4}\d+x /m.test(out), 'continuation lines');
    assert.ok(!/^ {5}◦/m.test(out), 'no dialect-A wargear bullets');
    assert.ok(/^ {2}• Enhancement: \S/m.test(out), 'the singular');
    const l = parseArmyList(out);
    assert.ok(l.battleSize!.span.start < l.detachments[0].span.start, 'battle size before detachment, as dialect B writes it');
  });

  it('dialect A with its indentation stripped gets it back', function () {
    const stripped = fs.readFileSync(path.join(fixtures, 'gwapp_a_stripped.txt'), 'utf8');
    const out = formatList(stripped, parseArmyList(stripped));
    assert.ok(/^ {5}◦ \d+x /m.test(out), 'per-model wargear with ◦');
    assert.ok(/^ {2}• Enhancements: \S/m.test(out), 'the plural');
  });

  it('keeps comments where they stand and the STRATAGEMS plan verbatim at the end', function () {
    const text = fs.readFileSync(path.join(fixtures, 'auspex_combat_patrol.army'), 'utf8');
    const l = parseArmyList(text);
    const out = formatList(text, l);
    const lines = out.split('\n');
    assert.strictEqual(lines[0], '# Hand-written Combat Patrol list (Auspex extensions)', 'top comment stays first');
    const at = (s: string) => lines.indexOf(s);
    assert.strictEqual(at('# the gangers go first') + 1, at('BATTLELINE'), 'comment above its section header');
    assert.ok(at('  # keep the boss alive') > at('     ◦ 1x Rivet pistol') && at('  # keep the boss alive') < at('  • 9x Rivet Ganger'), 'comment inside the unit, before the model it stood before');
    const plan = text.slice(l.stratagemPlan!.header.span.start, l.stratagemPlan!.span.end);
    assert.ok(out.endsWith(plan + '\n'), 'plan verbatim at the end');
  });

  it('keeps CRLF line endings', function () {
    const text = fs.readFileSync(path.join(fixtures, 'gwapp_a_crlf.txt'), 'utf8');
    const out = formatList(text, parseArmyList(text));
    assert.ok(out.includes('\r\n'));
    assert.ok(!/[^\r]\n/.test(out), 'every line break is CRLF');
  });
});

describe('format: models without wargear', function () {
  it('a counted bullet without wargear beside model groups reads back as a model (BattleScribe "Dishonoured")', function () {
    const text = 'CHARACTERS\n\nJakhals (70 Points)\n  • 7x Jakhals\n     ◦ 7x Autopistol\n  • 1x Dishonoured w/ skullsmasher\n';
    const u = parseArmyList(text).units[0];
    assert.deepStrictEqual(u.models.map((m) => `${m.count}x ${m.name.text}`), ['7x Jakhals', '1x Dishonoured w/ skullsmasher']);
    assert.strictEqual(u.wargear, undefined);
    // A single-model unit's wargear bullets are still wargear.
    const one = parseArmyList('CHARACTERS\n\nRhino (75 Points)\n  • 1x Storm bolter\n').units[0];
    assert.strictEqual(one.models[0].implicit, true);
    assert.strictEqual(one.models[0].wargear[0].name.text, 'Storm bolter');
  });
});

describe('format: refusal keeps the text', function () {
  const broken = 'My list (100 Points)\n\nTyranids\nStrike Force (2,000 Points)\n\nCHARACTERS\n\nNeurotyrant (100 Points)\n  • 1x Psychic scream\nthis line is not a list line\n';
  it('a list with parse errors gets no edit and a reason', function () {
    const l = parseArmyList(broken);
    assert.ok(l.errors.length > 0, 'the sample has a parse error');
    const doc = TextDocument.create('file:///x.army', 'army-list', 1, broken);
    const r = formatDocument(doc, l);
    assert.deepStrictEqual(r.edits, []);
    assert.match(r.refused ?? '', /parse error/);
    assert.strictEqual(formatList(broken, l), broken);
  });
  it('the language service answers format(doc) the same way', function () {
    const svc = createLanguageService();
    const bad = svc.format(TextDocument.create('file:///x.army', 'army-list', 1, broken));
    assert.strictEqual(bad.edits.length, 0);
    assert.ok(bad.refused);
    const good = fs.readFileSync(path.join(fixtures, 'nrgw.txt'), 'utf8');
    const ok = svc.format(TextDocument.create('file:///y.army', 'army-list', 1, good));
    assert.strictEqual(ok.edits.length, 1);
    assert.strictEqual(ok.refused, undefined);
  });
  it('an empty document is left alone', function () {
    const r = formatDocument(TextDocument.create('file:///e.army', 'army-list', 1, ''), parseArmyList(''));
    assert.deepStrictEqual(r.edits, []);
  });
});

// Found by the fuzzing over the repository fixtures: invisible characters must not change what a line is,
// and a list that would not read back as itself after formatting is left as written.
describe('format and parse: invisible characters and damaged lists', () => {
  const list = 'Genestealer Cults\nClaw of Ascension\nCombat Patrol\n\nOTHER DATASHEETS\n\nAtalan Jackals\n  • 4x Atalan Jackal\n     ◦ 4x Atalan small arms\n';

  it('reads a bullet behind bidirectional controls as a bullet', () => {
    const text = list.replace('  • 4x', '\u202e\u2066  • 4x');
    const l = parseArmyList(text);
    assert.deepStrictEqual(l.errors, []);
    assert.deepStrictEqual(l.units[0].models.map((m) => [m.count, m.name.text]), [[4, 'Atalan Jackal']]);
  });

  it('reads U+2028 inside a line as a space, not as the end of what a pattern may match', () => {
    const l = parseArmyList(`Jackal\u2028raid (0 Points)\n\n${list}`);
    assert.strictEqual(l.title?.text, 'Jackal raid');
    assert.strictEqual(l.units.length, 1);
  });

  it('formats a list flattened onto one line by U+2028 into the same army, stably, or leaves it as written', () => {
    // The fuzzing's case: the short export with its first line doubled, flattened by U+2028, twice over.
    const lines = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'lists', 'nrshort.txt'), 'utf8').split(/\r?\n/);
    lines.unshift(lines[0]);
    const flat = `${lines.join('\u2028')}\n${lines.join('\u2028')}`;
    const l = parseArmyList(flat);
    assert.ok(l.units.length > 0, 'the flattened text still yields units');
    const out = formatList(flat, l);
    const again = parseArmyList(out);
    assert.deepStrictEqual(again.units.map((u) => u.name.text), l.units.map((u) => u.name.text));
    assert.strictEqual(formatList(out, again), out, 'formatting twice changes nothing');
  });
});

describe('format: 11th-edition lists into the app v2 layout', function () {
  it('every shared 11th-edition list (../shared/lists-11e) formats losslessly and idempotently', function () {
    requireShared(this, 'lists-11e');
    const files = fs.readdirSync(sharedPath('lists-11e')).filter((f) => f.endsWith('.txt'));
    assert.strictEqual(files.length, 10);
    for (const f of files) {
      const text = fs.readFileSync(sharedPath('lists-11e', f), 'utf8');
      const out = roundTrip(text, f);
      const l = parseArmyList(text);
      if (l.attachments?.length && l.format.startsWith('gwapp')) assertAttachedBlock(out, l, f);
    }
  });

  it('the hand-written fixtures: Attached Units first, DP, dispositions and footer kept; idempotent', function () {
    for (const [name, text] of Object.entries({ APP_V2, APP_V2_FR, FLAT, NR11, WARORGAN, WARORGAN_APP })) {
      const out = roundTrip(text, name);
      const l = parseArmyList(text);
      if (l.attachments?.length && l.format.startsWith('gwapp')) assertAttachedBlock(out, l, name);
    }
    const perDetachment = APP_V2.replace('Anvil Siege Force and Vanguard Spearhead (3 Detachment Points)', 'Anvil Siege Force (2 Detachment Points) and Vanguard Spearhead (1 Detachment Points)');
    assert.ok(roundTrip(perDetachment, 'per-detachment DP').includes('\nAnvil Siege Force (2 Detachment Points) and Vanguard Spearhead (1 Detachment Points)\n'));
    const out = formatList(APP_V2, parseArmyList(APP_V2));
    assert.deepStrictEqual(out.split('\n').slice(0, 16), [
      'Iron Vigil (1,010 Points)',
      '',
      'Space Marines',
      'Imperial Fists',
      'Anvil Siege Force and Vanguard Spearhead (3 Detachment Points)',
      'Force Dispositions: Take and Hold, Reconnaissance',
      'Incursion (1,000 Points)',
      '',
      'ATTACHED UNITS',
      '',
      'Attached unit 1',
      '',
      'Captain (80 Points)',
      '  • Attached as: Leader (Character)',
      '  • Warlord',
      '  • 1x Master-crafted power weapon',
    ]);
    assert.ok(out.includes('Hellblaster Squad (230 Points)\n  • Attached as: Bodyguard ()\n'), 'the Bodyguard qualifier as written');
    assert.ok(out.trimEnd().endsWith('Exported with App Version: v2.3.1 (17), Data Version: v901'), 'the footer with the data version');
    // A flattened paste gets its indentation, blank lines and spaces back.
    const flat = formatList(FLAT, parseArmyList(FLAT));
    assert.ok(flat.includes('\nBrother-Captain (120 Points)\n  • Attached as: Leader (Character)\n'), flat);
    assert.ok(flat.includes('\nNemesis Dreadknight (1045 Points)\n'));
  });

  it("maps the app's French section headers onto the app sections", function () {
    assert.strictEqual(appSectionOf('TRANSPORT ASSIGNÉ'), 'DEDICATED TRANSPORTS');
    assert.strictEqual(appSectionOf('AUTRES FICHES TECHNIQUES'), 'OTHER DATASHEETS');
    assert.strictEqual(appSectionOf('PERSONNAGES'), 'CHARACTERS');
    assert.strictEqual(appSectionOf('LIGNE'), 'BATTLELINE');
    assert.strictEqual(appSectionOf('UNITÉS ALLIÉES'), 'ALLIED UNITS');
  });

  it('War Organ stays War Organ: "(2/2 Detachment Points)" and its groups as written', function () {
    const out = formatList(WARORGAN, parseArmyList(WARORGAN));
    assert.ok(out.includes('\nDetachments: War Horde, More Dakka! (2/2 Detachment Points)\nForce Disposition: Take And Hold\n'), out);
    assert.ok(/\nBig Lads\n\n {2}Warboss \(90 points\)\n/.test(out), out);
  });
});
