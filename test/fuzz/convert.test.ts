// Property-based: whatever a list holds once damaged (lines deleted, duplicated, bytes and odd characters
// inserted), converting it to any format never throws and answers text ending in a line break whose last line
// names what was dropped, if anything. Seeded: the same cases every run.
import * as assert from 'assert';
import * as fs from 'fs';
import fc from 'fast-check';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { CONVERT_FORMATS, DROPPED_PREFIX, writeList } from '../../server/src/service/features/convert';
import { hasShared, sharedPath } from '../support/shared';

const SEED = Number(process.env.AUSPEX_FUZZ_SEED ?? 26_000);
const ODD = ['\u00A0', '’', 'é', '•', '◦', '+', '[', ']', '(', ')', ':', ',', ' and ', ' with ', ' · ', '#', '&', '2x ', '\t', '\r\n', '\n'];

describe('fuzz (convert): damaged lists convert without throwing', function () {
  this.timeout(120000);
  it('every format, every damaged real list', function () {
    if (!hasShared('lists-11e') || !hasShared('lists')) this.skip();
    const texts = ['lists', 'lists-11e'].flatMap((d) => fs.readdirSync(sharedPath(d)).filter((f) => f.endsWith('.txt')).map((f) => fs.readFileSync(sharedPath(d, f), 'utf8')));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: texts.length - 1 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 12 }), fc.constant(''))), { maxLength: 6 }),
        fc.constantFrom(10 as const, 11 as const),
        (i, edits, edition) => {
          let text = texts[i];
          for (const [at, ins] of edits) {
            const k = Math.floor(at * text.length);
            // An empty insert deletes the line at that place.
            text = ins ? text.slice(0, k) + ins + text.slice(k) : text.slice(0, text.lastIndexOf('\n', k) + 1) + text.slice(text.indexOf('\n', k) + 1 || text.length);
          }
          const list = parseArmyList(text);
          for (const format of CONVERT_FORMATS) {
            const r = writeList(list, format, edition, { source: text });
            assert.ok(r.text.endsWith('\n'));
            const last = r.text.trimEnd().split('\n').pop()!;
            assert.strictEqual(last.startsWith(DROPPED_PREFIX), r.dropped.length > 0, last);
          }
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});
