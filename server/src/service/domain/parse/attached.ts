// Attached units (11th edition), read the same way for every exporter that states them:
//  - the official app's v2 block and New Recruit's GW export: an `Attached Units` section of
//    `Attached Unit N` groups, each unit with an `• Attached as: Leader (Character)` bullet;
//  - New Recruit's tournament export: `Leading Khorne Berzerkers[1]` under a character and
//    `Attached to Khârn the Betrayer` under its Bodyguard, resolved once every unit is read.
// Either way the list gets `attachments` (and each unit its `attachedAs`).
import type { Attachment, AttachRole, Unit } from './ast';
import type { Ctx } from './common';
import { Line, grp, isSpaceCode } from './lines';
import { normalizeName } from '../text/normalize';
import { foldedAt, spacesEnd } from './lineEnds';

const GROUP = /^(?:Attached unit\s+\d+|Unit[ée]\s+\d+\s+Attach[ée]e)$/i;
/** The role bullet and its roles: read by `attachedAs` and `roleOf` (test/unit/parse-scans-app.test.ts compares them). */
export const ATTACHED_AS = /^(?:Attached as|Attach[ée]e? en tant que)\s*:\s*(.*?)\s*$/i;
export const ROLES: Array<[RegExp, AttachRole]> = [
  [/^(?:leader|meneur)\b/i, 'leader'],
  [/^(?:support|soutien)\b/i, 'support'],
  [/^(?:bodyguard|gardes? du corps)\b/i, 'bodyguard'],
];

/** ATTACHED_AS.exec(t.slice(start, end))'s group, the role, as a range of `t`; undefined when it does not match. */
export function attachedAs(t: string, start = 0, end = t.length): [number, number] | undefined {
  let at = foldedAt(t, start, 'attached as', end);
  if (at < 0) {
    // "Attach", "é" or "e" in either case, an optional "e", " en tant que".
    at = foldedAt(t, start, 'attach', end);
    const c = at < end ? t.charCodeAt(at) : NaN;
    if (at < 0 || (c !== 0x65 && c !== 0x45 && c !== 0xe9 && c !== 0xc9)) return undefined;
    at++;
    if (at < end && (t.charCodeAt(at) | 0x20) === 0x65) at++;
    at = foldedAt(t, at, ' en tant que', end);
    if (at < 0) return undefined;
  }
  at = spacesEnd(t, at, end);
  if (at >= end || t.charCodeAt(at) !== 58 /* : */) return undefined;
  // The role runs to the trailing white space, and `.` crosses no line terminator.
  const from = spacesEnd(t, at + 1, end);
  let to = end;
  while (to > from && isSpaceCode(t.charCodeAt(to - 1))) to--;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return undefined;
  }
  return [from, to];
}

/** Whether t[at, end) opens with `lower` (as foldedAt reads it) followed by a word boundary (`\b` after a letter). */
function opensWord(t: string, lower: string, at: number, end: number): boolean {
  const e = foldedAt(t, at, lower, end);
  if (e < 0) return false;
  if (e === end) return true;
  const d = t.charCodeAt(e);
  const c = d | 0x20;
  return !((c >= 0x61 && c <= 0x7a) || (d >= 48 && d <= 57) || d === 95);
}

/** The role ROLES finds for the role text t[start, end) (the first whose pattern matches), or undefined. */
export function roleOf(t: string, start = 0, end = t.length): AttachRole | undefined {
  if (opensWord(t, 'leader', start, end) || opensWord(t, 'meneur', start, end)) return 'leader';
  if (opensWord(t, 'support', start, end) || opensWord(t, 'soutien', start, end)) return 'support';
  if (opensWord(t, 'bodyguard', start, end) || opensWord(t, 'garde du corps', start, end) || opensWord(t, 'gardes du corps', start, end)) return 'bodyguard';
  return undefined;
}
/** New Recruit's tournament export: "Leading Khorne Berzerkers[1]" (the N-th unit of that name), "Attached to Lord Invocatus". */
const LEADING_LINE = /^Leading\s+(?!:)(.*?\S)\s*(?:\[\s*(\d+)\s*\])?$/d;
const ATTACHED_TO_LINE = /^Attached\s+to\s+(?!:)(.*?\S)\s*(?:\[\s*(\d+)\s*\])?$/d;

/** Whether a bare line is an `Attached Unit N` group header. */
export function isAttachedGroupHeader(text: string): boolean {
  return (text[0] === 'A' || text[0] === 'a' || text[0] === 'U') && GROUP.test(text);
}

/** Where a body line's text after its "•" or "◦" bullet and spaces starts when it starts with "Attach" ("Attached as", "Attachée en tant que"), or -1. */
function attachFrom(src: string, line: Line): number {
  const s = line.contentStart;
  const e = line.contentEnd;
  let from = s;
  const c = src.charCodeAt(s);
  if (s < e && (c === 0x2022 || c === 0x25e6)) for (from = s + 1; from < e && isSpaceCode(src.charCodeAt(from)); ) from++;
  return src.charCodeAt(from) === 65 /* A */ && src.startsWith('Attach', from) ? from : -1;
}

/** The `Attached Units` block as a reader walks it: groups opened by their headers, units joined by their `Attached as:` bullets. */
export class AttachedBlock {
  private group: Attachment | undefined;
  constructor(private readonly ctx: Ctx) {}

  /** An `Attached Unit N` header opens a group. */
  openGroup(s: number, e: number): void {
    this.group = { header: this.ctx.tok(s, e), span: { start: s, end: e }, leaders: [], supports: [] };
    (this.ctx.list.attachments ??= []).push(this.group);
  }

  /** A section header ends the group it follows. */
  endGroup(): void {
    this.group = undefined;
  }

  /** Takes the unit's `Attached as:` bullet out of its body lines (and joins it to the group); the rest is returned. */
  takeRole(unit: Unit, body: Line[]): Line[] {
    const src = this.ctx.src;
    // The body itself until a line is taken out of it (most units have none).
    let rest: Line[] | undefined;
    // Whether the unit has its role: read once (units differ in shape, so reading it per line is a slow lookup).
    let taken = unit.attachedAs !== undefined;
    for (let i = 0; i < body.length; i++) {
      const line = body[i];
      const from = taken ? -1 : attachFrom(src, line);
      const e = line.contentEnd;
      const m = from >= 0 ? attachedAs(src, from, e) : undefined;
      if (!m) {
        rest?.push(line);
        continue;
      }
      rest ??= body.slice(0, i);
      const role = roleOf(src, m[0], m[1]);
      if (!role) {
        const roleText = src.slice(m[0], m[1]);
        this.ctx.error('parse-error', `Unknown attachment role "${roleText}" (expected Leader, Support or Bodyguard)`, e - roleText.length, e);
        continue;
      }
      unit.attachedAs = { role, text: this.ctx.tok(from, e) };
      taken = true;
      this.attach(unit, role);
    }
    return rest ?? body;
  }

  private attach(unit: Unit, role: AttachRole): void {
    const ctx = this.ctx;
    let group = this.group;
    // Without "Attached Unit N" headers, a unit attached after the group's Bodyguard starts the next group.
    if (!group || (!group.header && group.bodyguard)) {
      group = this.group = { span: { start: unit.span.start, end: unit.span.end }, leaders: [], supports: [] };
      (ctx.list.attachments ??= []).push(group);
    }
    if (role === 'bodyguard') {
      if (group.bodyguard) ctx.error('parse-error', `A second Bodyguard unit in "${group.header?.text ?? 'this attached unit'}"`, unit.name.span.start, unit.name.span.end);
      else group.bodyguard = unit;
    } else (role === 'leader' ? group.leaders : group.supports).push(unit);
    group.span.end = Math.max(group.span.end, unit.span.end);
  }
}

/** One `Leading X[n]` or `Attached to X` line of New Recruit's tournament export. */
interface AttachRef {
  /** The unit whose line it is: the Leader for `Leading`, the Bodyguard for `Attached to`. */
  unit: Unit;
  kind: 'leading' | 'attachedTo';
  name: [number, number];
  index?: number;
  line: [number, number];
}

/** Collects New Recruit's tournament `Leading` / `Attached to` lines; `resolve` turns them into attachments. */
export class AttachRefs {
  private readonly refs: AttachRef[] = [];
  constructor(private readonly ctx: Ctx) {}

  /** Whether [s, e) (a trimmed body line of `unit`) is such a line; it is recorded when it is. */
  take(unit: Unit, s: number, e: number): boolean {
    const src = this.ctx.src;
    const c = src.charCodeAt(s);
    if (c !== 76 /* L */ && c !== 65 /* A */) return false;
    const text = src.slice(s, e);
    const m = LEADING_LINE.exec(text) ?? ATTACHED_TO_LINE.exec(text);
    if (!m) return false;
    const n = grp(m, 1, s)!;
    this.refs.push({ unit, kind: text.startsWith('Leading') ? 'leading' : 'attachedTo', name: n, index: m[2] ? Number(m[2]) : undefined, line: [s, e] });
    return true;
  }

  /**
   * Every Leader joins the unit its `Leading` line names (the N-th of that name; a bare name the only one, or the one
   * whose `Attached to` names the Leader back); a Bodyguard's `Attached to` alone makes the link too. Leaders of one
   * Bodyguard share one group, as in the app's block.
   */
  resolve(): void {
    if (!this.refs.length) return;
    const ctx = this.ctx;
    const src = ctx.src;
    const units = ctx.list.units;
    const named = (r: AttachRef) => {
      const key = normalizeName(src.slice(r.name[0], r.name[1]));
      return units.filter((u) => u !== r.unit && normalizeName(u.name.text) === key);
    };
    const pairs: Array<{ leader: Unit; bodyguard: Unit; leaderLine?: AttachRef; guardLine?: AttachRef }> = [];
    const backs = this.refs.filter((r) => r.kind === 'attachedTo');
    const usedBacks = new Set<AttachRef>();
    for (const r of this.refs.filter((x) => x.kind === 'leading')) {
      const all = named(r);
      let target: Unit | undefined;
      if (r.index !== undefined) target = all[r.index - 1];
      else if (all.length === 1) target = all[0];
      else target = all.find((u) => backs.some((b) => b.unit === u && named(b).includes(r.unit)));
      if (!target) {
        const what = src.slice(r.name[0], r.name[1]);
        const why = !all.length ? 'no unit of that name is in the list' : r.index !== undefined ? `the list has ${all.length} unit${all.length === 1 ? '' : 's'} of that name` : `the list has ${all.length} units of that name and none says which`;
        ctx.error('leader-target-missing', `"${ctx.src.slice(r.line[0], r.line[1])}": ${why}, so ${r.unit.name.text} is read as attached to no unit (${what}).`, r.line[0], r.line[1]);
        continue;
      }
      const back = backs.find((b) => b.unit === target && !usedBacks.has(b) && named(b).includes(r.unit));
      if (back) usedBacks.add(back);
      pairs.push({ leader: r.unit, bodyguard: target, leaderLine: r, guardLine: back });
    }
    // An `Attached to` line whose Leader states nothing.
    for (const b of backs) {
      if (usedBacks.has(b)) continue;
      const all = named(b).filter((u) => !pairs.some((p) => p.leader === u));
      const leader = b.index !== undefined ? named(b)[b.index - 1] : all.length === 1 ? all[0] : undefined;
      if (!leader || pairs.some((p) => p.leader === leader)) {
        if (!leader) ctx.error('leader-target-missing', `"${src.slice(b.line[0], b.line[1])}": ${all.length ? 'several units of that name are in the list and none says which' : 'no unit of that name is in the list'}, so ${b.unit.name.text} is read as joined by no unit.`, b.line[0], b.line[1]);
        continue;
      }
      pairs.push({ leader, bodyguard: b.unit, guardLine: b });
    }
    const groups = new Map<Unit, Attachment>();
    for (const p of pairs) {
      let g = groups.get(p.bodyguard);
      if (!g) {
        g = { span: { ...p.bodyguard.span }, bodyguard: p.bodyguard, leaders: [], supports: [] };
        groups.set(p.bodyguard, g);
      }
      g.leaders.push(p.leader);
      g.span.start = Math.min(g.span.start, p.leader.span.start);
      g.span.end = Math.max(g.span.end, p.leader.span.end);
      if (p.leaderLine) p.leader.attachedAs ??= { role: 'leader', text: ctx.tok(p.leaderLine.line[0], p.leaderLine.line[1]) };
      const gl = p.guardLine;
      if (!p.bodyguard.attachedAs) p.bodyguard.attachedAs = { role: 'bodyguard', text: gl ? ctx.tok(gl.line[0], gl.line[1]) : { text: p.bodyguard.name.text, span: { ...p.bodyguard.name.span } } };
    }
    if (groups.size) (ctx.list.attachments ??= []).push(...[...groups.values()].sort((a, b) => a.span.start - b.span.start));
  }
}
