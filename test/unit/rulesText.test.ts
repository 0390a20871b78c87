// Rules text that reads right (issue 24): the data's rule texts whole in hovers, with their section
// references; no label said twice; the muster words of a list (force dispositions, Warlord, Bodyguard,
// Attached Units, Detachment Points) explained. On the real 11th-edition data of ../shared.
import * as assert from 'assert';
import * as fs from 'fs';
import type { MarkupContent } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { hover } from '../../server/src/service/features/hover';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import type { CoreRule, RulesData } from '../../server/src/service/domain/rules/model';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { weaponAbilityRule } from '../../server/src/service/features/completion/resolve';
import { ruleLines } from '../../server/src/service/features/render/markdown';
import { md } from '../../server/src/service/features/render/escape';
import { bsText } from '../../server/src/service/domain/rules/bsdataText';
import { notesGlossary } from '../../server/src/service/domain/rules/mfm';
import { mergeRules } from '../../server/src/service/domain/rules/merge';
import { emptyRulesData } from '../../server/src/service/domain/rules/dataFiles';
import { requireShared, sharedPath } from '../support/shared';
import { check11 } from '../support/check11';

/** The words of a text (letters and digits), Markdown escapes and markup left out, lower case. */
const words = (s: string) => (s.replace(/\\(.)/g, '$1').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Whether every word of `part` stands in `whole` in the same order (others may stand between them). */
function inOrder(part: string[], whole: string[]): boolean {
  let i = 0;
  for (const w of whole) if (i < part.length && w === part[i]) i++;
  return i === part.length;
}

/** The hover one character into the first `needle` after `after`. */
function hoverText(text: string, needle: string, rules: RulesIndex, edition: '11' | 'auto' = 'auto', after = ''): string | null {
  const doc = TextDocument.create('file:///rules-text.txt', 'army-list', 1, text);
  const at = text.indexOf(needle, text.indexOf(after));
  assert.ok(at >= 0, needle);
  const h = hover(doc, parseArmyList(text), rules, at + 1, edition);
  return h ? (h.contents as MarkupContent).value : null;
}

/** A list of one unit carrying one weapon, in the app's layout. */
const oneUnit = (sheet: string, weapon: string) => `Rules text (100 points)\n\n${sheet} (100 points)\n  • 1x ${weapon}\n`;

let all11: RulesData | undefined;
/** Every catalogue of the real 11th-edition BSData, read once. */
function bsdata11(): RulesData {
  if (!all11) {
    const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e')] });
    p.loadAll();
    all11 = p.rulesFor(11);
  }
  return all11;
}

let worldEaters: RulesIndex | undefined;
/** A real 11th-edition list's data: BSData 11e and the MFM v1.1, loaded for the list as the server does. */
function listRules(text: string): RulesIndex {
  const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  p.ensureList(parseArmyList(text), 11);
  return new RulesIndex(p.rulesFor(11));
}

describe('rules text: the data\'s rule texts whole', () => {
  it('keeps a section reference and the text after it: [HAZARDOUS] on a real list\'s Plasma pistol', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
    worldEaters ??= listRules(text);
    const v = hoverText(text, 'Plasma pistol', worldEaters)!;
    assert.ok(v, 'a hover');
    const line = v.split('\n').find((l) => l.startsWith('- **[HAZARDOUS]**'));
    assert.ok(line, v);
    assert.match(line!, /make a number of hazard rolls \\\(06\.03\\\) for that unit equal to the number of/);
    assert.match(line!, /— Each time a unit is selected to shoot or selected to fight/);
  });

  it('renders [MELTA X] whole, past its first sentence and its example', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const rules = new RulesIndex(bsdata11());
    const sheet = rules.data.datasheets.find((d) => d.weapons.some((w) => w.profiles.some((p) => p.abilities.some((a) => /^MELTA \d/.test(a)))))!;
    const weapon = sheet.weapons.find((w) => w.profiles.some((p) => p.abilities.some((a) => /^MELTA \d/.test(a))))!;
    const v = hoverText(oneUnit(sheet.name, weapon.name), weapon.name, rules, '11', '•')!;
    assert.match(v, /This ability always takes the form \\\[MELTA X\\\]\. Each time a model makes an attack with a \\\[MELTA\\\] weapon/);
    assert.match(v, /add X to that weapon’s D characteristic\./);
    assert.match(v, /Example: A model targets a unit that is within half range/);
    assert.doesNotMatch(v, /\\\*/, 'no stray emphasis star from the data\'s markup');
  });

  it('every weapon ability of the 11th-edition data: the hover holds the rule\'s words in order', function () {
    requireShared(this, 'data', 'bsdata-11e');
    this.timeout(120000);
    const rules = new RulesIndex(bsdata11());
    // One real datasheet weapon for each rule a weapon ability names.
    const byRule = new Map<CoreRule, { sheet: string; weapon: string }>();
    for (const d of rules.data.datasheets) {
      for (const w of d.weapons) {
        for (const a of w.profiles.flatMap((p) => p.abilities)) {
          const r = weaponAbilityRule(rules, a);
          if (r && !byRule.has(r)) byRule.set(r, { sheet: d.name, weapon: w.name });
        }
      }
    }
    assert.ok(byRule.size >= 20, `${byRule.size} weapon-ability rules`);
    for (const [rule, { sheet, weapon }] of byRule) {
      const v = hoverText(oneUnit(sheet, weapon), weapon, rules, '11', '•');
      assert.ok(v, `${sheet}: ${weapon}`);
      assert.ok(inOrder(words(rule.text), words(v!)), `${rule.name} (${sheet}: ${weapon}): the hover lacks some of the data's text\n${rule.text}\n---\n${v}`);
    }
  });

  it('reads BSData emphasis as plain text, a pair whose close is missing or misplaced too', () => {
    assert.strictEqual(bsText('Roll **D6**.\n***Example:** A **[MELTA 2]** weapon*'), 'Roll D6.\nExample: A [MELTA 2] weapon');
    assert.strictEqual(bsText('***Example:** a **D** characteristic of **D6+2**.'), 'Example: a D characteristic of D6+2.');
    assert.strictEqual(bsText('see *Hazard Rolls* (06.03)'), 'see Hazard Rolls (06.03)');
    assert.strictEqual(bsText('**Example: a **[DEVASTATING WOUNDS]** weapon, so the remaining **mortal wound** is lost.*'), 'Example: a [DEVASTATING WOUNDS] weapon, so the remaining mortal wound is lost.');
  });

  it('reads a keyword marked up either way round (`**^^X^^**`, `^^**X**^^`, `^^**X^^**`) as that keyword alone, never the clause between two', () => {
    assert.strictEqual(bsText('against a ^^**Vehicle**^^ unit will result in a **critical wound**, while against a ^^**Psyker**^^ unit'), 'against a VEHICLE unit will result in a critical wound, while against a PSYKER unit');
    assert.strictEqual(bsText('a **^^Vehicle^^** unit, or a ^^**Monster**^^ one, or ^^Titanic^^'), 'a VEHICLE unit, or a MONSTER one, or TITANIC');
    // Grey Knights' enhancements interleave the markers.
    assert.strictEqual(bsText('^^**Grey Knights^^** model only. At the start of your **Shooting phase**'), 'GREY KNIGHTS model only. At the start of your Shooting phase');
    // Markers the data mistyped.
    assert.strictEqual(bsText('(excluding ^^*Monsters^^** and ^^**Vehicles^^**) is within'), '(excluding MONSTERS and VEHICLES) is within');
    assert.strictEqual(bsText('While an **^Anathema Psykana^^** unit is within 6"'), 'While an ANATHEMA PSYKANA unit is within 6"');
  });

  it('explains [ANTI-MONSTER 5+] and [ANTI-VEHICLE 5+] of one real weapon with the ANTI rule once, in its own case', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const rules = new RulesIndex(bsdata11());
    const twoAnti = (d: { weapons: { name: string; profiles: { abilities: string[] }[] }[] }) => d.weapons.find((w) => new Set(w.profiles.flatMap((p) => p.abilities).filter((a) => /^ANTI-/i.test(a))).size > 1);
    const sheet = rules.data.datasheets.find((d) => twoAnti(d))!;
    assert.ok(sheet, 'a weapon with two ANTI abilities in the data');
    const weapon = twoAnti(sheet)!;
    const v = hoverText(oneUnit(sheet.name, weapon.name), weapon.name, rules, '11', '•')!;
    const anti = rules.rule('ANTI')!;
    // Said once, on the line naming both abilities.
    const first = ruleLines(anti)[0];
    assert.strictEqual(v.split(md(first)).length - 1, 1, v);
    assert.match(v, /- \*\*\[ANTI-[A-Z]+ \d\+\]\*\*, \*\*\[ANTI-[A-Z]+ \d\+\]\*\* — /, v);
    // The data's example in sentence case, its keywords alone in capitals.
    assert.match(v, /against a VEHICLE unit will result in a critical wound on an unmodified wound roll of 4\+/, v);
    assert.doesNotMatch(v, /UNIT WILL RESULT/, v);
  });

  it('leaves no markup star or keyword marker in any rule text of the real 11th-edition data', function () {
    requireShared(this, 'data', 'bsdata-11e');
    const d = bsdata11();
    const texts = [...d.coreRules.map((r) => r.text), ...d.datasheets.flatMap((x) => x.abilities.map((a) => a.text ?? '')), ...d.detachments.flatMap((x) => x.rules.map((r) => r.text)), ...d.enhancements.flatMap((e) => [e.text, e.eligibility ?? ''])];
    assert.ok(texts.length > 1000);
    assert.deepStrictEqual(texts.filter((t) => t.includes('*')), []);
    // Nor a keyword marker (Grey Knights' "^^**Grey Knights^^** model only").
    assert.deepStrictEqual(texts.filter((t) => t.includes('^^')), []);
  });
});

describe('rules text: nothing said twice', () => {
  it('a real Epic Hero\'s hover tags it once, and names the Munitorum Field Manual once', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
    worldEaters ??= listRules(text);
    const v = hoverText(text, 'Khârn the Betrayer', worldEaters)!;
    const tags = v.split('\n\n')[1];
    assert.strictEqual(tags.match(/Epic Hero/gi)?.length, 1, tags);
    assert.match(v, /checked against BattleScribe data Warhammer 40,000 11th Edition revision 6, Munitorum Field Manual v1\.1 \\\(2026-07-22\\\)/);
    assert.doesNotMatch(v, /Munitorum Field Manual Munitorum/);
  });

  it('an unknown datasheet\'s finding names each data source once', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8').replace('Maulerfiend (140 points)', 'Maulerfiendz (140 points)');
    const found = check11(text).find((f) => f.code === 'unknown-datasheet');
    assert.ok(found, 'an unknown-datasheet finding');
    assert.match(found!.message, /Looked up in BattleScribe data Warhammer 40,000 11th Edition revision 6, Munitorum Field Manual v1\.1 \(2026-07-22\)\./);
  });

  it('the battle size\'s hover gives the data\'s total, the one the total-mismatch finding names, and the list\'s own where it differs (every real 11th-edition list, French too)', function () {
    requireShared(this, 'lists-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    this.timeout(60000);
    let compared = 0;
    for (const file of fs.readdirSync(sharedPath('lists-11e')).filter((f) => f.endsWith('.txt'))) {
      const text = fs.readFileSync(sharedPath('lists-11e', file), 'utf8');
      const list = parseArmyList(text);
      if (!list.battleSize) continue;
      const v = hoverText(text, text.slice(list.battleSize.span.start, list.battleSize.span.end), listRules(text))!;
      assert.ok(v, `${file}: a hover on the battle size`);
      const total = check11(text).find((f) => f.code === 'total-mismatch');
      const m = /This list: (\d+) of (\d+) points in the data(?:; the list states (\d+))?\./.exec(v);
      assert.ok(m, `${file}: ${v}`);
      if (total) {
        // "The list states 1975 points but its units cost 1905 in the rules data"
        const [, stated, cost] = /states (\d+) points but its units cost (\d+)/.exec(total.message)!;
        assert.deepStrictEqual([m![1], m![3]], [cost, stated], `${file}: ${v} / ${total.message}`);
        compared++;
      } else assert.strictEqual(m![3], undefined, `${file}: ${v}`);
    }
    assert.ok(compared >= 3, `${compared} lists with a total-mismatch`);
  });

  it('a detachment\'s hover names each enhancement once: BSData\'s "Pyresoul (Psychic)" is the MFM\'s "Pyresoul" (Grey Knights, Banishers)', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const text = 'Grey Knights\nBanishers (2 Detachment Points)\nStrike Force (2000 points)\n\nCHARACTERS\n\nBrother-Captain (95 points)\n  • Warlord\n  • Enhancement: Pyresoul\n';
    const rules = listRules(text);
    const v = hoverText(text, 'Banishers', rules)!;
    const listed = /\*\*Enhancements:\*\* (.*)/.exec(v)?.[1] ?? '';
    const names = listed.split(' · ').map((n) => n.replace(/\s*\(\d+ pts\)$/, '').replace(/\s*\\?\([^()]*\\?\)$/, ''));
    assert.ok(names.length >= 3, v);
    assert.deepStrictEqual(names, [...new Set(names)], listed);
    assert.strictEqual((listed.match(/Pyresoul/g) ?? []).length, 1, listed);
    // The list's bare "Pyresoul" is that enhancement, priced by the MFM.
    assert.match(hoverText(text, 'Pyresoul', rules, 'auto', 'Enhancement')!, /^### Pyresoul \\\(Psychic\\\) — 20 pts/);
  });
});

describe('rules text: the muster words of a list explained', () => {
  const file = 'gwapp11_worldeaters_2.txt';
  let text = '';
  before(function () {
    requireShared(this, 'lists-11e', file);
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    text = fs.readFileSync(sharedPath('lists-11e', file), 'utf8');
    worldEaters ??= listRules(text);
  });
  const at = (needle: string, after = '') => hoverText(text, needle, worldEaters!, 'auto', after);

  it('a force disposition: the Munitorum Field Manual\'s note and the detachment granting it', () => {
    const v = at('Purge the Foe')!;
    assert.match(v, /^### Purge the Foe\n\n\*Force Disposition\*/);
    assert.match(v, /Each detachment grants your army a Force Disposition, which can affect the missions you will play\./);
    assert.match(v, /Granted by Berzerker Warband \(World Eaters detachment\)\./);
  });

  it('Detachment Points: the note, each detachment\'s DP in the data and the battle size\'s allowance', () => {
    const v = at('3 Detachment Points')!;
    assert.match(v, /^### Detachment Points/);
    assert.match(v, /The number of DP you can spend on detachments depends on the battle size/);
    assert.match(v, /This list: Berzerker Warband 3 DP\./);
    assert.match(v, /3 of 3 DP allowed at Strike Force\./);
  });

  it('Warlord, Attached Units, a group, Leader and Bodyguard: the 11th edition\'s text with its section', () => {
    const cases: Array<[string, string, RegExp, RegExp?]> = [
      ['Warlord', '', /^### Warlord\n\nOne CHARACTER model/, /This list's Warlord: Khârn the Betrayer\./],
      ['Attached Units', '', /^### Attached Units\n\nWhich Leader and Support units join/, /This list: 4 attached units\./],
      ['Attached Unit 2', '', /^### Attached Units/, /one Attached unit: Slaughterbound \(Leader\), Exalted Eightbound \(Bodyguard\)\./],
      ['Attached as: Leader', '', /^### Leader\n\nA Leader unit may join/, /Khârn the Betrayer \(Leader\), Khorne Berzerkers \(Bodyguard\)/],
      ['Attached as: Bodyguard', '', /^### Bodyguard\n\nThe unit a Leader or Support unit joins/],
    ];
    for (const [needle, after, head, fact] of cases) {
      const v = at(needle, after);
      assert.ok(v, needle);
      assert.match(v!, head);
      if (fact) assert.match(v!, fact);
      if (needle !== 'Warlord') assert.match(v!, /\*11th edition rules \\\(Leader and Support, 19\.01–19\.04\\\), paraphrased: the rules data holds no text for it\*/);
    }
  });

  it('a Support unit of a real Dark Angels list; the dispositions of two detachments', function () {
    requireShared(this, 'lists-11e', 'gwapp11_darkangels_1.txt');
    const da = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_darkangels_1.txt'), 'utf8');
    const rules = listRules(da);
    const support = hoverText(da, 'Support (Character)', rules)!;
    assert.match(support, /^### Support\n\nA Support unit must join/);
    assert.match(support, /Ancient in Terminator Armour \(Support\), Deathwing Knights \(Bodyguard\)/);
    for (const d of ['Priority Assets', 'Reconnaissance']) assert.match(hoverText(da, d, rules)!, new RegExp(`^### ${d}[^]*Granted by `));
  });

  it('without the manual\'s notes, Detachment Points and dispositions read the edition\'s own text', () => {
    const bare = new RulesIndex({ ...worldEaters!.data, glossary: undefined });
    const v = hoverText(text, '3 Detachment Points', bare)!;
    assert.match(v, /Each detachment costs Detachment Points \\\(DP\\\)/);
    assert.match(v, /\*11th edition rules \\\(mustering\\\), paraphrased/);
  });

  it('a 10th-edition Warlord reads the 10th edition\'s text', () => {
    const ten = 'Claw raid (460 points)\n\nGenestealer Cults\nIncursion (1000 points)\nXenocreed Congregation\n\nCHARACTERS\n\nPatriarch (90 points)\n  • Warlord\n';
    const rules = new RulesIndex({ sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] });
    assert.match(hoverText(ten, 'Warlord', rules)!, /^### Warlord\n\nSelect one CHARACTER model from your army as your Warlord[^]*\*10th edition rules \\\(Muster your army\\\)/);
  });
});

describe('rules text: the terms the Munitorum Field Manual\'s notes define', () => {
  it('reads each bold term of the real meta.yaml\'s notes, its short form as an alias', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1', 'meta.yaml');
    const yaml = fs.readFileSync(sharedPath('data', 'mfm-11e', 'v1.1', 'meta.yaml'), 'utf8');
    const notes = /notes: \|-\n([^]*?)\nfactions:/.exec(yaml)![1];
    const terms = notesGlossary(notes, 'meta.yaml');
    assert.deepStrictEqual(terms.map((t) => t.name), ['Starting Strength', 'Requisition Thresholds', 'Wargear', 'Detachment Points', 'Force Disposition', 'Enhancements', 'Unique Tag']);
    const dp = terms.find((t) => t.name === 'Detachment Points')!;
    assert.deepStrictEqual(dp.aliases, ['DP']);
    assert.match(dp.text, /^The number of DP you can spend on detachments depends on the battle size/);
    assert.doesNotMatch(terms.map((t) => t.text).join('\n'), /\*\*/);
    const merged = mergeRules([
      { data: { ...emptyRulesData(), glossary: terms }, precedence: 0 },
      { data: { ...emptyRulesData(), glossary: [{ ...dp, text: 'other' }] }, precedence: 1 },
    ]).data;
    assert.strictEqual(new RulesIndex(merged).term('DP')?.text, dp.text, 'each term once, the first source\'s');
  });
});
