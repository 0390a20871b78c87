// The one registry of diagnostic codes. Every diagnostic Auspex reports carries
// one of these stable kebab-case codes; quick fixes, severity overrides and the
// documentation key on the code, never on message text.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface CodeInfo {
  severity: Severity;
  /** One line for the docs and `auspex` help. */
  summary: string;
}

export const DIAGNOSTIC_CODES = {
  'parse-error': { severity: 'error', summary: 'A line that is not part of any list format Auspex reads.' },
  'stratagem-syntax': {
    severity: 'error',
    summary: 'A line of the STRATAGEMS plan that does not read `<Stratagem> [(round N[, phase])]: <unit>[, <unit> ...]`.',
  },
  'internal-error': {
    severity: 'warning',
    summary: 'Auspex failed on this line or unit; the rest of the list is still checked. Please report it.',
  },
  'unknown-datasheet': {
    severity: 'error',
    summary: 'A unit whose name matches no datasheet of the loaded rules data; the closest names are suggested.',
  },
  'faction-not-loaded': {
    severity: 'warning',
    summary: 'The list is for a faction the loaded rules data does not cover, so its units cannot be checked.',
  },
  'points-mismatch': {
    severity: 'error',
    summary: "A unit's stated points differ from the rules data's points for its size (enhancements included).",
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, code);
}
