// Keeps the server answering while the user types: expensive requests (code
// lenses, the outline) wait until the document has been quiet for a moment and
// yield to the event loop first, so queued edits, cancellations, hovers and
// completions are handled before them; work for a superseded document version
// is dropped with ContentModified (the editor asks again), cancelled work with
// RequestCancelled.
import { CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';

export interface DocumentClock {
  /** The document's current version, undefined once it is closed. */
  version(uri: string): number | undefined;
  /** When the document last changed (Date.now()), 0 when never. */
  changedAt(uri: string): number;
}

/** Throws RequestCancelled when the client cancelled this request. */
export function checkCancelled(token: CancellationToken | undefined): void {
  if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
}

/**
 * Runs `fn` on the next turn of the event loop unless the request was cancelled meanwhile: a costly request (a
 * matchup, a conversion, a breakdown) lets the input already sent be read first, so that the `$/cancelRequest`
 * right behind it is seen before the work starts, not after it ends.
 */
export async function afterPendingInput<T>(token: CancellationToken | undefined, fn: () => T): Promise<T> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  checkCancelled(token);
  return fn();
}

/**
 * Runs `fn` once `uri` has been quiet for `quietMs`, unless the request was cancelled
 * or the document changed meanwhile (then the request fails as the protocol says).
 */
export async function whenSettled<T>(
  clock: DocumentClock,
  uri: string,
  token: CancellationToken | undefined,
  quietMs: number,
  fn: () => T,
): Promise<T> {
  const version = clock.version(uri);
  const wait = clock.changedAt(uri) + quietMs - Date.now();
  await new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
  checkCancelled(token);
  if (clock.version(uri) !== version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed');
  return fn();
}
