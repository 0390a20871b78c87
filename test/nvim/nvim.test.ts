// The standalone server in another editor: Debian's Neovim (0.7, built-in LSP
// client) runs headless with the configuration the README gives
// (test/nvim/auspex.lua) and test/nvim/probe.lua reports what the client saw.
import * as assert from 'assert';
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../support/shared';

const CONFIG = path.join(repoRoot, 'test', 'nvim', 'auspex.lua');
const PROBE = path.join(repoRoot, 'test', 'nvim', 'probe.lua');

interface Seen {
  filetype?: string;
  diagnostics_arrived?: boolean;
  diagnostics?: { lnum: number; col: number; severity: number; message: string; source?: string }[];
  clients?: string[];
  hover_unit?: string;
  claw_published?: number;
  hover_weapon?: string;
  error?: string;
}

function nvimPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v nvim'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

describe('nvim: the server in Neovim\'s built-in LSP client', function () {
  this.timeout(90_000);
  let seen: Seen;

  before(async function () {
    const nvim = nvimPath();
    if (!nvim) {
      console.log('      (skipped: `nvim` is not on PATH; apt-get install neovim to run the Neovim test)');
      this.skip();
    }
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-nvim-'));
    const outFile = path.join(home, 'seen.json');
    // The examples are copied so nothing in the repository is touched.
    const work = path.join(home, 'lists');
    fs.mkdirSync(work);
    for (const f of ['mistakes.army', 'claw-of-ascension.army']) fs.copyFileSync(path.join(repoRoot, 'examples', f), path.join(work, f));
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_STATE_HOME: path.join(home, 'state'),
      XDG_CACHE_HOME: path.join(home, 'cache'),
      AUSPEX_NVIM_OUT: outFile,
      AUSPEX_NVIM_CLAW: path.join(work, 'claw-of-ascension.army'),
    };
    const server = path.join(repoRoot, 'dist', 'server.js');
    const args = ['--headless', '-n', '-i', 'NONE', '--cmd', `let g:auspex_server = '${server}'`, '-u', CONFIG, '-c', `luafile ${PROBE}`, path.join(work, 'mistakes.army')];
    const child = spawn(nvim!, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
      child.on('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    try {
      assert.ok(fs.existsSync(outFile), `nvim (exit ${code}) wrote no result: ${output}`);
      seen = JSON.parse(fs.readFileSync(outFile, 'utf8'));
      assert.strictEqual(seen.error, undefined, `the probe failed inside nvim: ${seen.error}`);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('attaches the auspex client to .army files', function () {
    assert.strictEqual(seen.filetype, 'armylist');
    assert.deepStrictEqual(seen.clients, ['auspex']);
  });

  it('shows the mistakes example\'s errors', function () {
    assert.ok(seen.diagnostics_arrived, `diagnostics: ${JSON.stringify(seen.diagnostics)}`);
    // Errors only (severity 1): notes of other severities may come and go.
    const d = seen.diagnostics!.filter((x) => x.severity === 1).sort((a, b) => a.lnum - b.lnum);
    assert.deepStrictEqual(
      d.map((x) => [x.lnum + 1, x.severity]),
      [[9, 1], [16, 1], [22, 1]],
    );
    assert.match(d[0].message, /Unknown datasheet "Atalan Jackels"\. Did you mean "Atalan Jackals"\?/);
    assert.match(d[1].message, /Unknown datasheet "Acolyte Hybrids"\./);
    assert.match(d[2].message, /Unrecognised line in a unit/);
  });

  it('publishes no diagnostics for the valid example', function () {
    assert.strictEqual(seen.claw_published, 0);
  });

  it('hovers a unit with its datasheet', function () {
    assert.match(seen.hover_unit ?? '', /### Atalan Jackals/);
    assert.match(seen.hover_unit ?? '', /Atalan Wolfquad/);
  });

  it('hovers a weapon with its profile', function () {
    assert.match(seen.hover_weapon ?? '', /### Mining laser/);
    assert.match(seen.hover_weapon ?? '', /D6\+1/);
  });

  it('uses the configuration the README gives, verbatim', function () {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const config = fs.readFileSync(CONFIG, 'utf8').trim();
    assert.ok(readme.includes(config), 'README.md\'s Neovim snippet differs from test/nvim/auspex.lua');
  });
});
