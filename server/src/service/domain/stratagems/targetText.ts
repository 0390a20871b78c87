// The reader of a stratagem's TARGET and RESTRICTIONS text. One general reader
// (keyword phrases, "and"/"or", "excluding", "that is not", "You cannot
// target…", "You can only select… if it is…") and no table of stratagem names,
// so imported data from any faction is read the same way. What the text makes
// situational ("within 6\" of that enemy unit") is kept as quoted clauses for a
// hover reminder, never checked.
import { BOUNDS, capText } from '../bounds';
import { foldTypography } from '../text/normalize';

/**
 * AND/OR/NOT tree over upper-case keywords; `true` when the text sets no requirement. Beside
 * keywords a text can name a model ("One Wolf Guard Headtaker model": `name`), an ability every
 * model has ("if all of its models have the Deep Strike ability": `ability`), or what a keyword
 * implies about a unit (`fact`: an "Attached unit" is a Leader or a unit that can be led; a unit
 * that "disembarked from a TRANSPORT" is one that can embark).
 */
export type KeywordExpr =
  | true
  | { kw: string }
  | { name: string }
  | { ability: string }
  | { fact: UnitFact }
  | { and: KeywordExpr[] }
  | { or: KeywordExpr[] }
  | { not: KeywordExpr };

export type UnitFact = 'attached' | 'embarks';

/**
 * What the reader can check of a unit beyond its keywords. A requirement on something not given
 * (no names, no abilities) holds: the keywords alone cannot refute it.
 */
export interface UnitFacts {
  keywords: string[];
  /** The datasheet's name and its models' names. */
  names?: string[];
  /** Names of the abilities every model of the unit has (core, faction and datasheet abilities). */
  abilities?: string[];
  /** The datasheet can lead a unit or be led (an Attached unit can be formed with it). */
  attachable?: boolean;
}

/** One target of a stratagem that selects two ("One TRANSPORT unit … and one INFANTRY unit …"). */
export interface TargetPart {
  count: TargetCount;
  subject: 'unit' | 'model' | 'unitOrModel';
  requirement: KeywordExpr;
  /** The part of the TARGET text it was read from. */
  text: string;
}

export type TargetCount =
  | { kind: 'one' }
  | { kind: 'oneOrMore' }
  | { kind: 'upTo'; n: number }
  | { kind: 'exactly'; n: number }
  | { kind: 'unknown' };

export interface TargetLimits {
  perBattle?: number;
  perTurn?: number;
  perPhase?: number;
  perRound?: number;
}

export interface TargetSpec {
  count: TargetCount;
  /** What is selected: a unit, a model, either ("That unit or model"), or something else (a marker, a card). */
  subject: 'unit' | 'model' | 'unitOrModel' | 'other';
  /** 'enemy' when the text selects an enemy unit: no unit of the player's army can be it. */
  side: 'own' | 'enemy';
  /** "That unit…": the unit the WHEN text names (its keywords were added when `when` was given). */
  fromWhen: boolean;
  requirement: KeywordExpr;
  /** Clauses the reader does not check, quoted from the text (for a hover reminder). */
  situational: string[];
  limits: TargetLimits;
  /** Other sentences of TARGET/RESTRICTIONS the reader did not turn into a requirement or a limit. */
  notes: string[];
  /**
   * Set when the text selects two units of the player's army at once, each with its own
   * requirement, in the order the text names them; `requirement` is then their OR (a datasheet
   * that can be either target). RESTRICTIONS apply to every part.
   */
  parts?: TargetPart[];
}

/** Keywords that name a unit type rather than a datasheet or faction: split off the end of a keyword run ("GENESTEALER CULTS INFANTRY"). */
const TYPE_KEYWORDS = new Set([
  'INFANTRY', 'MOUNTED', 'VEHICLE', 'MONSTER', 'CHARACTER', 'BATTLELINE', 'WALKER', 'TITANIC', 'TOWERING', 'FLY', 'BEAST',
  'SWARM', 'TRANSPORT', 'DEDICATED TRANSPORT', 'AIRCRAFT', 'PSYKER', 'EPIC HERO', 'GRENADES', 'SMOKE', 'FORTIFICATION',
  'ARTILLERY', 'JUMP PACK', 'TERMINATOR', 'DAEMON',
]);
/** Keywords a unit gains during list building or play, not from its datasheet: left situational. */
const STATE_KEYWORDS = new Set(['WARLORD']);
const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

// ---------------------------------------------------------------- expressions

const kw = (k: string): KeywordExpr => ({ kw: k });

function and(...xs: KeywordExpr[]): KeywordExpr {
  const out: KeywordExpr[] = [];
  for (const x of xs) {
    if (x === true) continue;
    for (const y of 'and' in x ? x.and : [x]) if (!out.some((o) => same(o, y))) out.push(y);
  }
  return out.length === 0 ? true : out.length === 1 ? out[0] : { and: out };
}

function or(...xs: KeywordExpr[]): KeywordExpr {
  if (xs.length === 0 || xs.some((x) => x === true)) return true;
  const out: KeywordExpr[] = [];
  for (const x of xs as Exclude<KeywordExpr, true>[]) for (const y of 'or' in x ? x.or : [x]) if (!out.some((o) => same(o, y))) out.push(y);
  return out.length === 1 ? out[0] : factorOr(out);
}

const not = (x: KeywordExpr): KeywordExpr => (x === true ? true : { not: x });
const same = (a: KeywordExpr, b: KeywordExpr) => JSON.stringify(a) === JSON.stringify(b);

/** (A and B) or (A and C) → A and (B or C): "GENESTEALER CULTS MOUNTED or GENESTEALER CULTS VEHICLE". */
function factorOr(alts: KeywordExpr[]): KeywordExpr {
  const parts = alts.map((a) => (a !== true && 'and' in a ? a.and : [a]));
  const common = parts[0].filter((p) => parts.every((ps) => ps.some((q) => same(p, q))));
  if (common.length === 0 || parts.some((ps) => ps.length === common.length)) return { or: alts };
  const rest = parts.map((ps) => and(...ps.filter((p) => !common.some((c) => same(c, p)))));
  return and(...common, { or: rest });
}

// ---------------------------------------------------------------- matching

function keywordSet(unitKeywords: string[]): Set<string> {
  return new Set(unitKeywords.map((k) => foldTypography(k).toUpperCase()));
}

function hasKeyword(set: Set<string>, k: string): boolean {
  if (set.has(k)) return true;
  // Texts use plurals loosely ("excluding MONSTERS", "One ABERRANT unit" vs the keyword ABERRANTS).
  if (k.endsWith('S') && set.has(k.slice(0, -1))) return true;
  if (set.has(`${k}S`)) return true;
  // A datasheet keyword naming a variant ("TYRANID WARRIORS WITH MELEE BIO-WEAPONS") is named by its head ("TYRANID WARRIORS").
  for (const x of set) if (x.startsWith(`${k} WITH `)) return true;
  return false;
}

/** A phrase such as "ASTRA MILITARUM INFANTRY REGIMENT" holds when it splits into keywords the unit has. */
function phraseHolds(set: Set<string>, phrase: string): boolean {
  if (hasKeyword(set, phrase)) return true;
  const w = phrase.split(' ');
  const ok: boolean[] = [true];
  for (let i = 1; i <= w.length; i++) {
    ok[i] = false;
    for (let j = 0; j < i && !ok[i]; j++) if (ok[j] && (j > 0 || i < w.length) && hasKeyword(set, w.slice(j, i).join(' '))) ok[i] = true;
  }
  return ok[w.length];
}

/** "Wolf Guard Headtaker" names the models of "Wolf Guard Headtakers": case and a plural s aside. */
const nameKey = (n: string) => foldTypography(n).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().replace(/s$/, '');

/** Whether a unit with these keywords (datasheet and faction keywords together), or these facts, meets the requirement. */
export function satisfies(expr: KeywordExpr, unit: string[] | UnitFacts): boolean {
  const facts: UnitFacts = Array.isArray(unit) ? { keywords: unit } : unit;
  const set = keywordSet(facts.keywords);
  const names = facts.names && new Set(facts.names.map(nameKey));
  const abilities = facts.abilities && new Set(facts.abilities.map(nameKey));
  const holds = (e: KeywordExpr): boolean => {
    if (e === true) return true;
    if ('kw' in e) return phraseHolds(set, e.kw);
    if ('name' in e) return !names || names.has(nameKey(e.name));
    if ('ability' in e) return !abilities || abilities.has(nameKey(e.ability));
    if ('fact' in e) return e.fact === 'embarks' ? set.has('INFANTRY') : facts.attachable ?? true;
    if ('and' in e) return e.and.every(holds);
    if ('or' in e) return e.or.some(holds);
    return !holds(e.not);
  };
  return holds(expr);
}

/** The positive keyword phrases of a requirement (those outside any NOT). */
export function positiveKeywords(expr: KeywordExpr): string[] {
  if (expr === true) return [];
  if ('kw' in expr) return [expr.kw];
  if ('not' in expr || 'name' in expr || 'ability' in expr || 'fact' in expr) return [];
  return ('and' in expr ? expr.and : expr.or).flatMap(positiveKeywords);
}

/** Human text: "GENESTEALER CULTS and (INFANTRY or MOUNTED), not TITANIC"; "any" for no requirement. */
export function explain(expr: KeywordExpr): string {
  if (expr === true) return 'any';
  return show(expr, true);
}

const FACT_TEXT: Record<UnitFact, string> = { attached: 'an Attached unit (a Leader or a unit it can lead)', embarks: 'a unit that can embark in a TRANSPORT (INFANTRY)' };

function show(e: Exclude<KeywordExpr, true>, top: boolean): string {
  if ('kw' in e) return e.kw;
  if ('name' in e) return `a ${e.name} model`;
  if ('ability' in e) return `the ${e.ability} ability`;
  if ('fact' in e) return FACT_TEXT[e.fact];
  if ('not' in e) return `not ${e.not !== true && !('and' in e.not) && !('or' in e.not) ? show(e.not, false) : `(${show(e.not as Exclude<KeywordExpr, true>, false)})`}`;
  if ('or' in e) {
    const u = unless(e);
    if (u) return u;
    const s = e.or.map((x) => show(x as Exclude<KeywordExpr, true>, false)).join(' or ');
    return top ? s : `(${s})`;
  }
  const pos = e.and.filter((x) => x !== true && !('not' in x) && !unless(x));
  const neg = e.and.filter((x) => !pos.includes(x));
  const head = pos.map((x) => show(x as Exclude<KeywordExpr, true>, false)).join(' and ');
  const tail = neg.map((x) => show(x as Exclude<KeywordExpr, true>, false));
  const s = [head, ...tail].filter(Boolean).join(', ');
  return top || (pos.length <= 1 && neg.length === 0) ? s : `(${s})`;
}

/** (not A) or B reads as "not A unless B" (HEROIC INTERVENTION's VEHICLE/WALKER restriction). */
function unless(e: Exclude<KeywordExpr, true>): string | undefined {
  if (!('or' in e) || e.or.length !== 2) return undefined;
  const [a, b] = e.or;
  if (a !== true && 'not' in a && a.not !== true && 'kw' in a.not && b !== true && 'kw' in b) return `not ${a.not.kw} unless ${b.kw}`;
  return undefined;
}

// ---------------------------------------------------------------- text

/** Typography folded, the seed's glue ("GENESTEALER CULTSunits") undone, connectives in lower case. */
function clean(text: string): string {
  return foldTypography(text)
    .replace(/[“”]/g, '"')
    .replace(/\b([A-Z][A-Z'-]*[A-Z])([a-z]{2,})/g, '$1 $2')
    // Some sources capitalise the connectives too ("MAGUS, PRIMUS OR ACOLYTE ICONWARD"): no keywords.
    .replace(/(?<=[A-Z,] )(OR|AND)(?= [A-Z])/g, (w) => w.toLowerCase())
    // "PHOBOS and/or SCOUT SQUAD units": either keyword.
    .replace(/ and\/or /g, ' or ')
    .replace(/\s+/g, ' ')
    .trim();
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!])\s+(?=[A-Z])/)
    .map((s) => s.trim().replace(/\.$/, '').trim())
    .filter(Boolean);
}

// Keyword words may carry accents (KÂHL, ÛTHAR THE DESTINED, BRÔKHYR).
const KW_WORD = /^\p{Lu}[\p{Lu}'-]*\p{Lu}$/u;

/** Runs of upper-case keyword words in a stretch of text ("ADEPTUS ASTARTES INFANTRY"). */
function keywordRuns(text: string): string[] {
  const runs: string[] = [];
  let cur: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const w = raw.replace(/^[("']+|[),.;:'"]+$/g, '');
    if (KW_WORD.test(w)) cur.push(w);
    else {
      if (cur.length) runs.push(cur.join(' '));
      cur = [];
    }
    // Punctuation after a word ends the run ("ABERRANTS, BIOPHAGUS").
    if (cur.length && /[,.;:)]$/.test(raw)) {
      runs.push(cur.join(' '));
      cur = [];
    }
  }
  if (cur.length) runs.push(cur.join(' '));
  return runs;
}

const singular = (w: string) => (w.endsWith('S') && TYPE_KEYWORDS.has(w.slice(0, -1)) ? w.slice(0, -1) : w);

/** One keyword run → AND of its parts: unit-type keywords are split off its end ("GENESTEALER CULTS INFANTRY"). */
function runExpr(run: string): KeywordExpr {
  const words = run.split(' ');
  if (words.length === 1) return kw(singular(words[0]));
  const tail: string[] = [];
  while (words.length > 1) {
    const two = words.slice(-2).join(' ');
    if (words.length > 2 && TYPE_KEYWORDS.has(two)) {
      tail.unshift(two);
      words.splice(-2);
    } else if (TYPE_KEYWORDS.has(words[words.length - 1])) {
      tail.unshift(words.pop() as string);
    } else break;
  }
  return and(kw(words.join(' ')), ...tail.map(kw));
}

interface PreModifier {
  expr: KeywordExpr;
  enemy: boolean;
  /** Title-case words that qualify the unit but are no keyword ("Leader unit"). */
  other: string[];
  state: string[];
}

/** The words between the determiner and "unit": "ABERRANTS, BIOPHAGUS or PURESTRAIN GENESTEALERS", "GENESTEALER CULTS INFANTRY or MOUNTED". */
function readPreModifier(pre: string): PreModifier {
  const res: PreModifier = { expr: true, enemy: /\benemy\b/i.test(pre), other: [], state: [] };
  const alts: KeywordExpr[][] = [];
  for (const alt of pre.split(/\s*,\s*|\s+or\s+/)) {
    const runs = keywordRuns(alt).map((r) => {
      const last = r.split(' ').pop() as string;
      if (!STATE_KEYWORDS.has(last)) return r;
      res.state.push(last);
      return r.slice(0, -last.length).trim();
    }).filter(Boolean);
    for (const w of alt.split(/\s+/)) if (/^[A-Z][a-z]/.test(w)) res.other.push(w);
    if (runs.length) alts.push(runs.map(runExpr));
  }
  if (alts.length === 0) return res;
  const exprs = alts.map((a) => and(...a));
  // "X INFANTRY or MOUNTED": the later alternatives are bare types, so the first one's prefix applies to them too.
  const first = exprs[0];
  const bareType = (e: KeywordExpr) => e !== true && 'kw' in e && TYPE_KEYWORDS.has(e.kw);
  if (exprs.length > 1 && first !== true && 'and' in first && exprs.slice(1).every(bareType)) {
    const types = first.and.filter(bareType);
    const prefix = first.and.filter((x) => !bareType(x));
    if (types.length === 1 && prefix.length) {
      res.expr = and(...prefix, or(types[0], ...exprs.slice(1)));
      return res;
    }
  }
  res.expr = exprs.length === 1 ? exprs[0] : or(...exprs);
  return res;
}

/** What a keyword or word before the head noun implies: a WARLORD is a CHARACTER; an Attached unit is a Leader's. */
function implied(pre: PreModifier): KeywordExpr {
  return and(pre.state.includes('WARLORD') ? kw('CHARACTER') : true, pre.other.includes('Attached') ? { fact: 'attached' } : true);
}

/**
 * Models named in title case, no keyword among them: "Wolf Guard Headtaker or Wolf Guard Terminator
 * Pack Leader" → either name. Undefined when the words are no list of names.
 */
function readModelNames(pre: string): KeywordExpr | undefined {
  const names = pre.split(/\s*,\s*|\s+or\s+/).map((n) => n.trim()).filter(Boolean);
  const isName = (n: string) => /^(?:[A-Z][a-z'’-]+|[a-z]{1,3}|[A-Z])(?: (?:[A-Z][a-z'’-]+|of|the|in|with))*$/.test(n) && /^[A-Z]/.test(n) && n.includes(' ');
  if (!names.length || !names.every(isName)) return undefined;
  return or(...names.map((n) => ({ name: n })));
}

/** "(excluding MONSTERS and VEHICLES)" → NOT each; what else it says (units that moved…) is situational. */
function readExcluding(body: string): { expr: KeywordExpr; situational?: string } {
  const cut = body.search(/\b(that|which|who|if|unless)\b/);
  const kwPart = cut >= 0 ? body.slice(0, cut) : body;
  const runs = keywordRuns(kwPart);
  const leftover = kwPart.replace(/\b[A-Z][A-Z'-]*[A-Z]\b/g, '').replace(/\b(units?|models?|and|or)\b|[,\s]/g, '');
  const expr = and(...runs.map((r) => not(runExpr(r))));
  return cut >= 0 || leftover ? { expr, situational: `excluding ${body}` } : { expr };
}

interface Branch {
  count: TargetCount;
  subject: TargetSpec['subject'];
  side: TargetSpec['side'];
  fromWhen: boolean;
  expr: KeywordExpr;
  situational: string[];
}

const DETERMINER = /^(?:(one or more|any number of)|up to (\w+)|(one|two|three|four|five|six|\d+)|(that|the|this|those|these|your))\b\s*/i;

/** True when `s` ends (before white space) with a keyword word such as "TRANSPORT" (linear; was a backtracking regex). */
function endsWithKeyword(s: string): boolean {
  const t = s.trimEnd();
  let i = t.length - 1;
  if (i < 1 || !isCap(t.charCodeAt(i))) return false;
  for (i--; i >= 0; i--) {
    const c = t.charCodeAt(i);
    if (isCap(c)) return true;
    if (c !== 39 && c !== 45) return false;
  }
  return false;
}

const isCap = (c: number) => c >= 65 && c <= 90;

/** One target description: "One GENESTEALER CULTS unit from your army that has not been selected to shoot this phase". */
function readBranch(text: string): Branch {
  const b: Branch = { count: { kind: 'unknown' }, subject: 'other', side: 'own', fromWhen: false, expr: true, situational: [] };
  let rest = text.trim();
  const d = DETERMINER.exec(rest);
  if (d) {
    const n = (w: string) => NUMBERS[w.toLowerCase()] ?? Number(w);
    if (d[1]) b.count = { kind: 'oneOrMore' };
    else if (d[2]) b.count = Number.isFinite(n(d[2])) ? { kind: 'upTo', n: n(d[2]) } : { kind: 'unknown' };
    else if (d[3]) b.count = n(d[3]) === 1 ? { kind: 'one' } : { kind: 'exactly', n: n(d[3]) };
    else {
      b.count = /^th(ose|ese)$/i.test(d[4]) ? { kind: 'unknown' } : { kind: 'one' };
      b.fromWhen = /^(that|the|this)$/i.test(d[4]);
    }
    rest = rest.slice(d[0].length);
  }
  // "One of those GREY KNIGHTS units": one of the units the WHEN text names.
  const ofThose = d && !d[4] ? /^of (?:those|these)\s+/.exec(rest) : null;
  if (ofThose) {
    rest = rest.slice(ofThose[0].length);
    b.fromWhen = true;
  }
  // "One of your active Secondary Mission cards": no unit is selected.
  if (!d || /^of\b/i.test(rest)) {
    b.situational.push(text.trim());
    return b;
  }
  // The head noun is looked for before the first clause, so "that enemy unit" later on is not taken for it.
  const clauseAt = rest.search(/\b(?:from|that|which|within|in your|wholly)\b/);
  const lead = clauseAt >= 0 ? rest.slice(0, clauseAt) : rest;
  const found = /\b(units? or models?|models? or units?|units?|models?)\b/.exec(lead);
  let head: { index: number; 0: string; 1: string } | null = found ? { index: found.index, 0: found[0], 1: found[1] } : null;
  if (!head) {
    // "One DRUKHARI TRANSPORT from your army", "Your NECRONS WARLORD", "one friendly TRANSPORT it is
    // able to embark within": the keyword run is the head (both tests linear: a scan, a bounded pattern).
    if (endsWithKeyword(lead)) head = { index: lead.length, 0: '', 1: 'unit' };
    else {
      const run = /^(?:(?:other|friendly) ){0,2}((?:[A-Z][A-Z'-]{0,40}[A-Z]\b ?){1,8})(?= [a-z])/.exec(lead);
      if (run) head = { index: run.index + run[0].length, 0: '', 1: 'unit' };
    }
  }
  if (!head) {
    b.subject = 'other';
    b.situational.push(text.trim());
    return b;
  }
  b.subject = /or/.test(head[1]) ? 'unitOrModel' : /^unit/.test(head[1]) ? 'unit' : 'model';
  const pre = readPreModifier(rest.slice(0, head.index).replace(/^(?:other|friendly)\s+/i, ''));
  if (pre.enemy) {
    b.side = 'enemy';
    b.situational.push(text.trim());
    return b;
  }
  const named = b.subject === 'model' && pre.expr === true ? readModelNames(rest.slice(0, head.index).trim()) : undefined;
  b.expr = named ?? and(pre.expr, implied(pre));
  if (!named && (pre.other.length || pre.state.length)) b.situational.push(`${[...pre.state, ...pre.other].join(' ')} ${head[1]}`);
  let post = rest.slice(head.index + head[0].length).trim();
  // "One ADEPTUS ASTARTES INFANTRY unit or ADEPTUS ASTARTES MOUNTED unit from your army": a second noun phrase.
  const orUnit = /^or ((?:[A-Z][A-Z'-]{0,40}[A-Z]\b ?){1,8})(?:units?|models?)\b\s*/.exec(post);
  if (orUnit) {
    b.expr = and(or(pre.expr, readPreModifier(orUnit[1]).expr), implied(pre));
    post = post.slice(orUnit[0].length);
  }
  // "One HERETIC ASTARTES CHARACTER model in that unit": a model of the unit the WHEN text names.
  if (/^in that unit\b/.test(post)) b.fromWhen = true;
  b.expr = and(b.expr, postConditions(post));
  post = post.replace(/^(?:from|in) (?:your|you) army\b\s*/i, '');
  // Excluding clauses, in brackets or not.
  post = post.replace(/\(excluding ([^)]*)\)|,? ?\bexcluding ((?:[A-Z][A-Z'-]*[A-Z]|and|or|units?|models?|,|\s)+)/g, (_m, a?: string, c?: string) => {
    const ex = readExcluding((a ?? c ?? '').trim());
    b.expr = and(b.expr, ex.expr);
    if (ex.situational) b.situational.push(ex.situational);
    return ' ';
  });
  // "(you can only select a VEHICLE if it is a WALKER)": an X must also be a Y, i.e. not X, or Y.
  post = post.replace(/\(?you can only select (?:an? )?((?:[A-Z][A-Z'-]*[A-Z]\b ?)+?)(?: units?| models?)? if it is (?:an? )?((?:[A-Z][A-Z'-]*[A-Z]\b ?)+?)(?: units?| models?)?(?:\)|(?=$|[,.;]))/g, (_m, x: string, y: string) => {
    b.expr = and(b.expr, or(not(runExpr(x.trim())), runExpr(y.trim())));
    return ' ';
  });
  // "that is not a TITANIC unit": a keyword NOT, when nothing but the keyword follows.
  post = post.replace(/\b(?:that|which) (?:is|are) not (?:an? )?((?:[A-Z][A-Z'-]*[A-Z]\b ?)+?)(?: units?| models?)?(?=$|[,.;)]| and\b)/g, (_m, k: string) => {
    b.expr = and(b.expr, not(runExpr(k.trim())));
    return ' ';
  });
  for (const clause of post.split(/,? and (?=that\b|would\b|is\b|has\b|was\b|have\b|are\b|had\b)/)) {
    const c = clause.replace(/^[\s,]+|[\s,]+$/g, '');
    if (c) b.situational.push(c);
  }
  return b;
}

/** The unit a WHEN text names from the player's army ("just after an ASTRA MILITARUM INFANTRY REGIMENT unit from your army (excluding …)"). */
function readWhenUnit(when: string): KeywordExpr {
  const m =
    /\b(?:units?|models?) (?:from|in) (?:your|you) army(\s*\(excluding ([^)]*)\))?/.exec(when) ??
    // "just after an EMPEROR'S CHILDREN CHARACTER unit becomes your army's Favoured Champions"
    /(?<=\b(?:an?|one) (?:[A-Z][A-Z'-]{0,40}[A-Z] ){1,8})units?\b()()/.exec(when);
  if (!m) return true;
  const words = when.slice(0, m.index).trim().split(/\s+/);
  const pre: string[] = [];
  for (let i = words.length - 1; i >= 0 && pre.length < 10; i--) {
    // Lower-case "of" only: "LEAGUES OF VOTANN" is one keyword.
    if (/^(a|an|one|each|the|that|more)$/i.test(words[i]) || words[i] === 'of') break;
    pre.unshift(words[i]);
  }
  const p = readPreModifier(pre.join(' '));
  if (p.enemy) return true;
  return and(p.expr, implied(p), m[2] ? readExcluding(m[2]).expr : true, postConditions(when.slice(m.index + m[0].length)));
}

/**
 * Conditions after the head noun that a datasheet decides: "that disembarked from a TRANSPORT"
 * (the unit can embark), "if all of its models have the Deep Strike ability".
 */
function postConditions(post: string): KeywordExpr {
  const ability = /\bif (?:all|each) of its models (?:have|has) the ([A-Z][\w'’ -]{0,40}?) ability\b/.exec(post);
  return and(
    /\bdisembarked from an? TRANSPORT\b/.test(post) ? { fact: 'embarks' } : true,
    ability ? { ability: ability[1] } : true,
    // "One AELDARI VEHICLE unit from your army that can FLY": the FLY keyword.
    /\bthat can FLY\b/.test(post) ? kw('FLY') : true,
  );
}

interface SentenceResult {
  expr?: KeywordExpr;
  limits?: TargetLimits;
  situational?: string;
}

const KW_PHRASE = "((?:[A-Z][A-Z'-]*[A-Z]\\b ?)+)";

/** One RESTRICTIONS sentence (or an extra TARGET sentence). */
function readRestriction(s: string): SentenceResult | undefined {
  const lim = /\b(once|twice|(\w+) times) per (battle round|battle|turn|phase)\b/i.exec(s);
  const once = /\bonly use this Stratagem once$/i.test(s);
  if ((lim || once) && /\buse(d)? this Stratagem\b|\bthis Stratagem (can|cannot|may)\b/i.test(s) && !/\bsame\b/i.test(s)) {
    const word = lim ? lim[1].toLowerCase() : 'once';
    const times = word === 'once' ? 1 : word === 'twice' ? 2 : NUMBERS[(lim?.[2] ?? '').toLowerCase()] ?? 1;
    const per = lim ? lim[3].toLowerCase() : 'battle';
    const key = per === 'battle round' ? 'perRound' : per === 'turn' ? 'perTurn' : per === 'phase' ? 'perPhase' : 'perBattle';
    return { limits: { [key]: times } };
  }
  let m = new RegExp(`^You cannot (?:target|select) (?:an? |the )?${KW_PHRASE}(?:units?|models?)?(?: ?(?:with|as the target of) this Stratagem)?$`).exec(s);
  if (m) return { expr: not(runExpr(m[1].trim())) };
  m = new RegExp(`^You can only (?:target|select) (?:an? )?${KW_PHRASE}(?:units?|models?)?(?: from your army)? if (?:it|that unit) (?:is an? |has the )${KW_PHRASE}(?:units?|models?|keyword)?$`).exec(s);
  if (m) return { expr: or(not(runExpr(m[1].trim())), runExpr(m[2].trim())) };
  m = new RegExp(`^You can only (?:target|select) ${KW_PHRASE}(?:units?|models?)(?: from your army)?(?: with this Stratagem)?$`).exec(s);
  if (m) return { expr: runExpr(m[1].trim()) };
  if (/^You cannot (?:target|select) (?:an? )?(?:unit|model)s? (?:that|which)\b/.test(s)) return { situational: s };
  return undefined;
}

/**
 * "One REGIMENT unit and one SQUADRON unit from your army …" → one text per target. A target
 * that names no unit ("One ASTRA MILITARUM and one GENESTEALER CULTS unit") takes the next one's
 * head noun. Brackets are never split ("(excluding MONSTERS and VEHICLES)").
 */
function splitTargets(alt: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < alt.length; i++) {
    const c = alt[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ',' || c === ' ')) {
      const m = /^,? and (?=(?:one|up to \w+|two) )/.exec(alt.slice(i, i + 20));
      if (m && i > start) {
        out.push(alt.slice(start, i).trim());
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  out.push(alt.slice(start).trim());
  for (let i = 0; i < out.length - 1; i++) {
    if (/\b(?:units?|models?)\b/.test(out[i])) continue;
    const head = /\b(units?|models?)\b/.exec(out[i + 1]);
    // A keyword run that heads itself ("one friendly TRANSPORT") needs no noun.
    if (head && !/[a-z]/.test(out[i].replace(/^(?:one|up to \w+|two|three)\s+/i, ''))) out[i] = `${out[i]} ${head[1]}`;
  }
  return out;
}

/** How many units two targets make together: "One … and one …" is exactly 2; "up to one … and up to one …" up to 2. */
function partsCount(parts: TargetPart[]): TargetCount {
  let min = 0;
  let max = 0;
  for (const p of parts) {
    const c = p.count;
    if (c.kind === 'one') { min += 1; max += 1; }
    else if (c.kind === 'exactly') { min += c.n; max += c.n; }
    else if (c.kind === 'upTo') max += c.n;
    else return { kind: 'unknown' };
  }
  return min === max ? { kind: 'exactly', n: min } : min === 0 ? { kind: 'upTo', n: max } : { kind: 'unknown' };
}

/**
 * Reads a stratagem's TARGET text (with its RESTRICTIONS, and optionally its EFFECT and WHEN
 * texts) into a checkable spec. `when` lets "That unit" targets take the keywords of the
 * unit the WHEN text names.
 */
export function readTargetText(target: string, restrictions?: string, effect?: string, when?: string): TargetSpec {
  // Bounded cost for any input: each text is read up to BOUNDS.stratagemTextChars (real ones are under 700).
  target = capText(target ?? '', BOUNDS.stratagemTextChars);
  if (restrictions !== undefined) restrictions = capText(restrictions, BOUNDS.stratagemTextChars);
  if (effect !== undefined) effect = capText(effect, BOUNDS.stratagemTextChars);
  if (when !== undefined) when = capText(when, BOUNDS.stratagemTextChars);
  const spec: TargetSpec = { count: { kind: 'unknown' }, subject: 'other', side: 'own', fromWhen: false, requirement: true, situational: [], limits: {}, notes: [] };
  const [main, ...more] = sentences(clean(target));
  if (main !== undefined) {
    // "One X unit …, or one other Y unit …": alternatives, a unit meeting any of them is accepted.
    // "One X unit … and one Y unit …": two targets, each with its own requirement.
    const alts = main.split(/,? or (?=(?:one|up to|two|three)\b)/i);
    const branches: Branch[] = [];
    let parts: { b: Branch; text: string }[] = [];
    for (const alt of alts) {
      const texts = splitTargets(alt);
      const read = texts.map((t) => ({ b: readBranch(t), text: t }));
      const own = read.filter((r) => r.b.side === 'own' && r.b.subject !== 'other');
      if (alts.length === 1 && own.length > 1) parts = own;
      branches.push(own.length > 1 ? { ...own[0].b, count: { kind: 'unknown' }, expr: or(...own.map((r) => r.b.expr)), situational: read.flatMap((r) => r.b.situational) } : { ...read[0].b, situational: read.flatMap((r) => r.b.situational) });
    }
    const b0 = branches[0];
    spec.count = branches.length > 1 && branches.some((b) => JSON.stringify(b.count) !== JSON.stringify(b0.count)) ? { kind: 'unknown' } : b0.count;
    spec.subject = b0.subject;
    spec.side = branches.every((b) => b.side === 'enemy') ? 'enemy' : 'own';
    spec.fromWhen = b0.fromWhen;
    const whenUnit = when ? readWhenUnit(clean(when)) : true;
    const withWhen = (b: Branch) => (b.fromWhen ? and(whenUnit, b.expr) : b.expr);
    const own = branches.filter((b) => b.side === 'own' && b.subject !== 'other');
    if (parts.length > 1) {
      // "One ASURYANI unit … and one friendly TRANSPORT it is able to embark within": the first embarks.
      if (parts.some((r) => /\bTRANSPORT (?:it|that unit) (?:is able to|can) embark\b/.test(r.text))) {
        for (const r of parts) if (!/\bTRANSPORT (?:it|that unit) (?:is able to|can) embark\b/.test(r.text)) r.b.expr = and(r.b.expr, { fact: 'embarks' });
      }
      spec.parts = parts.map((r) => ({ count: r.b.count, subject: r.b.subject as TargetPart['subject'], requirement: withWhen(r.b), text: r.text }));
      spec.requirement = or(...spec.parts.map((x) => x.requirement));
      spec.count = partsCount(spec.parts);
    } else {
      spec.requirement = own.length ? or(...own.map(withWhen)) : true;
    }
    spec.situational.push(...branches.flatMap((b) => b.situational));
    if (branches.length > 1) spec.notes.push('The TARGET text offers alternatives; a unit meeting any of them is accepted.');
  }
  for (const s of [...more, ...sentences(clean(restrictions ?? ''))]) {
    const r = readRestriction(s);
    if (r?.expr) {
      spec.requirement = and(spec.requirement, r.expr);
      for (const part of spec.parts ?? []) part.requirement = and(part.requirement, r.expr);
    }
    if (r?.limits) Object.assign(spec.limits, r.limits);
    if (r?.situational) spec.situational.push(r.situational);
    if (!r) spec.notes.push(s);
  }
  // Some exports put the use limit inside EFFECT.
  for (const s of sentences(clean(effect ?? ''))) {
    const r = /\bthis Stratagem\b/.test(s) ? readRestriction(s) : undefined;
    if (r?.limits) Object.assign(spec.limits, r.limits);
  }
  return spec;
}

/**
 * A unit phrase of a rule text (an ability, an enhancement, a detachment rule): the words before "unit" or "model"
 * ("ORKS INFANTRY, ORKS MOUNTED or ORKS WALKER", "friendly KELERMORPH/LOCUS") and what an "(excluding …)" after it
 * leaves out, read as TARGET texts are: the keyword requirement, and whether the phrase names an enemy unit.
 */
export function readUnitPhrase(pre: string, excluding?: string): { requirement: KeywordExpr; enemy: boolean } {
  const p = readPreModifier(clean(capText(pre, 400)).replace(/\//g, ' or ').replace(/^(?:(?:other|friendly)\s+)+/i, ''));
  return { requirement: and(p.expr, implied(p), excluding ? readExcluding(clean(capText(excluding, 400))).expr : true), enemy: p.enemy };
}
