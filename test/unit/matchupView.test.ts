// The matchup page: the breakdown's strict CSP and nonces, no inline style or handler attributes, HTML-escaped
// unit names, one cell per attacker × defender shaded by the share of points removed, the phase and direction
// views, and the cell's data attributes (what the extension turns into the pair's breakdown). No `vscode` import.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { cellPair, matrixTransposed, renderMatchupHtml, shade } from '../../client/src/matchupViewHtml';
import { contentSecurityPolicy, renderBreakdownHtml } from '../../client/src/damageViewHtml';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot } from '../support/shared';

const NONCE = 'n0nce';
const CSP = 'vscode-webview-resource:';

function matchup() {
  const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const service = createLanguageService();
  const doc = TextDocument.create('file:///mine.army', 'army-list', 1, `OPPONENT: theirs.army\n${example}`);
  service.setOpponent(doc.uri, { doc: TextDocument.create('file:///theirs.army', 'army-list', 1, example) });
  const m = service.matchup(doc)!;
  assert.ok(m);
  m.theirs.file = '<b>theirs</b>';
  m.forward.defenders[0].name = m.forward.defenders[0].label = '"><script>alert(1)</script>';
  return m;
}

describe('matchup webview HTML', () => {
  const m = matchup();
  const html = renderMatchupHtml(m, { reverse: false, phase: 'best' }, NONCE, CSP);

  it('has the strict CSP, nonces on its one script and style, no inline handler or style attribute', () => {
    assert.ok(html.includes(`content="${contentSecurityPolicy(NONCE, CSP)}"`));
    assert.deepStrictEqual(html.match(/<script\b[^>]*>/gi), [`<script nonce="${NONCE}">`]);
    assert.deepStrictEqual(html.match(/<style\b[^>]*>/gi), [`<style nonce="${NONCE}">`]);
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
      assert.doesNotMatch(tag, /\son[a-z]+\s*=/i, tag);
      assert.doesNotMatch(tag, /\sstyle\s*=/i, tag);
    }
    assert.doesNotMatch(html, /https?:/i);
  });

  it('escapes every data text', () => {
    assert.ok(!html.includes('<script>alert(1)'));
    assert.ok(html.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('&lt;b&gt;theirs&lt;/b&gt;'));
  });

  it('one cell per attacker and defender, its best phase, models slain and share, shaded by the share', () => {
    const cells = [...html.matchAll(/<td class="cell (s\d+)" tabindex="0" data-a="(\d+)" data-t="(\d+)" data-p="(\w+)"[^>]*><b>([\d.]+)<\/b><small>([^<]+)<\/small>/g)];
    assert.strictEqual(cells.length, 1);
    const best = cellPair(m.forward.pairs, 'best')!;
    const [, cls, a, t, p, slain, share] = cells[0];
    assert.deepStrictEqual([cls, Number(a), Number(t), p], [shade(best.share), best.attackerIndex, best.targetIndex, best.phase]);
    assert.strictEqual(slain, (Math.round(best.modelsSlain * 10) / 10).toFixed(1));
    assert.match(share, new RegExp(`^(${Math.round(best.share * 100)}%|<1%|0%) [SF]$`));
    assert.strictEqual(best.pointsRemoved, Math.max(...m.forward.pairs.map((x) => x.pointsRemoved)));
    assert.deepStrictEqual([shade(0), shade(0.04), shade(0.55), shade(1), shade(1.4)], ['s0', 's0', 's6', 's10', 's10']);
  });

  it('the phase view shows that phase; the reverse view the other direction and its title', () => {
    const fight = renderMatchupHtml(m, { reverse: false, phase: 'fight' }, NONCE, CSP);
    assert.match(fight, /data-p="fight"/);
    assert.doesNotMatch(fight, /data-p="shooting"/);
    const rev = renderMatchupHtml(m, { reverse: true, phase: 'best' }, NONCE, CSP);
    assert.match(rev, /<h1>What they do to you<\/h1>/);
    assert.match(rev, /<button type="button" data-direction="true" class="on" aria-pressed="true">They → you<\/button>/);
    assert.deepStrictEqual(m.toggles.map((x) => x.key), ['halfRange', 'cover', 'stationary', 'charged', 'stealth', 'advanced', 'engaged']);
    for (const t of m.toggles) assert.ok(html.includes(`data-toggle="${t.key}"`));
  });

  it('a matchup pair\'s breakdown page names each model group of the target unit', () => {
    const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
    const service = createLanguageService();
    const doc = TextDocument.create('file:///mine.army', 'army-list', 1, `OPPONENT: theirs.army\n${example}`);
    service.setOpponent(doc.uri, { doc: TextDocument.create('file:///theirs.army', 'army-list', 1, example) });
    const b = service.damageBreakdown(doc, 0, 0, { vs: 'opponent' })!;
    const page = renderBreakdownHtml(b, NONCE, CSP);
    assert.match(page, /<p class="dim">4× Atalan Jackal T4 Sv 5\+ W2 · 1× Atalan Wolfquad T4 Sv 5\+ W4 · Stealth<\/p>/);
    // Issue 24: opened from the matchup, the second chart was an empty frame (a unit of several model groups has no
    // damage distribution before Feel No Pain): it shows the wounds the unit loses, with bars and a y-axis.
    const figures = page.match(/<figure class="chart">[\s\S]*?<\/figure>/g) ?? [];
    assert.strictEqual(figures.length, 2 * b.phases.length);
    for (const f of figures) {
      assert.ok((f.match(/<rect /g) ?? []).length > 1, `bars in ${f.slice(0, 120)}`);
      assert.match(f, /class="ytick">\d+(\.\d)?%<\/text>/);
    }
    // Opened from a matchup cell: a button back to the matrix (its tab in the same column); not from a lens.
    assert.match(renderBreakdownHtml(b, NONCE, CSP, true), /<button type="button" data-back="matchup">← Matchup<\/button>/);
    assert.doesNotMatch(page, /<button type="button" data-back/);
    assert.match(figures[1], /<figcaption>Wounds lost \(after Feel No Pain and wastage\)<\/figcaption>/);
    const dist = b.phases[0].woundsLostDist;
    assert.ok(Math.abs(dist.reduce((x, y) => x + y, 0) - 1) < 1e-6, 'the wounds lost are a distribution');
  });

  it('keeps the HTML builder free of vscode imports', () => {
    const src = fs.readFileSync(path.join(repoRoot, 'client', 'src', 'matchupViewHtml.ts'), 'utf8');
    const specs = [...src.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((x) => x[1]);
    assert.deepStrictEqual(specs, ['../../server/src/service/features/matchup', './damageViewHtml']);
  });

  it('lays the matrix out for a narrow column: the side with more units down, sticky headers, numbered names (issue 24)', () => {
    const wide = matchup();
    const d = wide.forward;
    // Three defenders against one attacker: transposed (defenders down, the attacker across).
    d.defenders = [0, 1, 2].map((i) => ({ ...d.defenders[0], targetIndex: i, label: `Trukk (${i + 1})` }));
    d.pairs = [0, 1, 2].flatMap((i) => d.pairs.map((p) => ({ ...p, targetIndex: i })));
    assert.ok(matrixTransposed(d));
    const page = renderMatchupHtml(wide, { reverse: false, phase: 'best' }, NONCE, CSP);
    assert.match(page, /<table class="matrix transposed">/);
    const rowHeads = [...page.matchAll(/<th scope="row" class="def" title="([^"]+)"><span><span class="l1">([^<]+)<\/span><\/span><\/th>/g)].map((x) => x[2]);
    assert.deepStrictEqual(rowHeads, ['Trukk (1)', 'Trukk (2)', 'Trukk (3)']);
    assert.strictEqual((page.match(/<th scope="col" class="att"/g) ?? []).length, 1);
    assert.strictEqual((page.match(/<td class="cell /g) ?? []).length, 3);
    // Not transposed when the attackers are as many or more; headers sticky in the scrolling box.
    assert.match(html, /<table class="matrix">/);
    assert.match(page, /\.matrix thead th \{[^}]*position: sticky; top: 0;/);
    assert.match(page, /\.matrix tbody th \{[^}]*position: sticky; left: 0;/);
    assert.match(page, /\.scroll \{ overflow: auto; flex: 1 1 auto;/);
    // A unit with its Leader: two lines, each cut on its own ("Khorne Berzerkers" / "+ Khârn the Betrayer").
    wide.forward.attackers[0].label = 'Khorne Berzerkers + Khârn the Betrayer';
    assert.match(renderMatchupHtml(wide, { reverse: false, phase: 'best' }, NONCE, CSP), /<span><span class="l1">Khorne Berzerkers<\/span><span class="l2">\+ Khârn the Betrayer<\/span><\/span>/);
    // The conditions fold away unless one is on.
    assert.match(page, /<details class="conditions"><summary>Conditions \(none\)<\/summary>/);
  });
});

