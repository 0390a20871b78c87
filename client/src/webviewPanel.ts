// One webview panel per view (breakdown, matchup), opened beside the list without taking focus and revealed
// when it already exists: the two views share how their panel lives.
import { Disposable, Uri, ViewColumn, WebviewPanel, window } from 'vscode';

export function revealOrCreatePanel<M>(
  existing: WebviewPanel | undefined,
  viewType: string,
  title: string,
  extensionUri: Uri,
  handlers: { onMessage: (m: M) => void; onDispose: () => void; subscriptions: Disposable[] },
): WebviewPanel {
  if (existing) {
    existing.reveal(undefined, true);
    return existing;
  }
  const panel = window.createWebviewPanel(viewType, title, { viewColumn: ViewColumn.Beside, preserveFocus: true }, {
    enableScripts: true,
    localResourceRoots: [Uri.joinPath(extensionUri, 'media')],
  });
  panel.onDidDispose(handlers.onDispose, null, handlers.subscriptions);
  panel.webview.onDidReceiveMessage(handlers.onMessage, null, handlers.subscriptions);
  return panel;
}
