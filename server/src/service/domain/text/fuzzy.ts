// Closest-name suggestions ("did you mean") over normalised names. Optimal
// string alignment distance, bounded so that a long candidate list stays cheap.
import { normalizeName } from './normalize';

/** Damerau (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The candidates closest to `query`, best first. A candidate qualifies when its
 * distance is at most a third of the longer name (typos), or when one name
 * contains the other (a shortened or prefixed name).
 */
export function closestNames(query: string, candidates: Iterable<string>, limit = 3): string[] {
  const q = normalizeName(query);
  const scored: { name: string; score: number }[] = [];
  const seen = new Set<string>();
  for (const name of candidates) {
    const c = normalizeName(name);
    if (seen.has(c)) continue;
    seen.add(c);
    const max = Math.max(2, Math.floor(Math.max(q.length, c.length) / 3));
    const d = editDistance(q, c, max);
    if (d <= max) scored.push({ name, score: d });
    else if (q.length >= 4 && (c.includes(q) || q.includes(c))) scored.push({ name, score: max + Math.abs(c.length - q.length) / 10 });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((s) => s.name);
}
