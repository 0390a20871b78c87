// The worst hostile inputs of the hardening issues as figures (issue 34 and the rounds before it): each case made
// here (nothing large is committed), timed in this process, with what it took before in the note. The tests bound
// them (test/unit/bounds.test.ts, test/fuzz/linkGraphs.test.ts, test/protocol/hostile3.test.ts, test/cli/hostile3…);
// these are the times.
import * as fs from 'fs';
import * as path from 'path';
import { PassThrough } from 'stream';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Message } from 'vscode-languageserver/node';
import { BenchRow, measure } from './harness';
import { loadBsData } from '../server/src/service/domain/rules/bsdata';
import { createLanguageService } from '../server/src/service/languageService';
import { warningLines } from '../server/src/lsp/statusReport';
import { BoundedStreamReader } from '../server/src/lsp/messageReader';
import { scanDepth } from '../server/src/lsp/messageGuard';
import type { DataWarning } from '../server/src/service/domain/rules/model';
import { cycleCatalogue, HOSTILE_GST, hostileCatalogue, ladderCatalogue, weaponEntry } from '../test/support/hostileData';

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const load = (cat: string) => loadBsData([{ name: 'Hostile.gst', text: HOSTILE_GST }, { name: 'Hostile Host.cat', text: cat }]);
const once = { runs: 3, warmup: 0 };

export function run(): BenchRow[] {
  const rows: BenchRow[] = [];
  // BattleScribe link walking.
  for (const [depth, width] of [[30, 2], [30, 4], [300, 2]] as const) {
    const cat = ladderCatalogue(depth, width, 'unit');
    rows.push(measure(`hostile: link diamonds from a unit, ${width} wide, ${depth} deep`, () => load(cat), { ...once, note: 'issue 34: past 60 s at 30 deep' }));
  }
  const cycle = cycleCatalogue(40, 'unit');
  rows.push(measure('hostile: a cycle of 40 shared groups from a unit', () => load(cycle), { ...once, note: 'issue 34: 38 s (12 groups: 50 s here)' }));

  // 50,000 default wargear entries on one model: the load, then completion of the unit.
  const n = 50_000;
  const entries = Array.from({ length: n }, (_, k) => weaponEntry(`w-${k}`, { name: `Trinket gun ${k}` })).join('\n');
  const links = Array.from({ length: n }, (_, k) => `<entryLink id="l-${k}" type="selectionEntry" targetId="w-${k}"/>`).join('');
  const wargear = load(hostileCatalogue({ links, entries })).data;
  const service = createLanguageService();
  service.setRules(wargear, 10);
  const doc = TextDocument.create('file:///wargear.army', 'army-list', 1, 'Hostile Host\n\nHost U');
  let version = 1;
  rows.push(measure('hostile: completion of a model with 50,000 default wargear entries', () => service.completion(TextDocument.create(doc.uri, 'army-list', ++version, doc.getText()), { line: 2, character: 6 }), { runs: 1, warmup: 0, note: 'issue 34: stalled (20,000 entries: 24 s); the first completion (later ones reuse the snippet)' }));

  // 40,000 data warnings of one kind, grouped for the output channel.
  const warnings: DataWarning[] = Array.from({ length: 40_000 }, (_, i) => ({ code: 'csv-bad-value', message: `Datasheets_models.csv: row ${i} has T "x", not a number; read as 0`, source: { file: 'Datasheets_models.csv', locator: `row ${i}` }, severity: 'warning' }) as DataWarning);
  rows.push(measure('hostile: 40,000 data warnings grouped', () => warningLines(warnings), { ...once, note: 'issue 34: 109 s' }));

  // A 3.3 MB list (the example's units over and over): one edit, then a hover deep in it.
  const example = fs.readFileSync(path.join(repoRoot(), 'examples', 'claw-of-ascension.army'), 'utf8');
  const at = example.search(/^OTHER DATASHEETS$/m);
  let big = example.slice(0, at);
  while (big.length < 3.3e6) big += example.slice(at);
  const deep = big.split('\n').findIndex((l, i) => i > 120_000 && l.startsWith('Atalan Jackals'));
  const lists = createLanguageService();
  let v = 1;
  rows.push(measure('hostile: a 3.3 MB list, an edit then a hover deep in it (findings included)', () => {
    const d = TextDocument.create('file:///big.army', 'army-list', ++v, big);
    lists.diagnostics(d);
    lists.hover(d, { line: deep, character: 3 });
  }, { ...once, note: 'issue 34: the whole list parsed per edit, a hover waited 2.5 s' }));

  // The transport: a 200,000-deep array's depth read without parsing; 50 MB of newlines as one didOpen.
  const deepArray = Buffer.from('['.repeat(200_000) + ']'.repeat(200_000));
  rows.push(measure('hostile: a 400 KB message 200,000 deep, refused before parsing', () => scanDepth(deepArray), { ...once, note: 'a 10 KB one 5,000 deep killed the server (issue 34)' }));
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///nl.army', languageId: 'army-list', version: 1, text: '\n'.repeat(50 * 1024 * 1024) } } }));
  const framed = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  rows.push(measure('hostile: 50 MB of newlines read as one message (stdio frames)', () => {
    const input = new PassThrough();
    const reader = new BoundedStreamReader(input);
    let got: Message | undefined;
    reader.listen((m) => (got = m));
    for (let i = 0; i < framed.length; i += 64 * 1024) input.emit('data', framed.subarray(i, i + 64 * 1024));
    if (!got) throw new Error('no message');
  }, { ...once, note: 'issue 34: 13.5 s to the diagnostic, +494 MB; the reader alone, in chunks as the pipe gives them' }));
  return rows;
}
