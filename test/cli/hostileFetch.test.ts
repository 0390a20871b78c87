// `auspex data fetch` interrupted (issue 25): Ctrl-C (SIGINT) while a local server on 127.0.0.1
// drips its body cancels the fetch, removes its temporary file and exits within seconds.
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { repoRoot } from '../support/shared';

describe('auspex data fetch interrupted (issue 25)', function () {
  this.timeout(30000);

  it('SIGINT cancels the download, leaves no temporary file nor folder, exits 1 with the reason', async () => {
    const server = http.createServer((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.write(Buffer.alloc(1024));
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('P')), 100);
      res.on('close', () => clearInterval(t));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data.zip`;
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-sigint-'));
    try {
      const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'data', 'fetch', '--edition', '10', '--from', url, '--cache', cache], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      // Wait for the temporary file to exist, then interrupt.
      const t0 = Date.now();
      const temp = () => fs.existsSync(path.join(cache, 'e10')) && fs.readdirSync(path.join(cache, 'e10')).some((d) => fs.readdirSync(path.join(cache, 'e10', d)).some((n) => n.startsWith('.download-')));
      while (!temp() && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 50));
      assert.ok(temp(), 'the download started');
      const t1 = Date.now();
      child.kill('SIGINT');
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      assert.ok(Date.now() - t1 < 5000);
      assert.strictEqual(code, 1);
      assert.match(err, /the fetch was cancelled; the cache is as it was/);
      assert.ok(!fs.existsSync(path.join(cache, 'e10')) || fs.readdirSync(path.join(cache, 'e10')).length === 0, 'nothing left in the cache');
    } finally {
      server.closeAllConnections();
      server.close();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
