// Protocol test (issue 14, "no false alarms while data loads"): a client that pulls its settings
// (workspace/configuration, as VS Code does) opens a list before the settings have arrived; the list is
// never checked against the embedded seed alone, the status says "loading" meanwhile, and the list's
// faction is always loaded in the end, whatever the order and timing of initialize, the settings, didOpen,
// edits, a list of another edition and a change in the watched folder.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  MarkupContent,
  NotificationType,
  PublishDiagnosticsParams,
  RegistrationRequest,
} from 'vscode-languageserver-protocol/node';
import { requireShared, sharedPath } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import { writeTinyWahapedia } from '../support/tinyWahapedia';
import { until } from '../support/until';
// Seeded: the same orderings every run.
import { rng } from '../support/montecarlo';

const Status = new NotificationType<{ text: string; tooltip: string }>('auspex/status');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 10th-edition World Eaters list whose units only the tiny Wahapedia export has (the seed has none). */
const WE_LIST = 'World Eaters\nBerzerker Warband\nStrike Force (2000 points)\n\nCHARACTERS\n\nDaemon Prince of Khorne (200 points)\n  • Warlord\n\nBATTLELINE\n\nKhorne Berzerkers (180 points)\n  • 1x Chainblade\n';
/** The same list as it reads half-typed with a Detachment Points figure: a sign of the 11th edition. */
const WE_LIST_11 = WE_LIST.replace('Berzerker Warband', 'Berzerker Warband (1 Detachment Point)');

interface Session {
  server: ServerHandle;
  statuses: { text: string; tooltip: string }[];
  published: PublishDiagnosticsParams[];
  logs: string[];
}

/**
 * A server with a VS Code-like client: it pulls settings (answered after `configDelay` ms with `paths`), and
 * the client also sends didChangeConfiguration when the server registers for it (as vscode-languageclient does).
 */
async function startPulling(given: string[] | (() => string[]), configDelay: number, opts: { beforeInitialized?: (s: Session) => Promise<void>; cacheDir: string }): Promise<Session> {
  const paths = typeof given === 'function' ? given : () => given;
  const server = startServerProcess();
  const s: Session = { server, statuses: [], published: [], logs: [] };
  server.connection.onNotification(Status, (x) => s.statuses.push(x));
  server.connection.onNotification(LogMessageNotification.type, (m) => s.logs.push(m.message));
  server.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => s.published.push(p));
  server.connection.onRequest(RegistrationRequest.type, () => {
    setTimeout(() => void server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { auspex: { data: { paths: paths() } } } }), configDelay / 2);
  });
  server.connection.onRequest(ConfigurationRequest.type, async (p) => {
    await sleep(configDelay);
    return p.items.map(() => ({ data: { paths: paths() } }));
  });
  await server.connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
    initializationOptions: { cacheDir: opts.cacheDir },
  });
  await opts.beforeInitialized?.(s);
  await server.connection.sendNotification(InitializedNotification.type, {});
  return s;
}

const open = (s: Session, uri: string, text: string) =>
  s.server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
const change = (s: Session, uri: string, version: number, text: string) =>
  s.server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
const unknown = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === 'unknown-datasheet' || d.code === 'faction-not-loaded');

describe('loading the rules data: no false alarms, never stuck', function () {
  this.timeout(120000);
  let dir: string;
  let cacheDir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-loading-'));
    writeTinyWahapedia(dir);
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-loading-cache-'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Runs `body` on a server whose settings (the tiny export) have been applied, then stops it. */
  async function withSettingsApplied(body: (s: Session) => Promise<void>): Promise<void> {
    const s = await startPulling([dir], 0, { cacheDir });
    try {
      await until(() => s.statuses.find((x) => x.tooltip.includes(`Folders: ${dir}`)), 'the settings applied');
      await body(s);
    } finally {
      await s.server.stop();
    }
  }

  it('the first diagnostics of a list opened before the settings arrive come from the configured data; the status said "loading"', async function () {
    requireShared(this, 'data', 'wahapedia');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const uri = 'file:///ws/gsc.army';
    const text = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
    // didOpen goes out with `initialized`, as VS Code sends it for an open editor; the settings answer 300 ms later.
    const s = await startPulling([sharedPath('data', 'wahapedia')], 300, { cacheDir });
    try {
      await open(s, uri, text);
      const first = await until(() => s.published.find((p) => p.uri === uri), 'the first diagnostics of the list', 20000);
      assert.deepStrictEqual(unknown(first).map((d) => d.message), [], 'no unknown-datasheet finding from the seed alone');
      const firstAt = s.statuses.findIndex((x) => /Genestealer Cults \(\d\d+\)/.test(x.tooltip));
      assert.ok(firstAt > 0, `a status names the loaded faction: ${s.statuses.map((x) => x.text).join(' | ')}`);
      assert.ok(s.statuses.slice(0, firstAt).some((x) => /loading/.test(x.text)), `"loading" before it: ${s.statuses.map((x) => x.text).join(' | ')}`);
      assert.match(s.statuses[s.statuses.length - 1].text, /Auspex: \d\d+ datasheets/);
    } finally {
      await s.server.stop();
    }
  });

  it('loads the faction of a list first read as 11th-edition then as 10th (it stayed unloaded: "1 datasheet", nothing logged)', async () => {
    const uri = 'file:///ws/we.army';
    await withSettingsApplied(async (s) => {
      await open(s, uri, WE_LIST_11);
      await until(() => s.published.find((p) => p.uri === uri), 'the 11th-edition reading');
      await change(s, uri, 2, WE_LIST);
      const clean = await until(() => s.published.find((p) => p.uri === uri && p.version === 2), 'the 10th-edition reading');
      assert.deepStrictEqual(unknown(clean).map((d) => d.message), []);
      await until(() => s.statuses.find((x) => /World Eaters \(\d+\)/.test(x.tooltip)), () => `a status naming World Eaters: ${s.statuses.map((x) => x.text).join(' | ')}`);
      assert.ok(s.logs.some((l) => /loaded for file:\/\/\/ws\/we\.army \(10th edition\)/.test(l)), s.logs.join('\n'));
    });
  });

  it('applies a data folder added to the settings while running (settings.json changed on disk): the list is checked against it', async () => {
    const uri = 'file:///ws/later.army';
    let paths: string[] = [];
    const s = await startPulling(() => paths, 0, { cacheDir });
    try {
      await open(s, uri, WE_LIST);
      const before = await until(() => s.published.find((p) => p.uri === uri), 'the diagnostics without data');
      assert.deepStrictEqual(before.diagnostics.map((d) => d.code), ['faction-not-loaded']);
      // VS Code forwards a change of settings.json as didChangeConfiguration; the server pulls the new values.
      paths = [dir];
      await s.server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
      const after = await until(() => [...s.published].reverse().find((p) => p.uri === uri && p !== before && unknown(p).length === 0), () => `diagnostics with the data: ${JSON.stringify(s.published.map((p) => p.diagnostics.map((d) => d.code)))}`);
      assert.ok(!after.diagnostics.some((d) => d.severity === 1 && /World Eaters|Khorne Berzerkers/.test(d.message) && d.code === 'unknown-datasheet'));
      assert.ok(s.logs.some((l) => l.includes(`auspex data: folders "${dir}"`)), s.logs.join('\n'));
    } finally {
      await s.server.stop();
    }
  });

  it('a hover sent right after didOpen, before the deferred check read the faction, is answered from the faction\'s data', async () => {
    const uri = 'file:///ws/hover.army';
    await withSettingsApplied(async (s) => {
      const line = WE_LIST.split('\n').findIndex((l) => l.startsWith('Khorne Berzerkers'));
      void open(s, uri, WE_LIST);
      const hover = await s.server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 3 } });
      assert.match((hover?.contents as MarkupContent | undefined)?.value ?? '(no hover)', /Chainblade/);
    });
  });

  it('in 36 orderings of settings, didOpen, edits, another edition\'s list and a folder change, every list ends with its faction loaded', async () => {
    const random = rng(14);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const failures: string[] = [];
    for (let run = 0; run < 36; run++) {
      const configDelay = pick([0, 0, 20, 120, 400]);
      const openWhen = pick(['before-initialized', 'with-initialized', 'later'] as const);
      const firstText = pick(['list', 'eleventh-first', 'empty-then-typed', 'other-edition-list-first'] as const);
      const touch = random() < 0.3;
      const label = `run ${run}: settings after ${configDelay} ms, didOpen ${openWhen}, ${firstText}${touch ? ', folder touched' : ''}`;
      const uri = `file:///ws/run${run}.army`;
      const doOpen = async (s: Session) => {
        if (firstText === 'other-edition-list-first') {
          await open(s, `file:///ws/other${run}.army`, WE_LIST_11);
          await sleep(pick([0, 30, 150]));
        }
        await open(s, uri, firstText === 'eleventh-first' ? WE_LIST_11 : firstText === 'empty-then-typed' ? '' : WE_LIST);
        if (firstText === 'eleventh-first') {
          await sleep(pick([0, 50, 200]));
          await change(s, uri, 2, WE_LIST);
        } else if (firstText === 'empty-then-typed') {
          // Typed in pieces, some faster than the debounce, some slower.
          const cuts = [13, 31, 60, 110, WE_LIST.length];
          for (let i = 0; i < cuts.length; i++) {
            await sleep(pick([5, 40, 200]));
            await change(s, uri, i + 2, WE_LIST.slice(0, cuts[i]));
          }
        }
      };
      const s = await startPulling([dir], configDelay, { cacheDir, beforeInitialized: openWhen === 'before-initialized' ? doOpen : undefined });
      try {
        if (openWhen === 'with-initialized') await doOpen(s);
        if (openWhen === 'later') {
          await sleep(pick([10, 100, 500]));
          await doOpen(s);
        }
        if (touch) fs.utimesSync(path.join(dir, 'Factions.csv'), new Date(), new Date());
        const t0 = Date.now();
        let last: PublishDiagnosticsParams | undefined;
        while (Date.now() - t0 < 6000) {
          last = [...s.published].reverse().find((p) => p.uri === uri);
          if (last && unknown(last).length === 0 && s.statuses.some((x) => /World Eaters \(\d+\)/.test(x.tooltip))) break;
          await sleep(25);
        }
        // A list opened whole: its very first diagnostics already come from the configured data.
        const firstFull = firstText === 'list' ? s.published.find((p) => p.uri === uri) : undefined;
        if (!last || unknown(last).length) failures.push(`${label}: last diagnostics ${last ? unknown(last).map((d) => d.message).join('; ') : 'never published'}; status ${s.statuses.map((x) => x.text).join(' | ')}`);
        else if (!s.statuses.some((x) => /World Eaters \(\d+\)/.test(x.tooltip))) failures.push(`${label}: the status never named World Eaters: ${s.statuses.map((x) => x.text).join(' | ')}`);
        else if (firstFull && unknown(firstFull).length) failures.push(`${label}: the first diagnostics flashed ${unknown(firstFull).length} unknown datasheets`);
      } finally {
        await s.server.stop();
      }
    }
    assert.deepStrictEqual(failures, []);
  });
});
