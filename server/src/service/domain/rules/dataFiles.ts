// How the pure loaders receive files: either all contents up front, or an
// accessor the node side implements over a folder so a loader reads only the
// files (or the first bytes of files) it needs.
import { DataWarning, RulesData, SourceRef } from './model';
import { jsonRootName } from './bsdataJson';

export interface DataFiles {
  /** Base names of the files available. */
  list(): string[];
  /** Whole file as text; undefined when it cannot be read. */
  read(name: string): string | undefined;
  /** The first `chars` characters (cheap header reads); falls back to read(). */
  head?(name: string, chars: number): string | undefined;
  /** The last `chars` characters (BattleScribe JSON writes the root's attributes last); falls back to read(). */
  tail?(name: string, chars: number): string | undefined;
}

export type FileInput = { name: string; text: string }[] | DataFiles;

export interface LoadResult {
  data: RulesData;
  warnings: DataWarning[];
}

export function asDataFiles(input: FileInput): DataFiles {
  if (!Array.isArray(input)) return input;
  const byName = new Map(input.map((f) => [f.name, f.text] as const));
  return {
    list: () => [...byName.keys()],
    read: (n) => byName.get(n),
    head: (n, c) => byName.get(n)?.slice(0, c),
    tail: (n, c) => byName.get(n)?.slice(-c),
  };
}

export function readHead(files: DataFiles, name: string, chars: number): string | undefined {
  return files.head ? files.head(name, chars) : files.read(name)?.slice(0, chars);
}

export function readTail(files: DataFiles, name: string, chars: number): string | undefined {
  return files.tail ? files.tail(name, chars) : files.read(name)?.slice(-chars);
}

export type DataKind = 'bsdata' | 'wahapedia' | 'mfm';

/**
 * Which loader a set of file names is for. `head` (the first characters of a file) tells BattleScribe JSON
 * (`{"gameSystem": ...` / `{"catalogue": ...`) from other JSON files; without it any `.json` counts.
 */
export function detectDataKind(names: string[], head?: (name: string) => string | undefined): DataKind | undefined {
  if (names.some((n) => /\.gst$/i.test(n))) return 'bsdata';
  if (names.some((n) => /^datasheets\.csv$/i.test(n))) return 'wahapedia';
  if (names.some((n) => /\.cat$/i.test(n))) return 'bsdata';
  const json = names.filter((n) => /\.json$/i.test(n));
  if (json.some((n) => !head || jsonRootName(head(n) ?? '') !== undefined)) return 'bsdata';
  // Munitorum Field Manual: faction YAML files (meta.yaml beside them), each starting with its name.
  const yaml = names.filter((n) => /\.ya?ml$/i.test(n));
  if (yaml.some((n) => /^meta\.ya?ml$/i.test(n)) || yaml.some((n) => !head || /^name:/m.test(head(n) ?? ''))) return yaml.length ? 'mfm' : undefined;
  return undefined;
}

export function emptyRulesData(): RulesData {
  return { sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] };
}

export function warn(code: string, message: string, source: SourceRef, severity: DataWarning['severity'] = 'warning'): DataWarning {
  return { code, severity, message, source };
}
