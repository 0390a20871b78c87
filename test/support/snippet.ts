// Expands an LSP snippet (the subset completion writes) as an editor does when the user accepts it and leaves every
// tab stop as offered: a placeholder keeps its default, a choice its first option, a mirror ($1) and a transform
// (${1/regex/format/} with $n and ${n:+text}) follow the tab stop's value. Also returns where $0 (else the end) is.
export function expandSnippet(snippet: string, chosen: Record<number, string> = {}): { text: string; cursor: number } {
  const values = new Map<string, string>(Object.entries(chosen));
  // First pass: the value of each tab stop (its first placeholder or choice); transforms are skipped.
  for (let i = 0; i < snippet.length; i++) {
    if (snippet[i] === '\\') {
      i++;
      continue;
    }
    if (!snippet.startsWith('${', i)) continue;
    const end = closing(snippet, i);
    const body = snippet.slice(i + 2, end);
    const m = /^(\d+)([:|])/.exec(body);
    if (m && !values.has(m[1])) {
      values.set(m[1], m[2] === ':' ? unescape(body.slice(m[0].length)) : unescape(splitChoices(body.slice(m[0].length, -1))[0]));
    }
    if (!m || m[2] === '|' || body.startsWith(`${m[1]}/`)) i = end;
  }
  let out = '';
  let cursor = -1;
  let i = 0;
  while (i < snippet.length) {
    const ch = snippet[i];
    if (ch === '\\' && i + 1 < snippet.length) {
      out += snippet[i + 1];
      i += 2;
      continue;
    }
    if (ch !== '$') {
      out += ch;
      i++;
      continue;
    }
    const simple = /^\$(\d+)/.exec(snippet.slice(i));
    if (simple) {
      if (simple[1] === '0') cursor = out.length;
      else out += values.get(simple[1]) ?? '';
      i += simple[0].length;
      continue;
    }
    const j = closing(snippet, i);
    const body = snippet.slice(i + 2, j);
    const n = /^\d+/.exec(body)![0];
    const rest = body.slice(n.length);
    if (n === '0') cursor = out.length;
    if (rest.startsWith('/')) out += transform(values.get(n) ?? '', rest);
    else out += values.get(n) ?? '';
    i = j + 1;
  }
  return { text: out, cursor: cursor < 0 ? out.length : cursor };
}

/** The index of the `}` closing the `${` at `i` (nested braces, escapes). */
function closing(s: string, i: number): number {
  let depth = 0;
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return j;
  }
  return s.length;
}

function splitChoices(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      cur += s.slice(i, i + 2);
      i++;
    } else if (s[i] === ',') {
      out.push(cur);
      cur = '';
    } else cur += s[i];
  }
  out.push(cur);
  return out;
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

/** `/regex/format/` applied to a value; the format knows $n and ${n:+text}. */
function transform(value: string, spec: string): string {
  const parts = spec.slice(1).split('/');
  const m = new RegExp(parts[0]).exec(value);
  if (!m) return value;
  const formatted = parts[1].replace(/\$\{(\d+):\+([^}]*)\}|\$(\d+)/g, (_, a: string, text: string, b: string) => (a ? (m[Number(a)] ? text : '') : m[Number(b)] ?? ''));
  return value.slice(0, m.index) + formatted + value.slice(m.index + m[0].length);
}

/** How many Tabs reach a snippet's end from its first tab stop: its distinct tab stops other than $0, less the first. */
export function tabsToEnd(snippet: string): number {
  const stops = new Set<string>();
  for (const m of snippet.matchAll(/(?<!\\)\$(?:\{(\d+)|(\d+))/g)) {
    const n = m[1] ?? m[2];
    if (n !== '0') stops.add(n);
  }
  return stops.size;
}
