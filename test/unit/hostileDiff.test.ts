// `auspex diff` with a file one version skips (issue 25): every loader warning is
// printed, and the skipped faction is not compared (its items were all "removed").
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { diffCommand } from '../../server/src/cli/diff';
import type { CliIO } from '../../server/src/cli/io';

const faction = (name: string, units: string[]) =>
  `name: ${name}\nslug: ${name.toLowerCase().replace(/ /g, '-')}\nunits:\n${units.map((u) => `  - name: ${u}\n    pricing:\n      - range: "[1,)"\n        costs: [{ models: 5, points: 100 }]\n`).join('')}`;

describe('auspex diff with a skipped file (issue 25)', () => {
  it('prints every warning, and never reports a skipped file\'s content as removed', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-diff-'));
    try {
      const a = path.join(root, 'a');
      const b = path.join(root, 'b');
      fs.mkdirSync(a);
      fs.mkdirSync(b);
      fs.writeFileSync(path.join(a, 'meta.yaml'), 'version: "1.0"\n');
      fs.writeFileSync(path.join(b, 'meta.yaml'), 'version: "1.1"\n');
      fs.writeFileSync(path.join(a, 'host-one.yaml'), faction('Host One', ['Alpha', 'Beta']));
      fs.writeFileSync(path.join(b, 'host-one.yaml'), faction('Host One', ['Alpha', 'Beta', 'Gamma']));
      fs.writeFileSync(path.join(a, 'host-two.yaml'), faction('Host Two', ['Delta', 'Epsilon']));
      // Version b's file of Host Two is skipped (beyond the size bound), with a warning.
      fs.writeFileSync(path.join(b, 'host-two.yaml'), faction('Host Two', ['Delta', 'Epsilon']) + `# ${'x'.repeat(1024 * 1024)}\n`);
      let out = '';
      let err = '';
      const io: CliIO = { out: (t) => (out += t), err: (t) => (err += t), readFile: () => '', readStdin: () => '' };
      const code = diffCommand(a, b, undefined, false, io);
      assert.match(err, /host-two\.yaml: \d+ characters, more than the 1048576 .*file skipped/);
      assert.match(err, /Host Two is not compared: it could not be loaded from .*b \(see the warnings above\)/);
      assert.match(out, /Host One \(1 change\)/);
      assert.doesNotMatch(out, /Host Two|Delta|Epsilon/);
      assert.strictEqual(code, 1, 'Host One changed');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
