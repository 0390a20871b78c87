// Identical units told apart: the matchup's rows and columns, the breakdown's targets and the lens tooltip number
// the units that bear the same name, in list order ("Trukk (1)", "Trukk (2)"); a name borne once stays as it is.

/** Names numbered where several bear the same one, in order: ["Trukk (1)", "Boyz", "Trukk (2)"]. */
export function numberedNames(names: string[]): string[] {
  const total = new Map<string, number>();
  for (const n of names) total.set(n, (total.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    if ((total.get(n) ?? 0) < 2) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return `${n} (${k})`;
  });
}
