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
  | 'battlescribe'
  /** The official app's v2 export (11th edition), English or French, flattened pastes included. */
  | 'gwapp2'
  /** War Organ's own export (`Name [N points]`, `Battle Size:`, `Detachments:`). */
  | 'warorgan'
  /** War Organ's app-style export (tab bullets, `Strike Force (2000 Point)`). */
  | 'warorganapp'
  /** Auspex's compact text for chat (`auspex convert --to compact`): a title, a `·`-joined header line, one line per unit. */
  | 'compact'
  /** New Recruit's JSON export (the BattleScribe roster schema as JSON); spans point into the JSON. */
  | 'nrjson'
  /** ListForge's JSON export (the same schema). */
  | 'listforgejson'
  /** Rosterizer's roster (a tree of assets). */
  | 'rosterizerjson'
  /** JSON that is no roster Auspex reads (one error says so). */
  | 'json';

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
  /**
   * 11th edition: the Detachment Points stated for each detachment alone, parallel to `detachments`
   * (undefined where the text states none for that detachment alone). A line naming one detachment
   * ("Berzerker Warband (3 Detachment Points)") states its DP; two joined detachments share one total,
   * which only `detachmentPointsStated` holds.
   */
  detachmentPoints?: Array<NumberToken | undefined>;
  /** 11th edition: the DP the header states for all its detachments together, and War Organ's allowance ("3/3"). */
  detachmentPointsStated?: { total: NumberToken; allowance?: NumberToken; span: Span };
  /** 11th edition: the force dispositions the text names (bare line, "Force Dispositions:", NR "FORCE DISPOSITION:"). */
  forceDispositions?: Token[];
  /** 11th edition: the app's Attached Units block (which Leader and Support units join which Bodyguard unit). */
  attachments?: Attachment[];
  /** The app's data version from the v2 footer ("v925" of "Data Version: v925"). */
  dataVersion?: Token;
  battleSize?: BattleSize;
  sections: Section[];
  /** Every unit in text order, duplicates kept separate. Sections hold the same objects. */
  units: Unit[];
  stratagemPlan?: StratagemPlan;
  /** The `OPPONENT: <path>` line (an Auspex extension): the opponent's list, relative to this one. */
  opponent?: OpponentRef;
  /** `#` comment lines (an Auspex extension; exports never contain them). */
  comments: Span[];
  errors: ParseError[];
}

/** One `Attached Unit N` group of the app's Attached Units block. Units are the same objects as in `units`. */
export interface Attachment {
  /** The group header as written ("Attached Unit 1", "Unité 1 Attachée"); absent when the text gives none. */
  header?: Token;
  /** From the header to the end of the group's last unit. */
  span: Span;
  bodyguard?: Unit;
  leaders: Unit[];
  supports: Unit[];
}

/** The role a unit's `Attached as:` bullet states. */
export type AttachRole = 'leader' | 'support' | 'bodyguard';

export interface BattleSize {
  /** "Strike Force", "Incursion", "Onslaught", "Combat Patrol". */
  name: Token;
  /** The English name when the text is localised ("Strike Force" for "Force de Frappe"). */
  english?: string;
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
  /** Attached leader/bodyguard statement (`• Leading: <unit>`), if any. */
  leading?: Token;
  /** 11th-edition app: the `• Attached as: Leader (Character)` bullet, its role and the bullet's text. */
  attachedAs?: { role: AttachRole; text: Token };
  /** Bullets that are neither wargear nor models ("Daemonic Allegiance: Tzeentch"). */
  notes: Token[];
  /**
   * The text names fewer models than the unit has: a BattleScribe option group counts more models
   * ("B: 1 mauler chainblade, 7 chainblades") than the model lines under it (". . 7x Jakhals"). The unit's
   * size is then at least the models counted, not settled by the text.
   */
  modelsUnlisted?: boolean;
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

/** `OPPONENT: <path>`: the list this one plays against (the path as written, relative to the list's folder). */
export interface OpponentRef {
  /** The whole line. */
  span: Span;
  /** The path as written; absent when the line names none (a `opponent-syntax` error then). */
  path?: Token;
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
