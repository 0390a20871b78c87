// The reader of the rule texts that change a unit's attacks beyond its weapons' profiles: datasheet abilities (its
// own, or a Leader's or Support unit's while attached), Enhancements, detachment rules and army rules. The numbers
// are read by the one reading of modifier wordings stratagem EFFECTs use (`effects.ts` `readNumbers`,
// `grantedAbilities`); this module adds what a rule says around them: whose attacks (this model, this unit, the unit
// it leads, units of the army with keywords, models with the rule), which weapons, against which targets, and when
// (a Charge move, half range, a battle round, a distance, or a state the game decides, named after its rule). It
// reads the wording, never a table of rule names; what it cannot turn into numbers it says so (`unread`).
import { BOUNDS, capText } from '../bounds';
import type { KeywordExpr } from '../stratagems/targetText';
import { readUnitPhrase } from '../stratagems/targetText';
import { changesDamage, grantedAbilities, readNumbers, type DefensiveEffect, type StratagemEffect } from './effects';

/** The game states a condition can name, as `auspex lenses --when` and the breakdown's switches call them. */
export type StateKey =
  | 'charged'
  | 'halfRange'
  | 'stationary'
  | 'targetInCover'
  | 'targetAtStartingStrength'
  | 'targetBelowStartingStrength'
  | 'targetBelowHalfStrength'
  | 'closestTarget';

export type RuleCondition =
  | { kind: 'state'; key: StateKey }
  /** The battle round is at least `min` (and at most `max`). */
  | { kind: 'battleRound'; min: number; max?: number }
  /** The target is within `within` inches. */
  | { kind: 'distance'; within: number }
  /** The unit is led by a Leader meeting `units` ("while a NECRONS CHARACTER model is leading this unit"): the list says. */
  | { kind: 'led'; units: KeywordExpr }
  /**
   * A state the game decides and the reader does not model (once per battle, a dice roll, an objective, a choice
   * made during the battle): it holds only when named, by its rule's name; `rule` when the text names another
   * rule's state ("if the Waaagh! is active"), else the rule the text belongs to. `why` quotes the wording.
   */
  | { kind: 'named'; rule?: string; why: string };

/**
 * Whose attacks a clause changes: `model` the model with the rule (the bearer, "this model"); `unit` its unit ("this
 * unit", "the bearer's unit": an attached unit as a whole); `ledUnit` the unit a Leader or Support unit is attached
 * to, its own models included ("while this model is leading a unit, … models in that unit"); `army` units of the
 * army meeting `units` ("friendly ORKS INFANTRY units"); `withAbility` models with the rule itself ("models from
 * your army with this ability"); `selected` a unit selected during the battle ("that unit").
 */
export type RuleScope = 'model' | 'unit' | 'ledUnit' | 'army' | 'withAbility' | 'selected';

export interface RuleClause {
  /** The sentence (with its lead-in, for a bullet) the clause was read from. */
  text: string;
  side: 'attacking' | 'defending';
  scope: RuleScope;
  /** The keywords the units it names must have (scope `army` and `selected`). */
  units?: KeywordExpr;
  weaponTypes?: ('ranged' | 'melee')[];
  /** A weapon ability that selects the weapons ("melee weapons … with the [PSYCHIC] ability"), upper case. */
  weaponAbility?: string;
  /** What the attack's target must be ("an attack that targets a MONSTER or VEHICLE unit"). */
  targets?: KeywordExpr;
  conditions: RuleCondition[];
  /** The numbers and abilities (`choose`: the abilities are alternatives, the player picks). */
  effect: StratagemEffect;
  /** Clauses of one "select one of the following" share a group: one of them applies, the player's pick. */
  alternativeOf?: number;
  /** "… add 2 to the Attacks characteristic instead": when this clause applies, the clause at this index does not. */
  insteadOf?: number;
}

export interface RuleReading {
  clauses: RuleClause[];
  /** Sentences about attacks in which no number could be read: never guessed, said as not applied. */
  unread: string[];
  /** What else the text changes, for "no effect on attacks" ("Charge rolls", "Advance rolls", "the Move characteristic"). */
  other: string[];
}

const memo = new Map<string, RuleReading>();
const MEMO_MAX = 20000;

/** Reads a rule text (memoised by text: the same rule reaches many units). Never throws. */
export function readRule(text: string): RuleReading {
  const key = text ?? '';
  let r = memo.get(key);
  if (!r) {
    r = readUncached(key);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, r);
  }
  return r;
}

// ---------------------------------------------------------------- segments

interface Segment {
  text: string;
  /** The sentence ending in ":" a bullet (or, after a choice, a paragraph) belongs to. */
  lead?: string;
  /** The lead's bullets are alternatives (one is selected), conditions (any holds), dice results or plain effects. */
  leadKind?: 'choice' | 'conditions' | 'dice' | 'effects';
  /** Index of the lead's group (alternatives share it). */
  group?: number;
  /** The heading an alternative stands under ("SWARMING INSTINCTS", "Furor Tactics"). */
  title?: string;
}

/** Typography folded, HTML list items turned into bullets, other tags dropped; newlines kept (bullets are lines). */
function fold(text: string): string {
  return capText(text, BOUNDS.stratagemTextChars)
    .replace(/<li[^<>]*>/gi, '\n- ')
    .replace(/<br[^<>]*>|<\/p>|<\/ul>/gi, '\n')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00A0\u2007\u202F]/g, ' ')
    // BSData markup left in a text: ^^keyword^^ is a keyword (upper case), **bold** only emphasis.
    .replace(/\^\^([^^]{1,80})\^\^/g, (_m, k: string) => k.toUpperCase())
    .replace(/\*\*|\^\^/g, '');
}

const BULLET = /^(?:[-•■▪◦*]+|\d+(?:-\d+)?[.:)])\s*/;
/** A heading line: a few words, no full stop ("SWARMING INSTINCTS", "Furor Tactics", "Idol of Infinite Rage (Aura)"). */
const TITLE = /^[A-Z][\w'!&(),\/ -]{1,60}$/;

/** Lines and inline bullets ("abilities: ■ [ASSAULT] ■ [HEAVY]", "true: - A. - B.") as bullets under their lead. */
function segments(text: string): Segment[] {
  const lines: { text: string; bullet: boolean }[] = [];
  for (const raw of fold(text).split(/\n+/)) {
    // Inline bullets: a "■"/"▪"/"•" anywhere, or " - " after a colon or a full stop.
    const parts = raw.split(/\s[■▪•]\s|(?<=[:.])\s+-{1,2}\s+(?=[A-Z[])/);
    parts.forEach((p, i) => {
      const t = p.replace(/\s+/g, ' ').trim();
      if (!t) return;
      const bullet = BULLET.test(t) || i > 0;
      lines.push({ text: t.replace(BULLET, '').trim(), bullet });
    });
  }
  const out: Segment[] = [];
  let lead: Segment | undefined;
  let title: string | undefined;
  let group = 0;
  for (const line of lines) {
    // After "select one of the following …:", every later paragraph is an alternative, under its heading if it has one.
    const underChoice = lead && lead.leadKind === 'choice';
    if (lead && (line.bullet || underChoice)) {
      if (TITLE.test(line.text) && !/[.:]$/.test(line.text) && line.text.split(' ').length <= 6) {
        title = line.text.replace(/\s*\((?:aura|psychic)\)$/i, '');
        continue;
      }
      const t = /^([A-Z][\w' -]{2,40}): (?=[A-Z])/.exec(line.text);
      if (t && underChoice) title = t[1];
      const body = t && underChoice ? line.text.slice(t[0].length) : line.text;
      for (const sentence of underChoice ? body.split(/(?<=[.!?])\s+(?=[A-Z[])/) : [body]) {
        if (sentence.trim()) out.push({ text: sentence.trim(), lead: lead.text, leadKind: lead.leadKind, group: lead.group, ...(title ? { title } : {}) });
      }
      continue;
    }
    lead = undefined;
    // A heading line ("MARTIAL EXCELLENCE", "Furor Tactics"): the option the paragraphs after it describe, named after
    // it (an army rule's blessings, a detachment's tactics: the battle decides which holds).
    if (!line.bullet && TITLE.test(line.text) && !/[.:!?]$/.test(line.text) && line.text.split(' ').length <= 6) {
      title = line.text.replace(/\s*\((?:aura|psychic)\)$/i, '');
      continue;
    }
    // A worked example explains the rule: no rule of its own.
    if (/^example\b/i.test(line.text)) continue;
    let before = '';
    // "… add 1 to the Hit roll and, if that attack targets …, add 1 to the Wound roll as well": two clauses, the
    // second continuing the first's subject.
    for (const s of line.text.split(/(?<=[.!?])\s+(?=[A-Z[])|,? and,? (?=if (?:that attack|it|the target)\b)/)) {
      const t = s.trim();
      if (!t) continue;
      const seg: Segment = { text: t, ...(title ? { title } : {}) };
      out.push(seg);
      // "Select one of the following abilities. Until the end of the phase, … have that ability:": the choice is the sentence before.
      const around = `${before} ${t}`;
      before = t;
      if (/:$/.test(t)) {
        lead = seg;
        seg.group = ++group;
        seg.leadKind = /\b(?:select|choose) (?:one|either|1)\b|\bone of the following abilities\b|\bgain(?:s)? one of\b/i.test(around)
          ? 'choice'
          : /\bof the following (?:are|is) true\b|\bone of the following conditions\b/i.test(t)
            ? 'conditions'
            : /\broll (?:one |a )?D[36]\b/i.test(t)
              ? 'dice'
              : 'effects';
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- clauses

function readUncached(text: string): RuleReading {
  const reading: RuleReading = { clauses: [], unread: [], other: [] };
  const segs = segments(text);
  let previous: RuleClause | undefined;
  let enemySelected = false;
  for (const seg of segs) {
    if (seg.lead && seg.leadKind === 'conditions') continue;
    const o: ClauseOptions = { previous, enemySelected };
    if (/\bselect (?:one|up to \w+)(?: visible)? enemy\b/i.test(seg.text)) enemySelected = true;
    if (/:$/.test(seg.text) && seg.leadKind === 'conditions') {
      // "… that attack has the [SUSTAINED HITS 1] ability if either or both of the following are true: - A. - B.":
      // the lead's effect, under a state the battle decides (the bullets quoted).
      const bullets = segs.filter((x) => x.lead === seg.text && x.group === seg.group).map((x) => x.text.replace(/\.$/, ''));
      o.extra = { kind: 'named', why: bullets.join('; or ') || seg.text };
    } else if (seg.lead && seg.leadKind === 'dice') {
      o.alternativeOf = seg.group;
      o.extra = { kind: 'named', why: `a dice roll decides: ${seg.lead}` };
    } else if (seg.lead && seg.leadKind === 'choice') {
      // A named option (under its heading: "SWARMING INSTINCTS") or a choice the battle limits (once per battle, until
      // your next Command phase) is a state named after it; a free choice of bare alternatives (each time the unit
      // shoots) is the player's best.
      if (seg.title || /\bonce per battle\b|\bonly (?:be )?select(?:ed)? (?:each \w+ )?once\b|\buntil the (?:start of your next command phase|end of the battle round|start of the next battle round)\b/i.test(`${seg.lead} ${text}`)) {
        o.extra = { kind: 'named', ...(seg.title ? { rule: seg.title } : {}), why: `a choice made during the battle: ${seg.lead}` };
      } else o.alternativeOf = seg.group;
    }
    // Under a heading and no choice lead: the option the heading names holds only when named.
    if (seg.title && !o.extra && o.alternativeOf === undefined) o.extra = { kind: 'named', rule: seg.title, why: `the option "${seg.title}" of this rule` };
    const c = readClause(seg.text, seg.lead, reading, o);
    if (c) previous = c;
  }
  mergeChoiceBullets(reading);
  return reading;
}

/** "Select one of the following abilities: ■ [ASSAULT] ■ [HEAVY]": bullets that are bare abilities are one clause of alternatives. */
function mergeChoiceBullets(reading: RuleReading): void {
  const groups = new Map<number, RuleClause[]>();
  for (const c of reading.clauses) if (c.alternativeOf !== undefined) groups.set(c.alternativeOf, [...(groups.get(c.alternativeOf) ?? []), c]);
  for (const [, cs] of groups) {
    // Bare abilities under one subject, weapons, target and conditions: one clause of alternatives.
    const same = (c: RuleClause) => JSON.stringify([c.scope, c.units, c.targets, c.weaponAbility, c.effect.weaponTypes, c.conditions]);
    if (cs.length < 2 || !cs.every((c) => c.effect.abilities.length === 1 && !hasNumbers(c.effect) && same(c) === same(cs[0]))) continue;
    const first = cs[0];
    first.effect = { ...first.effect, abilities: cs.map((c) => c.effect.abilities[0]), choose: 1 };
    first.alternativeOf = undefined;
    reading.clauses = reading.clauses.filter((c) => !cs.includes(c) || c === first);
  }
}

const hasNumbers = (e: StratagemEffect) =>
  !!(e.hitMod || e.woundMod || e.rerollHits || e.rerollWounds || e.damageMod || e.apMod || e.strengthMod || e.attacksMod || e.attacksSet || e.skillMod || e.critHitOn || e.critWoundOn);

/** Eligibility lines of an Enhancement ("ORKS model only.") and a detachment's tag line: no effect. */
const INERT_SENTENCE = /^(?:[A-Z][A-Z'\/ ,()-]*[A-Z)] )?(?:models?|units?)? ?only\.?$|\b(?:model|unit) only\.?$|\bthis detachment has the [\w-]+ tag\b|^designer's note\b/;

const ATTACK_WORDS = /\b(?:attacks?|hit rolls?|wound rolls?|weapons?|attacks characteristic|strength characteristic|damage characteristic|armou?r penetration|critical (?:hit|wound)s?|ballistic skill|weapon skill|\[[A-Z][A-Z -]+\d?\+?\])/i;

const OTHER_EFFECTS: [RegExp, string][] = [
  [/\bselect (?:one|up to \w+)(?: visible)? enemy\b/i, 'which enemy unit its effect reaches'],
  [/\bcharge rolls?\b/i, 'Charge rolls'],
  [/\badvance rolls?\b/i, 'Advance rolls'],
  [/\bmove characteristic\b/i, 'the Move characteristic'],
  [/\bobjective control\b/i, 'Objective Control'],
  [/\bbattle-shock|leadership\b/i, 'Battle-shock and Leadership tests'],
  [/\bmortal wounds?\b/i, 'mortal wounds outside the attack sequence'],
  [/\bdeep strike|scouts|infiltrators|reserves|set up\b/i, 'deployment'],
  [/\b(?:fights? first|fight on death|eligible to (?:shoot|declare a charge|fight)|can fight after|do not remove (?:it|the destroyed model|them) from play)\b/i, 'when the unit may act'],
  [/\bcommand points?|\bcp\b|stratagem\b/i, 'Command points and Stratagems'],
  [/\bwounds? (?:regain|lost)|regains?\b|return\b.*\bdestroyed\b/i, 'healing and returning models'],
  [/\binvulnerable save|feel no pain|toughness characteristic|save characteristic\b/i, 'its own saves and Toughness'],
  [/\bsurge move|normal move of up to|can move\b/i, 'movement'],
  [/\bcannot (?:target|be targeted|select)\b|\bcan only be selected as the target\b/i, 'which units may target it'],
  [/\bcan shoot (?:as if|again)|can fight (?:again|one additional time)\b/i, 'when the unit may act'],
];

interface ClauseOptions {
  /** The text selects an enemy unit before ("select one enemy INFANTRY unit …"): "that unit" is that enemy unit. */
  enemySelected?: boolean;
  alternativeOf?: number;
  extra?: RuleCondition;
  /** The clause read before in the same text: a sentence without a subject of its own ("If that attack …") continues it. */
  previous?: RuleClause;
}

function readClause(text: string, lead: string | undefined, reading: RuleReading, o: ClauseOptions): RuleClause | undefined {
  const full = lead ? `${lead} ${text}` : text;
  if (INERT_SENTENCE.test(text.trim())) return undefined;
  let side = sideOfRule(full);
  // "… that enemy unit is suppressed. While a unit is suppressed, each time a model in that unit makes an attack …":
  // the enemy unit the text selected, not the unit with the rule.
  if (o.enemySelected && side === 'attacking' && /\b(?:models? in )?that unit\b|\bwhile a unit is\b/i.test(full) && !/\bthis unit\b|\byour army\b|\bfriendly\b/i.test(full)) side = 'enemy';
  if (side === 'enemy') {
    if (!reading.other.includes("an enemy unit's attacks")) reading.other.push("an enemy unit's attacks");
    return undefined;
  }
  const effect: StratagemEffect = { abilities: [], conditions: [] };
  // The numbers of a bullet are its own; its lead gives the subject, the weapons and the conditions.
  readNumbers(text, effect, side === 'defending' ? 'defending' : 'attacking');
  effect.abilities = side === 'attacking' ? grantedAbilities(text) : [];
  if (effect.abilities.length > 1 && /\b(?:select|choose) (?:either|one of) (?:the )?\[/i.test(text)) effect.choose = 1;
  // What the models have against attacks ("a 5+ invulnerable save", "the Feel No Pain 5+ ability", "+1 T"): defensive,
  // whatever the sentence's subject.
  const profile = readProfile(text);
  if (profile) effect.defensive = { ...effect.defensive, ...profile };
  const attack = side === 'attacking' && changesDamage(effect);
  const defence = (side === 'defending' || !!profile) && !!effect.defensive && Object.values(effect.defensive).some((v) => v);
  if (!attack && !defence) {
    const other = OTHER_EFFECTS.filter(([re]) => re.test(text)).map(([, what]) => what);
    if (other.length) reading.other.push(...other.filter((w) => !reading.other.includes(w)));
    else if (ATTACK_WORDS.test(text) && !/:$/.test(text) && side !== 'defending') reading.unread.push(full);
    return undefined;
  }
  const clause: RuleClause = { text: full, side: attack ? 'attacking' : 'defending', scope: 'unit', conditions: [], effect };
  const weaponTypes = weaponTypesOf(full);
  if (weaponTypes) effect.weaponTypes = weaponTypes;
  if (attack) {
    const scope = scopeOf(full);
    const prev = o.previous?.side === 'attacking' ? o.previous : undefined;
    if (!scope.explicit && prev) {
      // "If that attack targets …, add 1 to the Wound roll as well": the previous sentence's subject and weapons.
      clause.scope = prev.scope;
      if (prev.units) clause.units = prev.units;
      if (!weaponTypes && prev.effect.weaponTypes) effect.weaponTypes = prev.effect.weaponTypes;
      if (prev.weaponAbility) clause.weaponAbility = prev.weaponAbility;
    } else {
      clause.scope = scope.scope;
      if (scope.units !== undefined && scope.units !== true) clause.units = scope.units;
    }
    const wa = /\bweapons?\b[^.]*?\bwith the \[([^\]]{1,40})\] abilit/i.exec(full) ?? /\b(psychic|torrent|pistol|blast|melta|heavy|assault|rapid fire|one shot) weapons?\b/i.exec(full);
    if (wa) clause.weaponAbility = wa[1].trim().toUpperCase();
    const targets = targetsOf(full);
    if (targets !== undefined && targets !== true) clause.targets = targets;
    clause.conditions = conditionsOf(full, clause.scope);
  } else {
    const scope = scopeOf(full);
    clause.scope = scope.scope;
    if (scope.units !== undefined && scope.units !== true) clause.units = scope.units;
    clause.conditions = conditionsOf(full, clause.scope);
  }
  if (o.extra) clause.conditions.push(o.extra);
  if (o.alternativeOf !== undefined) clause.alternativeOf = o.alternativeOf;
  // "… instead": replaces the clause before it when its own conditions hold.
  if (/\binstead\b/i.test(text) && o.previous && reading.clauses.includes(o.previous)) clause.insteadOf = reading.clauses.indexOf(o.previous);
  reading.clauses.push(clause);
  return clause;
}

/**
 * A rule giving models a defensive profile: an invulnerable save (`5+ InSv` in the 11th edition's short form), Feel No
 * Pain (against mortal wounds only, or every wound; one against Psychic Attacks alone is not one the engine knows),
 * halved Damage, a Toughness modifier. Undefined when the sentence gives none.
 */
function readProfile(s: string): DefensiveEffect | undefined {
  const out: DefensiveEffect = {};
  const inv = /\b(\d)\+ (?:invulnerable save|InSv)\b/i.exec(s);
  if (inv && !/\bagainst (?:melee|ranged|psychic)\b/i.test(s.slice(inv.index, inv.index + 60))) out.invuln = Number(inv[1]);
  const fnp = /\bfeel no pain (\d)\+(?: ability)?((?: against [a-z ]+?)?)(?=[.,;]|$| and\b| while\b| if\b)/i.exec(s) ?? /\b(\d)\+ feel no pain((?: against [a-z ]+?)?)(?=[.,;]|$)/i.exec(s);
  if (fnp) {
    const against = fnp[2].toLowerCase();
    if (!against) out.fnp = Number(fnp[1]);
    else if (/mortal wounds/.test(against) && !/psychic/.test(against.replace(/mortal wounds/, ''))) out.fnpMortal = Number(fnp[1]);
  }
  if (/\bhalve the damage characteristic of (?:that|the) attack\b/i.test(s)) out.halfDamage = true;
  const t = /\b(?:add|subtract) (\d) (?:to|from) the toughness characteristic\b|(?:^|\s)([+-]\d) T\b/i.exec(s);
  if (t) out.toughnessMod = t[2] ? Number(t[2]) : /^subtract/i.test(t[0]) ? -Number(t[1]) : Number(t[1]);
  return Object.keys(out).length ? out : undefined;
}

/** Whose attacks the sentence is about: the unit's own (or its army's), or attacks made against it. */
function sideOfRule(s: string): 'attacking' | 'defending' | 'enemy' {
  if (/\battacks? (?:that |which )?targets? (?:this|that|your|the bearer's) (?:unit|model)\b|\battacks? (?:that |which )?targets? the bearer\b/i.test(s) && !/\bmodels? in (?:this|that|your|the bearer's) unit makes?\b/i.test(s)) return 'defending';
  const against = /\b(?:melee |ranged |psychic )?attacks? (?:targets?|is allocated to|are allocated to|is made against)\b[^,.]*?(?:\b(?:your|this|that|the bearer's|friendly) (?:[A-Z][A-Z' -]* )?(?:unit|model)s?\b|\bthe bearer\b)/i;
  if (against.test(s.replace(/\b(?:makes? (?:an? )?(?:melee |ranged )?attack|that attack|each attack) (?:that |which )?targets?\b[^,.]*/gi, ' '))) return 'defending';
  if (/\ballocated to (?:a model in )?(?:your|this|that|the bearer)\b/i.test(s)) return 'defending';
  if (/\bmodels? in (?:that|the|this) enemy unit\b|\benemy units?\b[^.]*\bmakes? an attack\b/i.test(s)) return 'enemy';
  return 'attacking';
}

function weaponTypesOf(s: string): ('ranged' | 'melee')[] | undefined {
  const t = s.replace(/\bdestroyed by an? (?:melee|ranged) attack\b/gi, '');
  const ranged = /\b(?:ranged|shooting) (?:attacks?|weapons?)\b|\bshoot(?:s|ing)?\b(?! or fight)/i.test(t) && !/\bshoot or fight\b/i.test(t);
  const melee = /\bmelee (?:attacks?|weapons?)\b|\bfight phase\b/i.test(t);
  if (ranged && !melee) return ['ranged'];
  if (melee && !ranged) return ['melee'];
  // "+1 BS": ranged; "+1 WS": melee.
  if (/\+\d BS\b(?! and WS)/.test(t)) return ['ranged'];
  if (/\+\d WS\b(?! and BS)/.test(t)) return ['melee'];
  return undefined;
}

const UNIT_PHRASE = /\b(friendly|an?|each|every|one|all)\s+((?:[A-Z][A-Z'\/-]*[A-Z](?:\s*,\s*|\s+or\s+|\s+and\s+|\s+)){1,12})(units?|models?)(?:'s?)?(?:\s+(?:from|in) your army)?(?:\s*\(excluding ([^)]{1,200})\))?/;
const FRIENDLY_PHRASE = /\b[Ff]riendly\s+((?:[A-Z][A-Z'\/-]*[A-Z](?:\s*,\s*|\s+or\s+|\s+and\s+|\s+)){1,12})(units?|models?)/;

/** The subject of the effect ("weapons equipped by X", "X's melee weapons", "each time a model in X makes an attack"). */
const SUBJECT = [
  /\bweapons? (?:it is |they are )?equipped (?:by|with) ((?:the bearer|this model|that model|those models|models? in [^,.]{1,80}?unit|models? from your army|[A-Z][A-Z' \/-]+ models? from your army)(?:'s unit)?)\b/,
  /\b(the bearer|this model|this unit|that unit|the bearer's unit|your unit|[A-Z][A-Z' \/-]+ units?)(?:'s?)? (?:melee |ranged |shooting )?(?:weapons|attacks)\b/,
  /\beach time (?:a model in |a model from |an? )?(this unit|that unit|the bearer's unit|your unit|this model|the bearer|[^,.]{1,80}? (?:unit|model))(?: from your army)? (?:makes|targets|shoots|fights)\b/,
];

/** Whose attacks: the rule's own model, its unit, the unit it leads, the army's units with keywords, models with the rule. */
function scopeOf(s: string): { scope: RuleScope; units?: KeywordExpr; explicit: boolean } {
  const leading = /\b(?:while|when|whilst) (?:this model|the bearer|this unit) is (?:leading|attached to) a unit\b/i.test(s);
  if (leading) {
    return /\b(?:models? in that unit|that unit'?s?|weapons? equipped by (?:models in )?that unit)\b/i.test(s) ? { scope: 'ledUnit', explicit: true } : { scope: 'model', explicit: true };
  }
  if (/\bwith this (?:ability|rule)\b/i.test(s)) return { scope: 'withAbility', explicit: true };
  let subject: string | undefined;
  for (const re of SUBJECT) {
    const m = re.exec(s);
    if (m) {
      subject = m[1];
      break;
    }
  }
  const of = (t: string) => {
    if (/\bthat unit\b/i.test(t) && !/\bthat unit\b/i.test(t.replace(/\bmodels? in that unit\b/i, ''))) return undefined;
    if (/^(?:the bearer|this model|that model|those models)$/i.test(t)) return 'model' as const;
    if (/\b(?:this unit|your unit|the bearer's unit|bearer's unit)\b|^models? in (?:this|your|the bearer's) unit$/i.test(t)) return 'unit' as const;
    return undefined;
  };
  const own = subject ? of(subject) : undefined;
  if (own) return { scope: own, explicit: true };
  // "weapons equipped by T'AU EMPIRE models from your army": the army's units of those keywords.
  const kw = subject && /^(?:models? (?:in|from) (?:an? )?)?([A-Z][A-Z'\/ ,-]*[A-Z]) (?:units?|models?)(?: from your army)?$/.exec(subject);
  if (kw) {
    const r = readUnitPhrase(kw[1]);
    if (!r.enemy) return { scope: 'army', units: r.requirement, explicit: true };
  }
  const army = /\b(?:from|in) your army\b/i.test(s) || /\bfriendly\b/i.test(s);
  if (army) {
    const friendly = FRIENDLY_PHRASE.exec(s);
    const phrase = friendly ? undefined : UNIT_PHRASE.exec(s);
    const pre = friendly ? friendly[1] : phrase?.[2];
    if (pre) {
      const r = readUnitPhrase(pre, phrase?.[4]);
      if (!r.enemy) return { scope: /\bselect (?:one|up to \w+) (?:friendly )?(?:[A-Z][A-Z' \/-]* )?(?:units?|models?)(?: from your army)?\b/.test(s) && !/\bselect (?:one|up to \w+) enemy\b/i.test(s) ? 'selected' : 'army', units: r.requirement, explicit: true };
    }
    if (/\bselect (?:one|up to \w+) (?:friendly )?(?:units?|models?)\b/i.test(s)) return { scope: 'selected', explicit: true };
    if (/\b(?:a|each|every) (?:unit|model) (?:from|in) your army\b|\bfriendly (?:units?|models?)\b/i.test(s)) return { scope: 'army', units: true, explicit: true };
  }
  if (/\bthis unit\b|\bmodels? in (?:this|your) unit\b|\bbearer'?s unit\b|\byour unit\b/i.test(s)) return { scope: 'unit', explicit: true };
  if (/\bthis model\b|\bthe bearer\b|\bbearer'?s\b/i.test(s)) return { scope: 'model', explicit: true };
  if (/\bthat (?:[A-Z][A-Za-z]* )?(?:unit|model)\b/.test(s) || /\bthat unit\b/i.test(s)) return { scope: 'selected', explicit: true };
  return { scope: 'unit', explicit: false };
}

/** "An attack that targets a MONSTER or VEHICLE unit", "if the target is a DAEMON unit", "when targeting Infantry units". */
function targetsOf(s: string): KeywordExpr | undefined {
  const non = /\btarget(?:s|ed)? an? (?:enemy )?non-([A-Z][A-Z\/ -]*[A-Z]) units?\b/.exec(s);
  if (non) return { not: readUnitPhrase(non[1].replace(/\//g, ' or ')).requirement };
  const fly = /\btargets? an? (?:enemy )?unit that (can|cannot|can't) FLY\b|\(excluding units that can Fly\)/i.exec(s);
  if (fly) return fly[1] && /^can$/i.test(fly[1]) ? { kw: 'FLY' } : { not: { kw: 'FLY' } };
  const WORDS = "((?:[A-Z][A-Za-z'\\/-]*[A-Za-z](?:\\s*,\\s*|\\s+or\\s+|\\s+and\\s+|\\s+)){1,8})";
  const m =
    new RegExp(`\\b(?:attacks?|that|with [a-z][\\w' -]{0,40}) (?:that |which )?targets? (?:an? |one |the closest eligible )?(?:enemy )?${WORDS}(?:units?|models?|targets?)\\b`).exec(s) ??
    new RegExp(`\\bwhen targeting (?:an? )?(?:enemy )?${WORDS}units?\\b`).exec(s) ??
    new RegExp(`\\bif the target(?: of that attack)? is (?:an? )?${WORDS}(?:units?|models?)\\b`).exec(s) ??
    new RegExp(`\\bagainst (?:an? )?(?:enemy )?${WORDS}(?:units?|models?)\\b`).exec(s);
  if (!m) return undefined;
  // Keywords written in title case ("Monster or Vehicle") are keywords all the same; a state word is not ("Afflicted").
  const words = m[1].trim().split(/(\s*,\s*|\s+or\s+|\s+and\s+|\s+)/);
  const upper = words.map((w) => (/^(?:\s*,\s*|\s+or\s+|\s+and\s+|\s+)$/.test(w) || w === w.toUpperCase() ? w : w.toUpperCase())).join('');
  if (!words.some((w) => w.trim() && !/^(?:or|and|,)$/.test(w.trim()) && (w === w.toUpperCase() || KEYWORD_WORDS.test(w)))) return undefined;
  return readUnitPhrase(upper).requirement;
}

/** Unit-type and faction words a text may write in title case. */
const KEYWORD_WORDS = /^(?:Infantry|Monsters?|Vehicles?|Characters?|Mounted|Beasts?|Swarms?|Walkers?|Titanic|Fly|Psykers?|Daemons?|Battleline|Aircraft|Tyranids|Necrons|Orks|Aeldari|Imperium|Chaos)$/;

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5 };

/** Words that make a clause hold only sometimes, beyond the states read above. */
const SITUATIONAL = /\b(?:if|while|whilst|unless|once per|in a terrain area|wholly within|when doing so|targeting that (?:enemy )?unit|that contains? (?:\w+ or more|fewer than)|the first time|when (?:it|you|they) do(?:es)?|until the (?:start|end) of your next|targets? (?:that|the selected|the chosen) (?:enemy )?(?:unit|model|target)|targets? (?:its|their) (?!own\b)[a-z]+|against that (?:enemy )?unit|for (?:each|every) (?:\d+ )?enemy (?:unit|model)s?|within range of|within \d+"|targets? (?:an? |one )?(?:enemy )?(?:[A-Z][A-Z' -]* )?units? (?:that|which) (?:is|are|has|have|was|were)|roll (?:one|a|two) D\d|select|choose|spend|discard|can use this|uses? this (?:ability|enhancement)|(?:each time|when|whenever|after) [^,]{0,80}?\b(?:is set up|disembarks?|advances?|falls? back|destroys|is destroyed|made an? [\w-]+ move|makes an? (?:normal|advance|fall back|surge|ingress|consolidation|pile-in) move|ends an? |is selected to make|has fought|has shot)|at the (?:start|end) of)(?=\W|$)/i;

/** An attack at a target in a state the battle decides, written in title case ("an Afflicted unit"); keywords are upper case. */
const STATE_TARGET = /\btargets? an? (?:enemy )?[A-Z][a-z]+(?:-[a-z]+)? unit\b|\b(?:[Ee]ach time|[Ww]hen)\b[^,.]{0,60}?\bmakes? an? [A-Z][a-z]+(?: [A-Z][a-z]+)?\b(?! (?:attack|move|roll))/;

/** The conditions a clause holds under: game states it names, and a named state for what else holds only sometimes. */
function conditionsOf(full: string, scope: RuleScope): RuleCondition[] {
  const out: RuleCondition[] = [];
  let rest = full;
  const take = (re: RegExp, c: RuleCondition | ((m: RegExpExecArray) => RuleCondition | undefined)) => {
    const m = re.exec(rest);
    if (!m) return;
    const cond = typeof c === 'function' ? c(m) : c;
    if (cond) out.push(cond);
    rest = rest.replace(re, ' ');
  };
  // A free choice each time the unit shoots or fights ("select one of the following abilities"): the player's best, no condition.
  if (!/\bonce per\b|\bcan only (?:be )?select/i.test(rest)) rest = rest.replace(/\beach time (?:that|this) unit is selected to (?:shoot|fight)(?: or (?:shoot|fight))?, (?:you can )?select one of the following abilities\b/gi, ' ');
  // What the list states already is no condition: leading a unit, the unit's own attacks every time it attacks.
  rest = rest.replace(/\bwhile (?:this model|the bearer|this unit) is (?:leading|attached to) a unit,?/gi, ' ');
  rest = rest.replace(/\beach time (?:a model in )?(?:this|that|the bearer's|your|an? [A-Z][A-Z' ,\/-]*) (?:unit|model)(?: from your army)?(?: \(excluding [^)]*\))? (?:is selected to (?:shoot|fight)|makes an? (?:melee |ranged )?attacks?|shoots|fights)\b/gi, ' ');
  // The defensive trigger: an attack at the unit with the rule, every time.
  rest = rest.replace(/\beach time an? (?:melee |ranged )?attack (?:targets|is allocated to|is made against) (?:a model in )?(?:that|this|the bearer's|your) (?:unit|model)\b|\beach time an? (?:melee |ranged )?attack (?:targets|is allocated to) the bearer\b/gi, ' ');
  rest = rest.replace(/\beach time (?:this|the bearer|a) model makes an? (?:melee |ranged )?attacks?\b|\beach time the bearer (?:fights|shoots|is selected to (?:fight|shoot))\b|,? while resolving those attacks\b/gi, ' ');
  const IF = "(?:(?:if|while|when|as long as) (?:it|they|this unit|that unit|this model|the bearer(?:'s unit)?|the target(?: of that attack)?|that attack|that model's unit|the attacking model's unit) )?";
  take(new RegExp(`${IF}\\b(?:made|makes|making|has made|ends|ended) a charge move\\b(?: this turn)?|${IF}\\bcharged this turn\\b|\\bif (?:it|this unit|that unit|the bearer's unit) charged\\b|\\bdeclared a charge this turn\\b`, 'i'), { kind: 'state', key: 'charged' });
  take(new RegExp(`${IF}\\b(?:is )?within half range\\b`, 'i'), { kind: 'state', key: 'halfRange' });
  take(new RegExp(`${IF}\\b(?:remained|remains) stationary\\b(?: this turn)?|\\beach time (?:this|the bearer's|this model's) (?:unit|model) remains stationary\\b`, 'i'), { kind: 'state', key: 'stationary' });
  take(/\b(?:that )?targets? the closest eligible (?:enemy )?(?:target|unit|[A-Z][A-Za-z ]{0,40}? units?)\b|\bclosest eligible target\b/i, { kind: 'state', key: 'closestTarget' });
  take(/\b(?:if )?(?:the target(?: of that attack)?|that unit|the enemy unit|targets an? (?:enemy )?unit)(?: that| which)? (?:is )?at (?:its )?starting strength\b/i, { kind: 'state', key: 'targetAtStartingStrength' });
  take(/\b(?:if )?(?:the target(?: of that attack)?|targets an? (?:enemy )?unit)(?: that| which)? (?:is )?below (?:its )?starting strength\b/i, { kind: 'state', key: 'targetBelowStartingStrength' });
  take(/\b(?:if )?(?:the target(?: of that attack)?|targets an? (?:enemy )?unit)(?: that| which)? (?:is )?below half-strength\b/i, { kind: 'state', key: 'targetBelowHalfStrength' });
  take(/\b(?:if )?(?:the target(?: of that attack)?|targets an? (?:enemy )?unit)(?: that| which)? (?:has|have) the benefit of cover\b/i, { kind: 'state', key: 'targetInCover' });
  take(/\b(?:in|during) (?:the )?((?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)(?:(?:, | and | or )(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th))*) battle rounds?( or later| onwards)?\b/i, (m) => {
    const ns = m[1].toLowerCase().split(/, | and | or /).map((w) => ORDINAL[w]);
    const min = Math.min(...ns);
    return m[2] ? { kind: 'battleRound', min } : { kind: 'battleRound', min, max: Math.max(...ns) };
  });
  take(/\bbattle round (\d)(?: or later|\+)\b/i, (m) => ({ kind: 'battleRound', min: Number(m[1]) }));
  take(/\b(?:if (?:the target(?: of that attack)? is|that attack targets)|targets? (?:an? )?(?:enemy )?(?:unit|model)s?(?: that is)?)[^.,]{0,30}?\bwithin (\d{1,2})"/i, (m) => ({ kind: 'distance', within: Number(m[1]) }));
  // Led by a Leader of some keywords: the list says whether it is.
  take(/\b(?:[Ww]hile|[Ii]f) an? ((?:[A-Z][A-Z'-]*[A-Z] ){0,6})(?:model|unit) is leading this unit\b/, (m) => ({ kind: 'led', units: m[1].trim() ? readUnitPhrase(m[1].trim()).requirement : true }));
  // A target the battle selects, named after its rule: "that targets your Oath of Moment target".
  take(/\btargets? your ([A-Z][\w'-]*(?: [A-Z][\w'-]*){0,4}) target\b/, (m) => ({ kind: 'named', rule: m[1], why: m[0].trim() }));
  // Another rule's state: "if the Waaagh! is active for your army".
  take(/\b(?:[Ii]f|[Ww]hile) (?:the |your )?([A-Z][\w'!-]*(?: [A-Z][\w'!-]*){0,4}) (?:is|are) active\b[^,.]*/, (m) => ({ kind: 'named', rule: m[1], why: m[0].trim() }));
  // What the states above leave of their clause ("if that attack", "while making attacks with this unit").
  rest = rest.replace(/\b(?:if|while|when) (?:that attack|it|this unit|that unit|the target)\s*(?=[,.]|$)|\bwhile making attacks with (?:this|that) unit\b/gi, ' ');
  // A target's keywords are the target filter's (`targetsOf`), not a condition.
  rest = rest.replace(/\b(?:if (?:its [a-z' -]{1,40}|it|that attack) )?target(?:s|ed)? an? (?:enemy )?non-[A-Z][A-Z\/ -]*[A-Z] units?\b/g, ' ');
  if (scope === 'selected') out.push({ kind: 'named', why: 'applies to a unit selected during the battle' });
  const situational = SITUATIONAL.exec(rest) ?? STATE_TARGET.exec(rest);
  if (situational) {
    const why = quote(rest, situational.index);
    // "If you do", "If it does": the choice the rule's earlier sentence offers (once per battle, to call a Waaagh!).
    out.push({ kind: 'named', why: /^(?:if|when) (?:you|it|they) do(?:es)?$/i.test(why) ? `a choice made during the battle ("${why}")` : why });
  }
  return out;
}

/** The words around a situational clause, for the reason a condition is named. */
function quote(s: string, at: number): string {
  const start = Math.max(0, s.lastIndexOf(',', at) + 1, s.lastIndexOf('.', at) + 1);
  const end = s.slice(at).search(/[,.]/);
  return s.slice(start, end < 0 ? undefined : at + end).replace(/\s+/g, ' ').trim();
}
