// A minimal LSP client for protocol tests: spawns the bundled server over
// stdio and speaks JSON-RPC to it, as any editor would.
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import * as assert from 'assert';
import {
  ConnectionOptions,
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeParams,
  InitializeRequest,
  InitializeResult,
  ShutdownRequest,
  ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  PublishDiagnosticsParams,
  PublishDiagnosticsNotification,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from './shared';

export interface ServerHandle {
  connection: ProtocolConnection;
  process: ChildProcess;
  stderr: () => string;
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  diagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean, timeoutMs?: number): Promise<PublishDiagnosticsParams>;
  exited: Promise<number | null>;
  /** initialize + initialized, as an editor starts a session; returns the server's capabilities. */
  initialize(params?: Partial<InitializeParams>): Promise<InitializeResult>;
  /** didOpen, then the first diagnostics published for it. */
  open(uri: string, text: string, version?: number): Promise<PublishDiagnosticsParams>;
  /** shutdown + exit; asserts the server exits cleanly. */
  stop(): Promise<void>;
}

/** `options`: the client connection's (a cancellation strategy). */
export function startServerProcess(args: string[] = [], options?: ConnectionOptions): ServerHandle {
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'server.js'), '--stdio', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!), undefined, options);
  const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const handle: ServerHandle = {
    connection,
    process: child,
    stderr: () => stderr,
    exited,
    async initialize(params = {}) {
      const result = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, ...params });
      await connection.sendNotification(InitializedNotification.type, {});
      return result;
    },
    async open(uri, text, version = 1) {
      const published = handle.diagnostics(uri);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'army-list', version, text } });
      return published;
    },
    async stop() {
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      assert.strictEqual(await exited, 0, `server exits cleanly (stderr: ${stderr})`);
      connection.dispose();
    },
    diagnostics(uri, accept = () => true, timeoutMs = 10000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ uri, accept, resolve: (p) => (clearTimeout(timer), resolve(p)) });
      });
    },
  };
  return handle;
}
