// The editions Auspex knows, in a module of its own that imports nothing: every layer may name them.
export type Edition = 10 | 11;
export const EDITIONS: readonly Edition[] = [10, 11];
/** The edition being played now (June 2026): what a new, empty list is written in, and what a new player downloads first. */
export const CURRENT_EDITION: Edition = 11;

/** The `auspex.edition` setting / `--edition` flag: detect from the list, or force one. */
export type EditionSetting = 'auto' | '10' | '11';
