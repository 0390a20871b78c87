// *Auspex: Convert List To…* (the list in another export format, in a new untitled Army List editor) and
// *Auspex: Copy List As…* (the same text on the clipboard). The server converts (`auspex/convert`); this module
// only asks which format and shows the result.
import { commands, Disposable, env, window, workspace } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CONVERT_FORMATS, FORMAT_DESCRIPTIONS } from '../../server/src/service/features/convert/formats';
import { noLinks } from '../../server/src/service/features/render/escape';

type Converted = { text: string; dropped: string[]; escaped?: string[] } | { error: string } | null;

export function registerConvertCommands(client: () => LanguageClient | undefined): Disposable[] {
  return [
    commands.registerCommand('auspex.convertList', (format?: unknown) => convert(client(), 'open', typeof format === 'string' ? format : undefined)),
    commands.registerCommand('auspex.copyListAs', (format?: unknown) => convert(client(), 'copy', typeof format === 'string' ? format : undefined)),
  ];
}

async function convert(client: LanguageClient | undefined, to: 'open' | 'copy', given?: string): Promise<string | undefined> {
  const editor = window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'army-list') {
    void window.showInformationMessage('Auspex: open an army list to convert it.');
    return undefined;
  }
  if (!client) return undefined;
  const format =
    given ??
    (
      await window.showQuickPick(
        CONVERT_FORMATS.map((f) => ({ label: f, description: FORMAT_DESCRIPTIONS[f] })),
        { placeHolder: to === 'open' ? 'Convert the list to…' : 'Copy the list as…' },
      )
    )?.label;
  if (!format) return undefined;
  let r: Converted;
  try {
    r = await client.sendRequest<Converted>('auspex/convert', { uri: editor.document.uri.toString(), format });
  } catch (e) {
    void window.showErrorMessage(`Auspex: the list could not be converted (${noLinks((e as Error).message)})`);
    return undefined;
  }
  if (!r || 'error' in r) {
    void window.showErrorMessage(`Auspex: the list is not converted: ${r ? noLinks(r.error) : 'the list is not open in Auspex'}`);
    return undefined;
  }
  // The list's own text (an earlier conversion's dropped line, a force disposition's name): never a link.
  const held = r.dropped.length ? ` Not held by ${noLinks(format)}: ${noLinks(r.dropped.join('; '))}.` : '';
  const escaped = r.escaped ?? [];
  const dropped = held + (escaped.length ? ` Written for ${noLinks(format)}: ${noLinks(escaped.join('; '))}.` : '');
  if (to === 'copy') {
    await env.clipboard.writeText(r.text);
    void window.showInformationMessage(`Auspex: the list is on the clipboard as ${noLinks(format)}.${dropped}`);
  } else {
    const doc = await workspace.openTextDocument({ language: 'army-list', content: r.text });
    await window.showTextDocument(doc);
    if (dropped) void window.showWarningMessage(`Auspex:${dropped}`);
  }
  return r.text;
}
