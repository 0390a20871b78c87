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
import { Ctx, bulleted, guard, parseBattleSize, setFactionLines, setPoints, special, splitJoined } from './common';
import { readDetachments, readDispositions } from './eleventh';
import { Line, grp, numTok } from './lines';
import { spellingKey } from '../text/normalize';

/** The title: "Name [2000 points]", or "[2000 points]" for a list without a name. */
const TITLE = /^(?:(.*?\S)\s*)?\[\s*(\d[\d,]*)\s*points?\s*\]$/di;
const UNIT = /^(.*?\S)\s*(?:\[\s*(\d[\d,]*)\s*points?\s*\]|\(\s*(\d[\d,]*)\s*points?\s*\))$/di;
const KEYED = /^(Battle Size|Detachments?|Force Dispositions?)\s*:\s*(.*?)\s*$/di;
const FOOTER = /^Created with War ?Organ/i;
const GROUP_WITH = /^(\d+)\s+(.+?)\s+with\s+(.+)$/di;
/** Its last group runs to the end of the text (no indices needed). */
const COUNTED = /^(\d+)\s*[xX×]?\s+(.+)$/;
const BARE_GROUP = /^(\d+)\s+(\p{L}.*)$/du;
/** A unit line without points: the name alone (UNIT's points groups never set). */
const UNPRICED = /^(.*\S)()()$/d;

export function parseWarOrgan(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  const text = lines.filter((l) => !l.blank);
  // The header runs to its last "Key: value" line (or, without any, the title and the line after it).
  const firstUnit = text.findIndex((l, i) => i > 0 && UNIT.test(l.content));
  let headerEnd = -1;
  text.forEach((l, i) => {
    if ((firstUnit < 0 || i < firstUnit) && KEYED.test(l.content)) headerEnd = i;
  });
  if (headerEnd < 0) headerEnd = Math.min(1, text.length - 1, firstUnit < 0 ? Infinity : firstUnit - 1);
  const factionLines: Line[] = [];
  text.slice(0, headerEnd + 1).forEach((line, i) =>
    guard(ctx, line.start, line.end, () => {
      const { content: t, contentStart: s } = line;
      const title = i === 0 ? TITLE.exec(t) : null;
      if (title) {
        const n = grp(title, 1, s);
        const p = grp(title, 2, s)!;
        if (n) list.title = ctx.tok(n[0], n[1]);
        list.statedPoints = numTok(src, p[0], p[1]);
        return;
      }
      const k = KEYED.exec(t);
      if (!k) {
        factionLines.push(line);
        return;
      }
      const v = grp(k, 2, s)!;
      const key = k[1].toLowerCase();
      if (key === 'battle size') {
        const bs = parseBattleSize(src, v[0], v[1]);
        if (bs) list.battleSize = bs;
        else ctx.error('parse-error', `Unknown battle size "${src.slice(v[0], v[1])}"`, v[0], v[1]);
      } else if (key.startsWith('detachment')) readDetachments(ctx, v[0], v[1], { and: false });
      else readDispositions(ctx, v[0], v[1]);
    }),
  );
  setFactionLines(ctx, factionLines);

  const bodyFrom = headerEnd >= 0 && text.length ? lines.indexOf(text[headerEnd]) + 1 : 0;
  let unit: Unit | undefined;
  let body: Array<[number, number]> = [];
  let afterFooter = false;
  const close = () => {
    if (unit) {
      const u = unit;
      const b = body;
      guard(ctx, u.span.start, u.span.end, () => readBody(ctx, u, b));
    }
    unit = undefined;
    body = [];
  };
  for (let i = bodyFrom; i < lines.length; i++) {
    const line = lines[i];
    if (line.blank) continue;
    guard(ctx, line.start, line.end, () => {
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
      const next = lines[i + 1];
      const m = UNIT.exec(t) ?? (next && !next.blank && bulleted(src, next).marker ? UNPRICED.exec(t) : null);
      close();
      if (m) {
        const nm = grp(m, 1, s)!;
        unit = ctx.addUnit(ctx.tok(nm[0], nm[1]), s, e);
        const p = [grp(m, 2, s), grp(m, 3, s)].find((r) => r && r[1] > r[0]);
        setPoints(ctx, unit, p);
        return;
      }
      // Any other line names a group of units.
      ctx.openSection(line);
    });
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
        const r = c ? [ie - c[2].length, ie] : [is, ie];
        out.push({ count: ctx.count(factor * (c ? Number(c[1]) : 1), is, ie), name: ctx.tok(r[0], r[1]), span: { start: is, end: ie } });
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
  const modelNames = new Set([spellingKey(unit.name.text)]);
  let hasGroups = false;
  // Every group pattern starts with a count: a bullet without one is read as items at once.
  const withGroups = bullets.map(([s, e]) => (digitFirst(src, s) ? groupWith(src.slice(s, e), withName) : null));
  for (const g of withGroups) {
    if (g) modelNames.add(spellingKey(g[2]));
    hasGroups ||= !!g;
  }
  bullets.forEach(([s, e], i) => {
    const gw = withGroups[i];
    const bare = gw || !digitFirst(src, s) ? null : BARE_GROUP.exec(src.slice(s, e));
    // The bullet's items, read once whether they decide the group or are the items.
    let parts: Array<[number, number]> | undefined;
    const g = gw ?? (bare && (modelNames.has(spellingKey(bare[2])) || (hasGroups && (parts = splitJoined(src, s, e, true)).length === 1)) ? bare : null);
    if (g) {
      const count = ctx.count(Number(g[1]), s, e);
      const nm = grp(g, 2, s)!;
      const group: ModelGroup = { count, name: ctx.tok(nm[0], nm[1]), span: { start: s, end: e }, wargear: [], implicit: false };
      const w = grp(g, 3, s);
      if (w) items(splitJoined(src, w[0], w[1], true), count, group.wargear);
      groups.push(group);
    } else items(parts ?? splitJoined(src, s, e, true), 1, loose);
  });
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

/**
 * "N Model with A and B" as [whole, count, model, wargear] with indices: the model's name runs to the first " with "
 * that does not begin the unit name's own "with ..." ("1 Assault Intercessor Sergeant with Jump Pack with Plasma pistol").
 */
function groupWith(text: string, withName: string | undefined): RegExpExecArray | null {
  const g = GROUP_WITH.exec(text);
  if (!g || !withName) return g;
  const words = withName.split(' ').length;
  const re = /\s+with\s+/gi;
  let m: RegExpExecArray | null;
  const countEnd = g.indices![1][1];
  while ((m = re.exec(text))) {
    if (m.index <= countEnd) continue;
    const after = text.slice(m.index + m[0].length);
    const next = after.split(/\s+/).slice(0, words).join(' ');
    if (spellingKey(next) === withName && after.length > next.length) continue;
    return reindex(text, m.index, m[0].length, g);
  }
  return g;
}

/** The match of "N Model with Rest" split at the given " with " (indices into the text as written). */
function reindex(text: string, at: number, sepLen: number, g: RegExpExecArray): RegExpExecArray {
  const countEnd = g.indices![1][1];
  const nameStart = countEnd + (/^\s+/.exec(text.slice(countEnd))?.[0].length ?? 0);
  const r = [text, g[1], text.slice(nameStart, at), text.slice(at + sepLen)] as unknown as RegExpExecArray;
  r.index = 0;
  r.input = text;
  r.indices = [[0, text.length], g.indices![1], [nameStart, at], [at + sepLen, text.length]] as RegExpIndicesArray;
  return r;
}
