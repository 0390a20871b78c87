import * as assert from 'assert';
import { compareDatasheets, mergeRules } from '../../server/src/service/domain/rules/merge';
import { summarizeRules } from '../../server/src/service/domain/rules/summary';
import { emptyRulesData } from '../../server/src/service/domain/rules/dataFiles';
import { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { normalizeName } from '../../server/src/service/domain/text/normalize';
import { requireShared, sharedPath } from '../support/shared';

function sheet(name: string, file: string, over: Partial<Datasheet> = {}): Datasheet {
  return {
    id: name, name, factionKeywords: ['TEST HOST'], keywords: [], composition: [], points: [], weapons: [], abilities: [], leads: [], ledBy: [], epicHero: false,
    models: [{ name, M: '6"', T: 3, Sv: 5, W: 1, Ld: 7, OC: 2 }], source: { file, locator: name }, ...over,
  };
}
function data(file: string, sheets: Datasheet[]): RulesData {
  const d = emptyRulesData();
  d.sources.push({ kind: 'embedded', edition: 10, location: file });
  d.factions.push({ id: file, name: 'Test Host', keyword: 'TEST HOST', source: { file } });
  d.datasheets.push(...sheets);
  return d;
}

describe('mergeRules (own fixtures)', () => {
  it('keeps the first source by precedence, reports conflicts, fills only empty fields', () => {
    const a = data('a.json', [sheet('Troopers', 'a.json', { points: [{ models: 5, points: 60 }] })]);
    const b = data('b.csv', [
      sheet('TROOPERS', 'b.csv', { models: [{ name: 'Troopers', M: '6"', T: 4, Sv: 5, W: 1, Ld: 7, OC: 2 }], defaultLoadout: 'lasgun', points: [{ models: 5, points: 60 }] }),
      sheet('Captain', 'b.csv'),
    ]);
    const { data: out, warnings } = mergeRules([{ data: b, precedence: 2 }, { data: a, precedence: 1 }]);
    assert.deepStrictEqual(out.datasheets.map((d) => d.name), ['Troopers', 'Captain']);
    assert.strictEqual(out.datasheets[0].models[0].T, 3, 'precedence 1 wins');
    assert.strictEqual(out.datasheets[0].defaultLoadout, 'lasgun', 'gap filled');
    assert.strictEqual(out.factions.length, 1);
    assert.strictEqual(warnings.length, 1);
    assert.strictEqual(warnings[0].code, 'merge-conflict');
    assert.match(warnings[0].message, /T 3 vs 4/);
    assert.deepStrictEqual(warnings[0].source, { file: 'a.json', locator: 'Troopers' });
    const s = summarizeRules(out, warnings);
    assert.deepStrictEqual(s.factions, [{ name: 'Test Host', keyword: 'TEST HOST', datasheets: 2, detachments: 0, enhancements: 0, stratagems: 0 }]);
    assert.strictEqual(s.counts.warnings, 1);
    assert.strictEqual(s.sources.length, 2);
  });

  it('matches names across apostrophes, dashes and case', () => {
    const a = data('a', [sheet('Von Ryan’s Leapers', 'a')]);
    const b = data('b', [sheet("VON RYAN'S LEAPERS", 'b')]);
    assert.strictEqual(mergeRules([{ data: a, precedence: 0 }, { data: b, precedence: 1 }]).data.datasheets.length, 1);
  });
});

// Revision differences documented in shared/docs (none on stat lines at these snapshots); add "Datasheet: difference" here when one is.
const ALLOWED: string[] = [];

describe('BSData and Wahapedia agree on Genestealer Cults', function () {
  this.timeout(30000);
  it('has the same stat lines (M, T, Sv, W, Ld, OC, invuln) and points for every datasheet in both', function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'data', 'wahapedia');
    const bs = openDataFolder(sharedPath('data', 'bsdata')).loadFaction('Genestealer Cults').data;
    const wh = openDataFolder(sharedPath('data', 'wahapedia')).loadFaction('Genestealer Cults').data;
    const diffs: string[] = [];
    let compared = 0;
    for (const d of bs.datasheets) {
      const o = wh.datasheets.find((x) => normalizeName(x.name) === normalizeName(d.name));
      if (!o) continue;
      compared++;
      for (const c of compareDatasheets(d, o)) if (!ALLOWED.includes(`${d.name}: ${c}`)) diffs.push(`${d.name}: ${c}`);
    }
    if (diffs.length) console.log(`      differences:\n        ${diffs.join('\n        ')}`);
    assert.strictEqual(compared, 24);
    assert.deepStrictEqual(diffs, []);
    const merged = mergeRules([{ data: bs, precedence: 0 }, { data: wh, precedence: 1 }]);
    assert.strictEqual(merged.data.datasheets.length, 24);
    assert.deepStrictEqual(merged.warnings.filter((w) => w.code === 'merge-conflict' && /^Datasheet/.test(w.message)), []);
    // Stratagems come only from Wahapedia; the merged Jackals gain Wahapedia's loadout text.
    assert.ok(merged.data.stratagems.length > 40);
    assert.match(merged.data.datasheets.find((d) => d.name === 'Atalan Jackals')?.defaultLoadout ?? '', /Every Atalan Jackal/);
    const s = summarizeRules(merged.data, merged.warnings);
    const gsc = s.factions.find((f) => f.name === 'Genestealer Cults');
    // 24 enhancements, plus one the sources spell differently: BSData "Biomorph Adaption", Wahapedia "Biomorph Adaptation".
    assert.deepStrictEqual([gsc?.datasheets, gsc?.detachments, gsc?.enhancements], [24, 6, 25]);
    assert.deepStrictEqual(merged.data.enhancements.filter((e) => /^Biomorph/.test(e.name)).map((e) => e.name), ['Biomorph Adaption', 'Biomorph Adaptation']);
  });
});
