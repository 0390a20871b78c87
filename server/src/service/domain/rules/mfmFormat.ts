// The Munitorum Field Manual's notations, shared by the YAML reader, the changelog reader and the older prices:
// copy ranges in interval notation (requisition thresholds), version labels.
import type { CopyRange } from './model';

/** `[1,2]` → copies 1..2; `[3,)` → 3 and later; `(0,2]` → 1..2. Undefined when it is no interval. */
export function parseCopyRange(range: string): CopyRange | undefined {
  const m = /^\s*([[(])\s*(\d+)?\s*,\s*(\d+)?\s*([\])])\s*$/.exec(range);
  if (!m || m[2] === undefined) return undefined;
  const from = Number(m[2]) + (m[1] === '(' ? 1 : 0);
  if (m[3] === undefined) return m[4] === ')' ? { from } : undefined;
  const to = Number(m[3]) - (m[4] === ')' ? 1 : 0);
  return to >= from ? { from, to } : undefined;
}

/** "Munitorum Field Manual v1.1 (2026-07-22)". */
export function mfmLabel(version?: string, date?: string): string {
  return `Munitorum Field Manual${version ? ` v${version}` : ''}${date ? ` (${date})` : ''}`;
}
