// BattleScribe data and the Wahapedia export, loaded for the same factions, compared datasheet by
// datasheet: model profiles, weapon profiles, points and keywords. Two independent transcriptions of the
// same rules, so what disagrees is either a loader's misreading or a real difference between the
// sources' revisions. The agreement rate is printed and held to its measured floor; name matching
// (`spellingKey`: plural, spelling variants, punctuation) must absorb mere spelling differences.
import * as assert from 'assert';
import { openDataFolder } from '../../server/src/node/dataFolder';
import type { Datasheet, RulesData } from '../../server/src/service/domain/rules/model';
import { normalizeName, spellingKey } from '../../server/src/service/domain/text/normalize';
import { requireShared, sharedPath } from '../support/shared';

const FACTIONS = ['Genestealer Cults', 'Tyranids', 'Astra Militarum', 'Adeptus Custodes'];

interface Tally {
  datasheets: number;
  items: number;
  agree: number;
  differences: string[];
}

/** Matches names by a key: `normalizeName` (exact but for case and typography) or `spellingKey`. */
type Key = (name: string) => string;

function byKey<T extends { name: string }>(list: T[], key: Key): Map<string, T> {
  const m = new Map<string, T>();
  for (const x of list) if (!m.has(key(x.name))) m.set(key(x.name), x);
  return m;
}

const stat = (m: Datasheet['models'][number]) => [m.M.replace(/["”″]/g, '"').trim(), m.T, m.Sv, m.W, m.Ld, m.OC, m.invuln ?? '-'].join(' ');
const weaponProfiles = (d: Datasheet) => d.weapons.flatMap((w) => w.profiles);
const profileLine = (p: ReturnType<typeof weaponProfiles>[number]) =>
  [p.type, p.range.replace(/["”″]/g, '"'), p.A, p.skill ?? 'N/A', p.S, p.AP, p.D, [...p.abilities].map(spellingKey).sort().join(',')].join(' ');

/** Compares two loads item by item: every model profile, weapon profile and keyword of either side, and the points. */
function compare(a: RulesData, b: RulesData, key: Key): Tally {
  const t: Tally = { datasheets: 0, items: 0, agree: 0, differences: [] };
  const bSheets = byKey(b.datasheets.filter((d) => !d.legends), key);
  const item = (ok: boolean, what: string) => {
    t.items++;
    if (ok) t.agree++;
    else t.differences.push(what);
  };
  for (const d of a.datasheets) {
    const o = bSheets.get(key(d.name));
    if (!o) continue;
    t.datasheets++;
    // Model profiles: by name; a source printing one profile for all models matches each.
    const om = byKey(o.models, key);
    const dm = byKey(d.models, key);
    for (const m of d.models) {
      const other = om.get(key(m.name)) ?? (o.models.length === 1 ? o.models[0] : undefined);
      item(!!other && stat(m) === stat(other), `${d.name}: model ${m.name} ${stat(m)} vs ${other ? stat(other) : 'absent'}`);
    }
    for (const m of o.models) if (!dm.has(key(m.name)) && d.models.length !== 1) item(false, `${d.name}: model ${m.name} only in the second source`);
    // Weapon profiles: by profile name.
    const ow = byKey(weaponProfiles(o), key);
    const dw = byKey(weaponProfiles(d), key);
    for (const p of weaponProfiles(d)) {
      const other = ow.get(key(p.name));
      item(!!other && profileLine(p) === profileLine(other), `${d.name}: weapon ${p.name} ${profileLine(p)} vs ${other ? profileLine(other) : 'absent'}`);
    }
    for (const p of weaponProfiles(o)) if (!dw.has(key(p.name))) item(false, `${d.name}: weapon ${p.name} only in the second source`);
    // Points, when both sources state them.
    if (d.points.length && o.points.length) {
      const pts = (x: Datasheet) => x.points.map((p) => `${p.models}:${p.points}`).join(' ');
      item(pts(d) === pts(o), `${d.name}: points ${pts(d)} vs ${pts(o)}`);
    }
    // Keywords, faction keywords included.
    const kw = (x: Datasheet) => new Set([...x.keywords, ...x.factionKeywords].map((k) => key(k)));
    const dk = kw(d);
    const ok = kw(o);
    for (const k of new Set([...dk, ...ok])) item(dk.has(k) && ok.has(k), `${d.name}: keyword ${k} only in ${dk.has(k) ? 'the first' : 'the second'} source`);
  }
  return t;
}

const pct = (t: Tally) => `${((100 * t.agree) / t.items).toFixed(1)}%`;

describe('BSData and Wahapedia agree datasheet by datasheet (four factions)', function () {
  this.timeout(120000);
  it('profiles, weapons, points and keywords mostly agree; spelling variants are absorbed by name matching', function () {
    requireShared(this, 'data', 'bsdata');
    requireShared(this, 'data', 'wahapedia');
    const bs = openDataFolder(sharedPath('data', 'bsdata'));
    const wh = openDataFolder(sharedPath('data', 'wahapedia'));
    const strict: Tally = { datasheets: 0, items: 0, agree: 0, differences: [] };
    const loose: Tally = { datasheets: 0, items: 0, agree: 0, differences: [] };
    const add = (into: Tally, t: Tally) => {
      into.datasheets += t.datasheets;
      into.items += t.items;
      into.agree += t.agree;
      into.differences.push(...t.differences);
    };
    for (const f of FACTIONS) {
      const a = bs.loadFaction(f).data;
      const b = wh.loadFaction(f).data;
      assert.ok(a.datasheets.length > 10 && b.datasheets.length > 10, `${f} loads from both`);
      const s = compare(a, b, normalizeName);
      const l = compare(a, b, spellingKey);
      console.log(`      ${f}: ${l.datasheets} datasheets in both; ${l.agree}/${l.items} items agree (${pct(l)}; ${pct(s)} matching names exactly)`);
      add(strict, s);
      add(loose, l);
    }
    console.log(`      all four: ${loose.datasheets} datasheets, ${loose.agree}/${loose.items} items agree (${pct(loose)}; ${pct(strict)} matching names exactly)`);
    console.log(`      first differences:\n        ${loose.differences.slice(0, 15).join('\n        ')}`);
    // Name matching finds more datasheets in both sources and more agreement than exact names.
    assert.ok(loose.datasheets >= strict.datasheets);
    assert.ok(loose.agree / loose.items > strict.agree / strict.items, `${pct(loose)} vs ${pct(strict)}`);
    // The measured floor (see the figure printed above); a loader regression falls below it.
    assert.ok(loose.agree / loose.items >= FLOOR, `agreement ${pct(loose)} below ${FLOOR * 100}%`);
    assert.ok(loose.datasheets >= 170, `${loose.datasheets} datasheets compared`);
  });
});

const FLOOR = 0.95;
