// The one registry of diagnostic codes. Every diagnostic Auspex reports carries
// one of these stable kebab-case codes; quick fixes, severity overrides and the
// documentation key on the code, never on message text.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface CodeInfo {
  severity: Severity;
  /** One line for the docs and `auspex` help. */
  summary: string;
}

export const DIAGNOSTIC_CODES = {
  'parse-error': { severity: 'error', summary: 'A line that is not part of any list format Auspex reads.' },
  'unit-line-indented': { severity: 'hint', summary: 'A unit line typed with indentation: still read as a unit line; the app writes unit lines at column 0.' },
  'stratagem-syntax': {
    severity: 'error',
    summary: 'A line of the STRATAGEMS plan that does not read `<Stratagem> [(round N[, phase])]: <unit>[, <unit> ...]`.',
  },
  'opponent-syntax': {
    severity: 'error',
    summary: 'An `OPPONENT:` line without a path, or a second one: a list names one opponent list, by a path relative to it.',
  },
  'opponent-unreadable': {
    severity: 'warning',
    summary: 'The `OPPONENT:` line names a file that is missing, unreadable or not an army list: no matchup until it is one.',
  },
  'internal-error': {
    severity: 'warning',
    summary: 'Auspex failed on this line or unit; the rest of the list is still checked. Please report it.',
  },
  'unknown-datasheet': {
    severity: 'error',
    summary: 'A unit whose name matches no datasheet of the loaded rules data; the closest names are suggested.',
  },
  'faction-not-loaded': {
    severity: 'error',
    summary: 'The list names a faction the loaded rules data does not cover, so its units cannot be checked: an error, never a silent pass; the closest faction names are suggested (`data.suggestions`), else the download.',
  },
  'edition-data-missing': {
    severity: 'warning',
    summary: "The list's edition (or its faction in that edition) has no rules data loaded, or its faction's data links a catalogue the folder lacks: one finding saying which data or catalogue is missing and what is still checked (points), instead of unknown datasheets or wargear.",
  },
  'faction-inferred': {
    severity: 'hint',
    summary: 'The list names no faction: it is checked as the faction whose datasheets cover most of its units.',
  },
  'legends-datasheet': {
    severity: 'information',
    summary: 'A Warhammer Legends datasheet: not for matched play (silent with auspex.data.includeNonMatchedPlay on).',
  },
  'points-mismatch': {
    severity: 'error',
    summary: "A unit's stated points differ from the rules data's points for its size (enhancements included; 11th edition: its copy's requisition tier and wargear costs), or stated Detachment Points differ from the data's.",
  },
  'prices-outdated': {
    // Information: it explains the errors it groups (each still an error of its own) and is no finding beside them.
    severity: 'information',
    summary: "The list's stated prices are an older Munitorum Field Manual version's (the MFM changelog shows which): said once on its header, naming the version and the prices that changed since, with the findings it explains related and one quick fix updating them all.",
  },
  'count-out-of-bounds': {
    severity: 'error',
    summary: 'A model or wargear count beyond the bound of 200 (a real unit has at most 30 models); it is counted as 200.',
  },
  'no-units': {
    severity: 'error',
    summary: 'The document yields no units at all: nothing could be checked (a list is never reported clean when nothing was read).',
  },
  'empty-document': {
    severity: 'hint',
    summary: 'The document is empty (or only blank lines): a list not written yet, not a mistake; nothing is checked (`auspex check` fails on it, the event report says "not checked").',
  },
  'list-too-large': {
    severity: 'warning',
    summary: 'The document is beyond the size limits (5,000 lines that are neither blank nor comments, or 500 units): only parsing and hover run, no rules checks or lenses; the list is not checked (`auspex check` fails on it, the event report says "not checked").',
  },
  // Army construction ("Muster your army").
  'total-mismatch': { severity: 'error', summary: "The list's stated total differs from the sum of its units' stated points." },
  'over-points-limit': { severity: 'error', summary: "The army's points exceed the battle size's limit (Incursion 1000, Strike Force 2000, Onslaught 3000)." },
  'combat-patrol': {
    severity: 'information',
    summary: 'A Combat Patrol list that states points or enhancements: a fixed force, so points, Warlord, unit-count and enhancement checks do not apply.',
  },
  'no-warlord': { severity: 'error', summary: 'The army has no Warlord; exactly one CHARACTER unit must be.' },
  'multiple-warlords': { severity: 'error', summary: 'More than one unit is marked Warlord; an army has exactly one.' },
  'warlord-not-character': { severity: 'error', summary: 'The Warlord is not a CHARACTER.' },
  'too-many-datasheet': {
    severity: 'error',
    summary: 'More units of one datasheet than the edition allows (10th: three, six for BATTLELINE and DEDICATED TRANSPORT; 11th: two at Incursion, three at Strike Force, twice that for those).',
  },
  'epic-hero-duplicate': { severity: 'error', summary: 'An EPIC HERO appears more than once; each is unique.' },
  'unknown-enhancement': { severity: 'error', summary: 'An enhancement the loaded rules data does not have; the closest names are suggested.' },
  'enhancement-duplicate': { severity: 'error', summary: 'The same enhancement is taken more than once; each can be taken once.' },
  'enhancement-not-character': { severity: 'error', summary: 'An enhancement on a unit that is not a CHARACTER.' },
  'enhancement-epic-hero': { severity: 'error', summary: 'An enhancement on an EPIC HERO, which cannot take one.' },
  'multiple-enhancements': { severity: 'error', summary: 'More than one enhancement on one model.' },
  'enhancement-wrong-detachment': { severity: 'error', summary: "An enhancement from another detachment than the list's." },
  'enhancement-ineligible': { severity: 'error', summary: "An enhancement on a model its own restriction excludes (\"TRYGON model only\")." },
  'too-many-enhancements': { severity: 'error', summary: 'More enhancements than the army may take (11th edition: the battle size\'s allowance in the game system; else setting auspex.validation.maxEnhancements, default 3).' },
  'unit-size': { severity: 'error', summary: "A unit's model count is not a size its datasheet allows." },
  'model-count': { severity: 'error', summary: 'More or fewer models of one type than the datasheet allows.' },
  'wargear-over-limit': {
    severity: 'error',
    summary: "More of a wargear item than the datasheet's options allow the unit at its size (\"Max 1 plasma pistol per 5 models\"), or than its models can carry: read from BattleScribe's constraints, only where they are certain.",
  },
  'wargear-not-allowed': {
    severity: 'error',
    summary: "Wargear on a model that the datasheet gives only to other models of the unit (BattleScribe's model entries): a loadout no model may carry.",
  },
  'unknown-wargear': {
    severity: 'warning',
    summary: "Wargear that names no weapon or wargear of the unit's datasheet; the closest names are suggested.",
  },
  'unit-wrong-faction': { severity: 'error', summary: "A unit without the army's faction keyword, outside an ALLIED UNITS section." },
  'allied-unit': {
    severity: 'information',
    summary: "The army's allied units (an ALLIED UNITS section, or units its faction's data lists as allies), said once: each is checked from its own faction's data; ally rules are not checked.",
  },
  'unknown-detachment': { severity: 'error', summary: 'A detachment the loaded rules data does not have; the closest names are suggested.' },
  'detachment-wrong-faction': { severity: 'error', summary: "The detachment belongs to another faction than the list's." },
  // The 11th edition's muster rules.
  'detachment-points': { severity: 'error', summary: "The chosen detachments' Detachment Points exceed the battle size's allowance (the game system's force constraints)." },
  'detachment-unique': { severity: 'error', summary: 'Two chosen detachments share a `unique` tag (MFM): only one of them may be taken.' },
  'force-disposition-wrong': { severity: 'error', summary: 'A stated force disposition that none of the chosen detachments gives (MFM `objective`).' },
  'attached-not-allowed': { severity: 'error', summary: 'An attached Leader or Support unit joins a Bodyguard unit its data (or its enhancement) does not allow.' },
  'attached-too-many': { severity: 'error', summary: 'More Leader or Support units on one Bodyguard unit than the edition allows (one of each unless a rule says otherwise).' },
  'support-not-attached': { severity: 'error', summary: 'A Support unit not attached to a Bodyguard unit: in the 11th edition a Support unit must be attached when mustering.' },
  'leader-target-missing': { severity: 'error', summary: 'A `Leading:` bullet names a unit that is not in the list.' },
  'leader-cannot-lead': { severity: 'error', summary: 'A `Leading:` bullet names a unit the leader cannot lead (datasheet Leader section).' },
  // The STRATAGEMS plan.
  'unknown-stratagem': { severity: 'error', summary: 'A planned stratagem the loaded rules data does not have; the closest names are suggested.' },
  'stratagem-wrong-detachment': { severity: 'error', summary: "A planned stratagem that is neither Core nor from the list's detachment." },
  'plan-target-missing': { severity: 'error', summary: 'A planned target that is not a unit of the list (`Name #2` is the second unit of that name).' },
  'plan-target-count': { severity: 'error', summary: 'More or fewer targets than the stratagem\'s TARGET text allows ("One unit", "One or more units").' },
  'plan-target-ineligible': { severity: 'error', summary: "A planned target whose keywords do not meet the stratagem's TARGET or RESTRICTIONS text." },
  'plan-limit-exceeded': { severity: 'error', summary: 'A stratagem planned more often than its limit (once per battle / battle round / turn / phase).' },
  'plan-cp-overspent': { severity: 'warning', summary: 'The plan spends more CP in a battle round than can have been gained by then.' },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, code);
}
