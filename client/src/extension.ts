// The VS Code client: starts dist/server.js over IPC for army-list documents,
// shows the loaded rules data in the status bar and contributes the commands.
// All language smarts live in the server.
import * as path from 'path';
import { CodeLens, commands, ExtensionContext, StatusBarAlignment, Uri, window, workspace } from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { DamageView } from './damageView';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const outputChannel = window.createOutputChannel('Auspex');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'army-list' }],
    outputChannel,
  };
  client = new LanguageClient('auspex', 'Auspex', serverOptions, clientOptions);

  const status = window.createStatusBarItem('auspex.status', StatusBarAlignment.Right, 100);
  status.name = 'Auspex rules data';
  status.text = 'Auspex';
  status.command = 'auspex.showOutput';
  status.show();

  const damageView = new DamageView(() => client, context.extensionUri);
  context.subscriptions.push(
    status,
    outputChannel,
    commands.registerCommand('auspex.restartServer', () => client?.restart()),
    commands.registerCommand('auspex.showOutput', () => outputChannel.show(true)),
    commands.registerCommand('auspex.reloadData', () => client?.sendRequest('auspex/reloadData')),
    commands.registerCommand('auspex.importRoster', () => importRoster()),
    // The code lenses' command: (uri, unit index, target index, initial conditions).
    damageView,
    commands.registerCommand('auspex.showDamageBreakdown', async (uri?: unknown, unit?: unknown, target?: unknown, conditions?: unknown) => {
      // From the Command Palette there are no arguments: use the lens of the unit at the cursor.
      const args = uri === undefined ? await breakdownArgsAtCursor() : [uri, unit, target, conditions];
      if (!args) {
        void window.showInformationMessage('Auspex: put the cursor in a unit with weapons to see its damage breakdown.');
        return;
      }
      damageView.show(args[0], args[1], args[2], args[3]);
    }),
    // The read-only pages go to definition opens; their `.md` path makes VS Code show them as Markdown.
    workspace.registerTextDocumentContentProvider('auspex', {
      async provideTextDocumentContent(uri: Uri): Promise<string> {
        const found = await client?.sendRequest<{ text: string } | null>('auspex/virtualDocument', { uri: uri.toString() });
        return found?.text ?? `Nothing in the loaded rules data for ${uri.toString()}.\n`;
      },
    }),
  );
  await client.start();
  client.onNotification('auspex/status', (s: { text: string; tooltip: string }) => {
    status.text = s.text;
    status.tooltip = s.tooltip;
  });
}

/** The arguments of the damage lens nearest above the cursor in the active army list, if any. */
async function breakdownArgsAtCursor(): Promise<unknown[] | undefined> {
  const editor = window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'army-list') return undefined;
  const line = editor.selection.active.line;
  const lenses = (await commands.executeCommand<CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)) ?? [];
  const above = lenses.filter((l) => l.command?.command === 'auspex.showDamageBreakdown' && l.range.start.line <= line);
  const nearest = above.sort((a, b) => b.range.start.line - a.range.start.line)[0];
  return nearest?.command?.arguments;
}

/** Opens a BattleScribe roster (.ros/.rosz) as a new untitled army list in the app layout. */
async function importRoster(): Promise<void> {
  const picked = await window.showOpenDialog({ canSelectMany: false, openLabel: 'Import roster', filters: { 'BattleScribe roster': ['ros', 'rosz'] } });
  if (!picked?.[0] || !client) return;
  try {
    const r = await client.sendRequest<{ text: string; warnings: string[] } | { error: string }>('auspex/importRoster', { path: picked[0].fsPath });
    if ('error' in r) {
      void window.showErrorMessage(`Auspex: ${r.error}`);
      return;
    }
    const doc = await workspace.openTextDocument({ language: 'army-list', content: r.text });
    await window.showTextDocument(doc);
    if (r.warnings.length) void window.showWarningMessage(`Auspex: roster imported with ${r.warnings.length} warning(s): ${r.warnings.join('; ')}`);
  } catch (e) {
    void window.showErrorMessage(`Auspex: the roster could not be imported (${(e as Error).message})`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
