// Which units may take an enhancement, one reading for the list checks, the hover and completion: not an
// EPIC HERO; a CHARACTER, or (where the edition's muster rules say so) a unit the enhancement names
// (MFM `leaderTo`/`supportTo`); an Upgrade (11th edition) only a non-CHARACTER unit; and the restriction
// its text states ("TRYGON model only", "STEALTH BATTLESUITS unit only", "A/B unit only"), read like a
// stratagem's TARGET text. Where the data cannot settle it (a datasheet known only by its points, an
// Upgrade naming no unit), the answer says so instead of guessing.
import type { Enhancement } from '../rules/model';
import { explain, readTargetText, satisfies, type KeywordExpr } from '../stratagems/targetText';
import type { MusterRules } from './types';

/** The unit that would bear the enhancement. */
export interface Bearer {
  /** The datasheet's name (a unit's name is one of its keywords: "STEALTH BATTLESUITS unit only"). */
  name: string;
  /** Datasheet and faction keywords, and those the list grants, upper case; empty when the data has none. */
  keywords: Iterable<string>;
  epicHero: boolean;
}

export type FitCode = 'enhancement-epic-hero' | 'enhancement-not-character' | 'enhancement-ineligible';

/** `ok: undefined`: the data cannot say; `why` says what is missing. */
export type Fit = { ok: true } | { ok: false; code: FitCode; why: string } | { ok: undefined; why: string };

const eligibilities = new WeakMap<Enhancement, { req: KeywordExpr | undefined }>();

/** The restriction an enhancement's text states, as a keyword expression; undefined when it states none. Read once per enhancement (completion asks it of every datasheet). */
export function eligibilityOf(e: Enhancement): KeywordExpr | undefined {
  let hit = eligibilities.get(e);
  if (!hit) eligibilities.set(e, (hit = { req: readEligibility(e) }));
  return hit.req;
}

function readEligibility(e: Enhancement): KeywordExpr | undefined {
  const stated = e.eligibility ?? /^(.{1,120}?\b(?:models?|units?) only)\b/i.exec(e.text)?.[1];
  if (!stated) return undefined;
  // Only keywords name who may take it ("T'AU EMPIRE BATTLESUIT model only"); a sentence that happens to end in
  // "unit only" ("select one visible enemy unit only") states no restriction this reader can hold to.
  const head = stated.replace(/\s+(?:models?|units?)\s+only\.?\s*$/i, '');
  if (/[a-z]/.test(head.replace(/\([^)]*\)/g, '').replace(/\b(?:or|and)\b/g, ''))) return undefined;
  // "NEUROLICTOR/LICTOR/VON RYAN'S LEAPERS unit only": the slashes separate alternatives.
  const text = stated.replace(/\s+only\.?\s*$/i, '').replace(/\s*\/\s*/g, ' or ');
  const req = readTargetText(`One ${text}.`).requirement;
  return req === true ? undefined : req;
}

export const isUpgrade = (e: Enhancement | undefined, m: MusterRules) => !!e?.upgrade && m.upgradeCopies > 0;

export function enhancementFit(e: Enhancement | undefined, bearer: Bearer, m: MusterRules): Fit {
  const keywords = [...bearer.keywords].map((k) => k.toUpperCase());
  if (bearer.epicHero || keywords.includes('EPIC HERO')) {
    return { ok: false, code: 'enhancement-epic-hero', why: `${bearer.name} is an EPIC HERO and cannot take an enhancement` };
  }
  if (!keywords.length) return { ok: undefined, why: `the rules data holds no keywords for ${bearer.name} (only its points), so who may take ${e?.name ?? 'it'} is not checked` };
  const character = keywords.includes('CHARACTER');
  if (isUpgrade(e, m)) {
    if (character) return { ok: false, code: 'enhancement-ineligible', why: `${e?.name} is an Upgrade: it goes on the non-CHARACTER units it names, and ${bearer.name} is a CHARACTER` };
  } else if (!character && !namedFor(e, bearer.name, m)) {
    return { ok: false, code: 'enhancement-not-character', why: `${bearer.name} is not a CHARACTER: only CHARACTER models can take enhancements${m.upgradeCopies > 0 ? ', and Upgrades the units they name' : ''}` };
  }
  const req = e && eligibilityOf(e);
  if (!req) {
    return isUpgrade(e, m) ? { ok: undefined, why: `the rules data does not say which units ${e?.name} names` } : { ok: true };
  }
  // The datasheet's name counts as its keyword (the name keyword the data may leave out).
  if (satisfies(req, [...keywords, bearer.name.toUpperCase()])) return { ok: true };
  const what = /\bunits?\s+only/i.test(e?.eligibility ?? e?.text ?? '') ? 'units' : 'models';
  return { ok: false, code: 'enhancement-ineligible', why: `${e?.name} is for ${explain(req)} ${what} only ("${e?.eligibility ?? explain(req)}"); ${bearer.name} is not one` };
}

/** A unit an enhancement names (MFM `leaderTo`/`supportTo`) may take it without being a CHARACTER, where the edition says so. */
function namedFor(e: Enhancement | undefined, name: string, m: MusterRules): boolean {
  if (!e || !m.enhancementsOnNamedUnits) return false;
  const key = loose(name);
  return [...(e.leaderTo ?? []), ...(e.supportTo ?? [])].some((n) => loose(n) === key);
}

const loose = (n: string) => n.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/s$/, '');
