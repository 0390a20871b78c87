// The language server run in this process over a pair of in-memory streams, for tests that measure its heap
// (hostileMemory.test.ts, hostileEdits.test.ts): the heap is read after the garbage is collected.
import { PassThrough } from 'stream';
import * as v8 from 'v8';
import * as vm from 'vm';
import { createConnection } from 'vscode-languageserver/node';
import { createProtocolConnection, InitializedNotification, InitializeRequest, ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { startServer } from '../../server/src/lsp/startServer';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The heap once the garbage is collected. */
export async function heldHeap(): Promise<number> {
  // V8 keeps the subject of the last regular-expression match (RegExp.lastMatch) in its context: after the
  // close that was the whole list's text, held until the next match anywhere; a match on a small string here
  // stands for the server's next request (a heap snapshot showed that slot as the only retainer).
  /x/.exec('x');
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/** A server in this process and the client connected to it, initialized (`listen` is up to the caller's handlers). */
export async function startInProcess(register: (client: ProtocolConnection) => void): Promise<ProtocolConnection> {
  const up = new PassThrough();
  const down = new PassThrough();
  startServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)));
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  register(client);
  client.listen();
  // No processId: the server would otherwise watch this process with a timer.
  await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
  await client.sendNotification(InitializedNotification.type, {});
  return client;
}
