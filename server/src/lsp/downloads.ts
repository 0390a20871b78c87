// Download Rules Data in the server (auspex/downloadData): one download at a time into the cache folder, its
// progress sent to the client (at most ten notifications a second), the data reloaded when a source brought a new
// version, each source's outcome logged at its level; and auspex.data.autoUpdate "weekly" in the background.
import { NotificationType, RequestType } from 'vscode-languageserver/node';
import type { Connection } from 'vscode-languageserver/node';
import { fetchData, FetchOutcome } from '../node/fetchData';
import { staleEditions } from '../node/dataCache';
import type { Edition } from '../service/domain/editions';
import type { Settings } from '../service/settings';

/** Client → server: download an edition's community rules data into the cache (cancellable), then use it. */
export const DownloadDataRequest = new RequestType<{ edition?: string; sources?: string[] }, DownloadDataResult, void>('auspex/downloadData');
/** Server → client: bytes received so far by the download under way. */
export const DownloadProgressNotification = new NotificationType<{ source: string; received: number; total?: number }>('auspex/downloadProgress');

export interface DownloadDataResult {
  cache: string;
  outcomes: { source: string; status: FetchOutcome['status']; message: string; version?: string }[];
  error?: string;
}

/** The background check of `auspex.data.autoUpdate: weekly` runs this often; it fetches what is a week old. */
const AUTO_UPDATE_EVERY_MS = 6 * 3600 * 1000;
const WEEK_MS = 7 * 24 * 3600 * 1000;

export class DataDownloads {
  /** One download at a time from this server (the cache's lock covers other processes). */
  private downloading: Promise<unknown> | undefined;
  private readonly timer: ReturnType<typeof setInterval>;

  /** `fetched`: a source brought a new version (the data is to be reloaded and every list checked again). */
  constructor(
    private readonly connection: Connection,
    private readonly cacheFolder: () => string,
    private readonly settings: () => Settings,
    private readonly fetched: () => void,
    private readonly logError: (err: unknown) => void,
  ) {
    connection.onRequest(DownloadDataRequest, async (p, token) => {
      const edition: Edition = p?.edition === '10' ? 10 : 11;
      const sources = Array.isArray(p?.sources) && p.sources.length ? p.sources.map(String) : (this.settings().dataSources[String(edition)] ?? []);
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return this.download(edition, sources, abort.signal);
    });
    this.timer = setInterval(() => this.autoUpdate(), AUTO_UPDATE_EVERY_MS);
    this.timer.unref?.();
  }

  async download(edition: Edition, sources: string[], signal?: AbortSignal): Promise<DownloadDataResult> {
    const { connection } = this;
    const cache = this.cacheFolder();
    while (this.downloading) await this.downloading.catch(() => undefined);
    let lastSent = 0;
    const run = fetchData({
      root: cache,
      edition,
      sources,
      signal,
      onProgress: (source, received, total) => {
        // At most ten notifications a second.
        const now = Date.now();
        if (now - lastSent < 100 && received !== total) return;
        lastSent = now;
        void connection.sendNotification(DownloadProgressNotification, { source, received, total });
      },
    });
    this.downloading = run;
    try {
      const outcomes = await run;
      if (outcomes.some((o) => o.status === 'fetched')) this.fetched();
      // A source that failed is a problem to find: a warning; a fetched or unchanged one a note.
      for (const o of outcomes) {
        if (o.status === 'failed' || o.status === 'offline') connection.console.warn(`auspex data fetch: ${o.message}`);
        else connection.console.info(`auspex data fetch: ${o.message}`);
      }
      return { cache, outcomes: outcomes.map((o) => ({ source: o.source, status: o.status, message: o.message, version: o.current?.label })) };
    } catch (e) {
      return { cache, outcomes: [], error: e instanceof Error ? e.message : String(e) };
    } finally {
      if (this.downloading === run) this.downloading = undefined;
    }
  }

  /** auspex.data.autoUpdate "weekly": refresh week-old downloaded data in the background, never blocking a request. */
  autoUpdate(): void {
    const settings = this.settings();
    if (settings.dataAutoUpdate !== 'weekly' || this.downloading) return;
    let stale: ReturnType<typeof staleEditions> = [];
    try {
      stale = staleEditions(this.cacheFolder(), WEEK_MS);
    } catch (err) {
      this.logError(err);
    }
    void (async () => {
      for (const { edition, sources } of stale) {
        const configured = settings.dataSources[String(edition)];
        await this.download(edition, configured?.length ? configured : sources);
      }
    })().catch(this.logError);
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
