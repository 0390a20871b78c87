// The thin LSP layer: declares capabilities and forwards each request to the
// language service. Nothing here knows the rules of the game; it owns only
// documents, settings, timing and the rules data's life cycle.
import {
  Connection,
  DidChangeConfigurationNotification,
  InitializeParams,
  InitializeResult,
  MessageType,
  ShowMessageNotification,
  NotificationType,
  RequestType0,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, LanguageService } from '../service/languageService';
import { readSettings, Settings, DEFAULT_SETTINGS } from '../service/settings';
import { RulesState, RulesStatus } from './rulesState';

/** Validation waits this long after the last keystroke, so typing never queues work. */
const VALIDATE_DELAY_MS = 120;

/** Server → client: what rules data is loaded, for the status bar. */
export const StatusNotification = new NotificationType<Omit<RulesStatus, 'problems'>>('auspex/status');
/** Client → server: reload the rules data folders now. */
export const ReloadDataRequest = new RequestType0<void, void>('auspex/reloadData');

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const service: LanguageService = createLanguageService();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** The version whose diagnostics were last published, per document. */
  const published = new Map<string, number>();
  const rules = new RulesState(() => rulesChanged());
  let settings: Settings = DEFAULT_SETTINGS;
  let pullConfiguration = false;
  let shownProblems = new Set<string>();

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    pullConfiguration = !!params.capabilities.workspace?.configuration;
    // Editors without workspace/configuration pass settings as initializationOptions.
    applySettings(params.initializationOptions ?? {}, false);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
      },
      serverInfo: { name: 'auspex' },
    };
  });

  connection.onInitialized(async () => {
    if (pullConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'auspex' });
      await refreshSettings();
    }
    sendStatus();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (pullConfiguration) await refreshSettings();
    else applySettings((change.settings as { auspex?: unknown } | undefined)?.auspex ?? {}, true);
  });

  connection.onRequest(ReloadDataRequest, () => {
    rules.reload();
    rulesChanged();
  });

  async function refreshSettings(): Promise<void> {
    const section = await guardAsync(() => connection.workspace.getConfiguration('auspex'), {});
    applySettings(section ?? {}, true);
  }

  function applySettings(section: unknown, revalidate: boolean): void {
    const read = readSettings(section);
    for (const p of read.problems) connection.console.warn(`auspex: ${p}`);
    settings = read.settings;
    service.setSettings(settings);
    const dataChanged = guard(() => rules.configure(settings.dataPaths, settings.dataIncludeNonMatchedPlay), false);
    if (dataChanged) service.setRules(rules.rules());
    if (revalidate) rulesChanged(dataChanged);
  }

  /** New rules data or settings: publish the status and check every open list again. */
  function rulesChanged(dataChanged = true): void {
    if (dataChanged) {
      for (const doc of documents.all()) rules.need(service.parse(doc).faction?.text);
      service.setRules(rules.rules());
      sendStatus();
    }
    for (const doc of documents.all()) schedule(doc.uri, 0, true);
    void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  function sendStatus(): void {
    const status = guard(() => rules.status(), undefined);
    if (!status) return;
    void connection.sendNotification(StatusNotification, { text: status.text, tooltip: status.tooltip });
    // A wrong data path is a visible warning once, not a crash and not a nag.
    const fresh = status.problems.filter((p) => !shownProblems.has(p));
    shownProblems = new Set(status.problems);
    for (const p of fresh) {
      // A notification, not window/showMessageRequest: no answer is awaited, none can fail.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `Auspex rules data: ${p}` });
    }
  }

  function validate(uri: string): void {
    pending.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    // Load the list's faction first: its own data is needed, no other faction's.
    if (guard(() => rules.need(service.parse(doc).faction?.text), false)) {
      service.setRules(rules.rules());
      sendStatus();
    }
    const diagnostics = guard(() => service.diagnostics(doc), []);
    // A newer version arrived while we worked: its own validation will publish.
    if (documents.get(uri)?.version !== version) return;
    published.set(uri, version);
    void connection.sendDiagnostics({ uri, version, diagnostics });
  }

  function schedule(uri: string, delay: number, force = false): void {
    if (force) published.delete(uri);
    clearTimeout(pending.get(uri));
    pending.set(uri, setTimeout(() => validate(uri), delay));
  }

  // An opened list is checked at once; edits are debounced.
  documents.onDidOpen((e) => validate(e.document.uri));
  documents.onDidChangeContent((e) => {
    if (published.get(e.document.uri) !== e.document.version) schedule(e.document.uri, VALIDATE_DELAY_MS);
  });
  documents.onDidClose((e) => {
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    published.delete(e.document.uri);
    service.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover((p) => withDoc(p.textDocument.uri, null, (doc) => service.hover(doc, p.position)));
  connection.onCodeLens((p) => withDoc(p.textDocument.uri, [], (doc) => service.codeLenses(doc)));
  connection.onDocumentSymbol((p) => withDoc(p.textDocument.uri, [], (doc) => service.documentSymbols(doc)));
  connection.onFoldingRanges((p) => withDoc(p.textDocument.uri, [], (doc) => service.foldingRanges(doc)));
  connection.onSelectionRanges((p) => withDoc(p.textDocument.uri, [], (doc) => service.selectionRanges(doc, p.positions)));

  connection.onShutdown(() => rules.dispose());

  /** Runs a request on an open document; unknown documents and failures answer `fallback`. */
  function withDoc<T>(uri: string, fallback: T, fn: (doc: TextDocument) => T): T {
    const doc = documents.get(uri);
    return doc ? guard(() => fn(doc), fallback) : fallback;
  }

  /** A bug in one feature must never take the server (and the user's session) down. */
  function guard<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      logError(err);
      return fallback;
    }
  }

  async function guardAsync<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      logError(err);
      return fallback;
    }
  }

  function logError(err: unknown): void {
    connection.console.error(`auspex: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }

  documents.listen(connection);
  connection.listen();
}
