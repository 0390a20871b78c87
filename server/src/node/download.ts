// Downloads one URL to a file with Node's own HTTP(S) client: redirects
// followed within the same scheme or from http to https (never https → http),
// a byte ceiling, an overall deadline and an idle timeout (BOUNDS), HTTPS_PROXY / HTTP_PROXY honoured (a CONNECT tunnel; NO_PROXY
// respected), a conditional request for "unchanged" (ETag / Last-Modified),
// the body hashed as it streams, and a short body (the connection dropped, fewer
// bytes than Content-Length) reported as truncated, never accepted.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as https from 'https';
import * as net from 'net';
import * as tls from 'tls';
import { Transform } from 'stream';
import { pipeline } from 'stream/promises';
import { BOUNDS } from '../service/domain/bounds';

export interface DownloadOptions {
  /** Sent as If-None-Match / If-Modified-Since: a 304 answer means "unchanged". */
  etag?: string;
  lastModified?: string;
  /** Called as bytes arrive (total when the server said it). */
  onProgress?: (received: number, total: number | undefined) => void;
  signal?: AbortSignal;
  /** Environment for the proxy variables (default process.env). */
  env?: NodeJS.ProcessEnv;
  maxRedirects?: number;
  /** No byte for this long ends the download (default BOUNDS.downloadIdleMs). */
  idleTimeoutMs?: number;
  /** The whole download, redirects, headers and body, ends after this long (default BOUNDS.downloadMs). */
  deadlineMs?: number;
  /** A body larger than this is refused (default BOUNDS.downloadBytes). */
  maxBytes?: number;
}

export type DownloadResult =
  | { status: 'not-modified'; url: string }
  | { status: 'ok'; url: string; bytes: number; sha256: string; etag?: string; lastModified?: string };
// `url` is where the body came from: the last redirect's target.

export class DownloadError extends Error {
  /** True when the server could not be reached at all (offline, refused, no such host). */
  constructor(message: string, readonly offline = false) {
    super(message);
  }
}

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET_BEFORE_RESPONSE']);

export async function download(url: string, dest: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const maxRedirects = options.maxRedirects ?? 10;
  const deadlineMs = options.deadlineMs ?? BOUNDS.downloadMs;
  // One signal for the caller's Cancel and the overall deadline: a server dripping a byte now and
  // then (headers or body) never resets it, as it resets the idle timeout.
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new DownloadError(`the download of ${url} did not finish within ${secs(deadlineMs)}: stopped`)), deadlineMs);
  const cancel = () => ctl.abort(new DownloadError('the download was cancelled'));
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);
  const opts: DownloadOptions = { ...options, signal: ctl.signal, maxBytes: options.maxBytes ?? BOUNDS.downloadBytes };
  try {
    let current = url;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const res = await request(current, opts);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new DownloadError(`${current} answered ${status} without a Location`);
        const next = new URL(location, current);
        const from = new URL(current).protocol;
        if (!redirectAllowed(from, next.protocol)) {
          throw new DownloadError(`${current} redirected to ${next.toString()}, from ${from.slice(0, -1)} to ${next.protocol.slice(0, -1)}: refused (only the same scheme or http to https)`);
        }
        current = next.toString();
        continue;
      }
      if (status === 304) {
        res.resume();
        return { status: 'not-modified', url: current };
      }
      if (status !== 200) {
        res.resume();
        throw new DownloadError(`${current} answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`);
      }
      return await receive(res, current, dest, opts);
    }
    throw new DownloadError(`more than ${maxRedirects} redirects from ${url}`);
  } catch (e) {
    if (ctl.signal.aborted && ctl.signal.reason instanceof DownloadError) throw ctl.signal.reason;
    throw e;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** A redirect keeps its scheme or goes to a safer one: https never falls back to http (nor to anything else). */
export function redirectAllowed(fromProtocol: string, toProtocol: string): boolean {
  return fromProtocol === toProtocol ? toProtocol === 'http:' || toProtocol === 'https:' : fromProtocol === 'http:' && toProtocol === 'https:';
}

const secs = (ms: number) => (ms >= 60000 && ms % 60000 === 0 ? `${ms / 60000} min` : `${ms / 1000} s`);

async function receive(res: http.IncomingMessage, url: string, dest: string, options: DownloadOptions): Promise<DownloadResult> {
  const header = res.headers['content-length'];
  const total = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  if (options.maxBytes !== undefined && total !== undefined && total > options.maxBytes) {
    res.destroy();
    throw new DownloadError(`${url} is ${total} bytes, more than the ${options.maxBytes} allowed (${mib(options.maxBytes)}): refused`);
  }
  const hash = crypto.createHash('sha256');
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      received += chunk.length;
      if (options.maxBytes !== undefined && received > options.maxBytes) return cb(new DownloadError(`${url} sent more than the ${options.maxBytes} bytes allowed (${mib(options.maxBytes)}): stopped`));
      hash.update(chunk);
      options.onProgress?.(received, total);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(res, meter, fs.createWriteStream(dest), { signal: options.signal });
  } catch (e) {
    if (options.signal?.aborted) throw new DownloadError('the download was cancelled');
    if (e instanceof DownloadError) throw e;
    throw new DownloadError(`the download of ${url} was cut short after ${received}${total !== undefined ? ` of ${total}` : ''} bytes (${(e as Error).message})`);
  }
  if (total !== undefined && received !== total) {
    throw new DownloadError(`the download of ${url} was truncated: ${received} of ${total} bytes`);
  }
  return {
    status: 'ok',
    url,
    bytes: received,
    sha256: hash.digest('hex'),
    etag: str(res.headers.etag),
    lastModified: str(res.headers['last-modified']),
  };
}

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

function str(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** One GET, through the proxy the environment names for this URL's scheme. */
function request(url: string, options: DownloadOptions): Promise<http.IncomingMessage> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return Promise.reject(new DownloadError(`cannot download ${url}: only http and https URLs (or a local path)`));
  const headers: Record<string, string> = { 'user-agent': 'auspex', accept: '*/*' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const proxy = proxyFor(u, options.env ?? process.env);
  const idle = options.idleTimeoutMs ?? BOUNDS.downloadIdleMs;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (e: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      if (options.signal?.aborted) return reject(options.signal.reason instanceof DownloadError ? options.signal.reason : new DownloadError('the download was cancelled'));
      reject(e instanceof DownloadError ? e : new DownloadError(`cannot reach ${u.host}: ${e.code ?? e.message}`, OFFLINE_CODES.has(e.code ?? '') || e.code === 'ECONNRESET'));
    };
    const send = (socket?: net.Socket) => {
      const lib = u.protocol === 'https:' ? https : http;
      const req = lib.request(
        u,
        {
          method: 'GET',
          headers,
          signal: options.signal,
          // A fresh connection each time: a kept-alive socket to a server since gone would read as a reset.
          ...(socket ? {} : { agent: false }),
          ...(socket ? { createConnection: () => (u.protocol === 'https:' ? tls.connect({ socket, servername: u.hostname }) : socket) } : {}),
        },
        (res) => {
          settled = true;
          res.setTimeout(idle, () => res.destroy(new Error(`no data for ${idle / 1000} s`)));
          resolve(res);
        },
      );
      req.setTimeout(idle, () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      req.on('error', fail);
      req.end();
    };
    if (!proxy) return send();
    // CONNECT tunnel through the proxy, then the request (TLS for https) over it.
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    const auth = proxy.username ? { 'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}` } : {};
    const connect = (proxy.protocol === 'https:' ? https : http).request({
      host: proxy.hostname,
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: `${u.hostname}:${port}`,
      headers: { host: `${u.hostname}:${port}`, ...auth },
      signal: options.signal,
    });
    connect.setTimeout(idle, () => connect.destroy(Object.assign(new Error('proxy timed out'), { code: 'ETIMEDOUT' })));
    connect.on('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        return fail(new DownloadError(`the proxy ${proxy.host} refused the tunnel to ${u.host}: HTTP ${res.statusCode}`));
      }
      send(socket);
    });
    connect.on('error', (e: Error & { code?: string }) => fail(Object.assign(new Error(`proxy ${proxy.host}: ${e.code ?? e.message}`), { code: e.code })));
    connect.end();
  });
}

/** The proxy for a URL: HTTPS_PROXY for https, HTTP_PROXY for http (either case), unless NO_PROXY covers the host. */
export function proxyFor(u: URL, env: NodeJS.ProcessEnv): URL | undefined {
  const raw = u.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  if (!raw) return undefined;
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const host = u.hostname.toLowerCase();
  if (noProxy.some((n) => n === '*' || host === n.replace(/^\./, '') || host.endsWith(n.startsWith('.') ? n : `.${n}`))) return undefined;
  try {
    return new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    return undefined;
  }
}
