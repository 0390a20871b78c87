// ListForge "detailed" text: "Name - Faction - Detachment (N Points)",
// role headers with a colon, "(N pts)" units, nested "•" bullets.
import type { Unit } from './ast';
import { Ctx, bulleted, guard, setPoints } from './common';
import { BodyStyle, Node, indentTree, interpretBody } from './body';
import { Line, numTok } from './lines';
import { readLines, splitDash } from './battlescribe';
import { unitEnd } from './warorgan';

/** The title line: read from its end by hand (warorgan.ts unitEnd with "point"), this the reference its test holds it to. */
export const TITLE = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*points?\s*\)$/i;
/** Its group opens the line (its range follows from its length, no `d` flag needed); tried only on a line ending in ":". */
const ROLE = /^([A-Z][A-Za-z ]*?)\s*:$/;
/** A unit line: read from its end by hand (warorgan.ts unitEnd), this the reference its test holds it to. */
export const UNIT = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*pts?\s*\)$/i;

export function parseListForge(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  let unit: Unit | undefined;
  let body: Line[] = [];
  let first = true;
  const finish = (u: Unit) => finishUnit(ctx, u, body);
  const close = () => {
    if (unit) guard(ctx, unit.span.start, unit.span.end, finish, unit);
    unit = undefined;
    body = [];
  };
  const read = (line: Line) => {
    const { content: text, contentStart: s, contentEnd: e } = line;
    const isFirst = first;
    first = false;
    const marker = bulleted(src, line).marker;
    const title = isFirst && !marker ? unitEnd(text, 'point', false) : undefined;
    if (title) {
      const head = [s, s + title.nameEnd];
      const parts = splitDash(src, head[0], head[1]);
      if (parts.length >= 3) {
        list.title = ctx.tok(parts[0][0], parts[parts.length - 3][1]);
        list.faction = ctx.tok(...parts[parts.length - 2]);
        list.detachments.push(ctx.tok(...parts[parts.length - 1]));
      } else list.title = ctx.tok(head[0], head[1]);
      list.statedPoints = numTok(src, s + title.points[0], s + title.points[1]);
      return;
    }
    const last = text.charCodeAt(text.length - 1);
    const m = !marker && line.indent === 0 && last === 58 /* : */ ? ROLE.exec(text) : null;
    if (m) {
      close();
      ctx.openSection(line, s, s + m[1].length);
      return;
    }
    const u = !marker && line.indent === 0 ? unitEnd(text, 'pt', false) : undefined;
    if (u) {
      close();
      unit = ctx.addUnit(ctx.tok(s, s + u.nameEnd), s, e);
      setPoints(ctx, unit, [s + u.points[0], s + u.points[1]]);
      return;
    }
    if (unit && (marker || line.indent > 0)) {
      body.push(line);
      unit.span.end = e;
      return;
    }
    ctx.unknownLine(line, unit ? 'Unrecognised line in a unit' : 'Line outside any unit');
  };
  readLines(ctx, lines, read, close);
}

const LF_BODY: BodyStyle = { inlineGroups: false, multiplyInline: false, childlessAreGroups: false, bundlesUnlessCounted: true, untalliedIsNote: false };

function finishUnit(ctx: Ctx, unit: Unit, body: Line[]): void {
  const items: Array<{ node: Node; level: number }> = [];
  for (const line of body) {
    const mk = bulleted(ctx.src, line);
    items.push({ node: { start: mk.start, end: mk.end, marker: mk.marker, children: [] }, level: line.indent });
  }
  interpretBody(
    ctx,
    unit,
    indentTree(items),
    LF_BODY,
    false,
  );
}
