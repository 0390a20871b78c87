// The code action "Set size to N" on a unit line (Wahapedia Genestealer Cults from ../shared, skipped plainly when
// absent): one action per other legal size, rewriting model counts, default wargear and points in one edit, keeping
// the unit's other lines; the result passes Auspex's own checks.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { SET_SIZE_KIND } from '../../server/src/service/features/setSize';
import { requireShared, sharedPath } from '../support/shared';

const HEAD = 'Genestealer Cults\nXenocreed Congregation\nStrike Force (2000 points)\n\nCHARACTERS\n\nPatriarch (75 points)\n  • Warlord\n  • 1x Patriarch’s claws\n\nBATTLELINE\n\n';
const NEOPHYTES = 'Neophyte Hybrids (65 points)\n  • 1x Neophyte Leader\n     ◦ 1x Autopistol\n     ◦ 1x Hybrid firearm\n     ◦ 1x Close combat weapon\n  • 9x Neophyte Hybrids\n     ◦ 9x Autopistol\n     ◦ 9x Hybrid firearm\n     ◦ 9x Close combat weapon';

let service: LanguageService | undefined;
let version = 0;

function apply(text: string, action: CodeAction): string {
  const doc = TextDocument.create('file:///set-size.army', 'army-list', 1, text);
  const edits = Object.values(action.edit!.changes!)[0] as TextEdit[];
  assert.strictEqual(edits.length, 1, 'one edit');
  return TextDocument.applyEdits(doc, edits);
}

function actionsAt(text: string, line: number, character = 2): { doc: TextDocument; actions: CodeAction[] } {
  const doc = TextDocument.create(`file:///set-size-${++version}.army`, 'army-list', 1, text);
  const range = { start: { line, character }, end: { line, character } };
  return { doc, actions: service!.setSizeActions(doc, range).filter((a) => a.kind === SET_SIZE_KIND) };
}

describe('code action: Set size to N', function () {
  this.timeout(60000);
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    provider.ensureFaction('Genestealer Cults', 10);
    service = createLanguageService();
    service.setRules(provider.rulesFor(10), 10);
  });

  it('offers each other legal size on a unit line and rewrites models, wargear and points together', () => {
    const text = `${HEAD}${NEOPHYTES}\n\nOTHER DATASHEETS\n`;
    const unitLine = HEAD.split('\n').length - 1;
    const { actions } = actionsAt(text, unitLine);
    assert.deepStrictEqual(actions.map((a) => a.title), ['Set size to 20 (145 points)']);
    const after = apply(text, actions[0]);
    assert.strictEqual(after, `${HEAD}${NEOPHYTES.replace('(65 points)', '(145 points)').replace(/9x/g, '19x')}\n\nOTHER DATASHEETS\n`);
    const doc = TextDocument.create('file:///after.army', 'army-list', 1, after);
    assert.deepStrictEqual(service!.diagnostics(doc).filter((d) => d.severity === 1).map((d) => d.message), []);
    // And back: from 20 the action offers 10.
    const back = actionsAt(after, unitLine);
    assert.deepStrictEqual(back.actions.map((a) => a.title), ['Set size to 10 (65 points)']);
    assert.strictEqual(apply(after, back.actions[0]), text);
  });

  it('keeps note and enhancement lines, adds the enhancement to the price, and offers nothing for one legal size or off a unit line', () => {
    const enh = service!.rulesFor(10).data.enhancements.find((e) => e.detachment === 'Xenocreed Congregation' && e.points !== undefined)!;
    const acolytes = `Acolyte Hybrids with Autopistols (${65 + enh.points!} points)\n  • Note: painted red\n  • 1x Acolyte Leader\n     ◦ 1x Autopistol\n  • 4x Acolyte Hybrids\n     ◦ 4x Autopistol\n  • Enhancement: ${enh.name}`;
    const text = `${HEAD}${acolytes}\n`;
    const patriarch = HEAD.split('\n').indexOf('Patriarch (75 points)');
    assert.deepStrictEqual(actionsAt(text, patriarch).actions, [], 'a Patriarch has one size');
    assert.deepStrictEqual(actionsAt(text, patriarch + 1, 4).actions, [], 'not on a bullet');
    const line = HEAD.split('\n').length - 1;
    const { actions } = actionsAt(text, line, 0);
    assert.deepStrictEqual(actions.map((a) => a.title), [`Set size to 10 (${130 + enh.points!} points)`]);
    assert.strictEqual(
      apply(text, actions[0]),
      `${HEAD}Acolyte Hybrids with Autopistols (${130 + enh.points!} points)\n  • Note: painted red\n  • 1x Acolyte Leader\n     ◦ 1x Autopistol\n     ◦ 1x Cult claws and knife\n  • 9x Acolyte Hybrids\n     ◦ 9x Autopistol\n     ◦ 9x Cult claws and knife\n  • Enhancement: ${enh.name}\n`,
    );
  });
});
