// What every family of handlers shares (lsp/startServer.ts wires them): the connection and the open documents, the
// language service, the rules data over time, the settings in force, and the guards every request runs under. No
// handler is registered here.
import { Connection, LSPErrorCodes, ResponseError, TextDocuments } from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, LanguageService } from '../service/languageService';
import { Settings, DEFAULT_SETTINGS } from '../service/settings';
import { EDITIONS, Edition, listEdition } from '../service/domain/editions';
import type { RulesData } from '../service/domain/rules/model';
import { Cancelled, cancellable } from '../service/domain/checkpoint';
import { RulesState } from './rulesState';
import { StatusReport } from './statusReport';
import { DataLog } from './dataLog';
import { checkCancelled } from './scheduling';
import { BoundedTextDocument } from './boundedDocuments';
import { isCancelled } from './cancellation';

export interface ServerOptions {
  /** Reads the input already sent (transport.ts), at a request's checkpoints: its cancellation is seen at once. */
  pumpInput?: () => void;
}

/** Checkpoints read the input at most this often (a read is a system call). */
const PUMP_EVERY_MS = 10;

export class Session {
  // Beyond BOUNDS.documentChars a document is kept without a line index (boundedDocuments.ts).
  readonly documents = new TextDocuments(BoundedTextDocument);
  readonly service: LanguageService = createLanguageService();
  readonly rules: RulesState;
  readonly dataLog: DataLog;
  readonly report: StatusReport;
  /** The window's settings (data folders are window-wide: one server holds one set of rules data). */
  settings: Settings = DEFAULT_SETTINGS;
  /**
   * Resource-scoped settings (damage targets, severities, CP, ...) as the client resolves them for one
   * document: a workspace folder or a language override may differ from the window's (clientSettings.ts).
   */
  readonly docSettings = new Map<string, Settings>();
  /**
   * Whether the client's settings have been applied (clientSettings.ts): until then no list is checked, and a
   * request does not load data for a list.
   */
  settingsReady = true;
  /** Runs after a watched folder changed on disk and the data was reloaded (dataRequests.ts sets it). */
  onDataReloaded: () => void = () => undefined;

  constructor(
    readonly connection: Connection,
    private readonly options: ServerOptions = {},
  ) {
    this.rules = new RulesState((dirs) => {
      connection.console.info(`auspex data: ${dirs.map((d) => `"${d}"`).join(', ')} changed on disk: reloading the rules data`);
      this.onDataReloaded();
    });
    this.dataLog = new DataLog((m) => connection.console.info(m), (m) => connection.console.warn(m));
    this.report = new StatusReport(connection, () => this.guard(() => this.rules.status(), undefined), () => this.guard(() => this.rules.warnings(), []));
    // Completion offers the factions the folders and the cache can load, not only the loaded ones (listings are cached).
    this.service.setLoadableFactions(() => this.guard(() => this.rules.listedFactions(), []));
  }

  settingsFor(uri: string): Settings {
    return this.docSettings.get(uri) ?? this.settings;
  }

  sendStatus(): void {
    this.report.send();
  }

  sendLoading(tooltip: string): void {
    this.report.loading(tooltip);
  }

  /** Asks the client to ask again for the lenses and the inlay hints (new data or settings). */
  refreshLensesAndHints(): void {
    void this.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    void this.connection.sendRequest('workspace/inlayHint/refresh').catch(() => undefined);
  }

  /**
   * Hands the service every edition's rules data: each list is answered from its own edition's. Compared by
   * identity with what the service was last handed, so no load goes unseen (issue 14: a faction loaded by a
   * rebuild, when a list of a new edition arrived, was never handed over and the list stayed unchecked against
   * it); true when some edition's data changed.
   */
  private readonly fed = new Map<Edition, RulesData>();
  feedRules(): boolean {
    let changed = false;
    for (const e of EDITIONS) {
      const data = this.rules.rules(e);
      if (this.fed.get(e) === data) continue;
      this.fed.set(e, data);
      this.service.setRules(data, e);
      changed = true;
    }
    return changed;
  }

  /**
   * Loads what a list needs (its faction, its allies' factions), from the folders and the cache of its edition,
   * and hands the service what changed; true when the rules data changed.
   */
  needData(doc: TextDocument, settingsUri = doc.uri): boolean {
    const list = this.service.parse(doc);
    const edition = listEdition(list, this.settingsFor(settingsUri).edition);
    const t0 = Date.now();
    this.rules.need(list, edition);
    const changed = this.feedRules();
    this.guard(() => this.dataLog.needed(doc.uri, list, changed, Date.now() - t0, this.rules.rules(edition), changed ? this.rules.status() : undefined, edition, doc.version), undefined);
    return changed;
  }

  /**
   * Runs a request on an open document; unknown documents and failures answer `fallback`. A cancelled request is
   * answered RequestCancelled: before it starts, or at its next checkpoint (the token is read there: with a
   * cancellation folder it sees a cancellation the moment the client makes it, `cancellation.ts`).
   */
  withDoc<T>(uri: string, fallback: T, fn: (doc: TextDocument) => T, token?: CancellationToken): T {
    checkCancelled(token);
    const doc = this.documents.get(uri);
    if (!doc) return fallback;
    // A request may come before the list's deferred check has read its faction: answer it with its data too.
    if (this.settingsReady && this.guard(() => this.needData(doc), false)) this.sendStatus();
    this.service.setSettings(this.settingsFor(uri));
    return this.guard(() => (token ? cancellable(() => this.cancelledNow(token), () => fn(doc)) : fn(doc)), fallback);
  }

  /** At a checkpoint: the input sent meanwhile read (at most every PUMP_EVERY_MS), then the token. */
  private pumpedAt = 0;
  private cancelledNow(token: CancellationToken): boolean {
    const now = Date.now();
    const pump = this.options.pumpInput;
    if (pump && now - this.pumpedAt >= PUMP_EVERY_MS) {
      this.pumpedAt = now;
      this.guard(() => pump(), undefined);
    }
    return isCancelled(token);
  }

  /** A bug in one feature must never take the server (and the user's session) down; a cancelled request is answered so. */
  guard<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof Cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, err.message);
      this.logError(err);
      return fallback;
    }
  }

  async guardAsync<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.logError(err);
      return fallback;
    }
  }

  readonly logError = (err: unknown): void => {
    this.connection.console.error(`auspex: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  };
}
