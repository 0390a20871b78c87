// The one rules-data model. The embedded seed data, BattleScribe catalogues and
// the Wahapedia export are all loaded into these shapes; validation, hover,
// completion and damage read nothing else.
import type { Edition } from '../editions/types';

/** Where a datum came from, so a message can name it. */
export interface SourceRef {
  /** File name (embedded data: `data/<file>.json`). */
  file: string;
  /** Element id, row number or JSON path inside the file. */
  locator?: string;
}

export interface RulesData {
  sources: DataSource[];
  factions: Faction[];
  datasheets: Datasheet[];
  detachments: Detachment[];
  enhancements: Enhancement[];
  stratagems: Stratagem[];
  /** Core rules and the weapon-ability glossary. */
  coreRules: CoreRule[];
  battleSizes: BattleSizeRule[];
  /**
   * The army-wide limits a game system states as force constraints (11th edition: Detachment Points,
   * Enhancements, the points limit), each with its value per battle size. Absent where no source states any.
   */
  forceConstraints?: ForceConstraint[];
  /**
   * Terms a source's notes define for mustering (the Munitorum Field Manual's "Detachment Points", "Force
   * Disposition"): explained where a list names them, never looked up as rule words. Absent where no source has any.
   */
  glossary?: CoreRule[];
}

export type DataSourceKind = 'embedded' | 'bsdata' | 'wahapedia' | 'mfm';

export interface DataSource {
  kind: DataSourceKind;
  /** The edition of the game the data is for: embedded seed 10; Wahapedia as its export shows or the user states; BattleScribe from its game system's name; MFM 11. */
  edition: Edition;
  /** Folder or label. */
  location: string;
  /** Rules version or export date as the source states it. */
  version?: string;
}

/** Which source set a datasheet's points (11th edition: the MFM beats BattleScribe). */
export interface PricedBy {
  kind: DataSourceKind;
  /** "Munitorum Field Manual v1.1", "Warhammer 40,000 11th Edition revision 6". */
  label: string;
  source: SourceRef;
}

/** The copies of a unit a price applies to (MFM "requisition thresholds"): `[1,2]` → 1..2, `[3,)` → 3..∞. */
export interface CopyRange {
  /** First copy (1-based) priced by this tier. */
  from: number;
  /** Last copy priced by this tier; undefined for an open range (`[3,)`). */
  to?: number;
}

export interface PointsTier {
  copies: CopyRange;
  /** The label as printed ("Your 1st To 2nd Units Cost"). */
  label?: string;
  /** Price per starting strength, ascending by model count. */
  steps: PointsStep[];
}

export interface WargearCost {
  /** The wargear item as the source names it ("Heavy mining laser"). */
  item: string;
  /** Points per item taken, on top of the unit's price. */
  points: number;
}

/** An army-wide limit of a game system (a max/min constraint on a cost type), evaluated per battle size. */
export interface ForceConstraint {
  /** The cost type limited, as the game system names it ("Detachment Points", "Enhancements", "pts"). */
  costType: string;
  type: 'max' | 'min';
  /** The value before any modifier. */
  base: number;
  /** The value with the modifiers conditioned on each battle size applied, by battle size name ("Strike Force"). */
  byBattleSize: Record<string, number>;
  /** The game system's message, where it gives one. */
  message?: string;
  source: SourceRef;
}

export interface Faction {
  id: string;
  name: string;
  /** The faction keyword units carry ("GENESTEALER CULTS"). */
  keyword: string;
  /** Grand alliance or parent faction ("Xenos", "Imperium", "Space Marines"). */
  parent?: string;
  /** Datasheets of other factions the source lists under this one: the units it may take as allies. */
  allies?: string[];
  /**
   * Catalogues the faction's data links (itself or through the catalogues it links) that the folder lacks:
   * every entry reached through them is unavailable, so its datasheets may be known only by their points.
   */
  missingCatalogues?: string[];
  /**
   * Factions whose catalogues the faction's data links (BattleScribe `catalogueLinks`, libraries aside): where its
   * allied units come from ("Agents of the Imperium" for Adepta Sororitas).
   */
  linkedFactions?: string[];
  source: SourceRef;
}

export interface Datasheet {
  id: string;
  name: string;
  /** Faction keywords in upper case ("GENESTEALER CULTS"). */
  factionKeywords: string[];
  /**
   * The faction whose own datasheet this is when it carries none of that faction's keywords (Wahapedia: the
   * Thousand Sons' Kairos Fateweaver, faction keyword SCINTILLATING LEGIONS, priced by their codex).
   */
  listedUnder?: string;
  /** Other keywords in upper case ("MOUNTED", "GREAT DEVOURER", "ATALAN JACKALS"). */
  keywords: string[];
  /** Battlefield role / section where the source states one ("Character", "Battleline"). */
  role?: string;
  models: ModelProfile[];
  /** Allowed model counts per model type. */
  composition: CompositionEntry[];
  /** Points per unit size, ascending by model count. Empty where the source has no points (Combat Patrol). */
  points: PointsStep[];
  weapons: Weapon[];
  /** The default wargear as the source states it (free text). */
  defaultLoadout?: string;
  /** Wargear options as free text, where the source gives no machine form. */
  wargearOptions?: string[];
  abilities: Ability[];
  /** Names of the datasheets this unit can lead (as a Leader). */
  leads: string[];
  /** Names of the datasheets that can lead this unit. */
  ledBy: string[];
  epicHero: boolean;
  /** A Warhammer Legends datasheet: not for matched play (loaded so that lists naming it are recognised). */
  legends?: boolean;
  /**
   * 11th edition: price per copy of the unit in the army (requisition thresholds), each tier with its price per
   * starting strength. When present, `points` holds the first tier's steps.
   */
  pointsTiers?: PointsTier[];
  /** 11th edition: wargear that costs points per item taken. */
  wargearCosts?: WargearCost[];
  /** 11th edition: a Support unit's datasheet names the units it can be attached to (Leaders use `leads`). */
  supports?: string[];
  /** Names of the datasheets that can be attached to this unit as Support. */
  supportedBy?: string[];
  /** The source whose points these are (shown on hover). */
  pricedBy?: PricedBy;
  /** Detachment when the datasheet belongs to one fixed force (Combat Patrol). */
  combatPatrol?: string;
  /**
   * BattleScribe: how the data names the unit's models: its model entries, their profiles and the groups of model
   * variants ("Dishonoured", "Jakhal" for "Jakhal w/ mauler chainblade"). A list's bullet naming one is models.
   */
  modelNames?: string[];
  /**
   * BattleScribe: the unit's wargear entries (upgrades that are not models), with or without a profile of their
   * own ("Gun Drone", "Bomb squig", "Watcher in the Dark"): legal wargear, and a bullet naming one is not a model.
   */
  wargearNames?: string[];
  /** BattleScribe: the models the unit must contain (a minimum the data states and no modifier changes). */
  requiredModels?: RequiredModel[];
  /**
   * BattleScribe: each model entry's default wargear, where the data gives no loadout text (11th edition): the wargear
   * it carries outside any choice, and each choice it must make at its default (or first) option.
   */
  modelLoadouts?: ModelLoadout[];
  source: SourceRef;
}

/** One model entry's default wargear, one of each item per model ("Khorne Berzerker": Chainblade, Bolt pistol). */
export interface ModelLoadout {
  model: string;
  wargear: string[];
  /** Every wargear entry the model may take (its defaults, and the options under it and in its groups): what a line under it may name. */
  options?: string[];
  /** How many of this model a unit may hold, where the data states it ("Novitiate with Sacred Banner": 1). */
  max?: number;
}

/** A model a unit must contain: one model entry, or a group of model variants of which it needs `min`. */
export interface RequiredModel {
  /** As the data names it ("Khorne Berzerker Champion", "Dishonoured"). */
  model: string;
  min: number;
  /** The names a list's bullet may give it (the entry, or the group and its variants). */
  names: string[];
}

export interface ModelProfile {
  name: string;
  /** Move as printed, e.g. `12"` (may be `-` for some fortifications). */
  M: string;
  T: number;
  /** Save as the target number: 5 means 5+. */
  Sv: number;
  /** Invulnerable save target number, if any. */
  invuln?: number;
  W: number;
  /** Leadership target number: 7 means 7+. */
  Ld: number;
  OC: number;
  /** Base size as printed, e.g. `60 x 35mm`. */
  base?: string;
}

export interface CompositionEntry {
  model: string;
  min: number;
  max: number;
}

export interface PointsStep {
  /** Number of models in the unit at this price. */
  models: number;
  points: number;
  /**
   * Where the price applies when a size has two (Wahapedia's Agents of the Imperium: "5 models (AGENTS OF THE
   * IMPERIUM Detachment)" 190, "5 models (Assigned Agent)" 210): in its own faction's army, or taken into another's.
   */
  as?: 'own' | 'ally';
  /** The models the price names, where it names them ("6 Wolf Guard Headtakers and 6 Hunting Wolves"). */
  parts?: { model: string; count: number }[];
}

/** A weapon as the datasheet lists it, with its profiles grouped (multi-profile weapons have several). */
export interface Weapon {
  name: string;
  profiles: WeaponProfile[];
}

export interface WeaponProfile {
  /** Profile name; equals the weapon name for single-profile weapons. */
  name: string;
  type: 'ranged' | 'melee';
  /** Range as printed: `12"` or `Melee`. */
  range: string;
  /** Attacks: a number or dice expression (`2`, `D6`, `D6+1`, `2D6`). */
  A: string;
  /** BS/WS target number (4 means 4+); null for TORRENT weapons (`N/A`). */
  skill: number | null;
  S: number;
  /** Armour penetration as a non-positive number (-3). */
  AP: number;
  /** Damage: number or dice expression. */
  D: string;
  /** Weapon abilities in upper case without brackets: `PISTOL`, `LETHAL HITS`, `ANTI-INFANTRY 4+`. */
  abilities: string[];
}

export interface Ability {
  /** As printed: `Scouts 9"`, `Stealth`, `Deep Strike`. */
  name: string;
  kind: 'core' | 'faction' | 'datasheet' | 'wargear';
  /** Rule text where the source gives it for this datasheet. Core abilities are explained by `coreRules`. */
  text?: string;
}

export interface Detachment {
  id: string;
  name: string;
  faction: string;
  /** Detachment rule(s): name and text. */
  rules: { name: string; text: string }[];
  /** 11th edition: the Detachment Points it costs. */
  dp?: number;
  /** 11th edition: the force disposition it grants (MFM `objective`: "TAKE AND HOLD"). */
  forceDisposition?: string;
  /** 11th edition: a tag two chosen detachments may not share (MFM `unique`: "Purestrain"). */
  unique?: string;
  source: SourceRef;
}

export interface Enhancement {
  id: string;
  name: string;
  detachment: string;
  faction: string;
  points?: number;
  text: string;
  /** Keyword restriction as the source states it ("INFANTRY model only"), free text. */
  eligibility?: string;
  /** 11th edition: the units a Leader bearing it can be attached to (MFM `leaderTo`). */
  leaderTo?: string[];
  /** 11th edition: the units a Support unit bearing it can be attached to (MFM `supportTo`). */
  supportTo?: string[];
  /**
   * 11th edition: an Upgrade (MFM name "... (Upgrade)"; BSData: its Enhancements cost divided by its own count):
   * taken by the non-CHARACTER units it names, in several copies, only the first counted against the allowance.
   */
  upgrade?: boolean;
  /** How many copies an army may take, where the data states it (BSData's force or roster constraint). */
  maxCopies?: number;
  source: SourceRef;
}

export interface Stratagem {
  id: string;
  name: string;
  cp: number;
  /** The detachment that grants it; undefined for Core stratagems. */
  detachment?: string;
  /** Faction keyword of the detachment; undefined for Core. */
  faction?: string;
  /** "Battle Tactic", "Strategic Ploy", "Epic Deed", "Wargear". */
  category: string;
  /** Phase(s) the stratagem is used in, as stated or derived from WHEN. */
  phase?: string;
  flavor?: string;
  when: string;
  target: string;
  effect: string;
  restrictions?: string;
  source: SourceRef;
}

export interface CoreRule {
  id: string;
  /** Heading as printed ("Scouts", "Hit Roll", "Lethal Hits"). */
  name: string;
  /** Words that refer to this rule in lists and datasheets (`SCOUTS`, `[PISTOL]`, `LETHAL HITS`), upper case. */
  aliases: string[];
  /** The italic lead-in line above the rule, where the source prints one. */
  flavor?: string;
  /** Full text, paragraphs separated by blank lines. */
  text: string;
  /** The rules' bullet-point summary. */
  summary: string[];
  source: SourceRef;
}

export interface BattleSizeRule {
  name: string;
  /** Points limit; undefined for Combat Patrol (fixed forces). */
  points?: number;
  /** 11th edition: the Detachment Points allowance at this size (from the game system's force constraints). */
  detachmentPoints?: number;
  /** 11th edition: how many enhancements an army of this size may take (from the game system's force constraints). */
  enhancements?: number;
  source?: SourceRef;
}

/** A problem found while loading rules data: names the file and the element or row, never thrown. */
export interface DataWarning {
  /** Stable code, e.g. `xml-malformed`, `link-dangling`, `csv-missing-column`, `merge-conflict`. */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  source: SourceRef;
}
