// "The editor keeps the layout" (issue 14): a unit line typed with indentation is still a unit
// line, with a hint; language-configuration.json's Enter rules continue the app's layout.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { checkSpans } from './parse-helpers';
import { repoRoot } from '../support/shared';
import { createLanguageService } from '../../server/src/service/languageService';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';

const EXAMPLE = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');

describe('layout: a unit line indented by mistake', () => {
  it('is read as a unit line, points and models included, with a hint on its indentation', () => {
    const text = EXAMPLE.replace('\nAtalan Jackals\n', '\n   Atalan Jackals\n');
    const list = parseArmyList(text);
    checkSpans(list, text);
    assert.deepStrictEqual(list.units.map((u) => u.name.text), ['Atalan Jackals']);
    assert.deepStrictEqual(list.units[0].models.map((g) => [g.count, g.name.text]), [[4, 'Atalan Jackal'], [1, 'Atalan Wolfquad']]);
    assert.ok(!list.errors.some((e) => e.code === 'parse-error'), JSON.stringify(list.errors));
    const hints = list.errors.filter((e) => e.code === 'unit-line-indented');
    assert.strictEqual(hints.length, 1);
    assert.strictEqual(text.slice(hints[0].span.start, hints[0].span.end), '   ', 'the hint sits on the indentation');
    assert.match(hints[0].message, /column 0/);
  });

  it('the same with points on the unit line, after another unit', () => {
    const text = 'Genestealer Cults\nXenocreed Congregation\nIncursion (1000 points)\n\nCHARACTERS\n\nPatriarch (80 points)\n  • Warlord\n\n  Neophyte Hybrids (65 points)\n  • 9x Neophyte Hybrid\n';
    const list = parseArmyList(text);
    checkSpans(list, text);
    assert.deepStrictEqual(list.units.map((u) => [u.name.text, u.points?.value]), [['Patriarch', 80], ['Neophyte Hybrids', 65]]);
    assert.deepStrictEqual(list.errors.map((e) => e.code), ['unit-line-indented']);
  });

  it('a list written at column 0 gets no such hint (the example, and War Organ\'s exports that indent on purpose are left alone)', () => {
    assert.ok(!parseArmyList(EXAMPLE).errors.some((e) => e.code === 'unit-line-indented'));
  });

  it('reaches the editor as a Hint diagnostic, not "Line outside any unit"', () => {
    const text = EXAMPLE.replace('\nAtalan Jackals\n', '\n  Atalan Jackals\n');
    const doc = TextDocument.create('file:///i.army', 'army-list', 1, text);
    const ds = createLanguageService().diagnostics(doc);
    const d = ds.filter((x) => x.code === 'unit-line-indented');
    assert.strictEqual(d.length, 1, JSON.stringify(ds));
    assert.strictEqual(d[0].severity, DiagnosticSeverity.Hint);
    assert.ok(!ds.some((x) => /outside any unit/.test(x.message)), JSON.stringify(ds.map((x) => x.message)));
  });
});

interface EnterRule { beforeText: string; action: { indent: string; appendText?: string; removeText?: number } }
const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'language-configuration.json'), 'utf8')) as { onEnterRules: EnterRule[] };

/**
 * The text VS Code starts the next line with when Enter is pressed at the end of `line`: the first
 * onEnterRule whose beforeText matches decides; `indent: "none"` keeps the line's indentation, then
 * `removeText` characters of it are removed and `appendText` added.
 */
function enter(line: string): string {
  const indent = /^[ \t]*/.exec(line)![0];
  const rule = config.onEnterRules.find((r) => new RegExp(r.beforeText).test(line));
  if (!rule) return indent;
  assert.strictEqual(rule.action.indent, 'none');
  return indent.slice(0, Math.max(0, indent.length - (rule.action.removeText ?? 0))) + (rule.action.appendText ?? '');
}

describe('layout: Enter follows the app layout (language-configuration.json onEnterRules)', () => {
  it('after a unit line: a model bullet', () => {
    assert.strictEqual(enter('Neophyte Hybrids (65 points)'), '  • ');
    assert.strictEqual(enter('Atalan Jackals (85 Points)'), '  • ');
    assert.strictEqual(enter('Patriarch (80 pts)'), '  • ');
  });
  it('after a model bullet: a wargear bullet, under the model as the app writes it; after wargear, the next wargear', () => {
    const model = '  • 4x Atalan Jackal';
    const gear = enter(model);
    assert.strictEqual(gear, '     ◦ ');
    // Exactly where the example's wargear bullets stand.
    assert.ok(EXAMPLE.includes(`\n${gear}4x Atalan small arms\n`));
    assert.strictEqual(enter('     ◦ 4x Atalan small arms'), '     ◦ ');
  });
  it('after a blank line (even one holding spaces): column 0, for the next unit line', () => {
    assert.strictEqual(enter(''), '');
    assert.strictEqual(enter('     '), '');
  });
  it('leaves other lines alone: headers, comments, an indented line that is not a bullet', () => {
    assert.strictEqual(enter('Genestealer Cults'), '');
    assert.strictEqual(enter('# Lines starting with "# " are comments'), '');
    assert.strictEqual(enter('  Neophyte Hybrids (65 points)'), '  ');
  });
});
