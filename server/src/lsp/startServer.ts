// The thin LSP layer, wired: the capabilities, and one module per family of requests over one shared Session
// (session.ts): documents and diagnostics (documentChecks.ts), the client's settings (clientSettings.ts), data and
// downloads (dataRequests.ts, downloads.ts), the status (statusReport.ts), the language features
// (languageFeatures.ts) and Auspex's own requests (customRequests.ts). Nothing here knows the rules of the game.
import { Connection, InitializeParams, InitializeResult, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { SEMANTIC_TOKENS_LEGEND } from '../service/features/semanticTokens';
import { ServerOptions, Session } from './session';
import { DocumentChecks } from './documentChecks';
import { DataRequests } from './dataRequests';
import { ClientSettings } from './clientSettings';
import { registerLanguageFeatures } from './languageFeatures';
import { registerCustomRequests } from './customRequests';

export type { ServerOptions } from './session';

/** What the entry point needs to know of the session. */
export interface ServerState {
  /** Whether the client asked the server to shut down (the exit code when its input closes). */
  shutdownReceived(): boolean;
}

export function startServer(connection: Connection, options: ServerOptions = {}): ServerState {
  const session = new Session(connection, options);
  const checks = new DocumentChecks(session, (uri) => void settings.fetchDocSettings(uri));
  const data = new DataRequests(session, checks);
  const settings = new ClientSettings(session, checks, data);
  registerLanguageFeatures(session, checks);
  registerCustomRequests(session, checks);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    checks.setWorkspaceRoots([...(params.workspaceFolders ?? []).map((f) => f.uri), ...(params.rootUri ? [params.rootUri] : [])]);
    settings.initialize(params);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { resolveProvider: true, triggerCharacters: ['•', ' ', ':', ','] },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        codeLensProvider: { resolveProvider: false },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentFormattingProvider: true,
        // After Enter: the bullet the editor opened, corrected with the data (a one-model unit's wargear takes `•`).
        documentOnTypeFormattingProvider: { firstTriggerCharacter: '\n' },
        definitionProvider: true,
        referencesProvider: true,
        inlayHintProvider: true,
        workspaceSymbolProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.auspex', 'refactor.rewrite'] },
        // Folders added or removed are followed: opponents are read within the current ones only.
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'auspex' },
    };
  });

  connection.onInitialized(async () => {
    checks.followWorkspaceFolders();
    await settings.initialized();
    session.sendStatus();
    data.downloads.autoUpdate();
  });

  let shutdownReceived = false;
  connection.onShutdown(() => {
    shutdownReceived = true;
    data.dispose();
    settings.dispose();
    session.rules.dispose();
  });

  session.documents.listen(connection);
  connection.listen();
  return { shutdownReceived: () => shutdownReceived };
}
