// Cold start with downloaded data: the real server over stdio, its rules data
// in a download cache (the BSData catalogues of ../shared/data/bsdata, fetched
// from a local archive as `auspex data fetch --from` does). Time from didOpen to
// the first diagnostics of a real 2000-point Genestealer Cults list, a fresh
// server each run: cold without a digest (the first open after a download),
// cold with the digest (every later start), and warm (a second list in the same
// server); then the server's memory after 3,000 requests.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeLensRequest, CompletionRequest, DidOpenTextDocumentNotification, HoverRequest, Position } from 'vscode-languageserver-protocol/node';
import { BenchRow, summarize } from './harness';
import { fetchData } from '../server/src/node/fetchData';
import { cachedSources } from '../server/src/node/dataCache';
import { folderFiles, zipOf } from '../test/support/archives';
import { ServerHandle, startServerProcess } from '../test/support/lspClient';
import { hasShared, sharedPath } from '../test/support/shared';

const RUNS = 7;
const REQUESTS = 1000;

/** A fresh server over stdio whose download cache is `cacheDir` (bench/targets.ts too). */
export async function start(cacheDir: string): Promise<ServerHandle> {
  const server = startServerProcess();
  await server.initialize({ initializationOptions: { cacheDir } });
  return server;
}

/** Opens the list and resolves with the milliseconds until its first diagnostics. */
export async function open(server: ServerHandle, uri: string, text: string): Promise<number> {
  const published = server.diagnostics(uri, () => true, 60000);
  const t0 = process.hrtime.bigint();
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version: 1, text } });
  await published;
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** `count` positions, each the middle of a non-blank line, spread over the list. */
export function positions(text: string, count: number): Position[] {
  const all: Position[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim()) all.push({ line: i, character: line.length >> 1 });
  });
  return Array.from({ length: count }, (_, i) => all[(i * 7919) % all.length]);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export async function run(): Promise<BenchRow[]> {
  if (!hasShared('data', 'bsdata') || !hasShared('lists', 'gwapp_gsc_1.txt')) {
    return [{ name: 'cold start with downloaded data', median: NaN, p99: NaN, runs: 0, note: 'skipped: ../shared is absent' }];
  }
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-bench-cache-'));
  try {
    const archive = path.join(dir, 'wh40k-10e.zip');
    fs.writeFileSync(archive, zipOf(folderFiles(sharedPath('data', 'bsdata'), 'wh40k-10e-main')));
    const cacheDir = path.join(dir, 'cache');
    const [fetched] = await fetchData({ root: cacheDir, edition: 10, sources: [archive] });
    if (fetched.status !== 'fetched') throw new Error(fetched.message);
    const digestDir = `${cachedSources(cacheDir, 10)[0].versionDir}.digest`;
    const file = sharedPath('lists', 'gwapp_gsc_1.txt');
    const text = fs.readFileSync(file, 'utf8');
    const uri = `file://${file}`;

    const noDigest: number[] = [];
    const withDigest: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      fs.rmSync(digestDir, { recursive: true, force: true });
      const s1 = await start(cacheDir);
      noDigest.push(await open(s1, uri, text));
      await s1.stop();
      // The digest the first server wrote is what this one reads.
      const s2 = await start(cacheDir);
      withDigest.push(await open(s2, uri, text));
      warm.push(await open(s2, 'untitled:second.army', text));
      await s2.stop();
    }
    const verdict = (ms: number) => `target < 150 ms: ${ms < 150 ? 'met' : 'NOT met'} (median)`;
    rows.push({ ...summarize('didOpen → first diagnostics, cache, cold, no digest', noDigest), note: 'BSData GSC from the download cache, fresh server, first open after a download' });
    rows.push({ ...summarize('didOpen → first diagnostics, cache, cold, digest', withDigest), note: `fresh server, faction read from its digest; ${verdict(median(withDigest))}` });
    rows.push({ ...summarize('didOpen → first diagnostics, cache, warm', warm), note: 'a second list in the same server (faction loaded)' });

    // Memory after 3,000 requests, cold start from the digest.
    const server = await start(cacheDir);
    await open(server, uri, text);
    const doc = { uri };
    for (const p of positions(text, REQUESTS)) await server.connection.sendRequest(HoverRequest.type, { textDocument: doc, position: p });
    for (const p of positions(text, REQUESTS)) await server.connection.sendRequest(CompletionRequest.type, { textDocument: doc, position: p });
    for (let i = 0; i < REQUESTS; i++) await server.connection.sendRequest(CodeLensRequest.type, { textDocument: doc });
    const rss = rssMb(server.process.pid!);
    rows.push({ name: 'server memory after 3,000 requests, cache + digest (MB)', median: rss, p99: rss, runs: 1, note: `VmRSS, GSC 2000 pts; target < 120 MB: ${rss < 120 ? 'met' : 'NOT met'}` });
    await server.stop();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
