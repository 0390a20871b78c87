// Who may take an enhancement, read once (issue 32): the checks, the hover on an enhancement and completion judge a
// unit with the same keywords, its notes' and its detachments' grants included (`detachmentGrants.ts`
// `grantKeywords`, `keywordsAsSelected`). Subterranean Assault makes up to two TRYGONS CHARACTERS: a Trygon may take
// Trygon Prime, a third may not. On the real data and lists of ../shared, both editions.
import * as assert from 'assert';
import * as fs from 'fs';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import { hasShared, requireShared, sharedPath } from '../support/shared';
import { openWithData } from '../support/check11';

/** Codes of the findings that say a unit may not take its enhancement. */
const FIT_CODES = ['enhancement-epic-hero', 'enhancement-not-character', 'enhancement-ineligible'];

const open = openWithData;

/** For each enhancement a unit of the list takes: what the hover says of it and whether a check finds it cannot. */
function verdicts(text: string): { enhancement: string; line: number; hover: 'may' | 'may not' | 'not checked' | 'none'; finding: boolean }[] {
  const { service, doc } = open(text);
  const found = service.diagnostics(doc).filter((d) => FIT_CODES.includes(String(d.code)));
  return service.parse(doc).units.flatMap((u) =>
    u.enhancements.map((e) => {
      const h = service.hover(doc, doc.positionAt(e.name.span.start + 1));
      const v = h ? (h.contents as MarkupContent).value : '';
      const hover = / may not take it: /.test(v) ? 'may not' : / may take it\./.test(v) ? 'may' : /Not checked: /.test(v) ? 'not checked' : 'none';
      const line = doc.positionAt(e.name.span.start).line;
      return { enhancement: e.name.text, line, hover, finding: found.some((d) => d.range.start.line === line) } as const;
    }),
  );
}

const TYRANIDS = 'gwapp_tyranids_2.txt';
const trygon = (enhancement: string) => `Trygon (180 Points)\n  • 1x Bio-electric pulse\n  • 1x Trygon scything talons\n  • Enhancements: ${enhancement}\n\n`;

describe('one reading of who may take an enhancement: checks, hover, completion', function () {
  this.timeout(120000);

  it('a Trygon of Subterranean Assault may take Trygon Prime: the hover agrees with the check (with the app\'s keyword note and without it)', function () {
    requireShared(this, 'lists', TYRANIDS);
    requireShared(this, 'data', 'wahapedia');
    const text = fs.readFileSync(sharedPath('lists', TYRANIDS), 'utf8');
    for (const t of [text, text.replace(/ {2}• Subterranean Assault Keywords: Character\r?\n/, '')]) {
      const prime = verdicts(t).find((v) => v.enhancement === 'Trygon Prime');
      assert.deepStrictEqual(prime && { hover: prime.hover, finding: prime.finding }, { hover: 'may', finding: false });
    }
  });

  it('a third Trygon taking an enhancement is no CHARACTER (up to two are): the hover and the check both say so', function () {
    requireShared(this, 'lists', TYRANIDS);
    requireShared(this, 'data', 'wahapedia');
    const text = fs.readFileSync(sharedPath('lists', TYRANIDS), 'utf8').replace(/\r\n/g, '\n').replace('OTHER DATASHEETS\n\n', `OTHER DATASHEETS\n\n${trygon('Tremor Senses')}${trygon('Synaptic Strategy')}`);
    const trygons = verdicts(text).filter((v) => ['Trygon Prime', 'Tremor Senses', 'Synaptic Strategy'].includes(v.enhancement));
    assert.deepStrictEqual(trygons.map((v) => [v.enhancement, v.hover, v.finding]), [
      ['Trygon Prime', 'may', false],
      ['Tremor Senses', 'may', false],
      ['Synaptic Strategy', 'may not', true],
    ]);
  });

  it('on every real list of both editions, the hover on each enhancement says what the checks find', function () {
    requireShared(this, 'lists');
    requireShared(this, 'lists-11e');
    requireShared(this, 'data', 'wahapedia');
    requireShared(this, 'data', 'bsdata-11e');
    let seen = 0;
    for (const dir of ['lists', 'lists-11e']) {
      for (const file of fs.readdirSync(sharedPath(dir)).filter((f) => f.endsWith('.txt'))) {
        for (const v of verdicts(fs.readFileSync(sharedPath(dir, file), 'utf8'))) {
          if (v.hover === 'none') continue;
          seen++;
          assert.strictEqual(v.hover === 'may not', v.finding, `${dir}/${file}:${v.line + 1} ${v.enhancement}: the hover says "${v.hover}", the checks ${v.finding ? 'find' : 'do not find'} it ineligible`);
        }
      }
    }
    assert.ok(seen >= 10, `${seen} enhancements hovered`);
  });

  it('completion offers a Trygon with Trygon Prime while fewer than two Trygons took an enhancement, and not once two have', function () {
    if (!hasShared('data', 'wahapedia')) return requireShared(this, 'data', 'wahapedia');
    const head = 'Tyranids\nSubterranean Assault\nStrike Force (2,000 Points)\n\nOTHER DATASHEETS\n\n';
    const offered = (body: string) => {
      const text = `${head}${body}Tryg`;
      const { service, doc } = open(text);
      return service.completion(doc, doc.positionAt(text.length)).items.map((i: CompletionItem) => i.label);
    };
    assert.ok(offered('').includes('Trygon with Trygon Prime'), offered('').join(', '));
    assert.ok(offered(trygon('Tremor Senses')).includes('Trygon with Trygon Prime'));
    assert.ok(!offered(`${trygon('Tremor Senses')}${trygon('Synaptic Strategy')}`).includes('Trygon with Trygon Prime'));
  });
});
