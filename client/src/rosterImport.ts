// Rosters as army lists: *Auspex: Import Roster* (a BattleScribe roster, .ros/.rosz, or a New Recruit, ListForge or
// Rosterizer JSON roster), *Auspex: Open Roster as Army List* on a JSON file (its context menus), and, while Auspex
// runs, an offer when a JSON file that is such a roster is opened. The server reads and converts the file
// (`auspex/importRoster`); the list opens in a new untitled Army List editor. Text from the file reaches a
// notification only with its link syntax broken.
import { commands, Disposable, TextDocument, Uri, window, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { noLinks } from '../../server/src/service/features/render/escape';
import { looksLikeJsonRoster } from './rosterSniff';

type Imported = { text: string; warnings: string[] } | { error: string };

export function registerRosterImport(client: () => LanguageClient | undefined): Disposable[] {
  const offered = new Set<string>();
  return [
    commands.registerCommand('auspex.importRoster', async (uri?: unknown) => {
      const target = uri instanceof Uri ? uri : (await window.showOpenDialog({ canSelectMany: false, openLabel: 'Import roster', filters: { Rosters: ['ros', 'rosz', 'json'], 'BattleScribe roster': ['ros', 'rosz'], 'JSON roster (New Recruit, ListForge, Rosterizer)': ['json'] } }))?.[0];
      if (target) await importRoster(client(), target);
    }),
    commands.registerCommand('auspex.openRosterAsList', async (uri?: unknown) => {
      const target = uri instanceof Uri ? uri : window.activeTextEditor?.document.uri;
      if (target) await importRoster(client(), target);
    }),
    // A JSON roster opened while Auspex runs: offered once per file.
    workspace.onDidOpenTextDocument((doc) => offer(client, doc, offered)),
  ];
}

async function offer(client: () => LanguageClient | undefined, doc: TextDocument, offered: Set<string>): Promise<void> {
  if (doc.languageId !== 'json' || doc.uri.scheme !== 'file' || offered.has(doc.uri.toString())) return;
  if (!looksLikeJsonRoster(doc.getText())) return;
  offered.add(doc.uri.toString());
  const open = 'Open as Army List';
  if ((await window.showInformationMessage('Auspex: this JSON file is an army roster (New Recruit, ListForge or Rosterizer).', open)) === open) await importRoster(client(), doc.uri);
}

async function importRoster(client: LanguageClient | undefined, uri: Uri): Promise<void> {
  if (!client) return;
  if (uri.scheme !== 'file') {
    void window.showErrorMessage('Auspex: only a roster saved on disk can be imported.');
    return;
  }
  try {
    const r = await client.sendRequest<Imported>('auspex/importRoster', { path: uri.fsPath });
    if ('error' in r) {
      void window.showErrorMessage(`Auspex: ${noLinks(r.error)}`);
      return;
    }
    const doc = await workspace.openTextDocument({ language: 'army-list', content: r.text });
    await window.showTextDocument(doc);
    if (r.warnings.length) void window.showWarningMessage(`Auspex: roster imported with ${r.warnings.length} warning(s): ${noLinks(r.warnings.join('; '))}`);
  } catch (e) {
    void window.showErrorMessage(`Auspex: the roster could not be imported (${noLinks((e as Error).message)})`);
  }
}
