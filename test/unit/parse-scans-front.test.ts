import * as assert from 'assert';
import { Ctx } from '../../server/src/service/domain/parse/common';
import { detectFormat } from '../../server/src/service/domain/parse/detect';
import { liftExtensions } from '../../server/src/service/domain/parse/extensions';
import { Line, WS_PATTERN, blankLine, scanLines } from '../../server/src/service/domain/parse/lines';
import { random } from './scan-helpers';

/** What a line is, by definition: cut at "\r\n", "\r" or "\n", trimmed of WS_PATTERN's characters. */
function reference(src: string): Array<{ start: number; end: number; text: string; indent: number; content: string; plain: boolean }> {
  const out = [];
  const breaks = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const m = breaks.exec(src);
    const end = m ? m.index : src.length;
    const text = src.slice(start, end);
    let indent = 0;
    while (indent < text.length && WS_PATTERN.test(text[indent])) indent++;
    let last = text.length;
    while (last > indent && WS_PATTERN.test(text[last - 1])) last--;
    const content = text.slice(indent, last);
    // String.prototype.trim() cuts the same where every character cut is \s.
    out.push({ start, end, text, indent, content, plain: text.trim() === content });
    if (!m) return out;
    start = m.index + m[0].length;
  }
}

function same(line: Line, want: ReturnType<typeof reference>[number], src: string, index: number): void {
  const got = { index: line.index, start: line.start, end: line.end, text: line.text, indent: line.indent, content: line.content, plain: line.plain, blank: line.blank };
  const exp = { index, start: want.start, end: want.end, text: want.text, indent: want.indent, content: want.content, plain: want.plain, blank: want.content === '' };
  assert.deepStrictEqual(got, exp, JSON.stringify(src));
  assert.strictEqual(line.src, src);
  assert.deepStrictEqual([line.contentStart, line.contentEnd], [want.start + want.indent, want.start + want.indent + want.content.length]);
}

describe('scanLines (parse/lines.ts) cuts lines as their definition does', () => {
  // Breaks of each kind, white space of each kind (\s and the invisible characters that are not), text, bullets.
  const pieces = ['\n', '\r\n', '\r', ' ', '  ', '\t', '\u00a0', '\u200b', '\u200e', '\ufeff', '\u3000', 'A', 'Bolt pistol', '•', '(95 points)', '#', ':'];

  it('on random texts, whole and in parts', () => {
    const r = random(23);
    for (let k = 0; k < 4000; k++) {
      const src = Array.from({ length: Math.floor(r() * 14) }, () => pieces[Math.floor(r() * pieces.length)]).join('');
      const want = reference(src);
      const lines = scanLines(src);
      assert.strictEqual(lines.length, want.length, JSON.stringify(src));
      lines.forEach((l, i) => same(l, want[i], src, i));
      // A part from a line's start to any offset: the lines starting before its end (and the empty last line when
      // it ends the text), read whole.
      const from = want[Math.floor(r() * want.length)].start;
      const to = from + Math.floor(r() * (src.length - from + 1));
      const part = want.filter((l) => l.start >= from && (l.start < to || (l.start === src.length && to === src.length)));
      const got = scanLines(src, from, to);
      assert.strictEqual(got.length, part.length, JSON.stringify([src, from, to]));
      got.forEach((l, i) => same(l, part[i], src, i));
    }
  });

  it('reads a blank line made by blankLine as empty', () => {
    const l = blankLine(3, 10, 20);
    assert.deepStrictEqual([l.index, l.start, l.end, l.text, l.content, l.blank, l.indent, l.contentStart, l.contentEnd, l.plain], [3, 10, 20, '', '', true, 0, 20, 20, true]);
  });
});

describe('format detection (parse/detect.ts) tries its patterns wherever they can match', () => {
  const detect = (text: string) => detectFormat(scanLines(text));

  it('in any case, and after invisible white space String.prototype.trim() keeps', () => {
    assert.strictEqual(detect('My list\n\nFoo (95 points)\n\ncreated with war organ'), 'warorgan');
    assert.strictEqual(detect('My list\nBATTLE SIZE: Strike Force\nDETACHMENTS: Foo\nFoo (95 points)'), 'warorgan');
    assert.strictEqual(detect('My list\nFoo (95 points)\nforce dispositions: Bar'), 'gwapp2');
    assert.strictEqual(detect('My list\nFoo (95 points)\nattached units'), 'gwapp2');
    assert.strictEqual(detect('My list\nFoo (95 points)\nExported with App Version: v2.0.1'), 'gwapp2');
    assert.strictEqual(detect('My list\nFoo (95 points)\nExported with App Version: v1.45.0'), 'gwapp');
    assert.strictEqual(detect('My list\nStrike Force (2000 Point)\n\t• 1x Bolt pistol\nFoo (95 points)'), 'warorganapp');
    assert.strictEqual(detect('My list - [2000 pts]\nFoo [95 pts]'), 'nrsimple');
    assert.strictEqual(detect('My list [2000 points]\nFoo (95 points)'), 'warorgan');
    // A banner behind a zero-width space: trim() keeps it, so the banner pattern does not match.
    assert.strictEqual(detect('\u200b+++++\nFoo (95 pts)\nBar (10 pts)'), 'nrshort');
    assert.strictEqual(detect('+++++\nFoo (95 pts)'), 'nrgw');
  });

  it('counts "(" wherever a line holds one, whatever lines come before', () => {
    // Lines without "(" between lines with one: each role header and points statement is counted.
    assert.strictEqual(detect('HQ:\nFoo (95 pts)\nbar\nTroops:\nBaz (10 pts)\nqux (\n'), 'listforge');
    assert.strictEqual(detect('Foo (95pts)\nbar\nBaz (10pts)\nA (5 points)'), 'nrshort');
    assert.strictEqual(detect('Foo (95 points)\nbar\nBaz (10 pts)'), 'gwapp');
  });
});

describe('liftExtensions (parse/extensions.ts)', () => {
  it('hands the same lines on when it lifts none, and the others when it lifts some', () => {
    const plain = 'Foo (95 points)\n  • 1x Bolt pistol\n\nsomething';
    const lines = scanLines(plain);
    assert.strictEqual(liftExtensions(new Ctx(plain, 'gwapp'), lines, false), lines);
    const text = 'Foo (95 points)\n# a comment\n  • 1x Bolt pistol\nOPPONENT: ../b.txt\n\nSTRATAGEMS\nGrenade: Foo';
    const ctx = new Ctx(text, 'gwapp');
    const kept = liftExtensions(ctx, scanLines(text), false);
    assert.deepStrictEqual(kept.map((l) => l.index), [0, 2, 4]);
    assert.strictEqual(ctx.list.comments.length, 1);
    assert.strictEqual(ctx.list.opponent?.path?.text, '../b.txt');
    assert.strictEqual(ctx.list.stratagemPlan?.uses.length, 1);
  });
});
