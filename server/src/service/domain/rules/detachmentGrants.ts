// What a detachment's rule text grants units, read from the text (never from a list of names):
//   "WAR DOG units from your army have the BATTLELINE keyword"                       → every such unit
//   "select three WAR DOG units from your army ... those units have the CHARACTER keyword" → up to three chosen
//   "You can include SCINTILLATING LEGIONS units in your army, even though ..."       → units the army may include
//   "when you select a HERETIC ASTARTES unit ..., you must select one for that unit and note it on your Army
//    Roster: KHORNE, TZEENTCH, NURGLE, SLAANESH, CHAOS UNDIVIDED"                      → a keyword the list chooses
import type { Detachment } from './model';

export interface KeywordGrant {
  /** The unit must carry one of these keywords (upper case). */
  to: string[];
  /** Keywords a unit that carries none of these is excluded by ("(excluding EPIC HEROES)"), upper case. */
  excluding: string[];
  /** The keywords granted, upper case. */
  add: string[];
  /** Only for the units the player selects, at most this many. */
  upTo?: number;
}

/** Keywords the list chooses one of for each unit with a keyword of `to` (the Marks of Chaos). */
export interface KeywordChoice {
  to: string[];
  options: string[];
}

export interface DetachmentGrants {
  keywords: KeywordGrant[];
  /** Faction keywords of units the army may include without its own faction keyword, upper case. */
  include: string[];
  /** Keywords the list selects for its units, one per unit. */
  choices: KeywordChoice[];
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** One or more upper-case keywords joined by "and" or commas: "MAWLOC and TRYGON". */
const SUBJECT = String.raw`((?:[A-Z][A-Z’'\-]*)(?:[ ,]+(?:and )?[A-Z][A-Z’'\-]*)*)`;
const ALWAYS = new RegExp(String.raw`${SUBJECT} (?:\(excluding ([^)]*)\) )?(?:units|models) (?:\(excluding ([^)]*)\) )?from your army (?:have|gain) the ([A-Za-z’' ,]+?) keywords?\b`, 'g');
const SELECT = new RegExp(String.raw`\bselect (up to )?(\d+|one|two|three|four|five|six) ${SUBJECT} (?:units|models)\b[^]*?\b(?:[Tt]hose|[Tt]he selected) (?:units|models) (?:have|gain) the ([A-Za-z’' ,]+?) keywords?\b`, 'g');
const INCLUDE = new RegExp(String.raw`\b[Yy]ou can include (?:the )?${SUBJECT} units in your army\b`, 'g');
const CHOICE = new RegExp(String.raw`\bselect an? ${SUBJECT} unit\b[^]*?\byou must select one\b[^:.]*:\s*((?:[A-Z][A-Z’'\-]*(?: [A-Z][A-Z’'\-]*)*[.,]?\s*(?:and\s+)?)+)`, 'g');

const cache = new WeakMap<Detachment, DetachmentGrants>();

export function detachmentGrants(d: Detachment): DetachmentGrants {
  const hit = cache.get(d);
  if (hit) return hit;
  const out: DetachmentGrants = { keywords: [], include: [], choices: [] };
  for (const rule of d.rules) {
    // Rule texts run sentences together ("...units.WAR DOG units from ..."): a sentence start is a boundary.
    const text = rule.text.replace(/([.:])(?=[A-Z])/g, '$1 ');
    for (const m of text.matchAll(SELECT)) {
      const n = NUMBERS[m[2].toLowerCase()] ?? Number(m[2]);
      out.keywords.push({ to: split(m[3]), excluding: [], add: split(m[4]), upTo: n });
    }
    for (const m of text.matchAll(ALWAYS)) {
      const excluding = m[2] ?? m[3];
      out.keywords.push({ to: split(m[1]), excluding: excluding ? split(excluding) : [], add: split(m[4]) });
    }
    for (const m of text.matchAll(INCLUDE)) out.include.push(...split(m[1]));
    for (const m of text.matchAll(CHOICE)) {
      // The options end where a sentence of ordinary words begins ("... CHAOS UNDIVIDED. Each time ...").
      const options = m[2].split(/[.,]\s*|\s+and\s+/).map((k) => k.trim()).filter((k) => /^[A-Z][A-Z’'\- ]*$/.test(k) && /[A-Z]{2}/.test(k));
      if (options.length >= 2) out.choices.push({ to: split(m[1]), options });
    }
  }
  cache.set(d, out);
  return out;
}

function split(s: string): string[] {
  return s.split(/\s*,\s*|\s+and\s+/).map((k) => k.trim().toUpperCase()).filter(Boolean);
}

/** Does a unit with these keywords (upper case) qualify for the grant? Plural forms match ("EPIC HEROES"). */
export function grantApplies(g: KeywordGrant, keywords: Set<string>): boolean {
  const has = (k: string) => keywords.has(k) || keywords.has(k.replace(/ES$/, '')) || keywords.has(k.replace(/S$/, ''));
  return g.to.some(has) && !g.excluding.some(has);
}
