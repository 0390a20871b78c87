// Shared by the parser's scan tests (test/unit/parse-scans*.test.ts): the texts a hand reader is checked on against
// the pattern it stands for, and the count readers (parse/counts.ts readCount) asked as the patterns are.
import { BARE_COUNT, COUNTED, WITH, WITH_ITEMS, readCount, reading } from '../../server/src/service/domain/parse/counts';
import { isSpaceCode } from '../../server/src/service/domain/parse/lines';

/** Every text of up to `max` characters over `alphabet` (the characters the patterns care about, and some they do not). */
export function* texts(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    const next: string[] = [];
    for (const t of level) for (const c of alphabet) next.push(t + c);
    yield* next;
    level = next;
  }
}

/** A seeded generator, so that a failure is the same on every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** COUNT.exec(text) as readCount answers it: the count and where its name starts, or undefined where COUNT fails. */
export function countOf(text: string): { n: number; name: number } | undefined {
  return readCount(text, 0, text.length) === COUNTED ? { n: reading.n, name: reading.at } : undefined;
}

/** COUNT.test(text) as readCount answers it. */
export function isCounted(text: string): boolean {
  return readCount(text, 0, text.length) === COUNTED;
}

/** Whether a count opens [s, e) of `src` and a space follows it: the claim readCount's SPACED rests on (WITH and BARE_COUNT match nothing else). */
export function spacedAt(src: string, s: number, e: number): boolean {
  let d = s;
  while (d < e && src.charCodeAt(d) >= 48 && src.charCodeAt(d) <= 57) d++;
  return d > s && d < e && isSpaceCode(src.charCodeAt(d));
}

/** WITH.exec(text), tried only where spacedAt allows. */
export function withCount(text: string): RegExpExecArray | null {
  return spacedAt(text, 0, text.length) ? WITH.exec(text) : null;
}

/** BARE_COUNT.exec(text), tried only where spacedAt allows. */
export function bareCount(text: string): RegExpExecArray | null {
  return spacedAt(text, 0, text.length) ? BARE_COUNT.exec(text) : null;
}

/** WITH on [s, e) of `src` as readCount answers it: where its items start, or -1. */
export function withAt(src: string, s: number, e: number): number {
  return readCount(src, s, e) === WITH_ITEMS ? reading.at : -1;
}
