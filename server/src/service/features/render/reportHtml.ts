// The event report as one self-contained HTML page: inline style and script
// only, a Content-Security-Policy that forbids loading anything, so it works
// offline, from a mail attachment and printed. Every text from a list or the
// data goes through `esc`. The table sorts (click a column header) and filters
// (free text, verdict, faction); each list has an expandable section with its
// findings quoted in context.
import type { EventReport, ListReport, ReportFinding } from '../report';

/** Escapes text for HTML element content and attribute values alike. */
export function esc(s: string | number | undefined): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const num = (n: number | undefined) => (n === undefined ? '' : String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','));

const VERDICT_CLASS: Record<string, string> = { legal: 'ok', 'not legal': 'bad', 'points only': 'warn', 'not checked': 'warn', 'could not be read': 'unread' };
const VERDICTS = ['legal', 'not legal', 'points only', 'not checked', 'could not be read'];

const STYLE = `
:root { --fg:#1b1f23; --muted:#5b6670; --line:#d7dde2; --ok:#1f7a3a; --bad:#b3261e; --warn:#8a5a00; --unread:#5b3fa0; --bg-alt:#f4f6f8; }
* { box-sizing: border-box; }
body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); margin: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
.meta { color: var(--muted); margin: 0 0 16px; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin-bottom: 12px; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.card b { display: block; font-size: 22px; }
.summary { display: flex; gap: 28px; flex-wrap: wrap; align-items: flex-start; }
.summary caption h2 { margin: 8px 0 4px; text-align: left; }
.summary table { min-width: 260px; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
#lists th { cursor: pointer; user-select: none; white-space: nowrap; background: var(--bg-alt); position: sticky; top: 0; }
#lists th[aria-sort="ascending"]::after { content: " ▲"; } #lists th[aria-sort="descending"]::after { content: " ▼"; }
#lists tbody tr:nth-child(even) { background: #fafbfc; }
.verdict { font-weight: 600; white-space: nowrap; }
td.name { min-width: 8em; max-width: 16em; overflow-wrap: anywhere; }
.ok { color: var(--ok); } .bad { color: var(--bad); } .unread { color: var(--unread); } .warn { color: var(--warn); }
.controls { display: flex; gap: 10px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
.controls input { width: 260px; padding: 4px 6px; } .controls select { padding: 3px; }
details { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 0 12px; }
details[open] { padding-bottom: 10px; }
summary { cursor: pointer; padding: 8px 0; }
.finding { margin: 10px 0 0; }
.rule { font-size: 12px; color: var(--muted, #666); margin: 2px 0; }
.code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; background: var(--bg-alt); padding: 0 4px; border-radius: 3px; }
pre { margin: 4px 0 0; padding: 6px 8px; background: var(--bg-alt); border-radius: 4px; overflow-x: auto; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
pre .hit { background: #ffe8a3; display: inline-block; min-width: 100%; }
pre .ln { color: var(--muted); display: inline-block; width: 4ch; text-align: right; margin-right: 1ch; user-select: none; }
.hidden { display: none !important; }
@media print {
  body { margin: 0; font-size: 11px; } .controls { display: none; } #lists th { position: static; }
  details { break-inside: avoid; } summary { list-style: none; }
}
`;

// Sorting, filtering, and opening every section before printing. No library, no network.
const SCRIPT = `
(function () {
  var table = document.getElementById('lists');
  var body = table.tBodies[0];
  var heads = table.tHead.rows[0].cells;
  function key(row, i, numeric) {
    var v = row.cells[i].getAttribute('data-v');
    if (v === null) v = row.cells[i].textContent;
    if (numeric) { var n = parseFloat(v); return isNaN(n) ? -Infinity : n; }
    return v.toLowerCase();
  }
  Array.prototype.forEach.call(heads, function (th, i) {
    th.addEventListener('click', function () {
      var numeric = th.classList.contains('n');
      var asc = th.getAttribute('aria-sort') !== 'ascending';
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a, i, numeric), y = key(b, i, numeric);
        var c = x < y ? -1 : x > y ? 1 : 0;
        return (asc ? c : -c) || (+a.getAttribute('data-i') - +b.getAttribute('data-i'));
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  var text = document.getElementById('filter');
  var verdict = document.getElementById('verdict');
  var faction = document.getElementById('faction');
  var shown = document.getElementById('shown');
  function apply() {
    var q = text.value.trim().toLowerCase();
    var n = 0;
    Array.prototype.forEach.call(body.rows, function (r) {
      var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0)
        && (!verdict.value || r.getAttribute('data-verdict') === verdict.value)
        && (!faction.value || r.getAttribute('data-faction') === faction.value);
      r.classList.toggle('hidden', !ok);
      var d = document.getElementById('list-' + r.getAttribute('data-i'));
      if (d) d.classList.toggle('hidden', !ok);
      if (ok) n++;
    });
    shown.textContent = n + ' of ' + body.rows.length + ' lists shown';
  }
  text.addEventListener('input', apply);
  verdict.addEventListener('change', apply);
  faction.addEventListener('change', apply);
  function openTarget() {
    var d = location.hash && document.getElementById(location.hash.slice(1));
    if (d && d.tagName === 'DETAILS') d.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  window.addEventListener('beforeprint', function () {
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
  });
  apply();
})();
`;

export function renderReportHtml(report: EventReport, title = 'Auspex event report'): string {
  const factions = [...new Set(report.lists.map((l) => l.faction).filter((f): f is string => !!f))].sort();
  const parts = reportHtmlParts({ ...report, factions }, title);
  return `${parts.head}${report.lists.map(listRow).join('\n')}${parts.between}${report.lists.map(listSection).join('\n')}${parts.tail}`;
}

/** What the page says above and below its rows: the event without its lists, and the factions of the filter. */
export type ReportHead = Omit<EventReport, 'lists'> & { factions: string[] };

/**
 * The page in three parts around its two runs of rows (the table's `listRow`s, then the `listSection`s, each joined
 * by a line break): `auspex report` writes the rows as it checks each list and the parts once the summary is known.
 */
export function reportHtmlParts(report: ReportHead, title = 'Auspex event report'): { head: string; between: string; tail: string } {
  const s = report.summary;
  const rules = report.rules.map((r) => `${r.kind} ${r.location}${r.version ? ` (${r.version})` : ''}`).join('; ');
  const head = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">${esc(`${s.lists} list${s.lists === 1 ? '' : 's'}`)}${report.generatedAt ? ` · generated ${esc(report.generatedAt)}` : ''} · edition ${esc(report.edition === 'auto' ? 'as each list shows' : report.edition)} · rules data: ${esc(rules)}</p>
<div class="cards">
  <div class="card"><b>${s.lists}</b>lists</div>
  <div class="card ok"><b>${s.legal}</b>legal</div>
  <div class="card bad"><b>${s.notLegal}</b>not legal</div>
  ${s.notChecked ? `<div class="card warn"><b>${s.notChecked}</b>not (fully) checked: rules data missing, or the list beyond the size limits</div>` : ''}
  <div class="card unread"><b>${s.unreadable}</b>could not be read</div>
</div>
<div class="summary">
${summaryTable('Factions', ['Faction', 'Lists', 'Legal'], s.byFaction.map((f) => [esc(f.faction), num(f.lists), num(f.legal)]))}
${summaryTable('Detachments', ['Faction', 'Detachment', 'Lists', 'Legal'], s.byDetachment.map((d) => [esc(d.faction), esc(d.detachment), num(d.lists), num(d.legal)]))}
${summaryTable('Most common findings', ['Code', 'Severity', 'Lists', 'Times'], s.commonFindings.slice(0, 8).map((c) => [`<span class="code">${esc(c.code)}</span>`, esc(c.severity), num(c.lists), num(c.occurrences)]))}
</div>
<h2>Lists</h2>
<div class="controls">
  <input id="filter" type="search" placeholder="Filter: file, name, faction, detachment…" aria-label="Filter the lists">
  <select id="verdict" aria-label="Verdict"><option value="">every verdict</option>${VERDICTS.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('')}</select>
  <select id="faction" aria-label="Faction"><option value="">every faction</option>${report.factions.map((f) => `<option value="${esc(f)}">${esc(f)}</option>`).join('')}</select>
  <span id="shown"></span>
</div>
<table id="lists">
<thead><tr><th>File</th><th>Verdict</th><th>List</th><th>Faction</th><th>Detachment</th><th>Battle size</th><th class="n">Stated</th><th class="n">Computed</th><th class="n">Limit</th><th class="n">Edition</th><th>Data version</th><th class="n">Errors</th><th class="n">Warnings</th></tr></thead>
<tbody>
`;
  const between = `
</tbody>
</table>
<h2>Findings per list</h2>
`;
  const tail = `
<script>${SCRIPT}</script>
</body>
</html>
`;
  return { head, between, tail };
}

function summaryTable(caption: string, heads: string[], rows: string[][]): string {
  const numeric = (h: string) => (h === 'Lists' || h === 'Legal' || h === 'Times' ? ' class="n"' : '');
  const body = rows.length ? rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric(heads[i])}>${c}</td>`).join('')}</tr>`).join('') : `<tr><td colspan="${heads.length}">none</td></tr>`;
  return `<table><caption><h2>${esc(caption)}</h2></caption><thead><tr>${heads.map((h) => `<th${numeric(h)}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/** One list's row of the table (`i`: its place in the event, which its findings section's id repeats). */
export function listRow(l: ListReport, i: number): string {
  const points = (n: number | undefined) => `<td class="n" data-v="${n ?? ''}">${num(n)}</td>`;
  const computed = l.computedPoints === undefined ? '' : `${num(l.computedPoints)}${l.unpricedUnits ? ` <span class="warn" title="${esc(`${l.unpricedUnits} unit${l.unpricedUnits === 1 ? '' : 's'} the rules data does not price`)}">+?</span>` : ''}`;
  const over = l.limit !== undefined && (l.computedPoints ?? l.statedPoints ?? 0) > l.limit;
  return `<tr data-i="${i}" data-verdict="${esc(l.verdict)}" data-faction="${esc(l.faction)}">`
    + `<td><a href="#list-${i}">${esc(l.file)}</a></td><td class="verdict ${VERDICT_CLASS[l.verdict]}">${esc(verdictText(l))}</td><td class="name">${esc(l.name)}</td><td>${esc(l.faction)}</td><td>${esc(l.detachments.join(', '))}</td><td>${esc(l.battleSize)}</td>`
    + points(l.statedPoints)
    + `<td class="n" data-v="${l.computedPoints ?? ''}">${computed}</td>`
    + `<td class="n${over ? ' bad' : ''}" data-v="${l.limit ?? ''}">${num(l.limit)}</td>`
    + `<td class="n" data-v="${l.edition ?? ''}">${l.edition ? `${l.edition}th` : ''}</td><td>${esc(l.dataVersion)}</td>`
    + `<td class="n${l.counts.error ? ' bad' : ''}" data-v="${l.counts.error}">${l.counts.error}</td><td class="n${l.counts.warning ? ' warn' : ''}" data-v="${l.counts.warning}">${l.counts.warning}</td></tr>`;
}

/** The verdict, with the older price list the list follows beside it ("not legal (priced under MFM v1.0)"). */
function verdictText(l: ListReport): string {
  return l.pricedUnder ? `${l.verdict} (priced under ${l.pricedUnder})` : l.verdict;
}

/** One list's findings section. */
export function listSection(l: ListReport, i: number): string {
  const what = [l.name, l.faction, l.detachments.join(', '), l.battleSize].filter(Boolean).map(esc).join(' · ');
  const counts = (['error', 'warning', 'information', 'hint'] as const).filter((k) => l.counts[k]).map((k) => `${l.counts[k]} ${k}${l.counts[k] === 1 ? '' : k === 'information' ? '' : 's'}`).join(', ');
  const head = `<summary><span class="verdict ${VERDICT_CLASS[l.verdict]}">${esc(verdictText(l))}</span> — <b>${esc(l.file)}</b>${what ? ` — ${what}` : ''}${counts ? ` (${esc(counts)})` : ''}</summary>`;
  const facts = l.verdict === 'could not be read'
    ? `<p class="unread">${esc(l.unreadable)}</p>`
    : `<p>${esc(`${l.units} unit${l.units === 1 ? '' : 's'}, format ${l.format}`)}${l.statedPoints !== undefined ? ` · stated ${num(l.statedPoints)} pts` : ''}${l.computedPoints !== undefined ? ` · rules data ${num(l.computedPoints)} pts${l.unpricedUnits ? ` (${l.unpricedUnits} unit${l.unpricedUnits === 1 ? '' : 's'} not priced)` : ''}` : ''}${l.limit !== undefined ? ` · limit ${num(l.limit)} pts` : ''}${l.edition ? ` · ${l.edition}th edition` : ''}${l.dataVersion ? ` · data ${esc(l.dataVersion)}` : ''}</p>`;
  const findings = l.findings.length ? l.findings.map(finding).join('\n') : l.verdict === 'could not be read' ? '' : '<p class="ok">No findings.</p>';
  return `<details id="list-${i}">${head}${facts}${findings}</details>`;
}

function finding(f: ReportFinding): string {
  const cls = f.severity === 'error' ? 'bad' : f.severity === 'warning' ? 'warn' : '';
  const lines = f.context.lines
    .map((text, k) => {
      const n = f.context.firstLine + k;
      const hit = n >= f.line && n <= f.endLine && !(n === f.endLine && f.endColumn === 1 && n > f.line);
      return `<span class="${hit ? 'hit' : ''}"><span class="ln">${n}</span>${esc(text)}</span>`;
    })
    .join('\n');
  const rule = f.rule ? `<div class="rule">Rule: ${esc(`${f.rule.source}${f.rule.version ? ` ${f.rule.version}` : ''}`)} — ${esc(f.rule.section)}</div>` : '';
  return `<div class="finding"><span class="${cls}">${esc(f.severity)}</span> <span class="code">${esc(f.code)}</span> line ${f.line}: ${esc(f.message)}${rule}<pre>${lines}</pre></div>`;
}
