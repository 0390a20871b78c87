// The MFM's changelog (DATA-CHANGELOG.md) read, and an older version's prices rebuilt from the loaded version and
// it: checked against the real v1.0 files, which the rebuild never reads. Own fixtures check the reader's forms and
// that a changelog disagreeing with the data changes nothing it cannot settle.
import * as assert from 'assert';
import * as fs from 'fs';
import { readMfmChangelog } from '../../server/src/service/domain/rules/mfmChangelog';
import { olderVersions, pricesUnder } from '../../server/src/service/domain/rules/mfmHistory';
import { loadMfm } from '../../server/src/service/domain/rules/mfm';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { requireShared, sharedPath } from '../support/shared';

const CHANGELOG = [
  '# Data changelog',
  '',
  '## [2026-08-01] — MFM v1.2',
  '',
  '### Changed',
  '- **Orks**: Boyz — 10 models [[1,2]]: 80 → 85 pts (+5)',
  '- **Orks**: Boyz — 20 models: 160 → 170 pts (+10)',
  '- **Orks**: Big Mek — Kustom force field: 10 → 15 pts (+5)',
  '- **Orks**: Da Big Hunt · Skrag Every Fing: 20 → 25 pts (+5)',
  '- **Orks**: Da Big Hunt — DP: 1 → 2',
  '- **Orks**: Da Big Hunt — objective: PURGE THE FOE → DISRUPTION',
  '- **Orks**: Da Big Hunt — unique: — → Beasts',
  '- **Orks**: Da Big Hunt · Skrag Every Fing — leaderTo: — → Boyz',
  '- **Orks**: v1.1 → v1.2',
  '',
  '### Added',
  '- **Orks**: Trukk — 1 model [[1,3]] (55 pts)',
  '- **Orks**: Trukk — 1 model [[4,)] (65 pts)',
  '- **Orks**: Big Mek — Shokk attack gun (10 pts)',
  '',
  '### Removed',
  '- **Orks**: removed Trukk — 1 model (was 60 pts)',
  '',
  '## [2026-07-01] — MFM v1.1',
  '',
  '### Changed',
  '- **Orks**: Boyz — 10 models [[1,2]]: 75 → 80 pts (+5)',
].join('\n');

const ORKS = [
  'name: Orks', 'slug: orks', 'version: "1.2"', 'firstSeen: 2026-08-01', 'detachments:',
  '  - name: Da Big Hunt', '    dp: 2', '    objective: DISRUPTION', '    unique: Beasts', '    enhancements:', '      - { name: Skrag Every Fing, points: 25 }',
  'units:',
  '  - name: Boyz', '    pricing:', '      - range: "[1,2]"', '        costs:', '          - { models: 10, points: 85 }', '          - { models: 20, points: 170 }',
  '      - range: "[3,)"', '        costs:', '          - { models: 10, points: 95 }', '          - { models: 20, points: 180 }',
  '  - name: Big Mek', '    pricing:', '      - range: "[1,)"', '        costs:', '          - { models: 1, points: 65 }',
  '    wargear:', '      - { item: Kustom force field, points: 15 }', '      - { item: Shokk attack gun, points: 10 }',
  '  - name: Trukk', '    pricing:', '      - range: "[1,3]"', '        costs:', '          - { models: 1, points: 55 }', '      - range: "[4,)"', '        costs:', '          - { models: 1, points: 65 }',
].join('\n');

const files = (yaml: string, meta = 'version: "1.2"\nlastUpdated: 2026-08-01\n') => [{ name: 'orks.yaml', text: yaml }, { name: 'meta.yaml', text: meta }];

describe('MFM changelog and older prices (own fixtures)', () => {
  it('reads each kind of entry, and leaves lines of no price change unread', () => {
    const log = readMfmChangelog(CHANGELOG);
    assert.deepStrictEqual(log.versions.map((v) => [v.version, v.dates, v.changes.length]), [['1.2', ['2026-08-01'], 11], ['1.1', ['2026-07-01'], 1]]);
    assert.strictEqual(log.unread, 2, 'the leaderTo change and the version line');
    const kinds = log.versions[0].changes.map((c) => `${c.target.kind}${c.from === undefined ? '+' : c.to === undefined ? '-' : '~'}`);
    // The unique tag had none before ("—"): an entry with no old value.
    assert.deepStrictEqual(kinds, ['unit~', 'unit~', 'wargear~', 'enhancement~', 'detachment~', 'detachment~', 'detachment+', 'unit+', 'unit+', 'wargear+', 'unit-']);
    assert.deepStrictEqual(log.versions[0].changes[0].target, { kind: 'unit', unit: 'Boyz', models: 10, copies: { from: 1, to: 2 } });
    assert.deepStrictEqual(log.versions[0].changes[1].target, { kind: 'unit', unit: 'Boyz', models: 20, copies: { from: 1 } });
  });

  it('undoes every later version, newest first, down to the one asked for', () => {
    const { data } = loadMfm(files(ORKS), { changelog: CHANGELOG });
    assert.deepStrictEqual(olderVersions(data.mfmHistory).map((v) => v.label), ['Munitorum Field Manual v1.1 (2026-07-01)']);
    const v11 = pricesUnder(data, '1.1')!;
    const sheet = (d: RulesData, n: string) => d.datasheets.find((x) => x.name === n)!;
    // Boyz: 10 models in the first two copies 80 in v1.1; the 20-model price written without a range is every copy's.
    assert.deepStrictEqual(sheet(v11, 'Boyz').pointsTiers!.map((t) => [t.copies, t.steps.map((s) => [s.models, s.points])]), [
      [{ from: 1, to: 2 }, [[10, 80], [20, 170]]],
      [{ from: 3 }, [[10, 95], [20, 180]]],
    ]);
    assert.deepStrictEqual(sheet(v11, 'Big Mek').wargearCosts, [{ item: 'Kustom force field', points: 10 }]);
    assert.deepStrictEqual(sheet(v11, 'Trukk').pointsTiers!.map((t) => [t.copies, t.steps]), [[{ from: 1 }, [{ models: 1, points: 60 }]]]);
    assert.deepStrictEqual(sheet(v11, 'Trukk').points, [{ models: 1, points: 60 }]);
    const det = v11.detachments[0];
    assert.deepStrictEqual([det.dp, det.forceDisposition, det.unique], [1, 'PURGE THE FOE', undefined]);
    assert.strictEqual(v11.enhancements[0].points, 20);
    assert.strictEqual(v11.sources[0].version, 'Munitorum Field Manual v1.1 (2026-07-01)');
    // The loaded data is untouched.
    assert.strictEqual(sheet(data, 'Boyz').pointsTiers![0].steps[0].points, 85);
    assert.strictEqual(pricesUnder(data, '1.2'), undefined, 'not an older version');
  });

  it('changes nothing the data and the changelog disagree on, and needs the loaded version in the changelog', () => {
    // The data says Boyz 10 models cost 90 in copies 1-2, the changelog that they became 85: left at 90.
    const { data } = loadMfm(files(ORKS.replace('{ models: 10, points: 85 }', '{ models: 10, points: 90 }')), { changelog: CHANGELOG });
    assert.strictEqual(pricesUnder(data, '1.1')!.datasheets.find((x) => x.name === 'Boyz')!.pointsTiers![0].steps[0].points, 90);
    const unknown = loadMfm(files(ORKS, 'version: "1.3"\n'), { changelog: CHANGELOG });
    assert.strictEqual(unknown.data.mfmHistory, undefined);
    assert.ok(unknown.warnings.some((w) => w.code === 'mfm-changelog'));
  });
});

describe('MFM changelog and older prices (the real MFM v1.1 and its changelog against the real v1.0 files)', function () {
  this.timeout(60000);
  it('rebuilds every v1.0 price, Detachment Points value, force disposition and unique tag from v1.1 and the changelog', function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    requireShared(this, 'data', 'mfm-11e', 'v1.0');
    // The folder reads the changelog beside it (the repository root above the data folder).
    const v11 = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.1')).loadAll().data;
    assert.ok(v11.mfmHistory, 'the changelog is read');
    const v10 = loadMfm(fileMap(sharedPath('data', 'mfm-11e', 'v1.0'))).data;
    const rebuilt = pricesUnder(v11, '1.0')!;
    const key = (d: { factionKeywords: string[]; name: string }) => `${d.factionKeywords[0]}|${d.name}`;
    const price = (d: Datasheet | undefined) => JSON.stringify((d?.pointsTiers ?? []).map((t) => [t.copies.from, t.copies.to ?? null, t.steps.map((s) => [s.models, s.points])]));
    const gear = (d: Datasheet | undefined) => JSON.stringify([...(d?.wargearCosts ?? [])].sort((a, b) => a.item.localeCompare(b.item)));
    const old = new Map(v10.datasheets.map((d) => [key(d), d]));
    const fold = (k: string) => k.replace(/[’‘]/g, "'").toUpperCase();
    const log = v11.mfmHistory.changelog;
    const uncertain = new Set(log.versions.flatMap((v) => v.unreadEntries.map((e) => fold(`${e.faction}|${e.name}`))));
    const wrong: string[] = [];
    let compared = 0;
    let kept = 0;
    rebuilt.datasheets.forEach((d, i) => {
      const was = old.get(key(d));
      const now = v11.datasheets[i];
      // An entry the changelog cannot tell from another of its name, or whose line it writes in a form not read,
      // keeps v1.1's prices: never a guess.
      if (d.pricedBy?.entry?.shared || uncertain.has(fold(`${d.pricedBy?.entry?.faction}|${d.name}`))) {
        kept++;
        if (price(d) !== price(now)) wrong.push(`${key(d)}: rebuilt though its history is uncertain`);
        return;
      }
      // A unit v1.1 added has no v1.0 price: it keeps v1.1's, so that no version seems to explain its findings.
      if (!was) {
        if (price(d) !== price(now)) wrong.push(`${key(d)}: not in v1.0, yet repriced`);
        return;
      }
      compared++;
      if (price(d) !== price(was)) wrong.push(`${key(d)}: ${price(d)} vs v1.0 ${price(was)}`);
      if (gear(d) !== gear(was)) wrong.push(`${key(d)} wargear: ${gear(d)} vs v1.0 ${gear(was)}`);
    });
    // The v1.0 files are the version's first state; the changelog's later v1.0 entries (unique tags added) are the
    // version too, so the rebuild has them.
    const withinV10 = new Set(log.versions.filter((v) => v.version === '1.0').flatMap((v) => v.changes).map((c) => fold(`${c.faction}|${c.target.kind === 'detachment' ? c.target.detachment : ''}`)));
    const oldDet = new Map(v10.detachments.map((d) => [`${d.faction}|${d.name}`, d]));
    for (const d of rebuilt.detachments) {
      const was = oldDet.get(`${d.faction}|${d.name}`);
      if (!was) continue;
      for (const f of ['dp', 'forceDisposition', 'unique'] as const) {
        if (d[f] !== was[f] && !(f === 'unique' && withinV10.has(fold(`${d.faction}|${d.name}`)))) wrong.push(`${d.faction} ${d.name} ${f}: ${d[f]} vs v1.0 ${was[f]}`);
      }
    }
    const oldEnh = new Map(v10.enhancements.map((e) => [`${e.faction}|${e.detachment}|${e.name}`, e]));
    for (const e of rebuilt.enhancements) {
      const was = oldEnh.get(`${e.faction}|${e.detachment}|${e.name}`);
      if (was && was.points !== e.points) wrong.push(`${e.faction} ${e.detachment} ${e.name}: ${e.points} vs v1.0 ${was.points}`);
    }
    console.log(`        ${compared} units rebuilt as v1.0 prices them, ${kept} kept at v1.1 (history uncertain)`);
    assert.ok(compared > 1000, `${compared} units compared`);
    assert.deepStrictEqual(wrong, []);
  });
});

function fileMap(dir: string): { name: string; text: string }[] {
  return fs.readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).map((n) => ({ name: n, text: fs.readFileSync(`${dir}/${n}`, 'utf8') }));
}
