// The HTML of the "Damage breakdown" webview, built from the server's breakdown JSON.
// Pure and free of `vscode` imports so a unit test can check it: a strict Content
// Security Policy, a nonce on every <script> and <style>, no remote origin, every
// data text HTML-escaped. Charts are inline SVG drawn here; no library, no CDN.
import type { DamageBreakdown, PhaseBreakdown, Steps } from '../../server/src/service/features/damageBreakdown';

/** Messages the page posts to the extension. */
export type ViewMessage = { type: 'toggle'; key: string; on: boolean } | { type: 'target'; index: number } | { type: 'back' };

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

/** `fromMatchup`: opened from a matchup cell (in the matrix's column): a button goes back to the matrix. */
export function renderBreakdownHtml(b: DamageBreakdown, nonce: string, cspSource: string, fromMatchup = false): string {
  const title = `${b.unit.name} vs ${b.target.name}`;
  const body = [
    fromMatchup ? '<div class="bar"><button type="button" data-back="matchup">← Matchup</button></div>' : '',
    `<h1>${escapeHtml(b.unit.name)} <span class="dim">vs</span> ${escapeHtml(b.target.name)}</h1>`,
    `<p class="dim">${escapeHtml(targetLine(b))}</p>`,
    targetsBar(b),
    togglesBar(b),
    armySection(b),
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
  const summary = `<p><b>${num(p.total.damage)}</b> damage${fnp}, <b>${num(p.total.slain)}</b> models slain, ${num(p.total.woundsLost)} wounds removed, P(wipe) ${pct(p.total.pWipe)}</p>`
    // The bare datasheets' figure beside the army's: what the Leaders, Enhancements and rules add.
    + (p.bare ? `<p class="dim">The datasheets alone: ${num(p.bare.damage)} damage, ${num(p.bare.slain)} models slain (with ${escapeHtml(p.applied.join(', '))}: ${p.total.damage >= p.bare.damage ? '+' : ''}${num(p.total.damage - p.bare.damage)} damage)</p>` : '');
  const slain = barChart(p.modelsSlainDist, 'models slain', `${p.label}: models slain`);
  // A target of several model groups (a matchup's real unit) has no damage distribution before Feel No Pain and
  // wastage (each packet takes the save of the group it reaches): its chart is the wounds the unit loses instead.
  const byWounds = !p.damageDist.length && !!p.woundsLostDist?.length;
  const dmg = byWounds ? barChart(cutTail(p.woundsLostDist!), 'wounds lost', `${p.label}: wounds lost`) : barChart(cutTail(p.damageDist), 'damage', `${p.label}: damage`);
  const dmgCaption = byWounds ? 'Wounds lost (after Feel No Pain and wastage)' : 'Damage inflicted (before Feel No Pain and wastage)';
  // Each caption heads its own chart, inside a figure as wide as the chart, so a wrapped row never leaves it
  // under the wrong chart or next to the table that follows.
  const figure = (caption: string, svg: string) => `<figure class="chart"><figcaption>${caption}</figcaption>${svg}</figure>`;
  const charts = `<div class="charts">${figure('Models slain', slain)}${figure(dmgCaption, dmg)}</div>`;
  const rows = p.weapons.map((w) => row(`${w.name}${w.profile ? ` (${w.profile})` : ''} ×${w.models}`, w, w.notes));
  const table = `<table><thead><tr><th>Weapon</th><th>Attacks</th><th>Hits</th><th>Wounds</th><th>Unsaved</th><th>Damage</th><th>Slain</th></tr></thead><tbody>${rows.join('')}${row('Unit (in order)', p.total, [], true)}</tbody></table>`;
  const notes = [...p.choices, ...p.notes];
  const list = notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
  return `<section>${head}${summary}${charts}${table}${list}</section>`;
}

/**
 * The army's rules reaching the unit: each applied with its effect, the steps it changes and its text; each not
 * applied and why. The conditions they depend on are switches in the bar above.
 */
function armySection(b: DamageBreakdown): string {
  const a = b.army;
  if (!a || (!a.applied.length && !a.notApplied.length)) return '';
  const who = (x: { kind: string; unit?: string }) => `${x.kind}${x.unit ? `, ${x.unit}` : ''}`;
  const applied = a.applied.map((x) => `<li><b>${escapeHtml(x.name)}</b> <span class="dim">(${escapeHtml(who(x))}; ${escapeHtml(x.steps.join(', ') || 'no step')})</span>: ${escapeHtml(x.effect)}<details><summary>text</summary>${escapeHtml(x.text)}</details></li>`);
  const not = a.notApplied.map((x) => `<li>${escapeHtml(x.name)} <span class="dim">(${escapeHtml(who(x))})</span>: ${escapeHtml(x.why)}<details><summary>text</summary>${escapeHtml(x.text)}</details></li>`);
  return `<section class="army"><h2>The army's rules</h2>${applied.length ? `<p>Applied:</p><ul>${applied.join('')}</ul>` : '<p>None applied.</p>'}${not.length ? `<p class="dim">Not applied:</p><ul class="dim">${not.join('')}</ul>` : ''}</section>`;
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

/** The probability step of a chart's y-axis: the smallest of 1, 2, 2.5, 5 × 10^k giving at most 5 ticks up to `max`. */
export function probabilityStep(max: number): number {
  for (const step of [0.001, 0.002, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5]) if (max / step <= 5) return step;
  return 1;
}

/** A tick's label: "20%", "2.5%", "0.5%". */
const tickPct = (p: number) => `${Number((p * 100).toFixed(1))}%`;

/**
 * An SVG bar chart of P(value = k): one bar per k with its percentage, the mode highlighted, a y-axis of
 * probabilities (ticks and light grid lines up to the tallest bar). An empty distribution draws no frame: it says so.
 */
export function barChart(dist: number[], unit: string, label: string): string {
  if (!dist.length) return `<p class="dim nochart">No distribution of ${escapeHtml(unit)} for this pair.</p>`;
  const n = dist.length;
  const W = CHART_W, H = 150, padL = 34, padR = 6, padB = 20, padT = 16;
  const bw = (W - padL - padR) / n;
  const peak = Math.max(...dist);
  const step = probabilityStep(peak);
  // The axis reaches the first tick at or above the tallest bar.
  const top = Math.max(step, Math.ceil(peak / step - 1e-9) * step);
  const y = (p: number) => H - padB - ((H - padB - padT) * p) / top;
  const mode = dist.indexOf(peak);
  const ticks: string[] = [];
  for (let i = 0; i * step <= top + 1e-12; i++) {
    const p = i * step;
    const ty = y(p).toFixed(1);
    ticks.push(`${i ? `<line x1="${padL}" y1="${ty}" x2="${W - padR}" y2="${ty}" class="grid"/>` : ''}<line x1="${padL - 3}" y1="${ty}" x2="${padL}" y2="${ty}" class="axis"/><text x="${padL - 5}" y="${(y(p) + 3).toFixed(1)}" class="ytick">${tickPct(p)}</text>`);
  }
  const bars = dist.map((p, k) => {
    const x = padL + k * bw;
    const by = y(p);
    const showText = bw >= 22;
    const text = showText && p >= 0.0005 ? `<text x="${(x + bw / 2).toFixed(1)}" y="${(by - 3).toFixed(1)}" class="pct">${escapeHtml(pct(p))}</text>` : '';
    const tick = n <= 20 || k % Math.ceil(n / 20) === 0 ? `<text x="${(x + bw / 2).toFixed(1)}" y="${H - 6}" class="tick">${k}</text>` : '';
    return `<g><rect x="${(x + 1).toFixed(1)}" y="${by.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${Math.max(0, H - padB - by).toFixed(1)}" class="${k === mode ? 'b mode' : 'b'}"><title>${escapeHtml(`${k} ${unit}: ${pct(p)}`)}</title></rect>${text}${tick}</g>`;
  });
  const axes = `<line x1="${padL}" y1="${H - padB}" x2="${W - padR}" y2="${H - padB}" class="axis"/><line x1="${padL}" y1="${padT}" x2="${padL}" y2="${H - padB}" class="axis yaxis"/>`;
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(label)}">${ticks.join('')}${axes}${bars.join('')}</svg>`;
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
svg .axis { stroke: var(--vscode-descriptionForeground); } svg .grid { stroke: var(--vscode-panel-border, #8884); stroke-dasharray: 2 3; }
svg text { fill: var(--vscode-foreground); font-size: 9px; text-anchor: middle; } svg text.ytick { text-anchor: end; fill: var(--vscode-descriptionForeground); }
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
  document.querySelectorAll('button[data-back]').forEach(function (el) {
    el.addEventListener('click', function () { vscode.postMessage({ type: 'back' }); });
  });
  document.querySelectorAll('button[data-target]').forEach(function (el) {
    el.addEventListener('click', function () { vscode.postMessage({ type: 'target', index: Number(el.getAttribute('data-target')) }); });
  });
})();
`;
