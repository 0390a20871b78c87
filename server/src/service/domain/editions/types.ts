// The interface every edition module implements. Members are grouped by the
// concern that asks them; a new edition is one new module implementing this.
export type Edition = 10 | 11;
export const EDITIONS: readonly Edition[] = [10, 11];

/** The `auspex.edition` setting / `--edition` flag: detect from the list, or force one. */
export type EditionSetting = 'auto' | '10' | '11';

export interface EditionRules {
  readonly edition: Edition;
  /** "10th edition", "11th edition": how messages and hovers name it. */
  readonly label: string;
}
