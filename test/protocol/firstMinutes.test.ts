// Protocol test (issue 24, "the first minutes"): what a new player sees before any rules data is there. An empty
// list is no error; the server tells the client each list's edition and whether data for it is missing (the status
// bar and the one download offer); the output channel says each thing once, at its level.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  DiagnosticSeverity,
  DidChangeTextDocumentNotification,
  LogMessageNotification,
  LogMessageParams,
  MessageType,
  NotificationType,
  RequestType,
  RequestType0,
} from 'vscode-languageserver-protocol/node';
import { startServerProcess } from '../support/lspClient';
import { tinyBsData, zipOf } from '../support/archives';
import { requireShared, sharedPath } from '../support/shared';
import { until } from '../support/until';

interface DocumentStatus {
  uri: string;
  edition: number;
  download?: number;
  checked?: string;
}
const DocumentStatusNotification = new NotificationType<DocumentStatus>('auspex/documentStatus');
const Status = new NotificationType<{ text: string; tooltip: string; editions?: { edition: number; text: string }[] }>('auspex/status');
const Reload = new RequestType0<void, void>('auspex/reloadData');
const Download = new RequestType<{ edition?: string; sources?: string[] }, { outcomes: { status: string; message: string }[] }, void>('auspex/downloadData');

async function start(paths: string[] = [], data: Record<string, unknown> = {}) {
  const server = startServerProcess();
  const logs: LogMessageParams[] = [];
  const lists: DocumentStatus[] = [];
  const statuses: { text: string; tooltip: string; editions?: { edition: number; text: string }[] }[] = [];
  server.connection.onNotification(LogMessageNotification.type, (m) => logs.push(m));
  server.connection.onNotification(DocumentStatusNotification, (d) => lists.push(d));
  server.connection.onNotification(Status, (s) => statuses.push(s));
  // An empty download cache of our own: what this machine has downloaded must not change the answers.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-first-'));
  await server.initialize({ initializationOptions: { data: { paths, ...data }, cacheDir } });
  return { server, logs, lists, statuses, cacheDir };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logText = (logs: LogMessageParams[]) => logs.map((l) => `[${l.type}] ${l.message}`).join('\n');

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

  it('tells the client an 11th-edition list\'s edition and that its data is missing (download 11), again only when that changes', async function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    const { server, lists, statuses, cacheDir } = await start();
    try {
      const uri = 'untitled:we11.army';
      const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt'), 'utf8');
      await server.open(uri, text);
      const first = await until(() => lists.find((l) => l.uri === uri), 'the list\'s status');
      assert.deepStrictEqual(first, { uri, edition: 11, download: 11, checked: 'none' });
      // The status bar's parts: only the 10th edition (the embedded seed) has data, so the client says "no data".
      const last = statuses[statuses.length - 1];
      assert.deepStrictEqual(last.editions?.map((e) => e.edition), [10]);
      assert.match(last.editions![0].text, /^Auspex: 1 datasheet · 10th$/);
      // Keystrokes that change nothing about it send nothing.
      const edited = server.diagnostics(uri);
      await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: `${text}\n` }] });
      await edited;
      await pause(200);
      assert.strictEqual(lists.filter((l) => l.uri === uri).length, 1);
      // A new empty list: the current (11th) edition's, whose data is missing too (issue 32).
      await server.open('untitled:empty.army', '');
      assert.deepStrictEqual(await until(() => lists.find((l) => l.uri === 'untitled:empty.army'), 'the empty list\'s status'), { uri: 'untitled:empty.army', edition: 11, download: 11, checked: 'none', empty: true });
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('once an edition\'s data is downloaded, a faction it lacks offers no second download', async () => {
    const { server, lists, cacheDir } = await start();
    try {
      const uri = 'untitled:orks10.army';
      const text = 'Orks\nWar Horde\nStrike Force (2000 points)\n\nCHARACTERS\n\nWarboss (65 points)\n  • Warlord\n';
      await server.open(uri, text);
      assert.deepStrictEqual(await until(() => lists.find((l) => l.uri === uri), 'the list\'s status'), { uri, edition: 10, download: 10, checked: 'none' });
      // A self-made archive, downloaded from a local path: 10th-edition data without Orks.
      const archive = path.join(cacheDir, 'tiny-10e.zip');
      fs.writeFileSync(archive, zipOf(tinyBsData('wh40k-10e-main')));
      const result = await server.connection.sendRequest(Download, { edition: '10', sources: [archive] });
      assert.deepStrictEqual(result.outcomes.map((o) => o.status), ['fetched'], JSON.stringify(result));
      assert.deepStrictEqual(await until(() => lists.filter((l) => l.uri === uri)[1], 'the list\'s status after the download'), { uri, edition: 10 });
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('with the 11th-edition data the list needs nothing, and the status names that edition\'s data alone', async function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const { server, lists, statuses, cacheDir } = await start([sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')]);
    try {
      const uri = 'untitled:we11.army';
      await server.open(uri, fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt'), 'utf8'));
      assert.deepStrictEqual(await until(() => lists.find((l) => l.uri === uri), 'the list\'s status'), { uri, edition: 11 });
      const eleventh = await until(() => statuses.map((s) => s.editions?.find((e) => e.edition === 11)).filter((e) => e && /\d\d+ datasheets/.test(e.text)).pop(), 'an 11th-edition part with datasheets');
      assert.match(eleventh.text, /^Auspex: \d\d+ datasheets · 11th MFM v1\.1$/);
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('the first minutes: the output channel says each thing once, at its level', function () {
  this.timeout(60000);

  it('a faction being typed is said to be missing once the typing pauses, not at every keystroke ("W", "Wo", "Wor")', async () => {
    const { server, logs, cacheDir } = await start();
    try {
      const uri = 'untitled:typed.army';
      await server.open(uri, '');
      const body = '\nStrike Force (2000 points)\n\nCHARACTERS\n\nLord Invocatus (140 points)\n';
      let version = 2;
      for (const typed of ['W', 'Wo', 'Wor', 'Worl', 'World', 'World E', 'World Eaters']) {
        await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: version++ }, contentChanges: [{ text: `${typed}${body}` }] });
        // Slower than the checks' debounce: each keystroke is checked.
        await pause(250);
      }
      const missing = () => logs.filter((l) => /is not available/.test(l.message));
      assert.deepStrictEqual(missing(), [], `nothing while typing:\n${logText(logs)}`);
      const said = await until(() => missing()[0], () => `the missing faction once the typing paused:\n${logText(logs)}`, 5000);
      assert.match(said.message, /faction "World Eaters" of untitled:typed\.army is not available/);
      assert.strictEqual(said.type, MessageType.Warning);
      await pause(500);
      assert.strictEqual(missing().length, 1, logText(logs));
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('the data\'s warnings and status lines once, not again on a reload; an unusable folder and a failed download at Warning level', async function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const { server, logs, cacheDir } = await start([sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1'), '/no/such/auspex-first-folder']);
    try {
      const folders = await until(() => logs.find((l) => /^auspex data: folders /.test(l.message)), 'the folders line');
      assert.match(folders.message, /not usable/);
      assert.strictEqual(folders.type, MessageType.Warning);
      await server.open('untitled:we11.army', fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt'), 'utf8'));
      await until(() => logs.find((l) => /^auspex data: Factions loaded: .*World Eaters \(\d+\)/.test(l.message)), () => logText(logs));
      // A second faction read from the same folders: its source is still named once.
      await server.open('untitled:orks11.army', fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'));
      await until(() => logs.find((l) => /^auspex data: Factions loaded: .*Orks \(\d+\)/.test(l.message)), () => logText(logs));
      await pause(300);
      const count = (re: RegExp) => logs.filter((l) => re.test(l.message)).length;
      const before = { warnings: count(/^auspex rules data: /), rulesData: count(/^auspex data: Rules data: /) };
      // Each "Rules data:" line names each source once.
      for (const l of logs.filter((x) => /^auspex data: Rules data: /.test(x.message))) {
        const parts = l.message.replace(/^auspex data: Rules data: /, '').split(', ');
        assert.strictEqual(new Set(parts).size, parts.length, l.message);
      }
      // No warning line repeats, and none is logged at Info level.
      const warned = logs.filter((l) => /^auspex rules data: /.test(l.message));
      assert.strictEqual(new Set(warned.map((l) => l.message)).size, warned.length, logText(logs));
      assert.ok(warned.every((l) => l.type === MessageType.Warning), logText(logs));
      await server.connection.sendRequest(Reload);
      await until(() => logs.find((l) => /reloading the rules data/.test(l.message)), 'the reload logged');
      await pause(1000);
      assert.deepStrictEqual({ warnings: count(/^auspex rules data: /), rulesData: count(/^auspex data: Rules data: /) }, before, logText(logs));
      // A download that fails is a warning, not a note.
      const result = await server.connection.sendRequest(Download, { edition: '11', sources: [path.join(cacheDir, 'no-such-archive.zip')] });
      assert.deepStrictEqual(result.outcomes.map((o) => o.status), ['failed']);
      const failed = await until(() => logs.find((l) => /^auspex data fetch: /.test(l.message)), 'the fetch logged');
      assert.strictEqual(failed.type, MessageType.Warning, failed.message);
    } finally {
      await server.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
