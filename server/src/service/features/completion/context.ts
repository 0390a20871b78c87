// Where the cursor stands in a list, read from the line being typed and the
// parsed tree around it: the header lines, a unit line, a bullet under a unit,
// an enhancement, or a line of the STRATAGEMS plan. The line itself is read
// from the text, since a half-typed line is exactly what the parser cannot know.
import type { ArmyList, Unit } from '../../domain/parse/ast';

export interface Replace {
  /** Offset where the text the item replaces begins; it ends at `end`. */
  start: number;
  end: number;
  /** What the user typed between `start` and the cursor. */
  typed: string;
}

export type CompletionContext =
  | { kind: 'empty' }
  | { kind: 'header'; line: Replace; lineStart: number; /** Read as a unit line, for when the header is complete. */ unitLine: UnitLineContext }
  | UnitLineContext
  | { kind: 'bullet'; unit: Unit; nested: boolean; replace: Replace; /** A count ("2x ") was typed before the name. */ counted: boolean; groupCount?: number; /** The model group a nested line sits under. */ groupModel?: string }
  | { kind: 'enhancement'; unit: Unit; replace: Replace }
  | { kind: 'stratagemName'; replace: Replace; hasTail: boolean }
  | { kind: 'stratagemTarget'; stratagem: string; replace: Replace; already: string[] }
  | { kind: 'none' };

export type UnitNameContext = {
  kind: 'unitName';
  section?: string;
  replace: Replace;
  /** Text after the name on the line (a points bracket). */
  hasTail: boolean;
  /** The line above is blank (or there is none): a unit block inserted here needs no blank line first. */
  prevBlank: boolean;
  /** Only blank lines follow: an inserted unit block ends with a fresh unit line. */
  atEnd: boolean;
};
/** After a name and a space or "(": the sizes, when the name is a datasheet's; else still the name. */
export type UnitLineContext = UnitNameContext | { kind: 'unitSize'; name: string; replace: Replace; nameContext: UnitNameContext };

const BULLET = /^([ \t\u00A0]*)([•◦*-][ \t\u00A0]*)?/;

export function completionContext(text: string, list: ArmyList, offset: number): CompletionContext {
  if (text.trim() === '') return { kind: 'empty' };
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  const line = text.slice(lineStart, lineEnd);
  const prefix = text.slice(lineStart, offset);
  if (prefix.trimStart().startsWith('#')) return { kind: 'none' };

  const plan = list.stratagemPlan;
  if (plan && lineStart > plan.header.span.end && !/^(Exported with|Created with)/i.test(line.trim())) return planContext(text, lineStart, lineEnd, offset);

  const bodyStart = Math.min(list.sections[0]?.span.start ?? Infinity, list.units[0]?.span.start ?? Infinity);
  const bullet = BULLET.exec(prefix)!;
  const indented = bullet[0].length > 0;
  if (lineStart <= bodyStart) {
    const lead = /^\s*/.exec(prefix)![0].length;
    return { kind: 'header', line: replaceTo(text, lineStart + lead, offset, lineEnd, /[(]/), lineStart, unitLine: unitLineContext(text, list, lineStart, lineEnd, offset) };
  }
  if (!indented) return unitLineContext(text, list, lineStart, lineEnd, offset);

  // A bullet or continuation line: the unit whose block it continues.
  const unit = unitAbove(list, lineStart);
  if (!unit) return { kind: 'none' };
  const rest = prefix.slice(bullet[0].length);
  const restStart = lineStart + bullet[0].length;
  const enh = /^(Enhancements?)[ \t]*:[ \t]*/i.exec(rest);
  if (enh) return { kind: 'enhancement', unit, replace: replaceTo(text, restStart + enh[0].length, offset, lineEnd) };
  const count = /^(\d+)[ \t]*x[ \t]*/i.exec(rest);
  const nameStart = restStart + (count ? count[0].length : 0);
  const nested = isNested(text, unit, lineStart, bullet[1].length, bullet[2] ?? '');
  return {
    kind: 'bullet',
    unit,
    nested,
    counted: !!count,
    ...(nested ? groupAbove(text, unit, lineStart, bullet[1].length) : {}),
    replace: replaceTo(text, nameStart, offset, lineEnd),
  };
}

/** From `start` through the cursor, extended over the rest of the word the cursor is in. */
function replaceTo(text: string, start: number, offset: number, lineEnd: number, stop = /[(:,]/): Replace {
  let end = offset;
  while (end < lineEnd && !stop.test(text[end])) end++;
  while (end > offset && /\s/.test(text[end - 1])) end--;
  return { start, end, typed: text.slice(start, offset) };
}

function unitLineContext(text: string, list: ArmyList, lineStart: number, lineEnd: number, offset: number): UnitLineContext {
  const section = [...list.sections].reverse().find((s) => s.span.start < lineStart)?.name.text;
  const prefix = text.slice(lineStart, offset);
  const replace = replaceTo(text, lineStart, offset, lineEnd, /[(]/);
  const above = text.slice(0, Math.max(0, lineStart - 1));
  const prevBlank = lineStart === 0 || above.slice(above.lastIndexOf('\n') + 1).trim() === '';
  const atEnd = text.slice(lineEnd).trim() === '';
  const nameContext: UnitNameContext = { kind: 'unitName', section, replace, hasTail: text.slice(replace.end, lineEnd).trim() !== '', prevBlank, atEnd };
  // "Patriarch " or "Patriarch (": the name is complete, the sizes come next.
  const paren = prefix.lastIndexOf('(');
  const name = (paren >= 0 ? prefix.slice(0, paren) : prefix).trim();
  if (name && !prefix.includes(')') && (paren >= 0 || /[ \t]$/.test(prefix))) {
    const open = paren >= 0 ? lineStart + paren : offset;
    const close = text.indexOf(')', offset);
    const end = close >= 0 && close < lineEnd ? close + 1 : lineEnd;
    return { kind: 'unitSize', name, replace: { start: open, end, typed: text.slice(open, offset) }, nameContext };
  }
  return nameContext;
}

function planContext(text: string, lineStart: number, lineEnd: number, offset: number): CompletionContext {
  const prefix = text.slice(lineStart, offset);
  let colon = -1;
  let depth = 0;
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ':' && depth === 0) {
      colon = i;
      break;
    }
  }
  const lead = /^\s*/.exec(prefix)![0].length;
  if (colon < 0) {
    if (depth > 0) return { kind: 'none' };
    const replace = replaceTo(text, lineStart + lead, offset, lineEnd);
    return { kind: 'stratagemName', replace, hasTail: text.slice(replace.end, lineEnd).trim() !== '' };
  }
  const stratagem = prefix.slice(0, colon).replace(/\([^()]*\)\s*$/, '').trim();
  const targets = prefix.slice(colon + 1);
  const comma = targets.lastIndexOf(',');
  const segStart = lineStart + colon + 1 + comma + 1;
  const ws = /^\s*/.exec(text.slice(segStart, offset))![0].length;
  const already = targets.slice(0, Math.max(0, comma)).split(',').map((s) => s.trim()).filter(Boolean);
  return { kind: 'stratagemTarget', stratagem, replace: replaceTo(text, segStart + ws, offset, lineEnd, /,/), already };
}

/** The unit whose block holds `lineStart`: the last unit starting before it, with no section header in between. */
function unitAbove(list: ArmyList, lineStart: number): Unit | undefined {
  let found: Unit | undefined;
  for (const u of list.units) if (u.span.start < lineStart) found = u;
  if (!found) return undefined;
  const start = found.span.start;
  if (list.sections.some((s) => s.span.start > start && s.span.start < lineStart)) return undefined;
  return found;
}

/** Lines of the unit's block between its unit line and `lineStart` (exclusive), with their indentation. */
function itemLines(text: string, unit: Unit, lineStart: number): { start: number; indent: number; text: string }[] {
  const out: { start: number; indent: number; text: string }[] = [];
  let at = text.indexOf('\n', unit.span.start);
  while (at >= 0 && at + 1 < lineStart) {
    const s = at + 1;
    let e = text.indexOf('\n', s);
    if (e < 0) e = text.length;
    const t = text.slice(s, e).replace(/\r$/, '');
    if (t.trim() !== '' && !t.trimStart().startsWith('#')) out.push({ start: s, indent: /^[ \t\u00A0]*/.exec(t)![0].length, text: t });
    at = e;
  }
  return out;
}

/** Deeper than the unit's first item line (or a "◦" bullet): wargear of a model group. */
function isNested(text: string, unit: Unit, lineStart: number, indent: number, bullet: string): boolean {
  if (bullet.startsWith('◦')) return true;
  const items = itemLines(text, unit, lineStart);
  return items.length > 0 && indent > items[0].indent;
}

/** The "Nx Model" of the model group a nested line sits under. */
function groupAbove(text: string, unit: Unit, lineStart: number, indent: number): { groupCount?: number; groupModel?: string } {
  const items = itemLines(text, unit, lineStart);
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i].indent < indent && /^[ \t\u00A0]*[•*-]/.test(items[i].text)) {
      const m = /^[ \t\u00A0]*[•*-][ \t]*(\d+)x[ \t]*(.*)$/i.exec(items[i].text);
      return m ? { groupCount: Number(m[1]), groupModel: m[2].trim() } : {};
    }
  }
  return {};
}
