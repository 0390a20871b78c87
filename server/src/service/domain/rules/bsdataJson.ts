// The JSON front end of the BattleScribe reader (BSData wh40k-11e ships its game
// system and catalogues as JSON). Same elements as the XML files: a
// `gameSystem`/`catalogue` object whose attributes are keys, whose child lists are
// arrays (`"costTypes": [...]` for `<costTypes><costType/>...</costTypes>`) and
// whose element text is `$text`; a few text-only elements (`description`,
// `readme`, `comment`) are plain string keys. This module turns that into the
// XNode tree `bsdataXml.ts` gives for XML, so one reader (`bsdata.ts`) serves
// both. Shared elements stay unconverted (like the XML stop nodes) until a link
// reaches them.
import type { XNode, XmlResult } from './bsdataXml';

/** Where an unconverted shared element keeps its JSON object. */
export const JSON_SOURCE = '#json';

/** Keys holding element text rather than an attribute, in both formats. */
const TEXT_ELEMENTS = new Set(['description', 'readme', 'comment', 'alias']);

/** Shared sections kept unconverted until needed (the XML front end's stop nodes). */
const STOP_SECTIONS = new Set(['sharedSelectionEntries', 'sharedSelectionEntryGroups', 'sharedRules', 'sharedProfiles', 'sharedInfoGroups']);

const SINGULAR: Record<string, string> = {
  sharedSelectionEntries: 'selectionEntry',
  sharedSelectionEntryGroups: 'selectionEntryGroup',
  sharedRules: 'rule',
  sharedProfiles: 'profile',
  sharedInfoGroups: 'infoGroup',
  categoryEntries: 'categoryEntry',
  selectionEntries: 'selectionEntry',
  forceEntries: 'forceEntry',
  entries: 'entry',
};

const singularCache = new Map<string, string>();

/** The element name of a child list's items: `costTypes` → `costType`, `categoryEntries` → `categoryEntry`. */
export function elementName(listKey: string): string {
  let s = singularCache.get(listKey);
  if (s === undefined) {
    s = SINGULAR[listKey] ?? (listKey.endsWith('ies') ? `${listKey.slice(0, -3)}y` : listKey.endsWith('s') ? listKey.slice(0, -1) : listKey);
    singularCache.set(listKey, s);
  }
  return s;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The attributes of a JSON element (its primitive keys other than text elements), as strings like XML's. */
export function jsonAttributes(obj: Record<string, unknown>): Record<string, string> {
  const a: Record<string, string> = {};
  for (const k in obj) {
    const v = obj[k];
    if (v === null || typeof v === 'object' || k === '$text' || TEXT_ELEMENTS.has(k)) continue;
    a[k] = String(v);
  }
  return a;
}

/** A JSON element → an XNode, with every descendant converted (`stop`: shared sections left unconverted). */
export function jsonToNode(obj: Record<string, unknown>, stop = false): XNode {
  const node: XNode = { $: {} };
  const attrs = node.$ as Record<string, string>;
  for (const k in obj) {
    const v = obj[k];
    if (v === null || v === undefined) continue;
    if (k === '$text') { node['#text'] = String(v); continue; }
    if (Array.isArray(v)) {
      if (TEXT_ELEMENTS.has(k)) { node[k] = v.map((x) => ({ '#text': String(x) })); continue; }
      const items: XNode[] = [];
      const keep = stop && STOP_SECTIONS.has(k);
      for (const x of v) if (isObject(x)) items.push(keep ? { $: jsonAttributes(x), [JSON_SOURCE]: x } : jsonToNode(x));
      node[k] = [{ [elementName(k)]: items }];
      continue;
    }
    if (isObject(v)) { node[k] = [jsonToNode(v)]; continue; }
    if (TEXT_ELEMENTS.has(k)) { node[k] = [{ '#text': String(v) }]; continue; }
    attrs[k] = String(v);
  }
  return node;
}

const ROOTS = ['catalogue', 'gameSystem'];

/** Parses a whole BattleScribe JSON file; never throws. Shared elements carry their JSON under JSON_SOURCE. */
export function parseJsonDocument(text: string): XmlResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { ok: false, code: 'json-malformed', problem: `is not well-formed JSON (${(e as Error).message.split('\n')[0]})` };
  }
  if (!isObject(doc)) return { ok: false, code: 'json-malformed', problem: 'is not a JSON object' };
  const rootName = ROOTS.find((r) => r in doc);
  if (!rootName) return { ok: false, code: 'json-malformed', problem: 'has no "catalogue" or "gameSystem" object' };
  const root = doc[rootName];
  if (!isObject(root)) return { ok: false, code: 'json-malformed', problem: `has a "${rootName}" that is not an object` };
  return { ok: true, root: jsonToNode(root, true), rootName };
}

/** The root element ("catalogue" | "gameSystem") a JSON file's first characters name, if any. */
export function jsonRootName(head: string): string | undefined {
  const m = /^\uFEFF?\s*\{\s*"(catalogue|gameSystem)"\s*:\s*\{/.exec(head);
  return m?.[1];
}

const VALUE = String.raw`("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)`;
const HEAD_PAIR = new RegExp(String.raw`^\s*"([\w:$-]+)"\s*:\s*` + VALUE + String.raw`\s*,?`);
const TAIL_PAIR = new RegExp(String.raw`,?\s*"([\w:$-]+)"\s*:\s*` + VALUE + String.raw`\s*$`);

/**
 * The root's attributes from the first and last characters of a JSON file, for cheap listing (BSData writes them
 * after the child lists, some files before). `#root` holds the root element's name. Undefined when the head does
 * not start a BattleScribe JSON file.
 */
export function readJsonRootHeader(head: string, tail: string): Record<string, string> | undefined {
  const rootName = jsonRootName(head);
  if (!rootName) return undefined;
  const out: Record<string, string> = { '#root': rootName };
  const put = (k: string, raw: string) => {
    if (k in out) return;
    try { out[k] = String(JSON.parse(raw)); } catch { /* a cut value: leave it out */ }
  };
  // Head: primitive pairs right after the opening of the root object.
  let rest = head.slice(head.indexOf('{', head.indexOf(rootName)) + 1);
  for (let i = 0; i < 64; i++) {
    const m = HEAD_PAIR.exec(rest);
    if (!m) break;
    put(m[1], m[2]);
    rest = rest.slice(m[0].length);
  }
  // Tail: primitive pairs before the root object's closing brace (and the document's).
  let body = tail.replace(/\s*\}\s*\}\s*$/, '');
  if (body.length === tail.length) return out;
  for (let i = 0; i < 64; i++) {
    const m = TAIL_PAIR.exec(body);
    if (!m) break;
    put(m[1], m[2]);
    body = body.slice(0, m.index);
  }
  return out;
}
