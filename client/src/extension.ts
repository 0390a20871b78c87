// The VS Code client: starts dist/server.js over IPC for army-list documents,
// shows the loaded rules data in the status bar and contributes the commands.
// All language smarts live in the server.
import * as path from 'path';
import { commands, ExtensionContext, StatusBarAlignment, window } from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

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

  context.subscriptions.push(
    status,
    outputChannel,
    commands.registerCommand('auspex.restartServer', () => client?.restart()),
    commands.registerCommand('auspex.showOutput', () => outputChannel.show(true)),
    commands.registerCommand('auspex.reloadData', () => client?.sendRequest('auspex/reloadData')),
  );
  await client.start();
  client.onNotification('auspex/status', (s: { text: string; tooltip: string }) => {
    status.text = s.text;
    status.tooltip = s.tooltip;
  });
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
