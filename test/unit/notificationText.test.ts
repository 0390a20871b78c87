// Text from a list, the rules data or a setting in a notification, a quick pick or the status bar (issue 34): a
// crafted name `[label](command:…)` became a live link in convert's "not held" warning. The link syntax VS Code
// renders in a notification is read here independently, from its documentation: `[label](target)` with an http(s),
// command or file target (no escape exists); icons `$(name)` in pick labels and the status bar, `\$(` escaping one.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { noIcons, noLinks } from '../../server/src/service/features/render/escape';
import { repoRoot } from '../support/shared';

const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const ICON = /(?<!\\)\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/gi;

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x80000000);
}

describe('text for notifications, quick picks and the status bar (issue 34)', () => {
  it('noLinks: a crafted name is no link, and reads as written', () => {
    const name = '[Open settings](command:workbench.action.openSettings?%5B%22auspex%22%5D)';
    assert.ok(LINK.test(name));
    LINK.lastIndex = 0;
    const safe = noLinks(`Not held by nr-gw: ${name}; 2 comment lines`);
    assert.strictEqual(safe.match(LINK), null);
    assert.strictEqual(safe.replace(/\u200b/g, ''), `Not held by nr-gw: ${name}; 2 comment lines`);
  });

  it('noLinks and noIcons over 5,000 random texts of brackets, parentheses, targets and icons', () => {
    const rnd = rng(34);
    const parts = ['[', ']', '(', ')', 'label', 'command:x.y', 'https://a.b/c', 'file:///etc/passwd', ' ', '"t"', '$(', 'zap', '\\', ']('];
    for (let i = 0; i < 5000; i++) {
      const s = Array.from({ length: Math.floor(rnd() * 16) }, () => parts[Math.floor(rnd() * parts.length)]).join('');
      const safe = noLinks(s);
      assert.strictEqual(safe.match(LINK), null, JSON.stringify(s));
      assert.strictEqual(safe.replace(/\u200b/g, ''), s.replace(/\u200b/g, ''));
      assert.strictEqual(noIcons(s).match(ICON), null, JSON.stringify(s));
    }
  });

  it('the client passes list, data and setting text through them in every notification that interpolates', () => {
    for (const file of ['extension.ts', 'convertCommands.ts', 'rosterImport.ts']) {
      const src = fs.readFileSync(path.join(repoRoot, 'client', 'src', file), 'utf8');
      for (const m of src.matchAll(/window\.show(?:Information|Warning|Error)Message\(([^;]*)\);/g)) {
        // Each interpolation is wrapped, or names only the client's own words (a format picked, counts).
        for (const [, expr] of m[1].matchAll(/\$\{([^}]*)\}/g)) {
          assert.ok(/noLinks\(/.test(expr) || /^(dropped|[\w.]+\.length)$/.test(expr.trim()), `${file}: \${${expr}} in ${m[0].slice(0, 120)}`);
        }
      }
    }
  });
});
