// The client's settings: given at initialize or pulled (workspace/configuration) once initialized, window-wide
// and per document, each change applied (new data folders reload the data; every list is checked again). No list
// is checked before a pulling client's first settings, within a bounded wait.
import { DidChangeConfigurationNotification } from 'vscode-languageserver/node';
import type { InitializeParams } from 'vscode-languageserver/node';
import { readSettings } from '../service/settings';
import type { DataRequests } from './dataRequests';
import type { DocumentChecks } from './documentChecks';
import type { Session } from './session';

/** How long lists wait for a client's first settings before being checked with the settings given at initialize. */
const SETTINGS_WAIT_MS = 5000;

export class ClientSettings {
  private pullConfiguration = false;
  private settingsTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly session: Session,
    private readonly checks: DocumentChecks,
    private readonly data: DataRequests,
  ) {
    session.connection.onDidChangeConfiguration(async (change) => {
      if (this.pullConfiguration) await this.refreshSettings();
      else this.applySettings((change.settings as { auspex?: unknown } | undefined)?.auspex ?? {}, true);
    });
  }

  /**
   * At initialize. A client that pulls its settings (workspace/configuration) answers after `initialized`; until
   * then no list is checked. Bounded: a client that never answers gets its lists checked after SETTINGS_WAIT_MS,
   * with the settings it gave at initialize.
   */
  initialize(params: InitializeParams): void {
    const { session } = this;
    this.pullConfiguration = !!params.capabilities.workspace?.configuration;
    if (this.pullConfiguration) {
      session.settingsReady = false;
      this.settingsTimer = setTimeout(() => this.settingsArrived(true), SETTINGS_WAIT_MS);
    }
    // Editors without workspace/configuration pass settings as initializationOptions; VS Code passes
    // the download cache there too (the extension's global storage).
    const cacheDir = (params.initializationOptions as { cacheDir?: unknown } | undefined)?.cacheDir;
    session.guard(() => session.rules.setCacheDir(typeof cacheDir === 'string' && cacheDir ? cacheDir : undefined), undefined);
    this.applySettings(params.initializationOptions ?? {}, false);
  }

  /** Once initialized: a pulling client's settings are asked for (the status says "loading" meanwhile). */
  async initialized(): Promise<void> {
    if (!this.pullConfiguration) return;
    const { connection } = this.session;
    this.session.sendLoading('Waiting for the settings (auspex.data.paths) before reading the rules data');
    void connection.client.register(DidChangeConfigurationNotification.type, { section: 'auspex' }).catch(() => undefined);
    await this.refreshSettings();
    this.settingsArrived();
  }

  /** The first settings are in (or the wait is over): every open list is checked, with its data. */
  private settingsArrived(waited = false): void {
    clearTimeout(this.settingsTimer);
    if (this.session.settingsReady) return;
    this.session.settingsReady = true;
    if (waited) this.session.connection.console.warn(`auspex: the editor sent no settings within ${SETTINGS_WAIT_MS / 1000} s; checking the open lists with the settings given at start`);
    this.data.rulesChanged();
  }

  private async refreshSettings(): Promise<void> {
    const { session } = this;
    const section = await session.guardAsync(() => session.connection.workspace.getConfiguration('auspex'), {});
    this.applySettings(section ?? {}, true);
    session.docSettings.clear();
    await Promise.all(session.documents.all().map((d) => this.fetchDocSettings(d.uri)));
  }

  /** A document's own settings (a workspace folder or a language override may differ from the window's). */
  async fetchDocSettings(uri: string): Promise<void> {
    const { session } = this;
    if (!this.pullConfiguration) return;
    const section = await session.guardAsync(() => session.connection.workspace.getConfiguration({ scopeUri: uri, section: 'auspex' }), undefined);
    if (section === undefined || section === null || !session.documents.get(uri)) return;
    const next = readSettings(section).settings;
    const before = JSON.stringify(session.settingsFor(uri));
    session.docSettings.set(uri, next);
    if (JSON.stringify(next) !== before) {
      this.checks.schedule(uri, 0, true);
      session.refreshLensesAndHints();
    }
  }

  private applySettings(section: unknown, revalidate: boolean): void {
    const { session } = this;
    const { connection, rules, dataLog } = session;
    const read = readSettings(section);
    for (const p of read.problems) connection.console.warn(`auspex: ${p}`);
    session.settings = read.settings;
    session.service.setSettings(session.settings);
    const t0 = Date.now();
    const dataChanged = session.guard(() => rules.configure(session.settings.dataPaths, session.settings.dataIncludeNonMatchedPlay), false);
    if (dataChanged || !dataLog.started) session.guard(() => dataLog.configured(rules.folders(), rules.cacheFolder, Date.now() - t0, rules.status()), undefined);
    if (dataChanged) {
      session.report.newData();
      session.feedRules();
    }
    if (revalidate) this.data.rulesChanged(dataChanged);
  }

  dispose(): void {
    clearTimeout(this.settingsTimer);
  }
}
