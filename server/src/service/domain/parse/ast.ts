// The army-list syntax tree. One shape for every export format: each parser
// (official app, New Recruit, ListForge, BattleScribe, ...) produces it, and
// every later stage (validation, hover, lenses, formatting) reads only it.
//
// Positions are UTF-16 offsets into the document text, `end` exclusive, the
// same unit as TextDocument.offsetAt; conversion to line/character happens at
// the edges (LSP layer, CLI output) through TextDocument.positionAt.

import type { Edition } from '../editions/types';

export interface Span {
  start: number;
  end: number;
}

/** A piece of source text: its normalised value and where it stands. */
export interface Token {
  /** The text with outer whitespace trimmed and NBSP folded to a space. */
  text: string;
  span: Span;
}

export interface NumberToken {
  value: number;
  span: Span;
}

export type ListFormat =
  | 'gwapp'
  | 'nrgw'
  | 'wtc'
  | 'wtccompact'
  | 'nrsimple'
  | 'nrshort'
  | 'listforge'
  | 'battlescribe';

export interface ArmyList {
  format: ListFormat;
  /** The edition the text itself shows (Detachment Points, force dispositions, an Attached Units block, the app's v2 footer); undefined when it shows none. */
  editionShown?: Edition;
  /** The list's own name from the title line. */
  title?: Token;
  /** Total points the text states for the list (title line, banner or footer). */
  statedPoints?: NumberToken;
  /** e.g. "Space Marines" above "Space Wolves", or "Chaos" in "Chaos - World Eaters". */
  superFaction?: Token;
  faction?: Token;
  /** Usually one; 11th-edition exports may name two. */
  detachments: Token[];
  battleSize?: BattleSize;
  sections: Section[];
  /** Every unit in text order, duplicates kept separate. Sections hold the same objects. */
  units: Unit[];
  stratagemPlan?: StratagemPlan;
  /** `#` comment lines (an Auspex extension; exports never contain them). */
  comments: Span[];
  errors: ParseError[];
}

export interface BattleSize {
  /** "Strike Force", "Incursion", "Onslaught", "Combat Patrol". */
  name: Token;
  /** The points limit the line states (null for Combat Patrol, which has none). */
  points?: number;
  span: Span;
}

export interface Section {
  /** The header as written: "CHARACTERS", "Epic Hero", "OTHER DATASHEETS", ... */
  name: Token;
  span: Span;
  units: Unit[];
}

export interface Unit {
  /** The datasheet name as written (any format's "Nx " prefix or faction prefix removed). */
  name: Token;
  /** The whole unit block: unit line and every line belonging to it. */
  span: Span;
  /** Name of the section the unit sits in, if any. */
  section?: string;
  /** Stated points for the unit (enhancements included, as the exports state them). */
  points?: NumberToken;
  /** The unit line's own "Nx" model count, where the format states one. */
  statedModelCount?: NumberToken;
  /** Span of the `Warlord` marker, when this unit is the Warlord. */
  warlord?: Span;
  enhancements: EnhancementRef[];
  /** Model groups. A single-model unit whose wargear is listed directly gets one implicit group. */
  models: ModelGroup[];
  /**
   * Wargear stated at unit level in a unit that also lists model groups
   * (ListForge "• Icon of Khorne", BattleScribe "Jakhals [70pts]: Icon of Khorne").
   */
  wargear?: WargearRef[];
  /** Attached leader/bodyguard statement (`• Leading: <unit>`, `Attached as`), if any. */
  leading?: Token;
  /** Bullets that are neither wargear nor models ("Daemonic Allegiance: Tzeentch"). */
  notes: Token[];
}

export interface ModelGroup {
  count: number;
  name: Token;
  span: Span;
  wargear: WargearRef[];
  /** True when the text names no model line and the group stands for the unit's single model. */
  implicit: boolean;
}

export interface WargearRef {
  count: number;
  name: Token;
  span: Span;
}

export interface EnhancementRef {
  name: Token;
  /** Points stated next to the enhancement ("(+15 pts)"), when the format gives them. */
  points?: number;
  span: Span;
}

/** The optional `STRATAGEMS` section: which stratagem the player plans to use on which units. */
export interface StratagemPlan {
  header: Token;
  span: Span;
  uses: PlannedStratagem[];
}

export interface PlannedStratagem {
  name: Token;
  round?: NumberToken;
  phase?: Token;
  targets: TargetRef[];
  span: Span;
}

export interface TargetRef {
  /** The unit name without the `#N` suffix. */
  name: Token;
  /** 1-based index from `#N` (the N-th unit of that name); absent means the first. */
  index?: number;
  span: Span;
}

export interface ParseError {
  /** A code from the diagnostics registry, e.g. `parse-error`. */
  code: string;
  message: string;
  span: Span;
}
