// The VS Code client: starts dist/server.js over IPC for army-list documents,
// shows the loaded rules data in the status bar and contributes the commands.
// All language smarts live in the server.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CancellationTokenSource, CodeLens, commands, ExtensionContext, Position, ProgressLocation, Range, StatusBarAlignment, TextDocument, ThemeColor, Uri, window, workspace, WorkspaceEdit } from 'vscode';
import { CancellationReceiverStrategy, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { cancellationArg, fileCancellationSender } from '../../server/src/node/cancellationFiles';
import { DamageView } from './damageView';
import { DocumentStatus, DownloadOffer, progressMessage, readyMessage, ServerStatus, statusView } from './dataStatus';
import { MatchupView } from './matchupView';
import { registerConvertCommands } from './convertCommands';
import { noIcons, noLinks } from '../../server/src/service/features/render/escape';
import { registerRosterImport } from './rosterImport';
import { registerRulesPages, rulesPageText } from './rulesPage';

let client: LanguageClient | undefined;

/** Moves a damage lens's `{ tooltip }` argument into its command's tooltip. */
function lensTooltip(lens: CodeLens): void {
  const c = lens.command;
  const extra = c?.command === 'auspex.showDamageBreakdown' ? c.arguments?.[4] : undefined;
  if (c && extra && typeof extra === 'object' && typeof (extra as { tooltip?: unknown }).tooltip === 'string') {
    c.tooltip = (extra as { tooltip: string }).tooltip;
    c.arguments = c.arguments!.slice(0, 4);
  }
}

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  // Cancellation through files (server/src/node/cancellationFiles.ts): a running request (lenses, a matchup) stops at
  // its next checkpoint when the editor no longer wants it, instead of when it ends.
  const cancellations = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-cancel-'));
  context.subscriptions.push({ dispose: () => fs.rmSync(cancellations, { recursive: true, force: true }) });
  const args = [cancellationArg(cancellations)];
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, args },
    debug: { module, transport: TransportKind.ipc, args, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const outputChannel = window.createOutputChannel('Auspex');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'army-list' }],
    outputChannel,
    // Downloaded rules data lives in the extension's global storage.
    initializationOptions: { cacheDir: context.globalStorageUri.fsPath },
    connectionOptions: { cancellationStrategy: { receiver: CancellationReceiverStrategy.Message, sender: fileCancellationSender(cancellations) } },
    // The damage lens carries its detail (every target, both phases, stratagems) as a fifth argument:
    // shown as the lens's tooltip, since the protocol converter drops the command's own tooltip field.
    middleware: {
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        for (const l of lenses ?? []) lensTooltip(l);
        return lenses;
      },
    },
  };
  client = new LanguageClient('auspex', 'Auspex', serverOptions, clientOptions);

  const status = window.createStatusBarItem('auspex.status', StatusBarAlignment.Right, 100);
  status.name = 'Auspex rules data';
  status.text = 'Auspex: starting…';
  status.command = 'auspex.showOutput';
  status.show();

  const damageView = new DamageView(() => client, context.extensionUri);
  const matchupView = new MatchupView(() => client, context.extensionUri, (...a) => damageView.show(...a));
  context.subscriptions.push(
    status,
    outputChannel,
    commands.registerCommand('auspex.restartServer', () => client?.restart()),
    commands.registerCommand('auspex.showOutput', () => outputChannel.show(true)),
    commands.registerCommand('auspex.reloadData', () => client?.sendRequest('auspex/reloadData')),
    ...registerRosterImport(() => client),
    ...registerConvertCommands(() => client),
    // From the palette (edition picked) or a quick fix (edition given).
    commands.registerCommand('auspex.downloadData', (edition?: unknown) => downloadData(typeof edition === 'string' ? edition : undefined)),
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
    matchupView,
    commands.registerCommand('auspex.setOpponent', () => setOpponent()),
    commands.registerCommand('auspex.showMatchup', (uri?: unknown) => {
      const target = typeof uri === 'string' ? uri : activeList()?.uri.toString();
      if (!target) {
        void window.showInformationMessage('Auspex: open an army list to see its matchup.');
        return;
      }
      matchupView.show(target);
    }),
    // The read-only pages go to definition opens: rendered in a custom editor (rulesPage.ts); as Markdown text where
    // an editor shows the text itself (Peek Definition), their `.md` path making it Markdown.
    registerRulesPages(() => client),
    workspace.registerTextDocumentContentProvider('auspex', {
      async provideTextDocumentContent(uri: Uri): Promise<string> {
        return (await rulesPageText(client, uri)) ?? `Nothing in the loaded rules data for ${uri.toString()}.\n`;
      },
    }),
  );
  // The status bar speaks of the active list: its edition's data, or "no data: download" (dataStatus.ts).
  let serverStatus: ServerStatus = { text: status.text, tooltip: '' };
  const listStatus = new Map<string, DocumentStatus>();
  // Once the player has answered the download dialog "not now", later sessions offer it as a notification.
  const DECLINED = 'auspex.downloadOfferDeclined';
  const offer = new DownloadOffer(context.globalState.get<boolean>(DECLINED, false));
  // Lists opened and not typed in since: the download is offered to them as a dialog, never to someone typing.
  const untouched = new Set<string>(workspace.textDocuments.filter((d) => d.languageId === 'army-list').map((d) => d.uri.toString()));
  const render = () => {
    const active = activeList();
    const view = statusView(serverStatus, active && listStatus.get(active.uri.toString()));
    // The server's words may name data folders and versions: never an icon, never a link (the tooltip is plain text).
    status.text = noIcons(view.text);
    status.tooltip = view.tooltip;
    status.command = view.command;
    status.backgroundColor = view.warning ? new ThemeColor('statusBarItem.warningBackground') : undefined;
  };
  context.subscriptions.push(
    window.onDidChangeActiveTextEditor(render),
    workspace.onDidOpenTextDocument((d) => d.languageId === 'army-list' && untouched.add(d.uri.toString())),
    workspace.onDidChangeTextDocument((e) => e.contentChanges.length && untouched.delete(e.document.uri.toString())),
    workspace.onDidCloseTextDocument((d) => {
      listStatus.delete(d.uri.toString());
      untouched.delete(d.uri.toString());
    }),
  );
  // Registered before start: the server's first statuses ("loading", the faction loaded) come while the
  // client is still starting, and a notification without a handler is dropped.
  client.onNotification('auspex/status', (s: ServerStatus) => {
    serverStatus = s;
    render();
  });
  client.onNotification('auspex/documentStatus', (d: DocumentStatus) => {
    listStatus.set(d.uri, d);
    render();
    // The first list that needs data in this session: one notification offers the download.
    const o = offer.offer(d, untouched.has(d.uri) && activeList()?.uri.toString() === d.uri);
    if (!o) return;
    const shown = o.modal ? window.showInformationMessage(o.message, { modal: true, detail: o.detail }, o.action) : window.showInformationMessage(o.message, o.action);
    void shown.then((picked) => {
      if (picked === o.action) void commands.executeCommand('auspex.downloadData', o.edition);
      else if (o.modal) void context.globalState.update(DECLINED, true);
    });
  });
  await client.start();
}

/**
 * Auspex: Download Rules Data. The server downloads (into the extension's global storage) and
 * reports the bytes received; the notification shows them and its Cancel button cancels the request.
 */
async function downloadData(given?: string): Promise<void> {
  if (!client) return;
  const edition =
    given ??
    (
      await window.showQuickPick(
        [
          { label: '11th edition', description: 'current: BSData wh40k-11e and the MFM points', edition: '11' },
          { label: '10th edition', description: 'BSData wh40k-10e', edition: '10' },
        ],
        { title: 'Auspex: Download Rules Data', placeHolder: 'Which edition\'s community data?' },
      )
    )?.edition;
  if (!edition) return;
  type Result = { cache: string; outcomes: { source: string; status: string; message: string; version?: string }[]; error?: string };
  const result = await window.withProgress(
    { location: ProgressLocation.Notification, title: `Auspex: downloading the ${edition}th-edition rules data`, cancellable: true },
    async (progress, token) => {
      let shown = 0;
      const sub = client!.onNotification('auspex/downloadProgress', (p: { source: string; received: number; total?: number }) => {
        const pct = p.total ? (100 * p.received) / p.total : undefined;
        progress.report({ message: progressMessage(p), increment: pct !== undefined ? Math.max(0, pct - shown) : undefined });
        if (pct !== undefined) shown = pct;
      });
      const cts = new CancellationTokenSource();
      token.onCancellationRequested(() => cts.cancel());
      try {
        return await client!.sendRequest<Result>('auspex/downloadData', { edition }, cts.token);
      } catch (e) {
        return { cache: '', outcomes: [], error: token.isCancellationRequested ? 'cancelled' : (e as Error).message };
      } finally {
        sub.dispose();
        cts.dispose();
      }
    },
  );
  if (result.error) {
    void window.showErrorMessage(`Auspex: the download failed: ${noLinks(result.error)}`);
    return;
  }
  const failed = result.outcomes.filter((o) => o.status === 'failed' || o.status === 'offline');
  const ready = readyMessage(edition, result.outcomes);
  // Versions and messages from the sources downloaded (and their URLs, a setting): never a link.
  if (ready) void window.showInformationMessage(noLinks(ready));
  for (const o of failed) void window.showWarningMessage(`Auspex: ${noLinks(o.message)}`);
}

/** The army list in the active editor, if any. */
function activeList(): TextDocument | undefined {
  const d = window.activeTextEditor?.document;
  return d && d.languageId === 'army-list' ? d : undefined;
}

/** The OPPONENT line of a list (its line number), if it has one: the same rule as the parser's, column 0. */
function opponentLine(doc: TextDocument): number | undefined {
  for (let i = 0; i < doc.lineCount; i++) if (/^OPPONENT\s*:/i.test(doc.lineAt(i).text)) return i;
  return undefined;
}

/**
 * Auspex: Set Opponent List. Picks any open or workspace army list (`.army`, `.40k`, `.txt` files) other than the
 * current one and writes its path, relative to the current list, on the OPPONENT line (replaced or added first).
 */
async function setOpponent(): Promise<void> {
  const doc = activeList();
  if (!doc) {
    void window.showInformationMessage('Auspex: open the army list that should name an opponent.');
    return;
  }
  const seen = new Set<string>([doc.uri.toString()]);
  const candidates: Uri[] = [];
  for (const d of workspace.textDocuments) if (d.languageId === 'army-list' && d.uri.scheme === 'file' && !seen.has(d.uri.toString())) seen.add(d.uri.toString()) && candidates.push(d.uri);
  for (const u of await workspace.findFiles('**/*.{army,40k,txt}', '**/node_modules/**', 500)) if (!seen.has(u.toString())) seen.add(u.toString()) && candidates.push(u);
  const base = doc.uri.scheme === 'file' ? path.dirname(doc.uri.fsPath) : undefined;
  const label = (u: Uri) => (base ? path.relative(base, u.fsPath).split(path.sep).join('/') : u.fsPath);
  const picked = await window.showQuickPick(
    candidates.map((u) => ({ label: noIcons(path.basename(u.fsPath)), description: noIcons(workspace.asRelativePath(u)), uri: u })),
    { title: 'Auspex: Set Opponent List', placeHolder: 'The list this one plays against', matchOnDescription: true },
  );
  if (!picked) return;
  const line = `OPPONENT: ${label(picked.uri)}`;
  const at = opponentLine(doc);
  const edit = new WorkspaceEdit();
  if (at === undefined) edit.insert(doc.uri, new Position(0, 0), `${line}\n`);
  else edit.replace(doc.uri, new Range(at, 0, at, doc.lineAt(at).text.length), line);
  // The edit only: saving is the player's (no refactoring auto-save either).
  await workspace.applyEdit(edit, { isRefactoring: false });
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

export async function deactivate(): Promise<void> {
  await client?.stop();
}
