// A list priced under an older Munitorum Field Manual, said once (issue 31): a T'au army built from the real
// 11th-edition data (BSData 11e units, their bodies as completion writes them) and priced from the real MFM v1.0
// files, checked against v1.1 and the changelog beside it. One header finding names v1.0 and the prices that changed
// in v1.1, the findings it explains are related to it, its one quick fix updates them all; a price matching no
// version stays its own error, a list mixing versions gets no header, the event report says "priced under v1.0".
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, DiagnosticSeverity, TextEdit } from 'vscode-languageserver-types';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { rulesRouter } from '../../server/src/cli/check';
import { planUnit, renderUnit } from '../../server/src/service/features/completion/build';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { reportList } from '../../server/src/service/features/report';
import { requireShared, sharedPath } from '../support/shared';

interface Priced {
  name: string;
  copies: number;
}

const ARMY: Priced[] = [
  { name: 'Commander Farsight', copies: 1 },
  { name: 'The Twin Lance', copies: 1 },
  { name: 'Pathfinder Team', copies: 3 },
  { name: 'Riptide Battlesuit', copies: 1 },
];

let provider: RulesProvider | undefined;
let v10: RulesData | undefined;

/** The army in the app's v2 layout: each unit's body as completion writes it, each copy at `price(name, copy)`. */
function armyText(price: (name: string, copy: number) => number, dp: number, disposition: string): string {
  const data = provider!.rulesFor(11);
  const units: string[] = [];
  let total = 0;
  for (const { name, copies } of ARMY) {
    const sheet = data.datasheets.find((d) => d.name === name)!;
    for (let copy = 1; copy <= copies; copy++) {
      const points = price(name, copy);
      total += points;
      units.push(unitBody(sheet, points, name === 'Commander Farsight'), '');
    }
  }
  return [`Retaliation (${total} points)`, '', 'T’au Empire', 'Strike Force (2000 points)', `Retaliation Cadre (${dp} Detachment Points)`, `Force Dispositions: ${disposition}`, '', 'OTHER DATASHEETS', '', ...units].join('\n');
}

/**
 * A legal unit of the datasheet as the app writes it: a one-model unit as completion writes it; a unit of several
 * models as the models the data requires, each at its minimum with its default wargear (`modelLoadouts`).
 */
function unitBody(sheet: Datasheet, points: number, warlord: boolean): string {
  const dialect = { points: 'points', enhancement: 'Enhancement' } as const;
  if (!sheet.requiredModels?.length) return renderUnit(sheet, planUnit(sheet), { dialect, snippet: false, warlord }).replace(/\(\d+ points\)/, `(${points} points)`);
  const lines = [`${sheet.name} (${points} points)`];
  for (const q of sheet.requiredModels) {
    lines.push(`  • ${q.min}x ${q.model}`);
    const loadout = sheet.modelLoadouts?.find((l) => q.names.includes(l.model));
    for (const w of loadout?.wargear ?? []) lines.push(`     ◦ ${q.min}x ${w}`);
  }
  return lines.join('\n');
}

/** A unit's price in MFM v1.0 for its first model count, as the v1.0 files give it for that copy. */
function v10Price(name: string, copy: number): number {
  const sheet = v10!.datasheets.find((d) => d.name === name)!;
  const tier = sheet.pointsTiers!.find((t) => copy >= t.copies.from && (t.copies.to === undefined || copy <= t.copies.to))!;
  return tier.steps[0].points;
}

function v11Price(name: string, copy: number): number {
  const sheet = provider!.rulesFor(11).datasheets.find((d) => d.name === name)!;
  const tier = sheet.pointsTiers!.find((t) => copy >= t.copies.from && (t.copies.to === undefined || copy <= t.copies.to))!;
  return tier.steps[0].points;
}

function checked(text: string): { service: LanguageService; doc: TextDocument; found: Diagnostic[] } {
  const service = createLanguageService();
  const doc = TextDocument.create('file:///retaliation.txt', 'army-list', 1, text);
  rulesRouter(provider!, service)(doc);
  return { service, doc, found: service.diagnostics(doc) };
}

const lineOf = (d: Diagnostic) => d.range.start.line + 1;
const stale = (d: Diagnostic) => !!(d.data as { stale?: unknown } | undefined)?.stale;

describe('stale prices said once: a list priced under an older MFM (real T’au data, MFM v1.0 prices, v1.1 in use)', function () {
  this.timeout(120000);
  before(function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.0');
    requireShared(this, 'data', 'mfm-11e', 'DATA-CHANGELOG.md');
    provider = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    provider.ensureFaction('T’au Empire', 11);
    v10 = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.0')).loadFaction('T’au Empire').data;
  });

  it('the army priced as v1.1 prices it is clean: the bodies are legal, the prices the data in use', () => {
    const { found } = checked(armyText(v11Price, 3, 'Purge the Foe'));
    assert.deepStrictEqual(found.filter((d) => d.severity! <= DiagnosticSeverity.Warning).map((d) => `${lineOf(d)} ${d.code} ${d.message}`), []);
  });

  it('one header finding names v1.0 and what changed in v1.1; the findings it explains are related to it', () => {
    const { doc, found } = checked(armyText(v10Price, 2, 'Purge the Foe'));
    const headers = found.filter((d) => d.code === 'prices-outdated');
    assert.strictEqual(headers.length, 1);
    const header = headers[0];
    assert.strictEqual(lineOf(header), 1);
    assert.strictEqual(header.severity, DiagnosticSeverity.Information);
    // What the changelog says changed, as the list states it and v1.1 prices it.
    assert.match(header.message, /^Priced under MFM v1\.0 \(2026-06-\d\d\): 7 prices changed in MFM v1\.1 \(2026-07-22\): /);
    for (const change of ['Commander Farsight 80 → 70', 'The Twin Lance 205 → 220', 'Pathfinder Team 80 → 85 (×2)', 'Pathfinder Team 80 → 100', 'Riptide Battlesuit 180 → 190', 'Retaliation Cadre 2 → 3 DP']) {
      assert.ok(header.message.includes(change), `${change} in: ${header.message}`);
    }
    // Each price, the Detachment Points and the total: errors still, each related to the header and marked.
    const explained = found.filter((d) => d !== header && d.severity === DiagnosticSeverity.Error);
    assert.deepStrictEqual(explained.map((d) => d.code).sort(), ['points-mismatch', 'points-mismatch', 'points-mismatch', 'points-mismatch', 'points-mismatch', 'points-mismatch', 'points-mismatch', 'total-mismatch'].sort());
    for (const d of explained) {
      assert.ok(stale(d), `${d.code} on line ${lineOf(d)} marked`);
      assert.ok(d.relatedInformation?.some((r) => r.location.range.start.line === 0), `${d.code} on line ${lineOf(d)} related to the header`);
    }
    assert.deepStrictEqual(header.relatedInformation!.map((r) => r.location.range.start.line + 1).sort((a, b) => a - b), explained.map(lineOf).sort((a, b) => a - b));
    assert.strictEqual(doc.getText(header.range), 'Retaliation');
  });

  it('its one quick fix updates every price, the Detachment Points and the total: the list is then clean', () => {
    const { service, doc, found } = checked(armyText(v10Price, 2, 'Purge the Foe'));
    const header = found.find((d) => d.code === 'prices-outdated')!;
    const actions = service.codeActions(doc, [header], ['quickfix']);
    const update = actions.find((a) => /^Update all points to MFM v1\.1/.test(a.title));
    assert.ok(update, actions.map((a) => a.title).join(', '));
    const edits = update.edit!.changes![doc.uri] as TextEdit[];
    const after = TextDocument.create(doc.uri, 'army-list', 2, TextDocument.applyEdits(doc, edits));
    assert.strictEqual(after.getText(), armyText(v11Price, 3, 'Purge the Foe'));
    // The same fix from a unit's own finding.
    const unit = found.find((d) => d.code === 'points-mismatch' && stale(d))!;
    assert.ok(service.codeActions(doc, [unit], ['quickfix']).some((a) => a.title === update.title));
  });

  it('a price matching no version stays its own error; a list mixing versions gets no header', () => {
    // Farsight at 75: neither v1.0's 80 nor v1.1's 70.
    const odd = checked(armyText((n, c) => (n === 'Commander Farsight' ? 75 : v10Price(n, c)), 2, 'Purge the Foe')).found;
    const farsight = odd.find((d) => d.code === 'points-mismatch' && /Commander Farsight/.test(d.message))!;
    assert.ok(!stale(farsight), 'not explained by v1.0');
    const header = odd.find((d) => d.code === 'prices-outdated')!;
    assert.ok(!header.message.includes('Commander Farsight'), header.message);
    // The Riptide at v1.1's price beside v1.0's others: the list is no one version's.
    const mixed = checked(armyText((n, c) => (n === 'Riptide Battlesuit' ? v11Price(n, c) : v10Price(n, c)), 2, 'Purge the Foe')).found;
    assert.deepStrictEqual(mixed.filter((d) => d.code === 'prices-outdated' || stale(d)), []);
    assert.ok(mixed.some((d) => d.code === 'points-mismatch'), 'the stale prices are still errors');
  });

  it('the event report says "priced under MFM v1.0" beside "not legal"; check --json carries the header with its payload', () => {
    const { service, doc, found } = checked(armyText(v10Price, 2, 'Purge the Foe'));
    const row = reportList('retaliation.txt', doc, service.parse(doc), found, service.rulesFor(11), service.settings);
    assert.strictEqual(row.verdict, 'not legal');
    assert.strictEqual(row.pricedUnder, 'MFM v1.0 (2026-06-22)');
    const header = found.find((d) => d.code === 'prices-outdated')!;
    assert.deepStrictEqual((header.data as { stale: { version: string; current: string; changed: number } }).stale.version, '1.0');
  });
});

describe('stale prices on a shared real list (gwapp11_orks_1: MFM v1.0 prices and force disposition)', function () {
  this.timeout(120000);
  it("the header's fix sets the prices and More Dakka!'s disposition to v1.1's; the army is then over its limit, as v1.1 prices it", function () {
    requireShared(this, 'lists-11e', 'gwapp11_orks_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'DATA-CHANGELOG.md');
    provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    const { service, doc, found } = checked(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'));
    const header = found.find((d) => d.code === 'prices-outdated')!;
    assert.match(header.message, /Purge the Foe → Disruption/);
    const disposition = found.find((d) => d.code === 'force-disposition-wrong')!;
    assert.deepStrictEqual(service.codeActions(doc, [disposition], ['quickfix']).map((a) => a.title).slice(0, 1), ['Change to Disruption']);
    const update = service.codeActions(doc, [header], ['quickfix']).find((a) => /^Update all points/.test(a.title))!;
    const after = TextDocument.create(doc.uri, 'army-list', 2, TextDocument.applyEdits(doc, update.edit!.changes![doc.uri] as TextEdit[]));
    assert.match(after.getText(), /^Force Dispositions: Disruption, Take and Hold$/m);
    assert.match(after.getText(), /\(2,?005 Points\)/);
    assert.deepStrictEqual(service.diagnostics(after).filter((d) => d.severity! <= DiagnosticSeverity.Warning).map((d) => String(d.code)), ['over-points-limit']);
  });
});
