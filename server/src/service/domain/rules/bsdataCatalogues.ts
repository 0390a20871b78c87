// BattleScribe catalogues as files: the cheap listing of a folder (headers only), the loader that parses a
// catalogue when first needed and indexes its shared elements, and the link resolution within one catalogue
// closure. Pure: receives file contents (or an accessor); every problem becomes a DataWarning.
import type { DataWarning } from './model';
import { asDataFiles, DataFiles, FileInput, readHead, readTail, warn } from './dataFiles';
import { attr, kids, parseRawElement, parseXmlDocument, readRootHeader, XNode } from './bsdataXml';
import { JSON_SOURCE, jsonToNode, parseJsonDocument, readJsonRootHeader } from './bsdataJson';
import type { Edition } from '../editions/types';

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

// ---------------------------------------------------------------- catalogues

export interface RawEl {
  attrs: Record<string, string>;
  /** The element's source text (XML inner text, or JSON), for cheap tests before converting it. */
  raw: string;
  /** JSON front end: the element's object, converted when a link reaches it. */
  json?: Record<string, unknown>;
  node?: XNode | null;
  cat: Cat;
}

export interface Cat {
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

export function factionNameOf(catalogueName: string): string {
  const parts = catalogueName.split(' - ').map((s) => s.trim()).filter((s) => s && !/^library$/i.test(s));
  return parts[parts.length - 1] ?? catalogueName;
}

export function parentOf(catalogueName: string): string | undefined {
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

export class Loader {
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
    // A catalogue's own rules (its army rule: "Waaagh!") are parsed with the root, not kept raw: linked like shared ones.
    for (const el of kids(root, 'rules', 'rule')) {
      const id = el.$?.id;
      if (id && !cat.shared.has(id)) cat.shared.set(id, { attrs: el.$ ?? {}, raw: '', node: el, cat });
    }
    for (const ce of kids(root, 'categoryEntries', 'categoryEntry')) cat.categories.set(attr(ce, 'id') ?? '', attr(ce, 'name') ?? '');
    for (const pt of kids(root, 'profileTypes', 'profileType')) this.profileTypeNames.set(attr(pt, 'id') ?? '', attr(pt, 'name') ?? '');
    return cat;
  }

  /** Names of the catalogues `cats` link that no file in the folder declares. */
  missingLinked(cats: Cat[]): string[] {
    const out: string[] = [];
    for (const c of cats) for (const l of kids(c.root, 'catalogueLinks', 'catalogueLink')) {
      const id = attr(l, 'targetId');
      const name = attr(l, 'name') ?? `catalogue id ${id}`;
      if (id && !this.fileById.has(id) && !out.includes(name)) out.push(name);
    }
    return out;
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
export class Resolver {
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
