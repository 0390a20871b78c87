// The hover and the check read one resolution of a list (`features/resolve/resolvedList.ts`), so they never disagree
// about a unit: on every unit of every real list in ../shared, each against its edition's real data (the 11th's
// BSData + MFM, the 10th's Wahapedia export), the hover on the unit's name shows a datasheet exactly when the check
// knows the unit, the one the check's own messages name; and the hover on each Enhancement says the unit may not
// take it exactly when the check finds it may not (a TRYGON its detachment makes a CHARACTER once had the hover
// refuse an Enhancement the check accepted). Skips plainly without ../shared.
import * as assert from 'assert';
import type { Diagnostic, Hover } from 'vscode-languageserver-types';
import { hasShared } from '../support/shared';
import { realLists } from '../support/armyFacts';
import { openWithData } from '../support/check11';
import { resolutionsMade } from '../../server/src/service/features/resolve/resolvedList';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { sharedPath } from '../support/shared';
import * as fs from 'fs';

/** The checks' findings that say a unit may not take an Enhancement it carries. */
const REFUSED = new Set(['enhancement-not-character', 'enhancement-epic-hero', 'enhancement-ineligible']);

const text = (h: Hover | null) => (h ? (h.contents as { value: string }).value : '');
/** The datasheet a hover shows (its heading), if any. */
const sheetShown = (h: Hover | null) => /^### (.+)$/m.exec(text(h))?.[1]?.replace(/\\(.)/g, '$1');

describe('hover and check agree on every unit of the real lists (one resolution)', function () {
  this.timeout(600000);

  it('the unit name hover shows a datasheet exactly when the check knows the unit, and an Enhancement hover refuses exactly what the check refuses', function () {
    if (!hasShared('lists') && !hasShared('lists-11e')) this.skip();
    if (!hasShared('data', 'bsdata-11e') || !hasShared('data', 'wahapedia')) this.skip();
    const disagreements: string[] = [];
    let units = 0;
    let enhancements = 0;
    for (const { file, text: source } of realLists()) {
      const { service, doc } = openWithData(source);
      const list = service.parse(doc);
      const found = service.diagnostics(doc);
      const at = (code: string | Set<string>, start: number, end: number) =>
        found.filter((d: Diagnostic) => (typeof code === 'string' ? d.code === code : code.has(String(d.code))) && doc.offsetAt(d.range.start) >= start && doc.offsetAt(d.range.start) <= end);
      // Nothing of the list is checked without its edition's data: then nothing is compared.
      if (found.some((d) => d.code === 'edition-data-missing' && (d.data as { checked?: string } | undefined)?.checked === 'none')) continue;
      for (const u of list.units) {
        units++;
        const where = `${file}:${doc.positionAt(u.name.span.start).line + 1} ${u.name.text}`;
        const shown = sheetShown(service.hover(doc, doc.positionAt(u.name.span.start)));
        const unknown = at('unknown-datasheet', u.name.span.start, u.name.span.end).length > 0;
        if (unknown && shown) disagreements.push(`${where}: the check does not know it, the hover shows ${shown}`);
        if (!unknown && !shown) disagreements.push(`${where}: the check knows it, the hover shows no datasheet`);
        // A check's message naming the unit's datasheet ("X with 5 models costs ...") names the one the hover shows.
        for (const d of at(new Set(['points-mismatch', 'unit-size']), u.span.start, u.span.end)) {
          if (shown && !d.message.includes(shown) && /\bwith \d+ models?\b|\ballows\b/.test(d.message)) disagreements.push(`${where}: the check's "${d.message}" names another datasheet than the hover's ${shown}`);
        }
        for (const e of u.enhancements) {
          enhancements++;
          const h = text(service.hover(doc, doc.positionAt(e.name.span.start)));
          const hoverRefuses = /may not take it/.test(h);
          const checkRefuses = at(REFUSED, u.span.start, u.span.end).length > 0;
          if (hoverRefuses !== checkRefuses) disagreements.push(`${where} / ${e.name.text}: the hover ${hoverRefuses ? 'refuses' : 'does not refuse'} it, the check ${checkRefuses ? 'refuses' : 'does not refuse'} it`);
        }
      }
    }
    assert.ok(units > 300, `every unit of the real lists compared (${units})`);
    assert.ok(enhancements > 30, `their Enhancements compared (${enhancements})`);
    assert.deepStrictEqual(disagreements, []);
  });

  it('resolves a list once per document version and data version, whatever features read it', function () {
    if (!hasShared('lists-11e', 'gwapp11_worldeaters_2.txt') || !hasShared('data', 'bsdata-11e')) this.skip();
    const source = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
    const { service, doc } = openWithData(source);
    const everyFeature = (d: TextDocument) => {
      const list = service.parse(d);
      service.diagnostics(d);
      for (const u of list.units) {
        const at = d.positionAt(u.name.span.start);
        service.hover(d, at);
        service.definition(d, at);
        service.setSizeActions(d, { start: at, end: at });
      }
      service.codeLenses(d);
      service.inlayHints(d, { start: { line: 0, character: 0 }, end: { line: d.lineCount, character: 0 } });
      service.semanticTokens(d);
      service.completion(d, d.positionAt(list.units[0].span.end));
      service.format(d);
      service.convert(d, 'nr-gw');
    };
    const before = resolutionsMade();
    everyFeature(doc);
    assert.strictEqual(resolutionsMade() - before, 1, 'one resolution for the first version');
    everyFeature(doc);
    assert.strictEqual(resolutionsMade() - before, 1, 'none more for the same version and data');
    const edited = TextDocument.update(doc, [{ text: `${doc.getText()}\n` }], doc.version + 1);
    everyFeature(edited);
    assert.strictEqual(resolutionsMade() - before, 2, 'one more for the next version');
  });
});
