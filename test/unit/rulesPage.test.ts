// The rendered `auspex:` rules page (issue 32: go to definition showed raw Markdown, `### Trygon`, `|---|`): the
// server's Markdown of a real 11th-edition datasheet rendered as HTML (headings, tables, lists), under the strict
// policy, with data text that looks like HTML shown as text. No `vscode` import.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { rulesPageHtml, rulesPageTitle } from '../../client/src/rulesPageHtml';
import { createLanguageService } from '../../server/src/service/languageService';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { virtualDocument, datasheetUri } from '../../server/src/service/features/virtualDocs';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { rules11 } from '../support/check11';

const NONCE = 'n0nce';
const CSP = 'vscode-webview-resource:';

describe('the rendered rules page (go to definition in VS Code)', function () {
  this.timeout(60000);

  it('renders a real 11th-edition datasheet\'s page: its heading, profile and weapon tables, abilities, no Markdown source left', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt'), 'utf8');
    const service = createLanguageService();
    const doc = TextDocument.create('file:///page.txt', 'army-list', 1, text);
    rules11().ensureList(service.parse(doc), 11);
    service.setRules(rules11().rulesFor(11), 11);
    const loc = service.definition(doc, doc.positionAt(text.indexOf('Khorne Berzerkers') + 2))!;
    const md = service.virtualDocument(loc.uri)!;
    const html = rulesPageHtml(md, rulesPageTitle(loc.uri), NONCE, CSP);
    assert.strictEqual(rulesPageTitle(loc.uri), 'Khorne Berzerkers');
    assert.match(html, /<h3>Khorne Berzerkers<\/h3>/);
    assert.match(html, /<table>\s*<thead>\s*<tr>\s*<th>Model<\/th>\s*<th>M<\/th>/);
    assert.match(html, /<td>Khornate eviscerator<\/td>/i);
    assert.match(html, /<h4>Abilities<\/h4>/);
    const body = html.slice(html.indexOf('<body>'));
    assert.doesNotMatch(body, /^#{2,}|\|---|\*\*/m, 'no Markdown source left');
    assert.doesNotMatch(body, /\\\(|\\\[/, 'no Markdown escape left');
  });

  it('is a strict page: the policy first, the nonce on its one style sheet, no remote origin, no running script, data HTML as text', () => {
    const data = loadEmbeddedRules();
    const evil = '<img src=x onerror=alert(1)> <script>alert(2)</script> [link](javascript:alert(3))';
    data.datasheets = data.datasheets.map((d) => ({ ...d, name: `${d.name} ${evil}`, abilities: d.abilities.map((a) => ({ ...a, text: evil })) }));
    const sheet = data.datasheets[0];
    const md = virtualDocument(datasheetUri(sheet.id, 10), () => new RulesIndex(data))!;
    const html = rulesPageHtml(md, 'x', NONCE, CSP);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    assert.ok(csp && csp[1].startsWith("default-src 'none';"), 'the policy');
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<style'));
    for (const s of html.match(/<style\b[^>]*>/gi) ?? []) assert.strictEqual(s, `<style nonce="${NONCE}">`);
    assert.doesNotMatch(html, /https?:/i);
    const body = html.slice(html.indexOf('<body>'));
    assert.doesNotMatch(body, /<img|<script>alert|<a /i, body);
    assert.match(body, /&lt;img src=x onerror=alert\(1\)&gt;/);
    // The only script tag is the page frame's empty one (the webview runs no script: enableScripts is off).
    assert.deepStrictEqual(body.match(/<script[^>]*>[^<]*<\/script>/g), [`<script nonce="${NONCE}"></script>`]);
  });

  it('says what is missing when the data has no such page', () => {
    const html = rulesPageHtml(null, 'x', NONCE, CSP, 'Nothing in the rules data loaded now for auspex:/11/datasheet/x/<b>.md');
    assert.match(html, /<p>Nothing in the rules data loaded now for auspex:\/11\/datasheet\/x\/&lt;b&gt;\.md<\/p>/);
  });

  it('the extension opens auspex: pages in this editor by default (package.json)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const editor = pkg.contributes.customEditors.find((e: { viewType: string }) => e.viewType === 'auspex.rulesPage');
    assert.deepStrictEqual(editor, { viewType: 'auspex.rulesPage', displayName: 'Auspex Rules Page', selector: [{ filenamePattern: 'auspex:/**' }], priority: 'default' });
    const src = fs.readFileSync(path.join(repoRoot, 'client', 'src', 'rulesPageHtml.ts'), 'utf8');
    assert.doesNotMatch(src, /from 'vscode'/);
  });
});
