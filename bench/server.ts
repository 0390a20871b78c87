// The real server over stdio, as an editor drives it: hover, completion and
// code lens round trips (p50/p99 over 1,000+ requests at varied positions of a
// real 2000-point list), the time from didOpen to the first diagnostics with
// embedded, BattleScribe and Wahapedia data (a fresh server each), and the
// server's resident memory after load.
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeLensRequest,
  CompletionRequest,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializeResult,
  Position,
} from 'vscode-languageserver-protocol/node';
import { BenchRow, summarize } from './harness';
import { grown } from './service';
import { ServerHandle, startServerProcess } from '../test/support/lspClient';
import { repoRoot, sharedPath, hasShared } from '../test/support/shared';

const REQUESTS = 1000;
const OPEN_RUNS = 7;

interface Setup {
  label: string;
  file: string;
  paths: string[];
}

async function start(paths: string[]): Promise<{ server: ServerHandle; init: InitializeResult }> {
  const server = startServerProcess();
  const init = await server.initialize({ initializationOptions: paths.length ? { data: { paths } } : {} });
  return { server, init };
}

const stop = (server: ServerHandle) => server.stop();

/** Opens the list and resolves with the milliseconds until its first diagnostics. */
async function open(server: ServerHandle, uri: string, text: string): Promise<number> {
  const published = server.diagnostics(uri, () => true, 60000);
  const t0 = process.hrtime.bigint();
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'army-list', version: 1, text },
  });
  await published;
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Positions spread over every non-blank line: line start, middle and end, in a fixed shuffled order. */
function positions(text: string, count: number): Position[] {
  const all: Position[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    for (const c of new Set([0, line.length >> 1, Math.max(0, line.length - 1)])) all.push({ line: i, character: c });
  });
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: count }, () => all[Math.floor(rnd() * all.length)]);
}

async function timeEach<T>(items: T[], fn: (x: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const x of items) {
    const t0 = process.hrtime.bigint();
    await fn(x);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const verdict = (value: number, limit: number) => `target < ${limit} ms: ${value < limit ? 'met' : 'NOT met'}`;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const example = path.join(repoRoot, 'examples', 'claw-of-ascension.army');
  const haveShared = hasShared('lists', 'gwapp_gsc_1.txt') && hasShared('data', 'bsdata');
  const main: Setup = haveShared
    ? { label: 'GSC 2000 pts + BSData', file: sharedPath('lists', 'gwapp_gsc_1.txt'), paths: [sharedPath('data', 'bsdata')] }
    : { label: 'example list, embedded data', file: example, paths: [] };

  // Round trips on one warm server.
  {
    const text = fs.readFileSync(main.file, 'utf8');
    const uri = `file://${main.file}`;
    const { server, init } = await start(main.paths);
    await open(server, uri, text);
    const at = positions(text, REQUESTS);
    const doc = { uri };
    // Warm-up: the JIT and the damage cache, as after a few seconds of editing.
    for (const p of at.slice(0, 50)) await server.connection.sendRequest(HoverRequest.type, { textDocument: doc, position: p });
    const hover = summarize('hover round trip', await timeEach(at, (p) => server.connection.sendRequest(HoverRequest.type, { textDocument: doc, position: p })));
    rows.push({ ...hover, note: `${main.label}; ${verdict(hover.p99, 10)} (p99)` });
    if (init.capabilities.completionProvider) {
      const times = await timeEach(at, (p) => server.connection.sendRequest(CompletionRequest.type, { textDocument: doc, position: p }));
      const c = summarize('completion round trip', times);
      rows.push({ ...c, note: `${main.label}; ${verdict(c.p99, 10)} (p99)` });
    } else {
      // Sent anyway: an absent capability must still be answered, not hang.
      const times = await timeEach(at.slice(0, 10), (p) => server.connection.sendRequest(CompletionRequest.type, { textDocument: doc, position: p }).catch(() => null));
      rows.push({ ...summarize('completion round trip', times), note: 'not offered (no completionProvider capability)' });
    }
    let lensCount = 0;
    const lensTimes = await timeEach(Array.from({ length: REQUESTS }), async () => {
      lensCount = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: doc }))?.length ?? 0;
    });
    const lens = summarize('code lenses, whole list', lensTimes);
    rows.push({ ...lens, note: `${main.label}, ${lensCount} lenses; ${verdict(lens.median, 20)} (median)` });
    const rss = rssMb(server.process.pid!);
    rows.push({ name: 'server resident memory after load (MB)', median: rss, p99: rss, runs: 1, note: `VmRSS, ${main.label}, after ${3 * REQUESTS} requests` });
    await stop(server);
  }

  // Growth: the same round trips on lists 10× and 50× the size, fewer requests each.
  for (const factor of [10, 50]) {
    const text = grown(fs.readFileSync(main.file, 'utf8'), factor);
    const uri = `file:///bench-${factor}x.army`;
    const { server } = await start(main.paths);
    await open(server, uri, text);
    const at = positions(text, 200);
    const doc = { uri };
    const label = `${main.label}, ${factor}× (${text.split('\n').length} lines)`;
    rows.push({ ...summarize(`hover round trip ${factor}×`, await timeEach(at, (p) => server.connection.sendRequest(HoverRequest.type, { textDocument: doc, position: p }))), note: label });
    rows.push({ ...summarize(`completion round trip ${factor}×`, await timeEach(at, (p) => server.connection.sendRequest(CompletionRequest.type, { textDocument: doc, position: p }))), note: label });
    let lensCount = 0;
    const lensTimes = await timeEach(Array.from({ length: 50 }), async () => {
      lensCount = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: doc }))?.length ?? 0;
    });
    rows.push({ ...summarize(`code lenses, whole list ${factor}×`, lensTimes), note: `${label}, ${lensCount} lenses${lensCount ? '' : ' (beyond the size limit: none)'}` });
    await stop(server);
  }

  // didOpen → first diagnostics, a fresh server each run (the first open loads the faction).
  const opens: Setup[] = [{ label: 'embedded data', file: example, paths: [] }];
  if (haveShared) opens.push({ label: 'BattleScribe data', file: main.file, paths: [sharedPath('data', 'bsdata')] });
  if (haveShared && hasShared('data', 'wahapedia')) opens.push({ label: 'Wahapedia data', file: main.file, paths: [sharedPath('data', 'wahapedia')] });
  for (const s of opens) {
    const text = fs.readFileSync(s.file, 'utf8');
    const times: number[] = [];
    let rss = 0;
    for (let i = 0; i < OPEN_RUNS; i++) {
      const { server } = await start(s.paths);
      times.push(await open(server, `file://${s.file}`, text));
      rss = rssMb(server.process.pid!);
      await stop(server);
    }
    const note = `${path.basename(s.file)}, fresh server each; RSS ${rss.toFixed(0)} MB` + (s.paths.length ? '' : `; ${verdict(median(times), 150)} (median)`);
    rows.push({ ...summarize(`didOpen → first diagnostics, ${s.label}`, times), note });
  }
  if (!haveShared) rows.push({ name: 'BattleScribe / Wahapedia first diagnostics', median: NaN, p99: NaN, runs: 0, note: 'skipped: ../shared is absent' });
  return rows;
}
