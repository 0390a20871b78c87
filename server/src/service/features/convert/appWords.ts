// The official app's export words, in English and in French (as the real French export in ../shared/lists-11e
// writes them: `Unités Attachées`, `Unité 1 Attachée`, `Attachée en tant que : Meneur (Personnage)`,
// `Optimisation :`, `Points de Détachement`, `Force de Frappe`, `TRANSPORT ASSIGNÉ`). The unit lines' points are
// "points" in both.
import type { AttachRole } from '../../domain/parse/ast';
import type { AppSection } from './sections';

export interface AppWords {
  PointsA: string;
  pointsB: string;
  sections: Record<AppSection, string>;
  attachedA: string;
  attachedB: string;
  groupA: (n: number) => string;
  groupB: (n: number) => string;
  attachedAs: (role: AttachRole, qualifier?: string) => string;
  warlord: string;
  enhancementsA: string;
  enhancementB: string;
  dp: string;
  and: string;
  dispositions: string;
  /** Battle sizes by their English name. */
  sizes: Record<string, string>;
}

const ROLE_EN = { leader: 'Leader', support: 'Support', bodyguard: 'Bodyguard' } as const;
const ROLE_FR = { leader: 'Meneur', support: 'Soutien', bodyguard: 'Gardes du Corps' } as const;
const QUALIFIER_FR: Record<string, string> = { Character: 'Personnage', Battleline: 'Ligne' };

export const APP_WORDS: Record<'en' | 'fr', AppWords> = {
  en: {
    PointsA: 'Points',
    pointsB: 'points',
    sections: { CHARACTERS: 'CHARACTERS', BATTLELINE: 'BATTLELINE', 'DEDICATED TRANSPORTS': 'DEDICATED TRANSPORTS', 'OTHER DATASHEETS': 'OTHER DATASHEETS', 'ALLIED UNITS': 'ALLIED UNITS' },
    attachedA: 'ATTACHED UNITS',
    attachedB: 'Attached Units',
    groupA: (n) => `Attached unit ${n}`,
    groupB: (n) => `Attached Unit ${n}`,
    // The bodyguard's qualifier as written ("()" included), a Leader's or Support's "(Character)" unless stated.
    attachedAs: (role, q) => `Attached as: ${ROLE_EN[role]}${qualifier(role, q, (x) => x)}`,
    warlord: 'Warlord',
    enhancementsA: 'Enhancements',
    enhancementB: 'Enhancement',
    dp: 'Detachment Points',
    and: 'and',
    dispositions: 'Force Dispositions',
    sizes: {},
  },
  fr: {
    PointsA: 'Points',
    pointsB: 'points',
    sections: { CHARACTERS: 'PERSONNAGES', BATTLELINE: 'LIGNE', 'DEDICATED TRANSPORTS': 'TRANSPORT ASSIGNÉ', 'OTHER DATASHEETS': 'AUTRES FICHES TECHNIQUES', 'ALLIED UNITS': 'UNITÉS ALLIÉES' },
    attachedA: 'UNITÉS ATTACHÉES',
    attachedB: 'Unités Attachées',
    groupA: (n) => `Unité ${n} Attachée`,
    groupB: (n) => `Unité ${n} Attachée`,
    attachedAs: (role, q) => `Attachée en tant que : ${ROLE_FR[role]}${qualifier(role, q, (x) => QUALIFIER_FR[x] ?? x)}`,
    warlord: 'Seigneur de Guerre',
    enhancementsA: 'Optimisations',
    enhancementB: 'Optimisation ',
    dp: 'Points de Détachement',
    and: 'et',
    dispositions: 'Dispositions des Forces ',
    sizes: { 'Strike Force': 'Force de Frappe' },
  },
};

function qualifier(role: AttachRole, q: string | undefined, word: (x: string) => string): string {
  if (q !== undefined) return ` (${word(q)})`;
  return role === 'bodyguard' ? '' : ` (${word('Character')})`;
}
