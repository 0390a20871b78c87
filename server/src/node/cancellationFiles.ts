// Cancellation through files, shared by the VS Code client (which writes them) and the server (which reads them).
// A request runs on the server's one thread: a `$/cancelRequest` message waits behind it and is read only once it
// ends. A file is seen at once, at the request's next checkpoint (`service/domain/checkpoint.ts`). The client starts
// the server with `--cancellationReceive=file:<folder>` and writes `<folder>/cancel-<id>` to cancel request <id>
// (and still sends the message, so that a request cancelled while queued never runs); it removes the file once the
// request is answered. Other editors keep message cancellation alone.
import * as fs from 'fs';
import * as path from 'path';

export const CANCELLATION_ARG = '--cancellationReceive=file:';

/** The command-line argument naming a cancellation folder. */
export const cancellationArg = (folder: string) => `${CANCELLATION_ARG}${folder}`;

/** The cancellation folder the server's command line names, if any. */
export function cancellationFolderArg(argv: string[]): string | undefined {
  const a = argv.find((x) => x.startsWith(CANCELLATION_ARG));
  const folder = a?.slice(CANCELLATION_ARG.length);
  return folder ? folder : undefined;
}

/** The file that says request `id` is cancelled (ids are the client's numbers or strings, made file-name safe). */
export function cancellationFile(folder: string, id: number | string): string {
  return path.join(folder, `cancel-${String(id).replace(/[^A-Za-z0-9_-]/g, '_')}`);
}

/** What the sender needs of a connection: to send the `$/cancelRequest` notification. */
interface Notifier {
  sendNotification(method: string, params: { id: number | string }): Promise<void>;
}

/**
 * The client's side: cancels request `id` by writing its file (seen by the running request at its next checkpoint)
 * and by the message (a request still queued is answered at once and never runs); `cleanup` removes the file once
 * the request is answered. A vscode-jsonrpc CancellationSenderStrategy; the folder outlives a restarted connection,
 * its owner removes it.
 */
export function fileCancellationSender(folder: string) {
  return {
    async sendCancellation(conn: Notifier, id: number | string): Promise<void> {
      try {
        fs.writeFileSync(cancellationFile(folder, id), '');
      } catch {
        // The folder is gone (the session ending): the message alone still cancels a queued request.
      }
      await conn.sendNotification('$/cancelRequest', { id });
    },
    cleanup(id: number | string): void {
      fs.rmSync(cancellationFile(folder, id), { force: true });
    },
  };
}
