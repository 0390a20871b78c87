// What the server tells the client and the output channel about the rules data in use: the status bar's
// notification (`auspex/status`, with each edition's part), each open list's edition and whether downloaded data
// would let it be checked (`auspex/documentStatus`: the client's status bar names the active list's edition and
// offers the download once), the data's problems as a few visible warnings, and its lesser warnings in the output
// channel once each, grouped by kind.
import { MessageType, NotificationType, ShowMessageNotification } from 'vscode-languageserver/node';
import type { Connection } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { Edition } from '../service/domain/editions/types';
import type { DataWarning } from '../service/domain/rules/model';
import { describe, RulesStatus } from './rulesState';
import { noLinks } from '../service/features/render/escape';

/** Server → client: what rules data is loaded, for the status bar (`editions` absent while data is being read). */
export const StatusNotification = new NotificationType<{ text: string; tooltip: string; editions?: RulesStatus['editions']; download?: Edition }>('auspex/status');

/**
 * One open list's edition and, when its findings say that downloaded data would let it be checked (a `download`
 * payload), the edition to download and how much went unchecked.
 */
export interface DocumentStatus {
  uri: string;
  edition: Edition;
  download?: Edition;
  checked?: 'none' | 'points';
  /** An empty document: a new list, of the current edition. */
  empty?: boolean;
}
/** Server → client: an open list's DocumentStatus, sent when it changes. */
export const DocumentStatusNotification = new NotificationType<DocumentStatus>('auspex/documentStatus');

/** Rules-data problems shown as separate pop-ups at most; more are one grouped message. */
const MAX_POPUPS = 3;
/** Lines of data warnings logged per load at most. */
const MAX_LOGGED = 50;
/** Places named in one grouped warning line at most. */
const MAX_PLACES = 20;

/**
 * A list's DocumentStatus from the findings just published for it. `downloaded`: the download cache's data of the
 * list's edition is in use already, so downloading again would not bring what the list lacks (a faction the
 * download has not, a misspelt one): no download is offered then.
 */
export function documentStatus(uri: string, edition: Edition, diagnostics: readonly Diagnostic[], downloaded = false): DocumentStatus {
  let download: Edition | undefined;
  let checked: DocumentStatus['checked'];
  for (const d of diagnostics) {
    const data = d.data as { download?: unknown; checked?: unknown } | undefined;
    if (download === undefined && (data?.download === 10 || data?.download === 11)) download = data.download;
    if (data?.checked === 'none') checked = 'none';
    else if (data?.checked === 'points' && !checked) checked = 'points';
  }
  const empty = diagnostics.some((d) => d.code === 'empty-document') ? { empty: true } : {};
  return download === undefined || downloaded ? { uri, edition, ...empty } : { uri, edition, download, checked: checked ?? 'none', ...empty };
}

/**
 * The data's warnings as output-channel lines: one line per kind (code); a kind seen more than once is one line
 * with its count, the first in full and where the others are (a value missing from seven catalogues is one line).
 */
export function warningLines(warnings: readonly DataWarning[]): string[] {
  // Linear in the warnings: each kind's array grows in place (copying it per warning took 109 s for 40,000).
  const byCode = new Map<string, DataWarning[]>();
  for (const w of warnings) {
    const group = byCode.get(w.code);
    if (group) group.push(w);
    else byCode.set(w.code, [w]);
  }
  return [...byCode.values()].map((group) => {
    const [first, ...rest] = group;
    if (!rest.length) return describe(first);
    const where = rest.slice(0, MAX_PLACES).map((w) => [w.source.file, w.source.locator].filter(Boolean).join(' '));
    const more = rest.length > MAX_PLACES ? ` and ${rest.length - MAX_PLACES} more` : '';
    return `${group.length} × ${first.code}, the first: ${describe(first)}; the others: ${where.join(', ')}${more}`;
  });
}

export class StatusReport {
  private shownProblems = new Set<string>();
  /**
   * The data warnings logged: each once for the folders configured, however often the data is read again (a faction
   * loaded later, a reload, a download); other folders (`newData`) get their warnings logged afresh.
   */
  private readonly loggedWarnings = new Set<string>();
  /** The DocumentStatus last sent for each open list. */
  private readonly sent = new Map<string, string>();

  constructor(
    private readonly connection: Connection,
    private readonly status: () => RulesStatus | undefined,
    private readonly warnings: () => DataWarning[],
  ) {}

  /** Other data folders were configured: their warnings are news, even where one reads like an earlier folder's. */
  newData(): void {
    this.loggedWarnings.clear();
  }

  /** The status bar while rules data is being read: it never shows the seed's "1 datasheet" as if it were all. */
  loading(tooltip: string): void {
    void this.connection.sendNotification(StatusNotification, { text: 'Auspex: loading rules data…', tooltip });
  }

  /** The status bar's text and tooltip; a new problem with the data as a visible warning; new data warnings logged. */
  send(): void {
    const status = this.status();
    if (!status) return;
    const { connection } = this;
    void connection.sendNotification(StatusNotification, { text: status.text, tooltip: status.tooltip, editions: status.editions, ...(status.download !== undefined ? { download: status.download } : {}) });
    // A wrong data path is a visible warning once, not a crash and not a nag.
    const fresh = status.problems.filter((p) => !this.shownProblems.has(p));
    this.shownProblems = new Set(status.problems);
    // A notification, not window/showMessageRequest: no answer is awaited, none can fail; a path or a data text in it
    // is never a link (the editor renders `[x](command:…)` in a notification as one). Many problems at once
    // (100,000 wrong paths) are one grouped message; the output channel lists them (capped).
    const grouped = fresh.length > MAX_POPUPS;
    for (const p of grouped ? [] : fresh) {
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `Auspex rules data: ${noLinks(p)}` });
    }
    if (grouped) {
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Warning,
        message: `Auspex rules data: ${fresh.length} problems, the first: ${noLinks(fresh[0])} (all of them are in the Auspex output)`,
      });
      for (const p of fresh.slice(0, MAX_LOGGED)) connection.console.warn(`auspex rules data: ${p}`);
      if (fresh.length > MAX_LOGGED) connection.console.warn(`auspex rules data: ${fresh.length - MAX_LOGGED} more problems not shown`);
    }
    // Lesser data warnings (a damaged row, a bad value) go to the output channel once each, grouped by kind, capped.
    const notes: DataWarning[] = [];
    for (const w of this.warnings()) {
      const line = describe(w);
      if (this.loggedWarnings.has(line)) continue;
      this.loggedWarnings.add(line);
      notes.push(w);
    }
    const lines = warningLines(notes);
    for (const l of lines.slice(0, MAX_LOGGED)) connection.console.warn(`auspex rules data: ${l}`);
    if (lines.length > MAX_LOGGED) connection.console.warn(`auspex rules data: ${lines.length - MAX_LOGGED} more kinds of warning not shown`);
  }

  /** An open list's edition and missing data, sent when it changed. */
  document(status: DocumentStatus): void {
    const key = JSON.stringify(status);
    if (this.sent.get(status.uri) === key) return;
    this.sent.set(status.uri, key);
    void this.connection.sendNotification(DocumentStatusNotification, status);
  }

  forget(uri: string): void {
    this.sent.delete(uri);
  }
}
