// Army-level checks of the 10th-edition "Muster your army" rules: points
// against the stated total and the battle size, the Warlord, how many units of
// one datasheet, the units' faction, the detachment and stated attachments.
import type { Token } from '../../domain/parse/ast';
import type { Detachment } from '../../domain/rules/model';
import { closestNames } from '../../domain/text/fuzzy';
import { normalizeName, spellingKey } from '../../domain/text/normalize';
import { checkTotal } from './totals';
import { datasheetRule, detachmentRule } from './ruleRefs';
import { battleSizeNote, CheckContext, isCharacter, isEpicHero, looseName, plural, ResolvedUnit, sameFaction } from './context';

export function checkArmy(ctx: CheckContext): void {
  checkDetachment(ctx);
  checkFactions(ctx);
  checkLeaders(ctx);
  if (ctx.combatPatrol) {
    const bs = ctx.list.battleSize!;
    // Said once, and only where the list states what would otherwise be checked (points, enhancements).
    const states = ctx.list.statedPoints || ctx.list.units.some((u) => u.points || u.enhancements.length);
    if (states) ctx.report(
      bs.span,
      'combat-patrol',
      'Combat Patrol: a fixed force without points. Points, Warlord, unit-count and enhancement checks do not apply.',
    );
    return;
  }
  checkTotal(ctx);
  checkWarlord(ctx);
  checkDatasheetCounts(ctx);
}

const MUST_BE_WARLORD = /\bis in your army, it must be your warlord\b/i;

function checkWarlord(ctx: CheckContext): void {
  const warlords = ctx.list.units.filter((u) => u.warlord);
  if (warlords.length === 0) {
    if (ctx.list.units.length === 0) return;
    // A datasheet that must be the Warlord when in the army (Angron: "it must be your WARLORD") is the Warlord.
    if (ctx.units.some((u) => u.sheet.abilities.some((a) => MUST_BE_WARLORD.test(a.text ?? '')))) return;
    const at = ctx.list.faction?.span ?? ctx.list.units[0].name.span;
    ctx.report(at, 'no-warlord', 'The army has no Warlord: mark one CHARACTER unit "Warlord".');
    return;
  }
  const first = warlords[0];
  for (const other of warlords.slice(1)) {
    ctx.report(other.warlord!, 'multiple-warlords', `${other.name.text} is a second Warlord: an army has exactly one.`, {
      related: [{ span: first.warlord!, message: `The first Warlord: ${first.name.text}` }],
      data: { remove: lineOf(ctx, other.warlord!) },
    });
  }
  for (const w of warlords) {
    const r = ctx.units.find((u) => u.unit === w);
    if (r && !isCharacter(r)) {
      ctx.report(w.warlord!, 'warlord-not-character', `${w.name.text} cannot be the Warlord: it is not a CHARACTER.`);
    }
  }
}

/** The whole line holding a span, newline included, as an LSP range (a quick fix deletes it). */
function lineOf(ctx: CheckContext, span: { start: number }) {
  const pos = ctx.doc.positionAt(span.start);
  return { start: { line: pos.line, character: 0 }, end: { line: pos.line + 1, character: 0 } };
}

function checkDatasheetCounts(ctx: CheckContext): void {
  const byName = new Map<string, ResolvedUnit[]>();
  for (const u of ctx.units) {
    const key = u.sheet.id || normalizeName(u.sheet.name);
    const list = byName.get(key) ?? [];
    list.push(u);
    byName.set(key, list);
  }
  for (const group of byName.values()) {
    const first = group[0];
    if (isEpicHero(first)) {
      for (const u of group.slice(1)) {
        ctx.report(u.unit.name.span, 'epic-hero-duplicate', `${u.sheet.name} is an EPIC HERO: an army can include it only once.`, {
          related: [{ span: first.unit.name.span, message: `The first ${u.sheet.name}` }],
        });
      }
      continue;
    }
    const limit = ctx.edition.muster.datasheetCopies(ctx.battleSizeRule?.name ?? ctx.list.battleSize?.english ?? ctx.list.battleSize?.name.text);
    if (!limit) continue;
    const doubled = limit.doubled.find((k) => first.keywords.has(k));
    // A datasheet known only by its points may be BATTLELINE: only copies beyond the doubled limit are certain.
    const max = doubled || !first.sheet.keywords.length ? limit.max * 2 : limit.max;
    for (const u of group.slice(max)) {
      ctx.report(
        u.unit.name.span,
        'too-many-datasheet',
        `${plural(group.length, 'unit')} of ${u.sheet.name}: at most ${max} of one datasheet${doubled ? ` (${limit.doubled.join(' or ')})` : max > limit.max ? ` (as if ${limit.doubled.join(' or ')}: the rules data holds no keywords for it)` : ''} (${limit.rule}${battleSizeNote(ctx)}).`,
        { related: group.slice(0, max).map((o, i) => ({ span: o.unit.name.span, message: `${u.sheet.name} #${i + 1}` })) },
      );
    }
  }
}

const ALLIED_SECTION = /\ball(ied|ies|y)\b/i;

/**
 * Every unit must carry the army's faction keyword; a chapter's army may also take its parent's generic
 * units but not another chapter's (a Space Wolves army: ADEPTUS ASTARTES units yes, BLOOD ANGELS ones no).
 * Units of another faction in an ALLIED UNITS section, or that the army's own data lists as allies (the
 * Wahapedia export repeats such units under the factions that may take them), are allies: checked as units
 * from their own faction's data, and the ally rules no data states in machine form are said once.
 */
function checkFactions(ctx: CheckContext): void {
  if (ctx.armyKeywords.length === 0) return;
  const armyKeys = ctx.armyKeywords.map(normalizeName);
  const sub = ctx.subFaction ? normalizeName(ctx.subFaction) : undefined;
  const siblings = (u: ResolvedUnit) =>
    u.sheet.factionKeywords.filter((k) => normalizeName(k) !== sub && !armyKeys.includes(normalizeName(k)) && ctx.rules.parentFaction(k));
  const allowedAllies = new Set(
    (ctx.faction ? ctx.rules.faction(ctx.faction) ?? ctx.rules.parentFaction(ctx.faction) : undefined)?.allies?.map(spellingKey) ?? [],
  );
  const included = (ctx.includedKeywords ?? []).map(normalizeName);
  const allies: ResolvedUnit[] = [];
  for (const u of ctx.units) {
    const own = u.sheet.factionKeywords.map(normalizeName);
    if (own.length === 0) continue;
    // A detachment lets the army include units of that keyword ("You can include SCINTILLATING LEGIONS units").
    if (own.some((k) => included.includes(k))) continue;
    if (own.some((k) => armyKeys.includes(k))) {
      const other = sub ? siblings(u) : [];
      if (other.length && !own.includes(sub!)) {
        ctx.report(
          u.unit.name.span,
          'unit-wrong-faction',
          `${u.sheet.name} is a ${other.join(', ')} datasheet, not one of ${ctx.subFaction}: a chapter's army takes its own and its parent's generic datasheets only.`,
        );
      }
      continue;
    }
    // The army's own data lists it under a keyword of its own (SCINTILLATING LEGIONS in Thousand Sons): an ally
    // unless a detachment includes it.
    const listedHere = !!u.sheet.listedUnder && armyKeys.includes(normalizeName(ctx.rules.faction(u.sheet.listedUnder)?.keyword ?? u.sheet.listedUnder));
    if (listedHere || (u.unit.section && ALLIED_SECTION.test(u.unit.section)) || allowedAllies.has(spellingKey(u.sheet.name))) {
      allies.push(u);
      continue;
    }
    ctx.report(
      u.unit.name.span,
      'unit-wrong-faction',
      `${u.sheet.name} has the faction keyword ${u.sheet.factionKeywords.join(', ')}, not ${ctx.armyKeywords[0]}: every unit must share the army's Faction keyword.`,
    );
  }
  if (allies.length) {
    const [first, ...rest] = allies;
    const names = allies.map((u) => `${u.sheet.name} (${u.sheet.factionKeywords.join(', ')})`);
    ctx.report(
      first.unit.name.span,
      'allied-unit',
      `Allied unit${allies.length === 1 ? '' : 's'}: ${names.join('; ')}. ${allies.length === 1 ? 'It is checked as a unit' : 'They are checked as units'} of ${allies.length === 1 ? 'its' : 'their'} own faction's data; the rules that let allies join this army (which units, how many points) are not checked.`,
      { related: rest.map((u) => ({ span: u.unit.name.span, message: `Allied unit: ${u.sheet.name}` })) },
    );
  }
}

function checkDetachment(ctx: CheckContext): void {
  // Every detachment the list names where the edition lets an army take several; else the first.
  const count = ctx.edition.muster.severalDetachments ? ctx.list.detachments.length : Math.min(1, ctx.list.detachments.length);
  for (let i = 0; i < count; i++) checkOneDetachment(ctx, ctx.list.detachments[i], i === 0 ? ctx.detachment : ctx.detachments[i]);
}

function checkOneDetachment(ctx: CheckContext, token: Token, det: Detachment | undefined): void {
  const faction = ctx.faction;
  if (!det) {
    const same = faction ? sameFaction(ctx.rules, faction) : () => true;
    const pool = ctx.rules.data.detachments.filter((d) => same(d.faction));
    // No detachment of this faction in the data: nothing to judge against.
    if (pool.length === 0) return;
    const suggestions = closestNames(token.text, pool.map((d) => d.name));
    const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
    ctx.report(token.span, 'unknown-detachment', `Unknown detachment "${token.text}" for ${faction ?? 'this army'}.${hint}`, { data: { suggestions } });
    return;
  }
  if (faction && !sameFaction(ctx.rules, faction)(det.faction)) {
    ctx.report(token.span, 'detachment-wrong-faction', `The detachment ${det.name} belongs to ${det.faction}, not ${faction}.`, { rule: detachmentRule(ctx.edition.edition, det, 'faction') });
  }
}

function checkLeaders(ctx: CheckContext): void {
  for (const leader of ctx.units) {
    const target = leader.unit.leading;
    if (!target) continue;
    const bodyguard = ctx.list.units.find((u) => u !== leader.unit && normalizeName(u.name.text) === normalizeName(target.text));
    if (!bodyguard) {
      const suggestions = closestNames(target.text, ctx.list.units.filter((u) => u !== leader.unit).map((u) => u.name.text));
      const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
      ctx.report(target.span, 'leader-target-missing', `${leader.sheet.name} is stated to lead ${target.text}, but the list has no such unit.${hint}`, {
        data: { suggestions },
      });
      continue;
    }
    const guard = ctx.units.find((u) => u.unit === bodyguard);
    if (!guard) continue;
    const key = looseName(guard.sheet.name);
    const can = leader.sheet.leads.some((n) => looseName(n) === key) || guard.sheet.ledBy.some((n) => looseName(n) === looseName(leader.sheet.name));
    if (!can) {
      const leads = leader.sheet.leads.length ? ` It can lead: ${leader.sheet.leads.join(', ')}.` : ' Its datasheet names no unit it can lead.';
      ctx.report(target.span, 'leader-cannot-lead', `${leader.sheet.name} cannot lead ${guard.sheet.name}.${leads}`, {
        rule: datasheetRule(ctx.edition.edition, leader.sheet, 'Leader'),
        related: [{ span: bodyguard.name.span, message: `${guard.sheet.name}` }],
      });
    }
  }
}
