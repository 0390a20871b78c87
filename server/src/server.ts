// Entry point of dist/server.js. VS Code starts it over IPC; other editors run
// `node dist/server.js --stdio`. createConnection picks the transport from argv.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/startServer';

const connection = createConnection(ProposedFeatures.all);
// Last line of defence: a stray rejected promise is logged, never fatal to the user's session.
process.on('unhandledRejection', (reason) => connection.console.error(`auspex: unhandled rejection: ${String(reason)}`));
startServer(connection);
