// The 10th edition (2023–2026): the rules Auspex 0.1 implemented.
import type { EditionRules } from './types';

export const TENTH: EditionRules = {
  edition: 10,
  label: '10th edition',
};
