// Completion on fixtures with a caret (test/fixtures/completion/*.army: "# key: value" lines state
// the expectations; "data:" names the rules data: the embedded seed, or Genestealer Cults from
// ../shared's BSData or Wahapedia folder, skipped when absent), plus the empty file, resolve and ranking.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, MarkupContent, TextEdit } from 'vscode-languageserver-types';
import { completion, resolveCompletion } from '../../server/src/service/features/completion';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { fuzzyScore, matchKey } from '../../server/src/service/features/completion/rank';
import { dialectOf } from '../../server/src/service/features/completion/dialect';
import { list, readCaretFixtures, rulesFor } from '../support/caretFixtures';
import { requireShared } from '../support/shared';

const newText = (i: CompletionItem) => (i.textEdit as TextEdit).newText;

function complete(doc: TextDocument, offset: number, rules: RulesIndex): CompletionItem[] {
  return completion(doc, parseArmyList(doc.getText()), rules, offset).items;
}

describe('completion fixtures', () => {
  const indexes = new Map<string, RulesIndex>();
  for (const f of readCaretFixtures('completion')) {
    it(`${f.name} (${f.data} data)`, function () {
      if (f.data !== 'embedded') requireShared(this, 'data', f.data);
      let rules = indexes.get(f.data);
      if (!rules) indexes.set(f.data, (rules = new RulesIndex(rulesFor(f.data)!)));
      const items = complete(f.doc, f.offset, rules);
      const labels = items.map((i) => i.label.trim());
      const shown = `got: ${labels.slice(0, 12).join(' | ')}`;
      for (const first of list(f.expect.get('first')?.join(';'))) assert.ok(labels.slice(0, list(f.expect.get('first')?.join(';')).length).includes(first), `${first} among the first items; ${shown}`);
      for (const l of list(f.expect.get('includes')?.join(';'))) assert.ok(labels.includes(l), `${l} offered; ${shown}`);
      for (const l of list(f.expect.get('excludes')?.join(';'))) assert.ok(!labels.includes(l), `${l} not offered; ${shown}`);
      for (const pair of f.expect.get('insert') ?? []) {
        const [label, text] = pair.split(' => ');
        const item = items.find((i) => i.label.trim() === label);
        assert.ok(item, `${label} offered; ${shown}`);
        assert.strictEqual(newText(item), text.replace(/\\n/g, '\n'));
      }
      for (const pair of f.expect.get('replaces') ?? []) {
        const [label, text] = pair.split(' => ');
        const item = items.find((i) => i.label.trim() === label)!;
        assert.strictEqual(f.doc.getText((item.textEdit as TextEdit).range), text, `${label} replaces "${text}"`);
      }
      if (f.expect.has('count')) assert.strictEqual(items.length, Number(f.expect.get('count')![0]), shown);
      // Every item's order is ours, and the client's filter keeps it: filterText starts with what was typed.
      items.forEach((it, i) => assert.strictEqual(it.sortText, String(i).padStart(5, '0')));
      // Every item resolves to documentation.
      for (const it of items.slice(0, 15)) {
        const doc = resolveCompletion(it, rules).documentation as MarkupContent | undefined;
        assert.ok(doc && doc.kind === 'markdown' && doc.value.startsWith('### '), `${it.label} resolves to Markdown`);
      }
    });
  }
});

describe('completion', () => {
  const embedded = new RulesIndex(loadEmbeddedRules());

  it('offers list skeletons in an empty file, with choices from the loaded data', () => {
    const doc = TextDocument.create('file:///empty.army', 'army-list', 1, '\n');
    const items = complete(doc, 0, embedded);
    assert.deepStrictEqual(items.map((i) => i.label), ['Army list (app layout)', 'Genestealer Cults', 'Army list: Genestealer Cults', 'Title line']);
    // The faction brings its detachment and battle size lines as choices, and leaves the cursor on the first unit line.
    assert.strictEqual(newText(items[1]), 'Genestealer Cults\n${1:Detachment}\n${2:Strike Force (2000 points)}\n\n$0');
    assert.strictEqual(items[1].detail, 'Faction · 10th edition · 1 datasheet');
    const perFaction = newText(items[2]);
    assert.match(perFaction, /^\$\{1:My list\} \(\$\{2:2000\} points\)\n\nGenestealer Cults\n\$\{4\|Strike Force \(2000 points\),Combat Patrol,Incursion \(1000 points\),Onslaught \(3000 points\)\|\}\n\$\{5\|Claw of Ascension\|\}\n/);
    for (const s of ['CHARACTERS', 'BATTLELINE', 'DEDICATED TRANSPORTS', 'OTHER DATASHEETS']) assert.ok(perFaction.includes(`\n${s}\n`), s);
    assert.strictEqual(items[0].insertTextFormat, 2);
    assert.match((resolveCompletion(items[2], embedded).documentation as MarkupContent).value, /Claw of Ascension/);
  });

  it('ranks the section\'s own datasheets first and escapes snippet choices', function () {
    requireShared(this, 'data', 'wahapedia');
    const rules = new RulesIndex(rulesFor('wahapedia')!);
    const text = 'Genestealer Cults\nStrike Force (2,000 Points)\nXenocreed Congregation\n\nDEDICATED TRANSPORTS\n\n';
    const doc = TextDocument.create('file:///t.army', 'army-list', 1, text);
    const items = complete(doc, text.length, rules);
    const d = rules.datasheet(items[0].label)!;
    assert.ok(d.keywords.includes('DEDICATED TRANSPORT'), `${items[0].label} is a DEDICATED TRANSPORT`);
    assert.match(newText(items[0]).split('\n')[0], / \(\d+ Points\)$/, 'dialect A spelling');
  });

  it('knows each dialect\'s spelling', () => {
    assert.deepStrictEqual(dialectOf('X (85 Points)\n  • Enhancements: Y'), { points: 'Points', enhancement: 'Enhancements' });
    assert.deepStrictEqual(dialectOf('X (85 points)\n'), { points: 'points', enhancement: 'Enhancement' });
    assert.deepStrictEqual(dialectOf('X (85 Points)\n'), { points: 'Points', enhancement: 'Enhancements' });
  });

  it('matches typos, case and apostrophes but not unrelated names', () => {
    const c = matchKey('Patriarch’s claws');
    assert.strictEqual(c, 'patriarchs claws');
    assert.ok(fuzzyScore(matchKey("patriarch's"), c)! >= 900, 'apostrophe either way');
    assert.ok(fuzzyScore(matchKey('PATRIACH'), matchKey('Patriarch')) !== undefined, 'one letter missing');
    assert.ok(fuzzyScore(matchKey('jackels'), matchKey('Atalan Jackals')) !== undefined, 'typo in a later word');
    assert.strictEqual(fuzzyScore(matchKey('goliath'), matchKey('Patriarch')), undefined);
    assert.ok(fuzzyScore('pat', 'patriarch')! > fuzzyScore('pat', 'the patriarch')!, 'prefix before word prefix');
  });

  it('answers nothing in a comment', () => {
    const text = 'Genestealer Cults\n# Atal';
    const doc = TextDocument.create('file:///c.army', 'army-list', 1, text);
    assert.deepStrictEqual(complete(doc, text.length, embedded), []);
  });
});
