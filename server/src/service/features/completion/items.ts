// The candidates for each completion context, from the rules data and the
// list: what to insert, in which tier (the section's own datasheets first),
// and the `data` that `completionItem/resolve` turns into documentation.
import type { ArmyList, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet, Detachment, Enhancement, Faction, Stratagem } from '../../domain/rules/model';
import { keywordsAsSelected, unitKeywords, type FieldedUnit } from '../../domain/rules/detachmentGrants';
import { CompletionItemKind } from 'vscode-languageserver-types';
import { normalizeName } from '../../domain/text/normalize';
import { canTarget, datasheetKeywords, requirementAt, stratagemTargetSpec } from '../../domain/stratagems/eligibility';
import type { Dialect } from './dialect';
import type { Catalog } from './catalog';
import { editionRules, type MusterRules } from '../../domain/editions';
import { enhancementFit } from '../../domain/editions/enhancementFit';
import type { UnitNameContext } from './context';
import { attachedBlockCandidates, freeBodyguardsOf, freeLeadersOf, isAttachedBlock, leadingEdit, resolved } from './attach';
import { choiceEscape, displayName, legalSizes, planUnit, renderUnit, snippetEscape, unitSnippet } from './build';

export type { Candidate, Edit, ItemData } from './candidate';
import type { Candidate } from './candidate';
import { resolveList } from '../resolve/resolvedList';

const looseKey = (s: string) => normalizeName(s).replace(/[^a-z0-9]/g, '').replace(/s$/, '');

const SECTIONS = ['CHARACTERS', 'BATTLELINE', 'DEDICATED TRANSPORTS', 'OTHER DATASHEETS', 'ALLIED UNITS'];

const keywordSets = new WeakMap<Datasheet, Set<string>>();
/** Whether the datasheet has keyword `k` (upper case); each datasheet's set is built once (names are completed per keystroke). */
const hasKw = (d: Datasheet, k: string) => {
  let set = keywordSets.get(d);
  if (!set) keywordSets.set(d, (set = new Set(d.keywords.map((x) => x.toUpperCase()))));
  return set.has(k);
};
const isCharacter = (d: Datasheet) => hasKw(d, 'CHARACTER') || /^characters?$/i.test(d.role ?? '');
const smallest = (d: Datasheet) => (d.points.length ? d.points.reduce((a, b) => (b.models < a.models ? b : a)) : undefined);

/** Whether a datasheet belongs in a section of the app's layout (undefined: the section says nothing). */
function fitsSection(section: string | undefined, d: Datasheet): boolean | undefined {
  const s = normalizeName(section ?? '');
  if (/character|epic hero/.test(s)) return isCharacter(d);
  if (/battleline/.test(s)) return hasKw(d, 'BATTLELINE');
  if (/dedicated transport/.test(s)) return hasKw(d, 'DEDICATED TRANSPORT');
  if (/fortification/.test(s)) return hasKw(d, 'FORTIFICATION');
  if (/other datasheets/.test(s)) return !isCharacter(d) && !hasKw(d, 'BATTLELINE') && !hasKw(d, 'DEDICATED TRANSPORT');
  return undefined;
}

/** The app's section for a datasheet (an ally's: ALLIED UNITS). */
export function sectionFor(d: Datasheet, ally = false): string {
  if (ally) return 'ALLIED UNITS';
  if (isCharacter(d)) return 'CHARACTERS';
  if (hasKw(d, 'BATTLELINE')) return 'BATTLELINE';
  if (hasKw(d, 'DEDICATED TRANSPORT')) return 'DEDICATED TRANSPORTS';
  return 'OTHER DATASHEETS';
}

function lineEnd(text: string, at: number): number {
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  return text[end - 1] === '\r' ? end - 1 : end;
}

/** `text`: the document's text, to place a unit in its own section when that section stands elsewhere. */
/** `enhancementsFull`: the army's enhancement allowance is taken (no unit variant with one). */
export function unitNameCandidates(cat: Catalog, rules: RulesIndex, list: ArmyList, ctx: UnitNameContext, dialect: Dialect, text?: string, includeLegends = false, enhancementsFull = false, fielding?: Fielding): Candidate[] {
  const faction = cat.factionOf(list.faction?.text);
  const allied = /allied/i.test(ctx.section ?? '');
  const combatPatrol = /combat patrol/i.test(list.battleSize?.name.text ?? '');
  let pool: Datasheet[];
  let tierOf: (d: Datasheet) => number;
  const allies = new Set<Datasheet>();
  if (allied && faction) {
    // The data states no ally rules: every other faction's datasheets, those of the same grand alliance first.
    const own = normalizeName(faction.keyword);
    pool = rules.data.datasheets.filter((d) => !d.factionKeywords.some((k) => normalizeName(k) === own));
    const parentOf = (d: Datasheet) => d.factionKeywords.map((k) => cat.factionOf(k)?.parent).find(Boolean);
    tierOf = (d) => (faction.parent && parentOf(d) === faction.parent ? 0 : 1);
    pool.forEach((d) => allies.add(d));
  } else {
    // The faction's own datasheets, then the allies its data lists (marked).
    for (const d of faction ? cat.alliesOf(faction) : []) allies.add(d);
    pool = [...cat.datasheetsOf(faction), ...allies];
    tierOf = (d) => (allies.has(d) ? 2 : 0) + (fitsSection(ctx.section, d) === false ? 1 : 0) + (!!d.combatPatrol !== combatPatrol ? 2 : 0);
  }
  // Matched play: no Legends datasheet, and (where the data prices the faction's units) none without a price; the
  // setting auspex.completion.includeLegends offers them too (ranked last).
  if (!includeLegends) {
    const priced = pool.some((d) => d.points.length > 0);
    pool = pool.filter((d) => !d.legends && (!priced || d.points.length > 0));
  }
  const hasWarlord = list.units.some((u) => u.warlord);
  // Which copy a new unit of each datasheet would be (the 11th edition prices copies by tier).
  const copies = new Map<string, number>();
  const resolution = resolveList(list, rules);
  for (const u of list.units) {
    // The name being typed reads as a unit line of its own: it is the unit being written, not a copy before it.
    if (u.name.span.start <= ctx.replace.start && ctx.replace.start <= u.name.span.end) continue;
    const id = resolution.sheetOf(u)?.id;
    if (id) copies.set(id, (copies.get(id) ?? 1) + 1);
  }
  const sections = new Set(list.sections.map((s) => normalizeName(s.name.text)));
  // The Attached Units block (11th-edition app): its Leaders and Support units, then the Bodyguards they may join.
  if (isAttachedBlock(ctx.section) && !ctx.hasTail) {
    const render = (d: Datasheet, role: string) => unitSnippet(d, copies.get(d.id) ?? 1, dialect, !hasWarlord && isCharacter(d), undefined, role);
    return [...attachedBlockCandidates(rules, list, ctx, pool.filter((d) => !allies.has(d)), render), ...SECTIONS.map((s) => ({ label: s, tier: 5, newText: s, kind: CompletionItemKind.Module, detail: 'Section', data: { kind: 'section' as const, name: s } }))];
  }
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const units = resolved(rules, list);
  const taken = new Set(list.units.flatMap((u) => u.enhancements.map((e) => normalizeName(e.name.text))));
  for (const d of pool) {
    const k = cat.key(d.name);
    if (seen.has(k)) continue;
    seen.add(k);
    const ally = allies.has(d);
    const step = smallest(d);
    let newText = d.name;
    let snippet = false;
    let elsewhere: Candidate['elsewhere'];
    // A unit block at the cursor, under its section header (added when the list has no fitting section here).
    const target = sectionFor(d, ally);
    const header = !ctx.section || (!ally && !sections.has(normalizeName(target)) && fitsSection(ctx.section, d) === false) || (ally && !allied && !sections.has(normalizeName(target)));
    const placed = (body: string) => `${ctx.prevBlank ? '' : '\n'}${header ? `${target}\n\n` : ''}${body}${ctx.atEnd ? '\n\n$0' : ''}`;
    const home = !ally && ctx.section && fitsSection(ctx.section, d) === false ? list.sections.find((s) => normalizeName(s.name.text) === normalizeName(sectionFor(d))) : undefined;
    if (!ctx.hasTail && home && text !== undefined) {
      // Its section is elsewhere in the list: the unit goes at that section's end (plain text: an editor's snippet
      // can only stand at the cursor), and the typed name is taken off this line.
      const last = home.units[home.units.length - 1];
      const at = lineEnd(text, last ? Math.max(last.span.start, last.span.end - 1) : home.name.span.start);
      elsewhere = { at, text: `\n\n${renderUnit(d, planUnit(d, undefined, copies.get(d.id) ?? 1), { dialect, snippet: false, warlord: !hasWarlord && isCharacter(d) })}` };
      newText = '';
    } else if (!ctx.hasTail) {
      // A whole legal unit: smallest size, its models and default wargear, its price, in its section.
      const body = unitSnippet(d, copies.get(d.id) ?? 1, dialect, !hasWarlord && isCharacter(d) && !ally);
      newText = placed(body);
      snippet = true;
    }
    const tier = tierOf(d) + (d.legends ? 4 : 0);
    const detail = [ally ? 'ally' : undefined, d.legends ? 'Legends' : undefined, d.role, d.factionKeywords.join(', ')].filter(Boolean).join(' · ');
    out.push({
      label: d.name,
      key: k,
      // Legends datasheets (loaded so that lists naming them are recognised) come last.
      tier,
      newText,
      snippet,
      kind: CompletionItemKind.Class,
      detail,
      description: [ally ? 'ally' : undefined, step ? `${step.points} pts` : undefined].filter(Boolean).join(' · ') || undefined,
      data: { kind: 'datasheet', id: d.id },
      elsewhere,
    });
    if (ctx.hasTail || elsewhere || ally) continue;
    // The same unit with what a player adds next, ranked right after it (same key and tier, its label first): an enhancement it may take, the Leader of the
    // list it joins (a `Leading:` line under that Leader), the Bodyguard of the list it leads.
    const copy = copies.get(d.id) ?? 1;
    const warlord = !hasWarlord && isCharacter(d);
    const variant = (label: string, body: string, more: Partial<Candidate>): void => {
      out.push({ label, key: k, tier, newText: placed(body), snippet: true, kind: CompletionItemKind.Class, detail, data: { kind: 'datasheet', id: d.id }, ...more });
    };
    if (list.detachments.length && !enhancementsFull) {
      for (const e of eligibleEnhancements(cat, list, d, fielding)) {
        if (taken.has(normalizeName(e.name)) || e.upgrade) continue;
        const pts = (step?.points ?? 0) + (e.points ?? 0);
        variant(`${d.name} with ${e.name}`, unitSnippet(d, copy, dialect, warlord, { name: e.name, points: e.points }), { description: `${pts} pts`, detail: `${detail} · with the enhancement ${e.name} (${e.detachment}${e.points !== undefined ? `, +${e.points} pts` : ''})` });
      }
    }
    if (text !== undefined) {
      for (const l of freeLeadersOf(units, list, d)) {
        variant(`${d.name} led by ${l.unit.name.text}`, unitSnippet(d, copy, dialect, warlord), { description: step ? `${step.points} pts` : undefined, detail: `${detail} · ${l.unit.name.text} joins it (a Leading: line under it)`, edits: [leadingEdit(text, l.unit, d.name)] });
      }
    }
    for (const b of freeBodyguardsOf(units, list, d)) {
      variant(`${d.name} leading ${b.unit.name.text}`, `${unitSnippet(d, copy, dialect, warlord)}\n  • Leading: ${snippetEscape(b.unit.name.text)}`, { description: step ? `${step.points} pts` : undefined, detail: `${detail} · it joins ${b.unit.name.text}` });
    }
  }
  // Upper case typed ("CH"): a section header is meant.
  const caps = /^\p{Lu}{2,}/u.test(ctx.replace.typed.trim()) && ctx.replace.typed.trim() === ctx.replace.typed.trim().toUpperCase();
  for (const s of SECTIONS) out.push({ label: s, tier: caps ? -1 : 5, newText: s, kind: CompletionItemKind.Module, detail: 'Section', data: { kind: 'section', name: s } });
  // The 11th-edition app's Attached Units block, with its first group, where the list has none yet.
  if (musterOf(list).attachedUnits && !list.attachments?.length && !sections.has(normalizeName('Attached Units'))) {
    out.push({ label: 'Attached Units', tier: caps ? -1 : 5, newText: `${ctx.prevBlank ? '' : '\n'}Attached Units\nAttached Unit 1\n\n`, kind: CompletionItemKind.Module, detail: 'Section · which Leader or Support joins which Bodyguard', data: { kind: 'section', name: 'Attached Units' } });
  }
  return out;
}

export function sizeCandidates(d: Datasheet, dialect: Dialect): Candidate[] {
  return [...d.points].sort((a, b) => a.models - b.models).map((p, i) => ({
    label: `(${p.points} ${dialect.points})`,
    tier: i === 0 ? 0 : 1,
    newText: `(${p.points} ${dialect.points})`,
    kind: CompletionItemKind.Value,
    detail: `${p.models} model${p.models === 1 ? '' : 's'}`,
    description: `${p.models} model${p.models === 1 ? '' : 's'}`,
    data: { kind: 'size', id: d.id, models: p.models },
  }));
}

function singleModel(d: Datasheet): boolean {
  if (d.composition.length) return d.composition.length === 1 && d.composition[0].max <= 1;
  return d.models.length <= 1;
}

/**
 * The list's units as the checks read them (`FieldedUnit`: keywords with their notes' and detachments' grants) and
 * its detachments: what a unit taking an enhancement is judged with.
 */
export interface Fielding {
  units: FieldedUnit[];
  detachments: Detachment[];
}

/**
 * Whether a unit of this datasheet may take the enhancement (`enhancementFit`); what the data cannot settle does not
 * exclude. `fielding`: the list around it, whose detachments may grant it keywords once it is selected (it takes
 * the enhancement): a TRYGON of Subterranean Assault is a CHARACTER while fewer than two are. `unit`: the list's
 * unit it is (its own notes count; it is not among the others).
 */
export function mayTakeEnhancement(e: Enhancement, d: Datasheet, muster: MusterRules = editionRules(10).muster, fielding?: Fielding, unit?: Unit): boolean {
  if (!d.keywords.length) return enhancementFit(e, { name: d.name, keywords: [], epicHero: !!d.epicHero }, muster).ok !== false;
  const own = [...(unit ? unitKeywords(unit, d) : datasheetKeywords(d)), ...(isCharacter(d) ? ['CHARACTER'] : [])];
  const keywords = fielding ? keywordsAsSelected(own, fielding.units.filter((u) => u.unit.span.start !== unit?.span.start), fielding.detachments) : own;
  return enhancementFit(e, { name: d.name, keywords, epicHero: !!d.epicHero || hasKw(d, 'EPIC HERO') }, muster).ok !== false;
}

const musterOf = (list: ArmyList) => editionRules(list.editionShown ?? 10).muster;

/** Enhancements of the list's detachment(s) (the faction's when none is named) that this unit may take (`unit`: the list's unit it is). */
export function eligibleEnhancements(cat: Catalog, list: ArmyList, d: Datasheet, fielding?: Fielding, unit?: Unit): Enhancement[] {
  return enhancementPool(cat, list).filter((e) => mayTakeEnhancement(e, d, musterOf(list), fielding, unit));
}

export function enhancementPool(cat: Catalog, list: ArmyList): Enhancement[] {
  const faction = cat.factionOf(list.faction?.text);
  const pool = list.detachments.flatMap((t) => cat.enhancementsOf(t.text, faction));
  return pool.length ? pool : rulesEnhancementsOfFaction(cat, faction);
}

function rulesEnhancementsOfFaction(cat: Catalog, faction: Faction | undefined): Enhancement[] {
  if (!faction) return [];
  return [...cat.enhancementById.values()].filter((e) => [normalizeName(faction.name), normalizeName(faction.keyword)].includes(normalizeName(e.faction)));
}


/** A snippet choice (`${1|a,b|}`) over counts, or a placeholder when the range is long. */
function countSnippet(min: number, max: number): string {
  if (max > min && max - min <= 12) {
    const values = Array.from({ length: max - min + 1 }, (_, i) => String(max - i));
    return `\${1|${values.join(',')}|}`;
  }
  return `\${1:${min}}`;
}

/**
 * How many of `weapon` a wargear option allows in a group of `groupCount` models of a unit of `unitSize`
 * ("For every 10 models … up to 2 …", "Any number of models …", "One … can"), with the option's text; undefined
 * when no option names it.
 */
export function optionLimit(d: Datasheet, weapon: string, groupCount: number, unitSize: number): { limit: number; text: string } | undefined {
  const n = normalizeName(weapon);
  const text = (d.wargearOptions ?? []).find((o) => normalizeName(o).includes(n));
  if (!text) return undefined;
  const t = normalizeName(text);
  const every = /for every (\d+) models/.exec(t);
  const per = every ? Math.max(1, Math.floor(unitSize / Number(every[1]))) : 1;
  const upTo = /up to (\d+)/.exec(t);
  let limit: number;
  if (/any number/.test(t)) limit = groupCount;
  else if (upTo) limit = Number(upTo[1]) * per;
  else if (/^(?:one|1|this model|the )/.test(t) || every) limit = per;
  else limit = groupCount;
  return { limit: Math.max(1, Math.min(limit, groupCount)), text };
}

export function bulletCandidates(list: ArmyList, unit: Unit, d: Datasheet, ctx: { nested: boolean; counted: boolean; groupCount?: number; groupModel?: string }): Candidate[] {
  const out: Candidate[] = [];
  const single = singleModel(d);
  const wargearTier = ctx.nested || single ? 0 : 2;
  const count = ctx.groupCount ?? 1;
  const plan = planUnit(d);
  // The default wargear of the group the line sits under (the one model's, in a one-model unit).
  const group = ctx.groupModel ? plan.groups.find((g) => looseKey(g.model) === looseKey(ctx.groupModel!)) : single ? plan.groups[0] : undefined;
  const defaults = new Map((group?.wargear ?? []).map((w) => [normalizeName(w.name), w.perModel]));
  const unitSize = unit.models.filter((m) => !m.implicit).reduce((n, m) => n + m.count, 0) || plan.size;
  // What the model the line stands under may take, by the data's model entries (a Jakhal Pack Leader not the
  // Dishonoured's manglers); everything the datasheet has where the data does not say.
  const may = wargearOfModel(d, ctx.groupModel ?? (single ? plan.groups[0]?.model : undefined));
  const weapons = may ? d.weapons.filter((w) => may.has(looseKey(w.name)) || w.profiles.some((p) => may.has(looseKey(p.name)))) : d.weapons;
  for (const w of weapons) {
    const types = [...new Set(w.profiles.map((p) => p.type))].join(', ');
    const per = defaults.get(normalizeName(w.name));
    const option = per === undefined ? optionLimit(d, w.name, count, unitSize) : undefined;
    const n = per !== undefined ? count * per : option ? option.limit : count;
    out.push({
      label: w.name,
      tier: wargearTier + (per !== undefined ? 0 : option ? 1 : 2),
      newText: ctx.counted ? w.name : `${n}x ${w.name}`,
      kind: CompletionItemKind.Field,
      detail: per !== undefined ? `default wargear${group ? ` of ${displayName(group.model)}` : ''} · ${types}` : option ? `option (up to ${option.limit}): ${option.text.split('\n')[0]}` : `${types} weapon of ${d.name}`,
      description: per !== undefined ? `${n}x default` : option ? `up to ${option.limit}` : undefined,
      data: { kind: 'wargear', id: d.id, name: w.name },
    });
  }
  // The model's other wargear (an Icon of Khorne): named by the data, no weapon profile.
  for (const name of may ? [...may.values()] : []) {
    if (d.weapons.some((w) => looseKey(w.name) === looseKey(name))) continue;
    out.push({ label: name, tier: wargearTier + 2, newText: ctx.counted ? name : `1x ${name}`, kind: CompletionItemKind.Field, detail: `wargear of ${displayName(ctx.groupModel ?? d.name)}`, data: { kind: 'wargear', id: d.id, name } });
  }
  if (ctx.nested) return out;
  if (!single) {
    const entries = d.composition.length ? d.composition : d.models.map((m) => ({ model: m.name, min: 1, max: 1 }));
    const sizes = legalSizes(d);
    entries.forEach((c) => {
      // The counts this model type has in each legal size (the smallest first), with its default wargear.
      const counts = [...new Set(sizes.map((s) => planUnit(d, s).groups.find((g) => g.model === c.model)?.count ?? c.min))];
      const planned = plan.groups.find((g) => g.model === c.model);
      const choice = counts.length > 1 ? `\${1|${counts.join(',')}|}` : countSnippet(counts[0] ?? c.min, counts[0] ?? c.max);
      const wargear = (planned?.wargear ?? []).map((w) => `\n     ◦ ${w.perModel === 1 && counts.length > 1 ? '${1}' : String((counts[0] ?? 1) * w.perModel)}x ${snippetEscape(w.name)}`).join('');
      out.push({
        label: c.model,
        tier: 0,
        newText: ctx.counted ? c.model : `${choice}x ${snippetEscape(displayName(c.model))}${wargear}`,
        snippet: !ctx.counted,
        kind: CompletionItemKind.Property,
        detail: `${c.min === c.max ? c.min : `${c.min}–${c.max}`} per unit${planned?.wargear.length ? ` · with ${planned.wargear.map((w) => w.name).join(', ')}` : ''}`,
        description: counts.join(' or '),
        data: { kind: 'model', id: d.id, name: c.model },
      });
    });
  }
  if (isCharacter(d) && !ctx.counted) {
    const other = list.units.some((u) => u !== unit && u.warlord);
    if (!unit.warlord) out.push({ label: 'Warlord', tier: other ? 3 : 1, newText: 'Warlord', kind: CompletionItemKind.Keyword, detail: other ? 'another unit is already the Warlord' : 'this CHARACTER leads the army', data: { kind: 'warlord', sheet: d.id } });
  }
  return out;
}

/**
 * The wargear a model of the datasheet may take, by loose name (key) → the data's spelling, from its model entries:
 * the entry of that name, or the variants written by their base name ("Dishonoured" for "Dishonoured w/ paired
 * manglers"). Undefined where the data names no such entry (then everything the datasheet has is offered).
 */
export function wargearOfModel(d: Datasheet, model: string | undefined): Map<string, string> | undefined {
  if (!model) return undefined;
  const key = looseKey(model);
  const base = (n: string) => looseKey(n.replace(/\s+(?:w\/|with\b).*$/i, '').replace(/\s*\([^()]*\)$/, ''));
  const entries = (d.modelLoadouts ?? []).filter((l) => looseKey(l.model) === key || base(l.model) === key);
  if (!entries.length) return undefined;
  const out = new Map<string, string>();
  for (const e of entries) for (const name of [...e.wargear, ...(e.options ?? [])]) if (!out.has(looseKey(name))) out.set(looseKey(name), name);
  return out;
}

/** Whether the list's muster rules let the list's `unit` of `d` take `e` (for the enhancement name after `Enhancement:`). */
export function fitsFor(list: ArmyList, d: Datasheet, fielding?: Fielding, unit?: Unit): (e: Enhancement) => boolean {
  return (e) => mayTakeEnhancement(e, d, musterOf(list), fielding, unit);
}

export function stratagemCandidates(cat: Catalog, list: ArmyList): Candidate[] {
  const faction = cat.factionOf(list.faction?.text);
  const dets = list.detachments.map((t) => t.text);
  const pool = dets.length ? cat.stratagemsFor(dets) : cat.stratagemsFor(cat.detachmentsOf(faction).map((d) => d.name));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const s of pool) {
    const k = cat.key(s.name);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({
      label: s.name,
      key: k,
      tier: s.detachment ? 0 : 1,
      newText: s.name,
      kind: CompletionItemKind.Function,
      detail: `${s.cp}CP · ${s.category} · ${s.detachment ?? 'Core'}`,
      description: `${s.cp}CP`,
      data: { kind: 'stratagem', id: s.id },
    });
  }
  return out;
}

/** The list's units ("Rivet Gangers", "Rivet Gangers #2") a stratagem's TARGET text admits. */
export function targetCandidates(rules: RulesIndex, list: ArmyList, stratagem: Stratagem | undefined, already: string[]): Candidate[] {
  const resolution = resolveList(list, rules);
  const spec = stratagem ? stratagemTargetSpec(stratagem) : undefined;
  const seen = new Map<string, number>();
  const used = new Set(already.map((a) => normalizeName(a)));
  const out: Candidate[] = [];
  for (const u of list.units) {
    const n = normalizeName(u.name.text);
    const nth = (seen.get(n) ?? 0) + 1;
    seen.set(n, nth);
    const label = nth === 1 ? u.name.text : `${u.name.text} #${nth}`;
    if (used.has(normalizeName(label))) continue;
    const d = resolution.sheetOf(u);
    // The next target of a two-target stratagem meets its own part; a Leader and its Bodyguard count together.
    const attached = resolution.attached(u).flatMap((o) => resolution.sheetOf(o) ?? []);
    const at = spec && requirementAt(spec, already.length, spec.parts?.length ?? 0);
    if (stratagem && spec && at && d && !canTarget(stratagem, d, { ...spec, requirement: at.requirement }, attached)) continue;
    out.push({
      label,
      tier: d ? 0 : 1,
      newText: label,
      kind: CompletionItemKind.Class,
      detail: d ? (stratagem ? `may be the target of ${stratagem.name}` : d.keywords.join(', ')) : 'not in the rules data: eligibility unknown',
      data: stratagem && d ? { kind: 'target', id: stratagem.id, sheet: d.id } : d ? { kind: 'datasheet', id: d.id } : { kind: 'section', name: label },
    });
  }
  return out;
}

export function skeletonCandidates(rules: RulesIndex, cat: Catalog, dialect: Dialect): Candidate[] {
  const sizes = rules.data.battleSizes.map((b) => (b.points !== undefined ? `${b.name} (${b.points} ${dialect.points})` : b.name));
  // Strike Force first: the usual game.
  sizes.sort((a, b) => Number(b.startsWith('Strike Force')) - Number(a.startsWith('Strike Force')));
  const sizeChoice = sizes.length ? `\${4|${sizes.map(choiceEscape).join(',')}|}` : '${4:Strike Force (2000 points)}';
  const body = (faction: string, detachment: string) =>
    `\${1:My list} (\${2:2000} ${dialect.points})\n\n${faction}\n${sizeChoice}\n${detachment}\n\n\nCHARACTERS\n\n$0\n\n\nBATTLELINE\n\n\nDEDICATED TRANSPORTS\n\n\nOTHER DATASHEETS\n`;
  const factions = rules.data.factions.filter((f) => cat.datasheetsOf(f).length > 0);
  const out: Candidate[] = [];
  if (factions.length) {
    out.push({
      label: 'Army list (app layout)',
      tier: 0,
      newText: body(`\${3|${factions.map((f) => choiceEscape(f.name)).join(',')}|}`, '${5:Detachment}'),
      snippet: true,
      kind: CompletionItemKind.Snippet,
      detail: 'title, faction, battle size, detachment and sections',
      data: { kind: 'skeleton' },
    });
  }
  for (const f of factions) {
    const dets = cat.detachmentsOf(f).map((d) => d.name);
    out.push({
      label: `Army list: ${f.name}`,
      tier: 1,
      newText: body(snippetEscape(f.name), dets.length ? `\${5|${dets.map(choiceEscape).join(',')}|}` : '${5:Detachment}'),
      snippet: true,
      kind: CompletionItemKind.Snippet,
      detail: `${dets.length} detachment${dets.length === 1 ? '' : 's'}`,
      data: { kind: 'skeleton', id: f.id },
    });
  }
  return out;
}
