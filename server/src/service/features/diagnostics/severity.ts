// The user's per-code severity overrides (setting auspex.diagnostics.severity),
// applied after every check has run so that no check needs to know them.
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { Severity } from './codes';

const LEVEL: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function applySeverityOverrides(diagnostics: Diagnostic[], overrides: Record<string, Severity | 'off'>): Diagnostic[] {
  if (Object.keys(overrides).length === 0) return diagnostics;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const o = overrides[String(d.code)];
    if (o === 'off') continue;
    out.push(o ? { ...d, severity: LEVEL[o] } : d);
  }
  return out;
}
