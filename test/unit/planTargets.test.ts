// The STRATAGEMS plan on the new kinds of TARGET text, with exact expected findings: two targets
// in one stratagem (each checked against its own part), a named model, a WARLORD (a CHARACTER), an
// Attached unit, and a Leader whose Bodyguard's keywords count (`Leading:`). Real stratagems and
// datasheets from the shared Wahapedia export; skipped when it is absent.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';
import { bareMessage, check } from './validate-helpers';
import { completion } from '../../server/src/service/features/completion';
import { hover } from '../../server/src/service/features/hover';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import type { MarkupContent } from 'vscode-languageserver-types';

const PLAN_CODES = /^(unknown-stratagem|stratagem-wrong-detachment|plan-)/;

describe('stratagem plan: two targets, named models, WARLORD, Attached units', function () {
  this.timeout(60000);
  let data: RulesData;
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    for (const f of ['Space Marines', 'Necrons', 'Orks', 'Death Guard']) provider.ensureFaction(f);
    data = provider.rules();
  });

  /** A list of the faction and detachment with these units (`Name` or `Name > Bodyguard` for a Leader) and one plan line. */
  function list(faction: string, detachment: string, units: string[], plan: string): TextDocument {
    const body = units
      .map((u) => {
        const [name, leads] = u.split(' > ');
        const warlord = name.endsWith('*');
        return `${name.replace('*', '')} (100 Points)\n${warlord ? '  • Warlord\n' : ''}${leads ? `  • Leading: ${leads}\n` : ''}`;
      })
      .join('\n');
    const text = `${faction}\n${detachment}\nStrike Force (2,000 Points)\n\nOTHER DATASHEETS\n\n${body}\nSTRATAGEMS\n${plan}\n`;
    return TextDocument.create('untitled:plan.army', 'army-list', 1, text);
  }

  /** [code, the text the finding covers, its message] of the plan's findings. */
  function findings(doc: TextDocument): [string, string, string][] {
    return check(doc, { startingCP: 10 }, data)
      .filter((d: Diagnostic) => PLAN_CODES.test(String(d.code)))
      .map((d) => [String(d.code), doc.getText(d.range), bareMessage(d)]);
  }

  describe('two targets: RAPID EMBARKATION ("One … TRANSPORT unit … and one … INFANTRY unit")', () => {
    const sm = (plan: string) => list('Space Marines', 'Firestorm Assault Force', ['Rhino', 'Intercessor Squad', 'Outrider Squad'], plan);
    it('the TRANSPORT then the INFANTRY unit: no finding', () => {
      assert.deepStrictEqual(findings(sm('Rapid Embarkation: Rhino, Intercessor Squad')), []);
    });
    it('each target is checked against its own part: the order matters', () => {
      assert.deepStrictEqual(findings(sm('Rapid Embarkation: Intercessor Squad, Rhino')), [
        ['plan-target-ineligible', 'Intercessor Squad', 'Intercessor Squad cannot be the first target of RAPID EMBARKATION: it needs ADEPTUS ASTARTES and TRANSPORT ("One ADEPTUS ASTARTES TRANSPORT unit from your army that has no models embarked within it").'],
        ['plan-target-ineligible', 'Rhino', 'Rhino cannot be the second target of RAPID EMBARKATION: it needs ADEPTUS ASTARTES and INFANTRY ("one ADEPTUS ASTARTES INFANTRY unit from your army wholly within 6" of that TRANSPORT").'],
      ]);
    });
    it('a second unit that is no INFANTRY is refused as the second target', () => {
      const f = findings(sm('Rapid Embarkation: Rhino, Outrider Squad'));
      assert.deepStrictEqual(f.map((x) => [x[0], x[1]]), [['plan-target-ineligible', 'Outrider Squad']]);
      assert.match(f[0][2], /^Outrider Squad cannot be the second target of RAPID EMBARKATION: it needs ADEPTUS ASTARTES and INFANTRY/);
    });
    it('completion offers, for each position, the units of its own part', () => {
      const labels = (plan: string) => {
        const doc = sm(plan);
        return completion(doc, parseArmyList(doc.getText()), new RulesIndex(data), doc.getText().length - 1).items.map((i) => i.label.trim());
      };
      assert.deepStrictEqual(labels('Rapid Embarkation: '), ['Rhino']);
      assert.deepStrictEqual(labels('Rapid Embarkation: Rhino, '), ['Intercessor Squad']);
    });
    it('the hover names both targets in order', () => {
      const doc = sm('Rapid Embarkation: Rhino, Intercessor Squad');
      const h = hover(doc, parseArmyList(doc.getText()), new RulesIndex(data), doc.getText().indexOf('Rapid Embarkation') + 2);
      assert.match((h!.contents as MarkupContent).value, /\*\*Targets\*\* \(name one unit for each, in this order\): 1\. ADEPTUS ASTARTES and TRANSPORT \("One ADEPTUS ASTARTES TRANSPORT unit[^"]*"\); 2\. ADEPTUS ASTARTES and INFANTRY \("one ADEPTUS ASTARTES INFANTRY unit/);
    });
    it('hovering a target says whether it meets its own part', () => {
      const doc = sm('Rapid Embarkation: Intercessor Squad, Rhino');
      const at = (needle: string) => (hover(doc, parseArmyList(doc.getText()), new RulesIndex(data), doc.getText().lastIndexOf(needle) + 1)!.contents as MarkupContent).value;
      assert.match(at('Intercessor Squad'), /Its keywords do not meet the TARGET text of RAPID EMBARKATION: One ADEPTUS ASTARTES TRANSPORT unit from your army that has no models embarked within it$/);
      const ok = sm('Rapid Embarkation: Rhino, Intercessor Squad');
      assert.match((hover(ok, parseArmyList(ok.getText()), new RulesIndex(data), ok.getText().lastIndexOf('Intercessor Squad') + 1)!.contents as MarkupContent).value, /Its keywords meet the TARGET text of RAPID EMBARKATION\.$/);
    });
    it('one target only: the count names both', () => {
      const f = findings(sm('Rapid Embarkation: Rhino'));
      assert.deepStrictEqual(f.map((x) => [x[0], x[1]]), [['plan-target-count', 'Rapid Embarkation']]);
      assert.match(f[0][2], /RAPID EMBARKATION targets 2 units .*not 1\.$/);
    });
  });

  describe('a named model: BIRTH OF A SAGA ("One Wolf Guard Headtaker or Wolf Guard Terminator Pack Leader model")', () => {
    const sw = (target: string) => list('Space Marines', 'Saga of the Bold', ['Wolf Guard Terminators', 'Wolf Guard Headtakers', 'Intercessor Squad'], `Birth of a Saga: ${target}`);
    it('a unit with such a model: no finding', () => {
      assert.deepStrictEqual(findings(sw('Wolf Guard Terminators')), []);
      assert.deepStrictEqual(findings(sw('Wolf Guard Headtakers')), []);
    });
    it('any other ADEPTUS ASTARTES unit is refused, naming the models', () => {
      assert.deepStrictEqual(findings(sw('Intercessor Squad')), [
        ['plan-target-ineligible', 'Intercessor Squad', 'Intercessor Squad cannot be the target of BIRTH OF A SAGA: it needs a Wolf Guard Headtaker model or a Wolf Guard Terminator Pack Leader model ("One Wolf Guard Headtaker or Wolf Guard Terminator Pack Leader model from your army.").'],
      ]);
    });
  });

  describe('a WARLORD is a CHARACTER: REANIMATION CRYPTS ("Your NECRONS WARLORD")', () => {
    const nec = (target: string) => list('Necrons', 'Hypercrypt Legion', ['Overlord*', 'Necron Warriors'], `Reanimation Crypts: ${target}`);
    it('the Overlord: no finding', () => {
      assert.deepStrictEqual(findings(nec('Overlord')), []);
    });
    it('Necron Warriors cannot be the WARLORD', () => {
      assert.deepStrictEqual(findings(nec('Necron Warriors')), [
        ['plan-target-ineligible', 'Necron Warriors', 'Necron Warriors cannot be the target of REANIMATION CRYPTS: it needs NECRONS and CHARACTER ("Your NECRONS WARLORD.").'],
      ]);
    });
  });

  describe('an Attached unit: MALIGNANCE MAGNIFIED ("One DEATH GUARD Attached unit")', () => {
    const dg = (target: string) => list('Death Guard', 'Champions of Contagion', ['Lord of Contagion > Blightlord Terminators', 'Blightlord Terminators', 'Defiler'], `Malignance Magnified: ${target}`);
    it('the Leader and its Bodyguard: no finding', () => {
      assert.deepStrictEqual(findings(dg('Lord of Contagion')), []);
      assert.deepStrictEqual(findings(dg('Blightlord Terminators')), []);
    });
    it('a Defiler can never be part of an Attached unit', () => {
      assert.deepStrictEqual(findings(dg('Defiler')), [
        ['plan-target-ineligible', 'Defiler', 'Defiler cannot be the target of MALIGNANCE MAGNIFIED: it needs DEATH GUARD and an Attached unit (a Leader or a unit it can lead) ("One DEATH GUARD Attached unit from your army that has not been selected to shoot or fight this phase.").'],
      ]);
    });
  });

  describe("a Leader carries its Bodyguard's keywords: MOB RULE (\"One MOB unit\")", () => {
    it('a Warboss leading Boyz is a MOB unit; Boyz too', () => {
      const doc = list('Orks', 'War Horde', ['Warboss > Boyz', 'Boyz'], 'Mob Rule: Warboss');
      assert.deepStrictEqual(findings(doc), []);
      assert.deepStrictEqual(findings(list('Orks', 'War Horde', ['Warboss > Boyz', 'Boyz'], 'Mob Rule: Boyz')), []);
    });
    it('a Warboss leading no one is not', () => {
      assert.deepStrictEqual(findings(list('Orks', 'War Horde', ['Warboss', 'Boyz'], 'Mob Rule: Warboss')), [
        ['plan-target-ineligible', 'Warboss', 'Warboss cannot be the target of MOB RULE: it needs MOB ("One MOB unit from your army that contains 10 or more models and is not Below Half-strength.").'],
      ]);
    });
  });
});
