// The rules data a server or CLI run works with: the embedded seed plus the
// user's data folders, loaded lazily per faction (opening a Genestealer Cults
// list parses only what Genestealer Cults needs) and merged with the folders'
// precedence: folders in the order given, then the embedded data. Sources are
// grouped by edition: `rulesFor(11)` merges the 11th-edition folders
// (BattleScribe 11e, the Munitorum Field Manual), `rulesFor(10)` the 10th's and
// the embedded seed; a list is only ever checked against its edition's data.
import * as fs from 'fs';
import { DataFolder, DataFolderOptions, openDataFolder } from './dataFolder';
import { loadEmbeddedRules } from '../service/domain/rules/embedded';
import { mergeRules, RulesSource } from '../service/domain/rules/merge';
import { summarizeEditions, RulesSummary } from '../service/domain/rules/summary';
import type { DataWarning, RulesData } from '../service/domain/rules/model';
import { EDITIONS, type Edition } from '../service/domain/editions/types';
import { normalizeName } from '../service/domain/text/normalize';

export interface RulesProviderOptions {
  paths: string[];
  includeNonMatchedPlay?: boolean;
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

  constructor(readonly options: RulesProviderOptions) {
    const folderOptions: DataFolderOptions = options.includeNonMatchedPlay
      ? { includeLegends: true, includeCrusade: true, includeBoardingActions: true }
      : {};
    this.folders = options.paths.map((p) => openDataFolder(p, folderOptions));
    this.loaded = this.folders.map(() => new Map());
    this.factionNames = this.folders.map(() => undefined);
  }

  /** Folders as opened, with the problems found opening them (missing path, unknown layout). */
  get dataFolders(): readonly DataFolder[] {
    return this.folders;
  }

  /**
   * Makes sure `faction` (as a list names it) is loaded from every folder that
   * has it. Returns true when that changed the rules data.
   */
  ensureFaction(faction: string): boolean {
    const key = normalizeName(faction);
    let changed = false;
    this.folders.forEach((folder, i) => {
      if (folder.kind === 'unknown' || this.loaded[i].has(key)) return;
      const name = this.folderFactionName(i, key);
      if (name === undefined) {
        this.loaded[i].set(key, { data: emptyData(), warnings: [] });
        return;
      }
      this.loaded[i].set(key, folder.loadFaction(name));
      changed = true;
    });
    if (changed) this.merged.clear();
    return changed;
  }

  /** Loads every faction of every folder (for `auspex data` and `auspex targets`). */
  loadAll(): void {
    this.folders.forEach((folder, i) => {
      if (folder.kind === 'unknown' || this.loaded[i].has('*')) return;
      this.loaded[i].clear();
      this.loaded[i].set('*', folder.loadAll());
    });
    this.merged.clear();
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

  /** Every problem met, for every edition's data. */
  warnings(): DataWarning[] {
    return [...this.folders.flatMap((f) => f.warnings), ...this.listWarnings.flat(), ...this.editions().flatMap((e) => this.merge(e).warnings)];
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
      }
      this.factionNames[i] = names;
    }
    return names.get(key);
  }

  private merge(edition: Edition): { data: RulesData; warnings: DataWarning[] } {
    const done = this.merged.get(edition);
    if (done) return done;
    const sources: RulesSource[] = [];
    const loadWarnings: DataWarning[] = [];
    this.loaded.forEach((byFaction, i) => {
      if ((this.folders[i].edition ?? 10) !== edition) return;
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

function emptyData(): RulesData {
  return { sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] };
}
