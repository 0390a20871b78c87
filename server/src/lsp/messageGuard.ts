// What the server reads of a protocol message before the protocol library does: its nesting, measured from its bytes
// before parsing (`scanDepth`, with the top-level id and method it states) or, for a message a transport delivers
// parsed, without recursion (`deeperThan`); and the stand-in a refused message becomes (`standIn`), which the
// connection answers in the ordinary way (startServer.ts: a request gets InvalidParams, the rest is logged).
import type { DataCallback, Message, MessageReader, ResponseMessage } from 'vscode-languageserver/node';
import { ErrorCodes } from 'vscode-languageserver/node';
import { BOUNDS } from '../service/domain/bounds';

/** Server-internal methods the stand-ins of refused messages are dispatched to. */
export const REFUSED_REQUEST = 'auspex/$refusedRequest';
export const REFUSED_NOTIFICATION = 'auspex/$refusedNotification';

export interface Refusal {
  /** The method the refused message named, when it named one as a string. */
  method?: string;
  reason: string;
}

// ---------------------------------------------------------------- before parsing (bytes)

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Whether a JSON text nests deeper than `max`, read from its bytes in one pass without parsing; when it does (or when
 * `always`), the top-level `id` and `method` it states (read as they pass, before the nesting was met or after it).
 */
export function scanDepth(bytes: Uint8Array, max: number = BOUNDS.messageDepth, always = false): { deep: boolean; id?: number | string | null; method?: string } {
  let depth = 0;
  let deep = false;
  let inString = false;
  let stringStart = 0;
  /** At depth 1: the last key read, and where its scalar value starts (-1 while none). */
  let key: string | undefined;
  let expectKey = false;
  let valueStart = -1;
  let id: number | string | null | undefined;
  let method: string | undefined;
  const text = (from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('utf8');
  const takeValue = (end: number) => {
    if (valueStart < 0 || key === undefined) return;
    const raw = text(valueStart, end).trim();
    valueStart = -1;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      return;
    }
    if (key === 'id' && (typeof v === 'number' || typeof v === 'string' || v === null)) id = v;
    if (key === 'method' && typeof v === 'string') method = v;
  };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    if (inString) {
      // To the string's closing quote natively (a document's text is most of a large message): a quote after an
      // odd run of backslashes is escaped.
      let q = buffer.indexOf(QUOTE, i);
      for (;;) {
        if (q < 0) return deep || always ? { deep, id, method } : { deep };
        let slashes = 0;
        while (q - 1 - slashes >= i && bytes[q - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        q = buffer.indexOf(QUOTE, q + 1);
      }
      i = q;
      inString = false;
      if (depth === 1 && expectKey) {
        try {
          key = JSON.parse(text(stringStart, i + 1)) as string;
        } catch {
          key = undefined;
        }
        expectKey = false;
      }
      continue;
    }
    const b = bytes[i];
    switch (b) {
      case QUOTE:
        inString = true;
        stringStart = i;
        break;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (depth === 1) valueStart = -1; // a nested value: neither an id nor a method
        depth++;
        if (depth === 1) expectKey = b === OPEN_BRACE;
        if (depth > max) deep = true;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (depth === 1) takeValue(i);
        depth--;
        break;
      case COLON:
        if (depth === 1) valueStart = i + 1;
        break;
      case COMMA:
        if (depth === 1) {
          takeValue(i);
          expectKey = true;
        }
        break;
    }
  }
  return deep || always ? { deep, id, method } : { deep };
}

/** The stdio decoder: the depth is read before parsing; a message too deep is never parsed. */
export function decodeGuarded(bytes: Uint8Array, max: number = BOUNDS.messageDepth): Message {
  const scan = scanDepth(bytes, max);
  if (scan.deep) return standIn(scan.id, scan.method, tooDeep(max));
  return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as Message;
}

// ---------------------------------------------------------------- after parsing (values)

/** Whether a parsed value nests deeper than `max` arrays or objects, measured without recursion. */
export function deeperThan(value: unknown, max: number = BOUNDS.messageDepth): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) if (x !== null && typeof x === 'object') stack.push([x, d + 1]);
  }
  return false;
}

/** A reader whose messages are measured before the connection sees them (transports that deliver them parsed). */
export function guardedReader(inner: MessageReader, max: number = BOUNDS.messageDepth): MessageReader {
  return {
    onError: inner.onError,
    onClose: inner.onClose,
    onPartialMessage: inner.onPartialMessage,
    dispose: () => inner.dispose(),
    listen: (callback: DataCallback) =>
      inner.listen((message) => {
        const m = message as unknown as { id?: unknown; method?: unknown };
        if (message === null || typeof message !== 'object' || !deeperThan(message, max)) return callback(message);
        const id = typeof m.id === 'number' || typeof m.id === 'string' ? m.id : undefined;
        callback(standIn(id, typeof m.method === 'string' ? m.method : undefined, tooDeep(max)));
      }),
  };
}

const tooDeep = (max: number) => `the message nests deeper than ${max} levels: refused without being read`;

/** What a refused message becomes: a request to refuse, a failed response, or a notification to log. */
export function standIn(id: number | string | null | undefined, method: string | undefined, reason: string): Message {
  // A request's nesting is in its params (its method and id are plain values): InvalidParams, as the handlers say it.
  if (method !== undefined && (typeof id === 'number' || typeof id === 'string')) return { jsonrpc: '2.0', id, method: REFUSED_REQUEST, params: { method, reason } } as Message;
  if (method === undefined && id !== undefined) {
    const response: ResponseMessage = { jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: reason } };
    return response;
  }
  return { jsonrpc: '2.0', method: REFUSED_NOTIFICATION, params: { ...(method !== undefined ? { method } : {}), reason } } as Message;
}
