// Enhancement checks ("Muster your army: select Enhancements"): who may take one (`enhancementFit`: not an
// EPIC HERO; a CHARACTER, or in the 11th edition a unit it names and an Upgrade's non-CHARACTER unit; the
// restriction its text states), one per unit (in the 11th an attached unit counting as one), each once
// (an Upgrade up to its copies), from the list's detachments, within the battle size's allowance (an
// Upgrade's copies after the first not counted).
import type { EnhancementRef, Unit } from '../../domain/parse/ast';
import type { Enhancement } from '../../domain/rules/model';
import { enhancementFit, isUpgrade } from '../../domain/editions/enhancementFit';
import { closestNames } from '../../domain/text/fuzzy';
import { normalizeName } from '../../domain/text/normalize';
import { battleSizeNote, CheckContext, findDetachment, isEpicHero, ResolvedUnit, sameFaction } from './context';
import { detachmentRule, termRule, type RuleRef } from './ruleRefs';
import { findEnhancement } from '../resolve/resolvedList';
export { findEnhancement };

interface Taken {
  ref: EnhancementRef;
  unit: Unit;
  enh?: Enhancement;
}

export function checkEnhancements(ctx: CheckContext): void {
  if (ctx.combatPatrol) return;
  const taken: Taken[] = [];
  for (const unit of ctx.list.units) {
    const r = ctx.units.find((u) => u.unit === unit);
    unit.enhancements.forEach((ref, i) => {
      const enh = findEnhancement(ctx, ref.name.text);
      taken.push({ ref, unit, enh });
      const pool = enh ? [] : candidatePool(ctx);
      // No enhancement of this faction in the data at all: nothing to judge against.
      if (!enh && pool.length) {
        const suggestions = closestNames(ref.name.text, pool.map((e) => e.name));
        const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
        ctx.report(ref.name.span, 'unknown-enhancement', `Unknown enhancement "${ref.name.text}".${hint}`, { data: { suggestions } });
      }
      if (i > 0) {
        ctx.report(ref.name.span, 'multiple-enhancements', `${unit.name.text} already has the enhancement ${unit.enhancements[0].name.text}: a ${ctx.edition.muster.enhancementPerAttachedUnit ? 'unit' : 'model'} can have only one.`, {
          related: [{ span: unit.enhancements[0].name.span, message: 'The first enhancement' }],
        });
      }
      if (!r) return;
      const fit = enhancementFit(enh, bearer(r), ctx.edition.muster);
      if (fit.ok === false) ctx.report(ref.name.span, fit.code, `${fit.why}.`, fit.code === 'enhancement-ineligible' && enh ? { rule: enhancementRule(ctx, enh) } : {});
    });
  }
  if (ctx.edition.muster.enhancementPerAttachedUnit) checkAttachedUnits(ctx);
  checkOrigins(ctx, taken);
}

/** The unit as `enhancementFit` reads it: a datasheet known only by its points has no keywords to judge by. */
export function bearer(r: ResolvedUnit): { name: string; keywords: Iterable<string>; epicHero: boolean } {
  return { name: r.sheet.name, keywords: r.sheet.keywords.length ? r.keywords : [], epicHero: isEpicHero(r) };
}

/** An attached unit (Bodyguard, Leaders, Support) counts as one unit: one enhancement among all of them. */
function checkAttachedUnits(ctx: CheckContext): void {
  for (const group of ctx.list.attachments ?? []) {
    const members = [group.bodyguard, ...group.leaders, ...group.supports].filter((u): u is Unit => !!u).sort((a, b) => a.span.start - b.span.start);
    const first = members.find((u) => u.enhancements.length);
    if (!first) continue;
    for (const u of members) {
      if (u === first || !u.enhancements.length) continue;
      // A second enhancement on the same unit is reported as such (above); here the first of each other member.
      const ref = u.enhancements[0];
      ctx.report(ref.name.span, 'multiple-enhancements', `${u.name.text} is in one attached unit with ${first.name.text}, which already has the enhancement ${first.enhancements[0].name.text}: an attached unit counts as one unit and can have only one.`, {
        related: [{ span: first.enhancements[0].name.span, message: 'The attached unit\'s first enhancement' }],
      });
    }
  }
}

function checkOrigins(ctx: CheckContext, taken: Taken[]): void {
  const m = ctx.edition.muster;
  const seen = new Map<string, Taken[]>();
  const det = ctx.detachment;
  // The edition's muster rules say whether every chosen detachment gives its enhancements or only the first.
  const several = m.severalDetachments && ctx.detachments.length > 1;
  const chosen = several ? ctx.detachments.filter((d) => d !== undefined) : [];
  /** Taken enhancements the allowance counts: an Upgrade's copies after the first are not counted. */
  const counted: Taken[] = [];
  for (const t of taken) {
    const { ref, enh } = t;
    const key = normalizeName((enh?.name ?? ref.name.text).replace(/\s*\(upgrade\)\s*$/i, ''));
    const before = seen.get(key) ?? [];
    seen.set(key, [...before, t]);
    const upgrade = isUpgrade(enh, m);
    const copies = upgrade ? enh?.maxCopies ?? m.upgradeCopies : 1;
    if (!upgrade || !before.length) counted.push(t);
    if (before.length >= copies) {
      const why = upgrade ? `${enh?.name} is an Upgrade: an army may take it at most ${copies} times` : 'each enhancement can be taken only once';
      ctx.report(ref.name.span, 'enhancement-duplicate', `${enh?.name ?? ref.name.text} is already taken${upgrade ? ` ${before.length} times` : ''}: ${why}.`, {
        related: before.map((b) => ({ span: b.ref.name.span, message: 'Taken here' })),
      });
    }
    if (several) {
      if (enh && chosen.length === ctx.detachments.length && !chosen.some((d) => normalizeName(enh.detachment) === normalizeName(d.name))) {
        ctx.report(ref.name.span, 'enhancement-wrong-detachment', `${enh.name} is an enhancement of ${enh.detachment}, not of the list's detachments ${chosen.map((d) => d.name).join(' or ')}.`, {
          related: ctx.list.detachments.map((tok) => ({ span: tok.span, message: "The list's detachment" })),
          rule: enhancementRule(ctx, enh),
        });
      }
    } else if (enh && det && normalizeName(enh.detachment) !== normalizeName(det.name)) {
      ctx.report(ref.name.span, 'enhancement-wrong-detachment', `${enh.name} is an enhancement of ${enh.detachment}, not of the list's detachment ${det.name}.`, {
        related: [{ span: ctx.list.detachments[0].span, message: "The list's detachment" }],
        rule: enhancementRule(ctx, enh),
      });
    }
  }
  // The battle size's allowance where the data states one (the 11e game system's "Enhancements" constraint).
  const stated = ctx.battleSizeRule?.enhancements;
  const max = m.enhancementAllowance(stated, ctx.settings.maxEnhancements);
  const why = stated !== undefined && max === stated ? `${ctx.battleSizeRule?.name}'s allowance in the game system${battleSizeNote(ctx)}` : `setting auspex.validation.maxEnhancements`;
  const uncounted = taken.length - counted.length;
  const note = uncounted ? ` (${uncounted} more cop${uncounted === 1 ? 'y' : 'ies'} of an Upgrade not counted)` : '';
  for (const extra of counted.slice(max)) {
    ctx.report(extra.ref.name.span, 'too-many-enhancements', `${counted.length} enhancements${note}: the army may take at most ${max} (${why}).`, {
      related: counted.slice(0, max).map((t) => ({ span: t.ref.name.span, message: t.ref.name.text })),
    });
  }
}

/** The rule of an enhancement: its detachment's page (its text, its restriction, its points). */
function enhancementRule(ctx: CheckContext, enh: Enhancement): RuleRef {
  const det = findDetachment(ctx.rules, enh.detachment, enh.faction);
  return det ? detachmentRule(ctx.edition.edition, det, `${enh.name} (enhancement)`) : termRule(ctx.edition.edition, 'enhancements');
}

function candidatePool(ctx: CheckContext): Enhancement[] {
  const det = ctx.detachment;
  if (det) {
    // The data names the detachment but none of its enhancements: it cannot settle which the army may take.
    return ctx.rules.data.enhancements.filter((e) => normalizeName(e.detachment) === normalizeName(det.name));
  }
  const faction = ctx.faction;
  const same = faction ? sameFaction(ctx.rules, faction) : () => true;
  return ctx.rules.data.enhancements.filter((e) => same(e.faction));
}
