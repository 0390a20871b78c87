// The "Matchup" webview panel: *Auspex: Show Matchup* opens it for the active list; it asks the server for
// `auspex/matchup` (computed in the core, per-pair cached) and shows the page matchupViewHtml.ts builds. The
// direction and phase are the page's own state; a condition toggle asks again; a cell opens that pair's breakdown.
import { randomBytes } from 'crypto';
import { Disposable, Uri, ViewColumn, WebviewPanel, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { revealOrCreatePanel } from './webviewPanel';
import type { Matchup, MatchupConditions } from '../../server/src/service/features/matchup';
import { applyToggle } from '../../server/src/service/features/conditionKeys';
import { renderMessageHtml } from './damageViewHtml';
import { MatchupMessage, MatchupViewState, renderMatchupHtml } from './matchupViewHtml';

type Direction = 'forward' | 'reverse';


export class MatchupView implements Disposable {
  private panel: WebviewPanel | undefined;
  private uri: string | undefined;
  private conditions: MatchupConditions = {};
  private view: MatchupViewState = { reverse: false, phase: 'best' };
  private last: Matchup | null = null;
  /** The directions `last` holds (the shown one first, the other one once its request answered). */
  private loaded = new Set<Direction>();
  private seq = 0;
  private readonly subscriptions: Disposable[] = [];
  private pendingEdit: ReturnType<typeof setTimeout> | undefined;

  /**
   * `openBreakdown`: shows a pair's breakdown in the given column (the matrix's own: a tab beside the matrix's tab,
   * never a third column squeezing it).
   */
  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly extensionUri: Uri,
    private readonly openBreakdown: (uri: string, unitIndex: number, targetIndex: number, conditions: object, column: ViewColumn | undefined) => void,
  ) {
    // Either list changed (yours, or an open opponent): ask again; the server recomputes only the changed pairs.
    this.subscriptions.push(
      workspace.onDidChangeTextDocument((e) => {
        if (!this.panel || e.document.languageId !== 'army-list') return;
        clearTimeout(this.pendingEdit);
        this.pendingEdit = setTimeout(() => void this.refresh(), 400);
      }),
    );
  }

  show(uri: string): void {
    this.uri = uri;
    const fresh = !this.panel;
    this.panel = revealOrCreatePanel(this.panel, 'auspex.matchup', 'Matchup', this.extensionUri, {
      onMessage: (m: MatchupMessage) => this.onMessage(m),
      onDispose: () => (this.panel = undefined),
      subscriptions: this.subscriptions,
    });
    // A new panel shows a page at once: the webview starts while the server computes, not after.
    if (fresh) this.panel.webview.html = renderMessageHtml('Computing the matchup…', nonce(), this.panel.webview.cspSource);
    void this.refresh();
  }

  private onMessage(m: MatchupMessage): void {
    if (!m || typeof m !== 'object' || !this.uri) return;
    if (m.type === 'direction') {
      this.view.reverse = !!m.reverse;
      // Not here yet: the background request renders it when it comes.
      if (this.last && !this.loaded.has(this.shown())) return;
    }
    else if (m.type === 'phase' && ['best', 'shooting', 'fight'].includes(m.phase)) this.view.phase = m.phase;
    else if (m.type === 'toggle' && typeof m.key === 'string') {
      this.conditions = applyToggle(this.conditions, m.key, !!m.on);
      void this.refresh();
      return;
    } else if (m.type === 'cell' && Number.isInteger(m.attackerIndex) && Number.isInteger(m.targetIndex)) {
      // The row's unit attacks with the units attached to it (together), as the cell computed it.
      this.openBreakdown(this.uri, m.attackerIndex, m.targetIndex, { ...this.conditions, vs: this.view.reverse ? 'reverse' : 'opponent', together: true }, this.panel?.viewColumn);
      return;
    } else return;
    this.render();
  }

  /** The direction the page shows. */
  private shown(): Direction {
    return this.view.reverse ? 'reverse' : 'forward';
  }

  /**
   * Asks the server again (an edit, a condition): the direction shown first, rendered as soon as it comes; then the
   * other one in the background, merged in (and rendered if the page shows it by then). Opening costs one direction.
   */
  private async refresh(): Promise<void> {
    const client = this.client();
    if (!this.panel || !this.uri) return;
    const seq = ++this.seq;
    const ask = (d: Direction) => (client ? client.sendRequest<Matchup | null>('auspex/matchup', { uri: this.uri, conditions: this.conditions, directions: [d] }) : Promise.resolve(null));
    try {
      const first = this.shown();
      const m = await ask(first);
      if (seq !== this.seq) return;
      this.last = m;
      this.loaded = new Set([first]);
      this.render();
      if (!m) return;
      const other: Direction = first === 'forward' ? 'reverse' : 'forward';
      const o = await ask(other);
      if (seq !== this.seq || !o || !this.last) return;
      this.last[other] = o[other];
      this.loaded.add(other);
      if (this.shown() === other) this.render();
    } catch (e) {
      if (seq === this.seq && this.panel) this.panel.webview.html = renderMessageHtml(`The matchup could not be computed: ${(e as Error).message}`, nonce(), this.panel.webview.cspSource);
    }
  }

  private render(): void {
    const panel = this.panel;
    if (!panel) return;
    const csp = panel.webview.cspSource;
    panel.webview.html = this.last
      ? renderMatchupHtml(this.last, this.view, nonce(), csp)
      : renderMessageHtml('This list names no readable opponent: add a line "OPPONENT: <path to their list>" (Auspex: Set Opponent List).', nonce(), csp);
  }

  dispose(): void {
    clearTimeout(this.pendingEdit);
    this.panel?.dispose();
    for (const d of this.subscriptions) d.dispose();
  }
}

const nonce = () => randomBytes(16).toString('hex');
