// Property-based, seeded (the same cases every run):
//  - whatever a list holds once damaged (lines deleted, duplicated, bytes and odd characters inserted), converting it
//    to any format never throws, writes nothing of Auspex's own into the text, and a list that reads cleanly reads
//    back as the same army (or the conversion is refused, with its reason) and converts to itself;
//  - issue 34: the names of every real list mutated with what some format reads as syntax (", Warlord",
//    ", Enhancement: X", ", Leading X[2]", "(N pts)", "[500 points]", zero-width joiners, " and ", line breaks...)
//    never change what a converted list says (no second Warlord, no added enhancement, unit or attachment) nor
//    its idempotence: each writer escapes the name (and says so) or refuses the list.
import * as assert from 'assert';
import fc from 'fast-check';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Token } from '../../server/src/service/domain/parse/ast';
import { CONVERT_FORMATS, ConvertFormat, writeList } from '../../server/src/service/features/convert';
import { armyFacts, ownLists, realLists } from '../support/armyFacts';
import { hasShared } from '../support/shared';

const SEED = Number(process.env.AUSPEX_FUZZ_SEED ?? 26_000);
const ODD = ['\u00A0', '’', 'é', '•', '◦', '+', '[', ']', '(', ')', ':', ',', ' and ', ' with ', ' · ', '#', '&', '2x ', '\t', '\r\n', '\n'];

/** The conversion said what it wrote, and the text reads back as the list (or the writer refused); it converts to itself. */
function holds(list: ArmyList, source: string, format: ConvertFormat, edition: 10 | 11): 'refused' | 'written' {
  const out = writeList(list, format, edition, { source });
  if (out.refused) {
    assert.ok(out.refused.length > 10);
    return 'refused';
  }
  assert.ok(out.text.endsWith('\n') || !source.endsWith('\n'));
  assert.ok(!out.text.split(/\r?\n/).some((l) => l.trimStart().startsWith('#')), `a comment line in:\n${out.text}`);
  const back = parseArmyList(out.text);
  assert.deepStrictEqual(back.errors.map((e) => e.message), [], out.text);
  const eleventh = edition === 11 && list.editionShown === 11;
  const view = { leave: [...out.dropKinds, 'comments', 'plan', 'opponent'], eleventh };
  assert.deepStrictEqual(armyFacts(back, view), armyFacts(list, view), out.text);
  const again = writeList(back, format, edition, { source: out.text });
  assert.strictEqual(again.refused, undefined, again.refused);
  assert.strictEqual(again.text, out.text, 'converting the converted text again changes it');
  return 'written';
}

describe('fuzz (convert): damaged lists convert without throwing', function () {
  this.timeout(300000);
  it('every format, every damaged real list', function () {
    if (!hasShared('lists-11e') || !hasShared('lists')) this.skip();
    const texts = realLists().map((l) => l.text);
    let written = 0;
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
            if (list.errors.length || !list.units.length) {
              // A list that does not read cleanly is refused by the editor and the CLI; the writer still never throws.
              writeList(list, format, edition, { source: text });
              continue;
            }
            if (holds(list, text, format, edition) === 'written') written++;
          }
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
    assert.ok(written > 300, `${written} damaged conversions were written: the property proved little`);
  });
});

/** What some format reads as syntax, put into a name (issue 34's cases first). */
const HAZARDS = [
  ', Warlord',
  ', Enhancement: Berzerker Glaive',
  ', Leading Khorne Berzerkers[2]',
  ' (5 pts)',
  ' [500 points]',
  '\u200D',
  ' and Plasma pistol',
  ': 2 with Bolt pistol',
  '2x ',
  '# ',
  ' - Chaos',
  ' · Strike Force',
  '\n+ WARLORD: ',
  ' (+20 pts)',
  'Warlord',
  'E: ',
  'B: ',
  '1 with ',
  'Attached to Khârn',
  ' [+20 points]',
  '& ',
  '• ',
  'Char3: ',
  '\t',
  ' (3 Detachment Points)',
  ', ',
];

/** Every name a writer writes, as the tokens that hold it. */
function nameTokens(l: ArmyList): Token[] {
  const header = [l.title, l.faction, l.superFaction, ...l.detachments, ...(l.forceDispositions ?? [])].filter((t): t is Token => !!t);
  const units = l.units.flatMap((u) => [u.name, ...u.models.flatMap((m) => [m.name, ...m.wargear.map((w) => w.name)]), ...(u.wargear ?? []).map((w) => w.name), ...u.enhancements.map((e) => e.name), ...u.notes]);
  return [...header, ...units];
}

describe('fuzz (convert, issue 34): names holding what a format reads as syntax never change what the list says', function () {
  this.timeout(600000);
  it('every real list, every format: a mutated name is escaped (and said) or the list refused; never a change of meaning or of idempotence', function () {
    if (!hasShared('lists-11e') || !hasShared('lists')) this.skip();
    const lists = [...realLists(), ...ownLists()].filter((l) => {
      const p = parseArmyList(l.text);
      return !p.errors.length && p.units.length > 0;
    });
    let refused = 0;
    let written = 0;
    let escaped = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: lists.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...HAZARDS), fc.boolean()), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...CONVERT_FORMATS),
        (i, mutations, format) => {
          const { text } = lists[i];
          const list = parseArmyList(text);
          const tokens = nameTokens(list);
          for (const [k, hazard, before] of mutations) {
            const t = tokens[k % tokens.length];
            t.text = before ? hazard + t.text : t.text + hazard;
          }
          const out = writeList(list, format, list.editionShown ?? 10, { source: text });
          if (out.escaped.length) escaped++;
          if (holds(list, text, format, list.editionShown ?? 10) === 'refused') refused++;
          else written++;
        },
      ),
      { seed: SEED, numRuns: 1500 },
    );
    // The property saw both outcomes, and escapes were made (or it proved nothing).
    assert.ok(written > 300 && refused > 10 && escaped > 100, `${written} written, ${refused} refused, ${escaped} with names escaped`);
  });
});
