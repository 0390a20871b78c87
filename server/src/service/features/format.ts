// Document formatting: rewrites a list in any supported export format into
// the official app's layout ("dialect A"), the one every tool reads. Only the
// syntax tree is used, so every unit, count, wargear item, enhancement and
// Warlord survives; `#` comments stay next to what they stood before, and the
// STRATAGEMS plan is copied verbatim. A list that does not parse cleanly is
// never formatted: the user's text must not be lost to a misread.
import { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, ModelGroup, Span, Unit, WargearRef } from '../domain/parse/ast';
import { parseArmyList } from '../domain/parse';

/** The app's section headers, in the app's order. */
export const APP_SECTIONS = ['CHARACTERS', 'BATTLELINE', 'DEDICATED TRANSPORTS', 'OTHER DATASHEETS', 'ALLIED UNITS'] as const;
export type AppSection = (typeof APP_SECTIONS)[number];

/** Parse errors that do not stop formatting: the plan they sit in is copied as written. */
const HARMLESS_ERRORS = new Set(['stratagem-syntax']);

/** Maps any format's section, role or category name onto the app's sections. */
export function appSectionOf(name: string | undefined): AppSection | undefined {
  if (!name) return undefined;
  return namedAppSection(name) ?? 'OTHER DATASHEETS';
}

/**
 * The app section a unit belongs in by its datasheet (`datasheetSection`), given by the caller that has rules data:
 * a unit filed under a name that is no app section (War Organ's groups, New Recruit's "Vehicle", no section at
 * all) goes where its keywords put it. Undefined: the data does not know the unit.
 */
export type SectionResolver = (unit: Unit) => AppSection | undefined;

/** The app section a datasheet's keywords give: EPIC HERO / CHARACTER, BATTLELINE, DEDICATED TRANSPORT, else OTHER DATASHEETS. */
export function datasheetSection(keywords: readonly string[], epicHero = false): AppSection {
  const k = new Set(keywords.map((x) => x.toUpperCase()));
  if (epicHero || k.has('CHARACTER') || k.has('EPIC HERO')) return 'CHARACTERS';
  if (k.has('BATTLELINE')) return 'BATTLELINE';
  if (k.has('DEDICATED TRANSPORT')) return 'DEDICATED TRANSPORTS';
  return 'OTHER DATASHEETS';
}

/** The app section a section name states, undefined when it names none ("Loud Exalted Conclave", "Vehicle"). */
export function namedAppSection(name: string): AppSection | undefined {
  const n = name
    .replace(/\[[^\]]*\]|\([^)]*\)/g, '')
    .replace(/[:\s]+$/, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ');
  // The app's French headers too (PERSONNAGES, LIGNE, TRANSPORT ASSIGNÉ, UNITÉS ALLIÉES).
  if (/^(EPIC HERO(ES)?|CHARACTERS?|HQS?|WARLORD|PERSONNAGES?|HÉROS ÉPIQUES?)$/.test(n)) return 'CHARACTERS';
  if (/^(BATTLELINE|TROOPS?|LIGNE)$/.test(n)) return 'BATTLELINE';
  if (/^(DEDICATED TRANSPORTS?|TRANSPORTS? ASSIGNÉS?)$/.test(n)) return 'DEDICATED TRANSPORTS';
  if (/^(ALLIED UNITS?|ALLIES|UNITÉS ALLIÉES)$/.test(n)) return 'ALLIED UNITS';
  if (/^(OTHER DATASHEETS|AUTRES FICHES TECHNIQUES)$/.test(n)) return 'OTHER DATASHEETS';
  return undefined;
}

export type FormatResult = { ok: true; text: string } | { ok: false; reason: string };

/** Formats the list, or says why it will not. */
export function tryFormatList(text: string, list: ArmyList, sectionOf?: SectionResolver): FormatResult {
  const blocking = list.errors.filter((e) => !HARMLESS_ERRORS.has(e.code));
  if (blocking.length) {
    const first = blocking[0];
    return { ok: false, reason: `the list has ${blocking.length} parse error(s) (first: ${first.message}); fix them before formatting` };
  }
  if (list.units.length === 0) return { ok: false, reason: 'the list has no units to format' };
  const out = render(text, list, sectionOf);
  if (out === text) return { ok: true, text: out };
  // The new text must read back as the same army, and as already formatted: a list the parser reads
  // differently in the app layout (damaged input) is left as written rather than changed or made unstable.
  const again = parseArmyList(out);
  const diff = compareArmies(list, again);
  if (diff) return { ok: false, reason: `formatting would change the list (${diff}); left as written` };
  if (render(out, again, sectionOf) !== out) return { ok: false, reason: 'the formatted list would not read back as formatted; left as written' };
  return { ok: true, text: out };
}

/** The list in the app layout; the text unchanged when it cannot be formatted safely. */
export function formatList(text: string, list: ArmyList, sectionOf?: SectionResolver): string {
  const r = tryFormatList(text, list, sectionOf);
  return r.ok ? r.text : text;
}

export interface FormattingOutcome {
  edits: TextEdit[];
  /** Why nothing was changed although the text is not in the app layout, for the log. */
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

/** First difference in what a list fields (units, points, models, wargear, enhancements, Warlord), or undefined. */
export function compareArmies(a: ArmyList, b: ArmyList): string | undefined {
  if (b.errors.some((e) => !HARMLESS_ERRORS.has(e.code))) return `the result has a parse error: ${b.errors[0].message}`;
  if (a.units.length !== b.units.length) return `${a.units.length} units became ${b.units.length}`;
  const sig = (u: Unit) => JSON.stringify(unitSignature(u));
  const left = a.units.map(sig).sort();
  const right = b.units.map(sig).sort();
  for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return `unit ${left[i]} became ${right[i]}`;
  if (a.editionShown !== b.editionShown) return `the ${a.editionShown ?? 10}th-edition list became a ${b.editionShown ?? 10}th-edition one`;
  if (a.editionShown === 11) {
    const ha = JSON.stringify(eleventhSignature(a));
    const hb = JSON.stringify(eleventhSignature(b));
    if (ha !== hb) return `the header or attached units ${ha} became ${hb}`;
  }
  return undefined;
}

/** What formatting must keep of an 11th-edition list beyond its units: detachments, DP, dispositions, attachments. */
function eleventhSignature(l: ArmyList): object {
  const sig = (u: Unit) => JSON.stringify(unitSignature(u));
  return {
    detachments: l.detachments.map((d) => d.text),
    dp: l.detachmentPointsStated?.total.value ?? (l.detachmentPoints ?? []).map((p) => p?.value ?? null),
    dispositions: (l.forceDispositions ?? []).map((d) => d.text),
    attachments: (l.attachments ?? []).map((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])].map(sig).sort().join(' + ')).sort(),
  };
}

/** What formatting must keep of a unit. */
export function unitSignature(u: Unit): { name: string; points?: number; models: number; wargear: string[]; enhancements: string[]; warlord: boolean; leading?: string; attachedAs?: string } {
  const gear = new Map<string, number>();
  const add = (w: WargearRef) => gear.set(w.name.text, (gear.get(w.name.text) ?? 0) + w.count);
  for (const m of u.models) m.wargear.forEach(add);
  (u.wargear ?? []).forEach(add);
  return {
    name: u.name.text,
    points: u.points?.value,
    models: modelCount(u),
    wargear: [...gear].map(([n, c]) => `${c}x ${n}`).sort(),
    enhancements: u.enhancements.map((e) => (e.points !== undefined ? `${e.name.text} (+${e.points})` : e.name.text)).sort(),
    warlord: !!u.warlord,
    leading: u.leading?.text,
    attachedAs: u.attachedAs?.role,
  };
}

function modelCount(u: Unit): number {
  if (u.models.length) return u.models.reduce((a, m) => a + m.count, 0);
  return u.statedModelCount?.value ?? 1;
}

// ---- rendering -----------------------------------------------------------

const points = (n: number) => `(${n} Points)`;
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

interface Out {
  lines: string[];
}

/**
 * The list in the app layout (also the converter's `app` format, `convert/app.ts`): `text` is the list's source,
 * read for its comments, line ends, STRATAGEMS plan and footer.
 */
export function renderAppLayout(text: string, list: ArmyList, sectionOf?: SectionResolver): string {
  return render(text, list, sectionOf);
}

function render(text: string, list: ArmyList, sectionOf?: SectionResolver): string {
  const eleventh = list.editionShown === 11;
  const eol = /\r\n/.test(text.slice(0, Math.max(text.indexOf('\n') + 1, 0))) ? '\r\n' : '\n';
  const plan = list.stratagemPlan;
  // The OPPONENT line (an Auspex extension) is kept where it stands, as a comment is.
  const kept = list.opponent ? [...list.comments, list.opponent.span].sort((a, b) => a.start - b.start) : list.comments;
  const comments = kept.filter((c) => !plan || c.start < plan.span.start || c.start > plan.span.end);
  const commentText = (c: Span) => text.slice(c.start, c.end);
  const units = list.units;
  const firstUnitStart = Math.min(...units.map((u) => u.span.start));
  const lastUnitEnd = Math.max(...units.map((u) => u.span.end));

  // Comments: before the header, after it, inside a unit, before a unit, after the last unit, after the plan.
  const headerSpans = [
    list.title?.span,
    list.statedPoints?.span,
    list.superFaction?.span,
    list.faction?.span,
    list.battleSize?.span,
    ...list.detachments.map((d) => d.span),
    ...(list.forceDispositions ?? []).map((d) => d.span),
  ].filter(
    (s): s is Span => !!s && s.start < firstUnitStart,
  );
  const headerStart = headerSpans.length ? Math.min(...headerSpans.map((s) => s.start)) : firstUnitStart;
  const top: Span[] = [];
  const afterHeader: Span[] = [];
  const inUnit = new Map<Unit, Span[]>();
  const beforeUnit = new Map<Unit, Span[]>();
  const beforeEnd: Span[] = [];
  const afterPlan: Span[] = [];
  const push = <K>(m: Map<K, Span[]>, k: K, c: Span) => m.set(k, [...(m.get(k) ?? []), c]);
  for (const c of comments) {
    if (plan && c.start > plan.span.end) afterPlan.push(c);
    else if (c.start < headerStart) top.push(c);
    else if (c.start < firstUnitStart) afterHeader.push(c);
    else if (c.start > lastUnitEnd) beforeEnd.push(c);
    else {
      const host = units.find((u) => u.span.start < c.start && c.start < u.span.end);
      if (host) push(inUnit, host, c);
      else push(beforeUnit, units.find((u) => u.span.start > c.start)!, c);
    }
  }

  const out: Out = { lines: [] };
  const line = (s: string) => out.lines.push(s);
  const blank = () => {
    if (out.lines.length && out.lines[out.lines.length - 1] !== '') line('');
  };
  for (const c of top) line(commentText(c));

  // Header: title, blank, [super-faction], faction, detachment, battle size.
  const total = list.statedPoints?.value ?? (units.every((u) => u.points) ? units.reduce((a, u) => a + u.points!.value, 0) : undefined);
  if (total !== undefined) {
    const name = list.title?.text || list.faction?.text || 'Army List';
    line(`${name} ${points(total)}`);
    blank();
  }
  if (list.superFaction) line(list.superFaction.text);
  if (list.faction) line(list.faction.text);
  const size = list.battleSize ? list.battleSize.name.text + (list.battleSize.points !== undefined ? ` (${thousands(list.battleSize.points)} Points)` : '') : undefined;
  if (eleventh) {
    // The app's v2: detachments with their Detachment Points, force dispositions, then the battle size.
    const d = detachmentLine(list);
    if (d) line(d);
    if (list.forceDispositions?.length) line(`Force Dispositions: ${list.forceDispositions.map((f) => f.text).join(', ')}`);
    if (size) line(size);
  } else if (list.detachments.length > 1 && size) {
    // The app writes one detachment before the battle size; two read back only after it.
    line(size);
    for (const d of list.detachments) line(d.text);
  } else {
    for (const d of list.detachments) line(d.text);
    if (size) line(size);
  }
  blank();
  for (const c of afterHeader) line(commentText(c));
  blank();

  // 11th edition: the Attached Units block first, one "Attached unit N" group per attachment.
  const attached = new Set<Unit>();
  const groups = eleventh ? (list.attachments ?? []).map((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])].sort((x, y) => x.span.start - y.span.start)) : [];
  if (groups.some((g) => g.length)) {
    line('ATTACHED UNITS');
    groups
      .filter((g) => g.length)
      .forEach((g, i) => {
        blank();
        line(`Attached unit ${i + 1}`);
        blank();
        for (const u of g) {
          attached.add(u);
          for (const c of beforeUnit.get(u) ?? []) line(commentText(c));
          renderUnit(out, u, inUnit.get(u) ?? [], commentText);
          blank();
        }
      });
  }

  // Sections in app order, units in their original order within each.
  const bySection = new Map<AppSection, Unit[]>();
  for (const u of units) {
    if (attached.has(u)) continue;
    const s = sectionOfUnit(text, u, sectionOf);
    bySection.set(s, [...(bySection.get(s) ?? []), u]);
  }
  const sectionStart = (u: Unit) => list.sections.find((s) => s.units.includes(u))?.span.start;
  for (const s of APP_SECTIONS) {
    const us = bySection.get(s);
    if (!us) continue;
    // A comment that stood above the section header of the first unit stays above the new header.
    const first = us[0];
    const firstComments = beforeUnit.get(first) ?? [];
    const hdr = sectionStart(first);
    const aboveHeader = firstComments.filter((c) => hdr !== undefined && c.start < hdr);
    blank();
    for (const c of aboveHeader) line(commentText(c));
    line(s);
    blank();
    for (const u of us) {
      for (const c of beforeUnit.get(u) ?? []) if (!aboveHeader.includes(c)) line(commentText(c));
      renderUnit(out, u, inUnit.get(u) ?? [], commentText);
      blank();
    }
  }
  for (const c of beforeEnd) line(commentText(c));
  // The app's v2 footer names the data version the list was built with: kept as written.
  const footer = eleventh ? footerLine(text, list) : undefined;
  if (footer) {
    blank();
    line(footer);
  }
  if (plan) {
    blank();
    for (const l of text.slice(plan.header.span.start, plan.span.end).split(/\r\n|\r|\n/)) line(l.replace(/\s+$/, ''));
  }
  for (const c of afterPlan) line(commentText(c));
  while (out.lines.length && out.lines[out.lines.length - 1] === '') out.lines.pop();
  return out.lines.join(eol) + eol;
}

/**
 * "A and B (3 Detachment Points)" as the app writes it; each detachment's own DP when only those are stated;
 * without any DP, the names joined by commas (the form every reader splits).
 */
function detachmentLine(list: ArmyList): string | undefined {
  const ds = list.detachments;
  if (!ds.length) return undefined;
  const stated = list.detachmentPointsStated;
  const dp = (n: number) => `(${n} Detachment Points)`;
  if (stated) return `${ds.map((d) => d.text).join(' and ')} ${dp(stated.total.value)}`;
  const own = list.detachmentPoints ?? [];
  if (own.some((p) => p)) return ds.map((d, i) => (own[i] ? `${d.text} ${dp(own[i]!.value)}` : d.text)).join(' and ');
  return ds.map((d) => d.text).join(', ');
}

/** The footer line holding the app's data version, as written. */
export function footerLine(text: string, list: ArmyList): string | undefined {
  const v = list.dataVersion;
  if (!v) return undefined;
  const start = text.lastIndexOf('\n', v.span.start) + 1;
  const nl = text.indexOf('\n', v.span.end);
  return text.slice(start, nl < 0 ? text.length : nl).trim();
}

/**
 * The app section a unit belongs in: the app section its own section names; else the one its datasheet's keywords
 * give (when the caller has the data); else its own section mapped, else what the unit line shows.
 */
export function sectionOfUnit(text: string, u: Unit, sectionOf?: SectionResolver): AppSection {
  const named = u.section ? namedAppSection(u.section) : undefined;
  if (named) return named;
  const byData = sectionOf?.(u);
  if (byData) return byData;
  const mapped = appSectionOf(u.section);
  if (mapped) return mapped;
  // New Recruit's WTC-compact numbers characters ("Char1: ..."); short lists give no section at all.
  if (/^[A-Za-z]*Char\d+\s*:/i.test(text.slice(u.span.start, u.span.end)) || u.warlord || u.enhancements.length) return 'CHARACTERS';
  return 'OTHER DATASHEETS';
}

/** The app's English "Attached as:" bullet for a role; an English bullet's own qualifier ("(Battleline)", "()") is kept. */
function attachedAsText(role: 'leader' | 'support' | 'bodyguard', written: string): string {
  if (role === 'leader') return 'Attached as: Leader (Character)';
  if (role === 'support') return 'Attached as: Support (Character)';
  const q = /^Attached as\s*:\s*Bodyguard\s*(\(.*\))?$/i.exec(written);
  return `Attached as: Bodyguard${q?.[1] ? ` ${q[1]}` : ''}`;
}

interface BodyLine {
  text: string;
  /** Source offset of what the line renders, to put comments back before it. */
  at: number;
}

function renderUnit(out: Out, u: Unit, comments: Span[], commentText: (c: Span) => string): void {
  out.lines.push(u.points ? `${u.name.text} ${points(u.points.value)}` : u.name.text);
  const body: BodyLine[] = [];
  const item = (w: WargearRef, indent: string, mark: string) => body.push({ text: `${indent}${mark} ${w.count}x ${w.name.text}`, at: w.span.start });
  if (u.attachedAs) body.push({ text: `  • ${attachedAsText(u.attachedAs.role, u.attachedAs.text.text)}`, at: u.attachedAs.text.span.start });
  if (u.warlord) body.push({ text: '  • Warlord', at: u.warlord.start });
  for (const n of u.notes) body.push({ text: `  • ${n.text}`, at: n.span.start });
  const groups: ModelGroup[] = u.models;
  const single = groups.length === 1 && groups[0].implicit && groups[0].count === 1;
  if (single) for (const w of groups[0].wargear) item(w, '  ', '•');
  else
    groups.forEach((g, i) => {
      // An implicit group of several models ("5 with ...") is written as a model line of the unit's name.
      body.push({ text: `  • ${g.count}x ${g.name.text}`, at: g.span.start });
      for (const w of g.wargear) item(w, '     ', '◦');
      // The app has no unit-level wargear: it lists an icon or banner under a model, so the first one carries it.
      if (i === 0) for (const w of u.wargear ?? []) item(w, '     ', '◦');
    });
  // The cost an export states beside the enhancement is kept ("(+25 pts)", read back by every parser).
  for (const e of u.enhancements) body.push({ text: `  • Enhancements: ${e.name.text}${e.points !== undefined ? ` (+${e.points} pts)` : ''}`, at: e.span.start });
  if (u.leading) body.push({ text: `  • Leading: ${u.leading.text}`, at: u.leading.span.start });
  const pending = [...comments];
  for (const b of body) {
    while (pending.length && pending[0].start < b.at) out.lines.push('  ' + commentText(pending.shift()!));
    out.lines.push(b.text);
  }
  for (const c of pending) out.lines.push('  ' + commentText(c));
}
