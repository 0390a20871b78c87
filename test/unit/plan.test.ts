// The STRATAGEMS plan checks: the fixture plan-mistakes.army (one mistake a
// line), the CP table planCpByRound, the seed's eight stratagems and the
// Genestealer Cults stratagems of the shared Wahapedia export.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { planCpByRound } from '../../server/src/service/features/diagnostics/plan';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { eligibleDatasheets, stratagemTargetSpec } from '../../server/src/service/domain/stratagems/eligibility';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { requireShared, sharedPath } from '../support/shared';
import { check, fixtureDoc, lineOf, only, payloadOf, summary, testRules, variant } from './validate-helpers';

const PLAN_CODES = /^(unknown-stratagem|stratagem-wrong-detachment|plan-)/;
const planDiags = (doc: TextDocument, settings = {}, rules?: RulesData) => check(doc, settings, rules).filter((d) => PLAN_CODES.test(String(d.code)));

describe('stratagem plan', () => {
  describe('plan-mistakes.army, one mistake a line', () => {
    const doc = fixtureDoc('plan-mistakes.army');
    const diags = planDiags(doc);
    const L = (needle: string) => lineOf(doc, needle);
    const at = (code: string) => only(diags, code).map((d) => [doc.getText(d.range), d.range.start.line]);

    it('unknown-stratagem, with the closest usable name', () => {
      assert.deepStrictEqual(at('unknown-stratagem'), [['Swarm the Opressors', L('Swarm the Opressors')]]);
      assert.deepStrictEqual(payloadOf(only(diags, 'unknown-stratagem')[0]), { suggestions: ['SWARM THE OPPRESSORS'] });
    });
    it("stratagem-wrong-detachment: another detachment's stratagem", () => {
      assert.deepStrictEqual(at('stratagem-wrong-detachment'), [['Roaring Drive-by', L('Roaring Drive-by')]]);
      assert.match(only(diags, 'stratagem-wrong-detachment')[0].message, /Outlander Claw/);
    });
    it('plan-target-missing: `Atalan Jackals #3` when the list has two', () => {
      assert.deepStrictEqual(at('plan-target-missing'), [['Atalan Jackals #3', L('Atalan Jackals #3')]]);
      assert.match(only(diags, 'plan-target-missing')[0].message, /only 2 units named Atalan Jackals/);
    });
    it('plan-target-count: two targets for "One … unit", on the target too many', () => {
      assert.deepStrictEqual(at('plan-target-count'), [['Atalan Jackals #2', L('Atalan Jackals #2')]]);
      assert.match(only(diags, 'plan-target-count')[0].message, /targets one unit .*not 2/);
    });
    it('plan-target-ineligible: HEROIC INTERVENTION on a VEHICLE that is not a WALKER, the unit related', () => {
      assert.deepStrictEqual(at('plan-target-ineligible'), [['Goliath Truck', L('Heroic Intervention')]]);
      const d = only(diags, 'plan-target-ineligible')[0];
      assert.match(d.message, /not VEHICLE unless WALKER/);
      assert.strictEqual(d.relatedInformation![0].location.range.start.line, L('Goliath Truck ('));
    });
    it('plan-limit-exceeded: INSANE BRAVERY twice in one battle, the earlier use related', () => {
      assert.deepStrictEqual(at('plan-limit-exceeded'), [['Insane Bravery', L('Insane Bravery (round 5')]]);
      const d = only(diags, 'plan-limit-exceeded')[0];
      assert.match(d.message, /planned 2 times per battle; it can be used once per battle/);
      assert.strictEqual(d.relatedInformation![0].location.range.start.line, L('Insane Bravery (round 2'));
    });
    it('plan-cp-overspent: COMMAND RE-ROLL (1CP) then COUNTER-OFFENSIVE (2CP) in round 1, with 2CP gained (a warning)', () => {
      assert.deepStrictEqual(at('plan-cp-overspent'), [['Counter-offensive', L('Counter-offensive')]]);
      assert.strictEqual(only(diags, 'plan-cp-overspent')[0].severity, 2);
      assert.deepStrictEqual(planDiags(doc, { startingCP: 1 }).filter((d) => d.code === 'plan-cp-overspent'), []);
    });
    it('nothing else', () => {
      assert.strictEqual(diags.length, 7, JSON.stringify(summary(doc, diags)));
    });
  });

  it('one use per phase: the same stratagem twice in one round and phase', () => {
    const doc = variant('Heroic Intervention (round 4): Atalan Jackals', 'Swarm the Oppressors (round 2, Charge): Neophyte Hybrids');
    assert.deepStrictEqual(summary(doc, planDiags(doc, { startingCP: 5 })), [['plan-limit-exceeded', 'Swarm the Oppressors']]);
    // In another round it is fine.
    const later = variant('Heroic Intervention (round 4): Atalan Jackals', 'Swarm the Oppressors (round 4, Charge): Neophyte Hybrids');
    assert.deepStrictEqual(planDiags(later), []);
  });

  // Both players gain 1CP in each Command phase: two per battle round.
  it('planCpByRound: spent per round against starting CP + 2CP a round minus earlier spending', () => {
    const doc = fixtureDoc('valid.army');
    const list = parseArmyList(doc.getText());
    const rules = new RulesIndex(testRules());
    assert.deepStrictEqual(planCpByRound(list, rules, DEFAULT_SETTINGS), [
      { round: 1, spent: 0, available: 2 },
      { round: 2, spent: 1, available: 4 },
      { round: 3, spent: 2, available: 5 },
      { round: 4, spent: 1, available: 5 },
      { round: 5, spent: 0, available: 6 },
    ]);
    assert.deepStrictEqual(planCpByRound(list, rules, { ...DEFAULT_SETTINGS, startingCP: 3 })[0], { round: 1, spent: 0, available: 5 });
  });

  it('hover on a plan line adds the checked requirement and the unchecked reminder', () => {
    const doc = fixtureDoc('valid.army');
    const service = createLanguageService({ rules: testRules() });
    const hover = service.hover(doc, doc.positionAt(doc.getText().indexOf('Point-Blank Ambush') + 3));
    const md = (hover!.contents as MarkupContent).value;
    assert.match(md, /\*\*Targets:\*\* GENESTEALER CULTS/);
    assert.match(md, /\*\*Reminder:\*\* that has not been selected to shoot or fight this phase/);
  });

  describe("the seed's eight stratagems", () => {
    const seed = loadEmbeddedRules().stratagems;
    /** valid.army with a plan of that one line. */
    const planOn = (name: string, target: string) => {
      const text = fixtureDoc('valid.army').getText();
      return fixtureDoc('valid.army', `${text.slice(0, text.indexOf('STRATAGEMS\n'))}STRATAGEMS\n${name} (round 4): ${target}\n`);
    };

    it('are eight, and each can be planned on Atalan Jackals (MOUNTED, GENESTEALER CULTS)', () => {
      assert.strictEqual(seed.length, 8);
      for (const s of seed) {
        const doc = planOn(s.name, 'Atalan Jackals');
        assert.deepStrictEqual(summary(doc, planDiags(doc, { startingCP: 10 })), [], s.name);
      }
    });

    it('on a Goliath Truck (VEHICLE, not WALKER) only HEROIC INTERVENTION is refused', () => {
      const refused = seed.filter((s) => {
        const doc = planOn(s.name, 'Goliath Truck');
        return planDiags(doc, { startingCP: 10 }).some((d) => d.code === 'plan-target-ineligible');
      });
      assert.deepStrictEqual(refused.map((s) => s.name), ['HEROIC INTERVENTION']);
    });

    it('on a TITANIC unit FIRE OVERWATCH is refused', () => {
      const rules = testRules();
      rules.datasheets = rules.datasheets.map((d) => (d.name === 'Goliath Truck' ? { ...d, keywords: [...d.keywords, 'TITANIC'] } : d));
      const doc = planOn('Fire Overwatch', 'Goliath Truck');
      assert.deepStrictEqual(summary(doc, planDiags(doc, { startingCP: 10 }, rules)), [['plan-target-ineligible', 'Goliath Truck']]);
    });
  });

  describe('Genestealer Cults stratagems of the Wahapedia export', function () {
    let data: RulesData;
    before(function () {
      requireShared(this, 'data', 'wahapedia');
      const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
      provider.ensureFaction('Genestealer Cults');
      data = provider.rules();
    });

    /** A list of that detachment with one unit and one plan line using the stratagem on it. */
    function planned(detachment: string, unit: string, stratagem: string, copies: number): TextDocument {
      const units = Array.from({ length: copies }, () => `${unit} (100 Points)\n  • 1x Autopistol\n\n`).join('');
      const targets = Array.from({ length: copies }, (_, i) => (i ? `${unit} #${i + 1}` : unit)).join(', ');
      const text = `Genestealer Cults\n${detachment}\nStrike Force (2,000 Points)\n\nOTHER DATASHEETS\n\n${units}STRATAGEMS\n${stratagem} (round 5): ${targets}\n`;
      return TextDocument.create('untitled:plan.army', 'army-list', 1, text);
    }

    it('each is usable on a datasheet its text admits and refused on one it does not', () => {
      const gsc = data.datasheets.filter((d) => d.factionKeywords.includes('GENESTEALER CULTS'));
      const strats = data.stratagems.filter((s) => s.faction === 'GENESTEALER CULTS' && s.detachment);
      assert.ok(strats.length >= 30, `${strats.length} stratagems`);
      let accepted = 0;
      let refused = 0;
      for (const s of strats) {
        const spec = stratagemTargetSpec(s);
        // Two-target stratagems take one unit per part: planTargets.test.ts plans them by hand.
        if (spec.side === 'enemy' || spec.subject === 'other' || spec.parts) continue;
        const eligible = eligibleDatasheets(s, gsc);
        const yes = eligible[0];
        const no = gsc.find((d) => !eligible.includes(d));
        // "One ASTRA MILITARUM and one GENESTEALER CULTS unit": as many targets as the text counts.
        const copies = spec.count.kind === 'exactly' ? spec.count.n : 1;
        if (yes) {
          const doc = planned(s.detachment!, yes.name, s.name, copies);
          const found = planDiags(doc, { startingCP: 10 }, data);
          assert.deepStrictEqual(summary(doc, found), [], `${s.name} on ${yes.name}`);
          accepted++;
        }
        if (no) {
          const doc = planned(s.detachment!, no.name, s.name, copies);
          const expected = Array.from({ length: copies }, (_, i) => ['plan-target-ineligible', i ? `${no.name} #${i + 1}` : no.name]);
          assert.deepStrictEqual(summary(doc, planDiags(doc, { startingCP: 10 }, data)), expected, `${s.name} on ${no.name}`);
          refused++;
        }
      }
      console.log(`      (${strats.length} stratagems: ${accepted} planned on an eligible datasheet, ${refused} refused on an ineligible one)`);
      assert.ok(accepted >= 20 && refused >= 10);
    });
  });
});
