// Fuzzy ranking for completion: typo-tolerant, case-, accent- and
// apostrophe-insensitive. The server ranks; the client only displays (see
// `filterTextFor`), so that "patriachs claw" still finds "Patriarch’s claws".
import { normalizeName } from '../../domain/text/normalize';
import { editDistance } from '../../domain/text/fuzzy';

/** The form names are compared in: normalised, apostrophes and punctuation dropped, single spaces. */
export function matchKey(text: string): string {
  return normalizeName(text)
    .replace(/['’"]/g, '')
    .replace(/[^\p{L}\p{N}+ ]+/gu, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

/**
 * How well `query` (already a matchKey) fits `candidate` (a matchKey): higher is better, undefined for
 * no match. Prefix > word prefix > substring > in-order letters > typo within an edit budget.
 */
export function fuzzyScore(query: string, candidate: string): number | undefined {
  if (query.length === 0) return 0;
  if (candidate.startsWith(query)) return 1000 - (candidate.length - query.length) / 100;
  const word = candidate.indexOf(` ${query}`);
  if (word >= 0) return 900 - word / 10;
  const inside = candidate.indexOf(query);
  if (inside >= 0) return 800 - inside / 10;
  // Typos: compare with the candidate's prefix of about the query's length (the name is being typed).
  const budget = query.length < 3 ? 0 : query.length < 6 ? 1 : query.length < 10 ? 2 : 3;
  if (budget > 0) {
    let best = budget + 1;
    for (const len of [query.length - 1, query.length, query.length + 1]) {
      if (len <= 0 || len > candidate.length) continue;
      best = Math.min(best, editDistance(query, candidate.slice(0, len), budget));
    }
    // Typo in a later word: "jackels" against "atalan jackals".
    for (let i = candidate.indexOf(' '); i >= 0 && best > budget; i = candidate.indexOf(' ', i + 1)) {
      const rest = candidate.slice(i + 1);
      for (const len of [query.length - 1, query.length, query.length + 1]) {
        if (len > 0 && len <= rest.length) best = Math.min(best, editDistance(query, rest.slice(0, len), budget));
      }
      if (best <= budget) best += 0.5;
    }
    if (best <= budget) return 700 - best * 50;
  }
  if (isSubsequence(query.replace(/ /g, ''), candidate)) return 500 - (candidate.length - query.length) / 100;
  return undefined;
}

function isSubsequence(q: string, c: string): boolean {
  let j = 0;
  for (let i = 0; i < c.length && j < q.length; i++) if (c[i] === q[j]) j++;
  return j === q.length;
}

/** A sortText that orders by our rank: lower index first, fixed width. */
export function sortTextFor(index: number): string {
  return String(index).padStart(5, '0');
}

/**
 * The filterText: the text typed so far (so the client's own filter keeps every item we chose,
 * typos included) followed by the normalised name (so filtering still works if the client
 * filters further without asking again).
 */
export function filterTextFor(typed: string, label: string): string {
  const key = matchKey(label);
  return typed.trim() ? `${typed} ${key}` : key;
}
