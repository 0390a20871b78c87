// Hover on fixtures with a caret (test/fixtures/hover/*.army): "# match:" lines are regular
// expressions the Markdown must match (multi-line mode), "# range:" the hovered text. "data:"
// names the rules data (the embedded seed, or Genestealer Cults from ../shared, skipped when absent).
import * as assert from 'assert';
import type { MarkupContent } from 'vscode-languageserver-types';
import { hover } from '../../server/src/service/features/hover';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { readCaretFixtures, rulesFor } from '../support/caretFixtures';
import { requireShared } from '../support/shared';

describe('hover fixtures', () => {
  const indexes = new Map<string, RulesIndex>();
  for (const f of readCaretFixtures('hover')) {
    it(`${f.name} (${f.data} data)`, function () {
      if (f.data !== 'embedded') requireShared(this, 'data', f.data);
      let rules = indexes.get(f.data);
      if (!rules) indexes.set(f.data, (rules = new RulesIndex(rulesFor(f.data)!)));
      const h = hover(f.doc, parseArmyList(f.doc.getText()), rules, f.offset);
      assert.ok(h, 'a hover');
      const md = (h.contents as MarkupContent).value;
      for (const re of f.expect.get('match') ?? []) assert.match(md, new RegExp(re, 'm'));
      if (f.expect.has('range')) assert.strictEqual(f.doc.getText(h.range!), f.expect.get('range')![0]);
      assert.match(md, /\*Source: /, 'names its source');
    });
  }
});
