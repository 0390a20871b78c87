// Format Document: the list re-written in its own exporter's layout when Auspex writes that format (the official
// app's two layouts, New Recruit's GW, WTC and tournament exports, War Organ's, the compact text), else in the
// official app's (ListForge, BattleScribe, New Recruit's simple and short exports). Only the layout changes: the
// writer is the converter's (features/convert), Auspex's own lines (`#` comments, the OPPONENT line) go back before
// what followed them, the STRATAGEMS plan is copied verbatim at the end, and the result is read back before it is
// given: a layout that cannot hold a fact of the list, a result that would read differently, or one that would
// format differently again is refused, the text left as written. A real export comes back unchanged.
import { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from '../domain/parse/ast';
import { parseArmyList } from '../domain/parse';
import { ConvertFormat, writeLines } from './convert';
import { armyOf } from './convert/model';
import { finish, OutLine } from './convert/out';
import { differs } from './convert/facts';
import { readSourceStyle } from './convert/source';
import type { SectionResolver } from './convert/sections';

export { APP_SECTIONS, appSectionOf, datasheetSection, footerLine, namedAppSection, sectionOfUnit } from './convert/sections';
export type { AppSection, SectionResolver } from './convert/sections';

const JSON_ROSTERS = new Set(['nrjson', 'listforgejson', 'rosterizerjson', 'json']);

/** Parse errors that do not stop formatting: the plan they sit in is copied as written. */
const HARMLESS_ERRORS = new Set(['stratagem-syntax']);

export type FormatResult = { ok: true; text: string } | { ok: false; reason: string };

/** The layout Format Document writes a list in: its own exporter's where Auspex writes it, else the app's. */
export function layoutOf(list: ArmyList, text: string): ConvertFormat {
  switch (list.format) {
    case 'gwapp':
    case 'gwapp2':
      return readSourceStyle(list, text).appDialect === 'B' ? 'app-v2' : 'app';
    case 'nrgw':
      return 'nr-gw';
    case 'wtc':
      return 'nr-wtc';
    case 'wtccompact':
      return 'nr-tournament';
    case 'warorgan':
      return 'warorgan';
    case 'compact':
      return 'compact';
    default:
      return 'app';
  }
}

/** Formats the list, or says why it will not. */
export function tryFormatList(text: string, list: ArmyList, sectionOf?: SectionResolver): FormatResult {
  const blocking = list.errors.filter((e) => !HARMLESS_ERRORS.has(e.code));
  if (blocking.length) {
    const first = blocking[0];
    return { ok: false, reason: `the list has ${blocking.length} parse error(s) (first: ${first.message}); fix them before formatting` };
  }
  if (list.units.length === 0) return { ok: false, reason: 'the list has no units to format' };
  // A JSON roster is its exporter's file: it is converted (Convert List To…, Open Roster as Army List), never rewritten.
  if (JSON_ROSTERS.has(list.format)) return { ok: false, reason: 'a JSON roster is not formatted; convert it to a list format instead' };
  const first = render(text, list, sectionOf);
  if (!first.ok || first.text === text) return first;
  // The new text must say what the list says, and be formatted already: a list the parser reads differently in
  // this layout (damaged input) is left as written rather than changed or made unstable.
  const again = parseArmyList(first.text);
  const diff = again.errors.some((e) => !HARMLESS_ERRORS.has(e.code))
    ? `the result has a parse error: ${again.errors[0].message}`
    : differs(list, again, { texts: { before: text, after: first.text }, eleventh: list.editionShown === 11 });
  if (diff) return { ok: false, reason: `formatting would change the list (${diff}); left as written` };
  const second = render(first.text, again, sectionOf);
  if (!second.ok || second.text !== first.text) return { ok: false, reason: 'the formatted list would not read back as formatted; left as written' };
  return first;
}

/** The list in its layout; the text unchanged when it cannot be formatted safely. */
export function formatList(text: string, list: ArmyList, sectionOf?: SectionResolver): string {
  const r = tryFormatList(text, list, sectionOf);
  return r.ok ? r.text : text;
}

export interface FormattingOutcome {
  edits: TextEdit[];
  /** Why nothing was changed although the text is not in its layout, for the log. */
  refused?: string;
}

/** One whole-document edit, none when already formatted or when formatting is refused (with the reason). */
export function formatDocument(doc: TextDocument, list: ArmyList, sectionOf?: SectionResolver): FormattingOutcome {
  const text = doc.getText();
  const r = tryFormatList(text, list, sectionOf);
  if (!r.ok) return { edits: [], refused: r.reason };
  if (r.text === text) return { edits: [] };
  return { edits: [TextEdit.replace({ start: doc.positionAt(0), end: doc.positionAt(text.length) }, r.text)] };
}

export function formattingEdits(doc: TextDocument, list: ArmyList): TextEdit[] {
  return formatDocument(doc, list).edits;
}

/** The list written in its layout, with Auspex's own lines put back; refused when the layout cannot hold a fact. */
function render(text: string, list: ArmyList, sectionOf?: SectionResolver): FormatResult {
  const format = layoutOf(list, text);
  const army = armyOf(list, list.editionShown ?? 10, { source: text, sectionOf, formatting: true });
  const written = finish(writeLines(army, format), army);
  if (written.dropped.length) return { ok: false, reason: `the ${format} layout cannot hold ${written.dropped.join('; ')}; left as written` };
  if (written.escaped.length) return { ok: false, reason: `the ${format} layout would change names (${written.escaped.join('; ')}); left as written` };
  const lines = withOwnLines(written.lines, list, text);
  const eol = army.source.eol;
  return { ok: true, text: lines.join(eol) + (army.source.finalNewline ? eol : '') };
}

/**
 * The lines with `#` comments and the OPPONENT line put back, each before the line that writes what followed it in
 * the source (indented as that line), those before everything on top, those after everything at the end; the
 * STRATAGEMS plan at the end, verbatim, and the comments after it after it.
 */
function withOwnLines(lines: OutLine[], list: ArmyList, text: string): string[] {
  const plan = list.stratagemPlan;
  const own: Span[] = [...list.comments, ...(list.opponent ? [list.opponent.span] : [])].sort((a, b) => a.start - b.start);
  const inPlan = (s: Span) => !!plan && s.start > plan.span.start && s.start < plan.span.end;
  const afterPlan = own.filter((s) => plan && s.start >= plan.span.end);
  const placed = own.filter((s) => !inPlan(s) && !afterPlan.includes(s));
  // Each anchored line by where what it writes stands; a comment goes before the first of them past it.
  const anchors = lines.map((l, i) => ({ at: l.at, i })).filter((a): a is { at: number; i: number } => a.at !== undefined).sort((a, b) => a.at - b.at || a.i - b.i);
  const before = new Map<number, Span[]>();
  const top: Span[] = [];
  const end: Span[] = [];
  for (const c of placed) {
    let lo = 0;
    let hi = anchors.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (anchors[mid].at > c.start) hi = mid;
      else lo = mid + 1;
    }
    if (lo === anchors.length) end.push(c);
    else if (lo === 0) top.push(c);
    else {
      const i = anchors[lo].i;
      let cs = before.get(i);
      if (!cs) before.set(i, (cs = []));
      cs.push(c);
    }
  }
  const own1 = (c: Span) => text.slice(c.start, c.end);
  const out: string[] = top.map(own1);
  lines.forEach((l, i) => {
    const indent = /^[ \t]*/.exec(l.text)![0];
    for (const c of before.get(i) ?? []) out.push(indent + own1(c));
    out.push(l.text);
  });
  for (const c of end) out.push(own1(c));
  if (plan) {
    if (out.length && out[out.length - 1] !== '') out.push('');
    for (const l of text.slice(plan.header.span.start, plan.span.end).split(/\r\n|\r|\n/)) out.push(l.replace(/\s+$/, ''));
  }
  for (const c of afterPlan) out.push(own1(c));
  return out;
}

/** The first difference in what two lists say (units, header, attached units, Auspex's own lines), or undefined. */
export function compareArmies(a: ArmyList, b: ArmyList, texts?: { before: string; after: string }): string | undefined {
  if (b.errors.some((e) => !HARMLESS_ERRORS.has(e.code))) return `the result has a parse error: ${b.errors[0].message}`;
  return differs(a, b, { texts, eleventh: a.editionShown === 11 });
}
