// The damage breakdown page: strict CSP, nonces on every script and style, no
// remote origin, HTML-escaped data, the toggles and charts. No `vscode` import.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { barChart, contentSecurityPolicy, cutTail, probabilityStep, escapeHtml, renderBreakdownHtml, renderMessageHtml } from '../../client/src/damageViewHtml';
import { damageBreakdown, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { repoRoot } from '../support/shared';

const NONCE = 'abc123DEF456';
const CSP_SOURCE = 'vscode-webview-resource:';

/** The seed unit's breakdown, with a hostile weapon and unit name. */
function hostileBreakdown(): DamageBreakdown {
  const data = loadEmbeddedRules();
  const evil = '<img src=x onerror=alert(1)>';
  data.datasheets = data.datasheets.map((d) => ({ ...d, weapons: d.weapons.map((w) => (w.name === 'Mining laser' ? { ...w, name: evil, profiles: w.profiles.map((p) => ({ ...p, name: evil })) } : w)) }));
  const text = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8').replace('1x Mining laser', `1x ${evil}`);
  const b = damageBreakdown(TextDocument.create('file:///l', 'army-list', 1, text), parseArmyList(text), new RulesIndex(data), DEFAULT_SETTINGS, 0, 1, {});
  assert.ok(b);
  assert.ok(b.phases[0].weapons.some((w) => w.name === evil), 'the hostile weapon is in the data');
  b.target.name = '"><script>alert(2)</script>';
  return b;
}

describe('damage breakdown webview HTML', () => {
  const html = renderBreakdownHtml(hostileBreakdown(), NONCE, CSP_SOURCE);

  it('declares the strict Content Security Policy in a meta tag', () => {
    const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    assert.ok(m, 'CSP meta tag');
    assert.strictEqual(m[1], `default-src 'none'; style-src ${CSP_SOURCE} 'nonce-${NONCE}'; script-src 'nonce-${NONCE}'; img-src ${CSP_SOURCE} data:;`);
    assert.strictEqual(m[1], contentSecurityPolicy(NONCE, CSP_SOURCE));
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<style'), 'the policy comes before any style or script');
  });

  it('puts the nonce on every <script> and <style>, and uses no inline handlers or style attributes', () => {
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    assert.strictEqual(scripts.length, 1);
    for (const s of scripts) assert.strictEqual(s, `<script nonce="${NONCE}">`);
    for (const s of html.match(/<style\b[^>]*>/gi) ?? []) assert.strictEqual(s, `<style nonce="${NONCE}">`);
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    assert.ok(tags.length > 50);
    for (const tag of tags) {
      assert.doesNotMatch(tag, /\son[a-z]+\s*=/i, `no inline event handler attribute: ${tag}`);
      assert.doesNotMatch(tag, /\sstyle\s*=/i, `no style attribute (the CSP would block it): ${tag}`);
    }
  });

  it('names no remote origin', () => {
    assert.doesNotMatch(html, /https?:/i);
    // With the CSP source VS Code gives (an https origin), that origin is the only one.
    const real = renderBreakdownHtml(hostileBreakdown(), NONCE, 'https://*.vscode-cdn.net');
    assert.doesNotMatch(real.split('https://*.vscode-cdn.net').join(''), /https?:/i);
  });

  it('escapes data text: a weapon named <img onerror=...> and a hostile target name stay text', () => {
    assert.ok(!html.includes('<img'), 'no img element');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the weapon name is shown escaped');
    assert.ok(!html.includes('<script>alert(2)'), 'no injected script');
    assert.ok(html.includes('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;'));
    assert.strictEqual(escapeHtml(`<a href='x'>&"`), '&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('puts each chart caption with its chart: first in a figure as wide as the chart', () => {
    const figures = html.match(/<figure class="chart">[\s\S]*?<\/figure>/g) ?? [];
    assert.strictEqual(figures.length, 4);
    for (const f of figures) {
      const m = /^<figure class="chart"><figcaption>([^<]+)<\/figcaption><svg viewBox="0 0 (\d+) \d+" width="(\d+)"[^>]*aria-label="[^"]*: ([^"]+)"/.exec(f);
      assert.ok(m, f.slice(0, 200));
      // The caption names the chart it heads (the SVG's own label), and the figure is the chart's width.
      assert.strictEqual(m[1].split(' ')[0].toLowerCase(), m[4].split(' ').pop() === 'slain' ? 'models' : 'damage');
      assert.ok(html.includes(`figure.chart { margin: 0; width: ${m[3]}px; }`));
    }
  });

  it('has a checkbox per toggle, a button per target and a chart per distribution', () => {
    assert.strictEqual((html.match(/<input type="checkbox" data-toggle="/g) ?? []).length, 8);
    assert.ok(html.includes('data-toggle="stratagem:POINT-BLANK AMBUSH"'));
    assert.ok(html.includes('data-toggle="advanced"'));
    assert.strictEqual((html.match(/<button type="button" data-target="\d"/g) ?? []).length, 5);
    assert.ok(html.includes('data-target="1" class="on" aria-pressed="true"'));
    assert.strictEqual((html.match(/<svg /g) ?? []).length, 4, 'slain and damage charts for both phases');
    assert.match(html, /<th>Attacks<\/th><th>Hits<\/th><th>Wounds<\/th><th>Unsaved<\/th><th>Damage<\/th><th>Slain<\/th>/);
    assert.match(html, /acquireVsCodeApi\(\)/);
    assert.match(html, /postMessage\(\{ type: 'toggle'/);
  });

  it('draws one bar per value, the tallest as the mode, with percentages as titles', () => {
    const svg = barChart([0.25, 0.5, 0.25], 'models slain', 'x');
    assert.strictEqual((svg.match(/<rect /g) ?? []).length, 3);
    assert.strictEqual((svg.match(/class="b mode"/g) ?? []).length, 1);
    assert.match(svg, /<title>1 models slain: 50\.0%<\/title>/);
    assert.deepStrictEqual(cutTail([0.5, 0.4, 0.0995, 0.0005]), [0.5, 0.4, 0.0995]);
  });

  it('renders a message page under the same policy', () => {
    const page = renderMessageHtml('<gone>', NONCE, CSP_SOURCE);
    assert.match(page, /content="default-src 'none';/);
    assert.ok(page.includes('&lt;gone&gt;'));
  });

  it('keeps the HTML builder free of vscode imports', () => {
    const src = fs.readFileSync(path.join(repoRoot, 'client', 'src', 'damageViewHtml.ts'), 'utf8');
    const specs = [...src.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
    assert.deepStrictEqual(specs, ['../../server/src/service/features/damageBreakdown'], 'one type-only import of the breakdown shape');
    assert.match(src, /^import type \{[^}]+\} from '\.\.\/\.\.\/server\/src\/service\/features\/damageBreakdown';$/m);
  });
});

describe('damage breakdown webview: damage through and before Feel No Pain', () => {
  it('shows both when they differ, one figure when they do not', () => {
    const b = hostileBreakdown();
    const same = renderBreakdownHtml(b, NONCE, CSP_SOURCE);
    assert.doesNotMatch(same, /before Feel No Pain\)/);
    const p = b.phases[0];
    p.total = { ...p.total, damage: 2, damageBeforeFnp: 3 };
    p.weapons[0] = { ...p.weapons[0], damage: 1, damageBeforeFnp: 1.5 };
    const html = renderBreakdownHtml(b, NONCE, CSP_SOURCE);
    assert.match(html, /<b>2\.00<\/b> damage \(3\.00 before Feel No Pain\)/);
    assert.match(html, /<td title="before Feel No Pain: 1\.50">1\.00 <span class="dim">\/ 1\.50<\/span><\/td>/);
  });

  it('a chart has a y-axis of probabilities up to the tallest bar; an empty distribution draws no frame (issue 24)', () => {
    const svg = barChart([0.1, 0.37, 0.33, 0.2], 'models slain', 'x');
    const ticks = [...svg.matchAll(/class="ytick">([^<]+)<\/text>/g)].map((m) => m[1]);
    assert.deepStrictEqual(ticks, ['0%', '10%', '20%', '30%', '40%']);
    assert.match(svg, /class="axis yaxis"/);
    assert.strictEqual(probabilityStep(1), 0.2);
    assert.strictEqual(probabilityStep(0.03), 0.01);
    assert.strictEqual(probabilityStep(0.004), 0.001);
    assert.doesNotMatch(barChart([], 'damage', 'x'), /<svg/);
    assert.match(barChart([], 'damage', 'x'), /No distribution of damage/);
  });
});
