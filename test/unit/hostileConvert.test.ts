// Conversion and Format Document in linear time (issue 34): de-duplicating the dropped items and a group's wargear
// with `includes`/`find` was quadratic (500 KB of distinct `# Dropped` lines: 12.8 s with the server blocked; 1 MB of
// comma-joined wargear: 301 s; Format Document 4.6 s), and so was putting comments back. The generators are these few
// lines; each case has a time bound (a few seconds, on a loaded 2-core machine) that the quadratic code missed by far
// (measured before the change on the same machine: 6.5 s for one format of the first, 17 to 44 s of the second, 6.1 s
// to format the third).
import * as assert from 'assert';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { CONVERT_FORMATS, writeList } from '../../server/src/service/features/convert';
import { tryFormatList } from '../../server/src/service/features/format';

function ms(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const HEAD = 'Title (100 Points)\n\nWorld Eaters\nBerzerker Warband\nStrike Force (2000 Points)\n\nCHARACTERS\n\nKhârn the Betrayer (100 Points)\n  • 1x Gorechild\n';

/** 700 KB of distinct items on lines an earlier conversion wrote (`# Dropped …: a; b; …`, now comments like any other). */
function droppedLines(): string {
  let k = 0;
  return HEAD + Array.from({ length: 100 }, () => `# Dropped (this format cannot hold them): ${Array.from({ length: 600 }, () => `item ${k++}`).join('; ')}`).join('\n') + '\n';
}

/** A unit whose every bullet has a comment before it: 20,000 of each (600 KB). */
const commentedBullets = () => HEAD + Array.from({ length: 20_000 }, (_, i) => `  # note ${i}\n  • 1x Item ${i}`).join('\n') + '\n';

/** 1 MB of distinct wargear, comma-joined on New Recruit's loadout lines of one model group. */
function commaWargear(): string {
  let n = 0;
  const lines = Array.from({ length: 5000 }, () => `    1 with ${Array.from({ length: 12 }, () => `Wargear item ${n++}`).join(', ')}`);
  return `${'+'.repeat(47)}\n+ FACTION KEYWORD: Chaos - World Eaters\n+ TOTAL ARMY POINTS: 170pts\n${'+'.repeat(47)}\n\n10x Khorne Berzerkers (170 pts)\n• 9x Khorne Berzerker\n${lines.join('\n')}\n`;
}

describe('hostile conversion input in linear time (issue 34)', function () {
  this.timeout(120000);

  it('700 KB of distinct items on `# Dropped` lines: every format converts within a bound, and says the lines are left out', () => {
    const text = droppedLines();
    assert.ok(text.length > 700_000);
    const list = parseArmyList(text);
    for (const format of CONVERT_FORMATS) {
      let out!: ReturnType<typeof writeList>;
      const t = ms(() => (out = writeList(list, format, 10, { source: text })));
      assert.ok(t < 1000, `${format}: ${t} ms`);
      assert.ok(out.dropped.includes('100 comment lines'), out.dropped.join('; '));
      assert.doesNotMatch(out.text, /Dropped/);
    }
  });

  it('1 MB of comma-joined wargear: converts within a bound, every item kept (compact, one line per unit, refuses a line no reader reads)', () => {
    const text = commaWargear();
    assert.ok(text.length > 1_000_000);
    const list = parseArmyList(text);
    assert.strictEqual(list.units[0].models[0].wargear.length, 60_000);
    for (const format of ['app', 'nr-gw', 'nr-tournament', 'compact'] as const) {
      let out!: ReturnType<typeof writeList>;
      const t = ms(() => (out = writeList(list, format, 10, { source: text })));
      assert.ok(t < 6000, `${format}: ${t} ms`);
      if (format === 'compact') {
        assert.match(out.refused ?? '', /beyond the bound/);
        continue;
      }
      assert.strictEqual(out.refused, undefined, out.refused);
      assert.ok(out.text.includes('Wargear item 59999'));
    }
  });

  it('Format Document on each within a bound (the formatted text read back and formatted again included)', () => {
    for (const [text, bound] of [[droppedLines(), 3000], [commaWargear(), 6000], [commentedBullets(), 3000]] as const) {
      const list = parseArmyList(text);
      let r!: ReturnType<typeof tryFormatList>;
      const t = ms(() => (r = tryFormatList(text, list)));
      assert.ok(t < bound, `${t} ms`);
      assert.ok(r.ok, r.ok ? '' : r.reason);
      // Every comment kept, in order.
      const comments = (t2: string) => t2.split('\n').filter((l) => l.trimStart().startsWith('#')).map((l) => l.trim());
      if (r.ok) assert.deepStrictEqual(comments(r.text), comments(text));
    }
  });
});
