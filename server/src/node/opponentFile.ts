// The file an `OPPONENT: <path>` line names, read on the Node side for the language server: the path is relative
// to the list's own file (or absolute); an open document of that file wins over the disk (unsaved edits count);
// otherwise the file is read with the usual limits (regular files only, byte cap) and kept while its size and
// modification time stay the same. Answers the core's OpponentInput: a document, or why there is none.
// Only a file within the workspace's folders or the list's own folder is read (its real path, symlinks
// resolved): a list from a stranger cannot make the hover show a line of `~/.aws/credentials`. A path that
// leads back to the list itself (a symlink, `./list.army`) is not its opponent.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { OpponentInput } from '../service/features/matchupOpponent';
import { readFileCapped } from './files';

/** The opponent file's URI, or why it has none (an unsaved list with a relative path). */
export function opponentUri(listUri: string, written: string): { uri: string; file: string } | { error: string } {
  const expanded = written.replace(/^~(?=[\\/])/, process.env.HOME ?? '~');
  if (path.isAbsolute(expanded)) return { uri: pathToFileURL(expanded).href, file: expanded };
  if (!listUri.startsWith('file:')) return { error: 'this list is not saved as a file, so a relative path has no folder: save it or give an absolute path' };
  const file = path.resolve(path.dirname(fileURLToPath(listUri)), expanded);
  return { uri: pathToFileURL(file).href, file };
}

/** A path with its symlinks resolved (as far as it exists: a missing file keeps its resolved folder). */
function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    const dir = path.dirname(p);
    return dir === p ? p : path.join(realPath(dir), path.basename(p));
  }
}

export class OpponentFiles {
  private readonly disk = new Map<string, { key: string; input: OpponentInput }>();

  /** `open`: the server's open document of a uri, if any; `roots`: the workspace folders' URIs. */
  constructor(
    private readonly open: (uri: string) => TextDocument | undefined,
    private readonly roots: () => string[] = () => [],
  ) {}

  read(listUri: string, written: string): OpponentInput & { uri?: string } {
    const where = opponentUri(listUri, written);
    if ('error' in where) return where;
    if (where.uri === listUri) return { error: 'a list cannot be its own opponent' };
    const real = realPath(where.file);
    const listFile = listUri.startsWith('file:') ? realPath(fileURLToPath(listUri)) : undefined;
    if (listFile !== undefined && real === listFile) return { error: 'a list cannot be its own opponent (the path leads back to it)' };
    const allowed = [...(listFile ? [path.dirname(listFile)] : []), ...this.roots().filter((u) => u.startsWith('file:')).map((u) => realPath(fileURLToPath(u)))];
    if (!allowed.some((r) => real === r || real.startsWith(r.endsWith(path.sep) ? r : r + path.sep))) {
      return { error: 'it is outside the workspace and the list\'s folder, so it is not read' };
    }
    const doc = this.open(where.uri);
    if (doc) return { doc, uri: where.uri };
    let st: fs.Stats;
    try {
      st = fs.statSync(where.file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { error: code === 'ENOENT' ? `no such file (${where.file})` : `${code ?? (e as Error).message} (${where.file})` };
    }
    const key = `${st.size}:${st.mtimeMs}`;
    const hit = this.disk.get(where.file);
    if (hit && hit.key === key) return { ...hit.input, uri: where.uri };
    const r = readFileCapped(where.file);
    const input: OpponentInput = 'error' in r ? { error: r.error } : { doc: TextDocument.create(where.uri, 'army-list', Math.floor(st.mtimeMs), r.bytes.toString('utf8')) };
    this.disk.set(where.file, { key, input });
    if (this.disk.size > 64) this.disk.delete(this.disk.keys().next().value as string);
    return { ...input, uri: where.uri };
  }
}
