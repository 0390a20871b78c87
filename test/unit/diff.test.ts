// The comparison of two rules-data versions (domain/rules/diff.ts): every kind
// of change on the test data, said once, and nothing that did not change.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { requireShared, sharedPath } from '../support/shared';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { describeChange, diffFacts, diffRules, RulesChange } from '../../server/src/service/domain/rules/diff';
import { testRules } from './validate-helpers';

const clone = (d: RulesData): RulesData => JSON.parse(JSON.stringify(d));
const sheet = (d: RulesData, name: string): Datasheet => d.datasheets.find((x) => x.name === name)!;
const gsc = (d: ReturnType<typeof diffRules>) => d.factions.find((f) => f.name === 'Genestealer Cults')?.changes ?? [];

describe('rules diff', () => {
  it('finds nothing between a version and itself', () => {
    const a = testRules();
    assert.deepStrictEqual(diffRules(a, clone(a)).factions, []);
  });

  it('says each points, profile, weapon, ability, composition and keyword change with old and new value', () => {
    const a = testRules();
    const b = clone(a);
    const jackals = sheet(b, 'Atalan Jackals');
    jackals.points = [{ models: 5, points: 90 }, { models: 10, points: 150 }, { models: 15, points: 220 }];
    jackals.models[0].T = 5;
    jackals.weapons[0].profiles[0].S = jackals.weapons[0].profiles[0].S + 1;
    jackals.composition[0].max = 12;
    jackals.keywords = [...jackals.keywords, 'GRENADES'];
    jackals.abilities = jackals.abilities.filter((x) => x.name !== jackals.abilities[0].name);
    const changes = gsc(diffRules(a, b));
    const A = sheet(a, 'Atalan Jackals');
    const w = A.weapons[0];
    const expected: RulesChange[] = [
      { kind: 'changed', unit: 'Atalan Jackals', item: '5 models', field: 'points', from: 85, to: 90 },
      { kind: 'added', unit: 'Atalan Jackals', item: '15 models', field: 'points', from: null, to: 220 },
      { kind: 'changed', unit: 'Atalan Jackals', item: 'Atalan Jackal', field: 'composition', from: '4-8', to: '4-12' },
      { kind: 'changed', unit: 'Atalan Jackals', field: 'keywords', from: [...A.keywords].sort().join(', '), to: [...A.keywords, 'GRENADES'].sort().join(', ') },
      { kind: 'changed', unit: 'Atalan Jackals', item: A.models[0].name, field: 'T', from: A.models[0].T, to: 5 },
      { kind: 'changed', unit: 'Atalan Jackals', item: w.profiles[0].name === w.name ? w.name : `${w.name} (${w.profiles[0].name})`, field: 'S', from: w.profiles[0].S, to: w.profiles[0].S + 1 },
      { kind: 'removed', unit: 'Atalan Jackals', item: A.abilities[0].name, field: 'ability', from: changes.find((c) => c.field === 'ability')!.from, to: null },
    ];
    assert.deepStrictEqual(changes, expected);
  });

  it('says a unit, weapon or model added or removed once, not once per characteristic', () => {
    const a = testRules();
    const b = clone(a);
    b.datasheets = b.datasheets.filter((d) => d.name !== 'Locus');
    b.datasheets.push({ ...clone(a).datasheets.find((d) => d.name === 'Goliath Truck')!, id: 'new', name: 'Goliath Rockgrinder', points: [{ models: 1, points: 120 }] });
    const truck = sheet(b, 'Goliath Truck');
    truck.weapons = [...truck.weapons, { name: 'Cache of demolition charges', profiles: [{ ...truck.weapons[0].profiles[0], name: 'Cache of demolition charges', range: '6"' }] }];
    const changes = gsc(diffRules(a, b));
    assert.deepStrictEqual(changes.map((c) => [c.kind, c.unit, c.item, c.field]), [
      ['added', 'Goliath Truck', 'Cache of demolition charges', 'weapon'],
      ['added', 'Goliath Rockgrinder', undefined, 'unit'],
      ['removed', 'Locus', undefined, 'unit'],
    ]);
    assert.strictEqual(describeChange(changes[1]), '+ unit Goliath Rockgrinder (1 model 120 pts)');
    assert.strictEqual(describeChange(changes[2]), '- unit Locus (1 model 45 pts)');
  });

  it('compares detachments, enhancements and stratagems, and keeps factions apart', () => {
    const a = testRules();
    const b = clone(a);
    const enh = b.enhancements.find((e) => e.faction === 'Genestealer Cults' && e.points !== undefined)!;
    const before = enh.points!;
    enh.points = before + 5;
    b.detachments.push({ id: 'x', name: 'Host of Ascension', faction: 'Genestealer Cults', rules: [{ name: 'Ascension', text: 'Test rule.' }], source: { file: 't' } });
    const strat = b.stratagems.find((s) => s.detachment)!;
    const cp = strat.cp;
    strat.cp = cp + 1;
    sheet(b, 'Termagants').points = [{ models: 10, points: 65 }];
    const diff = diffRules(a, b);
    assert.deepStrictEqual(gsc(diff), [
      { kind: 'added', item: 'Host of Ascension', field: 'detachment', from: null, to: 'Ascension' },
      { kind: 'changed', item: `${enh.detachment}: ${enh.name}`, field: 'enhancement points', from: before, to: before + 5 },
      { kind: 'changed', item: strat.name, field: 'stratagem CP', from: cp, to: cp + 1 },
    ]);
    assert.deepStrictEqual(diff.factions.find((f) => f.name !== 'Genestealer Cults')?.changes, [
      { kind: 'changed', unit: 'Termagants', item: '10 models', field: 'points', from: 60, to: 65 },
    ]);
    // --faction keeps one.
    assert.deepStrictEqual(diffRules(a, b, 'genestealer cults').factions.map((f) => f.name), ['Genestealer Cults']);
  });

  it('takes new kinds of facts without changing the comparison (points per copy, Detachment Points)', () => {
    // How the MFM's requisition tiers and Detachment Points will come in: facts with their own field.
    const from = [
      { unit: 'Boyz', field: 'unit', value: '10 models 75 pts', summary: true as const },
      { unit: 'Boyz', item: '10 models', field: 'points', value: 75, owner: '' },
      { unit: 'Boyz', item: '10 models', field: 'points (copy 2+)', value: 85 },
      { item: 'Freebooter Krew', field: 'detachment points', value: 2 },
    ];
    const to = [{ ...from[0] }, { ...from[1], value: 80 }, { ...from[2], value: 90 }, { ...from[3], value: 3 }];
    assert.deepStrictEqual(diffFacts(from, to).map(describeChange), [
      '~ Boyz, 10 models: points 75 → 80',
      '~ Boyz, 10 models: points (copy 2+) 85 → 90',
      '~ Freebooter Krew: detachment points 2 → 3',
    ]);
  });
});

describe('rules diff: the Wahapedia export and a copy with two edits', function () {
  this.timeout(60_000);
  let dir: string;
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-diff-waha-'));
    const src = sharedPath('data', 'wahapedia');
    for (const f of fs.readdirSync(src).filter((n) => n.endsWith('.csv'))) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    const edit = (file: string, from: string, to: string) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      assert.ok(text.includes(from), `${file} holds ${from}`);
      fs.writeFileSync(path.join(dir, file), text.replace(from, to));
    };
    // Atalan Jackals: 10 models 150 → 160; the Atalan small arms S4 → S5.
    edit('Datasheets_models_cost.csv', '000001574|2|10 models|150|', '000001574|2|10 models|160|');
    edit('Datasheets_wargear.csv', '|Atalan small arms|<a href="/wh40k10ed/the-rules/core-rules/#Pistol">pistol</a>|12|Ranged|2|4|4|0|1|', '|Atalan small arms|<a href="/wh40k10ed/the-rules/core-rules/#Pistol">pistol</a>|12|Ranged|2|4|5|0|1|');
  });
  after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('reports exactly the two edits across the whole export, and nothing else', () => {
    const a = openDataFolder(sharedPath('data', 'wahapedia')).loadAll().data;
    const b = openDataFolder(dir).loadAll().data;
    assert.ok(a.datasheets.length > 900);
    const diff = diffRules(a, b);
    assert.deepStrictEqual(diff.factions, [{
      name: 'Genestealer Cults',
      changes: [
        { kind: 'changed', unit: 'Atalan Jackals', item: '10 models', field: 'points', from: 150, to: 160 },
        { kind: 'changed', unit: 'Atalan Jackals', item: 'Atalan small arms', field: 'S', from: 4, to: 5 },
      ],
    }]);
    assert.strictEqual(diff.from.version, diff.to.version);
  });
});
