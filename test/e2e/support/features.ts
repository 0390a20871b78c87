// Which features the built extension offers, so that e2e steps for features
// still being built switch themselves on when they land, and say "not yet
// available" until then. The truth comes from the .vsix under test itself: the
// capabilities its dist/server.js announces at initialize, and the commands its
// manifest contributes.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { strFromU8, unzipSync } from 'fflate';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

export interface Features {
  completion: boolean;
  quickFix: boolean;
  /** The contributed command that opens the damage breakdown webview, if any. */
  damageWebviewCommand?: { command: string; title: string };
  /** The manifest contributes Auspex: Download Rules Data. */
  downloadCommand: boolean;
  capabilities: Record<string, unknown>;
}

export async function detectFeatures(vsix: string): Promise<Features> {
  const files = unzipSync(new Uint8Array(fs.readFileSync(vsix)), {
    filter: (f) => f.name === 'extension/dist/server.js' || f.name === 'extension/package.json',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-features-'));
  const serverJs = path.join(dir, 'server.js');
  fs.writeFileSync(serverJs, files['extension/dist/server.js']);
  const pkg = JSON.parse(strFromU8(files['extension/package.json']));
  const child = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.listen();
  try {
    const init = (await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
          completion: { completionItem: { snippetSupport: true } },
        },
      },
    })) as { capabilities: Record<string, unknown> };
    const caps = init.capabilities;
    const codeAction = caps.codeActionProvider as boolean | { codeActionKinds?: string[] } | undefined;
    const quickFix =
      codeAction === true ||
      (typeof codeAction === 'object' && (!codeAction.codeActionKinds || codeAction.codeActionKinds.some((k) => k.startsWith('quickfix'))));
    const commands: { command: string; title: string }[] = pkg.contributes?.commands ?? [];
    const damage = commands.find((c) => /damage/i.test(c.command) || /damage/i.test(c.title));
    const downloadCommand = commands.some((c) => c.command === 'auspex.downloadData');
    return { completion: !!caps.completionProvider, quickFix, damageWebviewCommand: damage, downloadCommand, capabilities: caps };
  } finally {
    connection.sendRequest('shutdown').catch(() => undefined);
    connection.sendNotification('exit').catch(() => undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    connection.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Skips the test with a plain "not yet available" line when a feature has not landed. */
export function requireFeature(ctx: Mocha.Context, available: boolean, what: string): void {
  if (!available) {
    console.log(`      (not yet available: ${what}; this step runs by itself once the feature lands)`);
    ctx.skip();
  }
}
