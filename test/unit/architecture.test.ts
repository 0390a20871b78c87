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


/** The relative imports between the TypeScript files under `dir`: file → files it imports (type-only imports too). */
function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = importsOf(fs.readFileSync(f, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(f), spec))
      .map((p) => [`${p}.ts`, path.join(p, 'index.ts')].find((c) => known.has(c)))
      .filter((t): t is string => t !== undefined);
    graph.set(f, targets);
  }
  return graph;
}

/** The import circles of a graph: each strongly connected component of more than one file (Tarjan). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
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
  it('resolves a list unit to its datasheet in one place: no module looks a list unit up by name (`.datasheet(`) but the resolver and completion\'s candidate search', () => {
    // The resolver (`features/resolve/resolvedList.ts`) makes the one lookup of each unit per document and data
    // version; completion's candidate search (`features/completion/catalog.ts`) searches the data for what to offer,
    // not the list; the rules index defines the lookup.
    const allowed = new Set(['server/src/service/features/resolve/resolvedList.ts', 'server/src/service/features/completion/catalog.ts', 'server/src/service/domain/rules/index.ts']);
    const files = sourceFiles(path.join(repoRoot, 'server', 'src'));
    const offenders = files
      .filter((f) => !allowed.has(path.relative(repoRoot, f).split(path.sep).join('/')))
      .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (/\.datasheet\(/.test(line) ? [`${path.relative(repoRoot, f)}:${i + 1}: ${line.trim()}`] : [])));
    assert.deepStrictEqual(offenders, []);
    // The check itself finds what it refuses.
    assert.ok(/\.datasheet\(/.test(fs.readFileSync(path.join(repoRoot, 'server', 'src', 'service', 'features', 'resolve', 'resolvedList.ts'), 'utf8')), 'the resolver makes the lookup');
  });

  it('finds an import circle, type-only imports included', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    assert.deepStrictEqual(importCircles(g), [['a', 'b', 'c']]);
    assert.deepStrictEqual(importCircles(new Map([['a', ['b']], ['b', []]])), []);
  });

  it('has no import circles in the server, the core or the client (a circle makes modules that cannot be read alone)', () => {
    for (const dir of [path.join(repoRoot, 'server', 'src'), path.join(repoRoot, 'client', 'src')]) {
      const circles = importCircles(importGraph(dir)).map((c) => c.map((f) => path.relative(repoRoot, f)).join(' ↔ '));
      assert.deepStrictEqual(circles, [], `import circles under ${path.relative(repoRoot, dir)}`);
    }
  });
});
