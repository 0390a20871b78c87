// The ten-keystroke goal (issue 14): in an empty file, with the Wahapedia export's Genestealer Cults loaded, a
// Patriarch (Warlord) and ten Neophyte Hybrids with their wargear reach zero findings in at most 30 keystrokes,
// accepting completions. Simulated through the language service: type → complete → apply the item's text edit
// (its snippet expanded as the editor leaves it) → ... Each typed character, each accept, each Tab counts one.
import * as assert from 'assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { expandSnippet, tabsToEnd } from '../support/snippet';
import { requireShared, sharedPath } from '../support/shared';

class Editor {
  text = '';
  cursor = 0;
  keys = 0;
  readonly log: string[] = [];
  private version = 0;
  constructor(private readonly service: LanguageService) {}

  private doc(): TextDocument {
    return TextDocument.create('file:///keystrokes.army', 'army-list', ++this.version, this.text);
  }

  type(s: string): void {
    this.text = this.text.slice(0, this.cursor) + s + this.text.slice(this.cursor);
    this.cursor += s.length;
    this.keys += s.length;
    this.log.push(`type "${s}" (${s.length})`);
  }

  /** Accepts the item labelled `label` (Enter: one key); `chosen` are the snippet choices the user changes, `tabs` the Tabs pressed to reach $0. */
  /** The Tabs from the last accepted snippet's first tab stop to its end. */
  lastTabs = 0;

  accept(label: string, tabs = 0, chosen: Record<number, string> = {}, arrows = 0): void {
    const doc = this.doc();
    const items = this.service.completion(doc, doc.positionAt(this.cursor)).items;
    const item = items.find((i) => i.label === label);
    assert.ok(item, `"${label}" offered at ${JSON.stringify(this.text.slice(Math.max(0, this.cursor - 30), this.cursor))}; got ${items.slice(0, 8).map((i) => i.label).join(' | ')}`);
    assert.strictEqual(items.indexOf(item), arrows, `"${label}" is item ${arrows} (${arrows ? `Down ×${arrows}, ` : ''}Enter accepts it): ${items.slice(0, 6).map((i) => i.label).join(' | ')}`);
    const edit = item.textEdit as TextEdit;
    const start = doc.offsetAt(edit.range.start);
    const end = doc.offsetAt(edit.range.end);
    const inserted = item.insertTextFormat === 2 ? expandSnippet(edit.newText, chosen) : { text: edit.newText, cursor: edit.newText.length };
    this.lastTabs = item.insertTextFormat === 2 ? tabsToEnd(edit.newText) : 0;
    // The item's other edits (an enhancement's cost in the unit's points, a `Leading:` line under its Leader), as
    // the editor applies them with the main one: the cursor moves by what they add before it.
    const others = (item.additionalTextEdits ?? []).map((e) => ({ start: doc.offsetAt(e.range.start), end: doc.offsetAt(e.range.end), text: e.newText }));
    const all = [...others, { start, end, text: inserted.text }].sort((a, b) => b.start - a.start);
    for (const e of all) this.text = this.text.slice(0, e.start) + e.text + this.text.slice(e.end);
    this.cursor = start + inserted.cursor + others.filter((e) => e.start < start).reduce((n, e) => n + e.text.length - (e.end - e.start), 0);
    this.keys += 1 + tabs + arrows;
    this.log.push(`${arrows ? `Down ×${arrows} + ` : ''}accept "${label}" (${1 + arrows})${tabs ? ` + Tab ×${tabs}` : ''}`);
  }

  tab(n: number): void {
    this.keys += n;
    this.log.push(`Tab ×${n}`);
  }

  findings() {
    return this.service.diagnostics(this.doc());
  }
}

describe('writing a list from nothing (the keystroke budget)', function () {
  this.timeout(60000);

  it('a Patriarch (Warlord) and ten Neophyte Hybrids with wargear: zero findings within 30 keystrokes', function () {
    requireShared(this, 'data', 'wahapedia');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    // As the server starts: the embedded seed loaded, the folder's factions known but not loaded.
    const service = createLanguageService();
    service.setLoadableFactions(provider.listedFactions());
    const ed = new Editor(service);

    ed.type('Gen');
    // The faction line brings a detachment placeholder (the seed knows one detachment only) and the battle size
    // (a placeholder: Strike Force); the cursor is on the first placeholder, "Detachment" selected.
    ed.accept('Genestealer Cults', 0, { 1: '' });
    assert.strictEqual(ed.text, 'Genestealer Cults\n\nStrike Force (2000 points)\n\n');
    ed.cursor = 'Genestealer Cults\n'.length;
    // The list now names its faction: the server loads it from the folder.
    provider.ensureFaction('Genestealer Cults', 10);
    service.setRules(provider.rulesFor(10), 10);
    ed.type('Xen');
    ed.accept('Xenocreed Congregation');
    // Tab to the battle size choice, Tab to the snippet's end: the first unit line.
    ed.keys += 2;
    ed.cursor = ed.text.length;
    ed.log.push('Tab, Tab: keep Strike Force, on to the unit line (2)');
    ed.type('Patr');
    // The first CHARACTER comes as the Warlord; Tab leaves the Warlord line and ends on the next unit line.
    ed.accept('Patriarch', 1);
    ed.type('Neo');
    ed.accept('Neophyte Hybrids');

    const findings = ed.findings().filter((d) => d.severity !== 4);
    assert.deepStrictEqual(findings.map((d) => `${d.code} ${d.message}`), [], ed.text);
    assert.strictEqual(
      ed.text,
      [
        'Genestealer Cults',
        'Xenocreed Congregation',
        'Strike Force (2000 points)',
        '',
        'CHARACTERS',
        '',
        'Patriarch (75 points)',
        '  • Warlord',
        "  • 1x Patriarch's claws",
        '',
        'BATTLELINE',
        '',
        'Neophyte Hybrids (65 points)',
        '  • 1x Neophyte Leader',
        '     ◦ 1x Autopistol',
        '     ◦ 1x Hybrid firearm',
        '     ◦ 1x Close combat weapon',
        '  • 9x Neophyte Hybrids',
        '     ◦ 9x Autopistol',
        '     ◦ 9x Hybrid firearm',
        '     ◦ 9x Close combat weapon',
        '',
        '',
      ].join('\n'),
    );
    assert.ok(ed.keys <= 30, `${ed.keys} keystrokes: ${ed.log.join(', ')}`);
    console.log(`      ${ed.keys} keystrokes: ${ed.log.join(', ')}`);
  });
});

describe('writing an 11th-edition list from nothing (the keystroke budget)', function () {
  this.timeout(60000);

  it('World Eaters: a Master of Executions (Warlord, Battle-lust) leading Khorne Berzerkers, and Jakhals: zero findings within 35 keystrokes', function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    const service = createLanguageService();
    service.setLoadableFactions(provider.listedFactions());
    const ed = new Editor(service);

    ed.type('Wor');
    // Not loaded yet: the detachment is a placeholder ("Detachment" selected), the Detachment Points after it.
    ed.accept('World Eaters', 0, { 1: '' });
    assert.strictEqual(ed.text, 'World Eaters\n (1 Detachment Point)\nStrike Force (2000 points)\n\n');
    ed.cursor = 'World Eaters\n'.length;
    provider.ensureFaction('World Eaters', 11);
    service.setRules(provider.rulesFor(11), 11);
    ed.type('Ber');
    // The detachment completed on the placeholder replaces its Detachment Points too.
    ed.accept('Berzerker Warband (3 Detachment Points)');
    assert.strictEqual(ed.text as string, 'World Eaters\nBerzerker Warband (3 Detachment Points)\nStrike Force (2000 points)\n\n');
    ed.keys += 2;
    ed.cursor = ed.text.length;
    ed.log.push('Tab, Tab: keep Strike Force, on to the unit line (2)');
    ed.type('Mas');
    // The unit with an enhancement: right after the unit itself.
    // Tab through its tab stops (the Warlord line) to the next unit line.
    ed.accept('Master of Executions with Battle-lust', 0, {}, 1);
    ed.tab(ed.lastTabs);
    ed.type('Khor');
    // The Bodyguard led by the Leader already in the list: a `Leading:` line goes under the Leader. Tab through its
    // tab stops (the count, each group's weapon choices) to the next unit line.
    ed.accept('Khorne Berzerkers led by Master of Executions', 0, {}, 1);
    ed.tab(ed.lastTabs);
    ed.type('Jak');
    // The last unit: one Tab leaves the count (the editor then computes the price); the weapons stay as offered.
    ed.accept('Jakhals', 1);

    const findings = ed.findings().filter((d) => d.severity !== 4);
    assert.deepStrictEqual(findings.map((d) => `${d.code} ${d.message}`), [], ed.text);
    assert.match(ed.text, /^World Eaters\nBerzerker Warband \(3 Detachment Points\)\nStrike Force \(2000 points\)\n\nCHARACTERS\n\nMaster of Executions \(80 points\)\n {2}• Warlord\n(?: {2}• 1x .*\n)+ {2}• Enhancement: Battle-lust\n {2}• Leading: Khorne Berzerkers\n\nBATTLELINE\n\nKhorne Berzerkers \(170 points\)\n {2}• 1x Khorne Berzerker Champion\n[\s\S]*OTHER DATASHEETS\n\nJakhals \(65 points\)\n {2}• 1x Jakhal Pack Leader\n/);
    assert.ok(ed.keys <= 35, `${ed.keys} keystrokes: ${ed.log.join(', ')}`);
    console.log(`      ${ed.keys} keystrokes: ${ed.log.join(', ')}`);
  });
});
