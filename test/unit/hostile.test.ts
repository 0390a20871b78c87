// Hostile inputs, each through the real entry points: XML entity expansion and
// external entities refused (data folder reader and server), oversized .rosz
// archives refused through the server, setting paths that look like shell
// commands or point at executables only ever read as folder names, and no
// code in the product that evaluates text as code.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { zipSync } from 'fflate';
import {
  DidOpenTextDocumentNotification,
  HoverRequest,
  LogMessageNotification,
  RequestType,
  ShowMessageNotification,
} from 'vscode-languageserver-protocol/node';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { hasShared, repoRoot, sharedPath } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

const BILLION_LAUGHS = `<!DOCTYPE catalogue [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-hostile-'));

/** A server with these initializationOptions; collects every message it shows or logs. */
async function serverWith(options: object): Promise<{ server: ServerHandle; messages: string[] }> {
  const server = startServerProcess();
  const messages: string[] = [];
  server.connection.onNotification(ShowMessageNotification.type, (m) => messages.push(m.message));
  server.connection.onNotification(LogMessageNotification.type, (m) => messages.push(m.message));
  await server.initialize({ initializationOptions: options });
  return { server, messages };
}

async function openAndHover(server: ServerHandle, file: string): Promise<void> {
  const text = fs.readFileSync(file, 'utf8');
  const uri = `file://${file}`;
  const published = server.diagnostics(uri, () => true, 20000);
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
  await published;
  const line = text.split('\n').findIndex((l, i) => i > 3 && /^[A-Z][a-z]/.test(l));
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 1 } });
  assert.ok(hover === null || typeof hover === 'object', 'the server still answers a hover');
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

describe('hostile inputs', function () {
  this.timeout(60000);
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  describe('XML entities in rules data are refused without expanding', () => {
    it('a synthetic catalogue with billion laughs and an external entity: the reader refuses it, naming the file', () => {
      const dir = path.join(tmp, 'synthetic-bsdata');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'System.gst'), '<?xml version="1.0" encoding="UTF-8"?>\n<gameSystem id="sys" name="Warhammer 40,000" revision="1" battleScribeVersion="2.03"></gameSystem>\n');
      fs.writeFileSync(
        path.join(dir, 'Evil.cat'),
        `<?xml version="1.0" encoding="UTF-8"?>\n${BILLION_LAUGHS}\n<catalogue id="evil" name="Evil &lol9; &xxe;" gameSystemId="sys" revision="1" library="false"></catalogue>\n`,
      );
      const t0 = Date.now();
      const folder = openDataFolder(dir);
      const factions = folder.listFactions();
      const loaded = folder.loadAll();
      const warnings = [...factions.warnings, ...loaded.warnings];
      const refusal = warnings.find((w) => w.code === 'xml-entities');
      assert.ok(refusal, `refused with xml-entities; got ${warnings.map((w) => w.code).join(', ')}`);
      assert.match(`${refusal.source.file} ${refusal.message}`, /Evil\.cat/);
      assert.ok(Date.now() - t0 < 2000, 'refused at once, nothing expanded');
      const everything = JSON.stringify(loaded);
      assert.ok(!everything.includes('lollollol') && !/root:.*:0:0:/.test(everything), 'nothing was expanded or read from /etc/passwd');
    });

    it('through the server: a real folder with an entity-bombed catalogue is refused with a message and the server keeps serving', async function () {
      if (!hasShared('data', 'bsdata') || !hasShared('lists', 'gwapp_gsc_1.txt')) {
        console.log('      (skipped: ../shared/data/bsdata or ../shared/lists is absent)');
        return this.skip();
      }
      const dir = path.join(tmp, 'bombed-bsdata');
      fs.mkdirSync(dir);
      for (const f of fs.readdirSync(sharedPath('data', 'bsdata'))) fs.copyFileSync(sharedPath('data', 'bsdata', f), path.join(dir, f));
      const cat = path.join(dir, 'Genestealer Cults.cat');
      fs.chmodSync(cat, 0o644);
      const text = fs.readFileSync(cat, 'utf8');
      const afterDecl = text.indexOf('?>') + 2;
      fs.writeFileSync(cat, text.slice(0, afterDecl) + '\n' + BILLION_LAUGHS + text.slice(afterDecl).replace(/name="Genestealer Cults"/, 'name="Genestealer Cults &lol9; &xxe;"'));
      const { server, messages } = await serverWith({ data: { paths: [dir] } });
      const t0 = Date.now();
      await openAndHover(server, sharedPath('lists', 'gwapp_gsc_1.txt'));
      assert.ok(Date.now() - t0 < 15000, 'answered promptly');
      const rss = rssMb(server.process.pid!);
      assert.ok(rss < 600, `server memory ${rss.toFixed(0)} MB: nothing expanded`);
      const all = messages.join('\n');
      assert.ok(messages.some((m) => m.includes('Genestealer Cults.cat') && /entities/.test(m)), `a message names the file and says why: ${all.slice(0, 500)}`);
      assert.ok(!all.includes('lollollol') && !/root:.*:0:0:/.test(all), 'nothing expanded, /etc/passwd not read');
      await server.stop();
    });
  });

  describe('.rosz archives of unreasonable size or entry count are refused through the server', () => {
    const ImportRoster = new RequestType<{ path: string }, { text: string } | { error: string }, void>('auspex/importRoster');
    let server: ServerHandle;
    before(async () => {
      if (!fs.existsSync(path.join(repoRoot, 'server', 'src', 'node', 'roster.ts'))) return;
      server = (await serverWith({})).server;
    });
    after(async () => server && server.stop());

    it('a 60 MB zip bomb and a 5,000-entry archive', async function () {
      if (!server) {
        console.log('      (skipped: server/src/node/roster.ts is absent)');
        return this.skip();
      }
      const bomb = path.join(tmp, 'bomb.rosz');
      fs.writeFileSync(bomb, zipSync({ 'army.ros': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
      const many = path.join(tmp, 'many.rosz');
      const entries: Record<string, Uint8Array> = {};
      for (let i = 0; i < 5000; i++) entries[`e${i}.ros`] = new Uint8Array(1);
      fs.writeFileSync(many, zipSync(entries));
      const t0 = Date.now();
      const a = await server.connection.sendRequest(ImportRoster, { path: bomb });
      const b = await server.connection.sendRequest(ImportRoster, { path: many });
      assert.ok('error' in a && /refused/.test(a.error), JSON.stringify(a));
      assert.ok('error' in b && /5000 entries/.test(b.error), JSON.stringify(b));
      assert.ok(Date.now() - t0 < 5000, 'refused before inflating');
      const rss = rssMb(server.process.pid!);
      assert.ok(rss < 300, `server memory ${rss.toFixed(0)} MB after the bomb`);
    });
  });

  describe('paths in settings are only ever read as folder names', () => {
    it('shell syntax and an executable file as data paths run nothing and create nothing', async () => {
      const canary = path.join(tmp, 'canary');
      fs.mkdirSync(canary);
      const exe = path.join(tmp, 'payload.sh');
      fs.writeFileSync(exe, `#!/bin/sh\ntouch "${canary}/executed"\n`, { mode: 0o755 });
      const hostile = [
        `$(touch ${canary}/dollar)`,
        `\`touch ${canary}/backtick\``,
        `; touch ${canary}/semicolon`,
        `| touch ${canary}/pipe`,
        `${canary} && touch ${canary}/and`,
        exe,
        `${exe} --flag`,
        `file://${canary}/url`,
      ];
      // The core reader directly, then the server with the same settings.
      const provider = new RulesProvider({ paths: hostile });
      provider.ensureFaction('Genestealer Cults');
      const warned = provider.warnings().map((w) => `${w.source.file} ${w.message}`);
      for (const p of hostile) assert.ok(warned.some((w) => w.includes(path.resolve(p))), `"${p}" is reported as a missing or non-folder path`);
      const { server, messages } = await serverWith({ data: { paths: hostile } });
      await openAndHover(server, path.join(repoRoot, 'examples', 'claw-of-ascension.army'));
      await server.stop();
      assert.deepStrictEqual(fs.readdirSync(canary), [], 'nothing was created: no path was executed');
      assert.ok(messages.some((m) => m.includes(exe) && /not a folder/.test(m)), `the executable is reported as not a folder: ${messages.join(' / ').slice(0, 400)}`);
    });
  });

  describe('nothing evaluates text as code', () => {
    const PATTERNS = [/\beval\s*\(/, /\bnew\s+Function\s*\(/, /\bvm\s*\.\s*runIn\w*/, /\brequire\s*\(\s*['"]vm['"]\s*\)/];

    function files(dir: string, ext: RegExp): string[] {
      if (!fs.existsSync(dir)) return [];
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name), ext) : ext.test(e.name) ? [path.join(dir, e.name)] : []));
    }

    it('no eval, new Function or vm.runIn* in the sources or the bundles (vendored code included)', () => {
      const scanned = [
        ...files(path.join(repoRoot, 'server', 'src'), /\.ts$/),
        ...files(path.join(repoRoot, 'client', 'src'), /\.ts$/),
        ...files(path.join(repoRoot, 'dist'), /\.js$/),
      ];
      assert.ok(scanned.some((f) => f.endsWith(path.join('dist', 'server.js'))), 'the server bundle is built and scanned');
      const found: string[] = [];
      for (const f of scanned) {
        const text = fs.readFileSync(f, 'utf8');
        for (const re of PATTERNS) {
          const m = re.exec(text);
          if (m) found.push(`${path.relative(repoRoot, f)}: "${m[0]}" at ${text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' ')}`);
        }
      }
      assert.deepStrictEqual(found, [], 'text evaluated as code');
    });
  });
});
