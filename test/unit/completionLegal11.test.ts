// Completion inserts legal units, on the real data of every 11th-edition faction (issue 32): BSData wh40k-11e's
// catalogues of ../shared with the Munitorum Field Manual v1.1. For each faction, a list is written the way a
// player writes one: its header (the faction's first detachment, Strike Force), then every datasheet the player is
// offered in matched play typed by name and accepted (its snippet as the editor leaves it, edits elsewhere
// applied), each unit after the last. Every datasheet the faction can field (priced, not Legends) must be offered,
// and once the list is checked no finding may stand on an inserted unit's lines. One list per faction, checked
// once: the shared CPU.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { catalogOf } from '../../server/src/service/features/completion/catalog';
import { expandSnippet } from '../support/snippet';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { requireShared, sharedPath } from '../support/shared';

/** Applies an item as an editor does: its edit (the snippet expanded with every default) and its edits elsewhere. */
function accept(doc: TextDocument, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  const newText = item.insertTextFormat === 2 ? expandSnippet(edit.newText).text : edit.newText;
  return TextDocument.applyEdits(doc, [{ range: edit.range, newText }, ...(item.additionalTextEdits ?? [])]);
}

let version = 0;

describe('completion on every 11th-edition faction (BSData 11e + MFM v1.1): every datasheet offered, every unit legal as inserted', function () {
  this.timeout(300000);

  it('writes each faction\'s list of all its datasheets from completion: no finding on any inserted unit\'s lines', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    // A provider of its own: every faction loaded would change what the other tests' shared one finds by name.
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    // The catalogues' factions ("Chaos - World Eaters" names World Eaters), not libraries.
    const factions = [...new Set(provider.listedFactions().filter((f) => f.edition === 11).map((f) => f.name.split(' - ').pop()!.trim()))].filter((n) => !/library|unaligned|^warhammer 40,?000$/i.test(n));
    for (const f of factions) provider.ensureFaction(f, 11);
    const service = createLanguageService();
    service.setRules(provider.rulesFor(11), 11);
    const cat = catalogOf(service.rulesFor(11));
    const failures: string[] = [];
    let units = 0;
    let walked = 0;
    for (const name of factions) {
      const faction = cat.factionOf(name);
      if (!faction) continue;
      const detachment = cat.detachmentsOf(faction)[0];
      const sheets = cat.datasheetsOf(faction).filter((d) => !d.legends && d.points.length > 0);
      if (!detachment || !sheets.length) continue;
      walked++;
      let text = `${faction.name}\n${detachment.name} (${detachment.dp ?? 1} Detachment Point${detachment.dp === 1 ? '' : 's'})\nStrike Force (2000 points)\n\n`;
      const inserted = new Set<string>();
      for (const d of sheets) {
        if (inserted.has(d.name)) continue;
        inserted.add(d.name);
        // The next unit line: typed after the last unit, with a blank line between.
        const before = text.replace(/\s*$/, '\n\n');
        const typed = `${before}${d.name}`;
        const doc = TextDocument.create(`file:///walk11-${++version}.army`, 'army-list', 1, typed);
        const item = service.completion(doc, doc.positionAt(typed.length)).items.find((i) => i.label === d.name);
        if (!item) {
          failures.push(`${faction.name}: ${d.name} is not offered`);
          continue;
        }
        text = accept(doc, item);
        units++;
      }
      const doc = TextDocument.create(`file:///walk11-${++version}.army`, 'army-list', 1, text);
      const list = service.parse(doc);
      const found = service.diagnostics(doc).filter((x) => x.severity !== undefined && x.severity <= 3);
      for (const u of list.units) {
        const [from, to] = [doc.positionAt(u.span.start).line, doc.positionAt(Math.max(u.span.start, u.span.end - 1)).line];
        const here = found.filter((x) => x.range.start.line >= from && x.range.start.line <= to);
        if (here.length) failures.push(`${faction.name}: ${u.name.text}\n${text.split('\n').slice(from, to + 1).join('\n')}\n  → ${here.map((x) => `${x.code}: ${x.message}`).join('\n  → ')}`);
      }
      if (list.units.length !== inserted.size - failures.filter((f) => f.startsWith(`${faction.name}:`) && f.endsWith('is not offered')).length) {
        failures.push(`${faction.name}: ${list.units.length} units read back of ${inserted.size} inserted`);
      }
    }
    assert.deepStrictEqual(failures, [], failures.join('\n\n'));
    assert.ok(walked >= 25, `${walked} factions walked`);
    assert.ok(units >= 1000, `${units} units inserted`);
  });
});
