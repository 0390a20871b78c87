// One webview panel per view (breakdown, matchup), opened beside the list without taking focus and revealed
// when it already exists: the two views share how their panel lives. `column`: open (or move) the panel there
// instead (the matchup's breakdown goes into the matchup's own column, never a third one that squeezes the matrix).
import { Disposable, Uri, ViewColumn, WebviewPanel, window } from 'vscode';

export function revealOrCreatePanel<M>(
  existing: WebviewPanel | undefined,
  viewType: string,
  title: string,
  extensionUri: Uri,
  handlers: { onMessage: (m: M) => void; onDispose: () => void; subscriptions: Disposable[] },
  column?: ViewColumn,
): WebviewPanel {
  if (existing) {
    existing.reveal(column, true);
    return existing;
  }
  const panel = window.createWebviewPanel(viewType, title, { viewColumn: column ?? ViewColumn.Beside, preserveFocus: true }, {
    enableScripts: true,
    localResourceRoots: [Uri.joinPath(extensionUri, 'media')],
  });
  panel.onDidDispose(handlers.onDispose, null, handlers.subscriptions);
  panel.webview.onDidReceiveMessage(handlers.onMessage, null, handlers.subscriptions);
  return panel;
}
