// A list checked under one data version and compared with another
// (features/against.ts, behind `auspex check --against`).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { compareWithVersion } from '../../server/src/service/features/against';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot } from '../support/shared';
import { testRules } from './validate-helpers';

const VALID = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', 'valid.army'), 'utf8');

function compare(text: string, current: RulesData, other: RulesData) {
  const doc = TextDocument.create('file:///l.army', 'army-list', 1, text);
  const a = createLanguageService({ rules: current });
  const b = createLanguageService({ rules: other });
  const diagnostics = a.diagnostics(doc);
  const r = compareWithVersion(doc, a.parse(doc), { rules: a.rules, diagnostics, label: 'v2' }, { rules: b.rules, diagnostics: b.diagnostics(doc), label: 'v1' });
  return { r, found: diagnostics.map((d, i) => [String(d.code), r.notes[i]] as const) };
}

describe('check against another data version', () => {
  const v1 = testRules();
  const v2 = testRules();
  v2.datasheets.find((d) => d.name === 'Atalan Jackals')!.points = [{ models: 5, points: 90 }, { models: 10, points: 150 }];

  it('says a points finding matches the other version, by how much the price moved, and the totals under both', () => {
    const { r, found } = compare(VALID, v2, v1);
    assert.deepStrictEqual(found.filter(([c]) => c === 'points-mismatch'), [['points-mismatch', 'matches v1; v2 raised Atalan Jackals 85 → 90']]);
    assert.deepStrictEqual(r.totals, { current: 465, other: 460, unpricedCurrent: 0, unpricedOther: 0 });
  });

  it('says when the list matches neither version, and leaves other findings alone', () => {
    const text = VALID.replace('Atalan Jackals (85 Points)', 'Atalan Jackals (80 Points)');
    const { found } = compare(text, v2, v1);
    assert.deepStrictEqual(found.filter(([c]) => c === 'points-mismatch'), [['points-mismatch', 'does not match v1 either (85 pts there)']]);
    assert.ok(found.filter(([c]) => c === 'total-mismatch').every(([, note]) => note === undefined));
  });

  it('says whether the other version allows a unit size', () => {
    const six = VALID.replace('  • 4x Atalan Jackal\n     ◦ 4x Atalan small arms', '  • 5x Atalan Jackal\n     ◦ 5x Atalan small arms');
    assert.notStrictEqual(six, VALID);
    const { found } = compare(six, v2, v1);
    const sizes = found.filter(([c]) => c === 'unit-size');
    assert.strictEqual(sizes.length, 1);
    assert.deepStrictEqual(sizes[0], ['unit-size', 'v1 does not allow it either']);
    const v1six = testRules();
    v1six.datasheets.find((d) => d.name === 'Atalan Jackals')!.points.push({ models: 6, points: 100 });
    assert.deepStrictEqual(compare(six, v2, v1six).found.filter(([c]) => c === 'unit-size'), [['unit-size', 'matches v1']]);
  });
});
