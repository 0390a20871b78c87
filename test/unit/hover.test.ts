// Hover on fixtures with a caret (test/fixtures/hover/*.army): "# match:" lines are regular
// expressions the Markdown must match (multi-line mode), "# range:" the hovered text. "data:"
// names the rules data (the embedded seed, or Genestealer Cults from ../shared, skipped when absent).
import * as assert from 'assert';
import type { MarkupContent } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { hover, withoutSourceLines } from '../../server/src/service/features/hover';
import { createLanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { datasheetMarkdown } from '../../server/src/service/features/render/markdown';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { readCaretFixtures, rulesFor } from '../support/caretFixtures';
import * as fs from 'fs';
import * as path from 'path';
import { repoRoot, requireShared } from '../support/shared';

describe('hover fixtures', () => {
  const indexes = new Map<string, RulesIndex>();
  for (const f of readCaretFixtures('hover')) {
    it(`${f.name} (${f.data} data)`, function () {
      if (f.data !== 'embedded') requireShared(this, 'data', f.data);
      let rules = indexes.get(f.data);
      if (!rules) indexes.set(f.data, (rules = new RulesIndex(rulesFor(f.data)!)));
      const h = hover(f.doc, parseArmyList(f.doc.getText()), rules, f.offset, 'auto', true);
      assert.ok(h, 'a hover');
      const md = (h.contents as MarkupContent).value;
      for (const re of f.expect.get('match') ?? []) assert.match(md, new RegExp(re, 'm'));
      if (f.expect.has('range')) assert.strictEqual(f.doc.getText(h.range!), f.expect.get('range')![0]);
      assert.match(md, /\*Source: /, 'names its source when auspex.hover.showSources asks');
      // By default the source line is left out, and nothing else.
      const plain = (hover(f.doc, parseArmyList(f.doc.getText()), rules, f.offset)!.contents as MarkupContent).value;
      assert.doesNotMatch(plain, /Source:|\(\/datasheets\/\d|row \d/);
      assert.strictEqual(plain, withoutSourceLines(md));
      assert.ok(plain.length < md.length);
    });
  }
});

describe('hover reading comfort', () => {
  const text = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const doc = TextDocument.create('file:///h.army', 'army-list', 1, text);
  const at = doc.positionAt(text.indexOf('\nAtalan Jackals') + 3);

  it('leaves the internal source locator out unless auspex.hover.showSources is on', () => {
    const service = createLanguageService();
    const plain = (service.hover(doc, at)!.contents as MarkupContent).value;
    assert.doesNotMatch(plain, /Source: data\/datasheets\.json|\/datasheets\/0/);
    assert.match(plain, /^### Atalan Jackals/);
    service.setSettings({ ...DEFAULT_SETTINGS, hoverShowSources: true });
    assert.match((service.hover(doc, at)!.contents as MarkupContent).value, /\*Source: data\/datasheets\.json \(\/datasheets\/0\)\*/);
  });

  it('drops only whole source paragraphs, never text that merely mentions a source', () => {
    const md = '### X\n\nSource: the data says *Source: here*\n\n*Source: Datasheets.csv (row 738)* — X\n\n**Keywords:** A';
    assert.strictEqual(withoutSourceLines(md), '### X\n\nSource: the data says *Source: here*\n\n**Keywords:** A');
  });

  it('names each ability of a datasheet once', () => {
    const sheet = loadEmbeddedRules().datasheets[0];
    const twice = { ...sheet, abilities: [...sheet.abilities, ...sheet.abilities.map((a) => ({ ...a, name: a.name.toUpperCase() })), { kind: 'datasheet' as const, name: 'Own Ability' }] };
    const line = datasheetMarkdown(twice as typeof sheet).split('\n\n').find((p) => p.startsWith('**Abilities:**'))!;
    for (const a of sheet.abilities) assert.strictEqual(line.toLowerCase().split(a.name.toLowerCase()).length, 2, `${a.name} once in ${line}`);
    assert.match(line, /Datasheet: Own Ability/);
  });
});
