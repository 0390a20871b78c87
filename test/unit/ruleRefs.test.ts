// Every finding names its rule (issue 31): on every shared real list, against each data source, each error, warning,
// information and hint carries `data.rule` ({ section, source, version }), ends its message with it, and links to an
// `auspex:` page (`codeDescription`) that the service renders. The rules named are the precise ones: a price's
// Munitorum Field Manual entry and version, a datasheet's unit composition or wargear options, a core rule with its
// section where the edition module knows it.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { rulesRouter } from '../../server/src/cli/check';
import { ruleLabel, ruleOf, type RuleRef } from '../../server/src/service/features/diagnostics/ruleRefs';
import { hasShared, requireShared, sharedPath } from '../support/shared';

/** Each finding's rule is complete, stated at the message's end, and its page renders. */
function assertRules(service: LanguageService, file: string, found: Diagnostic[]): void {
  for (const d of found) {
    const where = `${file}:${d.range.start.line + 1} ${d.code}`;
    const rule = ruleOf(d) as RuleRef | undefined;
    assert.ok(rule, `${where} names no rule`);
    assert.ok(rule.section && rule.source, `${where}: ${JSON.stringify(rule)}`);
    assert.ok(d.message.endsWith(`[${ruleLabel(rule)}]`) || d.message.includes(`[${ruleLabel(rule)}]`), `${where}: the message names its rule: ${d.message}`);
    assert.strictEqual(d.codeDescription?.href, rule.page, where);
    const page = service.virtualDocument(rule.page);
    assert.ok(page && page.length > 20, `${where}: the page ${rule.page} renders`);
  }
}

describe('every finding names its rule (real lists, every data source)', function () {
  this.timeout(180000);

  const sets: [string, string, string[]][] = [
    ['lists', '10th edition, Wahapedia', [sharedPath('data', 'wahapedia')]],
    ['lists', '10th edition, BattleScribe', [sharedPath('data', 'bsdata')]],
    ['lists-11e', '11th edition, BSData + MFM', [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')]],
  ];
  for (const [folder, label, paths] of sets) {
    it(`${folder} against ${label}`, function () {
      requireShared(this, folder);
      for (const p of paths) if (!fs.existsSync(p)) this.skip();
      const provider = new RulesProvider({ paths });
      let total = 0;
      for (const file of fs.readdirSync(sharedPath(folder)).filter((f) => f.endsWith('.txt'))) {
        const service = createLanguageService();
        const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, fs.readFileSync(sharedPath(folder, file), 'utf8'));
        rulesRouter(provider, service)(doc);
        const found = service.diagnostics(doc);
        total += found.length;
        assertRules(service, file, found);
      }
      assert.ok(total > 10, `${total} findings checked`);
    });
  }

  it('the rules are the precise ones: the MFM entry of a price, a datasheet part, a numbered core rule', function () {
    requireShared(this, 'lists-11e', 'gwapp11_orks_1.txt');
    if (!hasShared('data', 'bsdata-11e')) this.skip();
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    const service = createLanguageService();
    const doc = TextDocument.create('file:///orks.txt', 'army-list', 1, fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'));
    rulesRouter(provider, service)(doc);
    const found = service.diagnostics(doc);
    const trukk = found.find((d) => d.code === 'points-mismatch' && /Trukk/.test(d.message))!;
    assert.deepStrictEqual(ruleOf(trukk), { source: 'Munitorum Field Manual', version: 'v1.1 (2026-07-22)', section: 'Trukk', page: ruleOf(trukk)!.page });
    assert.match(service.virtualDocument(ruleOf(trukk)!.page!)!, /\| Your 1st To 3rd Units Cost \| 1 \| 55 \|[\s\S]*\| Your 4th \+ Unit Costs \| 1 \| 65 \|/);
    const header = found.find((d) => d.code === 'prices-outdated')!;
    // The header's rule: what the MFM changelog says changed for the list's faction.
    const changelog = service.virtualDocument(ruleOf(header)!.page!)!;
    assert.ok(changelog.includes('Orks: Trukk — 1 model') && changelog.includes('Orks: removed Trukk — 1 model'), changelog);
    assert.ok(!changelog.includes('Adepta Sororitas'), 'only the list faction');
    // A Support unit attached twice to one Bodyguard: 19.01–19.04 with its number.
    const attached = service.virtualDocument('auspex:/term/11/attachedUnits.md')!;
    assert.match(attached, /19\.01–19\.04/);
  });
});
