// `auspex data fetch [--edition 10|11] [--from URL]... [--cache DIR]` and
// `auspex data status [--json]`: download community rules data into the
// per-user cache, and say what the cache holds.
import type { Edition } from '../service/domain/editions/types';
import { age, cacheStatus } from '../node/dataCache';
import { fetchData } from '../node/fetchData';
import { CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

export async function fetchCommand(root: string, edition: Edition, sources: string[], io: CliIO, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  io.err(`auspex: fetching ${edition}th-edition rules data into ${root}\n`);
  let lastShown = 0;
  // Ctrl-C or a kill (SIGTERM) cancels the fetch: its temporary files go and the cache stays as it was.
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const outcomes = await fetchData({
    root,
    edition,
    sources,
    env,
    signal: abort.signal,
    onWait: () => io.err('auspex: another fetch is writing the cache; waiting for it to finish\n'),
    onProgress: (source, received, total) => {
      // A line per 10 MB at most: progress without flooding a log.
      if (received - lastShown < 10 * 1024 * 1024 && received !== total) return;
      lastShown = received;
      io.err(`auspex: ${source}: ${(received / 1024 / 1024).toFixed(1)}${total ? ` of ${(total / 1024 / 1024).toFixed(1)}` : ''} MB\n`);
    },
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (abort.signal.aborted) io.err('auspex: the fetch was cancelled; the cache is as it was\n');
  let failed = abort.signal.aborted;
  for (const o of outcomes) {
    if (o.status === 'failed') failed = true;
    if (o.status === 'offline' && !o.current) failed = true;
    (o.status === 'fetched' || o.status === 'unchanged' ? io.out : io.err)(`${o.status === 'failed' ? 'failed: ' : ''}${o.message}\n`);
    lastShown = 0;
  }
  return failed ? EXIT_FINDINGS : EXIT_OK;
}

export function statusCommand(root: string, json: boolean, io: CliIO): number {
  const entries = cacheStatus(root);
  if (json) {
    io.out(JSON.stringify({ cache: root, sources: entries }, null, 2) + '\n');
    return EXIT_OK;
  }
  if (entries.length === 0) {
    io.out(`The cache ${root} holds no rules data: run \`auspex data fetch\`.\n`);
    return EXIT_OK;
  }
  for (const e of entries) {
    io.out(
      `${e.edition}th edition  ${e.source}\n  version ${e.version}, fetched ${e.fetchedAt} (${age(e.fetchedAt)}), ${e.files} files, ${(e.bytes / 1024 / 1024).toFixed(1)} MB\n  ${e.where}\n` +
        (e.previous ? `  previous version kept: ${e.previous.version} (fetched ${e.previous.fetchedAt})\n` : ''),
    );
  }
  return EXIT_OK;
}
