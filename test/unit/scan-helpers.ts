// Shared by the parser's scan tests (test/unit/parse-scans*.test.ts): the texts a hand reader is checked on against
// the pattern it stands for.

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
