// Whether a JSON text is a roster Auspex reads (New Recruit's or ListForge's `{"roster": {... "forces": [...]}}`,
// Rosterizer's `{"snapshot": {... "assets": ...}}`), from its first 64 KB, without parsing it: the client decides
// whether to offer opening it as an army list; the server reads it. Pure (a test imports it).
export function looksLikeJsonRoster(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  if (!/^\s*\{/.test(head)) return false;
  return (/"roster"\s*:\s*\{/.test(head) && /"forces"\s*:\s*\[/.test(head)) || (/"snapshot"\s*:\s*\{/.test(head) && /"assets"\s*:\s*\{/.test(head));
}
