// Entry point of dist/server.js. VS Code starts it over IPC; other editors run `node dist/server.js --stdio`.
// The transport (lsp/transport.ts) is read from the command line as the protocol library would, and guarded.
import { format } from 'util';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/startServer';
import { serverTransport } from './lsp/transport';

const transport = serverTransport();
const connection = createConnection(ProposedFeatures.all, transport.reader, transport.writer, transport.options);
// Last line of defence: a stray rejected promise is logged, never fatal to the user's session.
process.on('unhandledRejection', (reason) => connection.console.error(`auspex: unhandled rejection: ${String(reason)}`));
const state = startServer(connection, { pumpInput: transport.pumpInput });
if (transport.stdio) {
  // stdout is the protocol: whatever would print there goes to stderr, which editors log.
  for (const k of ['log', 'info', 'debug'] as const) console[k] = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  // The editor closed our input without `exit`: the session is over (an exit code of 1 unless it shut us down).
  for (const event of ['end', 'close'] as const) process.stdin.on(event, () => process.exit(state.shutdownReceived() ? 0 : 1));
}
