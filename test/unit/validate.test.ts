// The army-construction checks ("Muster your army") on fixtures in
// test/fixtures/validate/, against test rules data built from the embedded seed
// (validate-helpers.ts). valid.army passes every check; each failing case is a
// fixture (or valid.army with one edit) that trips exactly the check named.
import * as assert from 'assert';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { DIAGNOSTIC_CODES } from '../../server/src/service/features/diagnostics/codes';
import { check, fixtureDoc, lineOf, only, payloadOf, summary, testRules, variant } from './validate-helpers';
import { createLanguageService } from '../../server/src/service/languageService';
import { TextDocument } from 'vscode-languageserver-textdocument';

describe('validate: army construction', () => {
  it('reports nothing on a list that meets every rule (valid.army)', () => {
    const doc = fixtureDoc('valid.army');
    assert.deepStrictEqual(summary(doc, check(doc)), []);
  });

  it('every code it reports is in the registry, with the registry severity', () => {
    const docs = ['valid.army', 'over-limit.army', 'duplicates.army', 'enhancements.army', 'plan-mistakes.army'].map((f) => fixtureDoc(f));
    const sev = { error: 1, warning: 2, information: 3, hint: 4 } as const;
    for (const doc of docs) {
      for (const d of check(doc)) {
        const info = DIAGNOSTIC_CODES[d.code as keyof typeof DIAGNOSTIC_CODES];
        assert.ok(info, `${d.code} is registered`);
        assert.strictEqual(d.severity, sev[info.severity], `${d.code} severity`);
        assert.strictEqual(d.source, 'auspex');
      }
    }
  });

  describe('points', () => {
    it('total-mismatch: the stated total against the sum of the units, with the sum as fix data', () => {
      const doc = variant('Claw raid (460 Points)', 'Claw raid (450 Points)');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['total-mismatch', '450']]);
      assert.match(diags[0].message, /states 450 points but its units cost 460 in the rules data/);
      assert.deepStrictEqual(payloadOf(diags[0]), { expected: 460 });
    });

    it('points-mismatch counts the enhancement (Jackal Alphus 65 + Prowling Agitant 15)', () => {
      const doc = variant('Jackal Alphus (80 Points)', 'Jackal Alphus (65 Points)');
      const diags = check(doc);
      // The stated total (460) is the data's price of the units: only the unit's own price is wrong.
      assert.deepStrictEqual(summary(doc, diags), [['points-mismatch', '65']]);
      assert.match(diags[0].message, /costs 80 points including enhancements/);
    });

    it('over-points-limit: 1020 points in an Incursion (1000), on the battle size line, the total related', () => {
      const doc = fixtureDoc('over-limit.army');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['over-points-limit', 'Incursion (1,000 Points)']]);
      assert.match(diags[0].message, /1020 points in the rules data, over the 1000-point limit of Incursion/);
      assert.strictEqual(doc.getText(diags[0].relatedInformation![0].location.range), '1020');
    });

    it('the same units fit a Strike Force', () => {
      const doc = fixtureDoc('over-limit.army', fixtureDoc('over-limit.army').getText().replace('Incursion (1,000 Points)', 'Strike Force (2,000 Points)'));
      assert.deepStrictEqual(summary(doc, check(doc)), []);
    });

    it('combat-patrol: a Combat Patrol list that states points is told once, on the battle size line, and not flagged', () => {
      const doc = variant('Strike Force (2,000 Points)', 'Combat Patrol');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['combat-patrol', 'Combat Patrol']]);
      assert.strictEqual(diags[0].severity, DiagnosticSeverity.Information);
      // Even with a wrong total and two Warlords: fixed forces are not checked for them.
      const wrong = fixtureDoc('duplicates.army', fixtureDoc('duplicates.army').getText().replace('Strike Force (2,000 Points)', 'Combat Patrol'));
      assert.deepStrictEqual(only(check(wrong), 'combat-patrol').length, 1);
      assert.deepStrictEqual(check(wrong).filter((d) => /warlord|points|datasheet|epic/.test(String(d.code))), []);
    });
  });

  describe('Warlord', () => {
    it('no-warlord when no unit is marked', () => {
      const doc = variant('  • Warlord\n', '');
      assert.deepStrictEqual(summary(doc, check(doc)), [['no-warlord', 'Genestealer Cults']]);
    });

    it('multiple-warlords on the second, the first as related information and the marker line as fix data', () => {
      const doc = fixtureDoc('duplicates.army');
      const [d] = only(check(doc), 'multiple-warlords');
      assert.ok(d);
      const second = lineOf(doc, '• Warlord', 2);
      assert.strictEqual(d.range.start.line, second);
      assert.strictEqual(doc.getText(d.range), 'Warlord');
      assert.strictEqual(d.relatedInformation![0].location.range.start.line, lineOf(doc, '• Warlord'));
      assert.match(d.relatedInformation![0].message, /first Warlord: Grandsire Vorgash/);
      assert.deepStrictEqual(payloadOf(d), { remove: { start: { line: second, character: 0 }, end: { line: second + 1, character: 0 } } });
    });

    it('warlord-not-character: the Warlord must be a CHARACTER', () => {
      const doc = variant('  • Warlord\n', '', 'valid.army');
      const moved = fixtureDoc('valid.army', doc.getText().replace('  • 1x Heavy stubber', '  • Warlord\n  • 1x Heavy stubber'));
      assert.deepStrictEqual(summary(moved, check(moved)), [['warlord-not-character', 'Warlord']]);
    });

    it('a detachment note granting CHARACTER makes a unit eligible ("Subterranean Assault Keywords: Character")', () => {
      const doc = variant('  • Warlord\n', '', 'valid.army');
      const moved = fixtureDoc('valid.army', doc.getText().replace('  • 1x Heavy stubber', '  • Warlord\n  • Claw of Ascension Keywords: Character\n  • 1x Heavy stubber'));
      assert.deepStrictEqual(summary(moved, check(moved)), []);
    });
  });

  describe('how many units of one datasheet', () => {
    it('too-many-datasheet on the 4th unit (3 allowed) and the 7th BATTLELINE unit (6 allowed); epic-hero-duplicate on the 2nd copy', () => {
      const doc = fixtureDoc('duplicates.army');
      const diags = check(doc).filter((d) => d.code !== 'multiple-warlords');
      assert.deepStrictEqual(
        diags.map((d) => [d.code, doc.getText(d.range), d.range.start.line]),
        [
          ['epic-hero-duplicate', 'Grandsire Vorgash', lineOf(doc, 'Grandsire Vorgash (', 2)],
          ['too-many-datasheet', 'Atalan Jackals', lineOf(doc, 'Atalan Jackals (', 4)],
          ['too-many-datasheet', 'Neophyte Hybrids', lineOf(doc, 'Neophyte Hybrids (', 7)],
        ],
      );
      const jackals = diags[1];
      assert.match(jackals.message, /4 units of Atalan Jackals: at most 3/);
      assert.deepStrictEqual(jackals.relatedInformation!.map((r) => r.location.range.start.line), [1, 2, 3].map((n) => lineOf(doc, 'Atalan Jackals (', n)));
      assert.match(diags[2].message, /at most 6 of one datasheet \(BATTLELINE or DEDICATED TRANSPORT\)/);
      assert.strictEqual(diags[0].relatedInformation![0].location.range.start.line, lineOf(doc, 'Grandsire Vorgash ('));
    });

    it('six BATTLELINE units of one datasheet pass (over-limit.army in a Strike Force)', () => {
      const doc = fixtureDoc('over-limit.army');
      assert.deepStrictEqual(only(check(doc), 'too-many-datasheet'), []);
    });
  });

  describe('enhancements', () => {
    const doc = fixtureDoc('enhancements.army');
    const diags = check(doc);
    const at = (code: string) => only(diags, code).map((d) => [doc.getText(d.range), d.range.start.line]);
    const L = (needle: string, nth = 1) => lineOf(doc, needle, nth);

    it('multiple-enhancements on the second of one model', () => {
      assert.deepStrictEqual(at('multiple-enhancements'), [['Assassination Edict', L('Enhancement: Assassination Edict')]]);
    });
    it('enhancement-duplicate on the second copy, the first related', () => {
      assert.deepStrictEqual(at('enhancement-duplicate'), [['Prowling Agitant', L('Prowling Agitant', 2)], ['Assassination Edict', L('Assassination Edict', 2)]]);
      assert.strictEqual(only(diags, 'enhancement-duplicate')[0].relatedInformation![0].location.range.start.line, L('Prowling Agitant'));
    });
    it("enhancement-ineligible: the enhancement's own restriction (JACKAL ALPHUS model only)", () => {
      assert.deepStrictEqual(at('enhancement-ineligible'), [['Focus of Adoration', L('Focus of Adoration')]]);
      assert.match(only(diags, 'enhancement-ineligible')[0].message, /JACKAL ALPHUS models only/);
    });
    it('enhancement-epic-hero', () => {
      assert.deepStrictEqual(at('enhancement-epic-hero'), [['Assassination Edict', L('Assassination Edict', 2)]]);
    });
    it("enhancement-wrong-detachment: Serpentine Tactics is Outlander Claw's, the list's detachment related", () => {
      assert.deepStrictEqual(at('enhancement-wrong-detachment'), [['Serpentine Tactics', L('Serpentine Tactics')]]);
      assert.strictEqual(doc.getText(only(diags, 'enhancement-wrong-detachment')[0].relatedInformation![0].location.range), 'Claw of Ascension');
    });
    it('unknown-enhancement with the closest name, and enhancement-not-character on a non-CHARACTER unit', () => {
      assert.deepStrictEqual(at('unknown-enhancement'), [['Assasination Edict', L('Assasination Edict')]]);
      assert.deepStrictEqual(payloadOf(only(diags, 'unknown-enhancement')[0]), { suggestions: ['Assassination Edict'] });
      assert.deepStrictEqual(at('enhancement-not-character'), [['Assasination Edict', L('Assasination Edict')]]);
    });
    it('too-many-enhancements beyond the setting maxEnhancements (default 3), earlier ones related', () => {
      assert.deepStrictEqual(at('too-many-enhancements').map((x) => x[1]), [L('Focus of Adoration'), L('Assassination Edict', 2), L('Serpentine Tactics'), L('Assasination Edict')]);
      const limited = check(fixtureDoc('valid.army'), { maxEnhancements: 0 });
      assert.deepStrictEqual(limited.map((d) => d.code), ['too-many-enhancements']);
      assert.match(limited[0].message, /at most 0/);
      assert.deepStrictEqual(check(doc, { maxEnhancements: 10 }).filter((d) => d.code === 'too-many-enhancements'), []);
    });
    it('reports nothing else on that fixture', () => {
      const codes = new Set(diags.map((d) => d.code));
      assert.deepStrictEqual(
        [...codes].sort(),
        ['enhancement-duplicate', 'enhancement-epic-hero', 'enhancement-ineligible', 'enhancement-not-character', 'enhancement-wrong-detachment', 'multiple-enhancements', 'too-many-enhancements', 'unknown-enhancement'],
      );
    });
  });

  describe('unit size and wargear', () => {
    it('unit-size: a model count with no points step (6 Atalan Jackals: 5 or 10)', () => {
      const doc = variant('  • 4x Atalan Jackal\n', '  • 5x Atalan Jackal\n');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['unit-size', 'Atalan Jackals']]);
      assert.match(diags[0].message, /cannot have 6 models: its datasheet allows 5 or 10/);
    });

    it('model-count: one model type out of its min/max (3 Wolfquads, at most 2)', () => {
      const doc = variant('  • 4x Atalan Jackal\n     ◦ 4x Atalan small arms\n  • 1x Atalan Wolfquad', '  • 7x Atalan Jackal\n     ◦ 4x Atalan small arms\n  • 3x Atalan Wolfquad');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags).filter(([c]) => c !== 'points-mismatch' && c !== 'total-mismatch'), [['model-count', 'Atalan Wolfquad']]);
      assert.match(diags.find((d) => d.code === 'model-count')!.message, /3 Atalan Wolfquads in Atalan Jackals: its datasheet allows 1 to 2/);
    });

    it('unknown-wargear: a warning with the closest names', () => {
      const doc = variant('     ◦ 1x Mining laser', '     ◦ 1x Mining lazer');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['unknown-wargear', 'Mining lazer']]);
      assert.strictEqual(diags[0].severity, DiagnosticSeverity.Warning);
      assert.deepStrictEqual(payloadOf(diags[0]), { suggestions: ['Mining laser'] });
    });
  });

  describe('faction and detachment', () => {
    it('unit-wrong-faction: a TYRANIDS unit in a Genestealer Cults army', () => {
      const doc = variant('OTHER DATASHEETS\n', 'OTHER DATASHEETS\n\nTermagants (60 Points)\n  • 10x Termagant\n     ◦ 10x Atalan small arms\n');
      const diags = check(doc).filter((d) => d.code !== 'total-mismatch');
      assert.deepStrictEqual(summary(doc, diags), [['unit-wrong-faction', 'Termagants']]);
      assert.match(diags[0].message, /faction keyword TYRANIDS, not GENESTEALER CULTS/);
    });

    it('allied-unit: the same unit in an ALLIED UNITS section is information only', () => {
      const doc = variant('OTHER DATASHEETS\n', 'ALLIED UNITS\n\nTermagants (60 Points)\n  • 10x Termagant\n     ◦ 10x Atalan small arms\n\nOTHER DATASHEETS\n');
      const diags = check(doc).filter((d) => d.code !== 'total-mismatch');
      assert.deepStrictEqual(summary(doc, diags), [['allied-unit', 'Termagants']]);
      assert.strictEqual(diags[0].severity, DiagnosticSeverity.Information);
    });

    it('unknown-detachment with the closest names of the faction', () => {
      const doc = variant('Claw of Ascension\n', 'Claw of Ascenssion\n');
      const diags = check(doc).filter((d) => d.code === 'unknown-detachment');
      assert.deepStrictEqual(summary(doc, diags), [['unknown-detachment', 'Claw of Ascenssion']]);
      assert.deepStrictEqual(payloadOf(diags[0]), { suggestions: ['Claw of Ascension'] });
    });

    it("detachment-wrong-faction: a Tyranids detachment in a Genestealer Cults list", () => {
      const doc = variant('Claw of Ascension\n', 'Synaptic Nexus\n');
      const diags = check(doc).filter((d) => d.code === 'detachment-wrong-faction');
      assert.deepStrictEqual(summary(doc, diags), [['detachment-wrong-faction', 'Synaptic Nexus']]);
      assert.match(diags[0].message, /belongs to Tyranids, not Genestealer Cults/);
    });
  });

  describe('leaders', () => {
    it('leader-target-missing: the unit led is not in the list', () => {
      const doc = variant('  • Leading: Neophyte Hybrids', '  • Leading: Purestrain Genestealers');
      assert.deepStrictEqual(summary(doc, check(doc)), [['leader-target-missing', 'Purestrain Genestealers']]);
    });

    it('leader-cannot-lead: Locus cannot lead Atalan Jackals, the unit related', () => {
      const doc = variant('  • Leading: Neophyte Hybrids', '  • Leading: Atalan Jackals');
      const diags = check(doc);
      assert.deepStrictEqual(summary(doc, diags), [['leader-cannot-lead', 'Atalan Jackals']]);
      assert.match(diags[0].message, /Locus cannot lead Atalan Jackals.*It can lead: Neophyte Hybrids/);
      assert.strictEqual(diags[0].relatedInformation![0].location.range.start.line, lineOf(doc, 'Atalan Jackals ('));
    });
  });

  it('the façade passes its settings to the checks', () => {
    const service = createLanguageService({ rules: testRules() });
    const doc = TextDocument.create('untitled:x', 'army-list', 1, fixtureDoc('valid.army').getText());
    assert.deepStrictEqual(service.diagnostics(doc), []);
    service.setSettings({ ...service.settings, maxEnhancements: 0 });
    assert.deepStrictEqual(service.diagnostics(TextDocument.create('untitled:y', 'army-list', 1, doc.getText())).map((d) => d.code), ['too-many-enhancements']);
  });
});
