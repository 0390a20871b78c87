// BattleScribe (BSData) catalogues → the rules model. Pure: receives file
// contents (or an accessor) and never throws; every problem becomes a
// DataWarning naming the file and the element id.
import { boundWeaponProfile } from './boundedProfile';
import {
  Ability, CompositionEntry, CoreRule, Datasheet, DataWarning, Detachment, Enhancement, Faction, ModelProfile,
  PointsStep, RequiredModel, RulesData, Weapon, WeaponProfile,
} from './model';
import { asDataFiles, DataFiles, emptyRulesData, FileInput, LoadResult, readHead, readTail, warn } from './dataFiles';
import { attr, kids, parseRawElement, parseXmlDocument, readRootHeader, text, XNode } from './bsdataXml';
import { JSON_SOURCE, jsonToNode, parseJsonDocument, readJsonRootHeader } from './bsdataJson';
import { loadForceConstraints } from './bsdataForce';
import type { Edition } from '../editions/types';
import { foldTypography, normalizeName } from '../text/normalize';
import { BOUNDS, capText } from '../bounds';

export interface BsDataOptions {
  /** Faction names to load (catalogue name or faction name, any case); all factions when absent. */
  factions?: string[];
  /** Legends entries always load, flagged `legends`; kept for callers that state it. */
  includeLegends?: boolean;
  includeCrusade?: boolean;
  includeBoardingActions?: boolean;
  /** Keep root units of other factions that a catalogue offers (allies, Brood Brother units). */
  includeAllies?: boolean;
  /** Folder or label recorded in `sources`. */
  location?: string;
}

export interface BsCatalogueInfo {
  file: string;
  id: string;
  /** Catalogue name as written ("Xenos - Genestealer Cults"). */
  catalogueName: string;
  /** Faction name ("Genestealer Cults"); undefined for libraries. */
  faction?: string;
  library: boolean;
}

/** The game system file of a folder (`.gst`, or a `.json` whose root is `gameSystem`). */
export interface BsGameSystemInfo {
  file: string;
  id?: string;
  name?: string;
  revision?: string;
  /** From the name ("Warhammer 40,000 11th Edition" → 11); 10 when the name states none. */
  edition: Edition;
}

/** The edition a game system's name states ("Warhammer 40,000 11th Edition" → 11); 10 when it states none. */
export function editionOfGameSystem(name: string | undefined): Edition {
  const m = /\b(\d+)(?:st|nd|rd|th)\s+edition\b/i.exec(name ?? '');
  return m && Number(m[1]) === 11 ? 11 : 10;
}

const PTS_ID = '51b2-306e-1021-d207';
const HEADER_CHARS = 4096;
const MAX_DEPTH = BOUNDS.linkDepth;
const MAX_SIZE_SPAN = 200;
/** Bookkeeping categories that are not game keywords. */
const NOT_KEYWORDS = new Set(['configuration', 'reference', 'allied units', 'unit', 'ranged weapon', 'melee weapon', 'attacks dx weapon', 'crusade relic', 'warlord', 'no force org slot', 'uncategorised']);
/** Groups and links that are Crusade or roster machinery, not datasheet content. */
const SKIP_LINK = /^(weapon modifications|weapon upgrades|battle honours|crusade|enhancements|warlord|order of battle|show\/hide options|show legends|battle scars|agendas)\b/i;

// ---------------------------------------------------------------- catalogues

interface RawEl {
  attrs: Record<string, string>;
  /** The element's source text (XML inner text, or JSON), for cheap tests before converting it. */
  raw: string;
  /** JSON front end: the element's object, converted when a link reaches it. */
  json?: Record<string, unknown>;
  node?: XNode | null;
  cat: Cat;
}

interface Cat {
  file: string;
  id: string;
  name: string;
  library: boolean;
  isGst: boolean;
  /** Which front end read the file. */
  format: 'xml' | 'json';
  root: XNode;
  shared: Map<string, RawEl>;
  categories: Map<string, string>;
}

function factionNameOf(catalogueName: string): string {
  const parts = catalogueName.split(' - ').map((s) => s.trim()).filter((s) => s && !/^library$/i.test(s));
  return parts[parts.length - 1] ?? catalogueName;
}

function parentOf(catalogueName: string): string | undefined {
  const parts = catalogueName.split(' - ');
  return parts.length > 1 ? parts[0].trim() : undefined;
}

/** Headers read per folder accessor: a JSON file whose root attributes need a whole read is read once. */
const jsonHeaders = new WeakMap<DataFiles, Map<string, Record<string, string> | undefined>>();

/** The root attributes of a BattleScribe JSON file (`#root` its element name); undefined when it is not one. */
function jsonHeader(files: DataFiles, file: string): Record<string, string> | undefined {
  let cache = jsonHeaders.get(files);
  if (!cache) jsonHeaders.set(files, (cache = new Map()));
  if (!cache.has(file)) cache.set(file, readJsonHeader(files, file));
  return cache.get(file);
}

function readJsonHeader(files: DataFiles, file: string): Record<string, string> | undefined {
  const head = readHead(files, file, HEADER_CHARS);
  if (head === undefined) return undefined;
  const tail = readTail(files, file, HEADER_CHARS) ?? '';
  const h = readJsonRootHeader(head, tail);
  if (!h || h.id) return h;
  // The root's attributes sit between its child lists: read the whole file once.
  const text = files.read(file);
  if (text === undefined) return h;
  const r = parseJsonDocument(text);
  return r.ok ? { '#root': r.rootName, ...r.root.$ } : h;
}

/** Cheap listing: reads only the first (JSON: and last) bytes of each catalogue and of the game system. */
export function listBsDataCatalogues(input: FileInput): { catalogues: BsCatalogueInfo[]; warnings: DataWarning[]; gameSystem?: BsGameSystemInfo } {
  const files = asDataFiles(input);
  const warnings: DataWarning[] = [];
  const catalogues: BsCatalogueInfo[] = [];
  let gameSystem: BsGameSystemInfo | undefined;
  const names = files.list().sort();
  const gst = names.find((n) => /\.gst$/i.test(n));
  if (gst) {
    const h = readRootHeader(readHead(files, gst, HEADER_CHARS) ?? '');
    gameSystem = { file: gst, id: h?.id, name: h?.name, revision: h?.revision, edition: editionOfGameSystem(h?.name) };
  }
  for (const file of names.filter((n) => /\.(cat|json)$/i.test(n))) {
    const json = /\.json$/i.test(file);
    const h = json ? jsonHeader(files, file) : (() => { const head = readHead(files, file, HEADER_CHARS); return head === undefined ? undefined : readRootHeader(head); })();
    if (json && !h) continue; // some other JSON file: not ours
    if (json && h?.['#root'] === 'gameSystem') {
      if (!gameSystem) gameSystem = { file, id: h.id, name: h.name, revision: h.revision, edition: editionOfGameSystem(h.name) };
      continue;
    }
    if (!h || h['#root'] !== 'catalogue' || !h.id) {
      warnings.push(json
        ? warn('json-malformed', `${file}: no "catalogue" object with an "id" among its first or last ${HEADER_CHARS} characters; file skipped`, { file })
        : warn('xml-malformed', `${file}: no <catalogue id=... name=...> header in the first ${HEADER_CHARS} characters; file skipped`, { file }));
      continue;
    }
    const library = h.library === 'true';
    const name = h.name ?? file;
    catalogues.push({ file, id: h.id, catalogueName: name, library, faction: library ? undefined : factionNameOf(name) });
  }
  return { catalogues, warnings, gameSystem };
}

class Loader {
  readonly warnings: DataWarning[] = [];
  private cats = new Map<string, Cat | null>();
  private fileById = new Map<string, string>();
  gst?: Cat;
  private warned = new Set<string>();
  baForce?: string;
  crusadeForces = new Set<string>();
  costTypes = new Map<string, string>();
  /** The points cost type: the gst's "pts" (BSData 10th: 51b2-306e-1021-d207). */
  ptsId = PTS_ID;
  private profileTypeNames = new Map<string, string>();

  constructor(private files: DataFiles, readonly opts: BsDataOptions, infos: BsCatalogueInfo[], private gameSystem?: BsGameSystemInfo) {
    for (const c of infos) this.fileById.set(c.id, c.file);
  }

  warnOnce(key: string, w: DataWarning): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push(w);
  }

  loadGst(): void {
    const gstName = this.gameSystem?.file;
    if (!gstName) {
      this.warnings.push(warn('bsdata-no-gamesystem', 'No game system (a .gst file, or a .json whose root is "gameSystem"): core rules, keywords and cost types are unknown; catalogues load without them', { file: '(folder)' }, 'error'));
      return;
    }
    const cat = this.parseFile(gstName, true);
    if (!cat) return;
    this.gst = cat;
    for (const ct of kids(cat.root, 'costTypes', 'costType')) {
      this.costTypes.set(attr(ct, 'id') ?? '', attr(ct, 'name') ?? '');
      if (/^pts$/i.test(attr(ct, 'name') ?? '')) this.ptsId = attr(ct, 'id') ?? PTS_ID;
    }
    for (const fe of kids(cat.root, 'forceEntries', 'forceEntry')) {
      const n = attr(fe, 'name') ?? '';
      if (/boarding actions/i.test(n)) this.baForce = attr(fe, 'id');
      if (/crusade/i.test(n)) this.crusadeForces.add(attr(fe, 'id') ?? '');
    }
  }

  private parseFile(file: string, isGst: boolean): Cat | undefined {
    const t = this.files.read(file);
    if (t === undefined) {
      this.warnings.push(warn('file-unreadable', `${file}: cannot be read`, { file }, 'error'));
      return undefined;
    }
    const format = /\.json$/i.test(file) ? 'json' : 'xml';
    const r = format === 'json' ? parseJsonDocument(t) : parseXmlDocument(t);
    if (!r.ok) {
      this.warnings.push(warn(r.code, `${file} ${r.problem}; file skipped`, { file }, 'error'));
      return undefined;
    }
    const root = r.root;
    const cat: Cat = {
      file, isGst, format, root,
      id: attr(root, 'id') ?? file,
      name: attr(root, 'name') ?? file,
      library: attr(root, 'library') === 'true',
      shared: new Map(),
      categories: new Map(),
    };
    const index = (section: string, tag: string) => {
      for (const el of kids(root, section, tag)) {
        const id = el.$?.id;
        if (!id) continue;
        const json = el[JSON_SOURCE] as Record<string, unknown> | undefined;
        cat.shared.set(id, json
          ? lazyJsonRaw({ attrs: el.$ ?? {}, json, cat })
          : { attrs: el.$ ?? {}, raw: typeof el['#text'] === 'string' ? el['#text'] : '', cat });
      }
    };
    index('sharedSelectionEntries', 'selectionEntry');
    index('sharedSelectionEntryGroups', 'selectionEntryGroup');
    index('sharedRules', 'rule');
    index('sharedProfiles', 'profile');
    index('sharedInfoGroups', 'infoGroup');
    for (const ce of kids(root, 'categoryEntries', 'categoryEntry')) cat.categories.set(attr(ce, 'id') ?? '', attr(ce, 'name') ?? '');
    for (const pt of kids(root, 'profileTypes', 'profileType')) this.profileTypeNames.set(attr(pt, 'id') ?? '', attr(pt, 'name') ?? '');
    return cat;
  }

  catById(id: string, from: string, name?: string): Cat | undefined {
    if (this.cats.has(id)) return this.cats.get(id) ?? undefined;
    const file = this.fileById.get(id);
    if (!file) {
      const what = name ? `catalogue "${name}" (id ${id})` : `catalogue id ${id}`;
      this.warnings.push(warn('catalogue-link-missing', `${from}: links ${what}, which no catalogue file in the folder declares; its entries are unavailable`, { file: from, locator: id }));
      this.cats.set(id, null);
      return undefined;
    }
    const cat = this.parseFile(file, false);
    this.cats.set(id, cat ?? null);
    return cat;
  }

  /** The catalogue, everything it links (transitively) and the gst. */
  closure(cat: Cat): Cat[] {
    const out: Cat[] = [cat];
    const seen = new Set([cat.id]);
    for (let i = 0; i < out.length; i++) {
      for (const l of kids(out[i].root, 'catalogueLinks', 'catalogueLink')) {
        const tid = attr(l, 'targetId');
        if (!tid || seen.has(tid)) continue;
        seen.add(tid);
        const c = this.catById(tid, out[i].file, attr(l, 'name'));
        if (c) out.push(c);
      }
    }
    if (this.gst) out.push(this.gst);
    return out;
  }

  profileTypeName(p: XNode): string {
    return attr(p, 'typeName') ?? this.profileTypeNames.get(attr(p, 'typeId') ?? '') ?? '';
  }

  materialise(el: RawEl): XNode | undefined {
    if (el.node === undefined) {
      try {
        el.node = el.json ? jsonToNode(el.json) : parseRawElement(el.attrs, el.raw);
      } catch (e) {
        el.node = null;
        this.warnings.push(warn('xml-malformed', `${el.cat.file}: element ${el.attrs.id ?? '?'} is not well-formed XML (${(e as Error).message.split('\n')[0]}); skipped`, { file: el.cat.file, locator: el.attrs.id }, 'error'));
      }
    }
    return el.node ?? undefined;
  }
}

/** Link resolution within one catalogue closure. */
class Resolver {
  private byId = new Map<string, RawEl>();
  private nested = new Map<string, { node: XNode; cat: Cat } | null>();
  readonly categories = new Map<string, string>();
  readonly gstRules = new Set<string>();

  constructor(private L: Loader, readonly cats: Cat[]) {
    for (const c of cats) {
      for (const [id, el] of c.shared) if (!this.byId.has(id)) this.byId.set(id, el);
      for (const [id, n] of c.categories) if (!this.categories.has(id)) this.categories.set(id, n);
      if (c.isGst) for (const [id] of c.shared) this.gstRules.add(id);
    }
  }

  get(id: string, from: { file: string; locator?: string }): { node: XNode; cat: Cat } | undefined {
    const el = this.byId.get(id);
    if (el) {
      const node = this.L.materialise(el);
      return node ? { node, cat: el.cat } : undefined;
    }
    // Rare: a link to an entry nested inside another shared entry, found through an index of every nested id
    // (built once, in one linear pass over the raw texts), never by searching the text per link.
    if (!this.nested.has(id)) {
      let found: { node: XNode; cat: Cat } | null = null;
      const e = this.nestedIndex().get(id);
      const n = e && this.L.materialise(e);
      const hit = n && findById(n, id);
      if (e && hit) found = { node: hit, cat: e.cat };
      this.nested.set(id, found);
    }
    const f = this.nested.get(id);
    if (!f) {
      this.L.warnOnce(`dangling:${from.file}:${id}`, warn('link-dangling', `${from.file}: element ${from.locator ?? '?'} links to ${id}, which is defined nowhere in the catalogue or the catalogues it links; link ignored`, { file: from.file, locator: from.locator }));
      return undefined;
    }
    return f;
  }

  private nestedIds?: Map<string, RawEl>;
  /** Nested id → the shared element whose text declares it (the first one). */
  private nestedIndex(): Map<string, RawEl> {
    if (!this.nestedIds) {
      this.nestedIds = new Map();
      for (const e of this.byId.values()) {
        const re = idPattern(e.cat);
        re.lastIndex = 0;
        for (let m = re.exec(e.raw); m; m = re.exec(e.raw)) if (!this.nestedIds.has(m[1])) this.nestedIds.set(m[1], e);
      }
    }
    return this.nestedIds;
  }

  /** Raw text of a shared element, to test cheaply before parsing it. */
  raw(id: string): string | undefined {
    return this.byId.get(id)?.raw;
  }

  isCore(ruleId: string): boolean {
    return this.gstRules.has(ruleId);
  }
}

/** A JSON element's raw text, written only when a cheap text test asks for it. */
function lazyJsonRaw(el: Omit<RawEl, 'raw'> & { json: Record<string, unknown> }): RawEl {
  return Object.defineProperty(el, 'raw', {
    configurable: true,
    enumerable: true,
    get(this: RawEl) {
      const raw = JSON.stringify(el.json);
      Object.defineProperty(this, 'raw', { value: raw, enumerable: true });
      return raw;
    },
  }) as RawEl;
}

/** How an element's id reads in its raw text, per front end (XML attribute or compact JSON), as a global pattern. */
const ID_IN_XML = /\sid="([^"]*)"/g;
const ID_IN_JSON = /"id":"([^"]*)"/g;
function idPattern(cat: Cat): RegExp {
  return cat.format === 'json' ? ID_IN_JSON : ID_IN_XML;
}

function findById(n: XNode, id: string): XNode | undefined {
  for (const k of Object.keys(n)) {
    if (k === '$' || k === '#text') continue;
    const arr = n[k];
    if (!Array.isArray(arr)) continue;
    for (const c of arr as XNode[]) {
      if (c?.$?.id === id) return c;
      const d = c && typeof c === 'object' ? findById(c, id) : undefined;
      if (d) return d;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- markup

/** BSData markup → plain text: `**^^Keyword^^**` becomes KEYWORD, `**bold**` loses its stars. */
export function bsText(s: string): string {
  // Linear in the text whatever it holds (lazy regexes went quadratic on unclosed markers: 600 KB of "**^^").
  const upper = (k: string) => k.toUpperCase();
  const t = replacePairs(replacePairs(replacePairs(s, '**^^', '^^**', upper), '^^', '^^', upper), '**', '**', (k) => k)
    .replace(/\r\n/g, '\n')
    .trim();
  return capText(t, BOUNDS.dataTextChars);
}

/**
 * `text.replace(/open(.*?)close/g, (_, k) => f(k))` in linear time: the content does not cross a line break,
 * matches do not overlap, left to right. Every search moves forward only.
 */
export function replacePairs(text: string, open: string, close: string, f: (inner: string) => string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  let closeAt = -1;
  let breakAt = -1;
  for (;;) {
    const o = text.indexOf(open, from);
    if (o < 0) break;
    const start = o + open.length;
    if (closeAt !== Infinity && closeAt < start) {
      closeAt = text.indexOf(close, start);
      if (closeAt < 0) closeAt = Infinity;
    }
    if (closeAt === Infinity) break;
    if (breakAt !== Infinity && breakAt < start) breakAt = nextLineBreak(text, start);
    if (breakAt < closeAt) {
      from = breakAt + 1;
      continue;
    }
    out += text.slice(copied, o) + f(text.slice(start, closeAt));
    copied = from = closeAt + close.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Index of the first line terminator (as a regex `.` sees them) at or after `i`, Infinity when none. */
function nextLineBreak(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return i;
  }
  return Infinity;
}

function characteristics(p: XNode): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of kids(p, 'characteristics', 'characteristic')) m.set((attr(c, 'name') ?? '').toUpperCase(), text(c).trim());
  return m;
}

function description(p: XNode): string {
  const ch = characteristics(p);
  return bsText(ch.get('DESCRIPTION') ?? ch.values().next().value ?? '');
}

// ---------------------------------------------------------------- modifiers, constraints

interface Mod { type: string; field: string; value: string; conds: XNode[]; groups: XNode[]; repeats: XNode[] }

function modifiersOf(n: XNode | undefined): Mod[] {
  const out: Mod[] = [];
  const take = (m: XNode, extraConds: XNode[], extraGroups: XNode[]) => out.push({
    type: attr(m, 'type') ?? '', field: attr(m, 'field') ?? '', value: attr(m, 'value') ?? '',
    conds: [...extraConds, ...kids(m, 'conditions', 'condition')],
    groups: [...extraGroups, ...kids(m, 'conditionGroups', 'conditionGroup')],
    repeats: kids(m, 'repeats', 'repeat'),
  });
  for (const m of kids(n, 'modifiers', 'modifier')) take(m, [], []);
  const walkGroups = (g: XNode, conds: XNode[], groups: XNode[]) => {
    const c2 = [...conds, ...kids(g, 'conditions', 'condition')];
    const g2 = [...groups, ...kids(g, 'conditionGroups', 'conditionGroup')];
    for (const m of kids(g, 'modifiers', 'modifier')) take(m, c2, g2);
    for (const sub of kids(g, 'modifierGroups', 'modifierGroup')) walkGroups(sub, c2, g2);
  };
  for (const g of kids(n, 'modifierGroups', 'modifierGroup')) walkGroups(g, [], []);
  return out;
}

function allConditions(m: { conds: XNode[]; groups: XNode[] }): XNode[] {
  const out = [...m.conds];
  const rec = (g: XNode) => {
    for (const c of kids(g, 'conditions', 'condition')) out.push(c);
    for (const s of kids(g, 'conditionGroups', 'conditionGroup')) rec(s);
  };
  for (const g of m.groups) rec(g);
  return out;
}

interface Visibility { boarding: boolean; crusade: boolean }

/** Whether an element is shown only in Boarding Actions or only in Crusade (a lone hide condition on that force). */
function visibility(L: Loader, ...nodes: (XNode | undefined)[]): Visibility {
  const v: Visibility = { boarding: false, crusade: false };
  for (const n of nodes) {
    if (!n) continue;
    if (attr(n, 'hidden') === 'true') v.crusade = true;
    for (const m of modifiersOf(n)) {
      if (m.field !== 'hidden' || m.value !== 'true') continue;
      const conds = allConditions(m);
      if (conds.length !== 1 || m.groups.length > 0 && m.groups.some((g) => attr(g, 'type') === 'and' && kids(g, 'conditions', 'condition').length > 1)) continue;
      const c = conds[0];
      const child = attr(c, 'childId') ?? '';
      const type = attr(c, 'type') ?? '';
      const absent = type === 'notInstanceOf' || (type === 'lessThan' && attr(c, 'value') === '1') || (type === 'equalTo' && attr(c, 'value') === '0');
      if (!absent) continue;
      if (child === L.baForce) v.boarding = true;
      if (L.crusadeForces.has(child)) v.crusade = true;
    }
  }
  return v;
}

interface Bounds { min?: number; max?: number; maxModified?: number }

/** min/max selections at parent scope, link constraints over target ones; max raised by set/increment modifiers. */
function bounds(target: XNode, link?: XNode): Bounds {
  const b: Bounds = {};
  const read = (n: XNode | undefined) => {
    for (const c of kids(n, 'constraints', 'constraint')) {
      if (attr(c, 'field') !== 'selections' || attr(c, 'scope') !== 'parent') continue;
      const v = Number(attr(c, 'value'));
      if (!Number.isFinite(v)) continue;
      const id = attr(c, 'id');
      if (attr(c, 'type') === 'min') b.min = v;
      if (attr(c, 'type') === 'max') {
        b.max = v;
        let mx = v;
        for (const m of [...modifiersOf(target), ...modifiersOf(link)]) {
          if (m.field !== id) continue;
          const mv = Number(m.value);
          if (!Number.isFinite(mv)) continue;
          if (m.type === 'set') mx = Math.max(mx, mv);
          if (m.type === 'increment') mx += mv;
        }
        b.maxModified = mx;
      }
    }
  };
  read(target);
  read(link);
  return b;
}

// ---------------------------------------------------------------- datasheets

interface Child { node: XNode; link?: XNode; cat: Cat; tag: 'selectionEntry' | 'selectionEntryGroup' }

function children(R: Resolver, n: XNode, cat: Cat): Child[] {
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

class DatasheetBuilder {
  /** Ids of the "Enhancements" groups the built datasheets link. */
  readonly enhancementGroups = new Set<string>();
  constructor(private L: Loader, private R: Resolver) {}

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
      for (const l of kids(c.node, 'entryLinks', 'entryLink')) if (/^enhancements$/i.test(attr(l, 'name') ?? '') && attr(l, 'targetId')) this.enhancementGroups.add(attr(l, 'targetId') as string);
      if (type !== 'group') {
        const kind = depth === 0 ? 'unit' : type === 'model' ? 'model' : type === 'unit' ? 'unit' : 'upgrade';
        const mName = kind === 'model' ? this.modelName(c.node) : modelName;
        const profs = visitInfo(c.node, c.cat, kind, mName);
        if (c.link) for (const p of visitInfo(c.link, c.cat, kind, mName)) if (!profs.includes(p)) profs.push(p);
        visitWeapons(c.node, c.cat.file, profs, kind);
        // Wargear without a weapon profile of its own that carries weapons (a Gun Drone's twin pulse carbine):
        // naming it in a list names those weapons too.
        if (kind === 'upgrade' && !profs.length) {
          const carried = children(this.R, c.node, c.cat).filter((ch) => ch.tag === 'selectionEntry' && attr(ch.node, 'type') === 'upgrade').flatMap((ch) => this.weaponProfilesOf(ch));
          if (carried.length) addWeapon(foldTypography(attr(c.node, 'name') ?? ''), c.cat.file, carried);
        }
        modelName = mName;
        const name = foldTypography(attr(c.node, 'name') ?? '');
        if (kind === 'model' || (depth === 0 && type === 'model')) col.modelNames.push(name, mName ?? name);
        else if (kind === 'upgrade') col.upgradeNames.push(name);
      }
      const inside = type === 'model' || depth === 0 ? [] : [...enclosing, foldTypography(attr(c.node, 'name') ?? '')];
      for (const ch of children(this.R, c.node, c.cat)) walk(ch, depth + 1, stack, modelName, inside);
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
      for (const c of children(this.R, n, cat)) {
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
    /** The model variants of a group (through its subgroups); undefined when it holds anything else. */
    const variants = (g: Child, depth: number): string[] | undefined => {
      const names: string[] = [];
      for (const c of children(this.R, g.node, g.cat)) {
        if (c.tag === 'selectionEntryGroup') {
          const sub = depth < MAX_DEPTH ? variants(c, depth + 1) : undefined;
          if (!sub) return undefined;
          names.push(...sub);
        } else if (attr(c.node, 'type') === 'model') names.push(foldTypography(attr(c.node, 'name') ?? ''));
        else return undefined;
      }
      return names.length ? names : undefined;
    };
    const visit = (n: Child, depth: number) => {
      for (const c of children(this.R, n.node, n.cat)) {
        const name = foldTypography(attr(c.node, 'name') ?? '');
        if (c.tag === 'selectionEntry') {
          const min = attr(c.node, 'type') === 'model' ? fixedMin(c) : undefined;
          // An export may write a variant under its base name ("4x Raveners" holding the "Ravener w/ Venom bolt").
          if (min) out.push({ model: name, min, names: partNames([name]) });
          continue;
        }
        const min = fixedMin(c);
        const vs = min ? variants(c, depth + 1) : undefined;
        if (min && vs) out.push({ model: partNames([name])[0] ?? name, min, names: partNames([name, ...vs]) });
        else if (depth < MAX_DEPTH) visit(c, depth + 1);
      }
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

/** Resolves leader targets to datasheet names and fills the reverse "led by" lists. */
export function linkLeaders(datasheets: Datasheet[]): void {
  const byName = new Map<string, Datasheet>();
  for (const d of datasheets) if (!byName.has(normalizeName(d.name))) byName.set(normalizeName(d.name), d);
  const byKeyword = new Map<string, Datasheet[]>();
  for (const d of datasheets) for (const k of d.keywords) {
    const key = normalizeName(k);
    byKeyword.set(key, [...(byKeyword.get(key) ?? []), d]);
  }
  // A leader text names a datasheet, or a keyword several datasheets share ("ACOLYTE HYBRIDS").
  const resolve = (names: string[]) => {
    const resolved: string[] = [];
    for (const t of names) {
      const named = byName.get(normalizeName(t))?.name;
      const viaKeyword = named ? [] : (byKeyword.get(normalizeName(t)) ?? []).map((x) => x.name);
      for (const n of named ? [named] : viaKeyword.length ? viaKeyword : [t]) if (!resolved.includes(n)) resolved.push(n);
    }
    return resolved;
  };
  for (const d of datasheets) {
    d.leads = resolve(d.leads);
    for (const t of d.leads) {
      const target = byName.get(normalizeName(t));
      if (target && !target.ledBy.includes(d.name)) target.ledBy.push(d.name);
    }
    if (!d.supports) continue;
    d.supports = resolve(d.supports);
    for (const t of d.supports) {
      const target = byName.get(normalizeName(t));
      if (target && !(target.supportedBy ??= []).includes(d.name)) target.supportedBy.push(d.name);
    }
  }
}

// ---------------------------------------------------------------- factions

function loadFaction(L: Loader, cat: Cat, data: RulesData, seenDs: Set<string>): void {
  const R = new Resolver(L, L.closure(cat));
  const B = new DatasheetBuilder(L, R);
  const opts = L.opts;
  const fname = factionNameOf(cat.name);
  // The faction keyword: the "Faction: <name>" category when it exists, else the commonest among the catalogue's own units.
  let factionCat: string | undefined;
  for (const [id, n] of R.categories) if (normalizeName(n) === normalizeName(`Faction: ${fname}`)) factionCat = id;
  const skipOthers = opts.includeAllies ? undefined : factionCat && `"${factionCat}"`;
  // Root entries: the catalogue's own, plus those of catalogues linked with importRootEntries.
  const roots: Child[] = [];
  const addRoots = (c: Cat) => {
    for (const e of kids(c.root, 'selectionEntries', 'selectionEntry')) roots.push({ node: e, cat: c, tag: 'selectionEntry' });
    for (const l of kids(c.root, 'entryLinks', 'entryLink')) {
      const tid = attr(l, 'targetId');
      if (!tid || attr(l, 'type') === 'selectionEntryGroup') continue;
      // Cheap skip of other factions' units: their raw text never mentions our faction category.
      const raw = R.raw(tid);
      if (skipOthers && raw !== undefined && !raw.includes(skipOthers) && !JSON.stringify(l).includes(skipOthers)) continue;
      const t = R.get(tid, { file: c.file, locator: attr(l, 'id') });
      if (t) roots.push({ node: t.node, link: l, cat: t.cat, tag: 'selectionEntry' });
    }
  };
  addRoots(cat);
  for (const l of kids(cat.root, 'catalogueLinks', 'catalogueLink')) {
    if (attr(l, 'importRootEntries') !== 'true') continue;
    const c = L.catById(attr(l, 'targetId') ?? '', cat.file);
    if (c) addRoots(c);
  }
  const candidates: { ds: Datasheet; own: boolean }[] = [];
  for (const r of roots) {
    const type = attr(r.node, 'type');
    if (type !== 'unit' && type !== 'model') continue;
    const name = attr(r.node, 'name') ?? '';
    const vis = visibility(L, r.node, r.link);
    if (!opts.includeCrusade && (vis.crusade || /\[crucible\]/i.test(name))) continue;
    if (!opts.includeBoardingActions && vis.boarding) continue;
    // Cheap skip of other factions' units before building them.
    if (skipOthers && !JSON.stringify(kids(r.node, 'categoryLinks')).includes(skipOthers) && !JSON.stringify(kids(r.link, 'categoryLinks')).includes(skipOthers)) continue;
    try {
      const ds = B.build(r);
      // Legends entries ("Tectonic Fragdrill [Legends]") always load, flagged and under their plain name:
      // a list naming one is told it is Legends, not that it is unknown.
      if (ds && /\[legends\]/i.test(name)) {
        ds.name = ds.name.replace(/\s*\[legends\]\s*/i, ' ').trim();
        ds.legends = true;
      }
      if (ds) candidates.push({ ds, own: r.cat === cat || r.cat.library });
    } catch (e) {
      L.warnings.push(warn('bsdata-entry', `${r.cat.file}: entry ${attr(r.node, 'id')} (${name}) could not be read (${(e as Error).message}); skipped`, { file: r.cat.file, locator: attr(r.node, 'id') }, 'error'));
    }
  }
  let keyword = foldTypography(factionCat ? (R.categories.get(factionCat) ?? '').replace(/^Faction:\s*/i, '') : fname).toUpperCase();
  if (!candidates.some((c) => c.ds.factionKeywords.includes(keyword))) {
    const counts = new Map<string, number>();
    for (const c of candidates) if (c.own) for (const k of c.ds.factionKeywords) counts.set(k, (counts.get(k) ?? 0) + 1);
    keyword = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? keyword;
  }
  const faction: Faction = { id: cat.id, name: fname, keyword, source: { file: cat.file, locator: cat.id } };
  const parent = parentOf(cat.name);
  if (parent && parent !== fname) faction.parent = parent;
  data.factions.push(faction);
  for (const { ds } of candidates) {
    if (!opts.includeAllies && !ds.factionKeywords.includes(keyword)) continue;
    if (seenDs.has(ds.id)) continue;
    seenDs.add(ds.id);
    // The faction's own keyword first (BSData often lists ADEPTUS ASTARTES before DARK ANGELS): sources match on it.
    const own = ds.factionKeywords.indexOf(keyword);
    if (own > 0) ds.factionKeywords.unshift(...ds.factionKeywords.splice(own, 1));
    data.datasheets.push(ds);
  }
  loadDetachments(L, R, cat, faction, data, B.enhancementGroups);
}

function loadDetachments(L: Loader, R: Resolver, cat: Cat, faction: Faction, data: RulesData, enhancementGroups: Set<string>): void {
  const opts = L.opts;
  // The "Detachment" configuration entry, wherever it lives, links the group of detachments.
  const entries: XNode[] = [];
  for (const el of cat.shared.values()) if (/^detachments?$/i.test(el.attrs.name ?? '') && el.attrs.type === 'upgrade') {
    const n = L.materialise(el);
    if (n) entries.push(n);
  }
  for (const l of kids(cat.root, 'entryLinks', 'entryLink')) if (/^detachments?$/i.test(attr(l, 'name') ?? '')) {
    const t = R.get(attr(l, 'targetId') ?? '', { file: cat.file, locator: attr(l, 'id') });
    if (t && !entries.includes(t.node)) entries.push(t.node);
  }
  const detIds = new Map<string, string>();
  const seen = new Set<string>();
  const visitDetachment = (d: XNode, link: XNode | undefined, dcat: Cat) => {
    const id = attr(d, 'id') ?? '';
    if (seen.has(id)) return;
    seen.add(id);
    const vis = visibility(L, d, link);
    if (!opts.includeBoardingActions && vis.boarding) return;
    if (!opts.includeCrusade && vis.crusade) return;
    const rules = kids(d, 'rules', 'rule').map((r) => ({ name: foldTypography(attr(r, 'name') ?? ''), text: bsText(text(kids(r, 'description')[0])) }));
    for (const p of kids(d, 'profiles', 'profile')) if (L.profileTypeName(p) === 'Abilities') rules.push({ name: foldTypography(attr(p, 'name') ?? ''), text: description(p) });
    const name = foldTypography(attr(d, 'name') ?? '');
    detIds.set(id, name);
    const det: Detachment = { id, name, faction: faction.name, rules, source: { file: dcat.file, locator: id } };
    // 11th edition: the Detachment Points it costs, a cost of the game system's "Detachment Points" type.
    const dp = kids(d, 'costs', 'cost').find((c) => /^detachment points$/i.test(L.costTypes.get(attr(c, 'typeId') ?? '') ?? ''));
    if (dp && Number.isFinite(Number(attr(dp, 'value')))) det.dp = Number(attr(dp, 'value'));
    data.detachments.push(det);
  };
  for (const e of entries) {
    for (const c of children(R, e, cat)) {
      if (c.tag !== 'selectionEntryGroup') { if (attr(c.node, 'type') === 'upgrade') visitDetachment(c.node, c.link, c.cat); continue; }
      for (const d of children(R, c.node, c.cat)) if (d.tag === 'selectionEntry') visitDetachment(d.node, d.link, d.cat);
    }
  }
  // Enhancements: the "Enhancements" groups the faction's characters link (recorded while building), one subgroup per detachment.
  const groupIds = enhancementGroups;
  const seenEnh = new Set<string>();
  for (const gid of groupIds) {
    const g = R.get(gid, { file: cat.file, locator: gid });
    if (!g) continue;
    const groupDet = detachmentOf(g.node, detIds);
    for (const sub of children(R, g.node, g.cat)) {
      // 11th edition (World Eaters): enhancements straight in the group, each hidden unless its detachment is chosen.
      const det = detachmentOf(sub.node, detIds) ?? (sub.tag === 'selectionEntry' ? groupDet : undefined);
      if (!det) continue;
      for (const e of sub.tag === 'selectionEntryGroup' ? children(R, sub.node, sub.cat) : [sub]) {
        const id = attr(e.node, 'id') ?? '';
        if (seenEnh.has(id) || attr(e.node, 'type') !== 'upgrade') continue;
        seenEnh.add(id);
        const p = kids(e.node, 'profiles', 'profile').find((x) => L.profileTypeName(x) === 'Abilities');
        const desc = p ? description(p) : '';
        const enh: Enhancement = { id, name: foldTypography(attr(e.node, 'name') ?? ''), detachment: det, faction: faction.name, text: desc, source: { file: e.cat.file, locator: id } };
        const pts = kids(e.node, 'costs', 'cost').find((c) => attr(c, 'typeId') === L.ptsId);
        if (pts) enh.points = Number(attr(pts, 'value'));
        const elig = /^(.{1,120}?\bmodels? only)\./i.exec(desc);
        if (elig) enh.eligibility = elig[1];
        data.enhancements.push(enh);
      }
    }
  }
}

/** The detachment a per-detachment enhancement group belongs to: by the id its hide condition tests, else by name. */
function detachmentOf(group: XNode, detIds: Map<string, string>): string | undefined {
  for (const m of modifiersOf(group)) for (const c of allConditions(m)) {
    const d = detIds.get(attr(c, 'childId') ?? '');
    if (d) return d;
  }
  // By name, or by the comment BSData 11e leaves on a group ("Brazen Engines").
  for (const label of [attr(group, 'name') ?? '', text(kids(group, 'comment')[0])]) {
    const n = normalizeName(label.replace(/\s*enhancements?\s*$/i, ''));
    for (const name of detIds.values()) if (n && normalizeName(name) === n) return name;
  }
  return undefined;
}

function loadCoreRules(L: Loader, data: RulesData): void {
  const gst = L.gst;
  if (!gst) return;
  for (const el of gst.shared.values()) {
    if (el.json ? !('description' in el.json) : !el.raw.includes('<description')) continue;
    const n = L.materialise(el);
    if (!n || !kids(n, 'description').length) continue;
    const name = foldTypography(attr(n, 'name') ?? '');
    const aliases = [name.toUpperCase()];
    for (const a of kids(n, 'alias')) { const t = text(a).trim().toUpperCase(); if (t && !aliases.includes(t)) aliases.push(t); }
    const rule: CoreRule = { id: attr(n, 'id') ?? '', name, aliases, text: bsText(text(kids(n, 'description')[0])), summary: [], source: { file: gst.file, locator: attr(n, 'id') } };
    data.coreRules.push(rule);
  }
  // Rules the game system names without a text (11e: "Support"): said once, so checks needing them can say why.
  const textless = kids(gst.root, 'sharedRules', 'rule').filter((r) => {
    const el = gst.shared.get(r.$?.id ?? '');
    return el && (el.json ? !('description' in el.json) : !el.raw.includes('<description'));
  }).map((r) => attr(r, 'name') ?? '?');
  if (textless.length) L.warnings.push(warn('rule-text-missing', `${gst.file}: the game system's rule${textless.length === 1 ? '' : 's'} ${textless.map((n) => `"${n}"`).join(', ')} ha${textless.length === 1 ? 's' : 've'} no text`, { file: gst.file }, 'info'));
}

/** Loads BattleScribe data. Never throws: problems are returned as warnings. */
export function loadBsData(input: FileInput, options: BsDataOptions = {}): LoadResult {
  const data = emptyRulesData();
  const files = asDataFiles(input);
  const { catalogues, warnings: listWarnings, gameSystem } = listBsDataCatalogues(files);
  const L = new Loader(files, options, catalogues, gameSystem);
  L.warnings.push(...listWarnings);
  try {
    L.loadGst();
    const wanted = options.factions?.map(normalizeName);
    const chosen = catalogues.filter((c) => !c.library && (!wanted || wanted.includes(normalizeName(c.faction ?? '')) || wanted.includes(normalizeName(c.catalogueName))));
    if (wanted) for (const w of options.factions ?? []) {
      if (!chosen.some((c) => normalizeName(c.faction ?? '') === normalizeName(w) || normalizeName(c.catalogueName) === normalizeName(w))) {
        L.warnings.push(warn('faction-not-found', `No catalogue for faction "${w}"; available: ${catalogues.filter((c) => !c.library).map((c) => c.faction).join(', ')}`, { file: options.location ?? '(folder)' }));
      }
    }
    const edition = editionOfGameSystem(L.gst ? attr(L.gst.root, 'name') : gameSystem?.name);
    data.sources.push({ kind: 'bsdata', edition, location: options.location ?? '(files)', version: L.gst ? `${attr(L.gst.root, 'name') ?? 'game system'} revision ${attr(L.gst.root, 'revision') ?? '?'}` : undefined });
    if (!data.sources[0].version) delete data.sources[0].version;
    const seenDs = new Set<string>();
    for (const info of chosen) {
      const cat = L.catById(info.id, info.file);
      if (cat) loadFaction(L, cat, data, seenDs);
    }
    linkLeaders(data.datasheets);
    loadCoreRules(L, data);
    if (L.gst) {
      const gst = L.gst;
      const force = loadForceConstraints(gst.root, gst.file, (id) => { const el = gst.shared.get(id); return el && L.materialise(el); }, L.costTypes);
      if (force.constraints.length) data.forceConstraints = force.constraints;
      data.battleSizes.push(...force.battleSizes);
      L.warnings.push(...force.warnings);
    }
  } catch (e) {
    // A bug or an unforeseen shape must not take the server down: report it and return what loaded.
    L.warnings.push(warn('bsdata-internal', `BattleScribe loading stopped early: ${(e as Error).message}`, { file: options.location ?? '(folder)' }, 'error'));
  }
  return { data, warnings: foldDanglingIntoMissing(L.warnings) };
}

/**
 * A catalogue missing from the folder leaves every link into it dangling: say that once, on the missing
 * catalogue's warning, instead of once per link.
 */
function foldDanglingIntoMissing(warnings: DataWarning[]): DataWarning[] {
  const missing = warnings.filter((w) => w.code === 'catalogue-link-missing');
  const dangling = warnings.filter((w) => w.code === 'link-dangling');
  if (!missing.length || !dangling.length) return warnings;
  const last = missing[missing.length - 1];
  const folded = { ...last, message: `${last.message}; ${dangling.length} link${dangling.length === 1 ? '' : 's'} to entries defined nowhere in the folder (most likely in the missing catalogue${missing.length > 1 ? 's' : ''}) left unresolved` };
  return warnings.filter((w) => w.code !== 'link-dangling').map((w) => (w === last ? folded : w));
}
