// `auspex diff` on the real Munitorum Field Manual, v1.0 → v1.1: for the
// Genestealer Cults, World Eaters and Orks files, the changes the diff reports
// are exactly those computed here independently from the two YAML files (read
// with the yaml library, not through the MFM loader): every points change per
// unit, size and copy range, units added and removed, wargear costs,
// detachments, Detachment Points, force dispositions, unique tags and
// enhancement points, and nothing else.
import * as assert from 'assert';
import * as fs from 'fs';
import { parse } from 'yaml';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { diffRules, RulesChange } from '../../server/src/service/domain/rules/diff';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { requireShared, sharedPath } from '../support/shared';

interface YUnit { name: string; legends?: boolean; pricing?: { range: string; costs: { models: number; points: number }[] }[]; wargear?: { item: string; points: number }[] }
interface YDet { name: string; dp?: number; objective?: string; unique?: string; enhancements?: { name: string; points: number }[] }
interface YFile { units?: YUnit[]; detachments?: YDet[] }

const key = (s: string) => s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

/** "[1,2]" → "copies 1-2", "[3,)" → "copies 3+", "[2,2]" → "copy 2", as the diff names copy ranges. */
function copies(range: string): string {
  const m = /^\[(\d+),\s*(\d*)[\])]$/.exec(range.trim());
  assert.ok(m, `range ${range}`);
  return !m[2] ? `copies ${m[1]}+` : m[1] === m[2] ? `copy ${m[1]}` : `copies ${m[1]}-${m[2]}`;
}

/** Every datum of one faction file: key → value; `present` marks a unit or detachment, whose own data it covers. */
function yamlFacts(file: YFile): Map<string, string | number | null> {
  const out = new Map<string, string | number | null>();
  for (const u of file.units ?? []) {
    if (u.legends) continue; // the loader's default: matched play only
    out.set(`unit|${key(u.name)}`, 'present');
    for (const p of u.pricing ?? []) for (const c of p.costs) out.set(`points|${key(u.name)}|${c.models}|${copies(p.range)}`, c.points);
    for (const w of u.wargear ?? []) out.set(`wargear|${key(u.name)}|${key(w.item)}`, w.points);
  }
  for (const d of file.detachments ?? []) {
    out.set(`detachment|${key(d.name)}`, 'present');
    out.set(`dp|${key(d.name)}`, d.dp ?? null);
    out.set(`disposition|${key(d.name)}`, d.objective ?? null);
    out.set(`unique|${key(d.name)}`, d.unique ?? null);
    for (const e of d.enhancements ?? []) {
      out.set(`enhancement|${key(d.name)}|${key(e.name)}`, 'present');
      out.set(`enhancement points|${key(d.name)}|${key(e.name)}`, e.points);
    }
  }
  return out;
}

/** The changes between two faction files, as `kind key from→to`, children of an added or removed unit, detachment or enhancement left out. */
function expectedChanges(a: Map<string, string | number | null>, b: Map<string, string | number | null>): string[] {
  const owners = (k: string) => {
    const [kind, x, y] = k.split('|');
    if (kind === 'points' || kind === 'wargear') return [`unit|${x}`];
    if (kind === 'dp' || kind === 'disposition' || kind === 'unique') return [`detachment|${x}`];
    if (kind === 'enhancement points') return [`enhancement|${x}|${y}`];
    return [];
  };
  const whole = (k: string) => (a.has(k) !== b.has(k));
  const out: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    if (owners(k).some(whole)) continue;
    const x = a.get(k) ?? null;
    const y = b.get(k) ?? null;
    if (!a.has(k)) out.push(`added ${k} ${y}`);
    else if (!b.has(k)) out.push(`removed ${k} ${x}`);
    else if (x !== y) out.push(`changed ${k} ${x}→${y}`);
  }
  return out.sort();
}

/** The diff's changes in the same form. */
function asKeys(changes: RulesChange[]): string[] {
  return changes.map((c) => {
    const unit = key(c.unit ?? '');
    const item = c.item ?? '';
    let k: string;
    let present = false;
    switch (c.field) {
      case 'unit': k = `unit|${unit}`; present = true; break;
      case 'points': {
        const m = /^(\d+) models?, (.+)$/.exec(item);
        assert.ok(m, `points item ${item}`);
        k = `points|${unit}|${m[1]}|${m[2]}`;
        break;
      }
      case 'wargear points': k = `wargear|${unit}|${key(item)}`; break;
      case 'detachment': k = `detachment|${key(item)}`; present = true; break;
      case 'detachment points': k = `dp|${key(item)}`; break;
      case 'force disposition': k = `disposition|${key(item)}`; break;
      case 'unique': k = `unique|${key(item)}`; break;
      case 'enhancement':
      case 'enhancement points': {
        const i = item.indexOf(': ');
        k = `${c.field}|${key(item.slice(0, i))}|${key(item.slice(i + 2))}`;
        present = c.field === 'enhancement';
        break;
      }
      default: k = `unexpected ${c.field} ${unit} ${item}`;
    }
    const v = (x: unknown) => (present && x !== null ? 'present' : x);
    return c.kind === 'changed' ? `changed ${k} ${c.from}→${c.to}` : `${c.kind} ${k} ${v(c.kind === 'added' ? c.to : c.from)}`;
  }).sort();
}

describe('rules diff: Munitorum Field Manual v1.0 → v1.1 (real data)', function () {
  this.timeout(60_000);
  let v10: RulesData;
  let v11: RulesData;
  before(function () {
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    v10 = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.0')).loadAll().data;
    v11 = openDataFolder(sharedPath('data', 'mfm-11e', 'v1.1')).loadAll().data;
  });

  for (const [faction, file] of [['Genestealer Cults', 'genestealer-cults.yaml'], ['World Eaters', 'world-eaters.yaml'], ['Orks', 'orks.yaml']]) {
    it(`reports every change of ${file} and nothing that did not change`, () => {
      const read = (v: string) => parse(fs.readFileSync(sharedPath('data', 'mfm-11e', v, file), 'utf8')) as YFile;
      const expected = expectedChanges(yamlFacts(read('v1.0')), yamlFacts(read('v1.1')));
      const diff = diffRules(v10, v11, faction);
      assert.deepStrictEqual(diff.factions.map((f) => f.name), [faction]);
      const got = asKeys(diff.factions[0].changes);
      assert.ok(expected.length > 5, `${file} changed between v1.0 and v1.1 (${expected.length})`);
      assert.ok(expected.some((e) => e.startsWith('changed points|')), 'points changes among them');
      assert.deepStrictEqual(got, expected);
    });
  }

  it('names both versions', () => {
    const d = diffRules(v10, v11, 'Orks');
    assert.deepStrictEqual([d.from.source, d.from.version, d.to.version], ['mfm', 'Munitorum Field Manual v1.0 (2026-06-17)', 'Munitorum Field Manual v1.1 (2026-07-22)']);
  });
});
