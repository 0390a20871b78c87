// What a detachment's rule text grants units, read from the text (never from a list of names):
//   "WAR DOG units from your army have the BATTLELINE keyword"                       → every such unit
//   "select three WAR DOG units from your army ... those units have the CHARACTER keyword" → up to three chosen
//   "You can include SCINTILLATING LEGIONS units in your army, even though ..."       → units the army may include
import type { Unit } from '../parse/ast';
import type { Datasheet, Detachment } from './model';

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

export interface DetachmentGrants {
  keywords: KeywordGrant[];
  /** Faction keywords of units the army may include without its own faction keyword, upper case. */
  include: string[];
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** One or more upper-case keywords joined by "and" or commas: "MAWLOC and TRYGON". */
const SUBJECT = String.raw`((?:[A-Z][A-Z’'\-]*)(?:[ ,]+(?:and )?[A-Z][A-Z’'\-]*)*)`;
const ALWAYS = new RegExp(String.raw`${SUBJECT} (?:\(excluding ([^)]*)\) )?(?:units|models) (?:\(excluding ([^)]*)\) )?from your army (?:have|gain) the ([A-Za-z’' ,]+?) keywords?\b`, 'g');
const SELECT = new RegExp(String.raw`\bselect (up to )?(\d+|one|two|three|four|five|six) ${SUBJECT} (?:units|models)\b[^]*?\b(?:[Tt]hose|[Tt]he selected) (?:units|models) (?:have|gain) the ([A-Za-z’' ,]+?) keywords?\b`, 'g');
const INCLUDE = new RegExp(String.raw`\b[Yy]ou can include (?:the )?${SUBJECT} units in your army\b`, 'g');

const cache = new WeakMap<Detachment, DetachmentGrants>();

export function detachmentGrants(d: Detachment): DetachmentGrants {
  const hit = cache.get(d);
  if (hit) return hit;
  const out: DetachmentGrants = { keywords: [], include: [] };
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

/**
 * Keywords a list note grants: "<Detachment> Keywords: Character" (the app's detachment choices) and
 * "Daemonic Allegiance: Tzeentch" (the Chaos God keyword the model gains).
 */
const NOTED = /\b(?:keywords?|allegiance)\s*:\s*(.+)$/i;

/** A unit of a list with its datasheet and the keywords it carries as fielded (upper case). */
export interface FieldedUnit {
  unit: Unit;
  sheet: Datasheet;
  keywords: Set<string>;
}

/** A unit's keywords before the detachments' grants: its datasheet's and faction keywords, those its notes grant, EPIC HERO. */
export function unitKeywords(unit: Unit, sheet: Datasheet): Set<string> {
  const set = new Set([...sheet.factionKeywords, ...sheet.keywords].map((k) => k.toUpperCase()));
  for (const note of unit.notes) {
    const m = NOTED.exec(note.text);
    if (m) for (const k of m[1].split(/\s*,\s*/)) if (k.trim()) set.add(k.trim().toUpperCase());
  }
  if (sheet.epicHero) set.add('EPIC HERO');
  return set;
}

/** Whether a unit counts as one the player selected for a grant of up to N units: its Warlord, an enhancement, or a note granting it. */
const selected = (u: FieldedUnit, g: KeywordGrant) => !!(u.unit.warlord || u.unit.enhancements.length || g.add.every((k) => u.keywords.has(k)));

/**
 * Adds the keywords the chosen detachments' rules grant (`detachmentGrants`) to `units` (in list order): to every
 * unit they name, or, where the player selects up to N units (CHARACTER for up to two TRYGONS in Subterranean
 * Assault), to the units the list selects so (`selected`), up to N. The one reading the checks, the hover and
 * completion share. Returns the faction keywords of units the detachments let the army include.
 */
export function grantKeywords(units: FieldedUnit[], detachments: Detachment[]): string[] {
  const include: string[] = [];
  for (const d of detachments) {
    const grants = detachmentGrants(d);
    include.push(...grants.include);
    for (const g of grants.keywords) {
      let left = g.upTo ?? Infinity;
      for (const u of units) {
        if (left <= 0 || !grantApplies(g, u.keywords)) continue;
        if (g.upTo !== undefined && !selected(u, g)) continue;
        for (const k of g.add) u.keywords.add(k);
        left--;
      }
    }
  }
  return include;
}

/**
 * The keywords a unit with keywords `own` would carry, among `units` (the list's other units, fielded, grants
 * applied), once selected for every grant it qualifies for (it takes an enhancement, say): the grants to every such
 * unit, and those for up to N selected units while the other units leave one of the N.
 */
export function keywordsAsSelected(own: Iterable<string>, units: FieldedUnit[], detachments: Detachment[]): Set<string> {
  const keywords = new Set([...own].map((k) => k.toUpperCase()));
  for (const d of detachments) {
    for (const g of detachmentGrants(d).keywords) {
      if (!grantApplies(g, keywords)) continue;
      const taken = g.upTo === undefined ? 0 : units.filter((u) => grantApplies(g, u.keywords) && selected(u, g)).length;
      if (g.upTo === undefined || taken < g.upTo) for (const k of g.add) keywords.add(k);
    }
  }
  return keywords;
}
