// Rename: the only name a list owns is its title. Units are named by their
// datasheet (and stratagems by the rules), and no supported export format
// carries a custom unit label, so everything else is refused with a message
// that says why.
import type { Range, WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList } from '../domain/parse/ast';
import { parseArmyList } from '../domain/parse';
import { toRange } from './diagnostics/make';

export const RENAME_REFUSED = 'Units are named by their datasheet; rename is only available for the list title.';

export type RenameRefusal = { error: string };

export function prepareRename(doc: TextDocument, list: ArmyList, offset: number): { range: Range; placeholder: string } | RenameRefusal {
  const title = list.title;
  if (!title || offset < title.span.start || offset > title.span.end) {
    return { error: title ? RENAME_REFUSED : `${RENAME_REFUSED} This list has no title line.` };
  }
  return { range: toRange(doc, title.span), placeholder: title.text };
}

export function rename(doc: TextDocument, list: ArmyList, offset: number, newName: string): WorkspaceEdit | RenameRefusal {
  const prepared = prepareRename(doc, list, offset);
  if ('error' in prepared) return prepared;
  const name = newName.trim();
  if (!name || /[\r\n]/.test(name)) return { error: 'A list title is one non-empty line.' };
  // The title must still read as the title: in the official app's layout "Strike Force" would become the battle size.
  const text = doc.getText();
  const span = list.title!.span;
  const reparsed = parseArmyList(text.slice(0, span.start) + name + text.slice(span.end));
  if (reparsed.title?.text !== name) return { error: `"${name}" would not read as the list title in this format.` };
  return { changes: { [doc.uri]: [{ range: prepared.range, newText: name }] } };
}
