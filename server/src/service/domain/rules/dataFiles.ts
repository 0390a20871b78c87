// How the pure loaders receive files: either all contents up front, or an
// accessor the node side implements over a folder so a loader reads only the
// files (or the first bytes of files) it needs.
import { DataWarning, RulesData, SourceRef } from './model';

export interface DataFiles {
  /** Base names of the files available. */
  list(): string[];
  /** Whole file as text; undefined when it cannot be read. */
  read(name: string): string | undefined;
  /** The first `chars` characters (cheap header reads); falls back to read(). */
  head?(name: string, chars: number): string | undefined;
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
  };
}

export function readHead(files: DataFiles, name: string, chars: number): string | undefined {
  return files.head ? files.head(name, chars) : files.read(name)?.slice(0, chars);
}

/** Which loader a set of file names is for. */
export function detectDataKind(names: string[]): 'bsdata' | 'wahapedia' | undefined {
  if (names.some((n) => /\.gst$/i.test(n))) return 'bsdata';
  if (names.some((n) => /^datasheets\.csv$/i.test(n))) return 'wahapedia';
  if (names.some((n) => /\.cat$/i.test(n))) return 'bsdata';
  return undefined;
}

export function emptyRulesData(): RulesData {
  return { sources: [], factions: [], datasheets: [], detachments: [], enhancements: [], stratagems: [], coreRules: [], battleSizes: [] };
}

export function warn(code: string, message: string, source: SourceRef, severity: DataWarning['severity'] = 'warning'): DataWarning {
  return { code, severity, message, source };
}
