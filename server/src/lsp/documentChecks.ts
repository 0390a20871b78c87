// Documents and diagnostics: an opened list is checked at once, an edited one once the typing pauses
// (VALIDATE_DELAY_MS), a list whose faction is about to be read says "loading" first; the list an OPPONENT line
// names is read and handed to the service, and a change to it checks the lists naming it again.
import { DidChangeWorkspaceFoldersNotification } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import { wantsPreviousVersion } from '../service/features/drift';
import { listEdition } from '../service/domain/editions';
import { OpponentFiles } from '../node/opponentFile';
import type { DocumentClock } from './scheduling';
import { documentStatus } from './statusReport';
import type { Session } from './session';

/** Validation waits this long after the last keystroke, so typing never queues work. */
export const VALIDATE_DELAY_MS = 120;

export class DocumentChecks {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each document last changed: lenses wait for a quiet moment, like validation. */
  private readonly changedAt = new Map<string, number>();
  readonly clock: DocumentClock;
  /** The version whose diagnostics were last published, per document. */
  private readonly published = new Map<string, number>();
  /** The workspace folders' URIs (from initialize): an OPPONENT line reads files within them or the list's folder only. */
  private workspaceRoots: string[] = [];
  private readonly opponentFiles: OpponentFiles;
  /** The opponent file's uri of each open list that names one: an edit to that file refreshes the list. */
  private readonly opponentOf = new Map<string, string>();
  /** The version of each open list whose change was last passed on to the lists naming it (two lists may name each other). */
  private readonly passedOn = new Map<string, number>();

  /** `opened`: a list was opened (its own settings are asked for). */
  constructor(
    private readonly session: Session,
    opened: (uri: string) => void,
  ) {
    const { documents } = session;
    this.clock = { version: (uri) => documents.get(uri)?.version, changedAt: (uri) => this.changedAt.get(uri) ?? 0 };
    this.opponentFiles = new OpponentFiles((uri) => documents.get(uri), () => this.workspaceRoots);
    // An opened list is checked at once; edits are debounced.
    documents.onDidOpen((e) => {
      this.validate(e.document.uri);
      opened(e.document.uri);
    });
    documents.onDidChangeContent((e) => {
      if (this.published.get(e.document.uri) === e.document.version) return;
      this.changedAt.set(e.document.uri, Date.now());
      this.schedule(e.document.uri, VALIDATE_DELAY_MS);
    });
    documents.onDidClose((e) => {
      const uri = e.document.uri;
      clearTimeout(this.pending.get(uri));
      this.pending.delete(uri);
      this.published.delete(uri);
      this.changedAt.delete(uri);
      session.docSettings.delete(uri);
      this.opponentOf.delete(uri);
      this.passedOn.delete(uri);
      session.dataLog.forget(uri);
      session.report.forget(uri);
      session.service.forget(uri);
      void session.connection.sendDiagnostics({ uri, diagnostics: [] });
    });
  }

  private get service(): LanguageService {
    return this.session.service;
  }

  /** The workspace folders at initialize. */
  setWorkspaceRoots(roots: string[]): void {
    this.workspaceRoots = roots;
  }

  /**
   * Registered after initialized, after the library's own workspace-folders feature (set up at initialize), so this
   * handler is the one that runs: the opponent's roots follow the folders the editor has open now.
   */
  followWorkspaceFolders(): void {
    this.session.connection.onNotification(DidChangeWorkspaceFoldersNotification.type, (p) => {
      const removed = new Set((p?.event?.removed ?? []).map((f) => f.uri));
      const added = (p?.event?.added ?? []).map((f) => f.uri).filter((u) => typeof u === 'string');
      this.workspaceRoots = [...new Set([...this.workspaceRoots.filter((u) => !removed.has(u)), ...added])];
      this.scheduleAll();
      void this.session.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    });
  }

  /**
   * Reads the file a list's OPPONENT line names (an open document of it wins), loads its faction from its
   * edition's data and hands the service the opponent; drops it when the line is gone.
   */
  syncOpponent(doc: TextDocument): void {
    const { service, session } = this;
    const written = service.parse(doc).opponent?.path?.text;
    if (!written) {
      service.setOpponent(doc.uri, undefined);
      this.opponentOf.delete(doc.uri);
      return;
    }
    const input = this.opponentFiles.read(doc.uri, written);
    if (input.uri) this.opponentOf.set(doc.uri, input.uri);
    else this.opponentOf.delete(doc.uri);
    if (input.doc && session.guard(() => session.needData(input.doc!, doc.uri), false)) session.sendStatus();
    service.setOpponent(doc.uri, input);
  }

  validate(uri: string, announced = false): void {
    const { service, session } = this;
    const { rules } = session;
    this.pending.delete(uri);
    const doc = session.documents.get(uri);
    if (!doc) return;
    // No findings before the client's settings name the data folders: against the embedded seed alone a list
    // of any other faction would flash unknown datasheets (issue 14). settingsArrived() checks every list.
    if (!session.settingsReady) return;
    const version = doc.version;
    // A faction about to be read from a folder: the status bar says so first (the read blocks this thread),
    // then the list is checked on the next turn, with its data.
    if (!announced) {
      const loading = session.guard(() => {
        const list = service.parse(doc);
        return rules.toLoad(list, listEdition(list, session.settingsFor(uri).edition));
      }, []);
      if (loading.length) {
        session.sendLoading(`Reading ${loading.join(', ')} from the rules data folders`);
        this.pending.set(uri, setTimeout(() => this.validate(uri, true), 0));
        return;
      }
    }
    // Load the list's faction first, from its edition's data: its own data is needed, no other faction's.
    if (session.guard(() => session.needData(doc), false) || announced) session.sendStatus();
    service.setSettings(session.settingsFor(uri));
    session.guard(() => this.syncOpponent(doc), undefined);
    let diagnostics = session.guard(() => service.diagnostics(doc), []);
    if (session.guard(() => this.usePreviousVersion(doc, diagnostics), false)) diagnostics = session.guard(() => service.diagnostics(doc), diagnostics);
    // A newer version arrived while we worked: its own validation will publish.
    if (session.documents.get(uri)?.version !== version) return;
    this.published.set(uri, version);
    void session.connection.sendDiagnostics({ uri, version, diagnostics });
    session.guard(() => {
      const edition = service.editionOf(doc);
      session.report.document(documentStatus(uri, edition, diagnostics, rules.hasDownloaded(edition)));
    }, undefined);
    this.opponentChanged(uri, version);
  }

  /** An open list changed: the lists naming it as their opponent are checked again and their lenses refreshed. */
  private opponentChanged(uri: string, version: number): void {
    if (this.passedOn.get(uri) === version) return;
    this.passedOn.set(uri, version);
    const naming = [...this.opponentOf].filter(([list, opp]) => opp === uri && list !== uri && this.session.documents.get(list));
    if (!naming.length) return;
    for (const [list] of naming) if (!this.pending.has(list)) this.schedule(list, VALIDATE_DELAY_MS, true);
    void this.session.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  /**
   * Drift between data versions: a list with points or size findings has them explained against the cache's
   * previous version, loaded then (not before); true when the façade's previous version changed.
   */
  private usePreviousVersion(doc: TextDocument, diagnostics: ReturnType<LanguageService['diagnostics']>): boolean {
    const { service, session } = this;
    if (!wantsPreviousVersion(diagnostics)) return false;
    const list = service.parse(doc);
    const previous = session.rules.previous(list, listEdition(list, session.settingsFor(doc.uri).edition));
    if (previous?.data === service.previousRules) return false;
    service.setPreviousRules(previous?.data, previous?.label);
    return true;
  }

  schedule(uri: string, delay: number, force = false): void {
    if (force) this.published.delete(uri);
    clearTimeout(this.pending.get(uri));
    this.pending.set(uri, setTimeout(() => this.validate(uri), delay));
  }

  /** Every open list checked again at once (new data, settings or workspace folders). */
  scheduleAll(): void {
    for (const doc of this.session.documents.all()) this.schedule(doc.uri, 0, true);
  }
}
