// Builds LSP diagnostics from core spans. Severity and source come from the
// registry so every check reports the same way.
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../../domain/parse/ast';
import { DIAGNOSTIC_CODES, DiagnosticCode, Severity, isDiagnosticCode } from './codes';
import { withRule, type RuleRef } from './ruleRefs';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toRange(doc: TextDocument, span: Span) {
  return { start: doc.positionAt(span.start), end: doc.positionAt(span.end) };
}

export interface DiagnosticExtras {
  related?: { span: Span; message: string }[];
  /** Payload for the quick fix (e.g. the replacement), so code actions need no re-analysis. */
  data?: unknown;
  /** The rule the finding applies (else its code's, `withRules`): the message's end, `data.rule`, `codeDescription`. */
  rule?: RuleRef;
}

export function makeDiagnostic(
  doc: TextDocument,
  span: Span,
  code: DiagnosticCode | string,
  message: string,
  extras: DiagnosticExtras = {},
): Diagnostic {
  const severity = isDiagnosticCode(code) ? DIAGNOSTIC_CODES[code].severity : 'error';
  const d = Diagnostic.create(toRange(doc, span), message, SEVERITY[severity], code, 'auspex');
  if (extras.related?.length) {
    d.relatedInformation = extras.related.map((r) =>
      DiagnosticRelatedInformation.create(Location.create(doc.uri, toRange(doc, r.span)), r.message),
    );
  }
  if (extras.data !== undefined) d.data = extras.data;
  return extras.rule ? withRule(d, extras.rule) : d;
}
