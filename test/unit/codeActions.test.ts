// Quick fixes and fix-all, applied to the text and re-validated: each fix
// removes the diagnostic it was offered for, and fix-all applies only the safe
// ones (points, total, single-candidate renames).
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { codeActions, FIX_ALL_KIND } from '../../server/src/service/features/codeActions';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { check, fixtureDoc, payloadOf, summary, testRules, variant } from './validate-helpers';

function apply(doc: TextDocument, action: CodeAction): TextDocument {
  const edits = action.edit!.changes![doc.uri] as TextEdit[];
  return TextDocument.create(doc.uri, doc.languageId, doc.version + 1, TextDocument.applyEdits(doc, edits));
}

function quickFixes(doc: TextDocument, d: Diagnostic): CodeAction[] {
  return codeActions(doc, parseArmyList(doc.getText()), [d], ['quickfix']);
}

/** The one quick fix offered for the single diagnostic of `code`, applied. */
function fixed(doc: TextDocument, code: string, title?: RegExp): TextDocument {
  const d = check(doc).find((x) => x.code === code);
  assert.ok(d, `${code} is reported`);
  const actions = quickFixes(doc, d);
  const action = title ? actions.find((a) => title.test(a.title)) : actions[0];
  assert.ok(action, `a quick fix for ${code}: ${actions.map((a) => a.title)}`);
  assert.strictEqual(action.kind, 'quickfix');
  assert.deepStrictEqual(action.diagnostics, [d]);
  return apply(doc, action);
}

describe('code actions', () => {
  it('points-mismatch: corrects the stated points (the stated total, judged at the data\'s prices, was right)', () => {
    const doc = variant('Atalan Jackals (85 Points)', 'Atalan Jackals (90 Points)');
    assert.deepStrictEqual(summary(doc, check(doc)).map((x) => x[0]), ['points-mismatch']);
    const after = fixed(doc, 'points-mismatch');
    assert.match(after.getText(), /Atalan Jackals \(85 Points\)/);
    assert.deepStrictEqual(check(after), []);
  });

  it('total-mismatch: sets the stated total to the sum', () => {
    const doc = variant('Claw raid (460 Points)', 'Claw raid (500 Points)');
    const after = fixed(doc, 'total-mismatch');
    assert.match(after.getText(), /Claw raid \(460 Points\)/);
    assert.deepStrictEqual(check(after), []);
  });

  it('unknown-datasheet / -stratagem / -enhancement / -detachment: rename to the closest name', () => {
    const cases: [string, string, string][] = [
      ['Goliath Truck (85 Points)', 'Goliath Truk (85 Points)', 'unknown-datasheet'],
      ['Point-Blank Ambush (round 3', 'Point-Blank Ambash (round 3', 'unknown-stratagem'],
      ['Enhancement: Prowling Agitant', 'Enhancement: Prowling Agitent', 'unknown-enhancement'],
      ['Claw of Ascension\n', 'Claw of Asension\n', 'unknown-detachment'],
    ];
    for (const [good, bad, code] of cases) {
      const doc = variant(good, bad);
      const after = fixed(doc, code);
      assert.deepStrictEqual(summary(after, check(after)), [], code);
    }
  });

  it('several candidates: one quick fix each, none preferred', () => {
    const rules = testRules();
    rules.datasheets.push({ ...rules.datasheets.find((d) => d.name === 'Locus')!, id: 'test-locust', name: 'Locust' });
    const doc = variant('Locus (45 Points)', 'Locuss (45 Points)');
    const d = check(doc, {}, rules).find((x) => x.code === 'unknown-datasheet')!;
    const actions = quickFixes(doc, d);
    assert.deepStrictEqual(actions.map((a) => [a.title, a.isPreferred]), [['Change to "Locus"', false], ['Change to "Locust"', false], ['Download the 10th-edition rules data', undefined]]);
  });

  it('rules data missing: the quick fix runs the download command for the list\'s edition', () => {
    const service = createLanguageService();
    const marines = TextDocument.create('file:///sm.army', 'army-list', 1, 'My list (1000 Points)\n\nSpace Marines\nGladius Task Force\nStrike Force (2000 Points)\n\nCHARACTERS\n\nCaptain (80 Points)\n');
    const d = service.diagnostics(marines).filter((x) => x.code === 'faction-not-loaded');
    assert.strictEqual(d.length, 1, 'one diagnostic, not one per unit');
    const [fix] = service.codeActions(marines, d, ['quickfix']);
    assert.strictEqual(fix.title, 'Download the 10th-edition rules data');
    assert.deepStrictEqual(fix.command, { title: 'Download Rules Data', command: 'auspex.downloadData', arguments: ['10'] });
    assert.strictEqual(fix.edit, undefined);
    // The 11th edition forced by the setting: that edition's data.
    const eleventh = createLanguageService({ settings: { ...service.settings, edition: '11' } });
    // No 11th-edition data at all: the one edition-data-missing finding carries the download.
    const [fix11] = eleventh.codeActions(marines, eleventh.diagnostics(marines).filter((x) => x.code === 'edition-data-missing'), ['quickfix']);
    assert.deepStrictEqual(fix11.command?.arguments, ['11']);
  });

  it('with community data loaded, an unknown datasheet is a typo: no download offered', () => {
    const rules = testRules();
    rules.sources = [...rules.sources, { kind: 'bsdata', location: '/data/wh40k-10e', edition: 10 }];
    const doc = variant('Locus (45 Points)', 'Locuss (45 Points)');
    const d = check(doc, {}, rules).find((x) => x.code === 'unknown-datasheet')!;
    assert.deepStrictEqual(payloadOf(d), { suggestions: ['Locus'] });
    assert.deepStrictEqual(quickFixes(doc, d).map((a) => a.title), ['Change to "Locus"']);
  });

  it('multiple-warlords: removes the second Warlord line', () => {
    const doc = variant('Locus (45 Points)\n', 'Locus (45 Points)\n  • Warlord\n');
    const after = fixed(doc, 'multiple-warlords');
    assert.strictEqual(after.getText(), fixtureDoc('valid.army').getText());
    assert.deepStrictEqual(check(after), []);
  });

  it('fix all: points and total corrected, a single-candidate rename applied, a several-candidate one left', () => {
    const rules = testRules();
    rules.datasheets.push({ ...rules.datasheets.find((d) => d.name === 'Locus')!, id: 'test-locust', name: 'Locust' });
    let text = fixtureDoc('valid.army').getText();
    text = text.replace('Atalan Jackals (85 Points)', 'Atalan Jackals (80 Points)').replace('Goliath Truck (85', 'Goliath Truk (95');
    text = text.replace('Locus (45 Points)', 'Locuss (45 Points)').replace('Claw raid (460 Points)', 'Claw raid (450 Points)');
    const doc = fixtureDoc('valid.army', text);
    const diags = check(doc, {}, rules);
    assert.deepStrictEqual(summary(doc, diags).map((x) => x[0]).sort(), ['points-mismatch', 'total-mismatch', 'unknown-datasheet', 'unknown-datasheet'].sort());
    const actions = codeActions(doc, parseArmyList(text), diags, [FIX_ALL_KIND]);
    assert.strictEqual(actions.length, 1);
    assert.strictEqual(actions[0].kind, 'source.fixAll.auspex');
    const after = apply(doc, actions[0]);
    // Goliath Truk → Goliath Truck (one candidate); its stated 95 stays (the data knew no datasheet to price it).
    assert.match(after.getText(), /Atalan Jackals \(85 Points\)/);
    assert.match(after.getText(), /Goliath Truck \(95 Points\)/);
    assert.match(after.getText(), /Locuss \(45 Points\)/);
    assert.match(after.getText(), /Claw raid \(470 Points\)/);
    // Re-validated: what is left is the rename with two candidates, the now-known truck's points and the total at
    // the data's prices (the truck's 85, not its stated 95).
    assert.deepStrictEqual(summary(after, check(after, {}, rules)).map((x) => x[0]).sort(), ['points-mismatch', 'total-mismatch', 'unknown-datasheet']);
    // A second fix-all finishes the points, and the total follows.
    const again = apply(after, codeActions(after, parseArmyList(after.getText()), check(after, {}, rules), [FIX_ALL_KIND])[0]);
    assert.deepStrictEqual(summary(again, check(again, {}, rules)).map((x) => x[0]), ['unknown-datasheet']);
    assert.match(again.getText(), /Claw raid \(460 Points\)/);
  });

  it('the façade: quick fixes for the given diagnostics, fix-all only when asked, over the whole document', () => {
    const service = createLanguageService({ rules: testRules() });
    const doc = variant('Atalan Jackals (85 Points)', 'Atalan Jackals (90 Points)');
    const diags = service.diagnostics(doc);
    const points = diags.filter((d) => d.code === 'points-mismatch');
    assert.deepStrictEqual(service.codeActions(doc, points, ['quickfix']).map((a) => a.title), ['Change to 85']);
    const all = service.codeActions(doc, [], ['source.fixAll']);
    assert.deepStrictEqual(all.map((a) => a.kind), ['source.fixAll.auspex']);
    assert.deepStrictEqual(service.codeActions(doc, points, ['refactor']), []);
  });
});
