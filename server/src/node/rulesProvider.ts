// The rules data a server or CLI run works with: the embedded seed plus the
// user's data folders, loaded lazily per faction (opening a Genestealer Cults
// list parses only what Genestealer Cults needs) and merged with the folders'
// precedence: folders in the order given, then the embedded data. Sources are
// grouped by edition: `rulesFor(11)` merges the 11th-edition folders
// (BattleScribe 11e, the Munitorum Field Manual), `rulesFor(10)` the 10th's and
// the embedded seed; a list is only ever checked against its edition's data.
import * as fs from 'fs';
import * as path from 'path';
import { BOUNDS } from '../service/domain/bounds';
import { warn } from '../service/domain/rules/dataFiles';
import { DataFolder, DataFolderOptions, openDataFolder } from './dataFolder';
import { withDigest } from './digest';
import { openDigestedFolder } from './folderDigest';
import { loadEmbeddedRules } from '../service/domain/rules/embedded';
import { mergeRules, RulesSource } from '../service/domain/rules/merge';
import { summarizeEditions, RulesSummary } from '../service/domain/rules/summary';
import type { DataWarning, RulesData } from '../service/domain/rules/model';
import { EDITIONS, type Edition } from '../service/domain/editions/types';
import { editionRules } from '../service/domain/editions';
import { factionKey, normalizeName, spellingKey } from '../service/domain/text/normalize';
import { RulesIndex } from '../service/domain/rules/index';
import type { ArmyList } from '../service/domain/parse/ast';
import { resolveList } from '../service/features/resolve/resolvedList';

export interface RulesProviderOptions {
  paths: string[];
  includeNonMatchedPlay?: boolean;
  /** Folders from the download cache, after `paths`: loaded through their digests (see digest.ts). */
  cached?: { dir: string; digestDir: string }[];
  /** The cache root: `paths` are read through their digests there (folderDigest.ts); absent, read from their files each time. */
  digestRoot?: string;
}

export class RulesProvider {
  private readonly folders: DataFolder[];
  /** Per folder: loaded faction key → its data and warnings. */
  private readonly loaded: Map<string, { data: RulesData; warnings: DataWarning[] }>[];
  /** Per folder: normalised faction name → the folder's own name for it (null when the folder lacks it). */
  private readonly factionNames: (Map<string, string> | undefined)[];
  /** Problems met listing each folder's factions (an unreadable catalogue header, an empty Factions.csv). */
  private readonly listWarnings: DataWarning[][] = [];
  private readonly embedded = loadEmbeddedRules();
  private merged = new Map<Edition, { data: RulesData; warnings: DataWarning[] }>();
  /** Unit name → the folder factions listing it: the same names recur on every validation of a list. */
  private readonly listing = new Map<string, string[]>();
  /** Name lookups over each edition's merged data, for `ensureList`; dropped with `merged`. */
  private readonly indexes = new Map<Edition, RulesIndex>();
  /** Problems with the list of paths itself (too many of them). */
  private readonly pathWarnings: DataWarning[];

  constructor(readonly options: RulesProviderOptions) {
    const folderOptions: DataFolderOptions = options.includeNonMatchedPlay
      ? { includeLegends: true, includeCrusade: true, includeBoardingActions: true }
      : {};
    const { paths, editions, warnings } = uniqueDataPaths(options.paths);
    this.pathWarnings = warnings;
    this.folders = [
      ...paths.map((p, i) => {
        const opts = editions[i] === undefined ? folderOptions : { ...folderOptions, edition: editions[i] };
        return options.digestRoot === undefined ? openDataFolder(p, opts) : openDigestedFolder(p, opts, options.digestRoot);
      }),
      ...(options.cached ?? []).map((c) => withDigest(openDataFolder(c.dir, folderOptions), { dir: c.digestDir, options: folderOptions })),
    ];
    this.loaded = this.folders.map(() => new Map());
    this.factionNames = this.folders.map(() => undefined);
  }

  /** Folders as opened, with the problems found opening them (missing path, unknown layout). */
  get dataFolders(): readonly DataFolder[] {
    return this.folders;
  }

  /**
   * Makes sure `faction` (as a list names it) is loaded from every folder that
   * has it (of `edition` only, when given; of that `kind` only, when given). Returns true when that changed the rules data.
   */
  ensureFaction(faction: string, edition?: Edition, kind?: DataFolder['kind']): boolean {
    const key = normalizeName(faction);
    let changed = false;
    this.folders.forEach((folder, i) => {
      if (!usable(folder) || this.loaded[i].has(key) || (kind && folder.kind !== kind)) return;
      if (edition !== undefined && folder.edition !== edition) return;
      const name = this.folderFactionName(i, key);
      if (name === undefined) {
        // The folder lacks the faction: its source is still named (the data is given, the faction is not in it).
        const data = emptyData();
        if (folder.source) {
          data.sources.push(folder.source);
          changed = true;
        }
        this.loaded[i].set(key, { data, warnings: [] });
        return;
      }
      // A chapter and its parent are one load: the second name shares the first one's data.
      const same = this.loaded[i].get(`=${normalizeName(name)}`);
      if (same) {
        this.loaded[i].set(key, { data: emptyData(), warnings: [] });
        return;
      }
      const result = folder.loadFaction(name);
      this.loaded[i].set(key, result);
      this.loaded[i].set(`=${normalizeName(name)}`, { data: emptyData(), warnings: [] });
      changed = true;
    });
    if (changed) {
      this.merged.clear();
      this.indexes.clear();
    }
    return changed;
  }

  /** Of `factions` (as a list names them), the folder faction names `ensureFaction(f, edition)` would read now. */
  toLoad(factions: string[], edition: Edition): string[] {
    const out: string[] = [];
    for (const faction of factions) {
      const key = normalizeName(faction);
      this.folders.forEach((folder, i) => {
        if (folder.kind === 'unknown' || this.loaded[i].has(key) || folder.edition !== edition) return;
        const name = this.folderFactionName(i, key);
        if (name !== undefined && !this.loaded[i].has(`=${normalizeName(name)}`) && !out.includes(name)) out.push(name);
      });
    }
    return out;
  }

  /**
   * Loads what a list needs from the folders of its edition (`listEdition(list, setting)`; every folder
   * when not given, units then looked up in the 10th's data): the factions it names (a chapter loads its parent), then, for units the data does not resolve
   * yet, the factions whose data lists them (allies; a list without a faction line). Returns the faction
   * names it asked for (to ask again after a reload) and whether the data changed.
   */
  ensureList(list: ArmyList, edition?: Edition): { changed: boolean; factions: string[] } {
    const factions: string[] = [];
    let changed = false;
    const need = (f: string, kind?: DataFolder['kind']) => {
      // Names to load again after a reload (from every folder): not those read from one kind of folder only.
      if (!kind && !factions.includes(f)) factions.push(f);
      if (this.ensureFaction(f, edition, kind)) changed = true;
    };
    for (const f of [list.faction?.text, list.superFaction?.text]) if (f) need(f);
    const e = edition ?? 10;
    let index = this.indexes.get(e);
    if (!index) this.indexes.set(e, (index = new RulesIndex(this.rulesFor(e))));
    const unresolved = () => {
      let ix = this.indexes.get(e);
      if (!ix) this.indexes.set(e, (ix = new RulesIndex(this.rulesFor(e))));
      return new Set(resolveList(list, ix, editionRules(e)).all.filter((r) => !r.fielded).map((r) => r.parsed.name.text));
    };
    let missing = unresolved();
    // Allies (an 11th-edition ALLIED UNITS section) come first from the factions whose catalogues the list's
    // factions link (Agents of the Imperium for Adepta Sororitas); their prices from the MFM faction listing them.
    const linked = [list.faction?.text, list.superFaction?.text].flatMap((f) => (f && index.faction(f)?.linkedFactions) || []);
    if (missing.size && linked.length) {
      for (const f of linked) need(f);
      const still = unresolved();
      // Only the MFM's copy of those factions: another catalogue's datasheets of the same name would compete.
      for (const name of missing) if (!still.has(name)) for (const f of this.factionsListing(name, e, 'mfm')) need(f, 'mfm');
      missing = still;
    }
    for (const name of missing) for (const f of this.factionsListing(name, e)) need(f);
    return { changed, factions };
  }

  /** Folder faction names whose data (of that edition) lists a datasheet of that name (tried without a faction-name prefix too). */
  private factionsListing(name: string, edition: Edition, kind?: DataFolder['kind']): string[] {
    const key = `${edition}:${kind ?? ''}:${name}`;
    let hit = this.listing.get(key);
    if (!hit) {
      if (this.listing.size > 2000) this.listing.clear();
      this.listing.set(key, (hit = this.lookUpListing(name, edition, kind)));
    }
    return hit;
  }

  private lookUpListing(name: string, edition: Edition, kind?: DataFolder['kind']): string[] {
    const out: string[] = [];
    this.folders.forEach((folder) => {
      if (folder.kind === 'unknown' || folder.edition !== edition || (kind && folder.kind !== kind)) return;
      const { units } = folder.unitIndex();
      let hits = units.get(spellingKey(name));
      if (!hits) {
        const n = normalizeName(name);
        const prefix = [...new Set([...units.values()].flat())].map(normalizeName).filter((f) => n.startsWith(f + ' ')).sort((a, b) => b.length - a.length)[0];
        if (prefix) hits = units.get(spellingKey(n.slice(prefix.length + 1)));
      }
      for (const f of hits ?? []) if (!out.includes(f)) out.push(f);
    });
    return out;
  }

  /** Loads every faction of every folder (for `auspex data` and `auspex targets`). */
  loadAll(): void {
    this.folders.forEach((folder, i) => {
      if (!usable(folder) || this.loaded[i].has('*')) return;
      this.loaded[i].clear();
      this.loaded[i].set('*', folder.loadAll());
    });
    this.merged.clear();
    this.indexes.clear();
  }

  /** The 10th edition's rules data (the embedded seed and the 10th-edition folders): the API before editions. */
  rules(): RulesData {
    return this.rulesFor(10);
  }

  /** The rules data of one edition: its folders merged, plus the embedded seed for the 10th. */
  rulesFor(edition: Edition): RulesData {
    return this.merge(edition).data;
  }

  /** The editions some data is available for (the 10th always: the embedded seed). */
  editions(): Edition[] {
    return EDITIONS.filter((e) => e === 10 || this.folders.some((f) => f.edition === e));
  }

  /** Every faction the folders hold (loaded or not), with its folder's edition: completion offers them. Cheap: listings are cached. */
  listedFactions(): { name: string; edition: Edition }[] {
    const out: { name: string; edition: Edition }[] = [];
    this.folders.forEach((folder, i) => {
      const edition = folder.edition;
      if (folder.kind === 'unknown' || edition === undefined) return;
      const names = new Set(this.listedNames(i).values());
      for (const name of names) out.push({ name, edition });
    });
    return out;
  }

  /** Every problem met, for every edition's data. */
  warnings(): DataWarning[] {
    return [...this.pathWarnings, ...this.folders.flatMap((f) => f.warnings), ...this.listWarnings.flat(), ...this.editions().flatMap((e) => this.merge(e).warnings)];
  }

  /** What is loaded, edition by edition (each source and faction says its edition). */
  summary(): RulesSummary {
    return summarizeEditions(this.editions().map((e) => ({ edition: e, data: this.rulesFor(e) })), this.warnings());
  }

  /** Paths a watcher should observe: every folder that exists. */
  watchablePaths(): string[] {
    return this.folders.filter((f) => f.kind !== 'unknown' && fs.existsSync(f.dir)).map((f) => f.dir);
  }

  private folderFactionName(i: number, key: string): string | undefined {
    // A sub-faction (a chapter) loads its parent faction's data, where its datasheets are.
    // The exporters' spellings ("Tau Empire", "Empire T’au") meet the folder's name by `factionKey`.
    const names = this.listedNames(i);
    return names.get(key) ?? this.folders[i].unitIndex().subFactions.get(key) ?? names.get(`~${factionKey(key)}`);
  }

  /** Folder `i`'s factions: normalised name (and a BSData catalogue's last part) → the folder's name. */
  private listedNames(i: number): Map<string, string> {
    let names = this.factionNames[i];
    if (!names) {
      names = new Map();
      const listed = this.folders[i].listFactions();
      this.listWarnings[i] = listed.warnings;
      for (const f of listed.factions) {
        names.set(normalizeName(f.name), f.name);
        // BSData names catalogues "Imperium - Adeptus Custodes": let "Adeptus Custodes" find it.
        const last = f.name.split(' - ').pop();
        if (last && !names.has(normalizeName(last))) names.set(normalizeName(last), f.name);
        for (const n of [f.name, last ?? f.name]) if (!names.has(`~${factionKey(n)}`)) names.set(`~${factionKey(n)}`, f.name);
      }
      this.factionNames[i] = names;
    }
    return names;
  }

  private merge(edition: Edition): { data: RulesData; warnings: DataWarning[] } {
    const done = this.merged.get(edition);
    if (done) return done;
    const sources: RulesSource[] = [];
    const loadWarnings: DataWarning[] = [];
    this.loaded.forEach((byFaction, i) => {
      if (this.folders[i].edition !== edition) return;
      for (const r of byFaction.values()) {
        sources.push({ data: r.data, precedence: i });
        loadWarnings.push(...r.warnings);
      }
    });
    if (edition === 10) sources.push({ data: this.embedded, precedence: this.folders.length });
    const merged = sources.length === 1 && edition === 10 ? { data: this.embedded, warnings: [] }
      : sources.length === 0 ? { data: emptyData(), warnings: [] }
        : mergeRules(sources);
    const result = { data: merged.data, warnings: [...loadWarnings, ...merged.warnings] };
    this.merged.set(edition, result);
    return result;
  }
}

/** A folder whose data can be read: its layout recognised and its edition known. */
export function usable(folder: DataFolder): boolean {
  return folder.kind !== 'unknown' && folder.edition !== undefined;
}

function emptyData(): RulesData {
  return { sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] };
}

/**
 * A data path as the setting or --data gives it: `<dir>`, or `<edition>=<dir>` ("11=~/wahapedia-11e") stating the
 * edition its data is for (a Wahapedia export that does not show it, or to overrule what the data shows).
 */
export function parseDataPath(given: string): { path: string; edition?: Edition } {
  const m = /^(\d{1,2})=(.+)$/.exec(given);
  const edition = m ? Number(m[1]) : undefined;
  return m && (EDITIONS as readonly number[]).includes(edition!) ? { path: m[2], edition: edition as Edition } : { path: given };
}

/**
 * The data paths to open: each resolved (symlinks too, when it exists) and kept once, in the order given, at
 * most BOUNDS.dataPaths of them (the rest refused in one warning). The same folder named 2,000 ways is read once.
 * `editions[i]`: the edition stated for `paths[i]` (`11=<dir>`), if any.
 */
export function uniqueDataPaths(given: readonly string[]): { paths: string[]; editions: (Edition | undefined)[]; warnings: DataWarning[] } {
  const seen = new Set<string>();
  const paths: string[] = [];
  const editions: (Edition | undefined)[] = [];
  let dropped = 0;
  for (const g of given) {
    if (typeof g !== 'string' || g.trim() === '') continue;
    const { path: p, edition } = parseDataPath(g);
    let key = path.resolve(p);
    // Symlinks resolved for the paths kept; beyond the bound the rest are only counted (no disk access).
    if (paths.length < BOUNDS.dataPaths) {
      try {
        key = fs.realpathSync(key);
      } catch {
        // Missing: kept under its resolved name, so that opening it reports it.
      }
    }
    if (seen.has(key)) continue;
    seen.add(key);
    if (paths.length >= BOUNDS.dataPaths) dropped++;
    else {
      paths.push(key);
      editions.push(edition);
    }
  }
  const warnings = dropped
    ? [warn('too-many-paths', `${dropped} more data path${dropped === 1 ? '' : 's'} beyond the first ${BOUNDS.dataPaths} ignored`, { file: 'auspex.data.paths' }, 'error')]
    : [];
  return { paths, editions, warnings };
}
