// The official app's sections and where a unit of any format goes among them (by the section its export names, by
// its datasheet's keywords when the caller has the data, by what its line shows), and the app's footer line: shared
// by the writers and by Format Document (features/format.ts), which imports this module, never the reverse.
import type { ArmyList, Unit } from '../../domain/parse/ast';

/** The app's section headers, in the app's order. */
export const APP_SECTIONS = ['CHARACTERS', 'BATTLELINE', 'DEDICATED TRANSPORTS', 'OTHER DATASHEETS', 'ALLIED UNITS'] as const;
export type AppSection = (typeof APP_SECTIONS)[number];

/** Maps any format's section, role or category name onto the app's sections. */
export function appSectionOf(name: string | undefined): AppSection | undefined {
  if (!name) return undefined;
  return namedAppSection(name) ?? 'OTHER DATASHEETS';
}

/**
 * The app section a unit belongs in by its datasheet (`datasheetSection`), given by the caller that has rules data:
 * a unit filed under a name that is no app section (War Organ's groups, New Recruit's "Vehicle", no section at
 * all) goes where its keywords put it. Undefined: the data does not know the unit.
 */
export type SectionResolver = (unit: Unit) => AppSection | undefined;

/** The app section a datasheet's keywords give: EPIC HERO / CHARACTER, BATTLELINE, DEDICATED TRANSPORT, else OTHER DATASHEETS. */
export function datasheetSection(keywords: readonly string[], epicHero = false): AppSection {
  const k = new Set(keywords.map((x) => x.toUpperCase()));
  if (epicHero || k.has('CHARACTER') || k.has('EPIC HERO')) return 'CHARACTERS';
  if (k.has('BATTLELINE')) return 'BATTLELINE';
  if (k.has('DEDICATED TRANSPORT')) return 'DEDICATED TRANSPORTS';
  return 'OTHER DATASHEETS';
}

/** The app section a section name states, undefined when it names none ("Loud Exalted Conclave", "Vehicle"). */
export function namedAppSection(name: string): AppSection | undefined {
  const n = name
    .replace(/\[[^\]]*\]|\([^)]*\)/g, '')
    .replace(/[:\s]+$/, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ');
  // The app's French headers too (PERSONNAGES, LIGNE, TRANSPORT ASSIGNÉ, UNITÉS ALLIÉES).
  if (/^(EPIC HERO(ES)?|CHARACTERS?|HQS?|WARLORD|PERSONNAGES?|HÉROS ÉPIQUES?)$/.test(n)) return 'CHARACTERS';
  if (/^(BATTLELINE|TROOPS?|LIGNE)$/.test(n)) return 'BATTLELINE';
  if (/^(DEDICATED TRANSPORTS?|TRANSPORTS? ASSIGNÉS?)$/.test(n)) return 'DEDICATED TRANSPORTS';
  if (/^(ALLIED UNITS?|ALLIES|UNITÉS ALLIÉES)$/.test(n)) return 'ALLIED UNITS';
  if (/^(OTHER DATASHEETS|AUTRES FICHES TECHNIQUES)$/.test(n)) return 'OTHER DATASHEETS';
  return undefined;
}

/**
 * The app section a unit belongs in: the app section its own section names; else the one its datasheet's keywords
 * give (when the caller has the data); else its own section mapped, else what the unit line shows.
 */
export function sectionOfUnit(text: string, u: Unit, sectionOf?: SectionResolver): AppSection {
  const named = u.section ? namedAppSection(u.section) : undefined;
  if (named) return named;
  const byData = sectionOf?.(u);
  if (byData) return byData;
  const mapped = appSectionOf(u.section);
  if (mapped) return mapped;
  // New Recruit's WTC-compact numbers characters ("Char1: ..."); short lists give no section at all.
  if (/^[A-Za-z]*Char\d+\s*:/i.test(text.slice(u.span.start, u.span.end)) || u.warlord || u.enhancements.length) return 'CHARACTERS';
  return 'OTHER DATASHEETS';
}

/** The footer line holding the app's data version, as written. */
export function footerLine(text: string, list: ArmyList): string | undefined {
  const v = list.dataVersion;
  if (!v) return undefined;
  const start = text.lastIndexOf('\n', v.span.start) + 1;
  const nl = text.indexOf('\n', v.span.end);
  return text.slice(start, nl < 0 ? text.length : nl).trim();
}
