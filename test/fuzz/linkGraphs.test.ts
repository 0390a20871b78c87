// BattleScribe link graphs at random (issue 34): shared groups and entries linking each other in diamonds, ladders
// and cycles, read by the datasheet walks (weapons, the models a unit requires, each model's default wargear).
// Small graphs are compared with an oracle that enumerates every path (exponential, fine at this size); large ones,
// ladders among them, must load in under 2 s whatever their depth. A real 11th-edition catalogue with a ladder of
// shared groups linked from its units loads in under 2 s at every depth.
import * as assert from 'assert';
import * as fs from 'fs';
import { loadBsData } from '../../server/src/service/domain/rules/bsdata';
import { BOUNDS } from '../../server/src/service/domain/bounds';
import { HOSTILE_GST, hostileCatalogue, weaponEntry } from '../support/hostileData';
import { hasShared, sharedPath } from '../support/shared';

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x80000000);
}

/** A node of the graph: a shared group, a model entry or a wargear (weapon) entry. */
interface GNode {
  id: string;
  kind: 'group' | 'model' | 'gear';
  name: string;
  /** A minimum of selections at parent scope (groups and models). */
  min?: number;
  /** Which nodes it links (groups link any node; models link gear and groups). */
  links: string[];
  /** A group's default option (the link id of one of its gear links). */
  defaultOf?: number;
}

interface Graph {
  nodes: Map<string, GNode>;
  /** What the unit entry links. */
  root: string[];
}

function randomGraph(rnd: () => number, size: number, fanOut: number): Graph {
  const nodes = new Map<string, GNode>();
  const n = Math.max(3, size);
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const kind: GNode['kind'] = r < 0.45 ? 'group' : r < 0.7 ? 'model' : 'gear';
    const node: GNode = { id: `${kind[0]}-${i}`, kind, name: `${kind === 'gear' ? 'Gun' : kind === 'model' ? 'Trooper' : 'Group'} ${i}`, links: [] };
    if (kind !== 'gear' && rnd() < 0.4) node.min = 1 + Math.floor(rnd() * 2);
    nodes.set(node.id, node);
  }
  const ids = [...nodes.keys()];
  for (const node of nodes.values()) {
    if (node.kind === 'gear') continue;
    const k = Math.floor(rnd() * (fanOut + 1));
    for (let j = 0; j < k; j++) {
      const to = nodes.get(ids[Math.floor(rnd() * ids.length)])!;
      // A model holds wargear and groups of wargear, never another model directly.
      if (node.kind === 'model' && to.kind === 'model') continue;
      node.links.push(to.id);
    }
    if (node.kind === 'group' && node.links.length && rnd() < 0.3) node.defaultOf = Math.floor(rnd() * node.links.length);
  }
  const root = Array.from({ length: 1 + Math.floor(rnd() * fanOut) }, () => ids[Math.floor(rnd() * ids.length)]);
  return { nodes, root };
}

/** Ladders: `depth` levels of `width` groups, each linking every group of the next level; models and guns at the bottom. */
function ladderGraph(depth: number, width: number): Graph {
  const nodes = new Map<string, GNode>();
  const id = (l: number, k: number) => `g-${l}-${k}`;
  for (let l = 0; l < depth; l++) for (let k = 0; k < width; k++) {
    const links = l + 1 < depth ? Array.from({ length: width }, (_, j) => id(l + 1, j)) : ['m-bottom', 'w-bottom'];
    nodes.set(id(l, k), { id: id(l, k), kind: 'group', name: `Group ${l} ${k}`, links, min: k === 0 ? 1 : undefined });
  }
  nodes.set('m-bottom', { id: 'm-bottom', kind: 'model', name: 'Trooper bottom', min: 1, links: ['w-bottom'] });
  nodes.set('w-bottom', { id: 'w-bottom', kind: 'gear', name: 'Gun bottom', links: [] });
  return { nodes, root: Array.from({ length: width }, (_, k) => id(0, k)) };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const minXml = (n: GNode) => (n.min ? `<constraints><constraint type="min" value="${n.min}" field="selections" scope="parent" id="min-${n.id}"/></constraints>` : '');
const unitProfile = (name: string, id: string) =>
  `<profiles><profile id="p-${id}" name="${esc(name)}" typeId="pt-unit" typeName="Unit"><characteristics><characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic><characteristic name="SV">3+</characteristic><characteristic name="W">1</characteristic><characteristic name="LD">7+</characteristic><characteristic name="OC">1</characteristic></characteristics></profile></profiles>`;

function linkXml(g: Graph, from: string, to: string, k: number): string {
  const t = g.nodes.get(to)!;
  return `<entryLink id="l-${from}-${k}" type="${t.kind === 'group' ? 'selectionEntryGroup' : 'selectionEntry'}" targetId="${to}"/>`;
}

/** The graph as hostileData's catalogue of one unit ("Host Unit", its own model "Host", min 1) whose entry links `root`. */
function graphCatalogue(g: Graph): string {
  const entries: string[] = [];
  const groups: string[] = [];
  for (const n of g.nodes.values()) {
    const links = `<entryLinks>${n.links.map((to, k) => linkXml(g, n.id, to, k)).join('')}</entryLinks>`;
    if (n.kind === 'gear') entries.push(weaponEntry(n.id, { name: n.name }));
    else if (n.kind === 'model') entries.push(`<selectionEntry type="model" name="${esc(n.name)}" id="${n.id}">${minXml(n)}${unitProfile(n.name, n.id)}${links}</selectionEntry>`);
    else {
      const def = n.defaultOf !== undefined ? ` defaultSelectionEntryId="l-${n.id}-${n.defaultOf}"` : '';
      groups.push(`<selectionEntryGroup name="${esc(n.name)}" id="${n.id}"${def}>${minXml(n)}${links}</selectionEntryGroup>`);
    }
  }
  return hostileCatalogue({ unitLinks: g.root.map((to, k) => linkXml(g, 'root', to, k)).join(''), entries: entries.join('\n'), groups: groups.join('\n') });
}

const load = (cat: string) => loadBsData([{ name: 'Hostile.gst', text: HOSTILE_GST }, { name: 'Hostile Host.cat', text: cat }]);

// ---------------------------------------------------------------- the oracle: every path, as the rules read

/** Shortest link depth of every node from the unit (the unit at 0), within the depth bound. */
function depths(g: Graph): Map<string, number> {
  const d = new Map<string, number>();
  let frontier = [...new Set(g.root)];
  for (const id of frontier) d.set(id, 1);
  for (let depth = 1; frontier.length && depth < BOUNDS.linkDepth; depth++) {
    const next: string[] = [];
    for (const id of frontier) for (const to of g.nodes.get(id)!.links) if (!d.has(to)) (d.set(to, depth + 1), next.push(to));
    frontier = next;
  }
  return d;
}

/** The unit's weapons: every gear node within the depth bound. */
function oracleWeapons(g: Graph): string[] {
  return [...depths(g)].filter(([id]) => g.nodes.get(id)!.kind === 'gear').map(([id]) => g.nodes.get(id)!.name).sort();
}

/** The required models, by enumerating simple paths (a node met again on its own path adds nothing new). */
function oracleRequired(g: Graph): string[] {
  const out = new Set<string>(['Host 1 Host']);
  const variants = (id: string, path: Set<string>): string[] | undefined => {
    const n = g.nodes.get(id)!;
    if (path.has(id)) return undefined;
    const names: string[] = [];
    for (const to of n.links) {
      const c = g.nodes.get(to)!;
      if (c.kind === 'group') {
        const sub = variants(to, new Set([...path, id]));
        if (!sub) return undefined;
        names.push(...sub);
      } else if (c.kind === 'model') names.push(c.name);
      else return undefined;
    }
    return names.length ? names : undefined;
  };
  const visit = (links: string[], path: Set<string>) => {
    for (const to of links) {
      const c = g.nodes.get(to)!;
      if (c.kind !== 'group') {
        if (c.kind === 'model' && c.min) out.add(`${c.name} ${c.min} ${c.name}`);
        continue;
      }
      const vs = c.min ? variants(to, new Set()) : undefined;
      if (c.min && vs) out.add(`${c.name} ${c.min} ${[...new Set([c.name, ...vs])].join('|')}`);
      else if (!path.has(to) && path.size + 1 < BOUNDS.linkDepth) visit(c.links, new Set([...path, to]));
    }
  };
  visit(g.root, new Set());
  return [...out].sort();
}

/** Each model's default wargear (models reached through groups from the unit; each node once). */
function oracleLoadouts(g: Graph): string[] {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  const loadout = (m: GNode) => {
    const gear: string[] = [];
    m.links.forEach((to) => {
      const c = g.nodes.get(to)!;
      if (c.kind === 'gear') gear.push(c.name);
      else if (c.kind === 'group' && c.min) {
        const options = c.links.map((t, k) => ({ n: g.nodes.get(t)!, k })).filter((o) => o.n.kind !== 'group');
        const pick = options.find((o) => o.k === c.defaultOf) ?? options[0];
        if (pick) gear.push(pick.n.name);
      }
    });
    return gear;
  };
  /** Whether the model may take any wargear at all, through its groups (each once), never through another model. */
  const hasOptions = (m: GNode) => {
    const walked = new Set<string>([m.id]);
    const walk = (n: GNode): boolean =>
      n.links.some((to) => {
        const c = g.nodes.get(to)!;
        if (c.kind === 'gear') return true;
        if (c.kind !== 'group' || walked.has(c.id)) return false;
        walked.add(c.id);
        return walk(c);
      });
    return walk(m);
  };
  const visit = (id: string, depth: number) => {
    const n = g.nodes.get(id)!;
    if (seen.has(id) || depth > BOUNDS.linkDepth || n.kind === 'gear') return;
    seen.add(id);
    if (n.kind === 'model') {
      const gear = loadout(n);
      // A model listed with what it may take (completion offers it) even when it carries nothing by default.
      if ((gear.length || hasOptions(n)) && !out.has(n.name)) out.set(n.name, gear.join(', '));
      return;
    }
    for (const to of n.links) visit(to, depth + 1);
  };
  for (const id of g.root) visit(id, 1);
  return [...out].map(([m, w]) => `${m}: ${w}`).sort();
}

/** The datasheet's answers in the oracle's terms. */
function read(g: Graph) {
  const { data } = load(graphCatalogue(g));
  const ds = data.datasheets.find((d) => d.name === 'Host Unit');
  assert.ok(ds, 'the unit loads');
  return {
    weapons: ds.weapons.map((w) => w.name).sort(),
    required: (ds.requiredModels ?? []).map((r) => `${r.model} ${r.min} ${r.names.join('|')}`).sort(),
    loadouts: (ds.modelLoadouts ?? []).filter((l) => l.model !== 'Host').map((l) => `${l.model}: ${l.wargear.join(', ')}`).sort(),
  };
}

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = process.hrtime.bigint();
  const value = f();
  return { value, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

describe('fuzz: BattleScribe link graphs (diamonds, ladders, cycles) through the datasheet walks', function () {
  this.timeout(120_000);

  it('300 small random graphs: weapons, required models and default wargear as every path gives them', () => {
    const rnd = rng(34);
    for (let i = 0; i < 300; i++) {
      const g = randomGraph(rnd, 4 + Math.floor(rnd() * 8), 3);
      const got = read(g);
      const want = { weapons: oracleWeapons(g), required: oracleRequired(g), loadouts: oracleLoadouts(g) };
      assert.deepStrictEqual(got, want, `graph ${i}: ${JSON.stringify({ root: g.root, nodes: [...g.nodes.values()] })}`);
    }
  });

  it('large random graphs (400 nodes, up to 6 links each, cycles everywhere) and ladders up to 300 deep: each under 2 s', () => {
    const rnd = rng(3434);
    const graphs: [string, Graph][] = [];
    for (let i = 0; i < 8; i++) graphs.push([`random ${i}`, randomGraph(rnd, 400, 6)]);
    for (const [depth, width] of [[30, 2], [30, 4], [100, 3], [300, 2], [12, 12]]) graphs.push([`ladder ${depth}×${width}`, ladderGraph(depth, width)]);
    for (const [what, g] of graphs) {
      const { value, ms } = timed(() => read(g));
      assert.ok(ms < 2000, `${what}: ${ms.toFixed(0)} ms`);
      assert.deepStrictEqual(value.weapons, oracleWeapons(g), what);
    }
  });

  it('a real 11th-edition catalogue with a ladder of shared groups linked from each unit: under 2 s at every depth', function () {
    if (!hasShared('data', 'bsdata-11e')) {
      console.log('      (skipped: ../shared/data/bsdata-11e is absent)');
      this.skip();
    }
    const dir = sharedPath('data', 'bsdata-11e');
    const gst = { name: 'Warhammer 40,000.json', text: fs.readFileSync(`${dir}/Warhammer 40,000.json`, 'utf8') };
    const file = 'Imperium - Deathwatch.json';
    const text = fs.readFileSync(`${dir}/${file}`, 'utf8');
    const plain = loadBsData([gst, { name: file, text }]).data;
    let before = Infinity;
    for (const depth of [5, 10, 20, 40, 80]) {
      const cat = JSON.parse(text) as { catalogue: { sharedSelectionEntries: Record<string, unknown>[]; sharedSelectionEntryGroups?: Record<string, unknown>[] } };
      const c = cat.catalogue;
      const id = (l: number, k: number) => `ladder-${l}-${k}`;
      const link = (to: string, from: string) => ({ id: `link-${from}-${to}`, name: 'Ladder', hidden: false, targetId: to, type: 'selectionEntryGroup' });
      c.sharedSelectionEntryGroups ??= [];
      for (let l = 0; l < depth; l++) for (let k = 0; k < 3; k++) {
        c.sharedSelectionEntryGroups.push({
          id: id(l, k),
          name: `Ladder ${l} ${k}`,
          hidden: false,
          ...(k === 0 ? { constraints: [{ field: 'selections', scope: 'parent', value: 1, type: 'min', id: `min-${l}` }] } : {}),
          entryLinks: l + 1 < depth ? [0, 1, 2].map((j) => link(id(l + 1, j), id(l, k))) : [],
        });
      }
      // Every unit links the ladder's first level.
      let units = 0;
      for (const e of c.sharedSelectionEntries) {
        if (e.type !== 'unit') continue;
        units++;
        e.entryLinks = [...((e.entryLinks as unknown[]) ?? []), ...[0, 1, 2].map((k) => link(id(0, k), String(e.id)))];
      }
      assert.ok(units >= 5, `${units} units`);
      const { value, ms } = timed(() => loadBsData([gst, { name: file, text: JSON.stringify(cat) }]).data);
      assert.ok(ms < 2000, `ladder ${depth} deep: ${ms.toFixed(0)} ms`);
      // The ladder holds nothing: every datasheet reads as without it.
      assert.deepStrictEqual(value.datasheets.map((d) => [d.name, d.weapons.length, d.requiredModels, d.modelLoadouts]), plain.datasheets.map((d) => [d.name, d.weapons.length, d.requiredModels, d.modelLoadouts]));
      before = ms;
    }
    assert.ok(before < 2000);
  });
});
