// Whether a JSON text is a roster Auspex reads (New Recruit's or ListForge's `{"roster": {... "forces": [...]}}`,
// Rosterizer's `{"snapshot": {... "assets": ...}}`), from its first 64 KB, without parsing it: the client decides
// whether to offer opening it as an army list; the server reads it. And how a notification shows text from the
// file. Pure (a test imports it).
export function looksLikeJsonRoster(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  if (!/^\s*\{/.test(head)) return false;
  return (/"roster"\s*:\s*\{/.test(head) && /"forces"\s*:\s*\[/.test(head)) || (/"snapshot"\s*:\s*\{/.test(head) && /"assets"\s*:\s*\{/.test(head));
}

/** Text from a file as a notification shows it: no link ("[label](command:…)") can be made of it. */
export function plain(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\]\s*\(/g, '] (');
}
