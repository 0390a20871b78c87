// The judge's conformance on the real 11th-edition lists: each list in ../shared/lists-11e, checked against the
// real BSData 11e catalogues and MFM v1.1 as `auspex check` checks it, gives exactly the errors and warnings
// that ../shared/lists-11e/EXPECTED-FINDINGS.json records (each read by hand), with the true findings that file
// lacks (test/fixtures/expected-findings-11e-more.json, each with its reason: the header finding of a list priced
// under an older MFM, which the MFM's changelog shows); any other is a false finding, any one absent a missed error.
// The findings that file says are MFM v1.0's prices are grouped under that header (`data.stale`, related to it). Where a list's faction needs a catalogue the folder lacks, one finding
// may say so (the file's "about"). Skips plainly without ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { rulesRouter } from '../../server/src/cli/check';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import * as path from 'path';

interface Expected {
  line: number;
  severity: 'error' | 'warning';
  code: string;
  why: string;
}

const SEVERITY: Record<number, string> = { [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning', [DiagnosticSeverity.Information]: 'information' };

/** The one finding a list may carry that says a catalogue its faction needs is absent (points only). */
const isMissingCatalogue = (f: { code: string; message: string }) => f.code === 'edition-data-missing' && /catalogue/i.test(f.message);

describe('the judge on the real 11th-edition lists (EXPECTED-FINDINGS.json, BSData 11e + MFM v1.1)', function () {
  this.timeout(120000);
  const expectedFile = sharedPath('lists-11e', 'EXPECTED-FINDINGS.json');
  const expected: Record<string, Expected[]> = fs.existsSync(expectedFile) ? JSON.parse(fs.readFileSync(expectedFile, 'utf8')).lists : {};
  const more: Record<string, Expected[]> = JSON.parse(fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'expected-findings-11e-more.json'), 'utf8')).lists;
  const stalePrice = new Map(Object.entries(expected).map(([file, list]) => [file, list.filter((e) => e.code !== 'total-mismatch' && /^priced under MFM v1\.0/.test(e.why))]));
  for (const [file, extra] of Object.entries(more)) if (expected[file]) expected[file] = [...expected[file], ...extra];
  let check: ((file: string) => { line: number; severity: string; code: string; message: string; stale: boolean; related: number[] }[]) | undefined;

  before(function () {
    requireShared(this, 'lists-11e', 'EXPECTED-FINDINGS.json');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    const service = createLanguageService();
    const route = rulesRouter(provider, service);
    check = (file) => {
      const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists-11e', file), 'utf8'));
      route(doc);
      return service
        .diagnostics(doc)
        // The errors and warnings, and the one header (information) that groups a list's stale prices.
        .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning || d.code === 'prices-outdated')
        .map((d) => ({
          line: d.range.start.line + 1,
          severity: SEVERITY[d.severity!],
          code: String(d.code),
          message: d.message,
          stale: !!(d.data as { stale?: unknown } | undefined)?.stale,
          related: (d.relatedInformation ?? []).map((r) => r.location.range.start.line + 1),
        }));
    };
  });

  for (const file of Object.keys(expected).sort()) {
    it(`${file}: exactly the findings a judge signs`, () => {
      const got = check!(file);
      const want = expected[file];
      const key = (f: { line: number; severity: string; code: string }) => `${f.line} ${f.severity} ${f.code}`;
      const wanted = new Set(want.map(key));
      let missingData = 0;
      const falseFindings = got
        .filter((g) => !wanted.has(key(g)))
        .filter((g) => !(isMissingCatalogue(g) && ++missingData === 1))
        .map((g) => `${key(g)}: ${g.message}`);
      const missed = want.filter((w) => !got.some((g) => key(g) === key(w))).map((w) => `${key(w)} (${w.why})`);
      assert.deepStrictEqual({ falseFindings, missed }, { falseFindings: [], missed: [] });
      // Stale prices said once: each finding EXPECTED-FINDINGS.json gives as MFM v1.0's price is grouped under the header.
      const header = got.find((g) => g.code === 'prices-outdated');
      const stale = stalePrice.get(file) ?? [];
      const ungrouped = stale.filter((w) => !got.some((g) => key(g) === key(w) && g.stale && header?.related.includes(g.line)));
      assert.deepStrictEqual(ungrouped.map((w) => key(w)), [], 'stale prices related to the header');
    });
  }
});
