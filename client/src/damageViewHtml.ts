// The HTML of the "Damage breakdown" webview, built from the server's breakdown JSON.
// Pure and free of `vscode` imports so a unit test can check it: a strict Content
// Security Policy, a nonce on every <script> and <style>, no remote origin, every
// data text HTML-escaped. Charts are inline SVG drawn here; no library, no CDN.
import type { DamageBreakdown, PhaseBreakdown, Steps } from '../../server/src/service/features/damageBreakdown';

/** Messages the page posts to the extension. */
export type ViewMessage = { type: 'toggle'; key: string; on: boolean } | { type: 'target'; index: number };

export function escapeHtml(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A value for a double-quoted attribute that keeps the CSP's single quotes readable. */
const attr = (s: string) => s.replace(/[&<>"]/g, (c) => escapeHtml(c));

export function contentSecurityPolicy(nonce: string, cspSource: string): string {
  return `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${cspSource} data:;`;
}

const num = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const pct = (p: number) => (p >= 0.9995 ? '100%' : p < 0.0005 ? (p > 0 ? '<0.1%' : '0%') : `${(p * 100).toFixed(1)}%`);

export function renderBreakdownHtml(b: DamageBreakdown, nonce: string, cspSource: string): string {
  const title = `${b.unit.name} vs ${b.target.name}`;
  const body = [
    `<h1>${escapeHtml(b.unit.name)} <span class="dim">vs</span> ${escapeHtml(b.target.name)}</h1>`,
    `<p class="dim">${escapeHtml(targetLine(b))}</p>`,
    targetsBar(b),
    togglesBar(b),
    ...b.phases.map(phaseSection),
    b.phases.length ? '' : '<p>This unit has no weapons the data knows.</p>',
    `<p class="dim">Exact probabilities (no sampling). Devastating Wounds: ${escapeHtml(b.devastatingWounds === 'spill' ? 'launch wording, excess spills over' : 'current wording, excess lost')}.</p>`,
    editionLine(b),
  ].join('\n');
  return page(title, body, nonce, cspSource);
}

/** A page with only a message (unit gone, server not ready). */
export function renderMessageHtml(message: string, nonce: string, cspSource: string): string {
  return page('Damage breakdown', `<p>${escapeHtml(message)}</p>`, nonce, cspSource);
}

function page(title: string, body: string, nonce: string, cspSource: string): string {
  return webviewPage(title, body, nonce, cspSource, STYLE, SCRIPT);
}

/** A webview page under the strict policy: its one style sheet and one script carry the nonce. */
export function webviewPage(title: string, body: string, nonce: string, cspSource: string, style: string, script: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(attr(nonce), attr(cspSource))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style nonce="${attr(nonce)}">${style}</style>
</head>
<body>
${body}
<script nonce="${attr(nonce)}">${script}</script>
</body>
</html>
`;
}

/** The edition whose weapon abilities apply, and what it keeps from the 10th where its data holds no text. */
function editionLine(b: DamageBreakdown): string {
  const list = (title: string, xs: readonly string[]) => (xs.length ? `<p class="dim">${title}</p><ul class="dim">${xs.map((k) => `<li>${escapeHtml(k)}</li>`).join('')}</ul>` : '');
  const sources = b.edition.fromSources ?? [];
  return (
    `<p class="dim">Rules: ${escapeHtml(b.edition.label)}.</p>` +
    list('Core rules the data does not hold, applied from the published rules:', sources) +
    list('Kept from the 10th edition:', b.edition.keptFromTenth)
  );
}

function targetLine(b: DamageBreakdown): string {
  const t = b.target.profile;
  // A real unit (a matchup's target): each model group's profile, in allocation order.
  if (t.groups?.length) {
    const groups = t.groups.map((g) => {
      const flags = [g.character ? 'CHARACTER' : '', g.attached ? 'attached' : ''].filter(Boolean).join(', ');
      return `${g.models}× ${g.name ?? ''} T${g.T} Sv ${g.Sv}+${g.invuln ? ` ${g.invuln}++` : ''} W${g.W}${g.fnp ? ` FNP ${g.fnp}+` : ''}${flags ? ` (${flags})` : ''}`.replace(/\s+/g, ' ');
    });
    return [...groups, ...(t.stealth ? ['Stealth'] : [])].join(' · ');
  }
  const parts = [`${t.models} model${t.models === 1 ? '' : 's'}`, `T${t.T}`, `Sv ${t.Sv}+`];
  if (t.invuln) parts.push(`${t.invuln}++`);
  parts.push(`W${t.W}`);
  if (t.fnp) parts.push(`FNP ${t.fnp}+`);
  if (t.keywords?.length) parts.push(t.keywords.join(', '));
  return parts.join(' · ');
}

function targetsBar(b: DamageBreakdown): string {
  const buttons = b.targets.map(
    (t) => `<button type="button" data-target="${t.index}"${t.index === b.target.index ? ' class="on" aria-pressed="true"' : ''}>${escapeHtml(t.name)}</button>`,
  );
  return `<div class="bar" role="group" aria-label="Target">${buttons.join('')}</div>`;
}

function togglesBar(b: DamageBreakdown): string {
  const items = b.toggles.map((t) => {
    const title = t.detail ? ` title="${escapeHtml(t.detail)}"` : '';
    const cls = t.key.startsWith('stratagem:') ? ' class="strat"' : '';
    return `<label${cls}${title}><input type="checkbox" data-toggle="${escapeHtml(t.key)}"${t.on ? ' checked' : ''}> ${escapeHtml(t.label)}</label>`;
  });
  return `<div class="bar toggles" role="group" aria-label="Conditions">${items.join('')}</div>`;
}

function phaseSection(p: PhaseBreakdown): string {
  const head = `<h2>${escapeHtml(p.label)}${p.stratagems.length ? ` <span class="dim">with ${escapeHtml(p.stratagems.join(', '))}</span>` : ''}</h2>`;
  const fnp = fnpDiffers(p.total) ? ` (${num(p.total.damageBeforeFnp)} before Feel No Pain)` : '';
  const summary = `<p><b>${num(p.total.damage)}</b> damage${fnp}, <b>${num(p.total.slain)}</b> models slain, ${num(p.total.woundsLost)} wounds removed, P(wipe) ${pct(p.total.pWipe)}</p>`;
  const slain = barChart(p.modelsSlainDist, 'models slain', `${p.label}: models slain`);
  const dmg = barChart(cutTail(p.damageDist), 'damage', `${p.label}: damage`);
  // Each caption heads its own chart, inside a figure as wide as the chart, so a wrapped row never leaves it
  // under the wrong chart or next to the table that follows.
  const figure = (caption: string, svg: string) => `<figure class="chart"><figcaption>${caption}</figcaption>${svg}</figure>`;
  const charts = `<div class="charts">${figure('Models slain', slain)}${figure('Damage inflicted (before Feel No Pain and wastage)', dmg)}</div>`;
  const rows = p.weapons.map((w) => row(`${w.name}${w.profile ? ` (${w.profile})` : ''} ×${w.models}`, w, w.notes));
  const table = `<table><thead><tr><th>Weapon</th><th>Attacks</th><th>Hits</th><th>Wounds</th><th>Unsaved</th><th>Damage</th><th>Slain</th></tr></thead><tbody>${rows.join('')}${row('Unit (in order)', p.total, [], true)}</tbody></table>`;
  const notes = [...p.choices, ...p.notes];
  const list = notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
  return `<section>${head}${summary}${charts}${table}${list}</section>`;
}

/** Damage through Feel No Pain and before it differ enough to show both (the target has Feel No Pain). */
function fnpDiffers(s: Steps): boolean {
  return s.damageBeforeFnp !== undefined && Math.abs(s.damageBeforeFnp - s.damage) >= 0.005;
}

function row(label: string, s: Steps, notes: string[], total = false): string {
  const cells = [s.attacks, s.hits, s.wounds, s.unsaved, s.damage, s.slain]
    .map((x, i) => (i === 4 && fnpDiffers(s) ? `<td title="before Feel No Pain: ${num(s.damageBeforeFnp)}">${num(x)} <span class="dim">/ ${num(s.damageBeforeFnp)}</span></td>` : `<td>${num(x)}</td>`))
    .join('');
  const title = notes.length ? ` title="${escapeHtml(notes.join('; '))}"` : '';
  return `<tr${total ? ' class="total"' : ''}${title}><th scope="row">${escapeHtml(label)}</th>${cells}</tr>`;
}

/** The distribution up to where 99.9% of it is reached (at most 60 bars), so one long tail does not flatten the chart. */
export function cutTail(d: number[], mass = 0.999, maxBars = 60): number[] {
  let acc = 0;
  for (let i = 0; i < d.length; i++) {
    acc += d[i];
    if (acc >= mass) return d.slice(0, Math.min(i + 1, maxBars));
  }
  return d.slice(0, maxBars);
}

/** The width of a chart, in CSS pixels: its figure and caption take the same. */
const CHART_W = 360;

/** An SVG bar chart of P(value = k): one bar per k with its percentage, the mode highlighted. */
export function barChart(dist: number[], unit: string, label: string): string {
  const n = Math.max(1, dist.length);
  const W = CHART_W, H = 150, padL = 6, padB = 20, padT = 16;
  const bw = (W - padL * 2) / n;
  const max = Math.max(1e-12, ...dist);
  const mode = dist.indexOf(Math.max(...dist));
  const bars = dist.map((p, k) => {
    const h = ((H - padB - padT) * p) / max;
    const x = padL + k * bw;
    const y = H - padB - h;
    const showText = bw >= 22;
    const text = showText && p >= 0.0005 ? `<text x="${(x + bw / 2).toFixed(1)}" y="${(y - 3).toFixed(1)}" class="pct">${escapeHtml(pct(p))}</text>` : '';
    const tick = n <= 20 || k % Math.ceil(n / 20) === 0 ? `<text x="${(x + bw / 2).toFixed(1)}" y="${H - 6}" class="tick">${k}</text>` : '';
    return `<g><rect x="${(x + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${Math.max(0, h).toFixed(1)}" class="${k === mode ? 'b mode' : 'b'}"><title>${escapeHtml(`${k} ${unit}: ${pct(p)}`)}</title></rect>${text}${tick}</g>`;
  });
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(label)}"><line x1="${padL}" y1="${H - padB}" x2="${W - padL}" y2="${H - padB}" class="axis"/>${bars.join('')}</svg>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 16px 16px; }
h1 { font-size: 1.3em; margin-bottom: 0; } h2 { font-size: 1.1em; margin-top: 1.4em; }
.dim { color: var(--vscode-descriptionForeground); font-weight: normal; }
.bar { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: none; padding: 3px 8px; cursor: pointer; }
button.on { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
.toggles label { margin-right: 12px; white-space: nowrap; } .toggles label.strat { font-weight: bold; }
.charts { display: flex; flex-wrap: wrap; gap: 16px 24px; margin: 8px 0 12px; } figure.chart { margin: 0; width: ${CHART_W}px; }
figcaption { font-size: 0.9em; color: var(--vscode-descriptionForeground); margin-bottom: 2px; } figure.chart svg { display: block; }
svg .b { fill: var(--vscode-charts-blue, #3794ff); } svg .b.mode { fill: var(--vscode-charts-orange, #d18616); }
svg .axis { stroke: var(--vscode-descriptionForeground); } svg text { fill: var(--vscode-foreground); font-size: 9px; text-anchor: middle; }
table { border-collapse: collapse; margin-top: 8px; } th, td { padding: 2px 10px; text-align: right; border-bottom: 1px solid var(--vscode-panel-border, #8884); }
th[scope=row] { text-align: left; font-weight: normal; } tr.total th, tr.total td { font-weight: bold; }
.notes { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
`;

// Runs in the webview: posts the user's choices; the extension answers with a new page.
const SCRIPT = `
(function () {
  const vscode = acquireVsCodeApi();
  document.querySelectorAll('input[data-toggle]').forEach(function (el) {
    el.addEventListener('change', function () { vscode.postMessage({ type: 'toggle', key: el.getAttribute('data-toggle'), on: el.checked }); });
  });
  document.querySelectorAll('button[data-target]').forEach(function (el) {
    el.addEventListener('click', function () { vscode.postMessage({ type: 'target', index: Number(el.getAttribute('data-target')) }); });
  });
})();
`;
