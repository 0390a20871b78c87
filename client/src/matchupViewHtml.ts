// The HTML of the "Matchup" webview, built from the server's matchup JSON (`auspex/matchup`). Pure and free of
// `vscode` imports so a unit test can check it: the breakdown's strict Content Security Policy (nonces, nothing
// remote), every data text HTML-escaped, no inline style attribute (shades are classes of the nonce'd sheet).
// The matrix: the attacking list's units down, the defending list's across; each cell the expected models slain
// and the share of the defender's points removed in the chosen phase (or the better phase), shaded by that share.
import type { Matchup, MatchupAttacker, MatchupDefender, MatchupDirection, MatchupPair } from '../../server/src/service/features/matchup';
import { escapeHtml, webviewPage } from './damageViewHtml';

export type MatchupPhaseView = 'best' | 'shooting' | 'fight';

/** What the page shows besides the data: the direction and the phase. */
export interface MatchupViewState {
  reverse: boolean;
  phase: MatchupPhaseView;
}

/** Messages the page posts to the extension. */
export type MatchupMessage =
  | { type: 'toggle'; key: string; on: boolean }
  | { type: 'direction'; reverse: boolean }
  | { type: 'phase'; phase: MatchupPhaseView }
  | { type: 'cell'; attackerIndex: number; targetIndex: number; phase: string };

const attr = (s: string) => s.replace(/[&<>"]/g, (c) => escapeHtml(c));
const f1 = (x: number) => (Number.isFinite(x) ? (Math.round(x * 10) / 10).toFixed(1) : '–');
const pct = (x: number) => (x <= 0 ? '0%' : x < 0.005 ? '<1%' : `${Math.round(x * 100)}%`);

/** The shade class of a share of points removed: s0 (nothing) .. s10 (all of it). */
export function shade(share: number): string {
  return `s${Math.max(0, Math.min(10, Math.round(share * 10)))}`;
}

/** The pair a cell shows: the chosen phase's, or the phase removing more points. */
export function cellPair(pairs: MatchupPair[], phase: MatchupPhaseView): MatchupPair | undefined {
  const ps = phase === 'best' ? pairs : pairs.filter((p) => p.phase === phase);
  return ps.reduce<MatchupPair | undefined>((b, p) => (!b || p.pointsRemoved > b.pointsRemoved + 1e-12 || (Math.abs(p.pointsRemoved - b.pointsRemoved) <= 1e-12 && p.damage > b.damage) ? p : b), undefined);
}

export function renderMatchupHtml(m: Matchup, view: MatchupViewState, nonce: string, cspSource: string): string {
  const d = view.reverse ? m.reverse : m.forward;
  const [att, def] = view.reverse ? [m.theirs, m.yours] : [m.yours, m.theirs];
  const side = (s: typeof att) => `${escapeHtml(s.faction ?? 'no faction')}${s.detachments.length ? ` · ${escapeHtml(s.detachments.join(' + '))}` : ''} · ${s.points} pts`;
  const body = [
    `<h1>${view.reverse ? 'What they do to you' : 'What you do to them'}</h1>`,
    `<p class="dim sides">Attacking: ${escapeHtml(att.file ?? '')} (${side(att)}) — defending: ${escapeHtml(def.file ?? '')} (${side(def)})</p>`,
    // One line of buttons; the conditions and the reading help fold away, so the matrix keeps the height.
    `<div class="bar"><span role="group" aria-label="Direction">${button('direction', 'false', 'You → them', !view.reverse)}${button('direction', 'true', 'They → you', view.reverse)}</span><span role="group" aria-label="Phase">${(['best', 'shooting', 'fight'] as const).map((p) => button('phase', p, p === 'best' ? 'Best phase' : p === 'shooting' ? 'Shooting' : 'Fight', view.phase === p)).join('')}</span></div>`,
    togglesBar(m),
    '<details class="note"><summary>Reading the matrix</summary><p class="dim">Each cell: expected models slain, and the share of the defending unit\'s points removed (shaded by it); under Best phase, S (shooting) or F (fight) says which. A Leader attacks and is attacked with its Bodyguard (one row or column); identical units are numbered in list order. Click a cell for that pair\'s breakdown. Exact probabilities (no sampling); one unit attacking one target, all its weapons, with the conditions chosen.</p></details>',
    matrix(d, view),
  ].join('\n');
  return webviewPage(view.reverse ? 'Matchup: they → you' : 'Matchup: you → them', body, nonce, cspSource, STYLE, SCRIPT);
}

function button(kind: string, value: string, label: string, on: boolean): string {
  return `<button type="button" data-${kind}="${attr(value)}"${on ? ' class="on" aria-pressed="true"' : ''}>${escapeHtml(label)}</button>`;
}

function togglesBar(m: Matchup): string {
  const items = m.toggles.map((t) => `<label${t.detail ? ` title="${escapeHtml(t.detail)}"` : ''}><input type="checkbox" data-toggle="${escapeHtml(t.key)}"${t.on ? ' checked' : ''}> ${escapeHtml(t.label)}</label>`);
  const on = m.toggles.filter((t) => t.on).map((t) => t.label);
  // Folded unless a condition is on; its summary names those on.
  return `<details class="conditions"${on.length ? ' open' : ''}><summary>Conditions${on.length ? `: ${escapeHtml(on.join(', '))}` : ' (none)'}</summary><div class="bar toggles" role="group" aria-label="Conditions">${items.join('')}</div></details>`;
}

/** A header's text: a unit and the units attached to it on two lines ("Khorne Berzerkers" / "+ Khârn the Betrayer"). */
function headText(label: string): string {
  const [first, ...rest] = label.split(' + ');
  return `<span class="l1">${escapeHtml(first)}</span>${rest.length ? `<span class="l2">+ ${escapeHtml(rest.join(' + '))}</span>` : ''}`;
}

/**
 * The matrix laid out for a narrow column: the side with more units goes down (rows scroll better than columns), so
 * the matrix is transposed when the defenders outnumber the attackers; row and column headers stay in view (sticky)
 * while the cells scroll; long names are cut with their whole name in the tooltip.
 */
export function matrixTransposed(d: MatchupDirection): boolean {
  return d.defenders.length > d.attackers.length;
}

function matrix(d: MatchupDirection, view: MatchupViewState): string {
  if (!d.attackers.length || !d.defenders.length) return '<p>No unit with weapons and a known datasheet on the attacking side, or no known unit to attack.</p>';
  const byCell = new Map<string, MatchupPair[]>();
  for (const p of d.pairs) {
    const k = `${p.attackerIndex}:${p.targetIndex}`;
    byCell.set(k, [...(byCell.get(k) ?? []), p]);
  }
  const cell = (a: MatchupAttacker, t: MatchupDefender): string => {
    const p = cellPair(byCell.get(`${a.index}:${t.targetIndex}`) ?? [], view.phase);
    if (!p) return '<td class="none">–</td>';
    if (p.error) return `<td class="none" title="${escapeHtml(p.error)}">!</td>`;
    const tip = `${a.label} → ${t.label} (${p.phase === 'shooting' ? 'Shooting' : 'Fight'}): ${f1(p.damage)} damage, ${f1(p.modelsSlain)} models slain, ${f1(p.pointsRemoved)} of ${t.points} pts, P(wipe) ${pct(p.pWipe)}`;
    return `<td class="cell ${shade(p.share)}" tabindex="0" data-a="${a.index}" data-t="${t.targetIndex}" data-p="${p.phase}" title="${escapeHtml(tip)}"><b>${f1(p.modelsSlain)}</b><small>${pct(p.share)}${view.phase === 'best' ? (p.phase === 'shooting' ? ' S' : ' F') : ''}</small></td>`;
  };
  const attTitle = (a: MatchupAttacker) => `${a.label}: ${a.points} pts (attacking)`;
  const defTitle = (t: MatchupDefender) => `${t.label}: ${t.models} models, ${t.points} pts (defending)`;
  const colHead = (label: string, title: string, side: string) => `<th scope="col" class="${side}" title="${escapeHtml(title)}"><span>${headText(label)}</span></th>`;
  const rowHead = (label: string, title: string, side: string) => `<th scope="row" class="${side}" title="${escapeHtml(title)}"><span>${headText(label)}</span></th>`;
  const transposed = matrixTransposed(d);
  const corner = `<th class="corner">${transposed ? 'defending ↓ · attacking →' : 'attacking ↓ · defending →'}</th>`;
  const head = transposed
    ? `<tr>${corner}${d.attackers.map((a) => colHead(a.label, attTitle(a), 'att')).join('')}</tr>`
    : `<tr>${corner}${d.defenders.map((t) => colHead(t.label, defTitle(t), 'def')).join('')}</tr>`;
  const rows = transposed
    ? d.defenders.map((t) => `<tr>${rowHead(t.label, defTitle(t), 'def')}${d.attackers.map((a) => cell(a, t)).join('')}</tr>`)
    : d.attackers.map((a) => `<tr>${rowHead(a.label, attTitle(a), 'att')}${d.defenders.map((t) => cell(a, t)).join('')}</tr>`);
  return `<div class="scroll" tabindex="0"><table class="matrix${transposed ? ' transposed' : ''}"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

const SHADES = Array.from({ length: 11 }, (_, i) => `td.s${i} { background: color-mix(in srgb, var(--vscode-charts-red, #f14c4c) ${i * 7}%, transparent); }`).join('\n');

const STYLE = `
html, body { height: 100%; }
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 12px; margin: 0; box-sizing: border-box; display: flex; flex-direction: column; }
h1 { font-size: 1.1em; margin: 6px 0 0; }
.dim { color: var(--vscode-descriptionForeground); margin: 4px 0; }
.sides { font-size: 0.85em; }
.note, details.conditions { font-size: 0.9em; margin: 2px 0; } summary { cursor: pointer; color: var(--vscode-descriptionForeground); }
.bar > span { display: inline-flex; gap: 6px; margin-right: 12px; }
.bar { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: none; padding: 3px 8px; cursor: pointer; }
button.on { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
.toggles label { margin-right: 10px; white-space: nowrap; }
.scroll { overflow: auto; flex: 1 1 auto; min-height: 12em; margin-bottom: 8px; }
table.matrix { border-collapse: separate; border-spacing: 0; font-variant-numeric: tabular-nums; }
.matrix th, .matrix td { border-right: 1px solid var(--vscode-panel-border, #8884); border-bottom: 1px solid var(--vscode-panel-border, #8884); padding: 2px 4px; }
.matrix thead th { vertical-align: bottom; font-weight: normal; position: sticky; top: 0; z-index: 1; background: var(--vscode-editor-background); }
.matrix thead th > span { writing-mode: vertical-rl; transform: rotate(180deg); display: inline-block; }
.matrix th span.l1, .matrix th span.l2 { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.matrix thead th span.l1, .matrix thead th span.l2 { max-height: 12em; }
.matrix th span.l2 { font-size: 0.85em; color: var(--vscode-descriptionForeground); }
.matrix tbody th { text-align: left; font-weight: normal; position: sticky; left: 0; z-index: 1; background: var(--vscode-editor-background); }
.matrix tbody th span.l1, .matrix tbody th span.l2 { max-width: 13em; }
.matrix th.corner { position: sticky; left: 0; top: 0; z-index: 2; font-size: 0.8em; color: var(--vscode-descriptionForeground); text-align: left; vertical-align: bottom; }
td.cell { text-align: center; cursor: pointer; min-width: 2.8em; }
td.cell:hover, td.cell:focus { outline: 2px solid var(--vscode-focusBorder); outline-offset: -2px; }
td.cell b { display: block; } td.cell small { color: var(--vscode-descriptionForeground); white-space: nowrap; }
td.none { text-align: center; color: var(--vscode-descriptionForeground); }
${SHADES}
`;

// Runs in the webview: posts the user's choices; the extension answers with a new page or opens a breakdown.
const SCRIPT = `
(function () {
  const vscode = acquireVsCodeApi();
  document.querySelectorAll('input[data-toggle]').forEach(function (el) {
    el.addEventListener('change', function () { vscode.postMessage({ type: 'toggle', key: el.getAttribute('data-toggle'), on: el.checked }); });
  });
  document.querySelectorAll('button[data-direction]').forEach(function (el) {
    el.addEventListener('click', function () { vscode.postMessage({ type: 'direction', reverse: el.getAttribute('data-direction') === 'true' }); });
  });
  document.querySelectorAll('button[data-phase]').forEach(function (el) {
    el.addEventListener('click', function () { vscode.postMessage({ type: 'phase', phase: el.getAttribute('data-phase') }); });
  });
  function open(el) { vscode.postMessage({ type: 'cell', attackerIndex: Number(el.getAttribute('data-a')), targetIndex: Number(el.getAttribute('data-t')), phase: el.getAttribute('data-p') }); }
  document.querySelectorAll('td.cell').forEach(function (el) {
    el.addEventListener('click', function () { open(el); });
    el.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(el); } });
  });
})();
`;
