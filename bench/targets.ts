// Issue 35's figures, each with its target, its median over several runs and its spread (fastest–slowest), and
// whether the target is met: what a player feels on an 11th-edition list.
// - didOpen → first diagnostics on a 2,000-point 11th-edition list (lists-11e/gwapp11_worldeaters_2.txt) with the
//   BSData 11th-edition catalogues and the MFM points in the download cache (fetched from local archives, digests
//   written by a first server), a fresh server each run; then an edit in the same server (one more model): the
//   time from didChange to its diagnostics, of which VALIDATE_DELAY_MS is the pause the server waits on purpose
//   for typing to rest; the target is the work after it.
// - A second `auspex check --data BSDATA --data MFM list` (the first wrote the folders' digests).
// - Parsing: the median of each real list's median parse time, both editions, with the slowest list named and each
//   edition's median (bench/parse.ts has each list's).
// - The server's memory after 3,000 requests (hover, completion, lenses) on the same list, after a garbage
//   collection (the server answers auspex/collectGarbage only when started with --expose-gc), five servers.
// Skipped, saying so, without ../shared.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  CodeLensRequest,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  HoverRequest,
} from 'vscode-languageserver-protocol/node';
import { BenchRow } from './harness';
import { fetchData } from '../server/src/node/fetchData';
import { parseArmyList } from '../server/src/service/domain/parse';
import { VALIDATE_DELAY_MS } from '../server/src/lsp/documentChecks';
import { CollectGarbageRequest } from '../server/src/lsp/customRequests';
import { folderFiles, tarGzOf, zipOf } from '../test/support/archives';
import type { ServerHandle } from '../test/support/lspClient';
import { open, positions, start } from './coldStart';
import { hasShared, repoRoot, sharedPath } from '../test/support/shared';

const OPEN_RUNS = 7;
const CLI_RUNS = 7;
const MEMORY_RUNS = 5;
const REQUESTS = 1000;
const LIST = 'gwapp11_worldeaters_2.txt';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[xs.length >> 1];

/** A row: the median, the slowest as p99, the spread and the verdict in the note. */
function figure(name: string, values: number[], target: number, unit: string, extra = '', of = 'runs'): BenchRow {
  const s = sorted(values);
  const m = median(values);
  const fmt = (x: number) => (unit === 'µs' ? x.toFixed(1) : x.toFixed(0));
  const note = `target < ${target} ${unit}: ${m < target ? 'met' : 'NOT met'}; median ${fmt(m)} ${unit}, spread ${fmt(s[0])}–${fmt(s[s.length - 1])} ${unit} over ${values.length} ${of}${extra ? `; ${extra}` : ''}`;
  return { name, median: m, p99: s[s.length - 1], runs: values.length, note };
}

const elapsed = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** An edit: a space typed at the end of the list (even versions) or deleted again (odd ones); the whole list is checked again. */
async function edit(server: ServerHandle, uri: string, text: string, version: number): Promise<number> {
  const lines = text.split('\n');
  const end = { line: lines.length - 1, character: lines[lines.length - 1].length };
  const change = version % 2 === 0 ? { range: { start: end, end }, text: ' ' } : { range: { start: end, end: { line: end.line, character: end.character + 1 } }, text: '' };
  const published = server.diagnostics(uri, (p) => p.version === version, 60000);
  const t0 = process.hrtime.bigint();
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
  await published;
  return elapsed(t0);
}

/** A download cache of the 11th edition's BSData and MFM, fetched from local archives as `auspex data fetch --from` does. */
async function downloadCache(dir: string): Promise<string> {
  const bs = path.join(dir, 'wh40k-11e.zip');
  fs.writeFileSync(bs, zipOf(folderFiles(sharedPath('data', 'bsdata-11e'), 'wh40k-11e-main')));
  const mfm = path.join(dir, 'wh40k-11e-mfm.tar.gz');
  fs.writeFileSync(mfm, tarGzOf(folderFiles(sharedPath('data', 'mfm-11e', 'v1.1'), 'wh40k-11e-mfm-main/data')));
  const cacheDir = path.join(dir, 'cache');
  for (const o of await fetchData({ root: cacheDir, edition: 11, sources: [bs, mfm], env: {} })) if (o.status !== 'fetched') throw new Error(o.message);
  return cacheDir;
}

async function editorFigures(cacheDir: string, file: string): Promise<BenchRow[]> {
  const text = fs.readFileSync(file, 'utf8');
  const uri = `file://${file}`;
  const opens: number[] = [];
  const edits: number[] = [];
  for (let i = 0; i < OPEN_RUNS; i++) {
    const server = await start(cacheDir);
    opens.push(await open(server, uri, text));
    // The first edits warm the JIT as a player's first keystrokes do; the later ones are measured.
    let version = 2;
    for (let k = 0; k < 3; k++) await edit(server, uri, text, version++);
    edits.push((await edit(server, uri, text, version++)) - VALIDATE_DELAY_MS);
    await server.stop();
  }
  return [
    figure('didOpen → first diagnostics, 11th-edition 2,000 pts, BSData + MFM cached', opens, 150, 'ms', `${LIST}, a fresh server each, digests read`),
    figure('edit → diagnostics (after the typing pause)', edits, 30, 'ms', `didChange to diagnostics less the ${VALIDATE_DELAY_MS} ms the server waits for typing to rest`),
  ];
}

function cliFigure(file: string, dir: string): BenchRow {
  const cli = path.join(repoRoot, 'dist', 'cli.js');
  const args = [cli, 'check', '--data', sharedPath('data', 'bsdata-11e'), '--data', sharedPath('data', 'mfm-11e', 'v1.1'), file];
  const env = { ...process.env, AUSPEX_CACHE_DIR: path.join(dir, 'cli-cache') };
  const once = () => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`auspex check failed: ${r.stderr}`);
    return elapsed(t0);
  };
  const firstRun = once();
  const times = Array.from({ length: CLI_RUNS }, once);
  const bare = median(Array.from({ length: 3 }, () => {
    const t0 = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', ''], { env });
    return elapsed(t0);
  }));
  return figure('second auspex check --data (BSData 11e + MFM)', times, 300, 'ms', `${LIST}; the first run, writing the digests: ${firstRun.toFixed(0)} ms; Node itself starts in ${bare.toFixed(0)} ms`);
}

/** Each list's median over `runs` parses, the list read `warm` times just before. */
function perListMedians(lists: Array<{ name: string; edition: string; text: string }>, warm: number, runs: number) {
  return lists.map((l) => {
    for (let i = 0; i < warm; i++) parseArmyList(l.text);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      parseArmyList(l.text);
      times.push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
    return { ...l, median: median(times) };
  });
}

/**
 * Parse time per real list in steady state, as the server parses: it reads a document again on every edit, so its
 * parser is compiled by V8's optimising tier for every format it has met. Every list is read 200 times over (in
 * rounds) before any is timed. The first pass, each list timed after only 50 parses of its own (as this figure was
 * first measured), is reported beside it: there part of each list's time is V8 still tiering up and re-optimising
 * for the format just met.
 */
export function parseFigure(): BenchRow {
  const lists: Array<{ name: string; edition: string; text: string }> = [];
  for (const [folder, edition] of [['lists', '10th'], ['lists-11e', '11th']]) {
    const dir = sharedPath(folder);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.txt'))) lists.push({ name: `${folder}/${f}`, edition, text: fs.readFileSync(path.join(dir, f), 'utf8') });
  }
  const first = perListMedians(lists, 50, 400);
  for (let round = 0; round < 200; round++) for (const l of lists) parseArmyList(l.text);
  const steady = perListMedians(lists, 0, 400);
  const medians = steady.map((l) => l.median);
  const byTime = [...steady].sort((a, b) => a.median - b.median);
  const ofEdition = (e: string) => steady.filter((l) => l.edition === e).map((l) => l.median);
  const edition = (e: string) => (ofEdition(e).length ? `${e} ${median(ofEdition(e)).toFixed(1)} µs` : `${e}: none`);
  const slowest = byTime[byTime.length - 1];
  const extra = [
    `the fastest list ${byTime[0]?.name}, the slowest ${slowest?.name} (${slowest?.median.toFixed(1)} µs)`,
    `median by edition: ${edition('10th')}, ${edition('11th')}`,
    `each list timed after only 50 parses of its own (this figure's first method): median ${median(first.map((l) => l.median)).toFixed(1)} µs`,
    'the comparison with a peer parser is `npm run bench -- peerParse` (listgrok, from a checkout named by AUSPEX_PEER_LISTGROK)',
  ].join('; ');
  const row = figure('parse per real list, steady state (µs, median of the lists\' medians)', medians, 60, 'µs', extra, 'lists (each the median of 400 parses)');
  // The table's columns are milliseconds.
  return { ...row, median: row.median / 1000, p99: row.p99 / 1000 };
}

async function memoryFigure(cacheDir: string, file: string): Promise<BenchRow> {
  const text = fs.readFileSync(file, 'utf8');
  const uri = `file://${file}`;
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --expose-gc`.trim();
  const rss: number[] = [];
  const heap: number[] = [];
  const heapTotal: number[] = [];
  const external: number[] = [];
  /** Each heap space's reserved MB per run (new, old, code, large objects): where the reserve is. */
  const spaces = new Map<string, number[]>();
  try {
    for (let i = 0; i < MEMORY_RUNS; i++) {
      const server = await start(cacheDir);
      await open(server, uri, text);
      const doc = { uri };
      for (const p of positions(text, REQUESTS)) await server.connection.sendRequest(HoverRequest.type, { textDocument: doc, position: p });
      for (const p of positions(text, REQUESTS)) await server.connection.sendRequest(CompletionRequest.type, { textDocument: doc, position: p });
      for (let k = 0; k < REQUESTS; k++) await server.connection.sendRequest(CodeLensRequest.type, { textDocument: doc });
      const m = await server.connection.sendRequest(CollectGarbageRequest);
      await server.stop();
      if (!m) throw new Error('the server did not collect garbage (started without --expose-gc?)');
      rss.push(m.rss / 2 ** 20);
      heap.push(m.heapUsed / 2 ** 20);
      heapTotal.push(m.heapTotal / 2 ** 20);
      external.push(m.external / 2 ** 20);
      for (const sp of m.spaces) if (sp.size) spaces.set(sp.name, [...(spaces.get(sp.name) ?? []), sp.size / 2 ** 20]);
    }
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
  const row = figure('server memory after 3,000 requests, after a GC (MB, resident)', rss, 120, 'MB', `${LIST}; JS heap in use ${median(heap).toFixed(0)} MB of ${median(heapTotal).toFixed(0)} MB reserved, outside it ${median(external).toFixed(0)} MB; reserved by space: ${[...spaces].map(([name, mb]) => `${name.replace(/_space$/, '')} ${median(mb).toFixed(0)}`).join(', ')}; each run ${rss.map((x) => x.toFixed(0)).join(', ')} MB`);
  return row;
}

/** The figures by the names `npm run bench -- targets:<name>` selects (`targets:memory`). */
const FIGURES = ['editor', 'cli', 'parse', 'memory'] as const;

export async function run(figures: string[] = [...FIGURES]): Promise<BenchRow[]> {
  const unknown = figures.filter((f) => !(FIGURES as readonly string[]).includes(f));
  if (unknown.length) throw new Error(`bench targets: no figure ${unknown.join(', ')} (the figures: ${FIGURES.join(', ')})`);
  const file = sharedPath('lists-11e', LIST);
  if (!hasShared('data', 'bsdata-11e') || !hasShared('data', 'mfm-11e', 'v1.1') || !fs.existsSync(file)) {
    return [{ name: 'issue 35 targets', median: NaN, p99: NaN, runs: 0, note: 'skipped: ../shared is absent' }];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-bench-targets-'));
  try {
    const cacheDir = await downloadCache(dir);
    // The first server reads the catalogues and writes their digests, as the first start after a download does:
    // every figure measures the starts after it, whichever figures run.
    const first = await start(cacheDir);
    await open(first, `file://${file}`, fs.readFileSync(file, 'utf8'));
    await first.stop();
    const rows: BenchRow[] = [];
    if (figures.includes('editor')) rows.push(...(await editorFigures(cacheDir, file)));
    if (figures.includes('cli')) rows.push(cliFigure(file, dir));
    if (figures.includes('parse')) rows.push(parseFigure());
    if (figures.includes('memory')) rows.push(await memoryFigure(cacheDir, file));
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
