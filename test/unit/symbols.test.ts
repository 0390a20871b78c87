import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentSymbol, Range, SelectionRange } from 'vscode-languageserver-types';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { documentSymbols, foldingRanges, selectionRanges } from '../../server/src/service/features/symbols';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

const fixtures = path.join(repoRoot, 'test', 'fixtures', 'lists');
const load = (file: string) => {
  const text = fs.readFileSync(file, 'utf8');
  const doc = TextDocument.create('file:///' + path.basename(file), 'army-list', 1, text);
  return { text, doc, list: parseArmyList(text) };
};
const slice = (doc: TextDocument, r: Range) => doc.getText().slice(doc.offsetAt(r.start), doc.offsetAt(r.end));
const contains = (outer: Range, inner: Range) =>
  (outer.start.line < inner.start.line || (outer.start.line === inner.start.line && outer.start.character <= inner.start.character)) &&
  (outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.character >= inner.end.character));

describe('symbols: document symbols', function () {
  it('sections → units → model groups on the app-format fixture', function () {
    const { doc, list } = load(path.join(fixtures, 'gwapp_a.txt'));
    const syms = documentSymbols(doc, list);
    assert.deepStrictEqual(syms.map((s) => s.name), list.sections.map((s) => s.name.text));
    assert.deepStrictEqual(syms.map((s) => s.name).slice(0, 2), ['CHARACTERS', 'BATTLELINE']);
    const units = syms.flatMap((s) => s.children ?? []);
    assert.deepStrictEqual(units.map((u) => u.name), list.units.map((u) => u.name.text), 'every unit once, in order');
    const captain = units.find((u) => u.name === 'Warden Captain')!;
    assert.strictEqual(captain.detail, '95 pts');
    assert.deepStrictEqual(captain.children, [], 'a single-model unit has no model-group children');
    const guard = units.find((u) => u.name === 'Cinder Guard')!;
    assert.deepStrictEqual(guard.children!.map((m) => `${m.name} ${m.detail}`), ['Cinder Sergeant ×1', 'Cinder Guard ×9']);
    for (const s of syms) {
      assert.strictEqual(slice(doc, s.selectionRange), s.name, 'section selection range is its header');
      for (const u of s.children ?? []) {
        assert.ok(contains(s.range, u.range), `${u.name} inside ${s.name}`);
        assert.strictEqual(slice(doc, u.selectionRange), u.name);
        assert.ok(slice(doc, u.range).startsWith(u.name), 'unit range starts at the unit line');
        for (const m of u.children ?? []) {
          assert.ok(contains(u.range, m.range), `${m.name} inside ${u.name}`);
          assert.strictEqual(slice(doc, m.selectionRange), m.name);
        }
      }
    }
  });

  it('the STRATAGEMS plan is the last symbol, with one child per planned use', function () {
    const { doc, list } = load(path.join(fixtures, 'auspex_combat_patrol.army'));
    const syms = documentSymbols(doc, list);
    const plan = syms[syms.length - 1];
    assert.strictEqual(plan.name, 'STRATAGEMS');
    assert.deepStrictEqual(plan.children!.map((c) => c.name), ['Oil the Gears', 'Scrap Storm', 'Overcharge']);
    assert.strictEqual(plan.children![1].detail, 'Rivet Gangers, Forge Adept');
    assert.deepStrictEqual(syms.slice(0, -1).map((s) => s.name), ['CHARACTERS', 'BATTLELINE', 'OTHER DATASHEETS']);
  });

  it('a format without sections (WTC-compact) lists its units at the top level, in text order', function () {
    const { doc, list } = load(path.join(fixtures, 'wtccompact.txt'));
    assert.strictEqual(list.sections.length, 0);
    const syms = documentSymbols(doc, list);
    assert.deepStrictEqual(syms.map((s) => s.name), list.units.map((u) => u.name.text));
    const lines = syms.map((s) => s.range.start.line);
    assert.deepStrictEqual(lines, [...lines].sort((a, b) => a - b));
  });

  it('every shared list: one unit symbol per unit, every range inside the document', function () {
    requireShared(this, 'lists');
    for (const f of fs.readdirSync(sharedPath('lists')).filter((x) => x.endsWith('.txt'))) {
      const { doc, list } = load(sharedPath('lists', f));
      const syms = documentSymbols(doc, list);
      const all: DocumentSymbol[] = [];
      const walk = (ss: DocumentSymbol[]) => ss.forEach((s) => (all.push(s), walk(s.children ?? [])));
      walk(syms);
      const unitSyms = list.sections.length ? syms.flatMap((s) => s.children ?? []) : syms;
      assert.strictEqual(unitSyms.length, list.units.length, `${f}: unit symbols`);
      for (const s of all) assert.ok(contains(s.range, s.selectionRange), `${f}: ${s.name} selection inside range`);
    }
  });
});

describe('symbols: folding ranges', function () {
  it('one fold per section and per multi-line unit, plus the plan', function () {
    const { doc, list } = load(path.join(fixtures, 'auspex_combat_patrol.army'));
    const folds = foldingRanges(doc, list);
    const lines = doc.getText().split('\n');
    const at = (s: string, from = 0) => lines.indexOf(s, from);
    const has = (start: number, end: number) => folds.some((f) => f.startLine === start && f.endLine === end);
    // Units: "Forge Adept" .. "  • Leading: Rivet Gangers".
    assert.ok(has(at('Forge Adept'), at('  • Leading: Rivet Gangers')), 'Forge Adept fold');
    const rg1 = at('Rivet Gangers');
    assert.ok(has(rg1, at('     ◦ 9x Chain cleaver')), 'first Rivet Gangers fold');
    assert.ok(has(at('Slag Walkers'), at('     ◦ 2x Magma lance')), 'Slag Walkers fold');
    assert.ok(has(at('STRATAGEMS'), at('Overcharge: Rivet Gangers')), 'plan fold');
    for (const s of list.sections) {
      const start = doc.positionAt(s.span.start).line;
      assert.ok(folds.some((f) => f.startLine === start && f.kind === 'region'), `${s.name.text} fold`);
    }
    for (const f of folds) assert.ok(f.endLine > f.startLine, 'no one-line folds');
    // Every unit and section of this list spans several lines: 4 units + 3 sections + the plan.
    assert.strictEqual(list.units.length, 4);
    assert.strictEqual(folds.length, list.units.length + list.sections.length + 1);
  });

  it('a one-line unit gets no fold', function () {
    const text = 'CHARACTERS\n\nCyclops Demolition Vehicle (25 Points)\n\nRhino (75 Points)\n  • 1x Storm bolter\n';
    const doc = TextDocument.create('file:///c.army', 'army-list', 1, text);
    const folds = foldingRanges(doc, parseArmyList(text));
    assert.deepStrictEqual(folds.map((f) => [f.startLine, f.endLine]).sort(), [[0, 5], [4, 5]]);
  });
});

describe('symbols: selection ranges', function () {
  const chain = (r: SelectionRange) => {
    const out: Range[] = [];
    for (let c: SelectionRange | undefined = r; c; c = c.parent) out.push(c.range);
    return out;
  };

  it('grows from a wargear name to its item, model group, unit, section and document', function () {
    const { doc, list } = load(path.join(fixtures, 'gwapp_a.txt'));
    const text = doc.getText();
    const at = text.indexOf('Plasma pistol') + 2;
    const [r] = selectionRanges(doc, list, [doc.positionAt(at)]);
    const texts = chain(r).map((x) => slice(doc, x));
    assert.strictEqual(texts[0], 'Plasma pistol');
    assert.strictEqual(texts[1], '1x Plasma pistol');
    assert.ok(texts[2].startsWith('1x Cinder Sergeant') || texts[2].startsWith('Cinder Sergeant'), texts[2]);
    assert.ok(texts.some((t) => t.startsWith('Cinder Guard (170 Points)')), 'the unit');
    assert.ok(texts.some((t) => t.startsWith('BATTLELINE')), 'the section');
    assert.strictEqual(texts[texts.length - 1], text, 'the document last');
    const ranges = chain(r);
    for (let i = 1; i < ranges.length; i++) assert.ok(contains(ranges[i], ranges[i - 1]), `level ${i} contains level ${i - 1}`);
  });

  it('from a unit name: name → unit → section → document', function () {
    const { doc, list } = load(path.join(fixtures, 'gwapp_a.txt'));
    const text = doc.getText();
    const [r] = selectionRanges(doc, list, [doc.positionAt(text.indexOf('Pyre Chaplain') + 3)]);
    const texts = chain(r).map((x) => slice(doc, x));
    assert.deepStrictEqual(texts.slice(0, 1), ['Pyre Chaplain']);
    assert.ok(texts[1].startsWith('Pyre Chaplain (70 Points)') && texts[1].endsWith('Oath of Embers: Kindled'), texts[1]);
    assert.ok(texts[2].startsWith('CHARACTERS'));
    assert.strictEqual(texts[3], text);
    assert.strictEqual(texts.length, 4);
  });

  it('outside every unit: just the document; one answer per position', function () {
    const { doc, list } = load(path.join(fixtures, 'gwapp_a.txt'));
    const rs = selectionRanges(doc, list, [{ line: 0, character: 2 }, { line: 2, character: 1 }]);
    assert.strictEqual(rs.length, 2);
    for (const r of rs) assert.strictEqual(slice(doc, chain(r).pop()!), doc.getText());
    assert.strictEqual(chain(rs[0]).length, 1);
  });
});
