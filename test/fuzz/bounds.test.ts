// Data-side fuzzing (issue 17): numbers in weapon keywords and characteristics, model counts in lists, and
// BattleScribe link graphs (cycles, self links, missing targets, fan-out), all generated. Whatever the data
// says, loading finishes quickly without throwing, and every damage computation either answers with finite
// figures or refuses with a BoundsError, within its bound.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BoundsError } from '../../server/src/service/domain/bounds';
import { computeDamage } from '../../server/src/service/domain/damage/engine';
import { weaponFromProfile } from '../../server/src/service/domain/damage/fromRules';
import { loadBsData } from '../../server/src/service/domain/rules/bsdata';
import { createLanguageService } from '../../server/src/service/languageService';
import { HOSTILE_GST, hostileCatalogue, weaponCatalogue } from '../support/hostileData';
import { repoRoot } from '../support/shared';

const load = (cat: string) => loadBsData([{ name: 'Hostile.gst', text: HOSTILE_GST }, { name: 'Hostile Host.cat', text: cat }]);

function timed<T>(ms: number, what: string, f: () => T): T {
  const t0 = Date.now();
  const v = f();
  assert.ok(Date.now() - t0 < ms, `${what} took ${Date.now() - t0} ms (bound ${ms} ms)`);
  return v;
}

/** A number as data might print it: small, large, huge, with dice. */
const numberText = fc.oneof(
  fc.integer({ min: 0, max: 20 }).map(String),
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(String),
  fc.constantFrom('999999999', '1000000', '99999999999999999999', '1e9', '-5', 'D6', 'D3', '2D6', '20D6', 'D6+999999999', '999D6', 'D6+6', '3D3+2'),
);

describe('fuzz (data): numbers in weapon keywords and characteristics', function () {
  this.timeout(120000);
  it('any number in SUSTAINED HITS / RAPID FIRE / MELTA / A / D / S: load, then compute or refuse, each within 2 s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Sustained Hits', 'Rapid Fire', 'Melta', 'Anti-Infantry'), numberText, numberText, numberText, numberText,
        fc.integer({ min: 0, max: 100_000 }), fc.boolean(),
        (kw, n, A, D, S, models, half) => {
          const { data } = timed(2000, 'loading', () => load(weaponCatalogue({ name: 'Fuzz gun', A, D, S, keywords: `${kw} ${n}, Lethal Hits` })));
          const unit = data.datasheets.find((d) => d.name === 'Host Unit');
          assert.ok(unit, 'the unit loads whatever its weapon says');
          for (const w of unit.weapons) for (const p of w.profiles) {
            timed(2000, 'damage', () => {
              try {
                const r = computeDamage({ attacker: { weapons: [weaponFromProfile(p, models)] }, target: { models: 10, T: 4, Sv: 3, W: 2 }, context: { withinHalfRange: half } }, { damageDist: models < 50 });
                assert.ok(Number.isFinite(r.damage) && r.damage >= 0 && Number.isFinite(r.modelsSlain));
              } catch (e) {
                if (!(e instanceof BoundsError)) throw e;
              }
            });
          }
        },
      ),
      { numRuns: 60, seed: 17 },
    );
  });
});

describe('fuzz (data): model counts in a list', function () {
  this.timeout(120000);
  const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const svc = createLanguageService();
  let n = 0;
  it('any count on the model lines: parsed counts stay within the bound, lenses and hover answer within 2 s', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constant(Number.MAX_SAFE_INTEGER)), (count) => {
        const text = example.replace(/(\n\s*[•\-*]?\s*)\d+x /g, `$1${count}x `);
        assert.ok(text.includes(`${count}x `), 'the counts were replaced');
        const doc = TextDocument.create(`file:///fuzz-${++n}.army`, 'army-list', 1, text);
        const list = svc.parse(doc);
        for (const u of list.units) for (const g of u.models) assert.ok(g.count <= 200, `count ${g.count}`);
        timed(2000, 'lenses', () => svc.codeLenses(doc));
        timed(2000, 'diagnostics', () => svc.diagnostics(doc));
      }),
      { numRuns: 25, seed: 17 },
    );
  });
});

describe('fuzz (data): BattleScribe link graphs', function () {
  this.timeout(120000);
  it('random graphs of shared groups (cycles, self links, missing targets, fan-out): load within 2 s, never throw', () => {
    const graph = fc.integer({ min: 1, max: 40 }).chain((size) =>
      fc.record({
        size: fc.constant(size),
        edges: fc.array(fc.array(fc.integer({ min: -3, max: size - 1 }), { maxLength: 6 }), { minLength: size, maxLength: size }),
        roots: fc.array(fc.integer({ min: -1, max: size - 1 }), { minLength: 1, maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ size, edges, roots }) => {
        const id = (k: number) => (k < 0 ? `missing-${-k}` : `g-${k}`);
        const groups = Array.from({ length: size }, (_, k) =>
          `<selectionEntryGroup name="G${k}" id="${id(k)}"><entryLinks>${edges[k].map((t, j) => `<entryLink id="l-${k}-${j}" type="selectionEntryGroup" targetId="${id(t)}"/>`).join('')}</entryLinks>` +
          (k % 3 === 0 ? `<selectionEntries><selectionEntry type="upgrade" name="Gun ${k}" id="w-${k}"><profiles><profile id="p-${k}" name="Gun ${k}" typeId="pt-ranged" typeName="Ranged Weapons"><characteristics><characteristic name="A">2</characteristic><characteristic name="BS">3+</characteristic><characteristic name="S">4</characteristic><characteristic name="AP">0</characteristic><characteristic name="D">1</characteristic><characteristic name="Keywords">-</characteristic></characteristics></profile></profiles></selectionEntry></selectionEntries>` : '') +
          '</selectionEntryGroup>',
        ).join('\n');
        const links = roots.map((r, j) => `<entryLink id="root-${j}" type="selectionEntryGroup" targetId="${id(r)}"/>`).join('');
        const { data } = timed(2000, `loading a graph of ${size} groups`, () => load(hostileCatalogue({ links, groups })));
        assert.ok(data.datasheets.some((d) => d.name === 'Host Unit'));
      }),
      { numRuns: 150, seed: 17 },
    );
  });
});
