// The same extension in desktop VS Code through @vscode/test-electron. Desktop
// VS Code cannot be downloaded in this project's CI, so this suite runs only
// where one is given: AUSPEX_VSCODE_EXECUTABLE=/path/to/code. Otherwise it says
// so and skips; the code-server suite covers the real UI here.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { repoRoot } from '../support/shared';

describe('e2e: desktop VS Code (@vscode/test-electron)', function () {
  this.timeout(300_000);

  it('runs the extension-host suite in the given VS Code', async function () {
    const executable = process.env.AUSPEX_VSCODE_EXECUTABLE;
    if (!executable) {
      console.log('      (skipped: AUSPEX_VSCODE_EXECUTABLE is not set; set it to a desktop VS Code executable to run this suite)');
      this.skip();
    }
    assert.ok(fs.existsSync(executable!), `AUSPEX_VSCODE_EXECUTABLE does not exist: ${executable}`);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-electron-'));
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(workspace);
    for (const f of ['claw-of-ascension.army', 'mistakes.army']) {
      fs.copyFileSync(path.join(repoRoot, 'examples', f), path.join(workspace, f));
    }
    try {
      const code = await runTests({
        vscodeExecutablePath: executable,
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: path.join(repoRoot, 'out', 'test', 'e2e', 'electron', 'index.js'),
        launchArgs: [
          workspace,
          '--disable-extensions',
          '--disable-workspace-trust',
          '--skip-welcome',
          '--skip-release-notes',
          `--user-data-dir=${path.join(root, 'user-data')}`,
          `--extensions-dir=${path.join(root, 'extensions')}`,
        ],
        extensionTestsEnv: { AUSPEX_E2E_WORKSPACE: workspace },
      });
      assert.strictEqual(code, 0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
