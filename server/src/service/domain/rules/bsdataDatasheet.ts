// A BattleScribe unit entry → a Datasheet: its profiles, weapons (own and linked), abilities, composition,
// points per size, and the names of its model and wargear entries and the models it requires (entry types and
// constraints, never names).
import { boundWeaponProfile } from './boundedProfile';
import {
  Ability, CompositionEntry, Datasheet, ModelLoadout, ModelProfile, PointsStep, RequiredModel, Weapon, WeaponProfile,
} from './model';
import { warn } from './dataFiles';
import { attr, kids, text, XNode } from './bsdataXml';
import { Cat, Loader, Resolver } from './bsdataCatalogues';
import { bsText, characteristics, description } from './bsdataText';
import { allConditions, bounds, modifiersOf } from './bsdataModifiers';
import { foldTypography, normalizeName } from '../text/normalize';
import { BOUNDS } from '../bounds';

const MAX_DEPTH = BOUNDS.linkDepth;
const MAX_SIZE_SPAN = 200;
/** Bookkeeping categories that are not game keywords. */
const NOT_KEYWORDS = new Set(['configuration', 'reference', 'allied units', 'unit', 'ranged weapon', 'melee weapon', 'attacks dx weapon', 'crusade relic', 'warlord', 'no force org slot', 'uncategorised']);
/** The groups of enhancements a datasheet links: "Enhancements", 11e's "Enhancements - Upgrades", "<Detachment> Enhancements". */
const ENHANCEMENT_GROUP = /^(?!boarding|breaching|crusade)(?:.+\s)?enhancements(?:\s*-\s*upgrades?)?$/i;
/** Groups and links that are Crusade or roster machinery, not datasheet content. */
const SKIP_LINK = /^(weapon modifications|weapon upgrades|battle honours|crusade|enhancements|warlord|order of battle|show\/hide options|show legends|battle scars|agendas)\b/i;

// ---------------------------------------------------------------- datasheets

export interface Child { node: XNode; link?: XNode; cat: Cat; tag: 'selectionEntry' | 'selectionEntryGroup' }

export function children(R: Resolver, n: XNode, cat: Cat): Child[] {
  const out: Child[] = [];
  for (const e of kids(n, 'selectionEntries', 'selectionEntry')) out.push({ node: e, cat, tag: 'selectionEntry' });
  for (const g of kids(n, 'selectionEntryGroups', 'selectionEntryGroup')) out.push({ node: g, cat, tag: 'selectionEntryGroup' });
  for (const l of kids(n, 'entryLinks', 'entryLink')) {
    const name = attr(l, 'name') ?? '';
    if (SKIP_LINK.test(name)) continue;
    const tid = attr(l, 'targetId');
    if (!tid) continue;
    const t = R.get(tid, { file: cat.file, locator: attr(l, 'id') });
    if (!t) continue;
    if (SKIP_LINK.test(attr(t.node, 'name') ?? '')) continue;
    out.push({ node: t.node, link: l, cat: t.cat, tag: attr(l, 'type') === 'selectionEntryGroup' ? 'selectionEntryGroup' : 'selectionEntry' });
  }
  return out.filter((c) => !SKIP_LINK.test(attr(c.node, 'name') ?? '') && !/\[(crucible)\]/i.test(attr(c.node, 'name') ?? ''));
}

interface Collected {
  profiles: { name: string; ch: Map<string, string>; modelEntry: boolean }[];
  weapons: Weapon[];
  abilities: Ability[];
  unitInvuln?: number;
  modelInvuln: Map<string, number>;
  leaderTexts: string[];
  /** Names of model entries, their profiles, and the groups and options holding them (the unit's own excluded). */
  modelNames: string[];
  /** Names of upgrade entries (some may turn out to be options holding models: see `modelNames`). */
  upgradeNames: string[];
}

function invulnOf(name: string, desc: string): number | undefined {
  if (!/invulnerable save/i.test(name)) return undefined;
  const m = /(\d)\+/.exec(name) ?? /(\d)\+/.exec(desc);
  return m ? Number(m[1]) : undefined;
}

function num(s: string | undefined): number {
  if (s === undefined) return NaN;
  const m = /^\s*([+-]?\d+)/.exec(s);
  return m ? Number(m[1]) : NaN;
}

export class DatasheetBuilder {
  /** Ids of the "Enhancements" groups the built datasheets link. */
  readonly enhancementGroups = new Set<string>();
  /** Each node's children, resolved once: every walk below (weapons, composition, required models, loadouts) reads them. */
  private readonly childrenOf = new Map<XNode, Child[]>();
  constructor(private L: Loader, private R: Resolver) {}

  /** `children` of an element, memoised per node (within this builder's catalogue closure). */
  kidsOf(c: { node: XNode; cat: Cat }): Child[] {
    let out = this.childrenOf.get(c.node);
    if (!out) this.childrenOf.set(c.node, (out = children(this.R, c.node, c.cat)));
    return out;
  }

  collect(root: Child): Collected {
    const col: Collected = { profiles: [], weapons: [], abilities: [], modelInvuln: new Map(), leaderTexts: [], modelNames: [], upgradeNames: [] };
    const seenAbility = new Set<string>();
    const seenWeapon = new Set<string>();
    const addAbility = (a: Ability) => {
      const k = normalizeName(a.name);
      if (seenAbility.has(k)) return;
      seenAbility.add(k);
      col.abilities.push(a);
    };
    const R = this.R;
    const L = this.L;
    /** Reads an element's profiles and rules; returns its weapon profiles (own, in infoGroups, and linked). */
    const visitInfo = (n: XNode, cat: Cat, kind: 'unit' | 'model' | 'upgrade', modelName: string | undefined): XNode[] => {
      // profiles (own, in infoGroups, and through infoLinks)
      const profiles: XNode[] = [...kids(n, 'profiles', 'profile')];
      const ruleLinks: { rule: XNode; link?: XNode; cat: Cat }[] = [];
      const inline = (x: XNode) => {
        for (const r of kids(x, 'rules', 'rule')) ruleLinks.push({ rule: r, cat });
        for (const il of kids(x, 'infoLinks', 'infoLink')) {
          const tid = attr(il, 'targetId');
          if (!tid) continue;
          const t = R.get(tid, { file: cat.file, locator: attr(il, 'id') });
          if (!t) continue;
          const type = attr(il, 'type');
          if (type === 'profile') profiles.push(t.node);
          else if (type === 'rule') ruleLinks.push({ rule: t.node, link: il, cat: t.cat });
          else if (type === 'infoGroup') inline(t.node);
        }
      };
      inline(n);
      for (const g of kids(n, 'infoGroups', 'infoGroup')) {
        for (const p of kids(g, 'profiles', 'profile')) profiles.push(p);
        inline(g);
      }
      const weaponProfiles: XNode[] = [];
      for (const p of profiles) {
        const tn = L.profileTypeName(p);
        const pname = foldTypography(attr(p, 'name') ?? '');
        if (tn === 'Unit') {
          col.profiles.push({ name: pname, ch: characteristics(p), modelEntry: kind !== 'unit' });
        } else if (/weapons$/i.test(tn)) {
          // The owning entry's weapon, whether its own profile or one it links ("➤ Plasma pistol - standard").
          if (!weaponProfiles.includes(p)) weaponProfiles.push(p);
        } else if (tn === 'Abilities') {
          const desc = description(p);
          const inv = invulnOf(pname, desc);
          if (inv !== undefined) {
            if (kind === 'model' && modelName) col.modelInvuln.set(modelName, inv);
            else col.unitInvuln = inv;
            continue;
          }
          if (pname === 'Leader' && kind !== 'upgrade') { col.leaderTexts.push(desc); continue; }
          addAbility({ name: pname, kind: kind === 'upgrade' ? 'wargear' : 'datasheet', text: desc });
        } else if (tn === 'Transport') {
          addAbility({ name: 'Transport', kind: 'datasheet', text: bsText(characteristics(p).get('CAPACITY') ?? '') });
        }
      }
      if (kind === 'upgrade') return weaponProfiles; // rule links on wargear are weapon abilities, already in the Keywords string
      for (const { rule, link, cat: rc } of ruleLinks) {
        let name = foldTypography(attr(rule, 'name') ?? '');
        for (const m of modifiersOf(link)) if (m.type === 'append' && m.field === 'name') name = `${name} ${m.value}`.trim();
        const core = R.isCore(attr(rule, 'id') ?? '') || rc.isGst;
        const desc = bsText(text(kids(rule, 'description')[0]));
        addAbility(core ? { name, kind: 'core' } : { name, kind: 'faction', text: desc || undefined });
      }
      return weaponProfiles;
    };
    const addWeapon = (wname: string, file: string, profs: XNode[]) => {
      const key = normalizeName(wname);
      if (seenWeapon.has(key)) return;
      seenWeapon.add(key);
      col.weapons.push({ name: wname, profiles: profs.map((p) => boundWeaponProfile(this.weaponProfile(p), { file, locator: attr(p, 'id') }, this.L.warnings)) });
    };
    /** A wargear entry is one weapon of its profiles; a model or unit entry carrying profiles has one weapon per profile. */
    const visitWeapons = (n: XNode, file: string, profs: XNode[], kind: 'unit' | 'model' | 'upgrade') => {
      if (!profs.length) return;
      if (kind === 'upgrade') addWeapon(foldTypography(attr(n, 'name') ?? ''), file, profs);
      else for (const p of profs) addWeapon(this.weaponProfile(p).name, file, [p]);
    };
    // Each (entry, model) is walked once (memoised at the shallowest depth it was reached): shared groups that
    // link each other two-to-a-level cost their number, not 2^depth. A cycle or a chain beyond the depth
    // bound is cut with a warning naming the element.
    const walked = new Map<string, number>();
    // `enclosing`: the groups and options passed since the unit or the last model (a model names them models).
    const walk = (c: Child, depth: number, stack: Set<string>, modelName: string | undefined, enclosing: string[]) => {
      const id = attr(c.node, 'id') ?? '';
      if (stack.has(id)) return this.cut('link-cycle', c, `links back to itself through ${stack.size} link${stack.size === 1 ? '' : 's'} (a cycle)`);
      if (depth > MAX_DEPTH) return this.cut('link-too-deep', c, `is nested more than ${MAX_DEPTH} links deep`);
      // An option reaching a model already walked through another option is still an option holding models.
      if (depth > 0 && c.tag === 'selectionEntry' && attr(c.node, 'type') === 'model') col.modelNames.push(...enclosing);
      const key = `${id}\u0000${modelName ?? ''}`;
      const prev = walked.get(key);
      if (prev !== undefined && prev <= depth) return;
      walked.set(key, depth);
      stack.add(id);
      const type = c.tag === 'selectionEntryGroup' ? 'group' : attr(c.node, 'type') ?? 'upgrade';
      for (const l of kids(c.node, 'entryLinks', 'entryLink')) if (ENHANCEMENT_GROUP.test(attr(l, 'name') ?? '') && attr(l, 'targetId')) this.enhancementGroups.add(attr(l, 'targetId') as string);
      if (type !== 'group') {
        const kind = depth === 0 ? 'unit' : type === 'model' ? 'model' : type === 'unit' ? 'unit' : 'upgrade';
        const mName = kind === 'model' ? this.modelName(c.node) : modelName;
        const profs = visitInfo(c.node, c.cat, kind, mName);
        if (c.link) for (const p of visitInfo(c.link, c.cat, kind, mName)) if (!profs.includes(p)) profs.push(p);
        visitWeapons(c.node, c.cat.file, profs, kind);
        // Wargear without a weapon profile of its own that carries weapons (a Gun Drone's twin pulse carbine):
        // naming it in a list names those weapons too.
        if (kind === 'upgrade' && !profs.length) {
          const carried = this.kidsOf(c).filter((ch) => ch.tag === 'selectionEntry' && attr(ch.node, 'type') === 'upgrade').flatMap((ch) => this.weaponProfilesOf(ch));
          if (carried.length) addWeapon(foldTypography(attr(c.node, 'name') ?? ''), c.cat.file, carried);
        }
        modelName = mName;
        const name = foldTypography(attr(c.node, 'name') ?? '');
        if (kind === 'model' || (depth === 0 && type === 'model')) col.modelNames.push(name, mName ?? name);
        else if (kind === 'upgrade') col.upgradeNames.push(name);
      }
      const inside = type === 'model' || depth === 0 ? [] : [...enclosing, foldTypography(attr(c.node, 'name') ?? '')];
      for (const ch of this.kidsOf(c)) walk(ch, depth + 1, stack, modelName, inside);
      stack.delete(id);
    };
    walk(root, 0, new Set(), attr(root.node, 'type') === 'model' ? this.modelName(root.node) : undefined, []);
    return col;
  }

  /** An entry's weapon profiles: its own and those it (or its link) links. */
  weaponProfilesOf(c: Child): XNode[] {
    const out = [...kids(c.node, 'profiles', 'profile')];
    for (const n of [c.node, c.link]) for (const il of kids(n, 'infoLinks', 'infoLink')) {
      if (attr(il, 'type') !== 'profile') continue;
      const t = this.R.get(attr(il, 'targetId') ?? '', { file: c.cat.file, locator: attr(il, 'id') });
      if (t) out.push(t.node);
    }
    return out.filter((p) => /weapons$/i.test(this.L.profileTypeName(p)));
  }

  /** A link not followed (cycle, depth), with one warning per element. */
  cut(code: string, c: Child, why: string): void {
    const id = attr(c.node, 'id') ?? '?';
    const lid = attr(c.link, 'id');
    this.L.warnOnce(`${code}:${c.cat.file}:${id}`, warn(code, `${c.cat.file}: element ${id}${lid ? ` (through link ${lid})` : ''} ${why}; not followed further`, { file: c.cat.file, locator: id }));
  }

  modelName(n: XNode): string {
    let p = kids(n, 'profiles', 'profile').find((x) => this.L.profileTypeName(x) === 'Unit');
    if (!p) {
      for (const il of kids(n, 'infoLinks', 'infoLink')) {
        if (attr(il, 'type') !== 'profile') continue;
        const t = this.R.get(attr(il, 'targetId') ?? '', { file: '', locator: attr(il, 'id') });
        if (t && this.L.profileTypeName(t.node) === 'Unit') { p = t.node; break; }
      }
    }
    return foldTypography(attr(p, 'name') ?? attr(n, 'name') ?? '');
  }

  weaponProfile(p: XNode): WeaponProfile {
    const ch = characteristics(p);
    const melee = /melee/i.test(this.L.profileTypeName(p));
    const skillText = ch.get(melee ? 'WS' : 'BS') ?? ch.get('BS') ?? ch.get('WS') ?? '';
    const skill = num(skillText);
    const kw = (ch.get('KEYWORDS') ?? '').trim();
    return {
      name: foldTypography((attr(p, 'name') ?? '').replace(/^\s*➤\s*/, '')),
      type: melee ? 'melee' : 'ranged',
      range: ch.get('RANGE') ?? (melee ? 'Melee' : ''),
      A: (ch.get('A') ?? '').trim(),
      skill: Number.isFinite(skill) ? skill : null,
      S: num(ch.get('S')),
      AP: num(ch.get('AP')) || 0,
      D: (ch.get('D') ?? '').trim(),
      abilities: kw === '-' || kw === '' ? [] : kw.split(',').map((s) => foldTypography(s).toUpperCase()).filter(Boolean),
    };
  }

  /** Model counts per model profile name. */
  composition(root: Child): CompositionEntry[] {
    if (attr(root.node, 'type') === 'model') return [{ model: this.modelName(root.node), min: 1, max: 1 }];
    const sum = (into: Map<string, [number, number]>, name: string, mn: number, mx: number) => {
      const cur = into.get(name) ?? [0, 0];
      into.set(name, [cur[0] + mn, cur[1] + mx]);
    };
    // Memoised per node (a group's counts do not depend on the path to it); a node met again while its
    // own counts are being summed is a cycle and counts nothing.
    const memo = new Map<XNode, Map<string, [number, number]>>();
    const rec = (n: XNode, cat: Cat, depth: number): Map<string, [number, number]> => {
      const hit = memo.get(n);
      if (hit) return hit;
      const out = new Map<string, [number, number]>();
      memo.set(n, out);
      if (depth > MAX_DEPTH) return out;
      for (const c of this.kidsOf({ node: n, cat })) {
        if (c.tag === 'selectionEntry') {
          if (attr(c.node, 'type') !== 'model') continue;
          const b = bounds(c.node, c.link);
          const mn = b.min ?? (b.max === undefined ? 1 : 0);
          const mx = b.maxModified ?? b.max ?? Math.max(mn, 1);
          sum(out, this.modelName(c.node), mn, mx);
        } else {
          const sub = rec(c.node, c.cat, depth + 1);
          const b = bounds(c.node, c.link);
          if (sub.size >= 1 && (b.min !== undefined || b.max !== undefined)) {
            // A bounded group of model variants ("4-9 Acolyte Hybrids": w/ hand flamer, w/ cult icon, …) is one pool.
            const entries = [...sub];
            const bases = new Set(entries.map(([nm]) => nm.replace(/\s+w\/.*$/i, '')));
            const name = bases.size === 1 ? [...bases][0] : (attr(c.node, 'name') ?? '').replace(/^\s*\d+\s*(-\s*\d+)?\s*/, '');
            const smn = entries.reduce((a, [, v]) => a + v[0], 0);
            const smx = entries.reduce((a, [, v]) => a + v[1], 0);
            sum(out, name, b.min ?? smn, b.maxModified ?? b.max ?? smx);
          } else for (const [name, [a, z]] of sub) sum(out, name, a, z);
        }
      }
      return out;
    };
    return [...rec(root.node, root.cat, 0)].map(([model, [min, max]]) => ({ model, min, max }));
  }

  /**
   * The models a unit must contain: model entries with a minimum of 1 or more at the unit (directly or in groups,
   * which are not selections), and groups of model variants with such a minimum. A minimum a modifier may change,
   * or a hidden entry, is not one the data settles: left out.
   */
  requiredModels(root: Child): RequiredModel[] {
    if (attr(root.node, 'type') === 'model') return [];
    const out: RequiredModel[] = [];
    const found = new Set<string>();
    const fixedMin = (c: Child): number | undefined => {
      if (attr(c.node, 'hidden') === 'true' || attr(c.link, 'hidden') === 'true') return undefined;
      let min: number | undefined;
      const mods = [...modifiersOf(c.node), ...modifiersOf(c.link)];
      for (const n of [c.node, c.link]) for (const k of kids(n, 'constraints', 'constraint')) {
        if (attr(k, 'type') !== 'min' || attr(k, 'field') !== 'selections' || attr(k, 'scope') !== 'parent') continue;
        const v = Number(attr(k, 'value'));
        if (!Number.isFinite(v) || v < 1) continue;
        if (mods.some((m) => m.field === attr(k, 'id') || m.field === 'hidden')) return undefined;
        min = Math.max(min ?? 0, v);
      }
      return min;
    };
    // A group reached again (a diamond of links, a ladder of shared groups, a cycle) is one group: its variants
    // are read once, and its content visited again only from a shallower depth (which the depth bound may cut
    // less); each required model is said once. Without this a ladder two groups wide is walked 2^depth times.
    const variantsOf = new Map<XNode, string[] | undefined | null>();
    /** The model variants of a group (through its subgroups); undefined when it holds anything else. */
    const variants = (g: Child, depth: number): string[] | undefined => {
      if (variantsOf.has(g.node)) return variantsOf.get(g.node) ?? undefined;
      variantsOf.set(g.node, null); // met again while being read: a cycle, which holds no variant
      let names: string[] | undefined = [];
      for (const c of this.kidsOf(g)) {
        if (c.tag === 'selectionEntryGroup') {
          const sub = depth < MAX_DEPTH ? variants(c, depth + 1) : undefined;
          if (!sub) { names = undefined; break; }
          names.push(...sub);
        } else if (attr(c.node, 'type') === 'model') names.push(foldTypography(attr(c.node, 'name') ?? ''));
        else { names = undefined; break; }
      }
      const v = names?.length ? [...new Set(names)] : undefined;
      variantsOf.set(g.node, v);
      return v;
    };
    const add = (r: RequiredModel) => {
      const key = `${r.model}\u0000${r.min}\u0000${r.names.join('\u0000')}`;
      if (found.has(key)) return;
      found.add(key);
      out.push(r);
    };
    const visited = new Map<XNode, number>();
    const visit = (n: Child, depth: number) => {
      const before = visited.get(n.node);
      if (before !== undefined && before <= depth) return;
      visited.set(n.node, depth);
      for (const c of this.kidsOf(n)) {
        const name = foldTypography(attr(c.node, 'name') ?? '');
        if (c.tag === 'selectionEntry') {
          const min = attr(c.node, 'type') === 'model' ? fixedMin(c) : undefined;
          // An export may write a variant under its base name ("4x Raveners" holding the "Ravener w/ Venom bolt").
          if (min) add({ model: name, min, names: partNames([name]) });
          continue;
        }
        const min = fixedMin(c);
        const vs = min ? variants(c, depth + 1) : undefined;
        if (min && vs) add({ model: partNames([name])[0] ?? name, min, names: partNames([name, ...vs]) });
        else if (depth < MAX_DEPTH) visit(c, depth + 1);
      }
    };
    visit(root, 0);
    return out;
  }

  /**
   * Each model entry's default wargear: the wargear entries under it outside any group (a maximum of 0 or hidden: not
   * carried), and for each group it must choose from (a minimum of 1 or more) the group's default entry, else its
   * first; with every wargear entry it may take (`options`, what completion offers under it) and its maximum in the
   * unit. What a player may swap is the checks' business; this is what the model comes with.
   */
  modelLoadouts(root: Child): ModelLoadout[] {
    const out: ModelLoadout[] = [];
    const models = new Set<string>();
    const carried = (c: Child) => attr(c.node, 'hidden') !== 'true' && attr(c.link, 'hidden') !== 'true' && bounds(c.node, c.link).max !== 0;
    const loadoutOf = (m: Child): string[] => {
      const wargear: string[] = [];
      for (const c of this.kidsOf(m)) {
        if (!carried(c)) continue;
        if (c.tag === 'selectionEntry') {
          if (attr(c.node, 'type') !== 'model') wargear.push(foldTypography(attr(c.node, 'name') ?? ''));
          continue;
        }
        if ((bounds(c.node, c.link).min ?? 0) < 1) continue;
        const def = attr(c.link, 'defaultSelectionEntryId') ?? attr(c.node, 'defaultSelectionEntryId');
        let pick: Child | undefined;
        for (const o of this.kidsOf(c)) {
          if (o.tag !== 'selectionEntry' || !carried(o)) continue;
          if (def !== undefined && (attr(o.link, 'id') === def || attr(o.node, 'id') === def)) { pick = o; break; }
          pick ??= o;
        }
        if (pick) wargear.push(foldTypography(attr(pick.node, 'name') ?? ''));
      }
      return wargear.filter(Boolean);
    };
    /** Every wargear entry under a model, through its groups: each group walked once (link graphs share and loop). */
    const optionsOf = (m: Child): string[] => {
      const names = new Set<string>();
      const walked = new Set<XNode>([m.node]);
      const walk = (n: Child, depth: number) => {
        for (const c of this.kidsOf(n)) {
          if (!carried(c)) continue;
          if (c.tag === 'selectionEntry') {
            if (attr(c.node, 'type') !== 'model') names.add(foldTypography(attr(c.node, 'name') ?? ''));
          } else if (depth < MAX_DEPTH && !walked.has(c.node)) {
            walked.add(c.node);
            walk(c, depth + 1);
          }
        }
      };
      walk(m, 0);
      return [...names].filter(Boolean);
    };
    // Each node once, however many links reach it (a diamond, a ladder, a cycle).
    const seen = new Set<XNode>();
    const visit = (n: Child, depth: number) => {
      if (seen.has(n.node) || depth > MAX_DEPTH) return;
      seen.add(n.node);
      if (n.tag === 'selectionEntry' && attr(n.node, 'type') === 'model') {
        const wargear = loadoutOf(n);
        const model = foldTypography(attr(n.node, 'name') ?? '');
        if (!models.has(model)) {
          const b = bounds(n.node, n.link);
          const max = b.maxModified ?? b.max;
          const options = optionsOf(n);
          if (wargear.length || options.length) {
            models.add(model);
            out.push({ model, wargear, ...(options.length ? { options } : {}), ...(max !== undefined && max >= 0 ? { max } : {}) });
          }
        }
        return;
      }
      for (const c of this.kidsOf(n)) if (c.tag === 'selectionEntryGroup' || attr(c.node, 'type') === 'model') visit(c, depth + 1);
    };
    visit(root, 0);
    return out;
  }

  /** Points per unit size: the base cost, then the pts modifiers evaluated for every size the unit can take. */
  points(root: Child, comp: CompositionEntry[], dsId: string): PointsStep[] {
    const costs = [...kids(root.node, 'costs', 'cost'), ...kids(root.link, 'costs', 'cost')];
    let base: number | undefined;
    for (const c of costs) {
      const tid = attr(c, 'typeId') ?? '';
      if (tid === this.L.ptsId) base = Number(attr(c, 'value'));
      else if (this.L.gst && !this.L.costTypes.has(tid)) {
        const named = attr(c, 'name') ?? '';
        if (/^pts$/i.test(named)) {
          this.L.warnings.push(warn('cost-type-unknown', `${root.cat.file}: entry ${dsId} has a "${named}" cost with type ${tid}, which the game system does not declare; its points are unknown`, { file: root.cat.file, locator: dsId }));
        } else {
          this.L.warnOnce(`cost:${root.cat.file}:${tid}`, warn('cost-type-unknown', `${root.cat.file}: cost type ${tid} ("${named}") is not declared in the game system; ignored`, { file: root.cat.file, locator: dsId }, 'info'));
        }
      }
    }
    if (base === undefined || !Number.isFinite(base)) return [];
    const minN = Math.max(1, comp.reduce((s, c) => s + c.min, 0));
    const maxN = Math.max(minN, Math.min(minN + MAX_SIZE_SPAN, comp.reduce((s, c) => s + c.max, 0)));
    const inUnit = new Set<string>(['model', 'unit', attr(root.node, 'id') ?? '']);
    const idsIn = (n: XNode) => {
      for (const k of Object.keys(n)) {
        if (k === '$' || k === '#text') continue;
        const arr = n[k];
        if (Array.isArray(arr)) for (const c of arr as XNode[]) { if (c?.$?.id) inUnit.add(c.$.id); if (c?.$?.targetId) inUnit.add(c.$.targetId); if (typeof c === 'object') idsIn(c); }
      }
    };
    idsIn(root.node);
    const mods = [...modifiersOf(root.node), ...modifiersOf(root.link)].filter((m) => m.field === this.L.ptsId);
    const sizeCond = (c: XNode): boolean => {
      const scope = attr(c, 'scope') ?? '';
      return attr(c, 'field') === 'selections' && (scope === 'self' || scope === 'unit' || inUnit.has(scope)) && inUnit.has(attr(c, 'childId') ?? '');
    };
    const test = (c: XNode, n: number): boolean => {
      const v = Number(attr(c, 'value'));
      switch (attr(c, 'type')) {
        case 'greaterThan': return n > v;
        case 'atLeast': return n >= v;
        case 'lessThan': return n < v;
        case 'atMost': return n <= v;
        case 'equalTo': return n === v;
        case 'notEqualTo': return n !== v;
        default: return false;
      }
    };
    const group = (g: XNode, n: number): boolean => {
      const rs = [...kids(g, 'conditions', 'condition').map((c) => test(c, n)), ...kids(g, 'conditionGroups', 'conditionGroup').map((s) => group(s, n))];
      return attr(g, 'type') === 'or' ? rs.some(Boolean) : rs.every(Boolean);
    };
    const usable = mods.filter((m) => allConditions(m).every(sizeCond) && m.repeats.every(sizeCond));
    const price = (n: number): number => {
      let p = base as number;
      for (const m of usable) {
        if (!m.conds.every((c) => test(c, n)) || !m.groups.every((g) => group(g, n))) continue;
        let v = Number(m.value);
        if (!Number.isFinite(v)) continue;
        if (m.repeats.length) {
          const r = m.repeats[0];
          const times = Math.floor(n / Math.max(1, Number(attr(r, 'value')) || 1)) * (Number(attr(r, 'repeats')) || 1);
          v *= times;
        }
        if (m.type === 'set') p = v;
        else if (m.type === 'increment') p += v;
        else if (m.type === 'decrement') p -= v;
      }
      return p;
    };
    const steps: PointsStep[] = [];
    let runStart = minN;
    let runPrice = price(minN);
    for (let n = minN + 1; n <= maxN + 1; n++) {
      const p = n <= maxN ? price(n) : NaN;
      if (p !== runPrice) {
        steps.push({ models: steps.length === 0 ? runStart : n - 1, points: runPrice });
        runStart = n;
        runPrice = p;
      }
    }
    return steps;
  }

  build(root: Child): Datasheet | undefined {
    const n = root.node;
    const id = attr(n, 'id') ?? '';
    const name = foldTypography(attr(n, 'name') ?? '');
    const col = this.collect(root);
    if (!col.profiles.length) return undefined; // not a datasheet (upgrades, roster helpers)
    const factionKeywords: string[] = [];
    const keywords: string[] = [];
    let role: string | undefined;
    for (const cl of [...kids(n, 'categoryLinks', 'categoryLink'), ...kids(root.link, 'categoryLinks', 'categoryLink')]) {
      const tid = attr(cl, 'targetId') ?? '';
      const cname = foldTypography(this.R.categories.get(tid) ?? attr(cl, 'name') ?? '');
      if (!cname) continue;
      const fm = /^Faction:\s*(.+)$/i.exec(cname);
      if (fm) { push(factionKeywords, fm[1].toUpperCase()); continue; }
      if (NOT_KEYWORDS.has(cname.toLowerCase())) continue;
      push(keywords, cname.toUpperCase());
      if (attr(cl, 'primary') === 'true') role = cname;
    }
    const models: ModelProfile[] = [];
    const seen = new Set<string>();
    for (const p of col.profiles) {
      const key = normalizeName(p.name);
      if (seen.has(key)) continue;
      seen.add(key);
      const m: ModelProfile = {
        name: p.name,
        M: p.ch.get('M') ?? '',
        T: num(p.ch.get('T')),
        Sv: num(p.ch.get('SV')),
        W: num(p.ch.get('W')),
        Ld: num(p.ch.get('LD')),
        OC: num(p.ch.get('OC')),
      };
      const inv = col.modelInvuln.get(p.name) ?? col.unitInvuln;
      if (inv !== undefined) m.invuln = inv;
      for (const k of ['T', 'Sv', 'W', 'Ld', 'OC'] as const) {
        if (!Number.isFinite(m[k])) {
          this.L.warnings.push(warn('profile-bad-value', `${root.cat.file}: ${name} (${id}) model "${p.name}" has ${k} "${p.ch.get(k.toUpperCase()) ?? ''}", not a number; read as 0`, { file: root.cat.file, locator: id }));
          m[k] = 0;
        }
      }
      models.push(m);
    }
    const composition = this.composition(root);
    const ds: Datasheet = {
      id, name, factionKeywords, keywords, role, models, composition,
      points: this.points(root, composition, id),
      weapons: col.weapons,
      abilities: col.abilities,
      leads: keywords.includes('SUPPORT') ? [] : col.leaderTexts.flatMap(parseLeaderText),
      ledBy: [],
      epicHero: keywords.includes('EPIC HERO'),
      source: { file: root.cat.file, locator: id },
    };
    if (!role) delete ds.role;
    const modelNames = partNames(col.modelNames);
    const looseModels = new Set(modelNames.map(looseKey));
    const wargearNames = partNames(col.upgradeNames).filter((w) => !looseModels.has(looseKey(w)));
    if (modelNames.length) ds.modelNames = modelNames;
    if (wargearNames.length) ds.wargearNames = wargearNames;
    const required = this.requiredModels(root);
    if (required.length) ds.requiredModels = required;
    const loadouts = this.modelLoadouts(root);
    if (loadouts.length) ds.modelLoadouts = loadouts;
    // 11th edition: a SUPPORT unit's attachment list (printed under "Leader" in BSData) attaches it as Support.
    if (keywords.includes('SUPPORT')) ds.supports = col.leaderTexts.flatMap(parseLeaderText);
    return ds;
  }
}

/** A loose key for names the data and the exports spell differently ("Bomb Squig" / "Bomb squig", plurals). */
function looseKey(name: string): string {
  return normalizeName(name).replace(/[^a-z0-9]/g, '').replace(/s$/, '');
}

/**
 * Distinct names of a unit's parts as a list may write them: a group's count prefix dropped ("9 - 19 Khorne
 * Berzerkers" → "Khorne Berzerkers"), a variant's base name added ("Jakhal w/ mauler chainblade" → "Jakhal").
 */
function partNames(names: string[]): string[] {
  const out = new Map<string, string>();
  for (const n of names) {
    const bare = n.replace(/^\s*\d+\s*(-\s*\d+)?\s+(?=\D)/, '').trim();
    for (const v of [bare, bare.replace(/\s+(w\/|with\b).*$/i, '').trim()]) if (v && !out.has(looseKey(v))) out.set(looseKey(v), v);
  }
  return [...out.values()];
}

function push(arr: string[], v: string): void {
  if (!arr.includes(v)) arr.push(v);
}

/** "This model can be attached to the following units:\n- ATALAN JACKALS" → ["ATALAN JACKALS"]. */
export function parseLeaderText(desc: string): string[] {
  const out: string[] = [];
  for (const line of desc.split(/\n/)) {
    const m = /^\s*[-•■*]\s*(.+?)\s*$/.exec(line);
    if (m) out.push(m[1].replace(/[*^]/g, '').replace(/\s*\(.*\)$/, '').replace(/\.$/, '').trim());
  }
  if (!out.length) {
    // Single-line form: "... attached to the following unit: **^^Tyrant Guard^^**"
    const m = /following units?:\s*(.+)$/is.exec(desc);
    if (m) for (const part of m[1].split(/,|\bor\b|\band\b/)) { const s = part.replace(/[*^.]/g, '').trim(); if (s) out.push(s); }
  }
  return out;
}
