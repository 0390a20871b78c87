// How a source text is written, beyond what the tree holds: its line ends, whether it ends with one, which of an
// exporter's own layouts it follows (the app's two, War Organ's two), the footer it carries, New Recruit's banner
// lines as written. A writer of the same exporter keeps these, so that an export converted to its own format comes
// back byte for byte; a writer of another exporter ignores them.
import type { ArmyList, ListFormat, Unit } from '../../domain/parse/ast';

export interface NrBanner {
  /** The '+' fence as written (47 in most exports, 46 in some). */
  fence: string;
  /** Each banner key ("DETACHMENT") with its value as written (NBSP and the detachment rule's name included). */
  values: Map<string, string>;
  /** Keys the source wrote with an empty or "—" value. */
  empty: Map<string, string>;
  /** Lines the tree does not read ("+ SECONDARY: …"), each after the key that precedes it in the source. */
  extra: Array<{ after?: string; line: string }>;
}

export interface SourceStyle {
  /** The source's format; undefined without a source text. */
  format?: ListFormat;
  /** The source text (a writer of the same exporter reads how it joined items). */
  text: string;
  eol: '\n' | '\r\n';
  finalNewline: boolean;
  /** The official app: "A" (`(N Points)`, every item bulleted), "B" (`(N points)`, continuation lines). */
  appDialect?: 'A' | 'B';
  /** The app wrote the battle size before the detachments. */
  sizeFirst?: boolean;
  /** The app wrote thousands separators in the title's total / the battle size. */
  titleThousands?: boolean;
  sizeThousands?: boolean;
  /** The whitespace between the title and its total as written ("Tide of muscle  (2000 Points)"). */
  titleGap?: string;
  /** The app wrote a lone force disposition bare (v2.4), not after "Force Dispositions:" (v2.0). */
  dispositionBare?: boolean;
  /** The app's French export. */
  french?: boolean;
  /** The app's footer, as written. */
  appFooter?: string;
  nrBanner?: NrBanner;
  /** New Recruit's footer ("Created with newrecruit.eu v…"), as written. */
  nrFooter?: string;
  /** New Recruit's GW export wrote a count on every unit line ("1x Khârn the Betrayer (100 pts)"). */
  nrUnitCounts?: boolean;
  /** War Organ's own export: units under group headers (indented, `(N points)`) or at column 0 (`[N points]`, tabs). */
  warOrganGrouped?: boolean;
  warOrganFooter?: string;
  /** Units the source separates from the unit before them by a blank line (New Recruit's tournament export). */
  blankBefore: Set<Unit>;
}

const NR_FORMATS = new Set<ListFormat>(['nrgw', 'wtc', 'wtccompact', 'nrshort']);

export function readSourceStyle(list: ArmyList, src: string): SourceStyle {
  const firstNl = src.indexOf('\n');
  const style: SourceStyle = {
    eol: firstNl > 0 && src[firstNl - 1] === '\r' ? '\r\n' : '\n',
    finalNewline: !src || /\n$/.test(src),
    text: src,
    blankBefore: new Set(),
  };
  if (!src) return style;
  style.format = list.format;
  const lines = src.split(/\r?\n/);
  const text = (u: Unit) => src.slice(u.span.start, u.span.end);
  if (list.format === 'gwapp' || list.format === 'gwapp2') {
    // Dialect B writes "(N points)" and items without a bullet after the first; dialect A "(N Points)" and bullets.
    const unitLines = list.units.map((u) => text(u).split(/\r?\n/)[0]);
    const lower = unitLines.filter((l) => /\(\s*\d[\d,]*\s*points\s*\)\s*$/.test(l)).length;
    const upper = unitLines.filter((l) => /\(\s*\d[\d,]*\s*Points\s*\)\s*$/.test(l)).length;
    const continuation = list.units.some((u) => /\n[ \t]*\d+x\s/.test(text(u)));
    style.appDialect = lower > upper || (lower === upper && continuation) ? 'B' : 'A';
    const bs = list.battleSize;
    if (bs) {
      style.sizeThousands = /\d,\d{3}/.test(src.slice(bs.span.start, bs.span.end));
      const firstDetachment = list.detachments[0]?.span.start;
      style.sizeFirst = firstDetachment !== undefined && bs.span.start < firstDetachment;
    }
    if (list.statedPoints) style.titleThousands = /,/.test(src.slice(list.statedPoints.span.start, list.statedPoints.span.end));
    if (list.title && list.statedPoints) style.titleGap = /^\s*/.exec(src.slice(list.title.span.end, list.statedPoints.span.start))![0].replace(/\($/, '') || ' ';
    const fd = list.forceDispositions?.[0];
    if (fd) style.dispositionBare = !/:\s*$/.test(src.slice(src.lastIndexOf('\n', fd.span.start) + 1, fd.span.start));
    style.french = /^(?:Unit[ée]s Attach[ée]es|Export[ée] avec la Version|.*Points de D[ée]tachement\)$|Force de Frappe\b)/m.test(src);
    style.appFooter = lines.map((l) => l.trim()).find((l) => /^(?:Exported with App Version|Export[ée] avec la Version de l.Appli)/i.test(l));
  }
  if (NR_FORMATS.has(list.format)) {
    style.nrBanner = readBanner(lines);
    style.nrFooter = lines.map((l) => l.trim()).find((l) => /^Created with (?:new ?recruit|newrecruit)/i.test(l));
    style.nrUnitCounts = list.units.length > 0 && list.units.every((u) => /^(?:[A-Za-z]+\d+\s*:\s*)?\d+\s*x\s/.test(text(u)));
  }
  if (list.format === 'warorgan') {
    style.warOrganGrouped = list.sections.length > 0;
    style.warOrganFooter = lines.map((l) => l.trim()).find((l) => /^Created with War ?Organ/i.test(l));
  }
  // Blank lines between units (New Recruit's tournament export separates its categories so).
  for (let i = 1; i < list.units.length; i++) {
    const between = src.slice(list.units[i - 1].span.end, list.units[i].span.start);
    if (/\n[ \t\u00A0]*\r?\n/.test(between)) style.blankBefore.add(list.units[i]);
  }
  return style;
}

const FIELD = /^\+\s*([A-Z][A-Z ]*?)\s*:\s?(.*)$/;

/** New Recruit's "+++" banner as written: each key's value, the keys written empty, the lines the tree does not read. */
function readBanner(lines: string[]): NrBanner | undefined {
  const start = lines.findIndex((l) => /^\+{5,}\s*$/.test(l));
  if (start < 0) return undefined;
  const banner: NrBanner = { fence: lines[start].trim(), values: new Map(), empty: new Map(), extra: [] };
  let last: string | undefined;
  for (let i = start + 1; i < lines.length && !/^\+{5,}\s*$/.test(lines[i]); i++) {
    const line = lines[i].replace(/\s+$/, '');
    const f = FIELD.exec(line);
    if (f && KNOWN_KEYS.has(f[1])) {
      const v = f[2].trim();
      if (!v || v === '—' || v === '-') banner.empty.set(f[1], v);
      else if (!banner.values.has(f[1])) banner.values.set(f[1], f[2].replace(/\s+$/, ''));
      last = f[1];
    } else if (line === '+' || line.startsWith('&')) continue;
    else if (line) banner.extra.push({ after: last, line });
  }
  return banner;
}

/** The banner keys the New Recruit writers write themselves. */
export const KNOWN_KEYS = new Set(['LIST NAME', 'FACTION KEYWORD', 'DETACHMENT', 'FORCE DISPOSITION', 'TOTAL ARMY POINTS', 'POINTS LIMIT', 'WARLORD', 'ENHANCEMENT', 'NUMBER OF UNITS']);
