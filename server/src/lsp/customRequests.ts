// Auspex's own requests (`auspex/...`): a roster imported, an `auspex:` page, the damage breakdown, the matchup, a
// conversion; and the answer to a message the transport refused unread. The costly ones let the input already
// sent be read first (its cancellation may be right behind them).
import { getHeapSpaceStatistics } from 'v8';
import { ErrorCodes, RequestType, RequestType0, ResponseError } from 'vscode-languageserver/node';
import { CONVERT_FORMATS, isConvertFormat } from '../service/features/convert';
import type { BreakdownConditions, DamageBreakdown } from '../service/features/damageBreakdown';
import type { Matchup, MatchupConditions } from '../service/features/matchup';
import { importRosterFileAsync, RosterImportResult } from '../node/roster';
import { afterPendingInput } from './scheduling';
import { MAX_ECHO_DEPTH, nestedDeeper } from './boundedDocuments';
import { Refusal, REFUSED_NOTIFICATION, REFUSED_REQUEST } from './messageGuard';
import type { DocumentChecks } from './documentChecks';
import type { Session } from './session';

/** Client → server: a BattleScribe roster file (.ros/.rosz) as list text in the app layout. */
export const ImportRosterRequest = new RequestType<{ path: string }, RosterImportResult, void>('auspex/importRoster');
/** Client → server: the Markdown of an `auspex:` document (what go to definition opens). */
export const VirtualDocumentRequest = new RequestType<{ uri: string }, { text: string } | null, void>('auspex/virtualDocument');
/** Client → server: the damage breakdown of one unit against one target of `auspex.damage.targets`. */
export const DamageBreakdownRequest = new RequestType<{ uri: string; unitIndex: number; targetIndex: number; conditions?: BreakdownConditions }, DamageBreakdown | null, void>('auspex/damageBreakdown');

/** Client → server: the matchup of a list against the opponent its OPPONENT line names (null without one). */
export const MatchupRequest = new RequestType<{ uri: string; conditions?: MatchupConditions; directions?: ('forward' | 'reverse')[] }, Matchup | null, void>('auspex/matchup');

/** Client → server: the list in another export format (*Convert List To…*, *Copy List As…*): the text, or why not. */
export const ConvertRequest = new RequestType<{ uri: string; format: string; edition?: number }, { text: string; dropped: string[]; escaped: string[] } | { error: string } | null, void>('auspex/convert');

/**
 * Client → server, answered only where the server runs with Node's --expose-gc (`npm run bench`, never an editor):
 * collect garbage, then the process's resident memory, its JS heap (reserved and in use) and memory outside it, in
 * bytes, and each heap space's (reserved, in use); null otherwise.
 */
export const CollectGarbageRequest = new RequestType0<{ rss: number; heapTotal: number; heapUsed: number; external: number; spaces: { name: string; size: number; used: number }[] } | null, void>('auspex/collectGarbage');

export function registerCustomRequests(session: Session, checks: DocumentChecks): void {
  const { connection, service } = session;
  const withDoc = session.withDoc.bind(session);
  const guard = session.guard.bind(session);
  const syncOpponent = checks.syncOpponent.bind(checks);

  // Messages the transport refused unread (nested too deep, lsp/transport.ts): a request gets an error, the rest a log line.
  connection.onRequest(REFUSED_REQUEST, (p: Refusal) => {
    throw new ResponseError(ErrorCodes.InvalidParams, `${p?.method ?? 'the request'}: ${p?.reason ?? 'refused'}`);
  });
  connection.onNotification(REFUSED_NOTIFICATION, (p: Refusal) => connection.console.warn(`auspex: ${p?.method ?? 'a message'}: ${p?.reason ?? 'refused'}`));

  connection.onRequest(CollectGarbageRequest, () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (typeof gc !== 'function') return null;
    gc();
    const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
    const spaces = getHeapSpaceStatistics().map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size }));
    return { rss, heapTotal, heapUsed, external, spaces };
  });

  // Read asynchronously: a slow disk, a FIFO or a device never blocks the main thread.
  connection.onRequest(ImportRosterRequest, (p) => session.guardAsync((): Promise<RosterImportResult> => importRosterFileAsync(String(p?.path ?? '')), { error: 'The roster could not be imported (see the Auspex output)' }));
  connection.onRequest(VirtualDocumentRequest, (p) => guard(() => nullOr(service.virtualDocument(p.uri), (text) => ({ text })), null));
  // The costly ones let the input already sent be read first (its cancellation may be right behind them).
  connection.onRequest(DamageBreakdownRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      if (p.conditions?.vs) syncOpponent(doc);
      return service.damageBreakdown(doc, Number(p.unitIndex), Number(p.targetIndex), p.conditions ?? {});
    }, token)),
  );
  connection.onRequest(MatchupRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      syncOpponent(doc);
      // `directions`: only those (the view asks the one it shows first); both when absent or unreadable.
      const asked = Array.isArray(p.directions) ? p.directions.filter((d): d is 'forward' | 'reverse' => d === 'forward' || d === 'reverse') : [];
      return service.matchup(doc, p.conditions && typeof p.conditions === 'object' ? p.conditions : {}, asked.length ? asked : undefined);
    }, token)),
  );
  connection.onRequest(ConvertRequest, (p, token) =>
    refuseDeep(p) ?? afterPendingInput(token, () => withDoc(String(p?.uri), null, (doc) => {
      const format = String(p?.format);
      if (!isConvertFormat(format)) return { error: `unknown format "${format}" (${CONVERT_FORMATS.join(', ')})` };
      const edition = p?.edition === 10 || p?.edition === 11 ? p.edition : undefined;
      return service.convert(doc, format, edition);
    }, token)),
  );
}

/** Params whose conditions the service walks: refused with a protocol error when they nest too deep. */
function refuseDeep(params: unknown): undefined {
  if (nestedDeeper(params)) throw new ResponseError(ErrorCodes.InvalidParams, `the params nest deeper than ${MAX_ECHO_DEPTH} levels: refused`);
  return undefined;
}

function nullOr<T, U>(value: T | null, fn: (v: T) => U): U | null {
  return value === null ? null : fn(value);
}
