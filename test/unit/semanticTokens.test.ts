// Semantic tokens: decoded back to (text, type) pairs on a real-shaped list.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { semanticTokens, SEMANTIC_TOKENS_LEGEND } from '../../server/src/service/features/semanticTokens';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { repoRoot } from '../support/shared';

function decode(doc: TextDocument, data: number[]): [string, string, boolean][] {
  const out: [string, string, boolean][] = [];
  let line = 0;
  let ch = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    ch = data[i] === 0 ? ch + data[i + 1] : data[i + 1];
    const text = doc.getText({ start: { line, character: ch }, end: { line, character: ch + data[i + 2] } });
    out.push([text, SEMANTIC_TOKENS_LEGEND.tokenTypes[data[i + 3]], (data[i + 4] & 1) === 1]);
  }
  return out;
}

describe('semantic tokens', () => {
  const rules = new RulesIndex(loadEmbeddedRules());

  it('colours units, models, wargear, enhancements, stratagems, factions and numbers by meaning', () => {
    const text = [
      'Claws (170 points)',
      '',
      'Genestealer Cults',
      'Strike Force (2000 points)',
      'Claw of Ascension',
      '',
      'OTHER DATASHEETS',
      '',
      'Atalan Jackals (85 points)',
      '  • 4x Atalan Jackal',
      '     ◦ 4x Atalan small arms',
      '  • 1x Atalan Wolfquad',
      '     ◦ 1x Mining laser',
      '',
      'STRATAGEMS',
      'SWARM THE OPPRESSORS (round 2): Atalan Jackals',
    ].join('\n');
    const doc = TextDocument.create('file:///t.army', 'army-list', 1, text);
    const toks = decode(doc, semanticTokens(doc, parseArmyList(text), rules));
    const want: [string, string, boolean][] = [
      ['170', 'number', false],
      ['Genestealer Cults', 'namespace', false],
      ['Claw of Ascension', 'namespace', false],
      ['Atalan Jackals', 'class', true],
      ['85', 'number', false],
      ['4', 'number', false],
      ['Atalan Jackal', 'property', false],
      ['4', 'number', false],
      ['Atalan small arms', 'variable', false],
      ['1', 'number', false],
      ['Atalan Wolfquad', 'property', false],
      ['1', 'number', false],
      ['Mining laser', 'variable', false],
      ['SWARM THE OPPRESSORS', 'function', false],
      ['2', 'number', false],
      ['Atalan Jackals', 'class', false],
    ];
    assert.deepStrictEqual(toks, want);
  });

  it('marks Warlord and enhancements, and returns well-formed data on every fixture list', () => {
    const text = 'Genestealer Cults\nStrike Force (2000 points)\nXenocreed Congregation\n\n\nCHARACTERS\n\nPatriarch (95 points)\n  • Warlord\n  • 1x Patriarch’s claws\n  • Enhancement: Alien Majesty\n';
    const doc = TextDocument.create('file:///w.army', 'army-list', 1, text);
    const toks = decode(doc, semanticTokens(doc, parseArmyList(text), rules));
    assert.ok(toks.some(([t, ty]) => t === 'Warlord' && ty === 'keyword'));
    assert.ok(toks.some(([t, ty]) => t === 'Alien Majesty' && ty === 'enumMember'));
    assert.ok(toks.some(([t, ty]) => t === 'Patriarch’s claws' && ty === 'variable'));
    const dir = path.join(repoRoot, 'test', 'fixtures', 'lists');
    for (const f of fs.readdirSync(dir)) {
      const src = fs.readFileSync(path.join(dir, f), 'utf8');
      const d = TextDocument.create(`file:///${f}`, 'army-list', 1, src);
      const data = semanticTokens(d, parseArmyList(src), rules);
      assert.strictEqual(data.length % 5, 0);
      let line = 0;
      let ch = 0;
      for (let i = 0; i < data.length; i += 5) {
        assert.ok(data[i] >= 0 && data[i + 2] > 0 && data[i + 3] >= 0, `${f}: token ${i / 5} well formed`);
        const newCh = data[i] === 0 ? ch + data[i + 1] : data[i + 1];
        if (data[i] === 0) assert.ok(data[i + 1] >= 0 && (i === 0 || newCh >= ch), `${f}: tokens in order`);
        line += data[i];
        ch = newCh;
      }
      assert.ok(line < d.lineCount);
    }
  });
});
