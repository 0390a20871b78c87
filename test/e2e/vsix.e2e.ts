// The packaged .vsix ships only what the extension needs: the two bundles, the
// grammar, language configuration, manifest, docs and icon. Anything else
// (sources, tests, source maps, node_modules) fails here.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { strFromU8, unzipSync } from 'fflate';
import { repoRoot } from '../support/shared';
import { vsixPath } from './support/codeServer';

const ALLOWED = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/package.json',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
  'extension/icon.png',
  'extension/language-configuration.json',
  'extension/dist/extension.js',
  'extension/dist/server.js',
];
const ALLOWED_PATTERNS = [
  /^extension\/syntaxes\/[^/]+\.tmLanguage\.json$/,
  // Webview assets (none yet): styles, scripts and images only.
  /^extension\/media\/[\w.-]+\.(css|js|svg|png)$/,
];
const MAX_BYTES = 1024 * 1024;

describe('e2e: the packaged .vsix', function () {
  let files: Record<string, Uint8Array>;

  before(function () {
    if (!fs.existsSync(vsixPath())) {
      if (process.env.AUSPEX_E2E_REQUIRED) throw new Error('auspex.vsix is missing: run `npm run package`');
      console.log('      (skipped: auspex.vsix is absent; `npm run package` builds it)');
      this.skip();
    }
    files = unzipSync(new Uint8Array(fs.readFileSync(vsixPath())));
  });

  it(`is smaller than ${MAX_BYTES / 1024} KiB`, function () {
    const size = fs.statSync(vsixPath()).size;
    console.log(`      auspex.vsix: ${(size / 1024).toFixed(1)} KiB, ${Object.keys(files).length} files`);
    assert.ok(size < MAX_BYTES, `${size} bytes`);
  });

  it('contains only the allowlisted files, and all of them', function () {
    const names = Object.keys(files).filter((n) => !n.endsWith('/'));
    const unexpected = names.filter((n) => !ALLOWED.includes(n) && !ALLOWED_PATTERNS.some((p) => p.test(n)));
    assert.deepStrictEqual(unexpected, [], `unexpected files in the .vsix: ${unexpected.join(', ')}`);
    for (const n of ALLOWED) assert.ok(names.includes(n), `missing from the .vsix: ${n}`);
    assert.ok(names.some((n) => ALLOWED_PATTERNS[0].test(n)), 'the grammar is shipped');
    for (const n of names) assert.doesNotMatch(n, /node_modules|\.map$|\.ts$|(^|\/)(test|out|src)\//, n);
  });

  it('ships production bundles (minified, no source map reference)', function () {
    for (const n of ['extension/dist/extension.js', 'extension/dist/server.js']) {
      const text = strFromU8(files[n]);
      assert.doesNotMatch(text, /sourceMappingURL=/, `${n} refers to a source map`);
      // Minified code runs to long lines (template literals keep some breaks).
      const perLine = text.length / text.split('\n').length;
      assert.ok(perLine > 300, `${n} averages ${perLine.toFixed(0)} characters a line: not minified`);
    }
  });

  it('carries the Marketplace fields and the icon', function () {
    const pkg = JSON.parse(strFromU8(files['extension/package.json']));
    for (const k of ['displayName', 'description', 'icon', 'license', 'publisher']) assert.ok(pkg[k], `package.json lacks ${k}`);
    // No invented URLs: Auspex has no public repository, so the manifest names none.
    for (const k of ['repository', 'homepage', 'bugs']) assert.strictEqual(pkg[k], undefined, `package.json names a ${k}`);
    assert.doesNotMatch(JSON.stringify(pkg), /auspex-40k/);
    assert.ok(pkg.categories.length > 0 && pkg.keywords.length > 0);
    const icon = files[`extension/${pkg.icon}`];
    assert.deepStrictEqual([...icon.slice(1, 4)], [0x50, 0x4e, 0x47], 'the icon is a PNG');
    assert.ok(icon.length < 64 * 1024, 'the icon is small');
    assert.strictEqual(pkg.main, './dist/extension.js');
    const manifest = strFromU8(files['extension.vsixmanifest']);
    assert.match(manifest, /<DisplayName>Auspex/);
  });

  it('has a README with no relative image or file link the Marketplace would break', function () {
    const readme = strFromU8(files['extension/readme.md']);
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]);
    for (const src of images) assert.match(src, /^https:\/\//, `relative image link left in the packaged README: ${src}`);
    const links = [...readme.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]);
    for (const href of links) assert.match(href, /^(https:\/\/|#|mailto:)/, `relative link left in the packaged README: ${href}`);
    // The screenshots are named instead, and the README is the repository's otherwise.
    assert.match(readme, /\*\(Screenshot: [^)]+\.\)\*/);
    assert.match(readme, /^# Auspex/m);
    // Every screenshot the repository README shows exists in the repository.
    const repoReadme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const m of repoReadme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)) {
      if (!/^https?:/.test(m[1])) assert.ok(fs.existsSync(path.join(repoRoot, m[1])), `README shows a missing image: ${m[1]}`);
    }
  });
});
