// Entry point @vscode/test-electron loads inside the extension host: runs the
// *.vscode.js suites beside it with mocha.
import * as path from 'path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  mocha.addFile(path.join(__dirname, 'extension.vscode.js'));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} extension-host test(s) failed`)) : resolve()));
  });
}
