// The HTML of an `auspex:` rules page (a datasheet, weapon, enhancement, detachment, rule...) as go to definition
// opens it: the server's Markdown rendered by markdown-it (the engine VS Code's own Markdown preview uses) with
// raw HTML off, under the webviews' strict policy (`damageViewHtml.ts` `webviewPage`: a nonce on the one style
// sheet, no script, no remote origin), in the editor's theme colours. Pure and free of `vscode` imports: tested
// as it is.
import MarkdownIt from 'markdown-it';
import { escapeHtml, webviewPage } from './damageViewHtml';

// Raw HTML in the Markdown is shown as text; no bare URL becomes a link; quotes and dashes stay as the data has them.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The page of `text` (the server's Markdown), or of a message when the data has no such page. */
export function rulesPageHtml(text: string | null, title: string, nonce: string, cspSource: string, missing?: string): string {
  const body = text !== null ? `<article>${markdown.render(text)}</article>` : `<p>${escapeHtml(missing ?? 'Nothing in the loaded rules data for this page.')}</p>`;
  return webviewPage(title, body, nonce, cspSource, STYLE, '');
}

/** The page's title: the last segment of its URI, decoded, without `.md` ("Khorne Berzerkers"). */
export function rulesPageTitle(uri: string): string {
  const last = uri.replace(/[?#].*$/, '').split('/').pop() ?? uri;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it stands.
  }
  return name.replace(/\.md$/i, '') || 'Auspex rules page';
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 24px 24px; max-width: 980px; line-height: 1.5; }
h1, h2, h3, h4, h5 { font-weight: 600; margin: 1.2em 0 0.4em; }
h3 { font-size: 1.6em; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-editorWidget-border)); padding-bottom: 0.2em; }
h4 { font-size: 1.2em; }
h5 { font-size: 1.05em; }
p, ul { margin: 0.4em 0 0.8em; }
table { border-collapse: collapse; margin: 0.4em 0 1em; }
th, td { border: 1px solid var(--vscode-editorWidget-border, rgba(128, 128, 128, 0.4)); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--vscode-editorWidget-background, rgba(128, 128, 128, 0.1)); }
em { color: var(--vscode-descriptionForeground); }
code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 0 3px; }
`;
