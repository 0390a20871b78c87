// The muster rules an edition adds beyond the 10th's (the 11th: Detachment Points, requisition thresholds,
// per-item wargear costs, attached units, force dispositions). Each check runs when the list's edition's
// `muster` rules say it applies, and takes its limits from the data (the game system's force constraints by
// battle size, the MFM, the Leader and Support rules), never from an edition number.
import type { Unit } from '../../domain/parse/ast';
import type { Datasheet, PointsTier } from '../../domain/rules/model';
import { normalizeName } from '../../domain/text/normalize';
import { battleSizeNote, CheckContext, chosenEnhancements, looseName, plural, ResolvedUnit } from './context';
import { unitModelCount } from './unitPoints';
import { checkTotal, tieredGroups, tierFor, unitExtras } from './totals';
import { datasheetRule, detachmentRule, pointsRule } from './ruleRefs';

/** Only the prices (the data holds only points for the faction: the MFM without datasheets). */
export function checkPrices(ctx: CheckContext): void {
  if (ctx.combatPatrol) return;
  if (ctx.edition.muster.requisition) checkRequisition(ctx);
  checkTotal(ctx);
}

export function checkMuster(ctx: CheckContext): void {
  const m = ctx.edition.muster;
  if (m.detachmentPoints) checkDetachmentPoints(ctx);
  if (m.forceDispositions) checkForceDispositions(ctx);
  if (m.attachedUnits) checkAttachedUnits(ctx);
  if (m.requisition && !ctx.combatPatrol) checkRequisition(ctx);
}

// ---- Detachment Points ----

function checkDetachmentPoints(ctx: CheckContext): void {
  const { list } = ctx;
  const chosen = ctx.detachments;
  // The DP each detachment states alone, against the data.
  list.detachmentPoints?.forEach((stated, i) => {
    const det = chosen[i];
    if (!stated || det?.dp === undefined || stated.value === det.dp) return;
    ctx.report(stated.span, 'points-mismatch', `${det.name} costs ${plural(det.dp, 'Detachment Point')} in the rules data, not ${stated.value}.`, { data: { expected: det.dp }, rule: detachmentRule(ctx.edition.edition, det, 'Detachment Points') });
  });
  const known = chosen.filter((d) => d?.dp !== undefined);
  const sum = known.reduce((n, d) => n + (d?.dp ?? 0), 0);
  const together = list.detachmentPointsStated;
  // A lone detachment's stated DP is its own (checked above); the total is checked for joined detachments.
  if (together && chosen.length > 1 && known.length === chosen.length && together.total.value !== sum) {
    ctx.report(together.total.span, 'points-mismatch', `The detachments ${chosen.map((d) => `${d?.name} (${d?.dp} DP)`).join(' and ')} cost ${plural(sum, 'Detachment Point')} in the rules data, not ${together.total.value}.`, {
      data: { expected: sum },
    });
  }
  const allowance = ctx.battleSizeRule?.detachmentPoints;
  const last = list.detachments[list.detachments.length - 1];
  // A single detachment may cost more at some battle sizes (the 11th: one 3-DP detachment at Incursion).
  const lone = chosen.length === 1 && ctx.battleSizeRule ? ctx.edition.muster.loneDetachmentDp(ctx.battleSizeRule.name) : undefined;
  if (allowance !== undefined && last && sum > allowance && !(lone && sum <= lone.dp)) {
    ctx.report(last.span, 'detachment-points', `The detachments cost ${plural(sum, 'Detachment Point')} (${known.map((d) => `${d?.name} ${d?.dp}`).join(', ')}): ${ctx.battleSizeRule?.name} allows ${allowance} (the game system's force constraints${battleSizeNote(ctx)}).`, {
      related: list.detachments.slice(0, -1).map((t) => ({ span: t.span, message: t.text })),
    });
  }
  // Two detachments sharing a `unique` tag.
  const byTag = new Map<string, number>();
  chosen.forEach((det, i) => {
    if (!det?.unique) return;
    const key = normalizeName(det.unique);
    const first = byTag.get(key);
    if (first === undefined) {
      byTag.set(key, i);
      return;
    }
    ctx.report(list.detachments[i].span, 'detachment-unique', `${det.name} and ${chosen[first]?.name} are both "${det.unique}" detachments: an army may take only one of them.`, {
      rule: detachmentRule(ctx.edition.edition, det, 'unique tag'),
      related: [{ span: list.detachments[first].span, message: chosen[first]?.name ?? '' }],
    });
  });
}

// ---- Force dispositions ----

function checkForceDispositions(ctx: CheckContext): void {
  const stated = ctx.list.forceDispositions ?? [];
  const chosen = ctx.detachments;
  // A detachment the data lacks, or without a disposition in the data: nothing to judge against.
  if (!stated.length || !chosen.length || chosen.some((d) => !d?.forceDisposition)) return;
  const allowed = chosen.map((d) => d?.forceDisposition ?? '');
  // Only names the data knows as dispositions are judged (a localised export's names are not in the data).
  const known = new Set(ctx.rules.data.detachments.map((d) => looseName(d.forceDisposition ?? '')));
  const wrong = stated.filter((t) => known.has(looseName(t.text)) && !allowed.some((a) => looseName(a) === looseName(t.text)));
  // The one disposition the detachments give that the list does not state, when one token is wrong: its fix.
  const missing = allowed.filter((a) => !stated.some((t) => looseName(t.text) === looseName(a)));
  const expected = wrong.length === 1 && missing.length === 1 ? writtenAs(missing[0], wrong[0].text) : undefined;
  for (const token of wrong) {
    const rule = chosen.length === 1 && chosen[0] ? detachmentRule(ctx.edition.edition, chosen[0], 'force disposition') : undefined;
    ctx.report(token.span, 'force-disposition-wrong', `${token.text} is not the force disposition of the chosen detachment${chosen.length === 1 ? '' : 's'}: ${chosen.map((d) => `${d?.name} gives ${d?.forceDisposition}`).join('; ')}.`, { ...(expected ? { data: { expected } } : {}), ...(rule ? { rule } : {}) });
  }
}

/** A disposition as the data writes it ("TAKE AND HOLD") in the case the list writes them ("Take and Hold"). */
function writtenAs(name: string, like: string): string {
  if (like === like.toUpperCase()) return name.toUpperCase();
  const small = new Set(['and', 'the', 'of', 'a', 'an', 'to', 'in']);
  return name.toLowerCase().split(' ').map((w, i) => (i > 0 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}

// ---- Attached units ----

/** How many Leader and Support units one Bodyguard unit may have (the edition's muster rules: the data states no number). */
export function attachLimit(ctx: CheckContext, rule: 'Leader' | 'Support'): { max: number; from: string } {
  const a = ctx.edition.muster.attach;
  return { max: rule === 'Leader' ? a.leaders : a.supports, from: a.from };
}

function checkAttachedUnits(ctx: CheckContext): void {
  const resolved = (u: Unit | undefined) => (u ? ctx.units.find((r) => r.unit === u) : undefined);
  const attached = new Set<Unit>();
  for (const group of ctx.list.attachments ?? []) {
    for (const u of [group.bodyguard, ...group.leaders, ...group.supports]) if (u) attached.add(u);
    const guard = resolved(group.bodyguard);
    if (!guard) continue;
    // New Recruit's `Leading X` and `Attached to` lines state no role: a unit the data lets join this Bodyguard as
    // Support only, or that is a Support unit and no Leader, is judged as Support.
    const stated = (u: Unit) => !!u.attachedAs && !/^\s*(leading|attached to)\b/i.test(u.attachedAs.text.text);
    const asSupport = (u: Unit) => {
      const r = resolved(u);
      if (!r || stated(u) || mayJoin(ctx, r, guard.sheet, 'Leader')) return false;
      return mayJoin(ctx, r, guard.sheet, 'Support') || (!r.sheet.leads.length && !!r.sheet.supports?.length);
    };
    const leaders = group.leaders.filter((u) => !asSupport(u));
    const supports = [...group.supports, ...group.leaders.filter(asSupport)];
    for (const [role, units] of [['Leader', leaders], ['Support', supports]] as const) {
      const limit = attachLimit(ctx, role);
      units.forEach((u, i) => {
        const r = resolved(u);
        if (!r) return;
        if (!mayJoin(ctx, r, guard.sheet, role)) {
          const names = role === 'Leader' ? r.sheet.leads : r.sheet.supports ?? [];
          ctx.report(u.name.span, 'attached-not-allowed', `${r.sheet.name} cannot be attached to ${guard.sheet.name} as ${role === 'Leader' ? 'a Leader' : 'Support'}. ${names.length ? `It can join: ${names.join(', ')}.` : 'Its data names no unit it can join.'}`, {
            related: [{ span: guard.unit.name.span, message: `Bodyguard: ${guard.sheet.name}` }],
            rule: datasheetRule(ctx.edition.edition, r.sheet, role),
          });
        }
        if (i >= limit.max) {
          ctx.report(u.name.span, 'attached-too-many', `${guard.sheet.name} already has ${plural(limit.max, role === 'Leader' ? 'Leader' : 'Support unit')} attached (${limit.from}).`, {
            related: units.slice(0, limit.max).map((x) => ({ span: x.name.span, message: x.name.text })),
          });
        }
      });
    }
  }
  // A Support unit must be attached: judged only where the export states its attached units (an Attached Units block).
  if (!ctx.edition.muster.attach.supportMustAttach || !ctx.list.attachments?.length) return;
  for (const r of ctx.units) {
    if (!r.sheet.supports?.length || attached.has(r.unit) || r.sheet.leads.length) continue;
    ctx.report(r.unit.name.span, 'support-not-attached', `${r.sheet.name} is a Support unit and is not attached: a Support unit must be attached to a Bodyguard unit when mustering (${ctx.edition.muster.attach.from.replace(/:.*$/, '')}). It can join: ${r.sheet.supports.join(', ')}.`);
  }
}

function mayJoin(ctx: CheckContext, unit: ResolvedUnit, bodyguard: Datasheet, role: 'Leader' | 'Support'): boolean {
  const key = looseName(bodyguard.name);
  const own = role === 'Leader' ? unit.sheet.leads : unit.sheet.supports ?? [];
  const back = role === 'Leader' ? bodyguard.ledBy : bodyguard.supportedBy ?? [];
  if (own.some((n) => looseName(n) === key) || back.some((n) => looseName(n) === looseName(unit.sheet.name))) return true;
  // An enhancement may let its bearer join more units (MFM `leaderTo` / `supportTo`).
  return unit.unit.enhancements.some((ref) => {
    const names = chosenEnhancements(ctx, ref.name.text).flatMap((e) => (role === 'Leader' ? e.leaderTo : e.supportTo) ?? []);
    return names.some((n) => looseName(n) === key);
  });
}


// ---- Requisition thresholds, wargear costs ----

/**
 * The copies of each datasheet against their requisition tiers, as a set: the app prints the first tier's price
 * on the dearer copy (or the dearer price on the first), so each copy's stated price must match some copy slot's
 * price, each slot used once; the copies left unmatched are reported. Returns the data's total when every unit is priced.
 */
function checkRequisition(ctx: CheckContext): void {
  const groups = tieredGroups(ctx);
  for (const [sheet, copies] of groups) {
    const tiers = sheet.pointsTiers ?? [];
    // price[u][k]: what copy u costs in slot k (the (k+1)th copy); undefined when its size has no price there.
    const price = copies.map((r) => {
      const extra = unitExtras(ctx, r.unit, sheet);
      const size = unitModelCount(r.unit, r.sheet);
      return copies.map((_c, k) => {
        const step = tierFor(tiers, k + 1)?.steps.find((s) => s.models === size);
        return step && extra !== undefined ? step.points + extra : undefined;
      });
    });
    const slotOf = matchCopies(copies.map((r, u) => (k: number) => r.unit.points !== undefined && price[u][k] === r.unit.points.value));
    // The copies left unmatched take the slots left, in text order: each one's fix is its slot's price.
    const free = copies.map((_c, k) => k).filter((k) => !slotOf.includes(k));
    copies.forEach((r, u) => {
      const stated = r.unit.points;
      if (slotOf[u] !== undefined) return;
      const slot = free.shift();
      if (!stated) return;
      const options = [...new Set(price[u].filter((p): p is number => p !== undefined))];
      if (!options.length) return;
      const size = unitModelCount(r.unit, r.sheet);
      // One price: the message every points-mismatch has; several: the copies' tiers named.
      const tiersNote = options.length > 1 ? ` (as any of its ${copies.length} copies; requisition thresholds: ${tiers.map((t) => t.label ?? rangeText(t)).join('; ')})` : '';
      const expected = (slot !== undefined ? price[u][slot] : undefined) ?? options[0];
      ctx.report(stated.span, 'points-mismatch', `${sheet.name} with ${plural(size, 'model')} costs ${options.join(' or ')} points in the rules data${tiersNote}, not ${stated.value}.`, {
        data: { expected },
        rule: pointsRule(ctx.edition.edition, sheet),
      });
    });
  }
}

function rangeText(t: PointsTier): string {
  return `copies ${t.copies.from}${t.copies.to === undefined ? '+' : `-${t.copies.to}`}`;
}

/** A maximum matching of copies to copy slots (augmenting paths; a datasheet has a handful of copies). */
function matchCopies(fits: ((slot: number) => boolean)[]): (number | undefined)[] {
  const n = fits.length;
  const holder: (number | undefined)[] = new Array(n).fill(undefined);
  const slotOf: (number | undefined)[] = new Array(n).fill(undefined);
  const tryCopy = (u: number, seen: boolean[]): boolean => {
    for (let k = 0; k < n; k++) {
      if (seen[k] || !fits[u](k)) continue;
      seen[k] = true;
      const h = holder[k];
      if (h === undefined || tryCopy(h, seen)) {
        holder[k] = u;
        slotOf[u] = k;
        return true;
      }
    }
    return false;
  };
  for (let u = 0; u < n; u++) tryCopy(u, new Array(n).fill(false));
  return slotOf;
}
