// The rules data a server or CLI run works with: the embedded seed plus the
// user's data folders, loaded lazily per faction (opening a Genestealer Cults
// list parses only what Genestealer Cults needs) and merged with the folders'
// precedence: folders in the order given, then the embedded data.
import * as fs from 'fs';
import { DataFolder, DataFolderOptions, openDataFolder } from './dataFolder';
import { withDigest } from './digest';
import { loadEmbeddedRules } from '../service/domain/rules/embedded';
import { mergeRules, RulesSource } from '../service/domain/rules/merge';
import { summarizeRules, RulesSummary } from '../service/domain/rules/summary';
import type { DataWarning, RulesData } from '../service/domain/rules/model';
import { normalizeName } from '../service/domain/text/normalize';

export interface RulesProviderOptions {
  paths: string[];
  includeNonMatchedPlay?: boolean;
  /** Folders from the download cache, after `paths`: loaded through their digests (see digest.ts). */
  cached?: { dir: string; digestDir: string }[];
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
  private merged: { data: RulesData; warnings: DataWarning[] } | undefined;

  constructor(readonly options: RulesProviderOptions) {
    const folderOptions: DataFolderOptions = options.includeNonMatchedPlay
      ? { includeLegends: true, includeCrusade: true, includeBoardingActions: true }
      : {};
    this.folders = [
      ...options.paths.map((p) => openDataFolder(p, folderOptions)),
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
    if (changed) this.merged = undefined;
    return changed;
  }

  /** Loads every faction of every folder (for `auspex data` and `auspex targets`). */
  loadAll(): void {
    this.folders.forEach((folder, i) => {
      if (folder.kind === 'unknown' || this.loaded[i].has('*')) return;
      this.loaded[i].clear();
      this.loaded[i].set('*', folder.loadAll());
    });
    this.merged = undefined;
  }

  rules(): RulesData {
    return this.merge().data;
  }

  warnings(): DataWarning[] {
    return [...this.folders.flatMap((f) => f.warnings), ...this.listWarnings.flat(), ...this.merge().warnings];
  }

  summary(): RulesSummary {
    return summarizeRules(this.rules(), this.warnings());
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

  private merge(): { data: RulesData; warnings: DataWarning[] } {
    if (this.merged) return this.merged;
    const sources: RulesSource[] = [];
    this.loaded.forEach((byFaction, i) => {
      for (const r of byFaction.values()) sources.push({ data: r.data, precedence: i });
    });
    const loadWarnings = this.loaded.flatMap((m) => [...m.values()].flatMap((r) => r.warnings));
    sources.push({ data: this.embedded, precedence: this.folders.length });
    const merged = sources.length === 1 ? { data: this.embedded, warnings: [] } : mergeRules(sources);
    this.merged = { data: merged.data, warnings: [...loadWarnings, ...merged.warnings] };
    return this.merged;
  }
}

function emptyData(): RulesData {
  return { sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] };
}
