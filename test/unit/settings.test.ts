// package.json's contributes.configuration must mirror the typed settings
// module: same keys, schemas, defaults and scopes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_SETTINGS, SETTINGS, readSettings, contributedConfiguration } from '../../server/src/service/settings';
import { repoRoot } from '../support/shared';

describe('settings', () => {
  it('package.json contributes exactly the declared settings', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    assert.deepStrictEqual(pkg.contributes.configuration.properties, contributedConfiguration());
    assert.strictEqual(Object.keys(contributedConfiguration()).length, SETTINGS.length);
  });

  it('every setting shows in the User settings tab of a remote window too (no machine or machine-overridable scope)', () => {
    // VS Code reads a remote window's (code-server, SSH, WSL, container) local user settings.json with the scopes
    // application, window, resource and language-overridable only, and hides the others from its User tab.
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const props = pkg.contributes.configuration.properties as Record<string, { scope?: string }>;
    const wrong = Object.entries(props).filter(([, p]) => !['application', 'window', 'resource', 'language-overridable'].includes(p.scope ?? '')).map(([k, p]) => `${k}: ${p.scope}`);
    assert.deepStrictEqual(wrong, []);
    assert.strictEqual(props['auspex.data.paths'].scope, 'window');
  });

  it('where the data is downloaded from is a user setting: a workspace cannot point it at another server (issue 25)', () => {
    // VS Code ignores an application-scoped setting in workspace and folder settings.
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const props = pkg.contributes.configuration.properties as Record<string, { scope?: string }>;
    for (const key of ['auspex.data.sources', 'auspex.data.autoUpdate']) {
      assert.strictEqual(props[key].scope, 'application', key);
      assert.strictEqual(SETTINGS.find((d) => d.key === key)?.scope, 'application', key);
    }
  });

  it('package.json turns off the ambiguous-character boxes (T’au) and the box on New Recruit\'s non-breaking spaces, and turns on formatting on type (the bullet after Enter), for army lists only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    assert.deepStrictEqual(pkg.contributes.configurationDefaults, {
      '[army-list]': { 'editor.unicodeHighlight.ambiguousCharacters': false, 'editor.unicodeHighlight.allowedCharacters': { '\u00a0': true }, 'editor.formatOnType': true },
    });
  });

  it('enhancement names take a scope themes do not paint like errors', () => {
    // Light+ paints entity.other.attribute-name (HTML attributes) #e50000, the red of errors; invalid.* is red everywhere.
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const scopes: string[] = pkg.contributes.semanticTokenScopes[0].scopes.enumMember;
    const grammar = fs.readFileSync(path.join(repoRoot, 'syntaxes', 'army-list.tmLanguage.json'), 'utf8');
    assert.deepStrictEqual(scopes, ['variable.other.enummember.enhancement.army-list']);
    assert.ok(grammar.includes('"variable.other.enummember.enhancement.army-list"'));
    assert.doesNotMatch(grammar, /attribute-name\.enhancement|invalid[^"]*enhancement/);
  });

  it('reads nested client configuration and keeps defaults for what is absent', () => {
    const { settings, problems } = readSettings({ data: { paths: ['/x'] }, stratagems: { startingCP: 2 } });
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(settings.dataPaths, ['/x']);
    assert.strictEqual(settings.startingCP, 2);
    assert.deepStrictEqual(settings.damageTargets, DEFAULT_SETTINGS.damageTargets);
  });

  it('data sources per edition and the update schedule', () => {
    const ok = readSettings({ data: { sources: { '11': ['https://mirror.test/wh40k-11e.zip', '/offline/mfm.tar.gz'] }, autoUpdate: 'weekly' } });
    assert.deepStrictEqual(ok.problems, []);
    assert.deepStrictEqual(ok.settings.dataSources, { '11': ['https://mirror.test/wh40k-11e.zip', '/offline/mfm.tar.gz'] });
    assert.strictEqual(ok.settings.dataAutoUpdate, 'weekly');
    assert.deepStrictEqual(DEFAULT_SETTINGS.dataSources, {});
    assert.strictEqual(DEFAULT_SETTINGS.dataAutoUpdate, 'never');
    // An edition that does not exist, a URL that is not a string, an unknown schedule: defaults, said.
    const bad = readSettings({ data: { sources: { '12': ['x'] }, autoUpdate: 'daily' } });
    assert.deepStrictEqual(bad.settings.dataSources, {});
    assert.strictEqual(bad.settings.dataAutoUpdate, 'never');
    assert.strictEqual(bad.problems.length, 2);
    assert.strictEqual(readSettings({ data: { sources: { '10': [42] } } }).problems.length, 1);
  });

  it('reports a wrongly typed value and falls back to the default', () => {
    const { settings, problems } = readSettings({ stratagems: { startingCP: 'lots' }, diagnostics: { severity: { 'points-mismatch': 'loud' } } });
    assert.strictEqual(settings.startingCP, DEFAULT_SETTINGS.startingCP);
    assert.deepStrictEqual(settings.diagnosticSeverity, {});
    assert.strictEqual(problems.length, 2);
    assert.match(problems[0], /^auspex\.stratagems\.startingCP: "lots" is not valid/);
  });
});
