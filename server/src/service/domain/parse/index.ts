// parseArmyList: detect the exporter, lift Auspex extensions (comments,
// STRATAGEMS), then hand the lines to that format's parser. Never throws:
// anything a parser trips on becomes an error with a span.
import type { ArmyList } from './ast';
import { Ctx } from './common';
import { detectFormat } from './detect';
import { liftExtensions } from './extensions';
import { parseGwApp } from './gwapp';
import { parseNewRecruit } from './newrecruit';
import { parseBracketed } from './battlescribe';
import { parseListForge } from './listforge';
import { parseGwApp2 } from './gwapp2';
import { parseWarOrgan } from './warorgan';
import { showsEleventh } from './eleventh';
import { blankLine, isSpaceCode, scanLines } from './lines';
import { BOUNDS } from '../bounds';
import { looksLikeJson, parseJsonRoster } from './roster';

export type { ArmyList } from './ast';

/**
 * The list `text` holds. `parts`: read only these parts of it (each from a line's start, in order; offsets stay those
 * of the whole text), as if a blank line stood for what lies between them: how a document beyond the list limits is
 * read (its head, or the lines around a position, service/limits.ts), never whole.
 */
export function parseArmyList(text: string, parts?: [number, number][]): ArmyList {
  // U+2028/U+2029 are no line breaks for editors (LSP counts only CR and LF), but a regex `.` stops at them:
  // read them as the spaces they are folded to, keeping every offset.
  const given = typeof text === 'string' ? text : String(text ?? '');
  const src = given.includes('\u2028') || given.includes('\u2029') ? given.replace(/[\u2028\u2029]/g, ' ') : given;
  let ctx: Ctx | undefined;
  try {
    // A JSON roster (New Recruit, ListForge, Rosterizer) is read as one; other JSON is refused with one message. JSON
    // opens with "{" or "[" after white space (\s, as looksLikeJson reads it): other texts need not be asked.
    let at = 0;
    while (at < src.length && isSpaceCode(src.charCodeAt(at))) at++;
    const opener = src.charCodeAt(at);
    if ((opener === 123 /* { */ || opener === 91) /* [ */ && looksLikeJson(src)) {
      const list = parseJsonRoster(src);
      if (!list.editionShown && showsEleventh(list)) list.editionShown = 11;
      return list;
    }
    // A line beyond BOUNDS.lineChars is not read (one error each, the first ones): no format's
    // patterns run over a 100 MB line, and the rest of the list is read as usual.
    const long: Array<[number, number]> = [];
    const all = parts ? parts.flatMap(([from, to], i) => [...(i ? [blankLine(0, from, from)] : []), ...scanLines(src, from, to)]) : scanLines(src);
    // (No line of a text within the bound is beyond it.)
    for (let i = 0; src.length > BOUNDS.lineChars && i < all.length; i++) {
      const l = all[i];
      if (l.end - l.start <= BOUNDS.lineChars) continue;
      long.push([l.start, l.end]);
      all[i] = blankLine(l.index, l.start, l.end);
    }
    const format = detectFormat(all);
    ctx = new Ctx(src, format);
    const lines = liftExtensions(ctx, all, format === 'nrsimple');
    switch (format) {
      case 'gwapp':
        parseGwApp(ctx, lines);
        break;
      case 'nrgw':
      case 'wtc':
      case 'wtccompact':
      case 'nrshort':
      case 'compact':
        parseNewRecruit(ctx, lines);
        break;
      case 'nrsimple':
        parseBracketed(ctx, lines, true);
        break;
      case 'battlescribe':
        parseBracketed(ctx, lines, false);
        break;
      case 'listforge':
        parseListForge(ctx, lines);
        break;
      case 'gwapp2':
      case 'warorganapp':
        parseGwApp2(ctx, lines);
        break;
      case 'warorgan':
        parseWarOrgan(ctx, lines);
        break;
    }
    for (const [s, e] of long.slice(0, BOUNDS.parseErrors)) {
      ctx.error('parse-error', `A line of ${e - s} characters is beyond the bound of ${BOUNDS.lineChars}: not read`, s, e);
    }
    if (!ctx.list.editionShown && showsEleventh(ctx.list)) ctx.list.editionShown = 11;
    return ctx.list;
  } catch (e) {
    const list: ArmyList = ctx?.list ?? { format: 'gwapp', detachments: [], sections: [], units: [], comments: [], errors: [] };
    list.errors.push({ code: 'internal-error', message: `The parser failed: ${(e as Error)?.message ?? e}`, span: { start: 0, end: src.length } });
    return list;
  }
}
