// Dice odds in a unit's hover: charge chances 1"-12" (2D6, and +1 read from Swarm
// the Oppressors' EFFECT), Battle-shock at the datasheet's Ld, Advance M + D6.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { chargeBonuses, diceOddsMarkdown, percent } from '../../server/src/service/features/diceOdds';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { repoRoot } from '../support/shared';

const TEXT = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
const rules = new RulesIndex(loadEmbeddedRules());
const sheet = rules.datasheet('Atalan Jackals')!;

/** P(2D6 ≥ n), counted over the 36 outcomes. */
function twoD6AtLeast(n: number): number {
  let c = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= n) c++;
  return c / 36;
}

describe('dice odds in the unit hover', () => {
  it('reads the +1 to the Charge roll from Swarm the Oppressors, the list\'s detachment stratagem', () => {
    assert.deepStrictEqual(chargeBonuses(parseArmyList(TEXT), rules, sheet), [{ label: 'SWARM THE OPPRESSORS', mod: 1 }]);
    assert.deepStrictEqual(chargeBonuses(parseArmyList(TEXT.replace('Claw of Ascension\n', '')), rules, sheet), []);
  });

  it('tabulates charges of 1" to 12", with and without +1, counted over 36 outcomes', () => {
    const md = diceOddsMarkdown(sheet, [{ label: 'SWARM THE OPPRESSORS', mod: 1 }]);
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    assert.strictEqual(rows[0], '| Charge | 1" | 2" | 3" | 4" | 5" | 6" | 7" | 8" | 9" | 10" | 11" | 12" |');
    const base = rows[1].split('|').slice(2, -1).map((s) => s.trim());
    assert.deepStrictEqual(base, Array.from({ length: 12 }, (_, i) => percent(twoD6AtLeast(i + 1))));
    assert.deepStrictEqual(base.slice(6), ['58%', '42%', '28%', '17%', '8.3%', '2.8%']);
    const plus = rows[2].split('|').slice(2, -1).map((s) => s.trim());
    assert.match(rows[2], /^\| \+1 \(SWARM THE OPPRESSORS\) \|/);
    assert.deepStrictEqual(plus, Array.from({ length: 12 }, (_, i) => percent(twoD6AtLeast(i))));
    assert.strictEqual(plus[11], '8.3%', 'a 12" charge with +1 needs 11+ on 2D6: 3/36');
  });

  it('gives the Battle-shock pass chance at Ld 7+ and the Advance range from M 12"', () => {
    const md = diceOddsMarkdown(sheet);
    assert.ok(md.includes(`**Battle-shock** at Ld 7+: ${percent(21 / 36)} to pass (2D6 ≥ 7)`), md);
    assert.ok(md.includes('**Advance** M 12" + D6: 13"–18", each 17%, 15.5" on average'), md);
  });

  it('appends the odds to the unit name\'s hover, after the datasheet', () => {
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, TEXT);
    const at = doc.positionAt(TEXT.indexOf('Atalan Jackals\n') + 2);
    const md = (createLanguageService().hover(doc, at)!.contents as MarkupContent).value;
    assert.match(md, /^### Atalan Jackals/);
    const odds = md.indexOf('#### Dice odds');
    assert.ok(odds > 0 && md.indexOf('Mining laser') < odds);
    assert.match(md, /\| \+1 \(SWARM THE OPPRESSORS\) \|/);
    assert.match(md, /\*\*Battle-shock\*\* at Ld 7\+: 58% to pass/);
  });
});
