// The `auspex:` rules pages go to definition opens, shown rendered: a read-only custom editor (`auspex.rulesPage`,
// the default editor for `auspex:/**` in package.json) whose webview shows the page's Markdown as HTML
// (`rulesPageHtml.ts`). The server gives the Markdown (`auspex/virtualDocument`) from the data of the edition the
// URI names. Peek Definition still shows the Markdown text (the text content provider in extension.ts).
import { randomBytes } from 'crypto';
import { CustomDocument, CustomReadonlyEditorProvider, Disposable, Uri, WebviewPanel, window } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { rulesPageHtml, rulesPageTitle } from './rulesPageHtml';

export const RULES_PAGE_VIEW_TYPE = 'auspex.rulesPage';

/** A page's Markdown from the server, or null (no such datum in the data loaded now). */
export async function rulesPageText(client: LanguageClient | undefined, uri: Uri): Promise<string | null> {
  const found = await client?.sendRequest<{ text: string } | null>('auspex/virtualDocument', { uri: uri.toString() });
  return found?.text ?? null;
}

export function registerRulesPages(client: () => LanguageClient | undefined): Disposable {
  const provider: CustomReadonlyEditorProvider<CustomDocument> = {
    openCustomDocument: (uri) => ({ uri, dispose: () => undefined }),
    async resolveCustomEditor(document: CustomDocument, panel: WebviewPanel): Promise<void> {
      // No script: the page is static HTML.
      panel.webview.options = { enableScripts: false, localResourceRoots: [] };
      const title = rulesPageTitle(document.uri.toString());
      const nonce = randomBytes(16).toString('hex');
      let text: string | null = null;
      let missing: string | undefined;
      try {
        text = await rulesPageText(client(), document.uri);
      } catch (e) {
        missing = `Auspex could not read this page: ${(e as Error).message}`;
      }
      missing ??= `Nothing in the rules data loaded now for ${document.uri.toString()}: open an army list of its faction (its data is read then), or Auspex: Reload Rules Data.`;
      panel.webview.html = rulesPageHtml(text, title, nonce, panel.webview.cspSource, missing);
    },
  };
  return window.registerCustomEditorProvider(RULES_PAGE_VIEW_TYPE, provider, { supportsMultipleEditorsPerDocument: true, webviewOptions: { enableFindWidget: true } });
}
