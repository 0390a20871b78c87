// The server's side of cancellation. Every request's token is seen by its checkpoints (`service/domain/checkpoint.ts`
// through `cancellable`); with a cancellation folder (`node/cancellationFiles.ts`) the token also reads its file, so a
// running request stops at its next checkpoint rather than when the `$/cancelRequest` behind it is read.
import * as fs from 'fs';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import type { AbstractCancellationTokenSource, CancellationId, CancellationReceiverStrategy, CancellationToken } from 'vscode-languageserver/node';
import { cancellationFile } from '../node/cancellationFiles';

/** A token cancelled by the message, or by its file once that exists (looked for whenever the token is asked). */
class FileCancellationTokenSource implements AbstractCancellationTokenSource {
  private readonly message = new CancellationTokenSource();
  private seen = false;
  readonly token: CancellationToken;

  constructor(private readonly file: string) {
    const self = this;
    this.token = {
      get isCancellationRequested() {
        if (self.message.token.isCancellationRequested || self.seen) return true;
        if (fs.existsSync(self.file)) self.seen = true;
        return self.seen;
      },
      onCancellationRequested: this.message.token.onCancellationRequested,
    };
  }

  cancel(): void {
    this.message.cancel();
  }

  dispose(): void {
    this.message.dispose();
  }
}

export function fileCancellationReceiver(folder: string): CancellationReceiverStrategy {
  return {
    kind: 'id',
    createCancellationTokenSource: (id: CancellationId) => new FileCancellationTokenSource(cancellationFile(folder, id)),
  };
}

/** Whether `token` was cancelled; never throws (a token whose file cannot be read is not cancelled). */
export function isCancelled(token: CancellationToken | undefined): boolean {
  try {
    return !!token?.isCancellationRequested;
  } catch {
    return false;
  }
}
