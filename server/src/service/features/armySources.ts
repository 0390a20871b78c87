// Which rules reach an attacking unit, gathered from the list as the checks read it (`diagnostics/context.ts`: the
// list read with the data, its units resolved to datasheets with the keywords the list grants, its detachments): its
// parts' datasheet abilities (a Leader's or Support unit's among them), the wargear abilities of wargear it carries,
// its characters' Enhancements, every detachment rule of the list, and the army rules its datasheets carry. What each
// does is `domain/damage/armyRules.ts`'s to read and apply.
import type { ArmyList, Unit } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import { editionRules, type Edition } from '../domain/editions';
import { normalizeName } from '../domain/text/normalize';
import type { AttackPart, RuleSource } from '../domain/damage/armyRules';
import { resolveList, type ResolvedList, type ResolvedUnit } from './resolve/resolvedList';
import type { AttackingUnit } from './attackingUnit';

/** A list resolved to the data once (per document version and data): what every army-rules reading starts from. */
export interface ArmyResolution {
  /** The list resolved to the data (`resolve/resolvedList.ts`), as every feature reads it. */
  resolved: ResolvedList;
  /** The resolved unit of a unit of the parsed list (its datasheet, granted keywords, Enhancements as read with the data). */
  unitOf(unit: Unit): ResolvedUnit | undefined;
  /** Every detachment of the list the data knows. */
  detachments: { name: string; rules: { name: string; text: string }[] }[];
}

const armies = new WeakMap<ResolvedList, ArmyResolution>();
export function resolveArmy(list: ArmyList, rules: RulesIndex, edition: Edition): ArmyResolution {
  const resolved = resolveList(list, rules, editionRules(edition));
  let army = armies.get(resolved);
  if (!army) {
    const seen = new Set<string>();
    const detachments = resolved.detachments.filter((d): d is NonNullable<typeof d> => !!d && !seen.has(d.id) && !!seen.add(d.id));
    armies.set(resolved, (army = { resolved, unitOf: (u) => resolved.of(u)?.fielded, detachments }));
  }
  return army;
}

const rulesMemo = new WeakMap<ArmyResolution, Map<string, { parts: AttackPart[]; sources: RuleSource[] }>>();
/**
 * The same unit with the same rules in a later version of the document (an edit elsewhere) is the same object, so
 * that what was armed for it is found again (`armyDamage.ts` memoises on it): keyed by content, a bounded LRU.
 */
const byContent = new Map<string, { parts: AttackPart[]; sources: RuleSource[] }>();
const CONTENT_MAX = 512;
const weaponIds = new WeakMap<object, number>();
let nextWeaponId = 0;
const weaponId = (w: object) => weaponIds.get(w) ?? (weaponIds.set(w, ++nextWeaponId), nextWeaponId);

function contentKey(r: { parts: AttackPart[]; sources: RuleSource[] }): string {
  const parts = r.parts.map((p) => `${p.role}|${p.name}|${p.keywords.join(',')}|${p.abilities.join(',')}|${p.groups.map((g) => `${g.models}:${g.weapons.map(weaponId).join(',')}`).join(';')}`);
  const sources = r.sources.map((s) => `${s.kind}|${s.name}|${s.part ?? ''}|${s.text}`);
  return `${parts.join('\n')}\n--\n${sources.join('\n')}`;
}

function shared(r: { parts: AttackPart[]; sources: RuleSource[] }): { parts: AttackPart[]; sources: RuleSource[] } {
  const key = contentKey(r);
  const hit = byContent.get(key);
  if (hit) {
    byContent.delete(key);
    byContent.set(key, hit);
    return hit;
  }
  byContent.set(key, r);
  if (byContent.size > CONTENT_MAX) byContent.delete(byContent.keys().next().value as string);
  return r;
}

/**
 * The attacking unit's parts and every rule that reaches it: once per list resolution and attacking unit (the same
 * object each time, so what is computed from it is memoised too).
 */
export function attackRules(army: ArmyResolution | undefined, attacker: AttackingUnit): { parts: AttackPart[]; sources: RuleSource[] } {
  if (!army) return gatherRules(army, attacker);
  let m = rulesMemo.get(army);
  if (!m) rulesMemo.set(army, (m = new Map()));
  // The attacking unit is its units (their spans: one per list unit) and their model groups (`together` or not).
  const key = attacker.parts.map((p) => `${p.unit.span.start}:${p.role}`).join('|');
  let r = m.get(key);
  if (!r) m.set(key, (r = shared(gatherRules(army, attacker))));
  return r;
}

function gatherRules(army: ArmyResolution | undefined, attacker: AttackingUnit): { parts: AttackPart[]; sources: RuleSource[] } {
  const parts: AttackPart[] = attacker.parts.map((p) => {
    const r = army?.unitOf(p.unit);
    const keywords = r ? [...r.keywords] : [...p.ds.keywords, ...p.ds.factionKeywords].map((k) => k.toUpperCase());
    return { role: p.role, name: p.unit.name.text, keywords, abilities: p.ds.abilities.map((a) => a.name), groups: p.groups };
  });
  const sources: RuleSource[] = [];
  const armyRules = new Map<string, RuleSource>();
  // A datasheet links every detachment rule of its faction (BSData 11th edition): those are the detachments' own,
  // reaching the unit only through a detachment of the list.
  const detachmentRules = army ? detachmentRuleNames(army.resolved.rules) : new Set<string>();
  attacker.parts.forEach((p, i) => {
    // A datasheet the data knows only by its price (the MFM alone): nothing of it can be read, and that is said.
    if (!p.ds.abilities.length && !p.ds.weapons.length && !p.ds.models.length) {
      sources.push({ kind: p.role === 'bodyguard' ? 'datasheet' : p.role, name: p.unit.name.text, text: '', part: i });
      return;
    }
    const carried = wargearNames(army?.unitOf(p.unit)?.unit ?? p.unit);
    for (const a of p.ds.abilities) {
      if (!a.text) continue;
      if (a.kind === 'faction') {
        const key = normalizeName(a.name);
        if (!armyRules.has(key) && !detachmentRules.has(key)) armyRules.set(key, { kind: 'army', name: a.name, text: a.text });
      } else if (a.kind === 'datasheet' || (a.kind === 'wargear' && carried.has(normalizeName(a.name)))) {
        sources.push({ kind: 'datasheet', name: a.name, text: a.text, part: i });
      }
    }
    // Its Enhancements as the resolution reads them (the list's detachments'; one written as a wargear token too).
    for (const enh of army?.resolved.enhancements(p.unit) ?? []) {
      if (enh.text) sources.push({ kind: 'enhancement', name: enh.name, text: enh.text, part: i });
    }
  });
  for (const d of army?.detachments ?? []) {
    // A detachment the data prices but words no rule of (the MFM alone): said, never guessed.
    if (!d.rules.some((r) => r.text)) sources.push({ kind: 'detachment', name: d.name, text: '' });
    for (const r of d.rules) if (r.text) sources.push({ kind: 'detachment', name: r.name || d.name, text: r.text });
  }
  sources.push(...armyRules.values());
  return { parts, sources };
}

const ruleNames = new WeakMap<RulesIndex, Set<string>>();
/** Every detachment rule's name in the data, normalised (once per rules index). */
function detachmentRuleNames(rules: RulesIndex): Set<string> {
  let names = ruleNames.get(rules);
  if (!names) ruleNames.set(rules, (names = new Set(rules.data.detachments.flatMap((d) => d.rules.map((r) => normalizeName(r.name))))));
  return names;
}

/** The wargear a unit's text names, normalised (a wargear ability reaches the unit only when it carries the wargear). */
function wargearNames(unit: Unit): Set<string> {
  const out = new Set<string>();
  for (const g of unit.models) {
    out.add(normalizeName(g.name.text));
    for (const w of g.wargear) out.add(normalizeName(w.name.text));
  }
  for (const w of unit.wargear ?? []) out.add(normalizeName(w.name.text));
  return out;
}
