// The event report's core (features/report.ts) and its HTML page
// (features/render/reportHtml.ts), on the validation fixtures and test data.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { buildReport, ListReport, reportList, summarize, unreadableList } from '../../server/src/service/features/report';
import { esc, renderReportHtml } from '../../server/src/service/features/render/reportHtml';
import { repoRoot } from '../support/shared';
import { testRules } from './validate-helpers';

const VALID = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', 'valid.army'), 'utf8');

function row(file: string, text: string, edition: '10' | '11' | 'auto' = 'auto'): ListReport {
  const service = createLanguageService({ rules: testRules(), settings: { ...DEFAULT_SETTINGS, edition } });
  const doc = TextDocument.create(`file:///${file}`, 'army-list', 1, text);
  return reportList(file, doc, service.parse(doc), service.diagnostics(doc), service.rules, service.settings);
}

describe('event report: one list', () => {
  it('reads a legal list: name, faction, detachment, battle size, stated and computed points, edition', () => {
    const r = row('valid.army', VALID);
    assert.strictEqual(r.verdict, 'legal');
    assert.deepStrictEqual(
      [r.format, r.name, r.faction, r.detachments, r.battleSize, r.limit, r.statedPoints, r.units, r.unpricedUnits, r.edition],
      ['gwapp', 'Claw raid', 'Genestealer Cults', ['Claw of Ascension'], 'Strike Force', 2000, 460, 6, 0, 10],
    );
    // 65 Jackal Alphus + 15 Prowling Agitant + 45 Locus + 100 Vorgash + 65 Neophytes + 85 Jackals + 85 Goliath.
    assert.strictEqual(r.computedPoints, 460);
    assert.deepStrictEqual(r.counts, { error: 0, warning: 0, information: 0, hint: 0 });
    assert.strictEqual(row('valid.army', VALID, '11').edition, 11);
  });

  it('quotes each finding in context, errors first, and counts a unit the data cannot price at its stated points, as check does', () => {
    const text = VALID.replace('Atalan Jackals (85 Points)', 'Atalan Jackals (90 Points)').replace('Goliath Truck (85 Points)', 'Goliath Truk (85 Points)');
    const r = row('bad.army', text);
    assert.strictEqual(r.verdict, 'not legal');
    const lines = text.split('\n');
    const jackals = lines.indexOf('Atalan Jackals (90 Points)') + 1;
    const mismatch = r.findings.find((f) => f.code === 'points-mismatch')!;
    assert.strictEqual(mismatch.severity, 'error');
    assert.strictEqual(mismatch.line, jackals);
    assert.strictEqual(mismatch.context.firstLine, jackals - 1);
    assert.deepStrictEqual(mismatch.context.lines, lines.slice(jackals - 2, jackals + 1));
    assert.ok(r.findings.some((f) => f.code === 'unknown-datasheet' && f.line === lines.indexOf('Goliath Truk (85 Points)') + 1));
    const order = r.findings.map((f) => ['error', 'warning', 'information', 'hint'].indexOf(f.severity));
    assert.deepStrictEqual(order, [...order].sort((a, b) => a - b));
    assert.strictEqual(r.counts.error, r.findings.filter((f) => f.severity === 'error').length);
    // The unknown Goliath Truk has no price in the data: counted at its stated 85, as `auspex check` counts the army.
    assert.strictEqual(r.unpricedUnits, 1);
    assert.strictEqual(r.computedPoints, 460);
  });

  it('shows the data version the parser records from the export (dataVersion on the tree)', () => {
    const service = createLanguageService({ rules: testRules() });
    const doc = TextDocument.create('file:///v.army', 'army-list', 1, VALID);
    const list = { ...service.parse(doc), dataVersion: { text: 'v886', span: { start: 0, end: 4 } } };
    assert.strictEqual(reportList('v.army', doc, list, [], service.rules, service.settings).dataVersion, 'v886');
    assert.strictEqual(row('valid.army', VALID).dataVersion, undefined);
  });

  it('says a text without any unit could not be read, and why', () => {
    const r = row('notes.txt', 'Bring snacks.\nTables at 9.\n');
    assert.strictEqual(r.verdict, 'could not be read');
    assert.match(r.unreadable!, /no unit/);
    assert.strictEqual(r.faction, undefined);
    const empty = row('empty.army', '\n\n');
    assert.strictEqual(empty.verdict, 'could not be read');
    assert.strictEqual(empty.unreadable, 'the file is empty');
    assert.strictEqual(unreadableList('gone.txt', 'cannot read the file: ENOENT').verdict, 'could not be read');
  });
});

describe('event report: verdicts and factions', () => {
  it('says "not checked", never "legal", for a list whose faction has no rules data', () => {
    const r = row('squats.army', VALID.replace('Genestealer Cults', 'Squats'));
    // The one error says the list was not checked (faction-not-loaded), and nothing else is claimed of it.
    assert.deepStrictEqual(r.findings.filter((f) => f.severity === 'error').map((f) => f.code), ['faction-not-loaded']);
    assert.strictEqual(r.verdict, 'not checked');
    const s = summarize([r, row('valid.army', VALID)]);
    assert.deepStrictEqual([s.legal, s.notLegal, s.notChecked], [1, 0, 1]);
  });

  it('names the faction as the data does and counts one row per faction whatever the spelling', () => {
    assert.strictEqual(row('lower.army', VALID.replace('Genestealer Cults', 'genestealer cults')).faction, 'Genestealer Cults');
    const rows = [row('a.army', VALID), { ...row('b.army', VALID), faction: 'GENESTEALER CULTS' }, { ...row('c.army', VALID), faction: 'Genestealer-Cults' }];
    assert.deepStrictEqual(summarize(rows).byFaction, [{ faction: 'Genestealer Cults', lists: 3, legal: 3 }]);
  });

  it('lists each data source once however many factions were read from it', () => {
    const service = createLanguageService({ rules: testRules() });
    const twice = { ...service.rules, data: { ...service.rules.data, sources: [...service.rules.data.sources, ...service.rules.data.sources] } } as typeof service.rules;
    const report = buildReport([row('a.army', VALID)], [twice, service.rules], service.settings);
    assert.deepStrictEqual(report.rules, buildReport([], service.rules, service.settings).rules);
    assert.strictEqual(report.rules.length, new Set(service.rules.data.sources.map((s) => `${s.kind} ${s.location} ${s.version}`)).size);
  });
});

describe('event report: summary', () => {
  it('counts lists per faction and detachment, the legal ones, and the commonest findings', () => {
    const bad = VALID.replace('Atalan Jackals (85 Points)', 'Atalan Jackals (90 Points)');
    const worse = bad.replace('Goliath Truck (85 Points)', 'Goliath Truck (95 Points)');
    const rows = [row('a.army', VALID), row('b.army', bad), row('c.army', worse), unreadableList('d.txt', 'not a text file')];
    const s = summarize(rows);
    assert.deepStrictEqual([s.lists, s.legal, s.notLegal, s.unreadable], [4, 1, 2, 1]);
    assert.deepStrictEqual(s.byFaction, [{ faction: 'Genestealer Cults', lists: 3, legal: 1 }]);
    assert.deepStrictEqual(s.byDetachment, [{ faction: 'Genestealer Cults', detachment: 'Claw of Ascension', lists: 3, legal: 1 }]);
    const pm = s.commonFindings.find((c) => c.code === 'points-mismatch');
    // b: one mismatch; c: two.
    assert.deepStrictEqual(pm, { code: 'points-mismatch', severity: 'error', lists: 2, occurrences: 3 });
    assert.ok(s.commonFindings.every((c, i, all) => i === 0 || all[i - 1].lists >= c.lists));
  });
});

describe('event report: HTML page', () => {
  it('escapes every character that could open markup', () => {
    assert.strictEqual(esc(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('is one self-contained page: text from lists stays text, nothing is loaded from elsewhere', () => {
    const evil = VALID.replace('Claw raid (', '<script>alert(1)</script><img src="https://example.com/x.png"> (');
    const rows = [row('<b>evil</b>.army', evil), row('valid.army', VALID)];
    const service = createLanguageService({ rules: testRules() });
    const html = renderReportHtml(buildReport(rows, service.rules, service.settings, '2026-11-30T12:00:00Z'));
    assert.strictEqual((html.match(/<script>/g) ?? []).length, 1, 'only the page\'s own script');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('&lt;b&gt;evil&lt;/b&gt;.army'));
    assert.ok(!/<img/i.test(html));
    assert.ok(!/(src|href)\s*=\s*["']?(https?:)?\/\//i.test(html));
    assert.match(html, /Content-Security-Policy" content="default-src 'none';/);
    assert.strictEqual((html.match(/<tr data-i=/g) ?? []).length, 2);
    assert.match(html, /generated 2026-11-30T12:00:00Z/);
  });
});
