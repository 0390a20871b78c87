// Enhancement checks ("Muster your army: select Enhancements"): each at most
// once, only on CHARACTER models that are not EPIC HEROES, one per model, from
// the list's detachment, within the army's limit and the enhancement's own
// restriction ("TRYGON model only", read like a stratagem's TARGET text).
import type { EnhancementRef } from '../../domain/parse/ast';
import type { Enhancement } from '../../domain/rules/model';
import { readTargetText, satisfies, explain } from '../../domain/stratagems/targetText';
import { closestNames } from '../../domain/text/fuzzy';
import { normalizeName } from '../../domain/text/normalize';
import { CheckContext, isCharacter, isEpicHero, looseName, ResolvedUnit, sameFaction } from './context';

export function checkEnhancements(ctx: CheckContext): void {
  if (ctx.combatPatrol) return;
  const taken: { ref: EnhancementRef; unit: ResolvedUnit | undefined; enh?: Enhancement }[] = [];
  for (const unit of ctx.list.units) {
    const r = ctx.units.find((u) => u.unit === unit);
    unit.enhancements.forEach((ref, i) => {
      const enh = findEnhancement(ctx, ref.name.text);
      taken.push({ ref, unit: r, enh });
      const pool = enh ? [] : candidatePool(ctx);
      // No enhancement of this faction in the data at all: nothing to judge against.
      if (!enh && pool.length) {
        const suggestions = closestNames(ref.name.text, pool.map((e) => e.name));
        const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
        ctx.report(ref.name.span, 'unknown-enhancement', `Unknown enhancement "${ref.name.text}".${hint}`, { data: { suggestions } });
      }
      if (i > 0) {
        ctx.report(ref.name.span, 'multiple-enhancements', `${unit.name.text} already has the enhancement ${unit.enhancements[0].name.text}: a model can have only one (Muster your army).`, {
          related: [{ span: unit.enhancements[0].name.span, message: 'The first enhancement' }],
        });
      }
      if (!r) return;
      if (isEpicHero(r)) {
        ctx.report(ref.name.span, 'enhancement-epic-hero', `${r.sheet.name} is an EPIC HERO and cannot take an enhancement (Muster your army).`);
      } else if (!isCharacter(r) && !namedFor(ctx, r, ref.name.text)) {
        ctx.report(ref.name.span, 'enhancement-not-character', `${r.sheet.name} is not a CHARACTER: only CHARACTER models can take enhancements (Muster your army).`);
      } else if (enh?.eligibility) {
        const text = enh.eligibility.replace(/\s+only\.?\s*$/i, '');
        const spec = readTargetText(`One ${text}.`);
        if (spec.requirement !== true && !satisfies(spec.requirement, [...r.keywords])) {
          ctx.report(ref.name.span, 'enhancement-ineligible', `${enh.name} is for ${explain(spec.requirement)} models only ("${enh.eligibility}"); ${r.sheet.name} is not one.`);
        }
      }
    });
  }
  checkOrigins(ctx, taken);
}

function checkOrigins(ctx: CheckContext, taken: { ref: EnhancementRef; enh?: Enhancement }[]): void {
  const seen = new Map<string, EnhancementRef>();
  const det = ctx.detachment;
  // The edition's muster rules say whether every chosen detachment gives its enhancements or only the first.
  const several = ctx.edition.muster.severalDetachments && ctx.detachments.length > 1;
  const chosen = several ? ctx.detachments.filter((d) => d !== undefined) : [];
  for (const { ref, enh } of taken) {
    const key = normalizeName(enh?.name ?? ref.name.text);
    const first = seen.get(key);
    if (first) {
      ctx.report(ref.name.span, 'enhancement-duplicate', `${enh?.name ?? ref.name.text} is already taken: each enhancement can be taken only once (Muster your army).`, {
        related: [{ span: first.name.span, message: 'The first time it is taken' }],
      });
    } else seen.set(key, ref);
    if (several) {
      if (enh && chosen.length === ctx.detachments.length && !chosen.some((d) => normalizeName(enh.detachment) === normalizeName(d.name))) {
        ctx.report(ref.name.span, 'enhancement-wrong-detachment', `${enh.name} is an enhancement of ${enh.detachment}, not of the list's detachments ${chosen.map((d) => d.name).join(' or ')}.`, {
          related: ctx.list.detachments.map((t) => ({ span: t.span, message: "The list's detachment" })),
        });
      }
    } else if (enh && det && normalizeName(enh.detachment) !== normalizeName(det.name)) {
      ctx.report(ref.name.span, 'enhancement-wrong-detachment', `${enh.name} is an enhancement of ${enh.detachment}, not of the list's detachment ${det.name}.`, {
        related: [{ span: ctx.list.detachments[0].span, message: "The list's detachment" }],
      });
    }
  }
  // The battle size's allowance where the data states one (the 11e game system's "Enhancements" constraint).
  const stated = ctx.battleSizeRule?.enhancements;
  const max = ctx.edition.muster.enhancementAllowance(stated, ctx.settings.maxEnhancements);
  const why = stated !== undefined && max === stated ? `${ctx.battleSizeRule?.name}'s allowance in the game system` : 'Muster your army';
  for (const extra of taken.slice(max)) {
    ctx.report(extra.ref.name.span, 'too-many-enhancements', `${taken.length} enhancements: the army may take at most ${max} (${why}).`, {
      related: taken.slice(0, max).map((t) => ({ span: t.ref.name.span, message: t.ref.name.text })),
    });
  }
}

/** The enhancement of that name, preferring the list's detachment(s) (names repeat across detachments). */
function findEnhancement(ctx: CheckContext, name: string): Enhancement | undefined {
  const all = ctx.rules.enhancementsNamed(name);
  const dets = (ctx.edition.muster.severalDetachments ? ctx.detachments : [ctx.detachment]).map((d) => normalizeName(d?.name ?? ''));
  return all.find((e) => dets.includes(normalizeName(e.detachment))) ?? all[0];
}

/** A unit an enhancement names (MFM `leaderTo`/`supportTo`) may take it without being a CHARACTER, where the edition says so. */
function namedFor(ctx: CheckContext, unit: ResolvedUnit, name: string): boolean {
  if (!ctx.edition.muster.enhancementsOnNamedUnits) return false;
  const enh = findEnhancement(ctx, name);
  const key = looseName(unit.sheet.name);
  return [...(enh?.leaderTo ?? []), ...(enh?.supportTo ?? [])].some((n) => looseName(n) === key);
}

function candidatePool(ctx: CheckContext): Enhancement[] {
  const det = ctx.detachment;
  if (det) {
    const own = ctx.rules.data.enhancements.filter((e) => normalizeName(e.detachment) === normalizeName(det.name));
    if (own.length) return own;
  }
  const faction = ctx.faction;
  const same = faction ? sameFaction(ctx.rules, faction) : () => true;
  return ctx.rules.data.enhancements.filter((e) => same(e.faction));
}
