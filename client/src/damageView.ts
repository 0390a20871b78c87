// The "Damage breakdown" webview panel: opened by the code lenses' command, it asks the
// server for `auspex/damageBreakdown` and shows the page damageViewHtml.ts builds.
// Toggling a condition in the page posts a message; the panel asks again and re-renders.
import { randomBytes } from 'crypto';
import { commands, Disposable, Uri, ViewColumn, WebviewPanel, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { revealOrCreatePanel } from './webviewPanel';
import type { BreakdownConditions, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';
import { applyToggle } from '../../server/src/service/features/conditionKeys';
import { renderBreakdownHtml, renderMessageHtml, ViewMessage } from './damageViewHtml';

interface ViewState {
  uri: string;
  unitIndex: number;
  targetIndex: number;
  conditions: BreakdownConditions;
}


export class DamageView implements Disposable {
  private panel: WebviewPanel | undefined;
  private state: ViewState | undefined;
  /** Answers to older requests are dropped: only the latest state is rendered. */
  private seq = 0;
  private readonly subscriptions: Disposable[] = [];
  private pendingEdit: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly extensionUri: Uri,
  ) {
    // The list changed under an open breakdown: show the new numbers.
    this.subscriptions.push(
      workspace.onDidChangeTextDocument((e) => {
        if (!this.panel || e.document.uri.toString() !== this.state?.uri) return;
        clearTimeout(this.pendingEdit);
        this.pendingEdit = setTimeout(() => void this.refresh(), 400);
      }),
    );
  }

  /**
   * The command's arguments as the lens carries them: (uri, unit index, target index, initial conditions);
   * `column`: the editor column to open it in (the matchup's), else beside the active one.
   */
  show(uri: unknown, unitIndex: unknown, targetIndex: unknown, initial?: unknown, column?: ViewColumn): void {
    if (typeof uri !== 'string' || !Number.isInteger(unitIndex) || !Number.isInteger(targetIndex)) return;
    const conditions = initial && typeof initial === 'object' ? { ...(initial as BreakdownConditions) } : {};
    this.state = { uri, unitIndex: unitIndex as number, targetIndex: targetIndex as number, conditions };
    this.panel = revealOrCreatePanel(this.panel, 'auspex.damageBreakdown', 'Damage breakdown', this.extensionUri, {
      onMessage: (m: ViewMessage) => this.onMessage(m),
      onDispose: () => (this.panel = undefined),
      subscriptions: this.subscriptions,
    }, column);
    void this.refresh();
  }

  private onMessage(m: ViewMessage): void {
    const s = this.state;
    if (!s || !m || typeof m !== 'object') return;
    if (m.type === 'back') {
      // Back to the matrix this pair came from (its tab, in the same column).
      void commands.executeCommand('auspex.showMatchup', s.uri);
      return;
    }
    if (m.type === 'target' && Number.isInteger(m.index)) s.targetIndex = m.index;
    else if (m.type === 'toggle' && typeof m.key === 'string') s.conditions = applyToggle(s.conditions, m.key, !!m.on);
    else return;
    void this.refresh();
  }

  private async refresh(): Promise<void> {
    const panel = this.panel;
    const s = this.state;
    const client = this.client();
    if (!panel || !s) return;
    const seq = ++this.seq;
    const nonce = randomBytes(16).toString('hex');
    const csp = panel.webview.cspSource;
    let html: string;
    try {
      const b = client ? await client.sendRequest<DamageBreakdown | null>('auspex/damageBreakdown', { ...s }) : null;
      if (b) panel.title = `Damage: ${b.unit.name}`;
      html = b ? renderBreakdownHtml(b, nonce, csp, !!s.conditions.together) : renderMessageHtml('This unit is no longer in the list, or its datasheet is unknown.', nonce, csp);
    } catch (e) {
      html = renderMessageHtml(`The breakdown could not be computed: ${(e as Error).message}`, nonce, csp);
    }
    if (seq === this.seq && this.panel === panel) panel.webview.html = html;
  }

  dispose(): void {
    clearTimeout(this.pendingEdit);
    this.panel?.dispose();
    for (const d of this.subscriptions) d.dispose();
  }
}
