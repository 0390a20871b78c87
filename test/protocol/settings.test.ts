// Protocol test: settings pulled from the client per document (resource scope)
// and re-read when the configuration changes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeLensRequest,
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  RegistrationRequest,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

describe('language server settings per resource', function () {
  this.timeout(30000);
  let server: ServerHandle;
  /** What the "client" answers for each scope: the folder `special/` has its own damage target. */
  let specialTarget = { name: 'Special T6 4+ W3 ×3', models: 3, T: 6, Sv: 4, W: 3 };
  const asked: (string | undefined)[] = [];
  const text = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const special = 'file:///ws/special/list.army';
  const plain = 'file:///ws/plain/list.army';

  before(async () => {
    server = startServerProcess();
    server.connection.onRequest(RegistrationRequest.type, () => undefined);
    server.connection.onRequest(ConfigurationRequest.type, (p) =>
      p.items.map((item) => {
        asked.push(item.scopeUri);
        return item.scopeUri?.includes('/special/') ? { damage: { targets: [specialTarget] } } : {};
      }),
    );
    await server.initialize({ capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } } });
    for (const uri of [special, plain]) {
      await server.open(uri, text);
    }
  });

  after(async () => {
    if (server) await server.stop();
  });

  async function lensTitles(uri: string, want: RegExp): Promise<string[]> {
    const t0 = Date.now();
    for (;;) {
      const lenses = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
      const titles = lenses.map((l) => l.command?.title ?? '');
      if (titles.some((t) => want.test(t)) || Date.now() - t0 > 10000) return titles;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('asks the client for each document\'s own settings', async () => {
    // The server asks after opening, without holding up the first diagnostics.
    const t0 = Date.now();
    while (!(asked.includes(special) && asked.includes(plain)) && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
    assert.ok(asked.includes(special) && asked.includes(plain), JSON.stringify(asked));
  });

  it('computes lenses against the targets configured for that document only', async () => {
    const s = await lensTitles(special, /Special T6/);
    assert.strictEqual(s.filter((t) => /^⚔ [\d.]+ dmg, [\d.]+ slain — (Shooting|Fight) vs Special T6 4\+ W3 ×3/.test(t)).length, 1, s.join('\n'));
    assert.ok(!s.some((t) => /T4 3\+ W2 ×5/.test(t)), 'the default targets are replaced there');
    const p = await lensTitles(plain, /T4 3\+ W2 ×5/);
    assert.ok(p.some((t) => /T4 3\+ W2 ×5/.test(t)) && !p.some((t) => /Special/.test(t)), p.join('\n'));
  });

  it('re-reads the settings when the configuration changes', async () => {
    specialTarget = { name: 'Changed T8 2+ W10 ×1', models: 1, T: 8, Sv: 2, W: 10 };
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const s = await lensTitles(special, /Changed T8/);
    assert.ok(s.some((t) => /vs Changed T8 2\+ W10 ×1/.test(t)), s.join('\n'));
  });
});
