// What the output channel says about the rules data (issue 14, "nothing silent"): which folders
// and cached sources were read, which factions loaded and how long that took, and why a list's
// faction is not available. Warnings about the data are logged by statusReport.ts.
// Each message is logged once per change, so reopening a list does not repeat them; a faction being typed is said
// to be missing once the typing pauses, not at every keystroke ("W", "Wo", "Wor").
import type { ArmyList } from '../service/domain/parse/ast';
import type { RulesData } from '../service/domain/rules/model';
import { RulesIndex } from '../service/domain/rules';
import { normalizeName } from '../service/domain/text/normalize';
import type { RulesStatus } from './rulesState';

export type LogFn = (message: string) => void;

/** A folder of `auspex.data.paths` as opened. */
export interface FolderRead {
  dir: string;
  kind: string;
  edition?: number;
  problem?: string;
}

/** How long a list's text must rest before its missing faction is logged (an opened list's at once). */
export const SETTLE_MS = 1500;

const KIND_NAMES: Record<string, string> = { bsdata: 'BattleScribe data', wahapedia: 'Wahapedia export', mfm: 'Munitorum Field Manual' };

export class DataLog {
  /** The status tooltip lines logged: each once a session (settings arriving twice, a reload of the same data say nothing new). */
  private shown = new Set<string>();
  /** Per document: the faction last checked and the data it was checked against. */
  private checked = new Map<string, { faction: string; data: RulesData }>();
  /** The documents seen (opened) and the missing faction each waits to log until its text rests. */
  private readonly seen = new Set<string>();
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>>();
  /** The document version each list was last asked at. */
  private readonly versions = new Map<string, number>();

  /** Whether the folders were logged once: the first settings are logged even when they change nothing. */
  started = false;

  constructor(
    private readonly log: LogFn,
    private readonly warn: LogFn = log,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /**
   * After the data settings were applied: the folders (`auspex.data.paths`) and the download cache,
   * and the time reading them took.
   */
  configured(folders: FolderRead[], cacheFolder: string, ms: number, status: RulesStatus | undefined): void {
    this.started = true;
    const described = folders.map((f) => `"${f.dir}" (${f.problem ? `not usable: ${f.problem}` : `${KIND_NAMES[f.kind] ?? f.kind}, ${f.edition}th edition`})`);
    // A folder that cannot be used is a problem to find: a warning; otherwise a note.
    (folders.some((f) => f.problem) ? this.warn : this.log)(`auspex data: folders ${folders.length ? described.join(', ') : 'none (auspex.data.paths is empty)'}; download cache "${cacheFolder}"; read in ${ms} ms`);
    this.status(status);
  }

  /**
   * After an opened or edited list asked for its data: what the loading read (only when it changed
   * the data) and, when the list's faction is still not there, why.
   */
  needed(uri: string, list: ArmyList, changed: boolean, ms: number, data: RulesData, status: RulesStatus | undefined, edition: number, version?: number): void {
    if (changed) {
      this.log(`auspex data: loaded for ${uri} (${edition}th edition) in ${ms} ms`);
      this.status(status);
    }
    const opened = !this.seen.has(uri);
    this.seen.add(uri);
    // The text changed since the last ask: an edit, even when it brought data (a new list's first line moving it
    // from the current edition to the one its text shows).
    const edited = version !== undefined && this.versions.has(uri) && this.versions.get(uri) !== version;
    if (version !== undefined) this.versions.set(uri, version);
    const faction = list.faction?.text;
    if (!faction) return;
    // Checked when the data changed or the list names another faction: not on every keystroke.
    const key = normalizeName(faction);
    const last = this.checked.get(uri);
    if (!changed && last?.faction === key && last.data === data) return;
    this.checked.set(uri, { faction: key, data });
    clearTimeout(this.waiting.get(uri));
    this.waiting.delete(uri);
    if (factionAvailable(data, faction)) return;
    const message = `auspex data: faction "${faction}" of ${uri} is not available: ${whyMissing(data, edition)}`;
    // An opened list, or new data: said at once. An edit: once the text has rested (the faction may be half typed).
    if (opened || (changed && !edited)) return this.warn(message);
    const timer = setTimeout(() => {
      this.waiting.delete(uri);
      this.warn(message);
    }, this.settleMs);
    timer.unref?.();
    this.waiting.set(uri, timer);
  }

  forget(uri: string): void {
    this.checked.delete(uri);
    this.seen.delete(uri);
    this.versions.delete(uri);
    clearTimeout(this.waiting.get(uri));
    this.waiting.delete(uri);
  }

  /** The status tooltip's lines (sources, downloads, factions loaded, folders) that are new. */
  private status(status: RulesStatus | undefined): void {
    if (!status) return;
    const lines = status.tooltip.split('\n').filter((l) => l && !l.startsWith('⚠'));
    for (const l of lines) {
      if (this.shown.has(l)) continue;
      this.shown.add(l);
      this.log(`auspex data: ${l}`);
    }
  }
}

const indexes = new WeakMap<RulesData, RulesIndex>();
/** Whether the data has the faction, by the test the faction-not-loaded check makes (a Faction entry or keyword). */
export function factionAvailable(data: RulesData, faction: string): boolean {
  let index = indexes.get(data);
  if (!index) indexes.set(data, (index = new RulesIndex(data)));
  return index.faction(faction) !== undefined || index.hasFactionKeyword(faction);
}

/** The reason a faction is missing, from which sources of the list's edition were read. */
export function whyMissing(data: RulesData, edition: number): string {
  const own = data.sources.filter((s) => s.edition === edition && s.kind !== 'embedded');
  const factions = [...new Set(data.factions.map((f) => f.name))].sort();
  const have = factions.length ? `the loaded data has ${factions.length > 12 ? `${factions.slice(0, 12).join(', ')} and ${factions.length - 12} more` : factions.join(', ')}` : 'no faction is loaded';
  const where = own.length
    ? `no ${edition}th-edition source read (${own.map((s) => s.kind + (s.version ? ` ${s.version}` : '')).join(', ')}) has it, or its name is spelled differently`
    : `no ${edition}th-edition rules data is configured or downloaded (only the embedded seed is loaded)`;
  return `${where}; ${have}. Set auspex.data.paths to a folder that has it, or run "Auspex: Download Rules Data".`;
}
