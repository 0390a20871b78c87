// Issue 33: a conversion reads, in a reader written apart from Auspex's (test/support/independentReader.ts, modelled
// on how third-party tools such as 40kCompactor read the app's, New Recruit's and War Organ's exports), at least as
// well as the real exports of that format do: the same exporter detected, the faction, detachments, total and every
// unit's name, points and model count read right. Every real list beside the repository converted to every format
// the reader knows is compared with the real exports of that format; the army exported five ways
// (*_worldeaters_2) is compared export by export.
import * as assert from 'assert';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList } from '../../server/src/service/domain/parse/ast';
import { ConvertFormat, writeList } from '../../server/src/service/features/convert';
import { readIndependently, Reading } from '../support/independentReader';
import { realLists } from '../support/armyFacts';
import { hasShared } from '../support/shared';

const EXPORTER: Partial<Record<ConvertFormat, Reading['exporter']>> = { app: 'app', 'app-v2': 'app', 'nr-gw': 'newrecruit', 'nr-wtc': 'newrecruit', 'nr-tournament': 'newrecruit', warorgan: 'warorgan' };
/** The real exports of each exporter (by file name). */
const REAL: Record<Reading['exporter'], RegExp> = { app: /\/gwapp/, newrecruit: /\/(nrgw|wtc|nrtournament)/, warorgan: /\/warorgan11_/, unknown: /^$/ };

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What a list says that a reader must get: header facts and each unit, as Auspex reads the source; but what the
 * conversion said its format cannot hold (a total the app states only beside a list's name).
 */
function truth(l: ArmyList, dropped: string[] = []): string[] {
  const total = l.statedPoints?.value ?? l.units.reduce((a, u) => a + (u.points?.value ?? 0), 0);
  return [
    `faction ${fold(l.faction?.text ?? '')}`,
    `detachments ${l.detachments.map((d) => fold(d.text)).join(' + ')}`,
    ...(dropped.includes('total') ? [] : [`total ${total}`]),
    ...l.units.map((u) => `unit ${fold(u.name.text)} ${u.points?.value} ${u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1)}`),
  ];
}

function said(r: Reading): string[] {
  return [`faction ${fold(r.faction ?? '')}`, `detachments ${r.detachments.map(fold).join(' + ')}`, `total ${r.total}`, ...r.units.map((u) => `unit ${fold(u.name)} ${u.points} ${u.models}`)];
}

/** The share of the facts read right (each fact once, duplicates counted). */
function score(expected: string[], got: string[]): number {
  const left = [...got];
  let right = 0;
  for (const f of expected) {
    const i = left.indexOf(f);
    if (i >= 0) {
      right++;
      left.splice(i, 1);
    }
  }
  return right / expected.length;
}

describe('independent reading (issue 33): conversions read no worse than the real exports of their format', function () {
  before(function () {
    if (!hasShared('lists') || !hasShared('lists-11e')) {
      console.log('      (skipped: ../shared/lists and ../shared/lists-11e are absent)');
      this.skip();
    }
  });

  for (const [format, exporter] of Object.entries(EXPORTER) as Array<[ConvertFormat, Reading['exporter']]>) {
    it(`${format}: every real list converted reads in the ${exporter} reader at least as well as the worst real ${exporter} export, most of them perfectly`, () => {
      const real = realLists().filter((l) => REAL[exporter].test(l.file));
      assert.ok(real.length >= 2);
      const realScores = real.map((r) => {
        const reading = readIndependently(r.text);
        assert.strictEqual(reading.exporter, exporter, r.file);
        return score(truth(parseArmyList(r.text)), said(reading));
      });
      const floor = Math.min(...realScores);
      const scores: string[] = [];
      for (const { file, text } of realLists()) {
        const l = parseArmyList(text);
        const out = writeList(l, format, l.editionShown ?? 10, { source: text });
        if (out.refused) continue;
        const reading = readIndependently(out.text);
        assert.strictEqual(reading.exporter, exporter, `${file} as ${format}: read as ${reading.exporter}\n${out.text}`);
        const s = score(truth(l, out.dropKinds), said(reading));
        scores.push(`${file} ${s.toFixed(3)}`);
        assert.ok(s >= floor, `${file} as ${format} reads ${s.toFixed(3)}, the real ${exporter} exports at worst ${floor.toFixed(3)}:\n${JSON.stringify(truth(l, out.dropKinds).filter((f) => !said(reading).includes(f)))}`);
      }
      assert.ok(scores.filter((s) => s.endsWith('1.000')).length >= scores.length * 0.75, scores.join('\n'));
    });
  }

  it('the army exported five ways: each export converted to another exporter reads at least as well as that exporter\'s own export of it', () => {
    const five = realLists().filter((l) => /_worldeaters_2\.txt$/.test(l.file));
    assert.strictEqual(five.length, 5);
    const own: Array<[ConvertFormat, string]> = [
      ['app-v2', 'gwapp11_worldeaters_2.txt'],
      ['nr-gw', 'nrgw11_worldeaters_2.txt'],
      ['nr-tournament', 'nrtournament11_worldeaters_2.txt'],
      ['warorgan', 'warorgan11_worldeaters_2.txt'],
    ];
    for (const [format, realFile] of own) {
      const real = five.find((l) => l.file.endsWith(realFile))!;
      const expected = truth(parseArmyList(real.text));
      const base = score(expected, said(readIndependently(real.text)));
      for (const source of five.filter((l) => l !== real)) {
        const l = parseArmyList(source.text);
        const out = writeList(l, format, 11, { source: source.text });
        assert.strictEqual(out.refused, undefined);
        const s = score(truth(l, out.dropKinds), said(readIndependently(out.text)));
        assert.ok(s >= base, `${source.file} as ${format}: ${s} < ${base} (${realFile})`);
      }
    }
  });
});
