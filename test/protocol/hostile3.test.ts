// The protocol under the third round of hostile input (issue 34), over stdio: a 5,000-deep JSON message before
// `initialize` (it killed the server) and junk without a header end (the server never answered again); cancelled
// requests that still ran (30 cancelled conversions made a hover wait, 300 cancelled matchups too, and grew the
// server); a running request stopped at its next checkpoint through a cancellation file; completion in a list of
// 10,000 unattached Leaders and on a model with 50,000 default wargear entries; a Wahapedia export with 40,000 bad
// rows (its first diagnostics never came). Every hostile input is made here; nothing large is committed.
import * as assert from 'assert';
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  CancellationReceiverStrategy,
  CancellationTokenSource,
  CodeLensRequest,
  CompletionRequest,
  DidChangeConfigurationNotification,
  HoverRequest,
  LSPErrorCodes,
  RequestType,
} from 'vscode-languageserver-protocol/node';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import { cancellationArg, fileCancellationSender } from '../../server/src/node/cancellationFiles';
import { HOSTILE_GST, hostileCatalogue, weaponEntry } from '../support/hostileData';

const Convert = new RequestType<{ uri: string; format: string }, unknown, void>('auspex/convert');
const Matchup = new RequestType<{ uri: string; conditions?: Record<string, boolean> }, unknown, void>('auspex/matchup');

/** The server process's resident memory now, in MB (Linux). */
function residentMb(p: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${p.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function hoverMs(server: ServerHandle, uri: string, line = 0, character = 2): Promise<number> {
  const t0 = Date.now();
  await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
  return Date.now() - t0;
}

/** Sends `n` requests and cancels each at once (as an editor does when the user moves on); the answers, settled. */
async function cancelled<P>(server: ServerHandle, type: RequestType<P, unknown, void>, params: (i: number) => P, n: number) {
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const cts = new CancellationTokenSource();
    pending.push(server.connection.sendRequest(type, params(i), cts.token).then((v) => v, (e: unknown) => e));
    cts.cancel();
  }
  return pending;
}

const isCancelled = (a: unknown) => (a as { code?: unknown } | null)?.code === LSPErrorCodes.RequestCancelled;

describe('hostile protocol messages, third round (issue 34)', function () {
  this.timeout(180_000);
  let tmp: string;
  before(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-hostile3-'))));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  describe('the transport', () => {
    /** The server spawned bare, written to raw; resolves with what it wrote once `initialize` (id 1) is answered. */
    function rawSession(first: string): Promise<{ answered: boolean; exit: number | null; stdout: string; stderr: string }> {
      const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d) => (stdout += d));
      child.stderr!.on('data', (d) => (stderr += d));
      child.stdin!.write(first);
      const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
      setTimeout(() => child.stdin!.write(`Content-Length: ${Buffer.byteLength(init)}\r\n\r\n${init}`), 300);
      return new Promise((resolve) => {
        const t0 = Date.now();
        const timer = setInterval(() => {
          const answered = /"id":1,"result":\{"capabilities"/.test(stdout);
          if (answered || child.exitCode !== null || Date.now() - t0 > 15_000) {
            clearInterval(timer);
            const exit = child.exitCode;
            child.kill();
            resolve({ answered, exit, stdout, stderr });
          }
        }, 50);
      });
    }
    const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

    for (const [what, body] of [
      ['a 5,000-deep array', '['.repeat(5000) + ']'.repeat(5000)],
      ['a 5,000-deep object', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
      ['a notification whose params nest 5,000 deep', `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":${'['.repeat(5000) + ']'.repeat(5000)}}`],
      ['a 200,000-deep array (parsing it would take seconds)', '['.repeat(200_000) + ']'.repeat(200_000)],
    ] as const) {
      it(`${what} as the first message, before initialize: refused unread, logged, and initialize is answered`, async () => {
        const r = await rawSession(frame(body));
        assert.ok(r.answered, `initialize unanswered (exit ${r.exit}): ${r.stderr.slice(0, 500)}`);
        assert.match(r.stdout, /nests deeper than 64 levels: refused without being read/);
      });
    }

    it('a request whose params nest 5,000 deep, before initialize: a protocol error for its id', async () => {
      const r = await rawSession(frame(`{"jsonrpc":"2.0","id":77,"method":"textDocument/hover","params":${'['.repeat(5000) + ']'.repeat(5000)}}`));
      assert.ok(r.answered);
      assert.match(r.stdout, /"id":77,"error":\{"code":-32602,"message":"textDocument\/hover: the message nests deeper than 64 levels/);
    });

    it('5 MB of junk without a header end, then a frame: the frame is answered at once (headers are bounded)', async () => {
      const r = await rawSession('x'.repeat(5 * 1024 * 1024) + '\r\n\r\n');
      assert.ok(r.answered, r.stderr.slice(0, 500));
    });
  });

  describe('cancelled requests', () => {
    let server: ServerHandle;
    const alive = 'file:///alive3.army';
    let list: string;

    before(async function () {
      requireShared(this, 'lists', 'gwapp_worldeaters_1.txt');
      requireShared(this, 'data', 'wahapedia');
      fs.mkdirSync(path.join(tmp, 'ws'));
      fs.copyFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), path.join(tmp, 'ws', 'theirs.army'));
      list = `file://${path.join(tmp, 'ws', 'mine.army')}`;
      server = startServerProcess();
      await server.initialize({
        capabilities: { workspace: { workspaceFolders: true } },
        workspaceFolders: [{ uri: `file://${path.join(tmp, 'ws')}`, name: 'ws' }],
        initializationOptions: { data: { paths: [sharedPath('data', 'wahapedia')] } },
      });
      await server.open(alive, 'Atalan Jackals (85 Points)\n');
      await server.open(list, `OPPONENT: theirs.army\n${fs.readFileSync(sharedPath('lists', 'gwapp_worldeaters_1.txt'), 'utf8')}`);
    });
    after(async () => {
      if (server) await server.stop();
    });

    it('30 cancelled conversions of a list whose conversion is slow: all but a few answered RequestCancelled (never run), a hover within 2 s', async () => {
      // 20 lines of 700 distinct items an earlier conversion dropped: carried forward by each conversion.
      let k = 0;
      const dropped = Array.from({ length: 20 }, () => `# Dropped (this format cannot hold them): ${Array.from({ length: 700 }, () => `item ${k++}`).join('; ')}`).join('\n');
      const uri = 'file:///dropped.army';
      await server.open(uri, `${fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8')}\n${dropped}\n`);
      const answers = await cancelled(server, Convert, () => ({ uri, format: 'nr-gw' }), 30);
      const ms = await hoverMs(server, alive);
      const settled = await Promise.all(answers);
      // A request whose cancellation had not reached the server when its turn came runs (the first, and under load one
      // whose cancellation fell in the pipe's next chunk, as the matchups' test allows); the rest never ran.
      const ran = settled.map((a, i) => (isCancelled(a) ? -1 : i)).filter((i) => i >= 0);
      assert.ok(ran.length <= 3, `ran: ${ran.join(', ')} of 30`);
      assert.ok(ms < 2000, `hover ${ms} ms after 30 cancelled conversions`);
    });

    it('300 cancelled matchups: all but a few answered RequestCancelled (never run), a hover within 2 s, the server no larger', async () => {
      // Warm: the opponent read and both factions loaded, so that what follows is the matchups' alone.
      await server.connection.sendRequest(Matchup, { uri: list, conditions: {} });
      const before = residentMb(server.process);
      const keys = ['cover', 'stealth', 'charged', 'halfRange', 'stationary', 'advanced', 'engaged', 'overwatch', 'heavyReady'];
      // 300 distinct condition sets: no two would share cached figures.
      const answers = await cancelled(server, Matchup, (i) => ({ uri: list, conditions: Object.fromEntries(keys.map((key, b) => [key, ((i + 1) >> b) % 2 === 1])) }), 300);
      const ms = await hoverMs(server, alive);
      const settled = await Promise.all(answers);
      // One that started before its cancellation was read, or one whose figures were all cached, is answered whole.
      const ran = settled.map((a, i) => (isCancelled(a) ? -1 : i)).filter((i) => i >= 0);
      assert.ok(ran.length <= 5, `ran: ${ran.join(', ')}`);
      assert.ok(ms < 2000, `hover ${ms} ms after 300 cancelled matchups`);
      const grown = residentMb(server.process) - before;
      assert.ok(grown < 60, `the server grew by ${grown.toFixed(0)} MB`);
    });
  });

  // A request runs on the server's one thread: its checkpoints see the cancellation through the client's file, or
  // over stdio by reading the input already sent (the `$/cancelRequest` behind it).
  for (const via of ['its file (--cancellationReceive=file:)', 'the $/cancelRequest message over stdio']) {
    describe(`a running request cancelled through ${via}`, () => {
      let server: ServerHandle;
      const uri = 'file:///lenses.army';
      /** 32 targets (the most the setting takes) of about 200 models: every unit's lens spends much of its work
       *  budget, a bounded amount of work whose time is the machine's (600–1,200 ms). `shift`: another set, nothing
       *  cached shared. */
      const hordes = (shift: number) => Array.from({ length: 32 }, (_, i) => ({ name: `Horde ${i}`, models: 200 - i - shift, T: 3 + (i % 10), Sv: 2 + (i % 5), W: 25 - (i % 3), fnp: 5 }));
      const settings = (shift: number) => ({ data: { paths: [sharedPath('data', 'wahapedia')] }, damage: { targets: hordes(shift) } });

      before(async function () {
        requireShared(this, 'lists', 'gwapp_worldeaters_1.txt');
        requireShared(this, 'data', 'wahapedia');
        if (via.startsWith('its file')) {
          const folder = fs.mkdtempSync(path.join(tmp, 'cancel-'));
          server = startServerProcess([cancellationArg(folder)], { cancellationStrategy: { receiver: CancellationReceiverStrategy.Message, sender: fileCancellationSender(folder) } });
        } else server = startServerProcess();
        await server.initialize({ initializationOptions: settings(0) });
        await server.open(uri, fs.readFileSync(sharedPath('lists', 'gwapp_worldeaters_1.txt'), 'utf8'));
      });
      after(async () => {
        if (server) await server.stop();
      });

      it('the lenses of a list, cancelled once they run: answered RequestCancelled at once, not when they would have ended', async () => {
        // How long they take, uncancelled.
        const t0 = Date.now();
        await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
        const whole = Date.now() - t0;
        // Other targets, as heavy: nothing cached serves the cancelled run.
        await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { auspex: settings(1) } });
        const cts = new CancellationTokenSource();
        const t1 = Date.now();
        const pending = server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }, cts.token).then((v) => v, (e: unknown) => e);
        // Once the lenses have waited for the quiet document and run a while: a third of their whole time.
        const at = Math.round(whole / 3);
        await new Promise((r) => setTimeout(r, at));
        cts.cancel();
        const answer = await pending;
        const took = Date.now() - t1;
        assert.ok(whole > 300, `the lenses take ${whole} ms uncancelled (too quick to show a checkpoint)`);
        assert.ok(isCancelled(answer), `answered ${JSON.stringify(answer).slice(0, 200)}`);
        assert.ok(took < at + whole / 3, `cancelled at ${at} ms, answered at ${took} ms (uncancelled: ${whole} ms)`);
      });
    });
  }

  describe('completion within the list-size bounds', () => {
    it('a list of 10,000 unattached Leaders (beyond the bounds): completion answers nothing, in under 1 s a keystroke', async function () {
      requireShared(this, 'data', 'wahapedia');
      const server = startServerProcess();
      try {
        await server.initialize({ initializationOptions: { data: { paths: [sharedPath('data', 'wahapedia')] } } });
        const uri = 'file:///leaders.army';
        const text = `World Eaters\nBerzerker Warband\nStrike Force (2000 points)\n\nCHARACTERS\n\n${'Master of Executions (85 points)\n  • 1x Axe of dismemberment\n\n'.repeat(10_000)}Kho`;
        await server.open(uri, text, 1);
        const line = text.split('\n').length - 1;
        for (let i = 0; i < 3; i++) {
          const t0 = Date.now();
          const r = await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character: 3 } });
          const ms = Date.now() - t0;
          assert.ok(ms < 1000, `completion ${ms} ms`);
          assert.deepStrictEqual((r as { items: unknown[] }).items, []);
        }
      } finally {
        await server.stop();
      }
    });

    it('a model with 50,000 default wargear entries (BattleScribe): the unit is completed in under 2 s', async () => {
      const dir = path.join(tmp, 'wargear');
      fs.mkdirSync(dir);
      const n = 50_000;
      const entries = Array.from({ length: n }, (_, k) => weaponEntry(`w-${k}`, { name: `Trinket gun ${k}` })).join('\n');
      const links = Array.from({ length: n }, (_, k) => `<entryLink id="l-${k}" type="selectionEntry" targetId="w-${k}"/>`).join('');
      fs.writeFileSync(path.join(dir, 'Hostile.gst'), HOSTILE_GST);
      fs.writeFileSync(path.join(dir, 'Hostile Host.cat'), hostileCatalogue({ links, entries }));
      const server = startServerProcess();
      try {
        await server.initialize({ initializationOptions: { data: { paths: [dir] } } });
        const uri = 'file:///wargear.army';
        // Reading the 6.6 MB catalogue is the first check's: given its time.
        const published = server.diagnostics(uri, () => true, 60_000);
        await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'army-list', version: 1, text: 'Hostile Host\n\nHost U' } });
        await published;
        // The faction loads with the first request; the next ones are the completion alone.
        await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 6 } });
        for (let i = 0; i < 2; i++) {
          const t0 = Date.now();
          const r = (await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 6 } })) as { items: { label: string }[] };
          const ms = Date.now() - t0;
          assert.ok(ms < 2000, `completion ${ms} ms`);
          assert.ok(r.items.some((it) => it.label.startsWith('Host Unit')), JSON.stringify(r.items.slice(0, 3)));
        }
      } finally {
        await server.stop();
      }
    });
  });

  it('a data path whose name holds a command: link: the warning the server shows keeps it as text, no link (issue 34)', async () => {
    const crafted = path.join(tmp, 'missing', '[Open settings](command:workbench.action.openSettings)');
    const server = startServerProcess();
    const shown: string[] = [];
    server.connection.onNotification('window/showMessage', (m: { message: string }) => void shown.push(m.message));
    try {
      await server.initialize({ initializationOptions: { data: { paths: [crafted] } } });
      await server.open('file:///any.army', 'Atalan Jackals (85 Points)\n');
      const t0 = Date.now();
      while (!shown.length && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 50));
      assert.ok(shown.length, 'a warning about the data path');
      const link = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)\)/i;
      for (const m of shown) assert.doesNotMatch(m, link, m);
      assert.ok(shown.some((m) => m.includes('[Open settings]\u200b(command:workbench.action.openSettings)')), shown.join('\n'));
    } finally {
      await server.stop();
    }
  });

  it('a Wahapedia export with 40,000 bad rows for one unit: the list\'s first diagnostics within 10 s, its warnings one grouped line', async function () {
    requireShared(this, 'data', 'wahapedia');
    requireShared(this, 'lists', 'gwapp_worldeaters_1.txt');
    const dir = path.join(tmp, 'wahapedia');
    fs.mkdirSync(dir);
    for (const f of fs.readdirSync(sharedPath('data', 'wahapedia'))) fs.copyFileSync(sharedPath('data', 'wahapedia', f), path.join(dir, f));
    // The World Eaters' Khorne Berzerkers, 40,000 more model rows whose Toughness is no number.
    const sheets = fs.readFileSync(path.join(dir, 'Datasheets.csv'), 'utf8');
    const id = /^(\d+)\|Khorne Berzerkers\|WE\|/m.exec(sheets)![1];
    const models = path.join(dir, 'Datasheets_models.csv');
    const rows = Array.from({ length: 40_000 }, (_, i) => `${id}|${i + 10}|Berzerker ${i}|6"|x|3+|||1|6+|1|32mm||`).join('\r\n');
    fs.writeFileSync(models, `${fs.readFileSync(models, 'utf8').replace(/\r?\n?$/, '\r\n')}${rows}\r\n`);
    const server = startServerProcess();
    const logged: string[] = [];
    server.connection.onNotification('window/logMessage', (m: { message: string }) => void logged.push(m.message));
    try {
      await server.initialize({ initializationOptions: { data: { paths: [dir] } } });
      const t0 = Date.now();
      const d = await server.open('file:///we.army', fs.readFileSync(sharedPath('lists', 'gwapp_worldeaters_1.txt'), 'utf8'), 1);
      const ms = Date.now() - t0;
      assert.ok(ms < 10_000, `first diagnostics after ${ms} ms`);
      assert.ok(d.diagnostics.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      const bad = logged.filter((l) => /csv-bad-value/.test(l));
      assert.strictEqual(bad.length, 1, bad.join('\n').slice(0, 500));
      assert.match(bad[0], /^auspex rules data: 40000 × csv-bad-value, the first: /);
    } finally {
      await server.stop();
    }
  });
});
