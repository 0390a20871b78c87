// Protocol test: rules data folders configured through initializationOptions
// (as editors without workspace/configuration send them), lazy loading of the
// opened list's faction, the status notification, and a wrong path warned about.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  DidOpenTextDocumentNotification,
  HoverRequest,
  MarkupContent,
  NotificationType,
  ShowMessageNotification,
  ShowMessageParams,
} from 'vscode-languageserver-protocol/node';
import { requireShared, sharedPath } from '../support/shared';
import { startServerProcess } from '../support/lspClient';
import { until } from '../support/until';

const Status = new NotificationType<{ text: string; tooltip: string }>('auspex/status');

async function start(paths: string[]) {
  const server = startServerProcess();
  const statuses: { text: string; tooltip: string }[] = [];
  const messages: ShowMessageParams[] = [];
  server.connection.onNotification(Status, (s) => statuses.push(s));
  server.connection.onNotification(ShowMessageNotification.type, (m) => messages.push(m));
  await server.initialize({ initializationOptions: { data: { paths } } });
  return { server, statuses, messages };
}

describe('language server with rules data folders', function () {
  this.timeout(30000);

  it('loads the opened list\'s faction from BattleScribe data and checks a real list with no false error', async function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const { server, statuses } = await start([sharedPath('data', 'bsdata')]);
    try {
      const uri = 'untitled:gsc.army';
      const text = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
      const published = server.diagnostics(uri);
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'army-list', version: 1, text },
      });
      const { diagnostics } = await published;
      assert.deepStrictEqual(diagnostics.filter((d) => d.severity === 1).map((d) => d.message), []);
      const status = await until(() => statuses.find((s) => /Genestealer Cults \(\d\d+\)/.test(s.tooltip)), 'a status naming the loaded faction');
      assert.match(status.text, /Auspex: \d\d+ datasheets/);
      assert.match(status.tooltip, /bsdata/);
      // A datasheet only the BattleScribe data has now hovers with its profile.
      const line = text.split(/\r?\n/).findIndex((l) => l.startsWith('Acolyte Iconward'));
      const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 2 } });
      assert.match((hover!.contents as MarkupContent).value, /^### Acolyte Iconward/);
    } finally {
      await server.stop();
    }
  });

  it("routes an 11th-edition list to the 11th edition's folders: its units resolve, the hover names the edition and data", async function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    const { server } = await start([sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')]);
    try {
      const uri = 'untitled:we11.army';
      const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8');
      // The first publication may precede the faction's load; wait for the one without unknown datasheets.
      const published = server.diagnostics(uri, (p) => p.diagnostics.every((d) => d.code !== 'unknown-datasheet' && d.code !== 'faction-not-loaded'), 20000);
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'army-list', version: 1, text },
      });
      const { diagnostics } = await published;
      assert.deepStrictEqual(diagnostics.filter((d) => d.severity === 1).map((d) => d.message), []);
      assert.ok(!diagnostics.some((d) => d.code === 'edition-data-missing'));
      const line = text.split(/\r?\n/).findIndex((l) => l.startsWith('Slaughterbound'));
      const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 2 } });
      const value = (hover!.contents as MarkupContent).value;
      assert.match(value, /^### Slaughterbound/);
      assert.match(value, /11th edition list, checked against .*Munitorum Field Manual v1\.1/);
      assert.doesNotMatch(value, /Munitorum Field Manual Munitorum/);
      // Rules text that reads right (issue 24): a weapon ability whole, a force disposition and the Warlord explained.
      const hoverOn = async (needle: string) => {
        const at = text.indexOf(needle);
        const l = text.slice(0, at).split('\n').length - 1;
        const h = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: l, character: at - text.lastIndexOf('\n', at - 1) } });
        return h ? (h.contents as MarkupContent).value : '';
      };
      assert.match(await hoverOn('Plasma pistol'), /- \*\*\[HAZARDOUS\]\*\* — Each time a unit is selected to shoot .* hazard rolls \\\(06\.03\\\) for that unit/);
      assert.match(await hoverOn('Purge the Foe'), /^### Purge the Foe\n\n\*Force Disposition\*[^]*Granted by Berzerker Warband/);
      assert.match(await hoverOn('Warlord'), /^### Warlord\n\nOne CHARACTER model/);
    } finally {
      await server.stop();
    }
  });

  it('warns visibly about a data path that does not exist and keeps serving', async () => {
    const { server, messages, statuses } = await start(['/no/such/auspex-data']);
    try {
      const warning = await until(() => messages.find((m) => m.type === 2), 'a warning message');
      assert.match(warning.message, /\/no\/such\/auspex-data/);
      await until(() => statuses.find((s) => s.text.includes('⚠')), 'a status with a warning sign');
      const uri = 'untitled:ok.army';
      const published = server.diagnostics(uri);
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'army-list', version: 1, text: 'Genestealer Cults\nClaw of Ascension\nCombat Patrol\n' },
      });
      // A header without units is never reported clean (issue 17): only that, nothing about the data path.
      assert.deepStrictEqual((await published).diagnostics.map((d) => d.code), ['no-units']);
    } finally {
      await server.stop();
    }
  });

  it('reloads a data folder when it changes on disk, without a restart', async function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'lists', 'gwapp_gsc_1.txt');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-watch-'));
    const src = sharedPath('data', 'bsdata');
    for (const f of fs.readdirSync(src)) if (f !== 'Genestealer Cults.cat' && /\.(gst|cat)$/.test(f)) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    const { server } = await start([dir]);
    try {
      const uri = 'untitled:gsc-watch.army';
      const text = fs.readFileSync(sharedPath('lists', 'gwapp_gsc_1.txt'), 'utf8');
      const first = server.diagnostics(uri);
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'army-list', version: 1, text },
      });
      const before = (await first).diagnostics.filter((d) => d.code === 'unknown-datasheet');
      assert.ok(before.length > 5, 'without the faction catalogue its units are unknown');
      const after = server.diagnostics(uri, (p) => p.diagnostics.every((d) => d.code !== 'unknown-datasheet'), 15000);
      fs.copyFileSync(path.join(src, 'Genestealer Cults.cat'), path.join(dir, 'Genestealer Cults.cat'));
      assert.deepStrictEqual((await after).diagnostics.filter((d) => d.severity === 1), []);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
