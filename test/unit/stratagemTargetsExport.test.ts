// The TARGET reader against Wahapedia's own stratagem→datasheet table over the whole export:
// every matched-play faction stratagem (detachments of type "", not Boarding Actions) against the
// datasheets listed under its faction, as Auspex loads them (Legends and allied units left out: the
// loader takes out a datasheet listed under a host faction that carries the host's keyword only by
// that listing, such as Harlequins under Drukhari, Shadow Legion Heretic Astartes under Chaos Daemons,
// Cultists under Chaos Knights). The measure is over everything listed; the faction's own datasheets
// and those Wahapedia repeats under several factions are also printed apart.
// Every remaining disagreement is listed in test/fixtures/stratagem-target-exceptions.json with the
// sentence of the TARGET text that decides it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { folderFiles } from '../../server/src/node/dataFolder';
import { loadWahapedia } from '../../server/src/service/domain/rules/wahapedia';
import { readPipeCsv } from '../../server/src/service/domain/rules/wahapediaCsv';
import type { Datasheet, DataWarning, Stratagem } from '../../server/src/service/domain/rules/model';
import { eligibleDatasheets, stratagemTargetSpec } from '../../server/src/service/domain/stratagems/eligibility';
import { explain } from '../../server/src/service/domain/stratagems/targetText';

interface Exception {
  stratagem: string;
  detachment: string;
  /** The sentence of the TARGET (or WHEN) text that decides. */
  sentence: string;
  /** Why the reader's answer follows that sentence where Wahapedia's table does not. */
  why: string;
  readerOnly: string[];
  wahapediaOnly: string[];
}

interface Disagreement {
  s: Stratagem;
  readerOnly: string[];
  wahapediaOnly: string[];
}

const FIXTURE = path.join(repoRoot, 'test', 'fixtures', 'stratagem-target-exceptions.json');

describe('stratagem TARGET reader vs Wahapedia Datasheets_stratagems.csv (whole export)', function () {
  this.timeout(120000);
  let stratagems: Stratagem[] = [];
  const pools = new Map<string, { own: Datasheet[]; shared: Datasheet[] }>();
  const factionOf = new Map<string, string>();
  const oracle = new Map<string, Set<string>>();

  before(function () {
    requireShared(this, 'data', 'wahapedia', 'Datasheets_stratagems.csv');
    const files = folderFiles(sharedPath('data', 'wahapedia'));
    const { data } = loadWahapedia(files);
    const warnings: DataWarning[] = [];
    const csv = (name: string, required: string[]) => readPipeCsv(name, files.read(name) ?? '', { required }, warnings)!;
    const ds = csv('Datasheets.csv', ['id', 'name', 'faction_id']);
    const dsFaction = new Map<string, string>();
    const homes = new Map<string, Set<string>>();
    for (const r of ds.rows) {
      const [id, name, f] = [r.f[ds.col('id')], r.f[ds.col('name')].toLowerCase(), r.f[ds.col('faction_id')]];
      dsFaction.set(id, f);
      homes.set(name, (homes.get(name) ?? new Set()).add(f));
    }
    const det = csv('Detachments.csv', ['id', 'type']);
    const matched = new Set(det.rows.filter((r) => !r.f[det.col('type')]).map((r) => r.f[det.col('id')]));
    const st = csv('Stratagems.csv', ['id', 'faction_id', 'detachment_id']);
    const keep = new Set<string>();
    for (const r of st.rows) {
      const [id, f, d] = [r.f[st.col('id')], r.f[st.col('faction_id')], r.f[st.col('detachment_id')]];
      if (f && matched.has(d)) {
        keep.add(id);
        factionOf.set(id, f);
      }
    }
    stratagems = data.stratagems.filter((s) => keep.has(s.id));
    // Legends datasheets load flagged (`legends`); the measure leaves them out as a list check does.
    for (const d of data.datasheets.filter((x) => !x.legends)) {
      const f = dsFaction.get(d.id)!;
      const pool = pools.get(f) ?? { own: [], shared: [] };
      pools.set(f, pool);
      ((homes.get(d.name.toLowerCase())?.size ?? 0) > 1 ? pool.shared : pool.own).push(d);
    }
    const link = csv('Datasheets_stratagems.csv', ['datasheet_id', 'stratagem_id']);
    for (const r of link.rows) {
      const s = r.f[link.col('stratagem_id')];
      oracle.set(s, (oracle.get(s) ?? new Set()).add(r.f[link.col('datasheet_id')]));
    }
  });

  function measure(which: 'own' | 'shared' | 'all') {
    let pairs = 0;
    let agree = 0;
    const out: Disagreement[] = [];
    for (const s of stratagems) {
      const pool = pools.get(factionOf.get(s.id)!);
      const sheets = !pool ? [] : which === 'all' ? [...pool.own, ...pool.shared] : pool[which];
      const mine = new Set(eligibleDatasheets(s, sheets).map((d) => d.id));
      const theirs = oracle.get(s.id) ?? new Set<string>();
      const d: Disagreement = { s, readerOnly: [], wahapediaOnly: [] };
      for (const ds of sheets) {
        pairs++;
        if (mine.has(ds.id) === theirs.has(ds.id)) agree++;
        else (mine.has(ds.id) ? d.readerOnly : d.wahapediaOnly).push(ds.name);
      }
      if (d.readerOnly.length || d.wahapediaOnly.length) out.push(d);
    }
    return { pairs, agree, out };
  }

  function print(label: string, m: ReturnType<typeof measure>): void {
    console.log(`      ${label}: ${stratagems.length} stratagems, pairs agree ${m.agree}/${m.pairs} (${((100 * m.agree) / m.pairs).toFixed(2)}%), ${m.out.length} stratagems differ`);
    for (const d of [...m.out].sort((a, b) => b.readerOnly.length + b.wahapediaOnly.length - a.readerOnly.length - a.wahapediaOnly.length)) {
      const spec = stratagemTargetSpec(d.s);
      console.log(`        - ${d.s.name} [${d.s.detachment}] reader: ${spec.subject === 'other' ? 'no unit' : explain(spec.requirement)}` +
        `${d.readerOnly.length ? `; reader only (${d.readerOnly.length}): ${d.readerOnly.join(', ')}` : ''}` +
        `${d.wahapediaOnly.length ? `; Wahapedia only (${d.wahapediaOnly.length}): ${d.wahapediaOnly.join(', ')}` : ''}`);
    }
  }

  it('covers the matched-play faction stratagems of the export', () => {
    assert.ok(stratagems.length >= 1000, `${stratagems.length} stratagems`);
    assert.ok(oracle.size >= 1000);
  });

  it('agrees on >= 99% of the stratagem-datasheet pairs of everything listed under each faction; every difference is a listed exception', () => {
    const m = measure('all');
    print('everything listed', m);
    assert.ok(m.pairs >= 60000, `${m.pairs} pairs`);
    // Measured 66,348/66,942 (99.11%, Aeldari included); before the loader rules (listing allies out, Aeldari
    // datasheets in) 63,690/64,596 (98.60%, no Aeldari datasheet loaded); before issue 18 97.2%.
    assert.ok(m.agree / m.pairs >= 0.99, `pair agreement ${m.agree}/${m.pairs}`);
    const exceptions = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Exception[];
    const key = (name: string, det: string | undefined) => `${name}|${det ?? ''}`;
    const byKey = new Map(exceptions.map((e) => [key(e.stratagem, e.detachment), e]));
    const unexplained: string[] = [];
    for (const d of m.out) {
      const e = byKey.get(key(d.s.name, d.s.detachment));
      const miss = [...d.readerOnly.filter((n) => !e?.readerOnly.includes(n)).map((n) => `reader only ${n}`), ...d.wahapediaOnly.filter((n) => !e?.wahapediaOnly.includes(n)).map((n) => `Wahapedia only ${n}`)];
      if (miss.length) unexplained.push(`${d.s.name} [${d.s.detachment}]: ${miss.join(', ')}`);
    }
    assert.deepStrictEqual(unexplained, [], 'disagreements not listed in the exceptions fixture');
    // No stale entry: each listed exception is still a disagreement, and quotes its stratagem's text.
    const found = new Map(m.out.map((d) => [key(d.s.name, d.s.detachment), d]));
    for (const e of exceptions) {
      const d = found.get(key(e.stratagem, e.detachment));
      assert.ok(d, `exception ${e.stratagem} [${e.detachment}] no longer differs`);
      assert.deepStrictEqual([[...e.readerOnly].sort(), [...e.wahapediaOnly].sort()], [[...d.readerOnly].sort(), [...d.wahapediaOnly].sort()], `${e.stratagem} [${e.detachment}]`);
      const text = `${d.s.when} ${d.s.target} ${d.s.restrictions ?? ''}`.replace(/\s+/g, ' ');
      assert.ok(text.includes(e.sentence), `${e.stratagem}: the sentence "${e.sentence}" is not in its text`);
      assert.ok(e.why.length > 20, `${e.stratagem}: say why`);
    }
  });

  it('agrees on >= 99% of the pairs of each faction\'s own datasheets (those listed under one faction only)', () => {
    const m = measure('own');
    print('own datasheets', m);
    assert.ok(m.pairs >= 50000, `${m.pairs} pairs`);
    // Measured 55,108/55,548 (99.21%); before issue 18's rules of reading 98.11%.
    assert.ok(m.agree / m.pairs >= 0.99, `pair agreement ${m.agree}/${m.pairs}`);
  });

  it('reports the datasheets Wahapedia lists under several factions (shared units) apart', () => {
    const m = measure('shared');
    print('datasheets listed under several factions', m);
    // Measured 11,240/11,394 (98.65%); 95.95% before the loader took the allies listed under a host out of it.
    assert.ok(m.pairs > 10000 && m.agree / m.pairs >= 0.98, `pair agreement ${m.agree}/${m.pairs}`);
  });
});
