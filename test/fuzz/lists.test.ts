// Property-based tests over real lists (../shared/lists, or the project's
// fixtures when it is absent) with random damage: edits, deletions, duplicated
// lines, byte noise, mixed line endings, long lines, control and RTL
// characters. Seeded and bounded: the same cases run every time, in seconds.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { repoRoot, hasShared, sharedPath } from '../support/shared';
import * as fixtures11 from '../unit/fixtures11';
import { armyFacts } from '../support/armyFacts';

const SEED = Number(process.env.AUSPEX_FUZZ_SEED ?? 40_000);

/** The corpus: every real list (both editions), else every fixture list, plus the examples and the 11th-edition fixtures. */
function corpus(): { name: string; text: string }[] {
  const dirs = [hasShared('lists') ? sharedPath('lists') : path.join(repoRoot, 'test', 'fixtures', 'lists'), path.join(repoRoot, 'examples')];
  if (hasShared('lists-11e')) dirs.push(sharedPath('lists-11e'));
  const out: { name: string; text: string }[] = [];
  for (const dir of dirs) {
    for (const f of fs.readdirSync(dir).sort()) {
      if (/\.(txt|army|40k)$/.test(f)) out.push({ name: f, text: fs.readFileSync(path.join(dir, f), 'utf8') });
    }
  }
  for (const [name, text] of Object.entries(fixtures11)) out.push({ name: `fixtures11.${name}`, text });
  return out;
}

// ---- mutations ---------------------------------------------------------------

const NASTY = ['\u202E', '\u202B', '\u200F', '\u061C', '\u0000', '\u0007', '\u001B', '\uFEFF', '\u00A0', '\u2028', '\u2029', '\uD83D', '\uDE00', '😀', '🇩🇪', 'é', '\r', '\n', '\r\n', '\t', '•', '◦', '+', '[', ']', '(', ')', ':', '|', '"'];

type Mutation =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'duplicate'; at: number; lines: number }
  | { kind: 'noise'; at: number; codes: number[] }
  | { kind: 'eol'; at: number; eol: string }
  | { kind: 'long'; at: number; len: number }
  | { kind: 'nasty'; at: number; text: string };

const at = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at, text: fc.string({ maxLength: 40, unit: 'binary' }) }),
  fc.record({ kind: fc.constant('delete' as const), at, len: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at, lines: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('noise' as const), at, codes: fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 12 }) }),
  fc.record({ kind: fc.constant('eol' as const), at, eol: fc.constantFrom('\r\n', '\r', '\n', '\u2028') }),
  fc.record({ kind: fc.constant('long' as const), at, len: fc.integer({ min: 1000, max: 30000 }) }),
  fc.record({ kind: fc.constant('nasty' as const), at, text: fc.array(fc.constantFrom(...NASTY), { minLength: 1, maxLength: 8 }).map((a) => a.join('')) }),
);

function apply(text: string, m: Mutation): string {
  const i = Math.floor(m.at * (text.length + 1));
  switch (m.kind) {
    case 'insert':
    case 'nasty':
      return text.slice(0, i) + m.text + text.slice(i);
    case 'delete':
      return text.slice(0, i) + text.slice(i + m.len);
    case 'duplicate': {
      const lines = text.split('\n');
      const l = Math.floor(m.at * lines.length);
      const chunk = lines.slice(l, l + m.lines);
      return [...lines.slice(0, l + chunk.length), ...chunk, ...lines.slice(l + chunk.length)].join('\n');
    }
    case 'noise': {
      const chars = text.split('');
      m.codes.forEach((c, k) => {
        if (i + k < chars.length) chars[i + k] = String.fromCharCode(c);
      });
      return chars.join('');
    }
    case 'eol': {
      // Rewrite the line endings from here on: a file pasted together from several sources.
      return text.slice(0, i) + text.slice(i).replace(/\r\n|\r|\n/g, m.eol);
    }
    case 'long':
      return text.slice(0, i) + 'Intercessors with bolt rifle '.repeat(Math.ceil(m.len / 29)).slice(0, m.len) + text.slice(i);
  }
}

const damaged = (texts: { text: string }[]) =>
  fc.tuple(fc.integer({ min: 0, max: texts.length - 1 }), fc.array(mutation, { minLength: 0, maxLength: 6 })).map(([k, ms]) => ms.reduce(apply, texts[k].text));

// ---- checks ------------------------------------------------------------------

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** A position that exists in the document and does not fall between the halves of a surrogate pair. */
function checkPosition(doc: TextDocument, p: Position, what: string): number {
  assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0, `${what}: ${JSON.stringify(p)} is a position`);
  assert.ok(p.line < doc.lineCount, `${what}: line ${p.line} < ${doc.lineCount} lines`);
  const offset = doc.offsetAt(p);
  assert.deepStrictEqual(doc.positionAt(offset), p, `${what}: ${JSON.stringify(p)} lies inside its line`);
  const text = doc.getText();
  assert.ok(!(offset > 0 && isHigh(text.charCodeAt(offset - 1)) && isLow(text.charCodeAt(offset))), `${what}: ${JSON.stringify(p)} splits a surrogate pair`);
  return offset;
}

function checkRange(doc: TextDocument, r: Range, what: string): void {
  const a = checkPosition(doc, r.start, `${what} start`);
  const b = checkPosition(doc, r.end, `${what} end`);
  assert.ok(a <= b, `${what}: start ${JSON.stringify(r.start)} before end ${JSON.stringify(r.end)}`);
}

/** Every { start, end } span anywhere in the parse tree lies inside the text. */
function checkSpans(node: unknown, length: number, where = 'list'): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.start === 'number' && typeof o.end === 'number') {
    assert.ok(o.start >= 0 && o.start <= o.end && o.end <= length, `${where}: span ${o.start}..${o.end} inside 0..${length}`);
  }
  for (const [k, v] of Object.entries(o)) if (v && typeof v === 'object') checkSpans(v, length, `${where}.${k}`);
}

const ALL_CODES = new Set(Object.keys(require('../../server/src/service/features/diagnostics/codes').DIAGNOSTIC_CODES as object));

describe('fuzz: damaged lists', function () {
  this.timeout(120000);
  const texts = corpus();
  let data: RulesData;
  let service: LanguageService;
  let version = 0;

  before(function () {
    this.timeout(60000);
    // Real data for the lists' factions where ../shared has it: more checks run.
    if (hasShared('data', 'bsdata')) {
      const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata')] });
      for (const t of texts) {
        const f = parseArmyList(t.text).faction?.text;
        if (f) provider.ensureFaction(f);
      }
      data = provider.rules();
    } else {
      data = loadEmbeddedRules();
    }
    service = createLanguageService({ rules: data });
  });

  it('the corpus is there', () => {
    assert.ok(texts.length >= 10, `${texts.length} lists`);
  });

  it('the parser never throws and every span lies inside the text', () => {
    fc.assert(
      fc.property(damaged(texts), (text) => {
        const list = parseArmyList(text);
        checkSpans(list, text.length);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('diagnostics, hover, lenses and symbols never throw; their ranges are valid positions', () => {
    fc.assert(
      fc.property(damaged(texts), fc.array(at, { minLength: 8, maxLength: 8 }), (text, where) => {
        const doc = TextDocument.create('file:///fuzz.army', 'army-list', ++version, text);
        for (const d of service.diagnostics(doc)) {
          checkRange(doc, d.range, `diagnostic ${d.code}`);
          assert.ok(ALL_CODES.has(String(d.code)), `diagnostic code ${d.code} is registered`);
        }
        for (const l of service.codeLenses(doc)) checkRange(doc, l.range, 'code lens');
        const walk = (syms: ReturnType<LanguageService['documentSymbols']>) => {
          for (const s of syms) {
            checkRange(doc, s.range, `symbol ${s.name}`);
            checkRange(doc, s.selectionRange, `symbol ${s.name} selection`);
            walk(s.children ?? []);
          }
        };
        walk(service.documentSymbols(doc));
        for (const f of service.foldingRanges(doc)) assert.ok(f.startLine <= f.endLine && f.endLine < doc.lineCount, 'folding range inside the document');
        // Hover at line starts, line ends and random offsets (including inside surrogate pairs).
        const offsets = where.map((w) => Math.floor(w * (text.length + 1)));
        for (let line = 0; line < doc.lineCount; line += Math.max(1, Math.floor(doc.lineCount / 12))) offsets.push(doc.offsetAt({ line, character: 0 }), doc.offsetAt({ line, character: 1e6 }));
        const positions = offsets.map((o) => doc.positionAt(o));
        for (const p of positions) {
          const h = service.hover(doc, p);
          if (h?.range) checkRange(doc, h.range, 'hover');
        }
        const sel = service.selectionRanges(doc, positions.slice(0, 4));
        for (let s: (typeof sel)[number] | undefined = sel[0]; s; s = s.parent) checkRange(doc, s.range, 'selection range');
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('diagnostics are deterministic: the same text twice, and in a fresh service', () => {
    fc.assert(
      fc.property(damaged(texts), (text) => {
        const first = service.diagnostics(TextDocument.create('file:///a.army', 'army-list', ++version, text));
        const again = service.diagnostics(TextDocument.create('file:///a.army', 'army-list', ++version, text));
        const fresh = createLanguageService({ rules: data }).diagnostics(TextDocument.create('file:///a.army', 'army-list', 1, text));
        assert.deepStrictEqual(again, first);
        assert.deepStrictEqual(fresh, first);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('formatting is idempotent and changes no fact of the list (issue 32)', function () {
    let format: typeof import('../../server/src/service/features/format');
    try {
      format = require('../../server/src/service/features/format');
    } catch {
      console.log('      (skipped: server/src/service/features/format.ts is absent)');
      return this.skip();
    }
    let formatted = 0;
    fc.assert(
      fc.property(damaged(texts), (text) => {
        const list = parseArmyList(text);
        const once = format.tryFormatList(text, list);
        if (!once.ok) return;
        formatted++;
        const reparsed = parseArmyList(once.text);
        assert.strictEqual(format.formatList(once.text, reparsed), once.text, 'formatting a formatted list changes nothing');
        assert.strictEqual(reparsed.units.length, list.units.length, 'as many units after formatting');
        const lost = format.compareArmies(list, reparsed, { before: text, after: once.text });
        assert.strictEqual(lost, undefined, `formatting keeps every unit: ${lost}`);
        // Issue 32, read by the tests' own reading: the same list (units, header, attachments, comments, plan).
        const eleventh = list.editionShown === 11;
        assert.deepStrictEqual(armyFacts(reparsed, { eleventh, text: once.text }), armyFacts(list, { eleventh, text }));
      }),
      { seed: SEED, numRuns: 400 },
    );
    // The property must have had lists to format, or it proved nothing.
    assert.ok(formatted >= 40, `${formatted} of 400 damaged lists were formattable`);
  });
});
