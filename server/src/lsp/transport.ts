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
  IPCMessageReader,
  IPCMessageWriter,
  LSPErrorCodes,
  MessageReader,
  MessageWriter,
  ResponseError,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import * as fs from 'fs';
import { BoundedStreamReader } from './messageReader';
import { guardedReader } from './messageGuard';
import { fileCancellationReceiver } from './cancellation';
import { cancellationFolderArg } from '../node/cancellationFiles';

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

