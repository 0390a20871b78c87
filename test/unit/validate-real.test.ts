// The real lists of ../shared/lists whose faction ../shared/data covers, checked
// against each data source: no error-severity findings (a false error would
// fail a real army). The warnings they do produce are printed.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { requireShared, sharedPath } from '../support/shared';

const CASES: [string, string][] = [
  ['gwapp_gsc_1.txt', 'Genestealer Cults'],
  ['gwapp_tyranids_2.txt', 'Tyranids'],
];

describe('validate: real lists produce no false errors', () => {
  for (const source of ['bsdata', 'wahapedia']) {
    for (const [file, faction] of CASES) {
      it(`${file} with ${source}`, function () {
        requireShared(this, 'lists', file);
        requireShared(this, 'data', source);
        const provider = new RulesProvider({ paths: [sharedPath('data', source)] });
        provider.ensureFaction(faction);
        const service = createLanguageService({ rules: provider.rules() });
        const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists', file), 'utf8'));
        const diags = service.diagnostics(doc);
        const line = (d: (typeof diags)[number]) => `${d.range.start.line + 1}: ${d.code} ${d.message}`;
        assert.deepStrictEqual(diags.filter((d) => d.severity === DiagnosticSeverity.Error).map(line), []);
        // The list's units were all found, so the checks above did run on real data.
        assert.ok(!diags.some((d) => d.code === 'unknown-datasheet' || d.code === 'faction-not-loaded'));
        console.log(`        ${diags.length ? diags.map(line).join('\n        ') : '(no warnings)'}`);
      });
    }
  }
});
