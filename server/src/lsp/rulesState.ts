// The server's rules data over time: which folders the settings name, which
// factions the open lists need, reloading when a folder changes on disk, and
// the one-line status the client shows in its status bar.
import * as fs from 'fs';
import { RulesProvider, usable } from '../node/rulesProvider';
import { age, cachedDataFolders, cacheRoot, CachedSource, previousDataFolders } from '../node/dataCache';
import { CURRENT_EDITION, type Edition } from '../service/domain/editions/types';
import type { DataSource, DataWarning, RulesData } from '../service/domain/rules/model';
import type { ArmyList } from '../service/domain/parse/ast';

export interface RulesStatus {
  text: string;
  tooltip: string;
  /** Problems worth a visible warning (missing folders, unreadable files). */
  problems: string[];
  /** Each edition's part alone, as `text` words it ("Auspex: 58 datasheets · 11th MFM v1.1"): the client shows the active list's. */
  editions: { edition: Edition; text: string }[];
  /** The current edition, when no folder and no download holds any of its data: what a new player should get first. */
  download?: Edition;
}

/** Folder changes settle for this long before a reload, so a `git pull` reloads once. */
const RELOAD_DELAY_MS = 300;

export class RulesState {
  private provider: RulesProvider;
  private paths: string[] = [];
  private includeNonMatchedPlay = false;
  private readonly factions = new Set<string>();
  /** Editions of the open lists: the cache's data for each is loaded after the folders. */
  private readonly editions = new Set<Edition>();
  private cacheDir = cacheRoot();
  private cachedInUse: CachedSource[] = [];
  private watchers: fs.FSWatcher[] = [];
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  /** The cache's previous version (drift): not loaded yet (undefined), none kept (null), or loaded. */
  private previousVersion: { provider: RulesProvider; label: string } | null | undefined;

  /** Folders whose change on disk awaits the reload (for the log). */
  private changedDirs = new Set<string>();

  /** `onReload` runs after a folder changed on disk and the data was reloaded, with the folders that changed. */
  constructor(private readonly onReload: (changed: string[]) => void) {
    this.provider = new RulesProvider({ paths: [] });
  }

  /** Applies the data settings; returns true when the rules data changed. */
  configure(paths: string[], includeNonMatchedPlay: boolean): boolean {
    if (sameList(paths, this.paths) && includeNonMatchedPlay === this.includeNonMatchedPlay) return false;
    this.paths = [...paths];
    this.includeNonMatchedPlay = includeNonMatchedPlay;
    this.rebuild();
    return true;
  }

  /** The download cache (VS Code: the extension's global storage); default as the CLI's. */
  setCacheDir(dir: string | undefined): void {
    const next = cacheRoot(dir);
    if (next === this.cacheDir) return;
    this.cacheDir = next;
    this.rebuild();
  }

  /** The folders of `auspex.data.paths` as opened: what each holds and for which edition, or why it is unusable. */
  folders(): { dir: string; kind: string; edition?: Edition; problem?: string }[] {
    const all = this.provider.dataFolders;
    return all
      .slice(0, all.length - (this.provider.options.cached?.length ?? 0))
      .map((f) => ({ dir: f.dir, kind: f.kind, edition: f.edition, problem: !usable(f) ? f.warnings[0]?.message : undefined }));
  }

  /** Whether downloaded data (the cache's) of this edition is in use. */
  hasDownloaded(edition: Edition): boolean {
    return this.cachedInUse.some((c) => c.edition === edition);
  }

  get cacheFolder(): string {
    return this.cacheDir;
  }

  /**
   * Loads what an open list needs (its faction, its allies' factions), with the cached data of the list's
   * edition; true when the rules data changed.
   */
  need(list: ArmyList, edition?: Edition): boolean {
    let changed = false;
    if (edition !== undefined && !this.editions.has(edition)) {
      this.editions.add(edition);
      this.rebuild();
      changed = this.cachedInUse.some((s) => s.edition === edition);
    }
    const loaded = this.provider.ensureList(list, edition);
    for (const f of loaded.factions) this.factions.add(f);
    return loaded.changed || changed;
  }

  /**
   * The factions `need(list, edition)` would read from a folder now (named by the list, held by a folder of its
   * edition, not loaded yet): cheap, for saying "loading" before the read.
   */
  toLoad(list: ArmyList, edition: Edition): string[] {
    if (!this.editions.has(edition)) return this.paths.length && list.faction ? [`the ${editionName(edition)}-edition data`] : [];
    return this.provider.toLoad([list.faction?.text, list.superFaction?.text].filter((f): f is string => !!f), edition);
  }

  /** One edition's rules data (the 10th when not named). */
  /** Every faction the folders and the cache hold, with its edition (for completion). */
  listedFactions(): { name: string; edition: Edition }[] {
    return this.provider.listedFactions();
  }

  rules(edition: Edition = 10): RulesData {
    return this.provider.rulesFor(edition);
  }

  status(): RulesStatus {
    const s = this.provider.summary();
    // Each source once: a folder read for several factions is one source.
    const sources = [...new Set(s.sources.map((x) => `${x.kind} (${editionName(x.edition)})${x.version ? ` ${x.version}` : ''}`))];
    const problems = this.provider.warnings().filter((w) => w.severity === 'error').map(describe);
    const loaded = s.factions.filter((f) => f.datasheets > 0);
    // Each edition with its data version: "10th" (seed only), "11th MFM v1.1".
    const label = (e: Edition) => {
      const v = shortVersion(s.sources.filter((x) => x.edition === e));
      return `${editionName(e)}${v ? ` ${v}` : ''}`;
    };
    // The downloaded data's version and age: the one a user would want to refresh.
    const newestOf = (cached: CachedSource[]) => [...cached].sort((a, b) => Date.parse(b.fetchedAt) - Date.parse(a.fetchedAt))[0];
    const line = (datasheets: number, labels: string[], newest: CachedSource | undefined) =>
      `Auspex: ${datasheets} datasheet${datasheets === 1 ? '' : 's'} · ${labels.join(' · ')}` +
      (newest ? ` · ${newest.label.slice(0, 12)} (${age(newest.fetchedAt)})` : '') +
      (problems.length ? ' ⚠' : '');
    const inUse = this.provider.editions();
    const text = line(s.counts.datasheets, inUse.map(label), newestOf(this.cachedInUse));
    const editions = inUse.map((e) => ({ edition: e, text: line(this.provider.rulesFor(e).datasheets.length, [label(e)], newestOf(this.cachedInUse.filter((c) => c.edition === e))) }));
    const tooltip = [
      `Rules data: ${sources.join(', ')}`,
      ...this.cachedInUse.map((c) => `Downloaded (${c.edition}th edition): ${c.source}, version ${c.label}, fetched ${c.fetchedAt.slice(0, 10)} (${age(c.fetchedAt)})`),
      `Factions loaded: ${loaded.map((f) => `${f.name} (${f.datasheets})${f.edition ? ` [${editionName(f.edition)}]` : ''}`).join(', ') || 'none'}`,
      `Folders: ${this.paths.length ? this.paths.join(', ') : 'none (auspex.data.paths names folders of your own; downloaded data needs none)'}`,
      ...problems.map((p) => `⚠ ${p}`),
    ].join('\n');
    const download = this.hasDataFor(CURRENT_EDITION) ? undefined : CURRENT_EDITION;
    return { text, tooltip, problems, editions, ...(download !== undefined ? { download } : {}) };
  }

  /** Whether a folder of `auspex.data.paths` or the download cache holds data of an edition (loaded or not). */
  hasDataFor(edition: Edition): boolean {
    if (this.provider.dataFolders.some((f) => f.edition === edition && usable(f))) return true;
    try {
      return cachedDataFolders(this.cacheDir, edition).length > 0;
    } catch {
      return false;
    }
  }

  /** Every error and warning about the data (not the informational notes), for the output channel. */
  warnings(): DataWarning[] {
    return this.provider.warnings().filter((w) => w.severity !== 'info');
  }

  /** Reload the data now (command "Auspex: Reload Rules Data"). */
  reload(): void {
    this.rebuild();
  }

  dispose(): void {
    this.unwatch();
    clearTimeout(this.reloadTimer);
  }

  /**
   * The cache's previous version of the data in use (the folders, then each cached source at the version its
   * `previous.json` keeps), loaded on first ask with the factions an open list needs; undefined when no
   * edition in use keeps one. Reset whenever the data in use is rebuilt. `edition` as for the data in use:
   * given, that edition's data (`rulesFor`); absent, what `rules()` gives.
   */
  previous(list: ArmyList, edition?: Edition): { data: RulesData; label: string } | undefined {
    if (this.previousVersion === undefined) {
      const kept = [...this.editions].sort().map((e) => previousDataFolders(this.cacheDir, e) ?? { folders: cachedDataFolders(this.cacheDir, e), label: '' });
      const label = kept.map((k) => k.label).filter(Boolean).join(' + ');
      this.previousVersion = label
        ? {
            label,
            provider: new RulesProvider({
              paths: this.paths,
              includeNonMatchedPlay: this.includeNonMatchedPlay,
              cached: kept.flatMap((k) => k.folders).map((c) => ({ dir: c.dir, digestDir: `${c.source.versionDir}.digest` })),
              digestRoot: this.cacheDir,
            }),
          }
        : null;
      for (const f of this.factions) this.previousVersion?.provider.ensureFaction(f);
    }
    if (!this.previousVersion) return undefined;
    this.previousVersion.provider.ensureList(list);
    const provider = this.previousVersion.provider;
    return { data: edition === undefined ? provider.rules() : provider.rulesFor(edition), label: this.previousVersion.label };
  }

  private rebuild(): void {
    this.previousVersion = undefined;
    const cached = [...this.editions].sort().flatMap((e) => cachedDataFolders(this.cacheDir, e));
    this.cachedInUse = [...new Set(cached.map((c) => c.source))];
    this.provider = new RulesProvider({
      paths: this.paths,
      includeNonMatchedPlay: this.includeNonMatchedPlay,
      cached: cached.map((c) => ({ dir: c.dir, digestDir: `${c.source.versionDir}.digest` })),
      // The folders of auspex.data.paths through their digests in the cache too (node/folderDigest.ts).
      digestRoot: this.cacheDir,
    });
    for (const f of this.factions) this.provider.ensureFaction(f);
    this.watch();
  }

  private watch(): void {
    this.unwatch();
    for (const dir of this.provider.watchablePaths()) {
      try {
        const w = fs.watch(dir, { recursive: true, persistent: false }, () => this.scheduleReload(dir));
        w.on('error', () => w.close());
        this.watchers.push(w);
      } catch {
        // A folder that cannot be watched still loads; only live reload is lost.
      }
    }
  }

  private unwatch(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }

  private scheduleReload(dir: string): void {
    this.changedDirs.add(dir);
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      const changed = [...this.changedDirs];
      this.changedDirs.clear();
      this.rebuild();
      this.onReload(changed);
    }, RELOAD_DELAY_MS);
  }
}

/** A data warning in one line: its message, and where it is unless the message says so already. */
export function describe(w: DataWarning): string {
  return `${w.message}${w.source.locator && !w.message.includes(w.source.locator) ? ` (${w.source.file} ${w.source.locator})` : ''}`;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function editionName(e: number): string {
  return e === 11 ? '11th' : e === 10 ? '10th' : `${e}th`;
}

/** The data version to show for one edition's sources: the MFM's, else BattleScribe's revision, else Wahapedia's date. */
function shortVersion(sources: DataSource[]): string | undefined {
  const mfm = sources.find((x) => x.kind === 'mfm');
  const mv = mfm?.version && /v\d+(?:\.\d+)*/.exec(mfm.version);
  if (mv) return `MFM ${mv[0]}`;
  const bs = sources.find((x) => x.kind === 'bsdata');
  const rev = bs?.version && /revision (\S+)/.exec(bs.version);
  if (rev) return `BSData r${rev[1]}`;
  const wh = sources.find((x) => x.kind === 'wahapedia');
  if (wh) return `Wahapedia${wh.version ? ` ${wh.version}` : ''}`;
  return undefined;
}
