// ListForge "detailed" text: "Name - Faction - Detachment (N Points)",
// role headers with a colon, "(N pts)" units, nested "•" bullets.
import type { Unit } from './ast';
import { Ctx, Node, bulleted, guard, indentTree, interpretBody, setPoints } from './common';
import { Line, grp, numTok } from './lines';
import { splitDash } from './battlescribe';

const TITLE = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*points?\s*\)$/di;
const ROLE = /^([A-Z][A-Za-z ]*?)\s*:$/d;
const UNIT = /^(.*?\S)\s*\(\s*(\d[\d,]*)\s*pts?\s*\)$/di;

export function parseListForge(ctx: Ctx, lines: Line[]): void {
  const src = ctx.src;
  const list = ctx.list;
  let unit: Unit | undefined;
  let body: Line[] = [];
  let first = true;
  const close = () => {
    if (unit) {
      const u = unit;
      const b = body;
      guard(ctx, u.span.start, u.span.end, () => finishUnit(ctx, u, b));
    }
    unit = undefined;
    body = [];
  };
  for (const line of lines) {
    if (line.blank) {
      close();
      continue;
    }
    guard(ctx, line.start, line.end, () => {
      const { content: text, contentStart: s, contentEnd: e } = line;
      const isFirst = first;
      first = false;
      const mk = bulleted(src, line);
      let m: RegExpExecArray | null;
      if (isFirst && !mk.marker && (m = TITLE.exec(text))) {
        const head = grp(m, 1, s)!;
        const parts = splitDash(src, head[0], head[1]);
        if (parts.length >= 3) {
          list.title = ctx.tok(parts[0][0], parts[parts.length - 3][1]);
          list.faction = ctx.tok(...parts[parts.length - 2]);
          list.detachments.push(ctx.tok(...parts[parts.length - 1]));
        } else list.title = ctx.tok(head[0], head[1]);
        const p = grp(m, 2, s)!;
        list.statedPoints = numTok(src, p[0], p[1]);
        return;
      }
      if (!mk.marker && line.indent === 0 && (m = ROLE.exec(text))) {
        close();
        const r = grp(m, 1, s)!;
        ctx.openSection(line, r[0], r[1]);
        return;
      }
      const u = !mk.marker && line.indent === 0 ? UNIT.exec(text) : null;
      if (u) {
        close();
        const n = grp(u, 1, s)!;
        unit = ctx.addUnit(ctx.tok(n[0], n[1]), s, e);
        setPoints(ctx, unit, grp(u, 2, s));
        return;
      }
      if (unit && (mk.marker || line.indent > 0)) {
        body.push(line);
        unit.span.end = e;
        return;
      }
      ctx.unknownLine(line, unit ? 'Unrecognised line in a unit' : 'Line outside any unit');
    });
  }
  close();
}

function finishUnit(ctx: Ctx, unit: Unit, body: Line[]): void {
  const items = body.map((line) => {
    const mk = bulleted(ctx.src, line);
    return { node: { start: mk.start, end: mk.end, marker: mk.marker, children: [] } as Node, level: line.indent };
  });
  interpretBody(
    ctx,
    unit,
    indentTree(items),
    { inlineGroups: false, multiplyInline: false, childlessAreGroups: false, bundlesUnlessCounted: true, untalliedIsNote: false },
    false,
  );
}
