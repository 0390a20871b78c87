// How the checks compare names: a loose key for wargear and unit names, and which faction names denote one
// faction. Their own module so that the list's reading with the data (readWithData) and the context share them.
import type { RulesIndex } from '../../domain/rules';
import { looseName, normalizeName } from '../../domain/text/normalize';

export { looseName };

/**
 * A predicate: does a faction name or keyword denote `faction` or, for a sub-faction (a chapter), its
 * parent? A parent's detachments and enhancements are a chapter's own ("Gladius Task Force" for Space Wolves).
 */
export function sameFaction(rules: RulesIndex, faction: string): (other: string) => boolean {
  const key = (n: string) => normalizeName(rules.faction(n)?.keyword ?? n);
  const keys = [key(faction), ...rules.factionKeys(faction)];
  return (other) => keys.includes(key(other));
}
