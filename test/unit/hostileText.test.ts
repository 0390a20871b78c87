// Text handling in linear time (issue 25): hostile lines of spaces for the parser's
// Detachment Points suffix and for the TextMate grammar (tokenised by the engine VS Code
// runs, vscode-textmate + vscode-oniguruma), and a stratagem EFFECT text of 100,000 "<".
// The generators are these few lines; each case has a time bound.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vsctm from 'vscode-textmate';
import * as oniguruma from 'vscode-oniguruma';
import { parseArmyList } from '../../server/src/service/domain/parse/index';
import { statesDetachmentPoints } from '../../server/src/service/domain/parse/eleventh';
import { clean, readEffect } from '../../server/src/service/domain/damage/effects';
import { BOUNDS } from '../../server/src/service/domain/bounds';
import { repoRoot } from '../support/shared';

function ms(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

describe('hostile text in linear time (issue 25)', function () {
  this.timeout(60000);

  it('DP_SUFFIX: 100 lines of "+ " and 9,000 spaces parse in well under a second, and the statement is still read', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `+ ${' '.repeat(9000)}${i % 2 ? 'x' : ''}`);
    const t = ms(() => {
      for (const l of lines) statesDetachmentPoints(l);
    });
    assert.ok(t < 200, `${t} ms for 100 hostile lines`);
    const p = ms(() => parseArmyList(`My List (2000 Points)\n\nAdeptus Custodes\nStrike Force (2000 Points)\n${lines.join('\n')}\n`));
    assert.ok(p < 3000, `${p} ms to parse`);
    // Real statements as before: the text before the last "(" is the names, its trailing spaces left out.
    assert.ok(statesDetachmentPoints('Gladius Task Force (2 Detachment Points)'));
    assert.ok(statesDetachmentPoints('Shield Host ( 3/3 DP ) '));
    assert.ok(statesDetachmentPoints('Host (Rule) (3 Points de Détachement)'));
    assert.ok(!statesDetachmentPoints('Host (3 DP) and more'));
    const list = parseArmyList('My List (2000 Points)\n\nAdeptus Custodes\nStrike Force (2000 Points)\nShield Host   (1 Detachment Point)\n\nCHARACTERS\n\nBlade Champion (120 Points)\n');
    assert.strictEqual(list.detachmentPointsStated?.total.value, 1);
    assert.deepStrictEqual(list.detachments.map((d) => d.text), ['Shield Host']);
  });

  it('the grammar tokenises every hostile line of 3,200 characters within a time bound per line (VS Code\'s engine)', async () => {
    const grammarPath = path.join(repoRoot, 'syntaxes', 'army-list.tmLanguage.json');
    const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)).catch(() => undefined);
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
      loadGrammar: async (scope: string) => (scope === 'source.army-list' ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null),
    });
    const grammar = (await registry.loadGrammar('source.army-list'))!;
    // Line starts of every format the grammar knows, runs of what backtracks, and endings that fail late.
    const prefixes = ['++ ', '+ ', '# ', '#++ ', '## ', '• ', '  ', '    - ', '1x ', 'Char1: ', '(', '+ ENHANCEMENT: ', 'OPPONENT: ', 'Detachments: ', ''];
    const fillers = [' ', '\t', 'a', ' a', '(', ' (', ', ', '[', ':'];
    const endings = ['', '++', 'x', '(1 point)', ')', ':'];
    let worst = { t: 0, line: '' };
    for (const p of prefixes)
      for (const f of fillers)
        for (const e of endings) {
          const line = p + f.repeat(Math.ceil(3200 / f.length)) + e;
          const t = ms(() => grammar.tokenizeLine(line, vsctm.INITIAL, 5000));
          if (t > worst.t) worst = { t, line: JSON.stringify(p + f + f + '…' + e) };
        }
    // Before: `++ ` + 3,200 spaces took 44 s (a cubic pattern); a few hundred ms is the bound on a loaded machine.
    assert.ok(worst.t < 2000, `${worst.t.toFixed(0)} ms for ${worst.line}`);
  });

  it('a stratagem EFFECT of 100,000 "<" is read within its stated bound, at once', () => {
    for (const text of ['<'.repeat(100000), '&lt;'.repeat(100000), `${'<'.repeat(65536)}Add 1 to the Wound roll.`]) {
      const t = ms(() => readEffect(text, text));
      assert.ok(t < 300, `${t} ms`);
    }
    assert.ok(clean('x'.repeat(100000)).length <= BOUNDS.stratagemTextChars + 1, 'cut to the stated bound before any regular expression');
    assert.strictEqual(clean('<b>Add 1</b> to <i>the</i> Hit roll'), 'Add 1 to the Hit roll');
  });
});
