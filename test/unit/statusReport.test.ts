// What the server says about the rules data (server/src/lsp/statusReport.ts): a list's status from its findings, and
// the data's warnings grouped by kind for the output channel (issue 24).
import * as assert from 'assert';
import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import { documentStatus, warningLines } from '../../server/src/lsp/statusReport';
import type { DataWarning } from '../../server/src/service/domain/rules/model';

const at = Range.create(0, 0, 0, 1);
const finding = (code: string, data?: unknown): Diagnostic => ({ range: at, message: code, severity: DiagnosticSeverity.Warning, code, data });

describe('server: a list\'s data status and the data\'s warnings in the output channel', () => {
  it('a list needs a download when a finding carries one; how much went unchecked is said', () => {
    assert.deepStrictEqual(documentStatus('u', 11, [finding('edition-data-missing', { edition: 11, download: 11, checked: 'none' })]), { uri: 'u', edition: 11, download: 11, checked: 'none' });
    assert.deepStrictEqual(documentStatus('u', 11, [finding('edition-data-missing', { edition: 11, download: 11, checked: 'points' })]), { uri: 'u', edition: 11, download: 11, checked: 'points' });
    // The embedded seed alone: unknown datasheets offer the download; nothing unchecked is said, so none.
    assert.deepStrictEqual(documentStatus('u', 10, [finding('unknown-datasheet', { suggestions: [], download: 10 })]), { uri: 'u', edition: 10, download: 10, checked: 'none' });
    // Missing catalogues (no download helps), an empty list, a clean list: nothing to download.
    assert.deepStrictEqual(documentStatus('u', 11, [finding('edition-data-missing', { edition: 11, missingCatalogues: ['x'], checked: 'points' })]), { uri: 'u', edition: 11 });
    assert.deepStrictEqual(documentStatus('u', 10, [finding('empty-document', { checked: 'none' })]), { uri: 'u', edition: 10, empty: true });
    // An empty new list with no data of its (the current) edition: the download, said of a new list.
    assert.deepStrictEqual(documentStatus('u', 11, [finding('empty-document', { checked: 'none', edition: 11, download: 11 })]), { uri: 'u', edition: 11, download: 11, checked: 'none', empty: true });
    assert.deepStrictEqual(documentStatus('u', 10, []), { uri: 'u', edition: 10 });
    // The edition's downloaded data is in use already: another download would not bring the faction.
    assert.deepStrictEqual(documentStatus('u', 10, [finding('faction-not-loaded', { suggestions: [], checked: 'none', download: 10 })], true), { uri: 'u', edition: 10 });
  });

  it('one line per kind of warning: seven bad OC values are one line with the count, the first in full and where the others are', () => {
    const oc = (file: string, id: string): DataWarning => ({
      code: 'profile-bad-value',
      severity: 'warning',
      message: `${file}: Heldrake (${id}) model "Heldrake" has OC "-", not a number; read as 0`,
      source: { file, locator: id },
    });
    const files = ['Chaos - World Eaters.json', 'Chaos - Death Guard.json', 'Chaos - Thousand Sons.json', 'Chaos - Emperor\'s Children.json', 'Chaos - Chaos Space Marines.json', 'Chaos - Chaos Knights.json', 'Chaos - Chaos Daemons.json'];
    const other: DataWarning = { code: 'csv-bad-value', severity: 'warning', message: 'a cost "x" is not a number', source: { file: 'Datasheets.csv', locator: 'row 4' } };
    const lines = warningLines([...files.map((f, i) => oc(f, `id-${i}`)), other]);
    assert.strictEqual(lines.length, 2);
    assert.strictEqual(
      lines[0],
      '7 × profile-bad-value, the first: Chaos - World Eaters.json: Heldrake (id-0) model "Heldrake" has OC "-", not a number; read as 0; the others: ' +
        files.slice(1).map((f, i) => `${f} id-${i + 1}`).join(', '),
    );
    // A message that does not say where: the place is added once.
    assert.strictEqual(lines[1], 'a cost "x" is not a number (Datasheets.csv row 4)');
  });
});
