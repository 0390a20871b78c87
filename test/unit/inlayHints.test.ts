// Inlay hints on fixture lists: the data's points after unit lines that state
// none, running totals at section ends, and the CP the stratagem plan spends
// per round, with the embedded data given points the way community data has them.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { InlayHint } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { formatPoints } from '../../server/src/service/features/inlayHints';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { repoRoot } from '../support/shared';

function fixture(rel: string): TextDocument {
  const file = path.join(repoRoot, 'test', 'fixtures', rel);
  return TextDocument.create(`file://${file}`, 'army-list', 1, fs.readFileSync(file, 'utf8'));
}

/** The embedded data with points for the seed's unit at 5 and 10 models. */
function rulesWithPoints(): RulesData {
  const data = loadEmbeddedRules();
  return {
    ...data,
    datasheets: data.datasheets.map((d) => (d.name === 'Atalan Jackals' ? { ...d, points: [{ models: 5, points: 85 }, { models: 10, points: 170 }] } : d)),
  };
}

const everything = { start: { line: 0, character: 0 }, end: { line: 10000, character: 0 } };
/** Each hint as `line:character label`, and the source line it trails. */
const shown = (doc: TextDocument, hints: InlayHint[]) =>
  hints.map((h) => {
    const line = doc.getText({ start: { line: h.position.line, character: 0 }, end: h.position });
    return `${h.position.line}:${h.position.character} ${String(h.label)} ← ${line.trim()}`;
  });

describe('inlay hints', () => {
  const raid = fixture('navigation/raid.army');

  it('adds the data\'s points to unit lines without points, a running total and CP per round', () => {
    const hints = createLanguageService({ rules: rulesWithPoints() }).inlayHints(raid, everything);
    assert.deepStrictEqual(shown(raid, hints), [
      '8:14 85 pts ← Atalan Jackals',
      '17:14 170 pts ← Atalan Jackals',
      '24:29 Σ 255 pts ← ◦ 1x Close combat weapon',
      // spent/available: both players gain 1CP in each Command phase (2 a battle round), nothing at the
      // start (the default), earlier spending deducted; round 1 overspends (1+1+2 of 2) and carries nothing.
      '29:54 round 2: 1/2 CP ← Point-blank Ambush (round 2, Shooting): Atalan Jackals',
      '31:43 round 1: 4/2 CP ← Counter-offensive (round 1): Atalan Jackals',
    ]);
    assert.ok(hints.every((h) => h.paddingLeft));
    assert.strictEqual(hints[1].tooltip, 'Atalan Jackals with 10 models in the rules data');
    assert.strictEqual(hints[4].tooltip, 'Battle round 1: the plan spends 4CP of the 2CP that can be available then');
  });

  it('counts the starting CP setting into what each round has available', () => {
    const service = createLanguageService({ settings: { ...DEFAULT_SETTINGS, startingCP: 3 } });
    assert.deepStrictEqual(service.inlayHints(raid, everything).map((h) => h.label), ['round 2: 1/3 CP', 'round 1: 4/5 CP']);
  });

  it('shows no points where the data has none (the seed is a Combat Patrol), only the plan\'s CP', () => {
    const labels = createLanguageService().inlayHints(raid, everything).map((h) => h.label);
    assert.deepStrictEqual(labels, ['round 2: 1/2 CP', 'round 1: 4/2 CP']);
  });

  it('totals stated points section by section', () => {
    const doc = fixture('lists/gwapp_a.txt');
    assert.deepStrictEqual(shown(doc, createLanguageService().inlayHints(doc, everything)), [
      '17:27 Σ 165 pts ← • Oath of Embers: Kindled',
      '35:18 Σ 505 pts ← ◦ 1x Meltagun',
      '41:19 Σ 585 pts ← • 2x Storm bolter',
      '47:19 Σ 745 pts ← • 1x Walker fists',
      '52:19 Σ 995 pts ← • 1x Oracle staff',
    ]);
  });

  it('says which units a total leaves out, and prices no unit size the data lacks', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'test/fixtures/navigation/raid.army'), 'utf8').replace('9x Atalan Jackal\n', '6x Atalan Jackal\n');
    const doc = TextDocument.create('untitled:seven', 'army-list', 1, text);
    const hints = createLanguageService({ rules: rulesWithPoints() }).inlayHints(doc, everything);
    assert.deepStrictEqual(hints.filter((h) => /pts/.test(String(h.label))).map((h) => [h.label, h.tooltip]), [
      ['85 pts', 'Atalan Jackals with 5 models in the rules data'],
      ['Σ 85 pts', 'Running total of the list so far; 1 unit without points not counted'],
    ]);
  });

  it('answers only for the requested lines', () => {
    const hints = createLanguageService({ rules: rulesWithPoints() }).inlayHints(raid, { start: { line: 0, character: 0 }, end: { line: 12, character: 0 } });
    assert.deepStrictEqual(hints.map((h) => h.label), ['85 pts']);
  });

  it('writes points the way exports do', () => {
    assert.deepStrictEqual([0, 85, 995, 1240, 1000000].map(formatPoints), ['0', '85', '995', '1,240', '1,000,000']);
  });
});
