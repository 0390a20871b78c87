// New Recruit text exports that share the "+++" banner and "(N pts)" unit
// lines: GW-style (nrgw), WTC, WTC-Compact, and the header-less short form.
import type { Unit } from './ast';
import { Ctx, bulleted, guard, joinBody, parseBattleSize, setFactionPath, setPoints } from './common';
import { BodyStyle, Node, indentTree, inlineNodes, interpretBody } from './body';
import { Line, grp, numTok, trimRange } from './lines';
import { isAppSection } from './gwapp';
import { isDispositionLine, readDetachments, readDispositions } from './eleventh';
import { normalizeName } from '../text/normalize';
import { AttachedBlock, AttachRefs, isAttachedGroupHeader } from './attached';
import { readBanner } from './nrHeader';
import { readPricedLine, readUnpriced } from './nrUnitLine';

const FOOTER = /^Created with (?:new ?recruit|newrecruit)/i;

export function parseNewRecruit(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  const { end, enhancements, warlord } = readBanner(ctx, lines);
  let i = end;
  if (list.format === 'compact') i = readCompactHeader(ctx, lines, i);

  // 11th edition: the GW export's Attached Units block, the tournament export's Leading / Attached to lines.
  const block = new AttachedBlock(ctx);
  const refs = new AttachRefs(ctx);
  let unit: Unit | undefined;
  let charId: string | undefined;
  let inline: Node[] = [];
  let body: Line[] = [];
  const charIds = new Map<Unit, string>();
  const finish = (u: Unit) => finishUnit(ctx, u, inline, block.takeRole(u, body));
  const close = () => {
    if (unit) {
      if (charId) charIds.set(unit, charId);
      guard(ctx, unit.span.start, unit.span.end, finish, unit);
    }
    unit = undefined;
    inline = [];
    body = [];
    charId = undefined;
  };
  let afterFooter = false;
  const read = (line: Line) => {
    const { content: text, contentStart: s, contentEnd: e } = line;
    if (afterFooter) {
      ctx.unknownLine(line, 'Text after the export footer');
      return;
    }
    // No footer, section, group header or unit line opens with a bullet.
    if (joinBody(ctx, unit, body, line)) return;
    if ((text.charCodeAt(0) | 0x20) === 0x63 /* c */ && FOOTER.test(text)) {
      close();
      afterFooter = true;
      return;
    }
    if (isAppSection(text)) {
      close();
      ctx.openSection(line);
      block.endGroup();
      return;
    }
    if (line.indent === 0 && isAttachedGroupHeader(text)) {
      close();
      block.openGroup(s, e);
      return;
    }
    // A unit line may omit its points (a Combat Patrol list): read so when its body follows, or when it names
    // a character id or a count, or in the compact text (every line a unit).
    const m = line.indent !== 0 ? undefined : (readPricedLine(text) ?? (unpricedUnit(text, list.format === 'compact', unit ? undefined : lines[i + 1]) ? readUnpriced(text) : undefined));
    if (m) {
      close();
      unit = ctx.addUnit(ctx.tok(s + m.name[0], s + m.name[1]), s, e);
      setPoints(ctx, unit, m.points && [s + m.points[0], s + m.points[1]]);
      if (m.count) unit.statedModelCount = numTok(src, s + m.count[0], s + m.count[1]);
      charId = m.charId;
      const rest = m.rest && [s + m.rest[0], s + m.rest[1]];
      // A `Leading X[n]` token on the unit line (the compact text) is an attachment, as on a line of its own.
      // "2x Chaos Spawn (95 pts): 2 with A, B": one loadout of every model, its items all counted twice.
      // The pattern opens with a digit.
      const c = rest ? src.charCodeAt(rest[0]) : 0;
      if (rest && c >= 48 && c <= 57 && /^\d+\s+with\s/i.test(src.slice(rest[0], rest[1]))) inline = [{ start: rest[0], end: rest[1], marker: '', children: [], inline: true }];
      else if (rest) for (const nd of inlineNodes(src, rest[0], rest[1])) if (!refs.take(unit, nd.start, nd.end)) inline.push(nd);
      return;
    }
    if (unit) {
      if (refs.take(unit, s, e)) {
        unit.span.end = e;
        return;
      }
      body.push(line);
      unit.span.end = e;
      return;
    }
    ctx.unknownLine(line, 'Line outside any unit');
  };
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.blank) close();
    else guard(ctx, line.start, line.end, read, line);
  }
  close();
  refs.resolve();

  // The banner repeats the Warlord and enhancements; use it only for what the units do not already state.
  const byChar = (id?: string, target?: string): Unit | undefined => {
    if (id) for (const [u, c] of charIds) if (c === id && (!target || normalizeName(u.name.text) === normalizeName(target))) return u;
    if (!target) return undefined;
    const key = normalizeName(target);
    const named = list.units.filter((u) => normalizeName(u.name.text) === key);
    return named.find((u) => u.enhancements.length === 0) ?? named[0];
  };
  if (warlord && !list.units.some((u) => u.warlord)) {
    const u = byChar(warlord.charId, warlord.target);
    if (u) u.warlord = { start: warlord.name[0], end: warlord.name[1] };
  }
  const have = new Set<string>();
  if (enhancements.length) for (const u of list.units) for (const e of u.enhancements) have.add(normalizeName(e.name.text));
  for (const ref of enhancements) {
    const name = ctx.tok(ref.name[0], ref.name[1]);
    if (!name.text || have.has(normalizeName(name.text))) continue;
    const u = byChar(ref.charId, ref.target);
    if (u) u.enhancements.push({ name, span: { start: ref.span[0], end: ref.span[1] } });
  }
}

/** "1 with " (New Recruit's loadout of models without wargear): states no wargear. */
const EMPTY_LOADOUT = /^\d+\s+with\s*$/i;

const NR_BODY: BodyStyle = { inlineGroups: true, multiplyInline: true, childlessAreGroups: false, bundlesUnlessCounted: false, untalliedIsNote: false };

function finishUnit(ctx: Ctx, unit: Unit, inline: Node[], body: Line[]): void {
  const src = ctx.src;
  // The ranges of "N with " lines: they make their bullet a model group, and name no wargear.
  const empty: Array<[number, number]> = [];
  // EMPTY_LOADOUT opens with a count and ends in "with" (the ranges are trimmed).
  const loadout = (a: number, b: number) => {
    const c = src.charCodeAt(a);
    const z = src.charCodeAt(b - 1) | 0x20;
    if (c >= 48 && c <= 57 && z === 0x68 /* h */ && EMPTY_LOADOUT.test(src.slice(a, b))) empty.push([a, b]);
  };
  for (const n of inline) loadout(n.start, n.end);
  const items: Array<{ node: Node; level: number }> = [];
  for (const line of body) {
    const mk = bulleted(src, line);
    loadout(mk.start, mk.end);
    items.push({ node: { start: mk.start, end: mk.end, marker: mk.marker, children: [] }, level: line.indent });
  }
  const tree = indentTree(items);
  // Each array is the unit's own: either serves as the roots when the other is empty.
  const roots = !tree.length ? inline : !inline.length ? tree : inline.concat(tree);
  interpretBody(
    ctx,
    unit,
    roots,
    NR_BODY,
    true,
  );
  if (empty.length) {
    const named = (w: { span: { start: number } }) => !empty.some(([a, b]) => w.span.start >= a && w.span.start < b);
    for (const g of unit.models) g.wargear = g.wargear.filter(named);
    if (unit.wargear) unit.wargear = unit.wargear.filter(named);
  }
}

const COMPACT_TITLE = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*pts\s*\)$/d;

/**
 * The compact text's header (`auspex convert --to compact`): "Title (2000 pts)", then one line of parts joined by
 * " · ": the faction path ("-" for none), the detachments ("A, B (3 DP)"), "Force Disposition: X", the battle size.
 * Returns the index of the first line after it.
 */
function readCompactHeader(ctx: Ctx, lines: Line[], i: number): number {
  const src = ctx.src;
  const list = ctx.list;
  const next = () => {
    while (i < lines.length && lines[i].blank) i++;
    return i < lines.length ? lines[i++] : undefined;
  };
  const title = next();
  if (title) {
    const [s, e] = trimRange(src, title.start, title.end);
    const m = COMPACT_TITLE.exec(src.slice(s, e));
    const n = m ? grp(m, 1, s)! : [s, e];
    // "-": the list has no name.
    if (src.slice(n[0], n[1]).trim() !== '-') list.title = ctx.tok(n[0], n[1]);
    if (m) list.statedPoints = numTok(src, ...grp(m, 2, s)!);
  }
  const head = next();
  if (!head) return i;
  const [hs, he] = trimRange(src, head.start, head.end);
  const parts: Array<[number, number]> = [];
  let from = hs;
  for (let at = src.indexOf(' · ', hs); at >= 0 && at < he; at = src.indexOf(' · ', from)) {
    parts.push(trimRange(src, from, at));
    from = at + 3;
  }
  parts.push(trimRange(src, from, he));
  parts.forEach(([s, e], k) =>
    guard(ctx, s, e, () => {
      const text = src.slice(s, e);
      if (text === '-') return;
      if (k === 0) {
        setFactionPath(ctx, s, e);
        return;
      }
      const bs = parseBattleSize(src, s, e);
      if (bs) list.battleSize = bs;
      else if (isDispositionLine(text)) readDispositions(ctx, s, e);
      else readDetachments(ctx, s, e, { and: false });
    }),
  );
  return i;
}

/**
 * Whether a column-0 line without points is a unit line: in the compact text, with a `CharN:` id or an `Nx` count,
 * or, outside any unit (`next` given only then), followed by its body.
 */
function unpricedUnit(text: string, compact: boolean, next: Line | undefined): boolean {
  // A unit's own lines: its attachment, its enhancement.
  if (/^(?:Leading\s|Attached\s+to\s|Enhancements?\s*:|\d+\s+with\s)/i.test(text)) return false;
  if (compact || /^(?:[A-Za-z]+\d+\s*:\s*)?\d+\s*x\s/.test(text) || /^[A-Za-z]+\d+\s*:\s*\S/.test(text)) return true;
  if (!next || next.blank) return false;
  const t = next.text.trim();
  return /^[•◦]\s/.test(t) || /^\d+\s+with\s/i.test(t);
}
