// Issue 33: every real list converted to each format gives the same findings, with the rules data of its edition
// (../shared/data: Wahapedia for the 10th edition, BSData + the MFM for the 11th), but where the conversion said it
// could not hold something the checks read (notes, model groups, the Support role, Detachment Points...): then that
// is said on standard error and in the editor's message, and the findings may differ accordingly.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { CONVERT_FORMATS, writeList } from '../../server/src/service/features/convert';
import { createLanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { realLists } from '../support/armyFacts';
import { hasShared, sharedPath } from '../support/shared';

/** Drops no check reads: the list's name, Auspex's comment lines. */
const SILENT = new Set(['title', 'comments']);

describe('convert (issue 33): the same findings after conversion, but for what the format said it cannot hold', function () {
  this.timeout(600000);
  before(function () {
    if (!hasShared('lists') || !hasShared('data', 'wahapedia') || !hasShared('data', 'bsdata-11e') || !hasShared('data', 'mfm-11e', 'v1.1')) {
      console.log('      (skipped: ../shared/lists or the rules data in ../shared/data is absent)');
      this.skip();
    }
  });

  it('every real list, every format', () => {
    const providers = { 10: new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] }), 11: new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] }) };
    let n = 0;
    const findings = (text: string) => {
      const service = createLanguageService();
      const doc = TextDocument.create(`file:///converted-${++n}.txt`, 'army-list', 1, text);
      const edition = service.editionOf(doc);
      providers[edition].ensureList(service.parse(doc), edition);
      service.setRules(providers[edition].rulesFor(edition), edition);
      return service
        .diagnostics(doc)
        .map((d) => `${d.severity} ${d.code} ${d.message}`)
        .sort();
    };
    let same = 0;
    let explained = 0;
    for (const { file, text } of realLists()) {
      const list = parseArmyList(text);
      if (list.errors.length) continue;
      const before = findings(text);
      for (const format of CONVERT_FORMATS) {
        const out = writeList(list, format, list.editionShown ?? 10, { source: text });
        if (out.refused) continue;
        const after = findings(out.text);
        const relevant = out.dropKinds.filter((k) => !SILENT.has(k));
        if (!relevant.length) {
          assert.deepStrictEqual(after, before, `${file} as ${format}`);
          same++;
        } else if (JSON.stringify(after) !== JSON.stringify(before)) explained++;
        else same++;
      }
    }
    console.log(`      ${same} conversions with the same findings, ${explained} differing where the format said what it could not hold`);
    assert.ok(same > 120, `${same}`);
  });
});
