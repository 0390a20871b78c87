// Safe, lazy XML reading for BattleScribe files. fast-xml-parser runs with
// entity processing OFF (a DOCTYPE declaring entities is refused outright, so
// billion-laughs and external entities cannot expand); the five predefined
// entities and character references are decoded by hand when a value is read.
// Shared entries are kept as raw text (stopNodes) and parsed only when a link
// reaches them: a faction needs a small part of a 3 MB library.
import { XMLParser } from 'fast-xml-parser';

/** A parsed element: attributes under `$`, children by tag name (always arrays), text under `#text`. */
export interface XNode {
  $?: Record<string, string>;
  '#text'?: string;
  [child: string]: unknown;
}

/** Options of every XML parser here: entities never expanded (decoded by hand for the five predefined ones). */
export const SAFE_XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '$',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  isArray: (_name: string, _jpath: unknown, _isLeaf: boolean, isAttribute: boolean) => !isAttribute,
};

/** Shared elements kept raw until needed. */
const STOP_NODES = [
  '*.sharedSelectionEntries.selectionEntry',
  '*.sharedSelectionEntryGroups.selectionEntryGroup',
  '*.sharedRules.rule',
  '*.sharedProfiles.profile',
  '*.sharedInfoGroups.infoGroup',
];

const outerParser = new XMLParser({ ...SAFE_XML_OPTIONS, stopNodes: STOP_NODES });
const innerParser = new XMLParser(SAFE_XML_OPTIONS);

export type XmlResult = { ok: true; root: XNode; rootName: string } | { ok: false; problem: string; code: string };

/** Parses a whole .cat/.gst; never throws. */
export function parseXmlDocument(text: string): XmlResult {
  return parseXmlRoot(text, ['catalogue', 'gameSystem'], 'BattleScribe files', outerParser);
}

/**
 * The checks every XML file Auspex reads goes through, then the parse: no DOCTYPE (so no entity
 * declarations to expand), one of the expected root elements, not truncated (fast-xml-parser does not
 * validate, so a cut file would parse "successfully" and lose its tail). `what` names the files in messages.
 */
export function parseXmlRoot(text: string, roots: string[], what: string, parser: XMLParser = innerParser): XmlResult {
  const rootRe = new RegExp(`<(${roots.join('|')})[\\s>]`);
  const at = text.search(rootRe);
  const prolog = at < 0 ? text.slice(0, 4096) : text.slice(0, at);
  if (/<!DOCTYPE/i.test(prolog)) {
    if (/<!ENTITY/i.test(prolog)) {
      return { ok: false, code: 'xml-entities', problem: `declares XML entities in a DOCTYPE; refused (entity expansion is unsafe and ${what} never need it)` };
    }
    return { ok: false, code: 'xml-malformed', problem: `has a DOCTYPE; ${what} have none` };
  }
  const rootMatch = rootRe.exec(text);
  if (!rootMatch) return { ok: false, code: 'xml-malformed', problem: `has no ${roots.map((r) => `<${r}>`).join(' or ')} root element` };
  const rootName = rootMatch[1];
  if (!text.trimEnd().endsWith(`</${rootName}>`)) {
    return { ok: false, code: 'xml-malformed', problem: `is truncated or malformed: it does not end with </${rootName}>` };
  }
  try {
    const doc = parser.parse(text) as Record<string, unknown>;
    const arr = doc[rootName] as XNode[] | undefined;
    if (!arr || !arr[0]) return { ok: false, code: 'xml-malformed', problem: `has an unreadable <${rootName}> element` };
    return { ok: true, root: arr[0], rootName };
  } catch (e) {
    return { ok: false, code: 'xml-malformed', problem: `is not well-formed XML (${(e as Error).message.split('\n')[0]})` };
  }
}

/** Parses the raw inner text of a stop node into a full element with the given attributes. Throws on bad XML. */
export function parseRawElement(attrs: Record<string, string> | undefined, raw: string): XNode {
  const doc = innerParser.parse(`<r>${raw}</r>`) as Record<string, XNode[]>;
  const node: XNode = { ...(doc.r?.[0] ?? {}) };
  delete node['#text'];
  node.$ = attrs ?? {};
  return node;
}

const NAMED: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

/** Decodes the predefined entities and character references; leaves anything else as written. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|quot|apos|lt|gt|amp);/g, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[body];
  });
}

export function attr(node: XNode | undefined, name: string): string | undefined {
  const v = node?.$?.[name];
  return v === undefined ? undefined : decodeEntities(v);
}

export function kids(node: XNode | undefined, ...path: string[]): XNode[] {
  let cur: XNode[] = node ? [node] : [];
  for (const p of path) {
    const next: XNode[] = [];
    for (const n of cur) {
      const c = n[p];
      if (Array.isArray(c)) for (const x of c) if (x && typeof x === 'object') next.push(x as XNode);
    }
    cur = next;
  }
  return cur;
}

export function text(node: XNode | undefined): string {
  const t = node?.['#text'];
  return typeof t === 'string' ? decodeEntities(t) : '';
}

/** The `<catalogue ...>`/`<gameSystem ...>` attributes from the first bytes of a file, for cheap listing. */
export function readRootHeader(head: string): Record<string, string> | undefined {
  const m = /<(catalogue|gameSystem)\s([^>]*)>/.exec(head);
  if (!m) return undefined;
  const out: Record<string, string> = { '#root': m[1] };
  const re = /([\w:-]+)\s*=\s*"([^"]*)"/g;
  let a: RegExpExecArray | null;
  while ((a = re.exec(m[2]))) out[a[1]] = decodeEntities(a[2]);
  return out;
}
