// Drift between data versions in the editor (features/drift.ts, the façade's
// setPreviousRules, "Update all points to <version>" in features/codeActions.ts):
// two versions of hand-made rules data, a list priced under the older one.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, MarkupContent, TextEdit } from 'vscode-languageserver-types';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { UPDATE_POINTS_KIND } from '../../server/src/service/features/codeActions';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot } from '../support/shared';
import { bareMessage, testRules } from './validate-helpers';

const VALID = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', 'valid.army'), 'utf8');

function version(label: string, prices: Record<string, { models: number; points: number }[]>): RulesData {
  const data = testRules();
  data.sources = [{ kind: 'mfm', edition: 10, location: `/tmp/${label}`, version: label }];
  for (const [name, points] of Object.entries(prices)) data.datasheets.find((d) => d.name === name)!.points = points;
  return data;
}

// v1.0 is what valid.army was priced with; v1.1 raised the Jackals 85 → 90 and lowered the Truck 85 → 75.
const V10 = version('MFM v1.0', {});
const V11 = version('MFM v1.1', { 'Atalan Jackals': [{ models: 5, points: 90 }, { models: 10, points: 150 }], 'Goliath Truck': [{ models: 1, points: 75 }] });

function service(previous: RulesData | undefined) {
  const s = createLanguageService({ rules: V11 });
  s.setPreviousRules(previous, 'cache "etag-1"');
  return s;
}

const doc = (text: string, v = 1) => TextDocument.create('file:///drift.army', 'army-list', v, text);
const apply = (d: TextDocument, a: CodeAction) => doc(TextDocument.applyEdits(d, a.edit!.changes![d.uri] as TextEdit[]), d.version + 1);
const at = (d: TextDocument, text: string) => d.positionAt(d.getText().indexOf(text));

describe('drift between data versions in the editor', () => {
  it('explains each points finding against the previous version: message suffix and data.drift', () => {
    const d = doc(VALID);
    const found = service(V10).diagnostics(d).filter((x) => x.code === 'points-mismatch');
    assert.deepStrictEqual(found.map((x) => bareMessage(x).replace(/^.*\[/, '[')), [
      '[matches MFM v1.0; MFM v1.1 raised Atalan Jackals 85 → 90]',
      '[matches MFM v1.0; MFM v1.1 lowered Goliath Truck 85 → 75]',
    ]);
    assert.deepStrictEqual((found[0].data as { drift: unknown }).drift, { current: 'MFM v1.1', previous: 'MFM v1.0', note: 'matches MFM v1.0; MFM v1.1 raised Atalan Jackals 85 → 90' });
    assert.strictEqual((found[0].data as { expected: number }).expected, 90);
  });

  it('says when a price matches neither version, and adds nothing without a previous version', () => {
    const d = doc(VALID.replace('Atalan Jackals (85 Points)', 'Atalan Jackals (70 Points)'));
    const jackals = service(V10).diagnostics(d).find((x) => x.code === 'points-mismatch' && /Jackals/.test(x.message))!;
    assert.match(bareMessage(jackals), /\[does not match MFM v1\.0 either \(85 pts there\)\]$/);
    const plain = service(undefined).diagnostics(d);
    assert.ok(plain.every((x) => !/\[(?:matches|does not match)/.test(x.message) && !(x.data as { drift?: unknown } | undefined)?.drift), 'no notes without a previous version');
  });

  it('names the previous version by the cache label when both versions state the same', () => {
    const same = version('MFM v1.1', {});
    const found = service(same).diagnostics(doc(VALID)).filter((x) => x.code === 'points-mismatch');
    assert.match(bareMessage(found[0]), /\[matches cache "etag-1"; MFM v1\.1 raised Atalan Jackals 85 → 90\]$/);
  });

  it('shows the explanation in the hover over the stated price', () => {
    const d = doc(VALID);
    const s = service(V10);
    s.diagnostics(d);
    const h = s.hover(d, at(d, '85 Points)\n  • 4x'));
    assert.ok(h, 'a hover');
    assert.match((h.contents as MarkupContent).value, /\*\*Data versions\*\* \(points-mismatch\): matches MFM v1\.0; MFM v1\.1 raised Atalan Jackals 85 → 90/);
    const elsewhere = s.hover(d, at(d, 'Locus'));
    assert.ok(!elsewhere || !/Data versions/.test((elsewhere.contents as MarkupContent).value));
  });

  it('"Update all points to <version>" rewrites every stated price and the total in one edit', () => {
    const d = doc(VALID);
    const s = service(V10);
    const all = s.diagnostics(d);
    // The stated total is the old prices' sum: wrong at the data's prices too.
    assert.deepStrictEqual(all.map((x) => x.code), ['points-mismatch', 'points-mismatch', 'total-mismatch']);
    // The client sends the one finding under the cursor; the fix covers the whole list.
    const jackals = all.find((x) => x.code === 'points-mismatch')!;
    const actions = s.codeActions(d, [jackals], ['quickfix']);
    const update = actions.find((a) => a.kind === UPDATE_POINTS_KIND);
    assert.ok(update, actions.map((a) => a.title).join(', '));
    assert.strictEqual(update.title, 'Update all points to MFM v1.1');
    assert.strictEqual((update.edit!.changes![d.uri] as TextEdit[]).length, 3);
    const after = apply(d, update);
    assert.match(after.getText(), /Atalan Jackals \(90 Points\)/);
    assert.match(after.getText(), /Goliath Truck \(75 Points\)/);
    assert.match(after.getText(), /Claw raid \(455 Points\)/);
    assert.deepStrictEqual(s.diagnostics(after), []);
    // The total follows: with only the Jackals raised it moves too.
    const one = doc(VALID.replace('Goliath Truck (85 Points)', 'Goliath Truck (75 Points)').replace('(460 Points)', '(450 Points)'));
    const fix = s.codeActions(one, s.diagnostics(one).filter((x) => x.code === 'points-mismatch'), ['quickfix']).find((a) => a.kind === UPDATE_POINTS_KIND)!;
    assert.match(apply(one, fix).getText(), /Claw raid \(455 Points\)/);
    assert.deepStrictEqual(s.diagnostics(apply(one, fix)), []);
  });

  it('is not offered without a previous version, nor for findings it does not explain', () => {
    const d = doc(VALID);
    const s = service(undefined);
    const mismatch = s.diagnostics(d).filter((x) => x.code === 'points-mismatch');
    assert.ok(mismatch.length > 0);
    assert.ok(s.codeActions(d, mismatch, ['quickfix']).every((a) => a.kind !== UPDATE_POINTS_KIND));
    // A client asking for the fix's own kind gets it alone.
    const v10 = service(V10);
    assert.deepStrictEqual(v10.codeActions(d, v10.diagnostics(d), [UPDATE_POINTS_KIND]).map((a) => a.title), ['Update all points to MFM v1.1']);
    const withPrevious = service(V10);
    const found = withPrevious.diagnostics(d);
    assert.deepStrictEqual(withPrevious.codeActions(d, found, ['source.fixAll.auspex']).map((a) => a.kind), ['source.fixAll.auspex']);
  });
});
