// The OPPONENT line (an Auspex extension, like the STRATAGEMS plan): parsed in any format with its path's span,
// errors with positions, kept by the formatter, and the hover naming the opponent's faction, detachment, points.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');

describe('the OPPONENT line', () => {
  it('is lifted from any place at column 0, its path as written with its span; the list reads as without it', () => {
    const plan = `${example}\nSTRATAGEMS\nPoint-Blank Ambush (round 2): Atalan Jackals\nOPPONENT: ../their list.army\n`;
    for (const text of [`OPPONENT: ../their list.army\n${example}`, `${example}\nOpponent :  ../their list.army  \n`, plan]) {
      const list = parseArmyList(text);
      const p = list.opponent!.path!;
      assert.strictEqual(p.text, '../their list.army');
      assert.strictEqual(text.slice(p.span.start, p.span.end), '../their list.army');
      assert.deepStrictEqual(list.errors, []);
      const plain = parseArmyList(example);
      assert.deepStrictEqual([list.faction?.text, list.detachments.map((d) => d.text), list.units.map((u) => u.name.text)], [plain.faction?.text, plain.detachments.map((d) => d.text), plain.units.map((u) => u.name.text)]);
    }
  });

  it('without a path, or twice: opponent-syntax on that line', () => {
    const none = parseArmyList(`OPPONENT:\n${example}`);
    assert.deepStrictEqual(none.errors.map((e) => [e.code, e.span.start]), [['opponent-syntax', 0]]);
    assert.strictEqual(none.opponent?.path, undefined);
    const text = `OPPONENT: a.army\nOPPONENT: b.army\n${example}`;
    const two = parseArmyList(text);
    assert.strictEqual(two.opponent!.path!.text, 'a.army');
    assert.deepStrictEqual(two.errors.map((e) => [e.code, text.slice(e.span.start, e.span.end)]), [['opponent-syntax', 'OPPONENT: b.army']]);
    assert.match(two.errors[0].message, /names one opponent/);
  });

  it('an indented "Opponent:" bullet is not the line (a unit may carry such a note)', () => {
    assert.strictEqual(parseArmyList(example.replace('  • 4x Atalan Jackal', '  • Opponent: x\n  • 4x Atalan Jackal')).opponent, undefined);
  });

  it('formatting keeps the line where it stands', () => {
    const service = createLanguageService();
    const text = `OPPONENT: ../theirs.army\n${example}`;
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, text);
    const r = service.format(doc);
    assert.strictEqual(r.refused, undefined);
    const out = TextDocument.applyEdits(doc, r.edits);
    assert.match(out, /^OPPONENT: \.\.\/theirs\.army\n/);
    assert.strictEqual(parseArmyList(out).opponent!.path!.text, '../theirs.army');
  });

  it('the hover names the opponent list, its faction, detachment and points; the edition it is read under', () => {
    const service = createLanguageService();
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, `OPPONENT: theirs.army\n${example}`);
    service.setOpponent(doc.uri, { doc: TextDocument.create('file:///theirs.army', 'army-list', 1, example.replace('Atalan Jackals\n', 'Atalan Jackals (90 Points)\n')) });
    const h = service.hover(doc, { line: 0, character: 12 })!;
    const v = (h.contents as { value: string }).value;
    assert.match(v, /^\*\*Opponent\*\*: theirs\.army\n\nFaction: Genestealer Cults\n\nDetachment: Claw of Ascension\n\nPoints: 90, 1 units\n\nRead under the 10th edition/);
    assert.deepStrictEqual(h.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 21 } });
    // Elsewhere the usual hovers.
    assert.doesNotMatch((service.hover(doc, { line: 10, character: 3 })?.contents as { value: string } | undefined)?.value ?? '', /Opponent/);
  });

  it('an opponent whose units the data does not know: the lenses keep the settings\' profiles', () => {
    const service = createLanguageService();
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, `OPPONENT: theirs.army\n${example}`);
    service.setOpponent(doc.uri, { doc: TextDocument.create('file:///theirs.army', 'army-list', 1, 'Orks\nWaaagh! Tribe\n\nBoyz (85 Points)\n  • 10x Boy\n') });
    const lenses = service.codeLenses(doc);
    assert.strictEqual(lenses.length, 1);
    assert.match(lenses[0].command!.title, /^⚔ [\d.]+ dmg, [\d.]+ slain — (Shooting|Fight) vs T3 5\+ W1 ×10/);
  });

  it('every real list (../shared lists and lists-11e) reads the same with an OPPONENT line before it: format, units, header, findings', function () {
    requireShared(this, 'lists');
    const service = createLanguageService();
    const shape = (t: string) => {
      const l = parseArmyList(t);
      return [l.format, l.editionShown, l.title?.text, l.faction?.text, l.detachments.map((d) => d.text), l.units.map((u) => [u.name.text, u.models.map((m) => m.count)]), l.errors.map((e) => e.code)];
    };
    let n = 0;
    for (const dir of ['lists', 'lists-11e']) {
      if (!fs.existsSync(sharedPath(dir))) continue;
      for (const f of fs.readdirSync(sharedPath(dir)).filter((x) => x.endsWith('.txt'))) {
        const text = fs.readFileSync(sharedPath(dir, f), 'utf8');
        const withLine = `OPPONENT: ../their-list.txt\n${text}`;
        assert.deepStrictEqual(shape(withLine), shape(text), f);
        const diags = (t: string, uri: string) => service.diagnostics(TextDocument.create(uri, 'army-list', 1, t)).map((d) => `${d.code} ${d.message}`);
        assert.deepStrictEqual(diags(withLine, `file:///b/${f}`), diags(text, `file:///a/${f}`), f);
        n++;
      }
    }
    assert.ok(n >= 13, `${n} lists`);
  });
});
