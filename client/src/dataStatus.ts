// What the VS Code client says about the rules data, as pure functions (no `vscode` import, unit-tested): the status
// bar item for the active list (its edition, and "no data: download" when its edition or faction has none), the one
// download offer of a session, and the download's progress and result messages.

/** `auspex/status`: the server's rules-data status; `editions` (absent while data is being read) gives each edition's part alone. */
export interface ServerStatus {
  text: string;
  tooltip: string;
  editions?: { edition: number; text: string }[];
  /** The current edition, when neither a data folder nor the download holds any of its data. */
  download?: number;
}

/**
 * `auspex/documentStatus`: one open list's edition and, when its findings say that downloaded data would let it be
 * checked, the edition to download and how much went unchecked ('none', or only its 'points').
 */
export interface DocumentStatus {
  uri: string;
  edition: number;
  download?: number;
  checked?: 'none' | 'points';
  /** An empty document: a new list, of the current edition. */
  empty?: boolean;
}

export interface StatusView {
  text: string;
  tooltip: string;
  command: { title: string; command: string; arguments?: unknown[] };
  /** Shown with the warning background: the list in view is not checked for want of data. */
  warning: boolean;
}

const SHOW_OUTPUT = { title: 'Show the Auspex output', command: 'auspex.showOutput' };
const downloadCommand = (edition: number) => ({ title: 'Download Rules Data', command: 'auspex.downloadData', arguments: [String(edition)] });

export function ordinal(edition: number): string {
  return edition === 11 ? '11th' : edition === 10 ? '10th' : `${edition}th`;
}

/** The status bar item: the active list's edition and its data (or "no data: download"); the server's whole status otherwise. */
export function statusView(server: ServerStatus, doc: DocumentStatus | undefined): StatusView {
  // While data is read, the server's own words.
  if (!server.editions) return { text: server.text, tooltip: server.tooltip, command: SHOW_OUTPUT, warning: false };
  if (!doc) {
    // No list in view: what the data is, or, with none of the current edition's, what to do.
    if (server.download === undefined) return { text: server.text, tooltip: server.tooltip, command: SHOW_OUTPUT, warning: false };
    const get = ordinal(server.download);
    return {
      text: `Auspex: no ${get}-edition data: download`,
      tooltip: `No ${get}-edition rules data (the current edition) is loaded: lists of it can be neither completed nor checked. Click to download the community rules data (Auspex: Download Rules Data), or point auspex.data.paths at folders of your own.\n\n${server.tooltip}`,
      command: downloadCommand(server.download),
      warning: false,
    };
  }
  const ed = ordinal(doc.edition);
  if (doc.download !== undefined) {
    const get = ordinal(doc.download);
    const what = doc.checked === 'points' ? 'points only' : 'no data';
    const why = doc.empty
      ? `a new list is written in the ${ed} edition, the current one, and no ${get}-edition rules data is loaded: nothing can be completed or checked yet`
      : doc.checked === 'points' ? `only its points are checked: the ${get}-edition data loaded has no datasheets for it` : `it is not checked: no ${get}-edition rules data is loaded for it`;
    return {
      text: `Auspex: ${ed} · ${what}: download`,
      tooltip: `This ${ed}-edition list: ${why}. Click to download the community rules data (Auspex: Download Rules Data).\n\n${server.tooltip}`,
      command: downloadCommand(doc.download),
      warning: true,
    };
  }
  const part = server.editions.find((e) => e.edition === doc.edition);
  return { text: part?.text ?? server.text, tooltip: `This list: ${ed} edition.\n${server.tooltip}`, command: SHOW_OUTPUT, warning: false };
}

/**
 * The download offered once a session: the first list that needs data (an empty new list included) gets one
 * offer, no other list does. A notification with a button hides itself after some seconds, before a new player has
 * read it: so a dialog (`modal`), which waits for the answer, when the list has just been opened in view and not
 * typed in (`opened`: a dialog never takes the keys of someone typing), until the player has once answered
 * "not now" (`declined`, kept across sessions); else a notification (the status bar keeps saying "no data: download").
 */
export class DownloadOffer {
  private made = false;

  constructor(private readonly declined = false) {}

  /** The offer to make now, or undefined (no data needed, or offered already). */
  offer(doc: DocumentStatus, opened = false): { message: string; detail: string; action: string; edition: string; modal: boolean } | undefined {
    if (this.made || doc.download === undefined) return undefined;
    this.made = true;
    const ed = ordinal(doc.edition);
    const get = ordinal(doc.download);
    const unchecked = doc.checked === 'points' ? 'only its points are checked' : 'it is not checked';
    const message = doc.empty
      ? `Auspex: no ${get}-edition rules data is loaded, so a new ${ed}-edition list can be neither completed nor checked. Download the community data now?`
      : `Auspex: this ${ed}-edition list needs the ${get}-edition rules data, which is not loaded, so ${unchecked}. Download the community data now?`;
    return {
      message,
      detail: `${get === '11th' ? "BSData's wh40k-11e catalogues and the Munitorum Field Manual's points" : "BSData's wh40k-10e catalogues"}, kept in the extension's storage (Auspex: Download Rules Data at any time; the status bar says when data is missing).`,
      action: `Download ${get}-edition data`,
      edition: String(doc.download),
      modal: opened && !this.declined,
    };
  }
}

/**
 * A short name for a download source (a URL or a local archive path), for progress and results: a repository
 * archive (`…/<owner>/<repo>/archive/…`) by its repository, else the host and the last path segments.
 */
export function sourceName(source: string): string {
  const clean = source.replace(/[?#].*$/, '');
  const url = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)(.*)$/i.exec(clean);
  const parts = (url ? url[2] : clean).split(/[/\\]/).filter(Boolean);
  const archive = parts.lastIndexOf('archive');
  if (url && archive >= 2) return parts.slice(archive - 2, archive).filter((p) => p !== '-').join('/');
  const tail = parts.slice(-2).join('/');
  if (!url) return tail || clean;
  return `${url[1]}/${parts.length > 2 ? '…/' : ''}${tail}`;
}

/** The progress notification's line: the source and the megabytes received. */
export function progressMessage(p: { source: string; received: number; total?: number }): string {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return `${sourceName(p.source)}: ${mb(p.received)}${p.total ? ` of ${mb(p.total)}` : ''} MB`;
}

export interface DownloadOutcome {
  source: string;
  status: string;
  message: string;
  version?: string;
}

/** "Rules data ready": each version once, with the sources that have it ("new version X: a, b"); undefined when none is. */
export function readyMessage(edition: string, outcomes: DownloadOutcome[]): string | undefined {
  const ok = outcomes.filter((o) => o.status === 'fetched' || o.status === 'unchanged');
  if (!ok.length) return undefined;
  const groups = new Map<string, string[]>();
  for (const o of ok) {
    const key = `${o.status === 'unchanged' ? 'unchanged' : 'new'} version ${o.version ?? '?'}`;
    groups.set(key, [...(groups.get(key) ?? []), sourceName(o.source)]);
  }
  return `Auspex: ${ordinal(Number(edition))}-edition rules data ready: ${[...groups].map(([k, names]) => `${k} (${names.join(', ')})`).join('; ')}.`;
}
