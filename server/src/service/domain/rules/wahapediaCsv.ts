// Wahapedia's export format: `|`-separated, a trailing `|` on every line, UTF-8
// BOM, CRLF, no quoting at all. A small splitter rather than csv-parse: with no
// quoting there is nothing for a CSV library to do, and splitting ourselves lets
// us check each row's field count (and name its row number in a warning) and
// skip rows of other factions by their first field before splitting them.
import { BOUNDS, capText } from '../bounds';
import { DataWarning } from './model';
import { warn } from './dataFiles';

export interface CsvTable {
  file: string;
  header: string[];
  /** Data rows with their 1-based line number in the file. */
  rows: { line: number; f: string[] }[];
  /** Column index by name, -1 when absent. */
  col(name: string): number;
}

export interface CsvReadOptions {
  /** Columns the loader needs; each missing one gives a warning. */
  required: string[];
  /** Columns without which the table is useless: missing → table skipped. */
  key?: string[];
  /** Keep only rows whose first field passes (cheap per-faction filtering). */
  firstField?: (v: string) => boolean;
}

export function readPipeCsv(file: string, text: string, opts: CsvReadOptions, warnings: DataWarning[]): CsvTable | undefined {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n');
  const clean = (l: string) => (l.endsWith('\r') ? l.slice(0, -1) : l);
  const headerLine = clean(lines[0] ?? '');
  const header = split(headerLine);
  if (!headerLine.trim()) {
    warnings.push(warn('csv-empty', `${file}: empty file (no header row); skipped`, { file, locator: 'row 1' }, 'error'));
    return undefined;
  }
  const index = new Map(header.map((h, i) => [h.trim(), i] as const));
  const missing = opts.required.filter((c) => !index.has(c));
  for (const c of missing) {
    warnings.push(warn('csv-missing-column', `${file}: column "${c}" is missing from the header; ${opts.key?.includes(c) ? 'the file is skipped' : 'that field is left empty'}`, { file, locator: 'row 1' }, opts.key?.includes(c) ? 'error' : 'warning'));
  }
  if (opts.key?.some((c) => !index.has(c))) return undefined;
  // The per-faction filter reads the first field unsplit: it must be the key, or every row is misread silently.
  if (opts.firstField && opts.key?.length && index.get(opts.key[0]) !== 0) {
    warnings.push(warn('csv-column-order', `${file}: the first column is "${header[0]}", not "${opts.key[0]}" as in the Wahapedia export; the file is skipped`, { file, locator: 'row 1' }, 'error'));
    return undefined;
  }
  const rows: { line: number; f: string[] }[] = [];
  let bad = 0;
  let firstBad = 0;
  for (let i = 1; i < lines.length; i++) {
    const l = clean(lines[i]);
    if (!l) continue;
    if (opts.firstField) {
      const cut = l.indexOf('|');
      if (!opts.firstField(cut < 0 ? l : l.slice(0, cut))) continue;
    }
    const f = split(l);
    if (f.length !== header.length) {
      if (!bad) firstBad = i + 1;
      bad++;
      continue;
    }
    rows.push({ line: i + 1, f });
  }
  if (bad) {
    warnings.push(warn('csv-row-length', `${file}: ${bad} row(s) do not have the header's ${header.length} fields (first at row ${firstBad}); those rows are skipped`, { file, locator: `row ${firstBad}` }));
  }
  return { file, header, rows, col: (n) => index.get(n) ?? -1 };
}

/** Splits one line, dropping the empty field after the trailing `|`. */
function split(line: string): string[] {
  const f = line.split('|');
  if (f.length > 1 && f[f.length - 1] === '') f.pop();
  return f;
}

const ENT: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', ndash: '–', mdash: '—', hellip: '…', times: '×' };

/**
 * Tags removed in one forward pass (linear whatever the text: `<[^>]*>` went quadratic on 300,000 "<"):
 * <br> and block ends become line breaks, <li> a "- " item; a "<" with no ">" after it stays text.
 */
function stripTags(html: string): string {
  let out = '';
  let copied = 0;
  let gt = -1;
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    if (gt !== Infinity && gt < lt) {
      gt = html.indexOf('>', lt);
      if (gt < 0) gt = Infinity;
    }
    if (gt === Infinity) break;
    const tag = html.slice(lt + 1, gt);
    out += html.slice(copied, lt) + (/^br\s*\/?$/i.test(tag) ? '\n' : /^li/i.test(tag) ? '\n- ' : /^\/(p|div|ul|ol|tr|h\d)$/i.test(tag) ? '\n' : '');
    copied = gt + 1;
    lt = gt;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Wahapedia HTML fragment → plain text. Keyword spans keep their (upper-case) words; line breaks and list items survive. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const text = stripTags(html)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, b: string) => {
      if (b[0] === '#') {
        const c = b[1] === 'x' || b[1] === 'X' ? parseInt(b.slice(2), 16) : parseInt(b.slice(1), 10);
        return c > 0 && c <= 0x10ffff ? String.fromCodePoint(c) : m;
      }
      return ENT[b.toLowerCase()] ?? m;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return capText(text, BOUNDS.dataTextChars);
}
