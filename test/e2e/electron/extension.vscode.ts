// Runs inside desktop VS Code's extension host (see ../electron.e2e.ts): the
// extension activates on an .army file and its server answers through VS
// Code's own providers, as the editor would ask them.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';

const workspace = process.env.AUSPEX_E2E_WORKSPACE!;

async function open(name: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(path.join(workspace, name));
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** Resolves once `accept` holds for the document's diagnostics (they arrive asynchronously). */
function diagnostics(uri: vscode.Uri, accept: (d: vscode.Diagnostic[]) => boolean, timeoutMs = 30_000): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const d = vscode.languages.getDiagnostics(uri);
      if (accept(d)) {
        sub.dispose();
        clearTimeout(timer);
        resolve(d);
      }
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => e.uris.some((u) => u.toString() === uri.toString()) && check());
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`diagnostics for ${uri} not as expected within ${timeoutMs} ms: ${JSON.stringify(vscode.languages.getDiagnostics(uri))}`));
    }, timeoutMs);
    check();
  });
}

/** Asks a provider until it answers something non-empty (the server may still be starting). */
async function until<T>(ask: () => Thenable<T[] | undefined>, timeoutMs = 30_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = (await ask()) ?? [];
    if (r.length || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, 250));
  }
}

describe('Auspex in desktop VS Code', () => {
  it('opens .army files in the army-list language', async () => {
    const doc = await open('claw-of-ascension.army');
    assert.strictEqual(doc.languageId, 'army-list');
  });

  it('reports the mistakes example\'s problems', async () => {
    const doc = await open('mistakes.army');
    const isError = (x: vscode.Diagnostic) => x.severity === vscode.DiagnosticSeverity.Error;
    const d = (await diagnostics(doc.uri, (x) => x.filter(isError).length === 3)).filter(isError);
    const messages = d.map((x) => x.message).join('\n');
    assert.match(messages, /Unknown datasheet "Atalan Jackels"\. Did you mean "Atalan Jackals"\?/);
    assert.match(messages, /Unknown datasheet "Acolyte Hybrids"\./);
  });

  it('hovers a unit with its datasheet and shows the damage code lens', async () => {
    const doc = await open('claw-of-ascension.army');
    const line = doc.getText().split('\n').findIndex((l) => l === 'Atalan Jackals');
    const hovers = await until(() =>
      vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(line, 3)),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /Atalan Wolfquad/);
    const lenses = await until(() => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri));
    assert.ok(lenses.some((l) => l.range.start.line === line && /^⚔ [\d.]+ dmg, [\d.]+ slain — /.test(l.command?.title ?? '')));
  });
});
