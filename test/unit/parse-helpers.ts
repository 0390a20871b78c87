// Shared by the parser tests: the span invariants every parse must keep.
import * as assert from 'assert';
import type { ArmyList, Span, Token } from '../../server/src/service/domain/parse/ast';

/** Every span in the tree lies inside the text; a token's span reads as its text (NBSP folded). */
export function checkSpans(l: ArmyList, text: string): number {
  let n = 0;
  const inside = (s: Span, what: string) => {
    n++;
    assert.ok(Number.isInteger(s.start) && Number.isInteger(s.end), `${what}: integer span`);
    assert.ok(0 <= s.start && s.start <= s.end && s.end <= text.length, `${what}: span ${s.start}-${s.end} outside 0-${text.length}`);
    // Multi-line spans hold inner line breaks, but none ends on the \r of a CRLF.
    assert.ok(s.end === s.start || !/[\r\n]$/.test(text.slice(s.start, s.end)), `${what}: span ends on a line break`);
  };
  const token = (t: Token | undefined, what: string) => {
    if (!t) return;
    inside(t.span, what);
    assert.strictEqual(text.slice(t.span.start, t.span.end).replace(/\u00A0/g, ' '), t.text, `${what}: span text`);
  };
  token(l.title, 'title');
  token(l.faction, 'faction');
  token(l.superFaction, 'superFaction');
  if (l.statedPoints) inside(l.statedPoints.span, 'statedPoints');
  l.detachments.forEach((d) => token(d, 'detachment'));
  if (l.battleSize) {
    inside(l.battleSize.span, 'battleSize');
    token(l.battleSize.name, 'battleSize.name');
  }
  for (const s of l.sections) {
    inside(s.span, 'section');
    token(s.name, 'section.name');
  }
  for (const u of l.units) {
    const w = `unit ${u.name.text}`;
    inside(u.span, w);
    if (!u.models.some((m) => m.implicit)) token(u.name, w);
    else assert.strictEqual(text.slice(u.name.span.start, u.name.span.end).replace(/\u00A0/g, ' '), u.name.text);
    assert.ok(u.span.start <= u.name.span.start && u.name.span.end <= u.span.end, `${w}: name inside unit`);
    if (u.points) inside(u.points.span, `${w} points`);
    if (u.warlord) inside(u.warlord, `${w} warlord`);
    token(u.leading, `${w} leading`);
    u.notes.forEach((t) => token(t, `${w} note`));
    u.enhancements.forEach((e) => {
      token(e.name, `${w} enhancement`);
      inside(e.span, `${w} enhancement span`);
    });
    for (const m of u.models) {
      inside(m.span, `${w} model`);
      if (!m.implicit) {
        token(m.name, `${w} model name`);
        assert.ok(u.span.start <= m.span.start && m.span.end <= u.span.end, `${w}: model inside unit`);
      }
      for (const g of m.wargear) {
        token(g.name, `${w} wargear`);
        inside(g.span, `${w} wargear span`);
        assert.ok(g.span.start <= g.name.span.start && g.name.span.end <= g.span.end, `${w}: wargear name inside its item`);
      }
    }
    (u.wargear ?? []).forEach((g) => token(g.name, `${w} unit wargear`));
  }
  l.comments.forEach((c) => inside(c, 'comment'));
  if (l.stratagemPlan) {
    token(l.stratagemPlan.header, 'plan header');
    for (const use of l.stratagemPlan.uses) {
      token(use.name, 'stratagem');
      token(use.phase, 'phase');
      use.targets.forEach((t) => token(t.name, 'target'));
    }
  }
  l.errors.forEach((e) => inside(e.span, `error ${e.code}`));
  return n;
}

