// Protocol test (issue 14, "nothing silent"): the server's log messages (VS Code's output channel)
// say which folders and cached sources were read, which factions loaded and how long it took,
// and why a list's faction is not available.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LogMessageNotification, LogMessageParams, MessageType } from 'vscode-languageserver-protocol/node';
import { requireShared, sharedPath } from '../support/shared';
import { startServerProcess } from '../support/lspClient';
import { until } from '../support/until';
import { writeTinyWahapedia } from '../support/tinyWahapedia';

async function start(paths: string[]) {
  const server = startServerProcess();
  const logs: LogMessageParams[] = [];
  server.connection.onNotification(LogMessageNotification.type, (m) => logs.push(m));
  // An empty download cache of our own: what this machine has downloaded must not change the answers.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-log-'));
  await server.initialize({ initializationOptions: { data: { paths }, cacheDir } });
  return { server, logs, cacheDir };
}

const logged = (logs: LogMessageParams[], re: RegExp) =>
  until(() => logs.find((l) => re.test(l.message)), () => `a log message matching ${re}; logged:\n${logs.map((l) => l.message).join('\n')}`, 15000);

describe('the output channel: what the rules data did', function () {
  this.timeout(30000);

  it('logs the folders and cache read, the factions loaded for an opened list, and how long it took', async function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const folder = sharedPath('data', 'bsdata');
    const { server, logs, cacheDir } = await start([folder]);
    try {
      const folders = await logged(logs, /^auspex data: folders /);
      assert.ok(folders.message.includes(`"${folder}" (BattleScribe data, 10th edition)`), folders.message);
      assert.ok(folders.message.includes(`download cache "${cacheDir}"`), folders.message);
      assert.match(folders.message, /read in \d+ ms$/);
      assert.strictEqual(folders.type, MessageType.Info);
      await server.open('untitled:gsc.army', fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8'));
      await logged(logs, /^auspex data: loaded for untitled:gsc\.army \(10th edition\) in \d+ ms$/);
      await logged(logs, /^auspex data: Factions loaded: .*Genestealer Cults \(\d\d+\)/);
      await logged(logs, /^auspex data: Folders: .*bsdata/);
      assert.ok(!logs.some((l) => /is not available/.test(l.message)), 'the faction is there: no "not available" message');
    } finally {
      await server.stop();
    }
  });

  it('says which folder is not usable and why, and when a watched folder changed and was reloaded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-log-watch-'));
    writeTinyWahapedia(dir);
    const { server, logs } = await start([dir, '/no/such/auspex-folder']);
    try {
      const folders = await logged(logs, /^auspex data: folders /);
      assert.ok(folders.message.includes(`"${fs.realpathSync(dir)}" (Wahapedia export, 10th edition)`), folders.message);
      assert.match(folders.message, /"\/no\/such\/auspex-folder" \(not usable: Rules data folder \/no\/such\/auspex-folder does not exist or cannot be read\)/);
      await server.open('untitled:we.army', 'World Eaters\nBerzerker Warband\nStrike Force (2000 points)\n\nBATTLELINE\n\nKhorne Berzerkers (180 points)\n');
      await logged(logs, /^auspex data: Factions loaded: .*World Eaters \(\d+\)/);
      fs.utimesSync(path.join(dir, 'Datasheets.csv'), new Date(), new Date());
      fs.appendFileSync(path.join(dir, 'Datasheets.csv'), '');
      await logged(logs, /changed on disk: reloading the rules data$/);
      // The open list's faction is read again from the reloaded folder, and said so a second time.
      const loads = () => logs.filter((l) => /^auspex data: loaded for untitled:we\.army \(10th edition\) in \d+ ms$/.test(l.message)).length;
      await until(() => (loads() >= 2 ? true : undefined), () => `a second load logged:\n${logs.map((l) => l.message).join('\n')}`);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says why a list\'s faction is not available, once per list and faction', async () => {
    const { server, logs } = await start([]);
    try {
      await logged(logs, /^auspex data: folders none \(auspex\.data\.paths is empty\)/);
      const text = 'Orks\nWar Horde\nStrike Force (2000 points)\n\nCHARACTERS\n\nWarboss (65 points)\n  • Warlord\n';
      await server.open('untitled:orks.army', text);
      const why = await logged(logs, /faction "Orks" of untitled:orks\.army is not available/);
      assert.strictEqual(why.type, MessageType.Warning);
      assert.match(why.message, /no 10th-edition rules data is configured or downloaded \(only the embedded seed is loaded\)/);
      assert.match(why.message, /the loaded data has Genestealer Cults/);
      assert.match(why.message, /auspex\.data\.paths|Download Rules Data/);
      // Edits of the same list do not repeat it.
      await server.open('untitled:orks.army', `${text}\n`, 2);
      await new Promise((r) => setTimeout(r, 300));
      assert.strictEqual(logs.filter((l) => /is not available/.test(l.message)).length, 1);
    } finally {
      await server.stop();
    }
  });
});
