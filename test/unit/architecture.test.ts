// Architecture invariant: the language-service core (server/src/service) has no
// LSP-library, editor or Node imports, so the server, the CLI and the tests
// share it unchanged. This test fails the moment one creeps in.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { builtinModules } from 'module';
import { repoRoot } from '../support/shared';

const CORE = path.join(repoRoot, 'server', 'src', 'service');
const FORBIDDEN = new Set(['vscode', 'vscode-languageserver', 'vscode-languageclient', ...builtinModules]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Module specifiers of every import, export-from and require in a TypeScript file. */
export function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) specs.push(m[1]);
  return specs;
}

function forbidden(spec: string): boolean {
  const bare = spec.replace(/^node:/, '');
  const pkg = bare.startsWith('@') ? bare.split('/').slice(0, 2).join('/') : bare.split('/')[0];
  return spec.startsWith('node:') || FORBIDDEN.has(pkg);
}

describe('architecture', () => {
  it('finds the import specifiers it checks', () => {
    assert.deepStrictEqual(importsOf(`import { a } from 'vscode-languageserver/node';\nconst fs = require("fs");\nexport * from './x';`), [
      'vscode-languageserver/node',
      'fs',
      './x',
    ]);
    assert.ok(forbidden('vscode-languageserver/node') && forbidden('fs') && forbidden('node:path'));
    assert.ok(!forbidden('vscode-languageserver-types') && !forbidden('vscode-languageserver-textdocument'));
  });

  it('keeps the language-service core free of LSP, editor and Node imports', () => {
    const files = sourceFiles(CORE);
    assert.ok(files.length > 5, 'the core has source files');
    const offenders = files.flatMap((f) =>
      importsOf(fs.readFileSync(f, 'utf8'))
        .filter(forbidden)
        .map((spec) => `${path.relative(repoRoot, f)} imports ${spec}`),
    );
    assert.deepStrictEqual(offenders, []);
  });

  it('keeps the domain layer (parse, rules, editions, stratagems, damage) free of the features built on it', () => {
    const domain = path.join(CORE, 'domain');
    const files = sourceFiles(domain);
    assert.ok(files.length > 5, 'the domain layer has source files');
    const offenders = files.flatMap((f) =>
      importsOf(fs.readFileSync(f, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => {
          const target = path.resolve(path.dirname(f), spec);
          // the embedded data/ JSON is fine; the features and the façade's modules are not
          return target.startsWith(CORE + path.sep) && !target.startsWith(domain + path.sep);
        })
        .map((spec) => `${path.relative(repoRoot, f)} imports ${spec}`),
    );
    assert.deepStrictEqual(offenders, []);
  });
});
