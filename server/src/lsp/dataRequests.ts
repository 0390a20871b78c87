// Data and downloads: new rules data (a folder changed on disk, Reload Rules Data, a download that brought a new
// version, other data settings) is handed to the service, the status sent and every open list checked again.
import { RequestType0 } from 'vscode-languageserver/node';
import { DataDownloads } from './downloads';
import type { DocumentChecks } from './documentChecks';
import type { Session } from './session';

/** Client → server: reload the rules data folders now. */
export const ReloadDataRequest = new RequestType0<void, void>('auspex/reloadData');

export class DataRequests {
  readonly downloads: DataDownloads;

  constructor(
    private readonly session: Session,
    private readonly checks: DocumentChecks,
  ) {
    const { connection, rules } = session;
    session.onDataReloaded = () => this.rulesChanged();
    connection.onRequest(ReloadDataRequest, () => {
      connection.console.info('auspex data: reloading the rules data (Auspex: Reload Rules Data)');
      rules.reload();
      this.rulesChanged();
    });
    this.downloads = new DataDownloads(connection, () => rules.cacheFolder, () => session.settings, () => {
      rules.reload();
      this.rulesChanged();
    }, session.logError);
  }

  /** New rules data or settings: publish the status and check every open list again. */
  rulesChanged(dataChanged = true): void {
    const { session } = this;
    if (dataChanged) {
      for (const doc of session.documents.all()) session.guard(() => session.needData(doc), false);
      session.feedRules();
      session.service.setPreviousRules(undefined);
      session.sendStatus();
    }
    this.checks.scheduleAll();
    session.refreshLensesAndHints();
  }

  dispose(): void {
    this.downloads.dispose();
  }
}
