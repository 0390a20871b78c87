// War Organ's own export (11th edition):
//
//   Flood of Chainblades [2000 points]
//   World Eaters
//   Battle Size: Strike Force (2000 point limit)
//   Detachments: Berzerker Warband (3/3 Detachment Points)
//   Force Disposition: Purge The Foe
//   Loud Exalted Conclave                      <- a group header (War Organ's own, or a name the user gave)
//     Exalted Eightbound (130 points)          <- also "Armoured Sentinels [120 points]" at column 0
//       • 1 Exalted Eightbound Champion with chainblades
//       • Battle-Lust [+20 points]             <- an enhancement
//       • Armoured tracks, 2 Combi-bolter and Havoc launcher   <- the single model's wargear
//   Created with WarOrgan (https://warorgan.com)
import type { ModelGroup, Unit, WargearRef } from './ast';
import { Ctx, bulleted, guard, parseBattleSize, setFactionLines, setPoints, splitJoined } from './common';
import { special } from './special';
import { readDetachments, readDispositions } from './eleventh';
import { Line, isSpaceCode, numTok, trimEnd, trimStart } from './lines';
import { skipSpaces } from './nrUnitLine';
import { beforeSpaces, endsFolded } from './lineEnds';
import { spellingKey } from '../text/normalize';

/** The title: "Name [2000 points]", or "[2000 points]" for a list without a name. Read by hand (titleEnd), this the reference its test holds it to. */
export const TITLE = /^(?:(.*?\S)\s*)?\[\s*(\d[\d,]*)\s*points?\s*\]$/i;
/** A unit line: read by hand (unitEnd), this the reference its test holds it to. */
export const UNIT = /^(.*?\S)\s*(?:\[\s*(\d[\d,]*)\s*points?\s*\]|\(\s*(\d[\d,]*)\s*points?\s*\))$/i;
/** Tried only on a line opening with "b", "d" or "f"; its value's range follows from its groups' lengths (keyedValue). */
export const KEYED = /^(Battle Size|Detachments?|Force Dispositions?)\s*:\s*(.*?)\s*$/i;
const FOOTER = /^Created with War ?Organ/i;
export const GROUP_WITH = /^(\d+)\s+(.+?)\s+with\s+(.+)$/i;
export const GROUP_WITH_INDICES = new RegExp(GROUP_WITH.source, 'di');
/** Its last group runs to the end of the text (no indices needed). */
const COUNTED = /^(\d+)\s*[xX×]?\s+(.+)$/;
const BARE_GROUP = /^(\d+)\s+(\p{L}.*)$/u;

/**
 * UNIT's match in a text without line terminators (a line's content), read from its end: the closing bracket, the
 * spaces, `word` or `word` + "s" (any case), the spaces, the points (a digit, then digits and commas), the spaces, the
 * opening bracket of the same kind, the spaces; the name ends there (its last character no space). Each step is the
 * only one the pattern can take, so the pattern's one match is this. Undefined when UNIT does not match. ListForge's
 * "(N pts)" is read so too (`word` "pt", no square brackets).
 */
export function unitEnd(t: string, word = 'point', squares = true): { nameEnd: number; points: [number, number] } | undefined {
  const tail = pointsEnd(t, word, squares);
  const nameEnd = tail ? beforeSpaces(t, tail.open) : 0;
  return nameEnd > 0 ? { nameEnd, points: tail!.points } : undefined;
}

/**
 * TITLE's match, read as unitEnd reads a unit line in square brackets: the name's end, or none when the line opens
 * with the bracket ("[2000 points]").
 */
export function titleEnd(t: string): { nameEnd?: number; points: [number, number] } | undefined {
  const tail = t.charCodeAt(t.length - 1) === 93 /* ] */ ? pointsEnd(t, 'point', true) : undefined;
  if (!tail) return undefined;
  const nameEnd = beforeSpaces(t, tail.open);
  return nameEnd > 0 ? { nameEnd, points: tail.points } : tail.open === 0 ? { points: tail.points } : undefined;
}

/** unitEnd's reading up to the opening bracket: where it stands, and the points. */
function pointsEnd(t: string, word: string, squares: boolean): { open: number; points: [number, number] } | undefined {
  const close = t.charCodeAt(t.length - 1);
  if (close !== 41 /* ) */ && !(squares && close === 93) /* ] */) return undefined;
  let e = beforeSpaces(t, t.length - 1);
  if (endsFolded(t, e, word + 's')) e -= word.length + 1;
  else if (endsFolded(t, e, word)) e -= word.length;
  else return undefined;
  e = beforeSpaces(t, e);
  let p = e;
  for (let c = t.charCodeAt(p - 1); (c >= 48 && c <= 57) || c === 44; c = t.charCodeAt(--p - 1));
  const first = t.charCodeAt(p);
  if (p === e || first < 48 || first > 57) return undefined;
  const open = beforeSpaces(t, p) - 1;
  return t.charCodeAt(open) === (close === 93 ? 91 /* [ */ : 40) /* ( */ ? { open, points: [p, e] } : undefined;
}

/** KEYED.exec, tried only on a line opening with a letter its keys open with. */
function keyed(t: string): RegExpExecArray | null {
  const c = t.charCodeAt(0) | 0x20;
  return c === 0x62 /* b */ || c === 0x64 /* d */ || c === 0x66 /* f */ ? KEYED.exec(t) : null;
}

/**
 * Where KEYED's value stands in `t`: after the key, the spaces, the colon and the spaces after it (each run read
 * whole: the value opens with a non-space, or is empty at the line's end).
 */
export function keyedValue(k: RegExpExecArray, t: string): [number, number] {
  const at = skipSpaces(t, skipSpaces(t, k[1].length) + 1);
  return [at, at + k[2].length];
}

export function parseWarOrgan(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  const text = lines.filter((l) => !l.blank);
  // The header runs to its last "Key: value" line (or, without any, the title and the line after it).
  let firstUnit = -1;
  for (let i = 1; i < text.length && firstUnit < 0; i++) if (unitEnd(text[i].content)) firstUnit = i;
  let headerEnd = -1;
  for (let i = 0; i < (firstUnit < 0 ? text.length : firstUnit); i++) if (keyed(text[i].content)) headerEnd = i;
  if (headerEnd < 0) headerEnd = Math.min(1, text.length - 1, firstUnit < 0 ? Infinity : firstUnit - 1);
  const factionLines: Line[] = [];
  const head = (line: Line) => {
    const { content: t, contentStart: s } = line;
    const title = line === text[0] ? titleEnd(t) : undefined;
    if (title) {
      if (title.nameEnd) list.title = ctx.tok(s, s + title.nameEnd);
      list.statedPoints = numTok(src, s + title.points[0], s + title.points[1]);
      return;
    }
    const k = keyed(t);
    if (!k) {
      factionLines.push(line);
      return;
    }
    const r = keyedValue(k, t);
    const v = [s + r[0], s + r[1]];
    const key = k[1].toLowerCase();
    if (key === 'battle size') {
      const bs = parseBattleSize(src, v[0], v[1]);
      if (bs) list.battleSize = bs;
      else ctx.error('parse-error', `Unknown battle size "${src.slice(v[0], v[1])}"`, v[0], v[1]);
    } else if (key.startsWith('detachment')) readDetachments(ctx, v[0], v[1], { and: false });
    else readDispositions(ctx, v[0], v[1]);
  };
  for (let i = 0; i <= headerEnd; i++) guard(ctx, text[i].start, text[i].end, head, text[i]);
  setFactionLines(ctx, factionLines);

  const bodyFrom = headerEnd >= 0 && text.length ? lines.indexOf(text[headerEnd]) + 1 : 0;
  let unit: Unit | undefined;
  let body: Array<[number, number]> = [];
  let afterFooter = false;
  const finish = (u: Unit) => readBody(ctx, u, body);
  const close = () => {
    if (unit) guard(ctx, unit.span.start, unit.span.end, finish, unit);
    unit = undefined;
    body = [];
  };
  // The line after the one read.
  let next: Line | undefined;
  const read = (line: Line) => {
    const { content: t, contentStart: s, contentEnd: e } = line;
    if (afterFooter) {
      ctx.unknownLine(line, 'Text after the export footer');
      return;
    }
    if ((t.charCodeAt(0) | 0x20) === 0x63 /* c */ && FOOTER.test(t)) {
      close();
      afterFooter = true;
      return;
    }
    const mk = bulleted(src, line);
    if (mk.marker) {
      if (!unit) {
        ctx.unknownLine(line, 'Line outside any unit');
        return;
      }
      body.push([mk.start, mk.end]);
      unit.span.end = e;
      return;
    }
    // A unit line may omit its points (a Combat Patrol list): a line its bullets follow is a unit, not a group.
    const m = unitEnd(t);
    close();
    if (m) {
      unit = ctx.addUnit(ctx.tok(s, s + m.nameEnd), s, e);
      setPoints(ctx, unit, [s + m.points[0], s + m.points[1]]);
      return;
    }
    // A unit line without points: the name alone (the line is trimmed).
    if (next && !next.blank && bulleted(src, next).marker) {
      unit = ctx.addUnit(ctx.tok(s, e), s, e);
      return;
    }
    // Any other line names a group of units.
    ctx.openSection(line);
  };
  for (let i = bodyFrom; i < lines.length; i++) {
    const line = lines[i];
    if (line.blank) continue;
    next = lines[i + 1];
    guard(ctx, line.start, line.end, read, line);
  }
  close();
}

/** Bullets: "N Model with A, B and C" (a model group), "Warlord", "Name [+N points]", or the single model's wargear. */
function readBody(ctx: Ctx, unit: Unit, bullets: Array<[number, number]>): void {
  const src = ctx.src;
  const groups: ModelGroup[] = [];
  const loose: WargearRef[] = [];
  let first = Infinity;
  let last = -1;
  const items = (parts: Array<[number, number]>, factor: number, out: WargearRef[]) => {
    for (const [is, ie] of parts) {
      const sp = special(src, is, ie, true);
      if (sp?.kind === 'warlord') unit.warlord = { start: is, end: ie };
      else if (sp?.kind === 'enhancement') unit.enhancements.push({ name: ctx.tok(sp.name[0], sp.name[1]), span: { start: is, end: ie }, ...(sp.points !== undefined ? { points: sp.points } : {}) });
      else {
        const c = digitFirst(src, is) ? COUNTED.exec(src.slice(is, ie)) : null;
        out.push({ count: ctx.count(factor * (c ? Number(c[1]) : 1), is, ie), name: ctx.tok(c ? ie - c[2].length : is, ie), span: { start: is, end: ie } });
        if (out === loose) {
          first = Math.min(first, is);
          last = Math.max(last, ie);
        }
      }
    }
  };
  // "2 Khorne Berzerkers" without "with" is a model group without wargear when it names the unit's models (the
  // unit's name or a model group's of the unit); otherwise a counted item of the unit ("2 Combi-bolter").
  // Beside such lines, "1 Ammo Runt" (a count, a space, one name) is a model without wargear too; an item of the
  // unit is written "Icon of Khorne" or "2x Icon".
  const withName = nameWith(unit.name.text);
  // Every group pattern starts with a count: a bullet without one is read as items at once.
  const withGroups: Array<ModelLine | null> = [];
  let hasGroups = false;
  for (const [s, e] of bullets) {
    const g = digitFirst(src, s) ? groupWith(src.slice(s, e), withName) : null;
    if (g) hasGroups = true;
    withGroups.push(g);
  }
  // The names of the unit's models (its own, its model groups'), gathered once a bare "N Model" bullet asks.
  let modelNames: Set<string> | undefined;
  const namesModel = (name: string) => {
    if (!modelNames) {
      modelNames = new Set([spellingKey(unit.name.text)]);
      for (const g of withGroups) if (g) modelNames.add(spellingKey(g.modelName));
    }
    return modelNames.has(spellingKey(name));
  };
  for (let i = 0; i < bullets.length; i++) {
    const [s, e] = bullets[i];
    const gw = withGroups[i];
    const bareMatch = gw || !digitFirst(src, s) ? null : BARE_GROUP.exec(src.slice(s, e));
    // "N Model": the model's name runs to the bullet's end.
    const bare: ModelLine | null = bareMatch && { count: bareMatch[1], modelName: bareMatch[2], name: [e - s - bareMatch[2].length, e - s] };
    // The bullet's items, read once whether they decide the group or are the items.
    let parts: Array<[number, number]> | undefined;
    const g = gw ?? (bare && (namesModel(bare.modelName) || (hasGroups && (parts = splitItems(src, s, e)).length === 1)) ? bare : null);
    if (g) {
      const count = ctx.count(Number(g.count), s, e);
      const group: ModelGroup = { count, name: ctx.tok(s + g.name[0], s + g.name[1]), span: { start: s, end: e }, wargear: [], implicit: false };
      if (g.wargear) items(splitItems(src, s + g.wargear[0], s + g.wargear[1]), count, group.wargear);
      groups.push(group);
    } else items(parts ?? splitItems(src, s, e), 1, loose);
  }
  if (groups.length && loose.length) unit.wargear = loose;
  else if (loose.length) groups.push({ count: 1, name: { text: unit.name.text, span: { ...unit.name.span } }, span: { start: first, end: last }, wargear: loose, implicit: true });
  unit.models = groups;
}

function digitFirst(src: string, at: number): boolean {
  const c = src.charCodeAt(at);
  return c >= 48 && c <= 57;
}

/** A unit named "Assault Intercessors with Jump Packs": the words after its " with " ("jump pack"), which its models' names share. */
function nameWith(unitName: string): string | undefined {
  const m = /\swith\s+(.+)$/i.exec(unitName);
  return m ? spellingKey(m[1]) : undefined;
}

/** A bullet naming a model group: its count, the model's name (and its range in the bullet), its wargear's range. */
interface ModelLine {
  count: string;
  modelName: string;
  name: [number, number];
  wargear?: [number, number];
}

/**
 * "N Model with A and B" as a model line: the model's name runs to the first " with " that does not begin the unit
 * name's own "with ..." ("1 Assault Intercessor Sergeant with Jump Pack with Plasma pistol").
 */
function groupWith(text: string, withName: string | undefined): ModelLine | null {
  const g = GROUP_WITH.exec(text);
  if (!g) return null;
  const countEnd = g[1].length;
  if (withName) {
    const words = withName.split(' ').length;
    const re = /\s+with\s+/gi;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      if (m.index <= countEnd) continue;
      const after = text.slice(m.index + m[0].length);
      const next = after.split(/\s+/).slice(0, words).join(' ');
      if (spellingKey(next) === withName && after.length > next.length) continue;
      // Split at this " with ": the name after the count and its spaces.
      const nameStart = countEnd + (/^\s+/.exec(text.slice(countEnd))?.[0].length ?? 0);
      return { count: g[1], modelName: text.slice(nameStart, m.index), name: [nameStart, m.index], wargear: [m.index + m[0].length, text.length] };
    }
  }
  return withRanges(g, text);
}

/**
 * GROUP_WITH's match as a model line, its ranges read from its groups' lengths: the wargear runs to the end, the name
 * starts where the spaces after the count end (checked against the text; had the name to open with a space, the
 * first characters differ and the `d` flag's indices are asked).
 */
export function withRanges(g: RegExpExecArray, text: string): ModelLine {
  let at = g[1].length;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== g[2].charCodeAt(0)) {
    const d = GROUP_WITH_INDICES.exec(text)!.indices!;
    return { count: g[1], modelName: g[2], name: d[2], wargear: d[3] };
  }
  return { count: g[1], modelName: g[2], name: [at, at + g[2].length], wargear: [text.length - g[3].length, text.length] };
}

/**
 * A bullet's items, as common.ts splitJoined(src, start, end, true) gives them (test/unit/parse-scans-others.test.ts
 * holds it to that): the parts between commas, each split at " and " / " et " (JOIN, /\s+(?:and|et)\s+/g), trimmed,
 * the empty ones left out. A text with brackets (where neither split may fall inside them) is left to splitJoined;
 * any other is cut where native searches find its commas and joining words, without a pattern or a slice per part.
 */
export function splitItems(src: string, start: number, end: number): Array<[number, number]> {
  const text = src.slice(start, end);
  if (text.includes('(') || text.includes('[')) return splitJoined(src, start, end, true);
  const out: Array<[number, number]> = [];
  // The next "and" and "et" of the text (each searched once over it: they stand inside the parts, never between).
  let a = text.indexOf('and');
  let b = text.indexOf('et');
  for (let from = 0; from <= text.length; ) {
    let at = text.indexOf(',', from);
    if (at < 0) at = text.length;
    const ps = trimStart(src, start + from, start + at) - start;
    const pe = trimEnd(src, start + ps, start + at) - start;
    from = at + 1;
    if (pe <= ps) continue;
    // The part's JOIN matches: an "and" or "et" with white space on both sides, the match running over both runs
    // of it (the first from where the previous match ended).
    let item = ps;
    for (;;) {
      let q: number;
      let w: number;
      if (a >= 0 && a < pe && (b < 0 || a < b)) {
        q = a;
        w = 3;
        a = text.indexOf('and', q + 1);
      } else if (b >= 0 && b < pe) {
        q = b;
        w = 2;
        b = text.indexOf('et', q + 1);
      } else break;
      if (q - 1 < item || !isSpaceCode(text.charCodeAt(q - 1)) || q + w >= pe || !isSpaceCode(text.charCodeAt(q + w))) continue;
      // The match ends where the space after the word does (the next one can open no sooner); the item before it
      // ends at the word, its spaces trimmed.
      let r = q + w + 1;
      while (r < pe && isSpaceCode(text.charCodeAt(r))) r++;
      pushTrimmed(out, src, start + item, start + q);
      item = r;
    }
    pushTrimmed(out, src, start + item, start + pe);
  }
  return out;
}

function pushTrimmed(out: Array<[number, number]>, src: string, start: number, end: number): void {
  const s = trimStart(src, start, end);
  const e = trimEnd(src, s, end);
  if (e > s) out.push([s, e]);
}
