// Protocol test (issue 24, "the first minutes"): what a new player sees before any rules data is there. An empty
// list is no error; the server tells the client each list's edition and whether data for it is missing (the status
// bar and the one download offer); the output channel says each thing once, at its level.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DiagnosticSeverity, LogMessageNotification, LogMessageParams } from 'vscode-languageserver-protocol/node';
import { startServerProcess } from '../support/lspClient';

async function start(paths: string[] = []) {
  const server = startServerProcess();
  const logs: LogMessageParams[] = [];
  server.connection.onNotification(LogMessageNotification.type, (m) => logs.push(m));
  // An empty download cache of our own: what this machine has downloaded must not change the answers.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-first-'));
  await server.initialize({ initializationOptions: { data: { paths }, cacheDir } });
  return { server, logs, cacheDir };
}

describe('the first minutes: a new player without rules data', function () {
  this.timeout(30000);

  it('a new empty list shows no error: at most the empty-document hint', async () => {
    const { server, cacheDir } = await start();
    try {
      for (const [i, text] of ['', '\n\n  \n'].entries()) {
        const published = await server.open(`untitled:new-${i}.army`, text);
        assert.deepStrictEqual(published.diagnostics.map((d) => [d.code, d.severity]), [['empty-document', DiagnosticSeverity.Hint]]);
      }
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
