// Completion for the lists players write now (11th edition, issue 24), on the real BSData 11e + MFM v1.1 World
// Eaters: units legal as inserted (their compulsory models), matched play only unless the setting includes Legends,
// enhancements where a player looks for them (priced into the unit), `Leading:` bullets and attached variants from
// the attach lists, detachments within the Detachment Points left, no battle size the list already has.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { expandSnippet } from '../support/snippet';
import { requireShared, sharedPath } from '../support/shared';

const HEAD = 'World Eaters\nBerzerker Warband (3 Detachment Points)\nStrike Force (2000 points)\n\n';
const MASTER = `${HEAD}CHARACTERS\n\nMaster of Executions (60 points)\n  • Warlord\n  • 1x Axe of dismemberment\n  • 1x Bolt pistol\n`;
// A legal loadout: the data allows 1 plasma pistol per 5 models (issue 31's per-model limits).
const BERZERKERS = 'BATTLELINE\n\nKhorne Berzerkers (170 points)\n  • 1x Khorne Berzerker Champion\n     ◦ 1x Plasma pistol\n     ◦ 1x Chainblade\n  • 9x Khorne Berzerker\n     ◦ 2x Plasma pistol\n     ◦ 7x Bolt pistol\n     ◦ 9x Chainblade\n';

let service: LanguageService;
let version = 0;

/** A fresh service on the real 11th-edition data (BSData 11e + MFM v1.1) with World Eaters loaded; skips without it. */
function worldEaters11(ctx: Mocha.Context): void {
  requireShared(ctx, 'data', 'bsdata-11e');
  requireShared(ctx, 'data', 'mfm-11e', 'v1.1');
  const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
  provider.ensureFaction('World Eaters', 11);
  service = createLanguageService();
  service.setRules(provider.rulesFor(11), 11);
}

/** The items at the "|" of `textWithCaret`. */
function at(textWithCaret: string): { doc: TextDocument; items: CompletionItem[] } {
  const offset = textWithCaret.indexOf('|');
  const doc = TextDocument.create(`file:///c11-${++version}.army`, 'army-list', 1, textWithCaret.replace('|', ''));
  return { doc, items: service.completion(doc, doc.positionAt(offset)).items };
}

/** The text after accepting `item` (its snippet as the editor leaves it, its other edits applied). */
function accept(doc: TextDocument, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  const text = item.insertTextFormat === 2 ? expandSnippet(edit.newText).text : edit.newText;
  return TextDocument.applyEdits(doc, [{ range: edit.range, newText: text }, ...(item.additionalTextEdits ?? [])]);
}

function findings(text: string): string[] {
  const doc = TextDocument.create(`file:///c11-check-${++version}.army`, 'army-list', 1, text);
  return service.diagnostics(doc).filter((d) => d.severity !== 4).map((d) => `${d.code}: ${d.message}`);
}

describe('11th-edition completion (World Eaters, BSData 11e + MFM v1.1)', function () {
  this.timeout(60000);

  before(function () {
    worldEaters11(this);
  });

  afterEach(() => service.setSettings(DEFAULT_SETTINGS));

  it('inserts units legal as they stand: Khorne Berzerkers with their Champion, Jakhals with their Pack Leader', () => {
    for (const [name, leader] of [['Khorne Berzerkers', 'Khorne Berzerker Champion'], ['Jakhals', 'Jakhal Pack Leader']]) {
      const { doc, items } = at(`${HEAD}${name.slice(0, 4)}|`);
      const item = items.find((i) => i.label === name)!;
      const text = accept(doc, item);
      assert.match(text, new RegExp(`\\n {2}• 1x ${leader}\\n`), text);
      // (Alone in the list, no unit is a CHARACTER to be the Warlord.)
      assert.deepStrictEqual(findings(text).filter((f) => !f.startsWith('no-warlord')), [], text);
    }
  });

  it('gives each model the wargear its data entry carries: Bolt pistol and Chainblade, the Champion\'s pistol at the group\'s default (not 9 Plasma pistols)', () => {
    const { doc, items } = at(`${HEAD}Khor|`);
    const text = accept(doc, items.find((i) => i.label === 'Khorne Berzerkers')!);
    const unit = text.slice(text.indexOf('Khorne Berzerkers'));
    assert.match(unit, /• 1x Khorne Berzerker Champion\n {5}◦ 1x Bolt pistol\n {5}◦ 1x Chainblade\n/, unit);
    assert.match(unit, /• 9x Khorne Berzerker\n(?: {5}◦ 9x (?:Chainblade|Bolt pistol)\n){2}/, unit);
    assert.doesNotMatch(unit, /Plasma pistol/, unit);
  });

  it('offers what World Eaters field in matched play: no Horus Heresy or Legends unit unless auspex.completion.includeLegends', () => {
    const legends = ['Sokar-pattern Stormbird', 'Sicaran Battle Tank', 'Terrax-pattern Termite'];
    for (const name of legends) assert.ok(!at(`${HEAD}${name.slice(0, 5)}|`).items.some((i) => i.label === name), `${name} not offered`);
    service.setSettings({ ...DEFAULT_SETTINGS, completionIncludeLegends: true });
    for (const name of legends) {
      const item = at(`${HEAD}${name.slice(0, 5)}|`).items.find((i) => i.label === name);
      assert.ok(item, `${name} offered with the setting`);
      assert.match(item.detail!, /Legends/);
    }
  });

  it('offers a CHARACTER\'s enhancements on its bullet line, and the one chosen adds its cost to the unit\'s points', () => {
    const { doc, items } = at(`${MASTER}  • |`);
    const item = items.find((i) => i.label === 'Enhancement: Battle-lust');
    assert.ok(item, items.map((i) => i.label).join(' | '));
    const text = accept(doc, item);
    assert.match(text, /Master of Executions \(80 points\)\n[\s\S]*\n {2}• Enhancement: Battle-lust$/);
    assert.deepStrictEqual(findings(text), [], text);
    // An EPIC HERO takes none.
    const khârn = at(`${HEAD}CHARACTERS\n\nKhârn the Betrayer (115 points)\n  • 1x Gorechild\n  • |`).items;
    assert.ok(!khârn.some((i) => i.label.startsWith('Enhancement:')), khârn.map((i) => i.label).join(' | '));
  });

  it('after "Enhancement:", another enhancement replaces the first one\'s cost in the unit\'s points', () => {
    const text = `${HEAD}CHARACTERS\n\nMaster of Executions (80 points)\n  • Warlord\n  • 1x Axe of dismemberment\n  • 1x Bolt pistol\n  • Enhancement: Battle|-lust\n`;
    const { doc, items } = at(text.replace('Battle|-lust', '|Battle-lust'));
    const glaive = items.find((i) => i.label === 'Berzerker Glaive')!;
    assert.ok(glaive, items.map((i) => i.label).join(' | '));
    const after = accept(doc, glaive);
    assert.match(after, /Master of Executions \(95 points\)\n[\s\S]*Enhancement: Berzerker Glaive\n/);
  });

  it('offers a unit with each enhancement it may take on the unit line, right after the unit, priced with it', () => {
    const { doc, items } = at(`${HEAD}Mas|`);
    assert.deepStrictEqual(items.slice(0, 2).map((i) => i.label), ['Master of Executions', 'Master of Executions with Battle-lust']);
    const text = accept(doc, items[1]);
    assert.match(text, /Master of Executions \(80 points\)\n {2}• Warlord\n[\s\S]* {2}• Enhancement: Battle-lust/);
    assert.deepStrictEqual(findings(text), [], text);
  });

  it('offers `Leading:` bullets for the units the Leader\'s datasheet may lead, and the Bodyguard "led by" the Leader in the list', () => {
    const list = `${MASTER}\n${BERZERKERS}`;
    const lines = list.split('\n');
    const under = lines.slice(0, lines.indexOf('  • 1x Bolt pistol') + 1).join('\n');
    const rest = lines.slice(lines.indexOf('  • 1x Bolt pistol') + 1).join('\n');
    const { doc, items } = at(`${under}\n  • Lea|\n${rest}`);
    const leading = items.find((i) => i.label === 'Leading: Khorne Berzerkers');
    assert.ok(leading, items.map((i) => i.label).join(' | '));
    assert.deepStrictEqual(findings(accept(doc, leading)), []);
    // From the Bodyguard's side: the unit line offers it led by the Master, whose block gets the `Leading:` line.
    const khor = at(`${MASTER}\nKhor|`);
    const led = khor.items.find((i) => i.label === 'Khorne Berzerkers led by Master of Executions')!;
    assert.ok(led, khor.items.map((i) => i.label).join(' | '));
    const text = accept(khor.doc, led);
    assert.match(text, / {2}• 1x Bolt pistol\n {2}• Leading: Khorne Berzerkers\n/);
    assert.deepStrictEqual(findings(text), [], text);
    // A Leader that cannot lead them is not offered: Slaughterbound leads Eightbound.
    const slaughter = at(`${HEAD}CHARACTERS\n\nSlaughterbound (100 points)\n  • 1x Lacerator and daemonic claw\n\n${BERZERKERS}\nSlau|`).items;
    assert.ok(!slaughter.some((i) => /leading Khorne Berzerkers/.test(i.label)));
  });

  it('a detachment picked on the faction snippet\'s placeholder replaces its Detachment Points', () => {
    const { doc, items } = at('World Eaters\nBer| (1 Detachment Point)\nStrike Force (2000 points)\n\n');
    const text = accept(doc, items.find((i) => i.label === 'Berzerker Warband (3 Detachment Points)')!);
    assert.strictEqual(text, HEAD);
  });

  it('a second detachment: only those within the Detachment Points left; the line below a detachment offers no battle size the list has', () => {
    const labels = at('World Eaters\nCult of Blood (2 Detachment Points)\n|\nStrike Force (2000 points)\n\n').items.map((i) => i.label);
    // Strike Force allows 3 Detachment Points: 1 is left.
    assert.ok(labels.length > 0);
    assert.ok(labels.every((l) => /\(1 Detachment Point\)$/.test(l)), labels.join(' | '));
    assert.ok(!labels.includes('Cult of Blood (2 Detachment Points)'));
    const nextToSize = at('World Eaters\nCult of Blood (2 Detachment Points)\nStrike Force (2000 points)\n|').items.map((i) => i.label);
    assert.ok(!nextToSize.some((l) => /^(Strike Force|Incursion|Onslaught)/.test(l)), nextToSize.join(' | '));
  });
});

describe('Enter after a bullet (on-type formatting with the data)', function () {
  this.timeout(60000);

  before(function () {
    worldEaters11(this);
  });

  /** The text after the editor's Enter opened `opened` below `lines[at]`, and the server's on-type edits applied. */
  function enter(lines: string[], at: number, opened: string): string {
    const text = [...lines.slice(0, at + 1), opened, ...lines.slice(at + 1)].join('\n');
    const doc = TextDocument.create(`file:///enter-${++version}.army`, 'army-list', 1, text);
    const edits = service.onTypeFormatting(doc, { line: at + 1, character: opened.length }, '\n');
    return TextDocument.applyEdits(doc, edits).split('\n')[at + 1];
  }

  it('after a CHARACTER\'s last wargear line, the `◦` the editor opened becomes a `•` line of the unit', () => {
    const lines = MASTER.trimEnd().split('\n');
    assert.strictEqual(enter(lines, lines.length - 1, '   ◦ '), '  • ');
    // After its Warlord line too.
    assert.strictEqual(enter(lines, lines.indexOf('  • Warlord'), '   ◦ '), '  • ');
  });

  it('after the battle size line (or the title), the `•` the editor opened for a unit line is taken away; after a unit line it stays', () => {
    const lines = `Khaaaarn! (2000 points)\n\n${MASTER}`.trimEnd().split('\n');
    assert.strictEqual(enter(lines, lines.indexOf('Strike Force (2000 points)'), '  • '), '');
    assert.strictEqual(enter(lines, 0, '  • '), '');
    assert.strictEqual(enter(lines, lines.indexOf('Master of Executions (60 points)'), '  • '), '  • ');
  });

  it('after a model line of a unit of several models, the `◦` wargear line stays', () => {
    const lines = `${HEAD}${BERZERKERS}`.trimEnd().split('\n');
    assert.strictEqual(enter(lines, lines.indexOf('  • 1x Khorne Berzerker Champion'), '   ◦ '), '   ◦ ');
  });
});

describe('the Attached Units block (11th-edition app)', function () {
  this.timeout(60000);

  before(function () {
    worldEaters11(this);
  });

  it('offers the block on a unit line; in a group, the Leaders first, then the Bodyguards the Leader may join; the list stays legal', () => {
    const start = at(`${HEAD}ATT|`);
    const block = start.items.find((i) => i.label === 'Attached Units')!;
    assert.ok(block, start.items.map((i) => i.label).join(' | '));
    let text = accept(start.doc, block);
    assert.strictEqual(text, `${HEAD}Attached Units\nAttached Unit 1\n\n`);
    const leaders = at(`${text}Mas|`);
    const master = leaders.items.find((i) => i.label === 'Master of Executions')!;
    assert.ok(master, leaders.items.map((i) => i.label).join(' | '));
    assert.ok(!leaders.items.some((i) => i.label === 'Jakhals'), 'no unit that leads nothing');
    text = accept(leaders.doc, master);
    assert.match(text, /Master of Executions \(60 points\)\n• Attached as: Leader \(Character\)\n/);
    const guards = at(`${text.trimEnd()}\n\n|`).items.map((i) => i.label);
    // Master of Executions leads Khorne Berzerkers alone (its datasheet's attach list).
    assert.deepStrictEqual(guards.filter((l) => !/^[A-Z ]+$|^Attached Unit/.test(l)), ['Khorne Berzerkers']);
    const b = at(`${text.trimEnd()}\n\nKhor|`);
    text = accept(b.doc, b.items.find((i) => i.label === 'Khorne Berzerkers')!);
    assert.match(text, /Khorne Berzerkers \(170 points\)\n• Attached as: Bodyguard\n {2}• 1x Khorne Berzerker Champion\n/);
    assert.deepStrictEqual(findings(text), [], text);
    // The group is whole: the next group's header.
    assert.strictEqual(at(`${text.trimEnd()}\n\n|`).items[0].label, 'Attached Unit 2');
  });
});

describe('the army\'s enhancement allowance in completion', function () {
  this.timeout(60000);

  before(function () {
    worldEaters11(this);
  });

  it('once Incursion\'s 2 enhancements are taken, a unit comes without enhancement variants and the bullets rank them last, saying why', () => {
    const head = HEAD.replace('Strike Force (2000 points)', 'Incursion (1000 points)');
    const taken = `${head}CHARACTERS\n\nMaster of Executions (80 points)\n  • Warlord\n  • 1x Axe of dismemberment\n  • 1x Bolt pistol\n  • Enhancement: Battle-lust\n\nSlaughterbound (135 points)\n  • 1x Lacerator and daemonic claw\n  • Enhancement: Berzerker Glaive\n\n`;
    assert.ok(!at(`${taken}Lord on|`).items.some((i) => / with /.test(i.label)));
    const bullets = at(`${taken}Lord on Juggernaut (95 points)\n  • 1x Gorehound\n  • |`).items;
    const enh = bullets.find((i) => i.label.startsWith('Enhancement: '));
    assert.ok(enh, bullets.map((i) => i.label).join(' | '));
    assert.match(enh.detail!, /the army already has its 2 enhancements/);
    // With room left, the variants are there.
    assert.ok(at(`${HEAD}Lord on|`).items.some((i) => / with /.test(i.label)));
  });
});

describe('completion offers only what is legal (issue 32)', function () {
  this.timeout(60000);

  before(function () {
    worldEaters11(this);
  });

  it('under a model line, the wargear that model\'s data entry may take: the Jakhal Pack Leader not the Dishonoured\'s manglers', () => {
    const unit = (model: string) => at(`${HEAD}OTHER DATASHEETS\n\nJakhals (65 points)\n  • ${model}\n     ◦ |`).items.map((i) => i.label);
    const leader = unit('1x Jakhal Pack Leader');
    assert.deepStrictEqual([...leader].sort(), ['Autopistol', 'Chainblades'], leader.join(' | '));
    const dishonoured = unit('1x Dishonoured');
    assert.deepStrictEqual([...dishonoured].sort(), ['Paired manglers', 'Skullsmasher and mangler'], dishonoured.join(' | '));
    for (const w of ['Mauler chainblade', 'Paired manglers', 'Skullsmasher and mangler']) assert.ok(!leader.includes(w), w);
  });

  it('a unit written after others is priced as its datasheet\'s first copy: the name being typed is no copy before it', () => {
    const { doc, items } = at(`${MASTER}\nKhorne Berzerkers (170 points)\n  • 1x Khorne Berzerker Champion\n     ◦ 1x Bolt pistol\n     ◦ 1x Chainblade\n  • 9x Khorne Berzerker\n     ◦ 9x Bolt pistol\n     ◦ 9x Chainblade\n\nJakh|`);
    const text = accept(doc, items.find((i) => i.label === 'Jakhals')!);
    assert.match(text, /\nJakhals \(65 points\)\n/, text);
    assert.deepStrictEqual(findings(text), [], text);
  });

  it('the unit line never holds a tab stop: while one is chosen it reads the data\'s price ("(9 points)" until Tab was the count\'s)', () => {
    const { items } = at(`${HEAD}Khor|`);
    const snippet = (items.find((i) => i.label === 'Khorne Berzerkers')!.textEdit as TextEdit).newText;
    const lines = snippet.split('\n');
    const head = lines.find((l) => l.startsWith('Khorne Berzerkers'))!;
    assert.strictEqual(head, 'Khorne Berzerkers (170 points)');
    assert.ok(!lines.some((l) => /^ {2}• \$\{/.test(l)), snippet);
  });
});

describe('completion inserts the T\'au units the issue named with their models (BSData 11e + MFM v1.1)', function () {
  this.timeout(60000);

  it('Strike Team with its Fire Warriors, Pathfinder Team with its Pathfinders: no finding on them', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    provider.ensureFaction("T'au Empire", 11);
    service = createLanguageService();
    service.setRules(provider.rulesFor(11), 11);
    const head = "T'au Empire\nKauyon (2 Detachment Points)\nStrike Force (2000 points)\n\n";
    for (const [name, body] of [['Strike Team', /\n {2}• 9x Fire Warriors?\n/], ['Pathfinder Team', /\n {2}• 9x Pathfinders?\n/]] as const) {
      const { doc, items } = at(`${head}${name}|`);
      const text = accept(doc, items.find((i) => i.label === name)!);
      assert.match(text, body, text);
      // (Alone in the list, no unit is a CHARACTER to be the Warlord.)
      assert.deepStrictEqual(findings(text).filter((f) => !f.startsWith('no-warlord')), [], text);
    }
  });
});
