// Runs a real VS Code for the e2e suite: code-server (VS Code 1.100 served to a
// browser), with its config, user data, extensions and workspace in a fresh
// temporary folder per run, bound to 127.0.0.1 only.
import { ChildProcess, execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { repoRoot } from '../../support/shared';

const execFileP = promisify(execFile);

export const CODE_SERVER_VERSION = process.env.AUSPEX_CODE_SERVER_VERSION || '4.100.3';

/** The code-server entry point: $AUSPEX_CODE_SERVER, else the cache scripts/e2e/install-code-server.sh fills. */
export function findCodeServer(): string | undefined {
  const fromEnv = process.env.AUSPEX_CODE_SERVER;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  const cache = process.env.AUSPEX_E2E_CACHE || path.join(os.homedir(), '.cache', 'auspex-e2e');
  const dir = path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
  const entry = path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  return fs.existsSync(path.join(dir, '.complete')) && fs.existsSync(entry) ? entry : undefined;
}

export function vsixPath(): string {
  return path.join(repoRoot, 'auspex.vsix');
}

/** A port the kernel just gave us on 127.0.0.1 (closed again before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface CodeServer {
  url: string;
  workspace: string;
  root: string;
  log: () => string;
  stop(): Promise<void>;
}

/** User settings that keep first-run noise (welcome page, tips, trust prompt, update checks) out of the way. */
const SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'editor.hover.delay': 150,
  'editor.minimap.enabled': false,
  'editor.codeLens': true,
  'window.restoreWindows': 'none',
  'files.autoSave': 'off',
  'workbench.colorTheme': 'Default Dark Modern',
};

/**
 * Installs `vsix` into a fresh extensions folder and starts code-server on a
 * free 127.0.0.1 port with `files` copied into a fresh workspace folder.
 */
export async function startCodeServer(entry: string, vsix: string, files: string[], settings: Record<string, unknown> = {}): Promise<CodeServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-e2e-'));
  const dirs = {
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    xdgConfig: path.join(root, 'xdg-config'),
    xdgData: path.join(root, 'xdg-data'),
    workspace: path.join(root, 'workspace'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
  for (const f of files) fs.copyFileSync(f, path.join(dirs.workspace, path.basename(f)));

  const port = await freePort();
  const config = path.join(dirs.xdgConfig, 'config.yaml');
  fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  // Nothing of code-server's state outside `root`.
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    PASSWORD: '',
    VSCODE_PROXY_URI: '',
  };
  const common = ['--config', config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];

  const installed = await execFileP(process.execPath, [entry, ...common, '--install-extension', vsix], {
    env,
    timeout: 120_000,
  });
  const listed = await execFileP(process.execPath, [entry, ...common, '--list-extensions', '--show-versions'], {
    env,
    timeout: 60_000,
  });
  if (!/auspex\.auspex@/.test(listed.stdout)) {
    throw new Error(`the .vsix did not install:\n${installed.stdout}${installed.stderr}\n--list-extensions: ${listed.stdout}`);
  }

  const args = [
    entry,
    ...common,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    dirs.workspace,
  ];
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child, 60_000);
  } catch (e) {
    child.kill('SIGTERM');
    throw new Error(`${(e as Error).message}\ncode-server log:\n${log}`);
  }
  return {
    url,
    workspace: dirs.workspace,
    root,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!process.env.AUSPEX_E2E_KEEP) fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Polls /healthz until code-server answers; fails early if it exits. */
async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode} before answering`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(`${url}/healthz`, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.setTimeout(2000, () => req.destroy());
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms`);
    // Poll interval, not a wait for the UI: the server is not up yet.
    await new Promise((r) => setTimeout(r, 200));
  }
}
