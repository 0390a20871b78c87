// The thin LSP layer: declares capabilities and forwards each request to the
// language service. Nothing here knows the rules of the game; it owns only
// documents, settings, timing and the rules data's life cycle.
import {
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWorkspaceFoldersNotification,
  InitializeParams,
  InitializeResult,
  ErrorCodes,
  LSPErrorCodes,
  RequestType,
  RequestType0,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver/node';
import { CONVERT_FORMATS, isConvertFormat } from '../service/features/convert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, LanguageService } from '../service/languageService';
import type { BreakdownConditions, DamageBreakdown } from '../service/features/damageBreakdown';
import { SEMANTIC_TOKENS_LEGEND } from '../service/features/semanticTokens';
import { wantsPreviousVersion } from '../service/features/drift';
import { readSettings, Settings, DEFAULT_SETTINGS } from '../service/settings';
import { RulesState } from './rulesState';
import { documentStatus, StatusReport } from './statusReport';
import { DataDownloads } from './downloads';
import { DataLog } from './dataLog';
import { EDITIONS, Edition, listEdition } from '../service/domain/editions';
import type { RulesData } from '../service/domain/rules/model';
import { afterPendingInput, checkCancelled, DocumentClock, whenSettled } from './scheduling';
import { importRosterFileAsync, RosterImportResult } from '../node/roster';
import { OpponentFiles } from '../node/opponentFile';
import { BoundedTextDocument, MAX_ECHO_DEPTH, nestedDeeper } from './boundedDocuments';
import type { Matchup, MatchupConditions } from '../service/features/matchup';
import { Cancelled, cancellable } from '../service/domain/checkpoint';
import { isCancelled } from './cancellation';
import { Refusal, REFUSED_NOTIFICATION, REFUSED_REQUEST } from './messageGuard';

/** Validation waits this long after the last keystroke, so typing never queues work. */
const VALIDATE_DELAY_MS = 120;

/** Client → server: reload the rules data folders now. */
export const ReloadDataRequest = new RequestType0<void, void>('auspex/reloadData');
/** Client → server: a BattleScribe roster file (.ros/.rosz) as list text in the app layout. */
export const ImportRosterRequest = new RequestType<{ path: string }, RosterImportResult, void>('auspex/importRoster');
/** Client → server: the Markdown of an `auspex:` document (what go to definition opens). */
export const VirtualDocumentRequest = new RequestType<{ uri: string }, { text: string } | null, void>('auspex/virtualDocument');
/** Client → server: the damage breakdown of one unit against one target of `auspex.damage.targets`. */
export const DamageBreakdownRequest = new RequestType<{ uri: string; unitIndex: number; targetIndex: number; conditions?: BreakdownConditions }, DamageBreakdown | null, void>('auspex/damageBreakdown');

/** Client → server: the matchup of a list against the opponent its OPPONENT line names (null without one). */
export const MatchupRequest = new RequestType<{ uri: string; conditions?: MatchupConditions; directions?: ('forward' | 'reverse')[] }, Matchup | null, void>('auspex/matchup');

/** Client → server: the list in another export format (*Convert List To…*, *Copy List As…*): the text, or why not. */
export const ConvertRequest = new RequestType<{ uri: string; format: string; edition?: number }, { text: string; dropped: string[]; escaped: string[] } | { error: string } | null, void>('auspex/convert');
/** How long lists wait for a client's first settings before being checked with the settings given at initialize. */
const SETTINGS_WAIT_MS = 5000;

/** What the entry point needs to know of the session. */
export interface ServerState {
  /** Whether the client asked the server to shut down (the exit code when its input closes). */
  shutdownReceived(): boolean;
}

export interface ServerOptions {
  /** Reads the input already sent (transport.ts), at a request's checkpoints: its cancellation is seen at once. */
  pumpInput?: () => void;
}

/** Checkpoints read the input at most this often (a read is a system call). */
const PUMP_EVERY_MS = 10;

export function startServer(connection: Connection, options: ServerOptions = {}): ServerState {
  // Beyond BOUNDS.documentChars a document is kept without a line index (boundedDocuments.ts).
  const documents = new TextDocuments(BoundedTextDocument);
  const service: LanguageService = createLanguageService();
  // Completion offers the factions the folders and the cache can load, not only the loaded ones (listings are cached).
  service.setLoadableFactions(() => guard(() => rules.listedFactions(), []));
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each document last changed: lenses wait for a quiet moment, like validation. */
  const changedAt = new Map<string, number>();
  const clock: DocumentClock = { version: (uri) => documents.get(uri)?.version, changedAt: (uri) => changedAt.get(uri) ?? 0 };
  /** The version whose diagnostics were last published, per document. */
  const published = new Map<string, number>();
  const rules = new RulesState((dirs) => {
    connection.console.info(`auspex data: ${dirs.map((d) => `"${d}"`).join(', ')} changed on disk: reloading the rules data`);
    rulesChanged();
  });
  let settings: Settings = DEFAULT_SETTINGS;
  let pullConfiguration = false;
  /**
   * Whether the client's settings have been applied. A client that pulls them (workspace/configuration)
   * answers after `initialized`; until then no list is checked. Bounded: a client that never answers gets
   * its lists checked after SETTINGS_WAIT_MS, with the settings it gave at initialize.
   */
  let settingsReady = true;
  let settingsTimer: ReturnType<typeof setTimeout> | undefined;
  const dataLog = new DataLog((m) => connection.console.info(m), (m) => connection.console.warn(m));
  const report = new StatusReport(connection, () => guard(() => rules.status(), undefined), () => guard(() => rules.warnings(), []));
  /** The workspace folders' URIs (from initialize): an OPPONENT line reads files within them or the list's folder only. */
  let workspaceRoots: string[] = [];
  const opponentFiles = new OpponentFiles((uri) => documents.get(uri), () => workspaceRoots);
  /** The opponent file's uri of each open list that names one: an edit to that file refreshes the list. */
  const opponentOf = new Map<string, string>();

  /**
   * Reads the file a list's OPPONENT line names (an open document of it wins), loads its faction from its
   * edition's data and hands the service the opponent; drops it when the line is gone.
   */
  function syncOpponent(doc: TextDocument): void {
    const written = service.parse(doc).opponent?.path?.text;
    if (!written) {
      service.setOpponent(doc.uri, undefined);
      opponentOf.delete(doc.uri);
      return;
    }
    const input = opponentFiles.read(doc.uri, written);
    if (input.uri) opponentOf.set(doc.uri, input.uri);
    else opponentOf.delete(doc.uri);
    if (input.doc && guard(() => needData(input.doc!, doc.uri), false)) sendStatus();
    service.setOpponent(doc.uri, input);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    pullConfiguration = !!params.capabilities.workspace?.configuration;
    workspaceRoots = [...(params.workspaceFolders ?? []).map((f) => f.uri), ...(params.rootUri ? [params.rootUri] : [])];
    if (pullConfiguration) {
      settingsReady = false;
      settingsTimer = setTimeout(() => settingsArrived(true), SETTINGS_WAIT_MS);
    }
    // Editors without workspace/configuration pass settings as initializationOptions; VS Code passes
    // the download cache there too (the extension's global storage).
    const cacheDir = (params.initializationOptions as { cacheDir?: unknown } | undefined)?.cacheDir;
    guard(() => rules.setCacheDir(typeof cacheDir === 'string' && cacheDir ? cacheDir : undefined), undefined);
    applySettings(params.initializationOptions ?? {}, false);
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
    // Registered here, after the library's own workspace-folders feature (set up at initialize), so this
    // handler is the one that runs: the opponent's roots follow the folders the editor has open now.
    connection.onNotification(DidChangeWorkspaceFoldersNotification.type, (p) => {
      const removed = new Set((p?.event?.removed ?? []).map((f) => f.uri));
      const added = (p?.event?.added ?? []).map((f) => f.uri).filter((u) => typeof u === 'string');
      workspaceRoots = [...new Set([...workspaceRoots.filter((u) => !removed.has(u)), ...added])];
      for (const doc of documents.all()) schedule(doc.uri, 0, true);
      void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    });
    if (pullConfiguration) {
      sendLoading('Waiting for the settings (auspex.data.paths) before reading the rules data');
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'auspex' }).catch(() => undefined);
      await refreshSettings();
      settingsArrived();
    }
    sendStatus();
    downloads.autoUpdate();
  });

  /** The first settings are in (or the wait is over): every open list is checked, with its data. */
  function settingsArrived(waited = false): void {
    clearTimeout(settingsTimer);
    if (settingsReady) return;
    settingsReady = true;
    if (waited) connection.console.warn(`auspex: the editor sent no settings within ${SETTINGS_WAIT_MS / 1000} s; checking the open lists with the settings given at start`);
    rulesChanged();
  }

  connection.onDidChangeConfiguration(async (change) => {
    if (pullConfiguration) await refreshSettings();
    else applySettings((change.settings as { auspex?: unknown } | undefined)?.auspex ?? {}, true);
  });

  connection.onRequest(ReloadDataRequest, () => {
    connection.console.info('auspex data: reloading the rules data (Auspex: Reload Rules Data)');
    rules.reload();
    rulesChanged();
  });

  const downloads = new DataDownloads(connection, () => rules.cacheFolder, () => settings, () => {
    rules.reload();
    rulesChanged();
  }, logError);

  async function refreshSettings(): Promise<void> {
    const section = await guardAsync(() => connection.workspace.getConfiguration('auspex'), {});
    applySettings(section ?? {}, true);
    docSettings.clear();
    await Promise.all(documents.all().map((d) => fetchDocSettings(d.uri)));
  }

  /**
   * Resource-scoped settings (damage targets, severities, CP, ...) as the client resolves them for one
   * document: a workspace folder or a language override may differ from the window's. Data folders
   * stay window-wide: one server holds one set of rules data.
   */
  const docSettings = new Map<string, Settings>();
  const settingsFor = (uri: string) => docSettings.get(uri) ?? settings;

  async function fetchDocSettings(uri: string): Promise<void> {
    if (!pullConfiguration) return;
    const section = await guardAsync(() => connection.workspace.getConfiguration({ scopeUri: uri, section: 'auspex' }), undefined);
    if (section === undefined || section === null || !documents.get(uri)) return;
    const next = readSettings(section).settings;
    const before = JSON.stringify(settingsFor(uri));
    docSettings.set(uri, next);
    if (JSON.stringify(next) !== before) {
      schedule(uri, 0, true);
      void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
      void connection.sendRequest('workspace/inlayHint/refresh').catch(() => undefined);
    }
  }

  function applySettings(section: unknown, revalidate: boolean): void {
    const read = readSettings(section);
    for (const p of read.problems) connection.console.warn(`auspex: ${p}`);
    settings = read.settings;
    service.setSettings(settings);
    const t0 = Date.now();
    const dataChanged = guard(() => rules.configure(settings.dataPaths, settings.dataIncludeNonMatchedPlay), false);
    if (dataChanged || !dataLog.started) guard(() => dataLog.configured(rules.folders(), rules.cacheFolder, Date.now() - t0, rules.status()), undefined);
    if (dataChanged) {
      report.newData();
      feedRules();
    }
    if (revalidate) rulesChanged(dataChanged);
  }

  /** New rules data or settings: publish the status and check every open list again. */
  function rulesChanged(dataChanged = true): void {
    if (dataChanged) {
      for (const doc of documents.all()) guard(() => needData(doc), false);
      feedRules();
      service.setPreviousRules(undefined);
      sendStatus();
    }
    for (const doc of documents.all()) schedule(doc.uri, 0, true);
    void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    void connection.sendRequest('workspace/inlayHint/refresh').catch(() => undefined);
  }

  /**
   * Hands the service every edition's rules data: each list is answered from its own edition's. Compared by
   * identity with what the service was last handed, so no load goes unseen (issue 14: a faction loaded by a
   * rebuild, when a list of a new edition arrived, was never handed over and the list stayed unchecked against
   * it); true when some edition's data changed.
   */
  const fed = new Map<Edition, RulesData>();
  function feedRules(): boolean {
    let changed = false;
    for (const e of EDITIONS) {
      const data = rules.rules(e);
      if (fed.get(e) === data) continue;
      fed.set(e, data);
      service.setRules(data, e);
      changed = true;
    }
    return changed;
  }

  const sendLoading = (tooltip: string) => report.loading(tooltip);
  const sendStatus = () => report.send();

  function validate(uri: string, announced = false): void {
    pending.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    // No findings before the client's settings name the data folders: against the embedded seed alone a list
    // of any other faction would flash unknown datasheets (issue 14). settingsArrived() checks every list.
    if (!settingsReady) return;
    const version = doc.version;
    // A faction about to be read from a folder: the status bar says so first (the read blocks this thread),
    // then the list is checked on the next turn, with its data.
    if (!announced) {
      const loading = guard(() => {
        const list = service.parse(doc);
        return rules.toLoad(list, listEdition(list, settingsFor(uri).edition));
      }, []);
      if (loading.length) {
        sendLoading(`Reading ${loading.join(', ')} from the rules data folders`);
        pending.set(uri, setTimeout(() => validate(uri, true), 0));
        return;
      }
    }
    // Load the list's faction first, from its edition's data: its own data is needed, no other faction's.
    if (guard(() => needData(doc), false) || announced) sendStatus();
    service.setSettings(settingsFor(uri));
    guard(() => syncOpponent(doc), undefined);
    let diagnostics = guard(() => service.diagnostics(doc), []);
    if (guard(() => usePreviousVersion(doc, diagnostics), false)) diagnostics = guard(() => service.diagnostics(doc), diagnostics);
    // A newer version arrived while we worked: its own validation will publish.
    if (documents.get(uri)?.version !== version) return;
    published.set(uri, version);
    void connection.sendDiagnostics({ uri, version, diagnostics });
    guard(() => {
      const edition = service.editionOf(doc);
      report.document(documentStatus(uri, edition, diagnostics, rules.hasDownloaded(edition)));
    }, undefined);
    opponentChanged(uri, version);
  }

  /** The version of each open list whose change was last passed on to the lists naming it (two lists may name each other). */
  const passedOn = new Map<string, number>();
  /** An open list changed: the lists naming it as their opponent are checked again and their lenses refreshed. */
  function opponentChanged(uri: string, version: number): void {
    if (passedOn.get(uri) === version) return;
    passedOn.set(uri, version);
    const naming = [...opponentOf].filter(([list, opp]) => opp === uri && list !== uri && documents.get(list));
    if (!naming.length) return;
    for (const [list] of naming) if (!pending.has(list)) schedule(list, VALIDATE_DELAY_MS, true);
    void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  /**
   * Drift between data versions: a list with points or size findings has them explained against the cache's
   * previous version, loaded then (not before); true when the façade's previous version changed.
   */
  function usePreviousVersion(doc: TextDocument, diagnostics: ReturnType<LanguageService['diagnostics']>): boolean {
    if (!wantsPreviousVersion(diagnostics)) return false;
    const list = service.parse(doc);
    const previous = rules.previous(list, listEdition(list, settingsFor(doc.uri).edition));
    if (previous?.data === service.previousRules) return false;
    service.setPreviousRules(previous?.data, previous?.label);
    return true;
  }

  /**
   * Loads what a list needs (its faction, its allies' factions), from the folders and the cache of its edition,
   * and hands the service what changed; true when the rules data changed.
   */
  function needData(doc: TextDocument, settingsUri = doc.uri): boolean {
    const list = service.parse(doc);
    const edition = listEdition(list, settingsFor(settingsUri).edition);
    const t0 = Date.now();
    rules.need(list, edition);
    const changed = feedRules();
    guard(() => dataLog.needed(doc.uri, list, changed, Date.now() - t0, rules.rules(edition), changed ? rules.status() : undefined, edition, doc.version), undefined);
    return changed;
  }

  function schedule(uri: string, delay: number, force = false): void {
    if (force) published.delete(uri);
    clearTimeout(pending.get(uri));
    pending.set(uri, setTimeout(() => validate(uri), delay));
  }
  // An opened list is checked at once; edits are debounced.
  documents.onDidOpen((e) => {
    validate(e.document.uri);
    void fetchDocSettings(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    if (published.get(e.document.uri) === e.document.version) return;
    changedAt.set(e.document.uri, Date.now());
    schedule(e.document.uri, VALIDATE_DELAY_MS);
  });
  documents.onDidClose((e) => {
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    published.delete(e.document.uri);
    changedAt.delete(e.document.uri);
    docSettings.delete(e.document.uri);
    opponentOf.delete(e.document.uri);
    passedOn.delete(e.document.uri);
    dataLog.forget(e.document.uri);
    report.forget(e.document.uri);
    service.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  // Messages the transport refused unread (nested too deep, lsp/transport.ts): a request gets an error, the rest a log line.
  connection.onRequest(REFUSED_REQUEST, (p: Refusal) => {
    throw new ResponseError(ErrorCodes.InvalidParams, `${p?.method ?? 'the request'}: ${p?.reason ?? 'refused'}`);
  });
  connection.onNotification(REFUSED_NOTIFICATION, (p: Refusal) => connection.console.warn(`auspex: ${p?.method ?? 'a message'}: ${p?.reason ?? 'refused'}`));

  connection.onHover((p, token) => withDoc(p.textDocument.uri, null, (doc) => (syncOpponent(doc), service.hover(doc, p.position)), token));
  connection.onCompletion((p, token) => withDoc(p.textDocument.uri, null, (doc) => service.completion(doc, p.position), token));
  connection.onCompletionResolve((item) => {
    // An item is answered back whole: one nested too deep would overflow the reply's JSON.stringify.
    if (nestedDeeper(item)) throw new ResponseError(ErrorCodes.InvalidParams, `the completion item nests deeper than ${MAX_ECHO_DEPTH} levels: refused`);
    return guard(() => service.resolveCompletion(item), item);
  });
  connection.languages.semanticTokens.on((p, token) => withDoc(p.textDocument.uri, { data: [] }, (doc) => service.semanticTokens(doc), token));
  // Lenses and the outline are debounced and yield first: they never hold up a hover or a completion.
  connection.onCodeLens((p, token) => whenSettled(clock, p.textDocument.uri, token, VALIDATE_DELAY_MS, () => withDoc(p.textDocument.uri, [], (doc) => (syncOpponent(doc), service.codeLenses(doc)), token)));
  connection.onDocumentSymbol((p, token) => whenSettled(clock, p.textDocument.uri, token, 0, () => withDoc(p.textDocument.uri, [], (doc) => service.documentSymbols(doc), token)));
  connection.onFoldingRanges((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.foldingRanges(doc), token));
  connection.onSelectionRanges((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.selectionRanges(doc, p.positions), token));
  connection.onDocumentOnTypeFormatting((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.onTypeFormatting(doc, p.position, p.ch), token));
  connection.onDocumentFormatting((p, token) =>
    withDoc(p.textDocument.uri, [], (doc) => {
      const r = service.format(doc);
      // A refusal keeps the text as written; the reason goes to the log, not into a popup on every save.
      if (r.refused) connection.console.info(`auspex: not formatting ${doc.uri}: ${r.refused}`);
      return r.edits;
    }, token),
  );
  // Read asynchronously: a slow disk, a FIFO or a device never blocks the main thread.
  connection.onRequest(ImportRosterRequest, (p) => guardAsync((): Promise<RosterImportResult> => importRosterFileAsync(String(p?.path ?? '')), { error: 'The roster could not be imported (see the Auspex output)' }));
  connection.onDefinition((p, token) => withDoc(p.textDocument.uri, null, (doc) => service.definition(doc, p.position), token));
  connection.onCodeAction((p, token) => withDoc(p.textDocument.uri, [], (doc) => [...service.codeActions(doc, p.context.diagnostics, p.context.only), ...service.setSizeActions(doc, p.range, p.context.only)], token));
  connection.onReferences((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.references(doc, p.position, documents.all()), token));
  connection.onRequest(VirtualDocumentRequest, (p) => guard(() => nullOr(service.virtualDocument(p.uri), (text) => ({ text })), null));
  // The costly ones let the input already sent be read first (its cancellation may be right behind them).
  connection.onRequest(DamageBreakdownRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      if (p.conditions?.vs) syncOpponent(doc);
      return service.damageBreakdown(doc, Number(p.unitIndex), Number(p.targetIndex), p.conditions ?? {});
    }, token)),
  );
  connection.onRequest(MatchupRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      syncOpponent(doc);
      // `directions`: only those (the view asks the one it shows first); both when absent or unreadable.
      const asked = Array.isArray(p.directions) ? p.directions.filter((d): d is 'forward' | 'reverse' => d === 'forward' || d === 'reverse') : [];
      return service.matchup(doc, p.conditions && typeof p.conditions === 'object' ? p.conditions : {}, asked.length ? asked : undefined);
    }, token)),
  );
  connection.onRequest(ConvertRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      const format = String(p?.format);
      if (!isConvertFormat(format)) return { error: `unknown format "${format}" (${CONVERT_FORMATS.join(', ')})` };
      const edition = p?.edition === 10 || p?.edition === 11 ? p.edition : undefined;
      return service.convert(doc, format, edition);
    }, token)),
  );
  connection.languages.inlayHint.on((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.inlayHints(doc, p.range), token));
  connection.onWorkspaceSymbol((p) => guard(() => service.workspaceSymbols(documents.all(), p.query), []));
  // Refusals carry their reason to the editor as an error response, not a silent null.
  connection.onPrepareRename((p, token) => refuseOr(withDoc(p.textDocument.uri, null, (doc) => service.prepareRename(doc, p.position), token)));
  connection.onRenameRequest((p, token) => refuseOr(withDoc(p.textDocument.uri, null, (doc) => service.rename(doc, p.position, p.newName), token)));

  let shutdownReceived = false;
  connection.onShutdown(() => {
    shutdownReceived = true;
    downloads.dispose();
    clearTimeout(settingsTimer);
    rules.dispose();
  });

  /** Params whose conditions the service walks: refused with a protocol error when they nest too deep. */
  function refuseDeep(params: unknown): undefined {
    if (nestedDeeper(params)) throw new ResponseError(ErrorCodes.InvalidParams, `the params nest deeper than ${MAX_ECHO_DEPTH} levels: refused`);
    return undefined;
  }

  function nullOr<T, U>(value: T | null, fn: (v: T) => U): U | null {
    return value === null ? null : fn(value);
  }

  function refuseOr<T extends object>(result: T | { error: string } | null): T | null {
    if (result && 'error' in result) throw new ResponseError(LSPErrorCodes.RequestFailed, result.error);
    return result;
  }

  /**
   * Runs a request on an open document; unknown documents and failures answer `fallback`. A cancelled request is
   * answered RequestCancelled: before it starts, or at its next checkpoint (the token is read there: with a
   * cancellation folder it sees a cancellation the moment the client makes it, `cancellation.ts`).
   */
  function withDoc<T>(uri: string, fallback: T, fn: (doc: TextDocument) => T, token?: CancellationToken): T {
    checkCancelled(token);
    const doc = documents.get(uri);
    if (!doc) return fallback;
    // A request may come before the list's deferred check has read its faction: answer it with its data too.
    if (settingsReady && guard(() => needData(doc), false)) sendStatus();
    service.setSettings(settingsFor(uri));
    return guard(() => (token ? cancellable(() => cancelledNow(token), () => fn(doc)) : fn(doc)), fallback);
  }

  /** At a checkpoint: the input sent meanwhile read (at most every PUMP_EVERY_MS), then the token. */
  let pumpedAt = 0;
  function cancelledNow(token: CancellationToken): boolean {
    const now = Date.now();
    if (options.pumpInput && now - pumpedAt >= PUMP_EVERY_MS) {
      pumpedAt = now;
      guard(() => options.pumpInput!(), undefined);
    }
    return isCancelled(token);
  }

  /** A bug in one feature must never take the server (and the user's session) down; a cancelled request is answered so. */
  function guard<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof Cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, err.message);
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
  return { shutdownReceived: () => shutdownReceived };
}
