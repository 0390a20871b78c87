// Damaged rules data: truncated, reordered and corrupted BattleScribe
// catalogues and Wahapedia CSVs (copies of ../shared/data made in the temp
// folder), loaded through the data-folder reader and through the server. Each
// must give a clear warning naming the damaged file, and the server must keep
// serving.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  LogMessageNotification,
  MessageType,
  ShowMessageNotification,
} from 'vscode-languageserver-protocol/node';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { hasShared, repoRoot, requireShared, sharedPath } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

/** A seeded generator: the same damage every run. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x80000000);
}

interface Variant {
  name: string;
  kind: 'bsdata' | 'wahapedia';
  /** The file damaged, which the warning must name. */
  file: string;
  damage(text: string, rnd: () => number): string | undefined;
}

const lines = (t: string) => t.split(/\r?\n/);

const VARIANTS: Variant[] = [
  { name: 'catalogue truncated mid-element', kind: 'bsdata', file: 'Genestealer Cults.cat', damage: (t, r) => t.slice(0, Math.floor(t.length * (0.2 + 0.6 * r()))) },
  { name: 'catalogue halves swapped', kind: 'bsdata', file: 'Genestealer Cults.cat', damage: (t) => { const l = lines(t); const h = l.length >> 1; return [...l.slice(h), ...l.slice(0, h)].join('\n'); } },
  { name: 'catalogue with byte noise in its markup', kind: 'bsdata', file: 'Genestealer Cults.cat', damage: (t, r) => { const c = t.split(''); for (let i = 0; i < 40; i++) { const at = t.indexOf('<', Math.floor(r() * t.length)); if (at > 0) c[at + 1] = String.fromCharCode(1 + Math.floor(r() * 0x2ff)); } return c.join(''); } },
  { name: 'catalogue empty', kind: 'bsdata', file: 'Genestealer Cults.cat', damage: () => '' },
  { name: 'game system replaced by binary junk', kind: 'bsdata', file: 'Warhammer 40,000.gst', damage: (_t, r) => Array.from({ length: 5000 }, () => String.fromCharCode(Math.floor(r() * 256))).join('') },
  { name: 'game system truncated', kind: 'bsdata', file: 'Warhammer 40,000.gst', damage: (t) => t.slice(0, t.length >> 1) },
  { name: 'Datasheets.csv truncated mid-row', kind: 'wahapedia', file: 'Datasheets.csv', damage: (t, r) => t.slice(0, Math.floor(t.length * (0.3 + 0.5 * r()))) + '\n000999999|half a row' },
  { name: 'Datasheets_models.csv columns reordered in the header only', kind: 'wahapedia', file: 'Datasheets_models.csv', damage: (t) => { const l = lines(t); const h = l[0].replace(/^\uFEFF/, '').split('|'); l[0] = [h[2], h[0], h[1], ...h.slice(3)].join('|'); return l.join('\n'); } },
  { name: 'Datasheets_models.csv missing a required column', kind: 'wahapedia', file: 'Datasheets_models.csv', damage: (t) => lines(t).map((l) => l.split('|').filter((_, i) => i !== 4).join('|')).join('\n') },
  { name: 'Datasheets_wargear.csv with rows of the wrong width', kind: 'wahapedia', file: 'Datasheets_wargear.csv', damage: (t, r) => lines(t).map((l, i) => (i > 0 && r() < 0.2 ? l + '|extra|cells' : l)).join('\n') },
  { name: 'Factions.csv empty', kind: 'wahapedia', file: 'Factions.csv', damage: () => '' },
  { name: 'Datasheets_models.csv deleted', kind: 'wahapedia', file: 'Datasheets_models.csv', damage: () => undefined },
  { name: 'Stratagems.csv replaced by binary junk', kind: 'wahapedia', file: 'Stratagems.csv', damage: (_t, r) => Array.from({ length: 3000 }, () => String.fromCharCode(Math.floor(r() * 256))).join('') },
];

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-datafuzz-'));

/** A writable copy of a shared data folder with one file damaged. */
function damagedCopy(v: Variant, seed: number): string {
  const src = sharedPath('data', v.kind);
  const dir = path.join(tmpRoot, v.name.replace(/\W+/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(src)) {
    const to = path.join(dir, f);
    fs.copyFileSync(path.join(src, f), to);
    fs.chmodSync(to, 0o644);
  }
  const target = path.join(dir, v.file);
  const damaged = v.damage(fs.readFileSync(target, 'latin1'), rng(seed));
  if (damaged === undefined) fs.unlinkSync(target);
  else fs.writeFileSync(target, damaged, 'latin1');
  return dir;
}

describe('fuzz: damaged rules data', function () {
  this.timeout(120000);
  const dirs = new Map<string, string>();

  before(function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'data', 'wahapedia');
    VARIANTS.forEach((v, i) => dirs.set(v.name, damagedCopy(v, 1000 + i)));
  });

  after(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

  describe('through the data-folder reader', () => {
    for (const v of VARIANTS) {
      it(`${v.kind}: ${v.name} gives a warning naming ${v.file}`, () => {
        const folder = openDataFolder(dirs.get(v.name)!);
        const listed = folder.listFactions();
        const loaded = folder.loadFaction('Genestealer Cults');
        const warnings = [...folder.warnings, ...listed.warnings, ...loaded.warnings];
        const naming = warnings.filter((w) => w.source.file?.includes(v.file) || w.message.includes(v.file));
        assert.ok(naming.length > 0, `a warning names ${v.file}; got: ${warnings.map((w) => `${w.source.file}: ${w.message}`).slice(0, 5).join(' / ') || 'none'}`);
        for (const w of naming) assert.ok(w.message.length > 15 && w.code, `a clear message with a code: ${w.code} ${w.message}`);
      });
    }
  });

  describe('through the server', () => {
    let server: ServerHandle;
    /** Pop-ups and output-channel warnings, in order. */
    const shown: string[] = [];
    const errors: string[] = [];
    const listFile = hasShared('lists', 'gwapp_gsc_1.txt') ? sharedPath('lists', 'gwapp_gsc_1.txt') : path.join(repoRoot, 'examples', 'claw-of-ascension.army');

    before(async () => {
      server = startServerProcess();
      server.connection.onNotification(ShowMessageNotification.type, (m) => shown.push(m.message));
      server.connection.onNotification(LogMessageNotification.type, (m) => {
        if (m.type === MessageType.Error) errors.push(m.message);
        if (m.type === MessageType.Warning) shown.push(m.message);
      });
      await server.initialize();
    });

    after(async () => {

      if (server) await server.stop();

    });

    VARIANTS.forEach((v, i) => {
      it(`${v.kind}: ${v.name}: the server says so and keeps answering`, async () => {
        const text = fs.readFileSync(listFile, 'utf8');
        const uri = `file:///datafuzz/${i}.army`;
        const before = shown.length;
        // The settings change reloads the data and re-checks the open lists.
        await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { auspex: { data: { paths: [dirs.get(v.name)!] } } } });
        const published = server.diagnostics(uri, () => true, 30000);
        await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
        await published;
        const line = text.split('\n').findIndex((l, k) => k > 5 && /^[A-Z][a-z]/.test(l));
        const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 1 } });
        assert.ok(hover === null || typeof hover === 'object', 'a hover answer');
        assert.strictEqual(server.process.exitCode, null, 'the server is still running');
        // Errors pop up; lesser warnings go to the output channel: either way the file is named.
        const fresh = shown.slice(before);
        assert.ok(fresh.some((m) => m.includes(v.file)), `a message names ${v.file}; got: ${fresh.join(' / ') || 'none'}`);
        assert.deepStrictEqual(errors, [], 'no request failed inside the server');
      });
    });
  });
});
