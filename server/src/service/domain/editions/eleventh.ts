// The 11th edition (June 2026). Where the data (the 11e game system's
// sharedRules) holds no text for a core rule the engine needs, the 10th
// edition's effect is kept here, in one place, and said so.
import type { EditionRules } from './types';

export const ELEVENTH: EditionRules = {
  edition: 11,
  label: '11th edition',
};
