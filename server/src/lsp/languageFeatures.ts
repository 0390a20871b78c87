// The language features: each request forwarded to the service on its open document (Session.withDoc: guarded,
// cancellable, the list's data loaded first). Lenses and the outline wait for a quiet document.
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { MAX_ECHO_DEPTH, nestedDeeper } from './boundedDocuments';
import { whenSettled } from './scheduling';
import { VALIDATE_DELAY_MS } from './documentChecks';
import type { DocumentChecks } from './documentChecks';
import type { Session } from './session';

export function registerLanguageFeatures(session: Session, checks: DocumentChecks): void {
  const { connection, service, documents } = session;
  const withDoc = session.withDoc.bind(session);
  const guard = session.guard.bind(session);
  const syncOpponent = checks.syncOpponent.bind(checks);
  const clock = checks.clock;

  connection.onHover((p, token) => withDoc(p.textDocument.uri, null, (doc) => (syncOpponent(doc), service.hover(doc, p.position)), token));
  connection.onCompletion((p, token) => withDoc(p.textDocument.uri, null, (doc) => service.completion(doc, p.position), token));
  connection.onCompletionResolve((item) => {
    // An item is answered back whole: one nested too deep would overflow the reply's JSON.stringify.
    if (nestedDeeper(item)) throw new ResponseError(ErrorCodes.InvalidParams, `the completion item nests deeper than ${MAX_ECHO_DEPTH} levels: refused`);
    return guard(() => service.resolveCompletion(item), item);
  });
  connection.languages.semanticTokens.on((p, token) => withDoc(p.textDocument.uri, { data: [] }, (doc) => service.semanticTokens(doc), token));
  // Lenses and the outline are debounced and yield first: they never hold up a hover or a completion.
  connection.onCodeLens((p, token) => whenSettled(clock, p.textDocument.uri, token, VALIDATE_DELAY_MS, () => withDoc(p.textDocument.uri, [], (doc) => (syncOpponent(doc), service.codeLenses(doc)), token)));
  connection.onDocumentSymbol((p, token) => whenSettled(clock, p.textDocument.uri, token, 0, () => withDoc(p.textDocument.uri, [], (doc) => service.documentSymbols(doc), token)));
  connection.onFoldingRanges((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.foldingRanges(doc), token));
  connection.onSelectionRanges((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.selectionRanges(doc, p.positions), token));
  connection.onDocumentOnTypeFormatting((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.onTypeFormatting(doc, p.position, p.ch), token));
  connection.onDocumentFormatting((p, token) =>
    withDoc(p.textDocument.uri, [], (doc) => {
      const r = service.format(doc);
      // A refusal keeps the text as written; the reason goes to the log, not into a popup on every save.
      if (r.refused) connection.console.info(`auspex: not formatting ${doc.uri}: ${r.refused}`);
      return r.edits;
    }, token),
  );
  connection.onDefinition((p, token) => withDoc(p.textDocument.uri, null, (doc) => service.definition(doc, p.position), token));
  connection.onCodeAction((p, token) => withDoc(p.textDocument.uri, [], (doc) => [...service.codeActions(doc, p.context.diagnostics, p.context.only), ...service.setSizeActions(doc, p.range, p.context.only)], token));
  connection.onReferences((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.references(doc, p.position, documents.all()), token));
  connection.languages.inlayHint.on((p, token) => withDoc(p.textDocument.uri, [], (doc) => service.inlayHints(doc, p.range), token));
  connection.onWorkspaceSymbol((p) => guard(() => service.workspaceSymbols(documents.all(), p.query), []));
  // Refusals carry their reason to the editor as an error response, not a silent null.
  connection.onPrepareRename((p, token) => refuseOr(withDoc(p.textDocument.uri, null, (doc) => service.prepareRename(doc, p.position), token)));
  connection.onRenameRequest((p, token) => refuseOr(withDoc(p.textDocument.uri, null, (doc) => service.rename(doc, p.position, p.newName), token)));
}

function refuseOr<T extends object>(result: T | { error: string } | null): T | null {
  if (result && 'error' in result) throw new ResponseError(LSPErrorCodes.RequestFailed, result.error);
  return result;
}
