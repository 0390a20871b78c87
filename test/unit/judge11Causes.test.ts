// Causes of false 11th-edition findings seen on real lists (issue 31), each on a minimal list checked against the
// real BSData 11e catalogues and MFM v1.1 as `auspex check` checks it: the rule in general, not a list.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, MarkupContent } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { rulesRouter } from '../../server/src/cli/check';
import { requireShared, sharedPath } from '../support/shared';

let provider: RulesProvider | undefined;

function checked(text: string): { service: LanguageService; doc: TextDocument; findings: string[] } {
  provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  const service = createLanguageService();
  const doc = TextDocument.create('file:///t.txt', 'army-list', 1, text);
  rulesRouter(provider, service)(doc);
  const findings = service
    .diagnostics(doc)
    .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
    .map((d) => `${d.range.start.line + 1} ${d.code} ${doc.getText(d.range)}`);
  return { service, doc, findings };
}

/** A War Organ export of an Adepta Sororitas army (Hallowed Martyrs, 3 DP) with these unit blocks. */
const warOrgan = (total: number, units: string[]) =>
  [`Sisters [${total} points]`, 'Adepta Sororitas', 'Battle Size: Strike Force (2000 point limit)', '', 'Detachments: Hallowed Martyrs (3/3 Detachment Points)', 'Force Disposition: Priority Assets', '', ...units].join('\n');

describe('judge (11th edition): causes of false findings, on minimal lists (issue 31)', function () {
  this.timeout(120000);
  beforeEach(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
  });

  it('a model written without the qualifier the data adds in brackets is that model ("Celestian Sacresants" / "Celestian Sacresant (Anointed Halberd)")', () => {
    const unit = (line: string) => ['Canoness [60 points]', '\t• Warlord', '\t• Hallowed Chainsword and Bolt Pistol', '', 'Celestian Sacresants [150 points]', '\t• 1 Sacresant Superior with Anointed halberd and Bolt pistol', line];
    assert.deepStrictEqual(checked(warOrgan(210, unit('\t• 9 Celestian Sacresants with Anointed halberd and Bolt pistol'))).findings, []);
    // A unit without any of them still lacks them: the data requires its Sacresants.
    const none = checked(warOrgan(210, unit('\t• 9 Sacresant Superior with Anointed halberd and Bolt pistol'))).findings;
    assert.ok(none.some((f) => /model-count Celestian Sacresants/.test(f)), none.join('\n'));
  });

  it("a weapon one letter off the data's name resolves in the check, the hover and the lens alike (\"Chirurgeon’s tools\" / \"Chirugeon's tools\")", () => {
    const { service, doc, findings } = checked(warOrgan(125, ['Canoness [60 points]', '\t• Warlord', '\t• Hallowed Chainsword and Bolt Pistol', '', 'Hospitaller [65 points]', '\t• Chirurgeon’s tools and Bolt pistol']));
    assert.deepStrictEqual(findings, []);
    const at = doc.getText().indexOf('Chirurgeon’s tools') + 3;
    const hover = service.hover(doc, doc.positionAt(at));
    assert.ok(hover, 'a hover on the weapon');
    assert.match((hover.contents as MarkupContent).value, /Chirugeon's tools/);
    // The lens counts the tools' attacks: the Fight phase has a weapon to compute.
    const lens = service.codeLenses(doc).find((l) => l.range.start.line === doc.positionAt(doc.getText().indexOf('Hospitaller')).line);
    assert.ok(lens?.command, 'a lens on the Hospitaller');
    assert.match(lens.command.title, /Fight/);
  });
});
