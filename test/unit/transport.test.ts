// The server's guarded wire (issue 34), in this process: the depth of a JSON text read from its bytes agrees with
// the parsed value's on random messages, with their top-level id and method; the stdio reader gives back the same
// messages however the bytes are cut into chunks (one byte at a time included), resynchronises after junk without a
// header end, and refuses a message beyond its size bound or nested too deep unread, keeping its id for the error.
import * as assert from 'assert';
import { PassThrough } from 'stream';
import type { Message } from 'vscode-languageserver/node';
import { deeperThan, scanDepth } from '../../server/src/lsp/messageGuard';
import { BoundedStreamReader } from '../../server/src/lsp/messageReader';

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x80000000);
}

/** A random JSON value up to `depth` deep, with strings that hold quotes, backslashes, brackets and non-ASCII text. */
function value(rnd: () => number, depth: number): unknown {
  const r = rnd();
  if (depth <= 0 || r < 0.3) {
    const pick = Math.floor(rnd() * 6);
    if (pick === 0) return Math.floor(rnd() * 1e6) - 5e5;
    if (pick === 1) return rnd() < 0.5;
    if (pick === 2) return null;
    const chars = ['a', '"', '\\', '[', ']', '{', '}', ',', ':', '\n', 'é', '•', '\u2028', ' '];
    return Array.from({ length: Math.floor(rnd() * 12) }, () => chars[Math.floor(rnd() * chars.length)]).join('');
  }
  if (r < 0.65) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(rnd, depth - 1));
  return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => [`k${i}"\\`, value(rnd, depth - 1)]));
}

/** Nesting of a parsed value: a scalar 0, an array or object 1 + its deepest member. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  return 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v as object)).map(depthOf));
}

function message(rnd: () => number, i: number): Record<string, unknown> {
  const params = value(rnd, 1 + Math.floor(rnd() * 8));
  const kind = rnd();
  // Keys in any order: the id and method are read wherever they stand.
  const entries: [string, unknown][] = [['jsonrpc', '2.0'], ['params', params]];
  if (kind < 0.7) entries.push(['method', `m/${i}"x`]);
  if (kind > 0.3) entries.push(['id', rnd() < 0.5 ? i : `id-${i}`]);
  entries.sort(() => rnd() - 0.5);
  return Object.fromEntries(entries);
}

const frame = (text: string) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n`), Buffer.from(text)]);

/** Everything `bytes` reads as, fed in chunks of the sizes `cut` gives. */
function readAll(bytes: Buffer, cut: () => number, bounds?: ConstructorParameters<typeof BoundedStreamReader>[1]): { messages: Message[]; errors: string[] } {
  const input = new PassThrough();
  const reader = new BoundedStreamReader(input, bounds);
  const messages: Message[] = [];
  const errors: string[] = [];
  reader.onError((e) => void errors.push(e.message));
  reader.listen((m) => void messages.push(m));
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, cut());
    input.emit('data', bytes.subarray(i, i + n));
    i += n;
  }
  return { messages, errors };
}

describe('the guarded wire (issue 34)', () => {
  it('scanDepth: the depth and the top-level id and method of 2,000 random messages, as parsing them gives', () => {
    const rnd = rng(34);
    for (let i = 0; i < 2000; i++) {
      const m = message(rnd, i);
      const text = JSON.stringify(m);
      const depth = depthOf(m);
      for (const max of [depth - 1, depth]) {
        const scan = scanDepth(Buffer.from(text), max, true);
        assert.strictEqual(scan.deep, depth > max, `${text} at ${max}`);
        assert.strictEqual(scan.id, m.id, text);
        assert.strictEqual(scan.method, m.method, text);
        assert.strictEqual(deeperThan(m, max), depth > max, text);
      }
    }
  });

  it('the reader: 500 random messages give the same messages however the bytes are cut (single bytes too)', () => {
    const rnd = rng(3434);
    const messages = Array.from({ length: 500 }, (_, i) => message(rnd, i));
    const bytes = Buffer.concat(messages.map((m) => frame(JSON.stringify(m))));
    for (const cut of [() => 1, () => 1 + Math.floor(rnd() * 40), () => 1 + Math.floor(rnd() * 5000), () => bytes.length]) {
      const got = readAll(bytes, cut, { headerBytes: 8192, messageBytes: 1 << 20, depth: 64 });
      assert.deepStrictEqual(got.errors, []);
      assert.deepStrictEqual(got.messages, messages);
    }
  });

  it('junk without a header end longer than the header bound: an error, and the next frame is read', () => {
    const hover = { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: {} };
    const bytes = Buffer.concat([Buffer.from('x'.repeat(100_000) + '\r\n\r\n'), frame(JSON.stringify(hover))]);
    const got = readAll(bytes, () => 65536, { headerBytes: 8192, messageBytes: 1 << 20, depth: 64 });
    assert.deepStrictEqual(got.messages, [hover]);
    assert.strictEqual(got.errors.length, 1);
  });

  it('a message beyond the size bound and one nested too deep are refused unread: a request keeps its id for the error', () => {
    const big = { jsonrpc: '2.0', id: 7, method: 'textDocument/didOpen', params: { text: 'x'.repeat(2 << 20) } };
    const deep = `{"jsonrpc":"2.0","id":"d","method":"textDocument/hover","params":${'['.repeat(100) + ']'.repeat(100)}}`;
    const after = { jsonrpc: '2.0', method: 'initialized', params: {} };
    const got = readAll(Buffer.concat([frame(JSON.stringify(big)), frame(deep), frame(JSON.stringify(after))]), () => 4096, { headerBytes: 8192, messageBytes: 1 << 20, depth: 64 });
    assert.strictEqual(got.messages.length, 3);
    const [a, b, c] = got.messages as unknown as { id?: unknown; method?: string; params?: { method?: string; reason?: string } }[];
    assert.strictEqual(a.id, 7);
    assert.strictEqual(a.params?.method, 'textDocument/didOpen');
    assert.match(a.params?.reason ?? '', /beyond the bound of 1048576: refused without being read/);
    assert.strictEqual(b.id, 'd');
    assert.match(b.params?.reason ?? '', /nests deeper than 64 levels/);
    assert.deepStrictEqual(c, after);
  });
});
