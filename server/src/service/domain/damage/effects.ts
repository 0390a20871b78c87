// A reader of stratagem (and ability) EFFECT texts: what an effect changes in the
// numbers of the damage engine and the dice odds, read from the wording the rules
// use ("add 1 to the Hit roll", "have the [LETHAL HITS] ability", "re-roll a Wound
// roll of 1"), never from a table of stratagem names. Also applies a read effect
// to datasheet weapons and engine modifiers.
import type { Weapon, WeaponProfile } from '../rules/model';
import type { RerollKind, ScenarioModifiers } from './engine';
import { parseDice } from './dice';
import { BOUNDS, capText } from '../bounds';

export type EffectPhase = 'command' | 'movement' | 'shooting' | 'charge' | 'fight';

/** What an effect does to attacks made AGAINST the unit (read, not used by the lens). */
export interface DefensiveEffect {
  hitMod?: number;
  woundMod?: number;
  damageMod?: number;
  apMod?: number;
  /** The models' own profile, as a rule gives it (read by `ruleText.ts`): an invulnerable save, Feel No Pain, halved Damage, Toughness. */
  invuln?: number;
  fnp?: number;
  fnpMortal?: number;
  halfDamage?: boolean;
  toughnessMod?: number;
}

export interface StratagemEffect {
  /** Bracketed weapon abilities granted, upper case: `[LETHAL HITS]`, `[SUSTAINED HITS 1]`. */
  abilities: string[];
  /** The abilities are alternatives: the player selects this many of them. */
  choose?: number;
  hitMod?: number;
  woundMod?: number;
  rerollHits?: RerollKind;
  rerollWounds?: RerollKind;
  /** Added to the weapons' Damage characteristic. */
  damageMod?: number;
  /** Improvement of Armour Penetration (1 turns AP 0 into -1). */
  apMod?: number;
  strengthMod?: number;
  attacksMod?: number;
  /** The Attacks characteristic set to this ("has an Attacks characteristic of 4"), before `attacksMod`. */
  attacksSet?: number;
  /** A change to the BS/WS characteristic (+1 improves it): the 11th edition's BS/WS bucket, apart from hit-roll modifiers. */
  skillMod?: number;
  critHitOn?: number;
  critWoundOn?: number;
  chargeMod?: number;
  advanceMod?: number;
  battleShockMod?: number;
  /** Situations the effect depends on, as short phrases: `within 12"`, `made a Charge move this turn`. */
  conditions: string[];
  /** Phases named by the WHEN text (or the effect); undefined when no phase is named. */
  phases?: EffectPhase[];
  /** Weapon types the attacking part is limited to ("ranged attack", "melee weapons"). */
  weaponTypes?: ('ranged' | 'melee')[];
  defensive?: DefensiveEffect;
}

const PHASES: EffectPhase[] = ['command', 'movement', 'shooting', 'charge', 'fight'];

/**
 * Typography folded so one set of patterns reads every source: quotes, dashes, spaces, HTML tags. The
 * text is cut to BOUNDS.stratagemTextChars before any regular expression sees it, and a tag holds no
 * "<" (`<[^>]+>` scanned to the end from every "<" of a text without ">": quadratic).
 */
export function clean(text: string): string {
  return capText(text, BOUNDS.stratagemTextChars)
    .replace(/<[^<>]+>/g, ' ')
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export type Side = 'attacking' | 'defending' | 'enemy' | 'neutral';

/** Whose attacks a sentence is about: the unit's own, attacks against it, or another (enemy) unit's. */
export function sideOf(s: string): Side {
  if (/\b(attack|attacks) (?:targets?|is allocated to|are allocated to|is made against|made against)\b[^,]*\b(?:your|this|that friendly|the bearer's) (?:unit|model)/i.test(s)) return 'defending';
  if (/\ballocated to (?:a model in your unit|the bearer\b)|\battacks? targets? the bearer\b/i.test(s)) return 'defending';
  if (/\bmodels? in (?:that|the|this) enemy unit\b|\bmodels? in that unit makes? an attack\b/i.test(s)) return 'enemy';
  if (/\b(?:your unit|models? in your unit|weapons? equipped by models in your unit|your models?|friendly\b.*\bunits?)\b/i.test(s)) return 'attacking';
  return 'neutral';
}

const num = (s: string) => Number(s);
const signed = (verb: string, n: string) => (/^(subtract|worsen)/i.test(verb) ? -num(n) : num(n));

/** Known weapon abilities that texts sometimes grant without brackets ("has the Lethal Hits ability"). */
const UNBRACKETED = /\b(lethal hits|sustained hits (?:d3|\d)|devastating wounds|ignores cover|twin-linked|lance|precision|assault|heavy|torrent|blast|anti-[a-z]+ \d\+)\s+abil/gi;

/**
 * The weapon abilities a text grants: bracketed anywhere, or named before "ability" (misspelt "abilty" too). A
 * bracketed ability that only selects weapons ("weapons with the [PSYCHIC] ability also have …") is no grant.
 */
export function grantedAbilities(text: string): string[] {
  const granted = text.replace(/(?:with|that have|that has) the \[[^\]]{1,40}\] abilit\w*/gi, ' ');
  const abilities = new Set<string>();
  for (const m of granted.matchAll(/\[([^\]]+)\]/g)) abilities.add(`[${m[1].trim().toUpperCase().replace(/\s+/g, ' ')}]`);
  for (const m of granted.matchAll(UNBRACKETED)) abilities.add(`[${m[1].toUpperCase()}]`);
  return [...abilities];
}

/**
 * Reads an EFFECT text (the stratagem's WHEN text may be given to read its phases).
 * Never throws; an effect that changes none of the numbers above returns only empty fields.
 */
export function readEffect(effectText: string, when?: string): StratagemEffect {
  const text = clean(effectText ?? '');
  const out: StratagemEffect = { abilities: [], conditions: [] };
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z[])/);
  for (const s of sentences) readNumbers(s, out);

  out.abilities = grantedAbilities(text);
  const choose = /\b(?:select|choose) (one|two|1|2) of the following (?:weapon )?abilities\b/i.exec(text);
  if (choose && out.abilities.length > 1) out.choose = /one|1/i.test(choose[1]) ? 1 : 2;
  else if (/\b(?:select|choose) either the \[/i.test(text) && out.abilities.length > 1) out.choose = 1;

  // Conditions: distances anywhere, and the while/if clauses around the modifiers.
  const conds = new Set<string>();
  for (const m of text.matchAll(/\bwithin (\d+)"/gi)) conds.add(`within ${m[1]}"`);
  for (const m of text.matchAll(/\b(?:while|if) ([^,.;:]+)/gi)) {
    const clause = m[1].trim();
    if (/within \d+"/i.test(clause) && /^(?:targeting|it is targeting|that attack targets)\b[^"]*$/i.test(clause.replace(/within \d+"/i, ''))) continue;
    if (/\b(charge move|charged|declared a charge)\b/i.test(clause)) conds.add('made a Charge move this turn');
    else if (/remained stationary/i.test(clause)) conds.add('remained stationary this turn');
    else if (!/within \d+"$/i.test(clause) && !/^(?:it |they |you )?(?:does|do|is|are)$/i.test(clause)) conds.add(clause.replace(/^it /i, ''));
  }
  // "an attack that targets a MONSTER or VEHICLE unit": the target's keywords.
  for (const m of text.matchAll(/\battacks? that targets? (?:an? |one )?((?:enemy )?[A-Z][A-Z-]+(?: (?:or|and) [A-Z][A-Z-]+| [A-Z][A-Z-]+)*) units?\b/g)) conds.add(`target is ${m[1]}`);
  out.conditions = [...conds];

  const phases = new Set<EffectPhase>();
  for (const src of [clean(when ?? ''), text]) {
    for (const p of PHASES) if (new RegExp(`\\b${p} phase`, 'i').test(src)) phases.add(p);
    if (phases.size) break;
  }
  if (phases.size) out.phases = PHASES.filter((p) => phases.has(p));

  const types = new Set<'ranged' | 'melee'>();
  if (/\branged (?:attacks?|weapons?)\b/i.test(text)) types.add('ranged');
  if (/\bmelee (?:attacks?|weapons?)\b/i.test(text)) types.add('melee');
  if (types.size === 1) out.weaponTypes = [...types];
  return out;
}

/**
 * The numbers one sentence changes (the Hit and Wound rolls, characteristics, re-rolls, critical thresholds, and
 * the other rolls), into `out` or its `defensive` part as the sentence's side says. The one reading of modifier
 * wordings: stratagem EFFECTs here, abilities, enhancements and detachment rules through `ruleText.ts`.
 */
export function readNumbers(s: string, out: StratagemEffect, side: Side = sideOf(s)): void {
  const own = side === 'attacking' || side === 'neutral';
  const target: StratagemEffect | DefensiveEffect | undefined = own ? out : side === 'defending' ? (out.defensive ??= {}) : undefined;

  // Non-attack rolls first: they share "add 1 to the ... roll" with the Hit and Wound rolls.
  let m = /\b(add|subtract) (\d+) (?:to|from) (?:the |that |your )?charge rolls?\b/i.exec(s);
  if (m && side !== 'enemy') out.chargeMod = signed(m[1], m[2]);
  m = /\b(add|subtract) (\d+) (?:to|from) (?:the |that )?advance rolls?\b/i.exec(s);
  if (m && side !== 'enemy') out.advanceMod = signed(m[1], m[2]);
  m = /\b(add|subtract) (\d+) (?:to|from) (?:the |that |those )?battle-shock (?:and leadership )?tests?\b/i.exec(s);
  if (m && side !== 'enemy') out.battleShockMod = signed(m[1], m[2]);
  if (!target) return;

  const rolls = /\b(add|subtract) (\d+) (?:to|from|form) (?:the |that attack's |each )?(hit|wound) rolls?(?: and (?:the )?(hit|wound) rolls?)?/gi;
  for (const r of s.matchAll(rolls)) {
    const v = signed(r[1], r[2]);
    for (const which of [r[3], r[4]]) {
      if (!which) continue;
      if (/hit/i.test(which)) target.hitMod = v;
      else target.woundMod = v;
    }
  }
  // "add 1 to the Strength and Damage characteristics": every characteristic named gets the modifier.
  const charMods: Record<string, number> = {};
  for (const chars of s.matchAll(/\b(add|subtract) (\d+) (?:to|from) the ((?:strength|attacks|damage)(?:(?:, | and )(?:strength|attacks|damage))*) characteristics?/gi)) {
    for (const c of chars[3].toLowerCase().split(/, | and /)) charMods[c] = signed(chars[1], chars[2]);
  }
  // "Improve the Armour Penetration and Damage characteristics of those weapons by 1": each one named.
  const apAnd = /\b(improve|worsen) the armou?r penetration((?:(?:, | and )(?:strength|attacks|damage))*) characteristics?\b.*?\bby (\d+)/i.exec(s);
  if (apAnd) for (const c of apAnd[2].toLowerCase().split(/, | and /).filter(Boolean)) charMods[c] = signed(apAnd[1], apAnd[3]);
  if (charMods.damage) target.damageMod = charMods.damage;
  m = /\b(improve|worsen) (?:the|that) armou?r penetration(?:(?:, | and )(?:strength|attacks|damage))* characteristics?\b.*?\bby (\d+)/i.exec(s);
  if (m && !/\bon a critical wound\b[^.]*$/i.test(s.slice(0, m.index + 1))) target.apMod = (m[1].toLowerCase() === 'improve' ? 1 : -1) * num(m[2]);
  if (!own) return;

  if (charMods.strength) out.strengthMod = charMods.strength;
  if (charMods.attacks) out.attacksMod = charMods.attacks;
  // "Improve the Attacks characteristic of … by 2", "improve the Strength and Damage characteristics … by 1".
  const improve = /\b(improve|worsen) the ((?:attacks|strength|damage)(?:(?:, | and )(?:attacks|strength|damage))*) characteristics?\b[^.]*?\bby (\d+)/i.exec(s);
  if (improve) {
    const v = (improve[1].toLowerCase() === 'improve' ? 1 : -1) * num(improve[3]);
    for (const c of improve[2].toLowerCase().split(/, | and /)) {
      if (c === 'attacks') out.attacksMod = v;
      else if (c === 'strength') out.strengthMod = v;
      else out.damageMod = v;
    }
  }
  // The 11th edition's short forms: "attacks have +1 AP", "+1 S", "+1 A", "+1 to hit rolls", "+1 BS and WS".
  m = /(?:^|[\s(])\+(\d) AP\b/.exec(s);
  if (m) out.apMod = num(m[1]);
  for (const r of s.matchAll(/(?:^|[\s(])([+-])(\d) (S|A|D)\b(?! ?\d)/g)) {
    const v = (r[1] === '-' ? -1 : 1) * num(r[2]);
    if (r[3] === 'S') out.strengthMod = v;
    else if (r[3] === 'A') out.attacksMod = v;
    else out.damageMod = v;
  }
  for (const r of s.matchAll(/(?:^|[\s(])([+-])(\d) to (?:the |their |its )?(hit|wound) rolls?\b/gi)) {
    const v = (r[1] === '-' ? -1 : 1) * num(r[2]);
    if (/hit/i.test(r[3])) out.hitMod = v;
    else out.woundMod = v;
  }
  m = /(?:^|[\s(])([+-])(\d) (BS|WS)(?: and (?:BS|WS))?\b/.exec(s) ?? /\b(improve|worsen) the (?:Ballistic|Weapon) Skill (?:and (?:Ballistic|Weapon) Skill )?characteristics?\b[^.]*?\bby (\d)/i.exec(s);
  if (m) out.skillMod = (/^(\+|improve)$/i.test(m[1]) ? 1 : -1) * num(m[2]);
  m = /\b(?:has|have) an Attacks characteristic of (\d+)\b/i.exec(s);
  if (m) out.attacksSet = num(m[1]);
  for (const r of s.matchAll(/\bre-?roll (?:a |the |that |their |its )?(hit|wound) rolls?(?: of 1)?/gi)) {
    const kind: RerollKind = /of 1$/i.test(r[0]) ? 'ones' : 'failed';
    const key = /hit/i.test(r[1]) ? 'rerollHits' : 'rerollWounds';
    // "re-roll a Wound roll of 1 ... you can re-roll the Wound roll instead": the first, unconditional one.
    if (!out[key]) out[key] = kind;
  }
  m = /\bunmodifi?ed hit rolls? of (\d)\+ scores? a critical hit/i.exec(s) ?? /\bcritical hits? (?:is |are )?(?:scored )?on (?:an? |unmodified )*(?:hit rolls? of )?(\d)\+/i.exec(s);
  if (m) out.critHitOn = num(m[1]);
  m = /\bunmodifi?ed wound rolls? of (\d)\+ scores? a critical wound/i.exec(s) ?? /\bcritical wounds? (?:is |are )?(?:scored )?on (?:an? |unmodified )*(?:wound rolls? of )?(\d)\+/i.exec(s);
  if (m) out.critWoundOn = num(m[1]);
}

/** Whether the effect changes anything the damage engine computes for the unit's own attacks. */
export function changesDamage(e: StratagemEffect): boolean {
  return (
    e.abilities.length > 0 || !!e.hitMod || !!e.woundMod || !!e.rerollHits || !!e.rerollWounds || !!e.damageMod ||
    !!e.apMod || !!e.strengthMod || !!e.attacksMod || !!e.attacksSet || !!e.skillMod || !!e.critHitOn || !!e.critWoundOn
  );
}

/** Whether the effect can apply to attacks of this phase (its phases, then its weapon types). */
export function appliesInPhase(e: StratagemEffect, phase: 'shooting' | 'fight'): boolean {
  if (e.phases && !e.phases.includes(phase)) return false;
  if (e.weaponTypes && !e.weaponTypes.includes(phase === 'shooting' ? 'ranged' : 'melee')) return false;
  return true;
}

/** The effect's roll modifiers merged into the scenario's (modifiers add; re-rolls and critical thresholds take the better). */
export function effectModifiers(e: StratagemEffect, base: ScenarioModifiers = {}): ScenarioModifiers {
  const out: ScenarioModifiers = { ...base };
  if (e.hitMod) out.hit = Array.isArray(out.hit) ? [...out.hit, e.hitMod] : (out.hit ?? 0) + e.hitMod;
  if (e.woundMod) out.wound = (out.wound ?? 0) + e.woundMod;
  const order: RerollKind[] = ['none', 'ones', 'failed', 'noncrit'];
  const best = (a: RerollKind | undefined, b: RerollKind | undefined) => (order.indexOf(a ?? 'none') >= order.indexOf(b ?? 'none') ? a : b);
  if (e.rerollHits) out.rerollHits = best(out.rerollHits, e.rerollHits);
  if (e.rerollWounds) out.rerollWounds = best(out.rerollWounds, e.rerollWounds);
  if (e.critHitOn) out.critHitOn = Math.min(out.critHitOn ?? 6, e.critHitOn);
  if (e.critWoundOn) out.critWoundOn = Math.min(out.critWoundOn ?? 6, e.critWoundOn);
  return out;
}

/** An effect with one alternative selected: `abilities` reduced to `pick` (for "select one of the following"). */
export function withAbilities(e: StratagemEffect, pick: string[]): StratagemEffect {
  return { ...e, abilities: pick, choose: undefined };
}

/**
 * The weapon as the effect changes it: abilities added and characteristics modified on the profiles of the
 * effect's weapon types. Memoised per (weapon, effect), so a cache keyed on weapon identity keeps working.
 */
export function weaponWithEffect(w: Weapon, e: StratagemEffect): Weapon {
  const key = weaponKey(e);
  if (!key) return w;
  let byKey = modified.get(w);
  if (!byKey) modified.set(w, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = { name: w.name, profiles: w.profiles.map((p) => profileWithEffect(p, e)) }));
  return out;
}

const modified = new WeakMap<Weapon, Map<string, Weapon>>();

function weaponKey(e: StratagemEffect): string {
  const parts = [e.abilities.join(','), e.damageMod ?? 0, e.apMod ?? 0, e.strengthMod ?? 0, e.attacksMod ?? 0, e.attacksSet ?? 0];
  if (!e.abilities.length && parts.slice(1).every((x) => x === 0)) return '';
  return `${(e.weaponTypes ?? []).join('+')}|${parts.join('|')}`;
}

function profileWithEffect(p: WeaponProfile, e: StratagemEffect): WeaponProfile {
  if (e.weaponTypes && !e.weaponTypes.includes(p.type)) return p;
  const abilities = [...p.abilities];
  // An ability the weapon has already, in any value ([SUSTAINED HITS 2] beside a granted [SUSTAINED HITS 1]), stays its own.
  const kind = (a: string) => a.toUpperCase().replace(/\s+(?:D?\d+\+?|D3|D6)$/, '');
  for (const a of e.abilities) {
    const bare = a.replace(/^\[|\]$/g, '');
    if (!abilities.some((x) => x.toUpperCase() === bare || (kind(x) === kind(bare) && kind(bare) !== bare.toUpperCase()))) abilities.push(bare);
  }
  const A = e.attacksSet ? String(e.attacksSet) : p.A;
  return {
    ...p,
    abilities,
    A: e.attacksMod ? addToDice(A, e.attacksMod) : A,
    S: p.S + (e.strengthMod ?? 0),
    AP: -(Math.abs(p.AP) + (e.apMod ?? 0)) || 0,
    D: e.damageMod ? addToDice(p.D, e.damageMod) : p.D,
  };
}

/** A characteristic plus a modifier ("D6+1" + 1 = "D6+2"); never below 1 as the rules say; unreadable text is kept. */
function addToDice(v: string, mod: number): string {
  try {
    const d = parseDice(v);
    if (d.sides === 0) return String(Math.max(1, d.plus + mod));
    const plus = d.plus + mod;
    return `${d.count === 1 ? '' : d.count}D${d.sides}${plus > 0 ? `+${plus}` : plus < 0 ? String(plus) : ''}`;
  } catch {
    return v;
  }
}
