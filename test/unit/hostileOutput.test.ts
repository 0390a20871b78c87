// What a page or the terminal shows of hostile data (issue 25): the `auspex:/datasheet/*.md`
// pages escape ability names and texts, loadouts and wargear options as the hovers do, and the
// CLI's output cleaning stops the bidirectional controls (U+202E) as it stops escape sequences.
import * as assert from 'assert';
import { RulesIndex } from '../../server/src/service/domain/rules/index';
import { virtualDocument, datasheetUri } from '../../server/src/service/features/virtualDocs';
import { forTerminal } from '../../server/src/cli/io';
import { testRules } from './validate-helpers';

describe('hostile text shown (issue 25)', () => {
  it('a datasheet page writes no raw HTML, image, link or command: URI from the data', () => {
    const data = testRules();
    const sheet = data.datasheets.find((d) => d.name === 'Atalan Jackals')!;
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>[run](command:workbench.action.terminal.new) ![x](https://evil.example/p.png)';
    sheet.abilities = [{ name: `Evil ${evil}`, kind: 'datasheet', text: `Text ${evil}` } as (typeof sheet.abilities)[number]];
    sheet.defaultLoadout = `Loadout ${evil}`;
    sheet.wargearOptions = [`Option ${evil}`];
    const page = virtualDocument(datasheetUri(sheet.id, 10), () => new RulesIndex(data))!;
    assert.ok(page.includes('Loadout') && page.includes('Option') && page.includes('Evil'), page);
    assert.doesNotMatch(page, /(?<!\\)<(?:script|img)|(?<!\\)\]\((?:command|https):|(?<!\\)!\[x/, "no unescaped markup");
    assert.ok(page.includes('\\<script\\>'), 'shown as text');
  });

  it('the CLI replaces the bidirectional controls and separators, keeping ordinary text', () => {
    assert.strictEqual(forTerminal('Unit \u202Eexe.txt\u202C'), 'Unit \ufffdexe.txt\ufffd');
    assert.strictEqual(forTerminal('a\u2066b\u2069c\u200Fd\u061Ce\u2028f'), 'a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf');
    assert.strictEqual(forTerminal('T’au Empire — Kroot (100 pts)\n'), 'T’au Empire — Kroot (100 pts)\n');
  });
});
