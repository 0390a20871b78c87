// Locates ../shared (the real lists and rules data beside the repository).
// Tests that need it call `requireShared(this)`: when it is absent they say so
// plainly and skip; they never fail for it.
import * as fs from 'fs';
import * as path from 'path';

/** The repository root, from out/test/support or test/support alike. */
export const repoRoot = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
})();

export const sharedDir = path.resolve(repoRoot, '..', 'shared');

export function sharedPath(...parts: string[]): string {
  return path.join(sharedDir, ...parts);
}

export function hasShared(...parts: string[]): boolean {
  return fs.existsSync(sharedPath(...parts));
}

/** Skips the current test or suite, with a clear message, when ../shared/<parts> is absent. */
export function requireShared(ctx: Mocha.Context, ...parts: string[]): void {
  if (!hasShared(...parts)) {
    const what = path.join('..', 'shared', ...parts);
    console.log(`      (skipped: ${what} is absent; these tests need the shared material beside the repository)`);
    ctx.skip();
  }
}
