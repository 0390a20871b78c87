// The server's end of the wire, guarded. A message nested deeper than BOUNDS.messageDepth never reaches the
// protocol library, whose handling of an invalid message (and its traces) stringifies it recursively: a 10 KB array
// 5,000 deep overflowed the stack and killed the server before `initialize`. Over stdio the frames are read by
// `messageReader.ts` (linear, bounded) and the depth from the bytes before they are parsed (a linear scan, no parse
// of a hostile nesting); over IPC, a socket or a pipe the
// message arrives parsed (V8's JSON.parse does not recurse) and is measured without recursion. A refused message
// becomes a stand-in the connection answers in the ordinary way: a request gets an InvalidRequest error, a response
// rejects its request, anything else is logged. The connection's options: requests cancelled while still queued are
// answered at once and never run; `--cancellationReceive=file:<dir>` lets a running request see its cancellation.
import {
  CancellationSenderStrategy,
  ConnectionOptions,
  createServerPipeTransport,
  createServerSocketTransport,
  DataCallback,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  LSPErrorCodes,
  Message,
  MessageReader,
  MessageWriter,
  ResponseError,
  ResponseMessage,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import * as fs from 'fs';
import { BoundedStreamReader } from './messageReader';
import { BOUNDS } from '../service/domain/bounds';
import { fileCancellationReceiver } from './cancellation';
import { cancellationFolderArg } from '../node/cancellationFiles';

/** Server-internal methods the stand-ins of refused messages are dispatched to. */
export const REFUSED_REQUEST = 'auspex/$refusedRequest';
export const REFUSED_NOTIFICATION = 'auspex/$refusedNotification';

export interface Refusal {
  /** The method the refused message named, when it named one as a string. */
  method?: string;
  reason: string;
}

export interface ServerTransport {
  reader: MessageReader;
  writer: MessageWriter;
  options: ConnectionOptions;
  /** Over stdio: stdout is the protocol, so nothing else may print there. */
  stdio: boolean;
  /**
   * Reads the input already sent, during a request (its checkpoints): over a stdio pipe, so that a `$/cancelRequest`
   * stops the running request it names (messageReader.ts `pump`). Absent otherwise (IPC: the cancellation folder).
   */
  pumpInput?: () => void;
}

/** Whether descriptor `fd` is a pipe or a socket (Node reads those without blocking). */
function isPipe(fd: number): boolean {
  try {
    const st = fs.fstatSync(fd);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}

/** The transport the command line names (`--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`), guarded. */
export function serverTransport(argv: string[] = process.argv.slice(2)): ServerTransport {
  const options = connectionOptions(argv);
  const value = (name: string): string | undefined => {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === name) return argv[i + 1];
      if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
    }
    return undefined;
  };
  if (argv.includes('--stdio')) {
    const reader = new BoundedStreamReader(process.stdin);
    return { reader, writer: new StreamMessageWriter(process.stdout), options, stdio: true, pumpInput: isPipe(0) ? () => reader.pump(0) : undefined };
  }
  const socket = value('--socket');
  const pipe = value('--pipe');
  const [reader, writer]: [MessageReader, MessageWriter] = socket
    ? createServerSocketTransport(Number(socket))
    : pipe
      ? createServerPipeTransport(pipe)
      : [new IPCMessageReader(process), new IPCMessageWriter(process)];
  return { reader: guardedReader(reader), writer, options, stdio: false };
}

/** Cancelled while queued: answered at once. With a cancellation folder, a running request's token reads it too. */
export function connectionOptions(argv: string[]): ConnectionOptions {
  const folder = cancellationFolderArg(argv);
  return {
    connectionStrategy: {
      cancelUndispatched: (message) => ({
        jsonrpc: '2.0',
        id: (message as { id?: number | string }).id ?? null,
        error: new ResponseError(LSPErrorCodes.RequestCancelled, 'the request was cancelled before it ran').toJson(),
      }),
    },
    ...(folder ? { cancellationStrategy: { receiver: fileCancellationReceiver(folder), sender: CancellationSenderStrategy.Message } } : {}),
  };
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
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) {
        inString = false;
        if (depth === 1 && expectKey) {
          try {
            key = JSON.parse(text(stringStart, i + 1)) as string;
          } catch {
            key = undefined;
          }
          expectKey = false;
        }
      }
      continue;
    }
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
