// Every bound the core relies on, in one place. Rules data comes from the internet and lists
// from strangers: the loaders, the parser, the damage engine and the LSP layer all read their
// limits here, so that no number or size in untrusted input can make a request slow or take
// the process down. A value beyond a bound is clamped or refused with a message naming where
// it came from; the rest keeps working. README ("Limits") states them for users.

export const BOUNDS = {
  // ---- numbers in weapon and ability text (rules data, stratagem effects, scenarios)
  /** Largest value a number in a weapon keyword may reach (SUSTAINED HITS, RAPID FIRE, MELTA): real data stays under 6. */
  abilityNumber: 12,
  /** Largest value a number or dice expression in a characteristic may reach at all (parseDice refuses more). */
  diceValue: 1000,
  /** Largest value of a weapon's Attacks characteristic (real: 20 on a few hordes' profiles, 2D6+... at most ~24). */
  attacks: 100,
  /** Largest value of a weapon's Damage characteristic (real: D6+6 at most). */
  damage: 100,
  /** Largest Strength (real: 24 or so). */
  strength: 100,
  /** Largest Toughness and Wounds of a model profile (real: 14 / 40 or so). */
  toughness: 30,
  wounds: 100,

  // ---- model counts and list sizes
  /** Models in one unit or one model line of a list (real: 30 at most). */
  modelsPerUnit: 200,
  /** Models firing one weapon in a damage scenario (= modelsPerUnit). */
  modelsPerWeapon: 200,
  /** Weapons in one damage scenario (real unit: under 20 distinct profiles). */
  weaponsPerScenario: 100,
  /** Target models and total wounds of a damage target (real: 30 models, 60 wounds). */
  targetModels: 200,
  targetWounds: 5000,
  /** Model groups of one target (real: a squad's sergeant and troopers, one or two attached units: under 6). */
  targetGroups: 12,

  /** Entries of auspex.damage.targets (the default has 5; 20,000 made the lenses take 96 s and 487 MB). */
  damageTargets: 32,
  /** Work units each damage computation of a lens request costs at least (its set-up, beyond the engine's steps). */
  damageCallWork: 5e4,

  // ---- the damage engine's cost
  /**
   * Work units (inner-loop steps, estimated from the scenario before anything is computed) one damage
   * computation may take: about 1 s on a slow core. Every scenario a real list can produce is far below.
   */
  damageWork: 1.2e8,
  /** Numbers one damage computation may hold in its tables (8 bytes each: 160 MB). */
  damageFloats: 2e7,

  // ---- documents and text
  /** Lines and units beyond which a list gets only cheap analysis (see service/limits.ts). */
  listLines: 5000,
  listUnits: 500,
  /** Parse errors still reported on an oversized list. */
  parseErrors: 100,
  /** Characters of a document beyond which it is not parsed at all (a 100,000-line paste is 2.5 MB and still parsed). */
  documentChars: 4 * 1024 * 1024,
  /** Lines of a document beyond which it is not parsed at all (parsing stays under about 2 s). */
  documentLines: 200_000,
  /** Characters of one line looked at by per-position requests (hover, completion, code actions). */
  lineChars: 10_000,
  /** Outline symbols, folding ranges and semantic tokens answered at most. */
  symbols: 5000,
  foldingRanges: 5000,
  /** Workspace symbols and references answered at most (a 150,000-unit list made 28.6 MB of symbols). */
  workspaceSymbols: 1000,
  references: 5000,
  /**
   * Nesting of one protocol message (arrays and objects) the server reads at all, and of what it echoes back (real
   * ones are under 10 deep); a deeper one is refused before it reaches the protocol library (lsp/messageGuard.ts, lsp/transport.ts).
   */
  messageDepth: 64,
  /**
   * Bytes of one protocol message the server reads (VS Code syncs no document over 50 MB; a didOpen beyond the bound
   * is refused and its document stays unknown), and of one message's header section (real ones are under 100).
   */
  messageBytes: 128 * 1024 * 1024,
  messageHeaderBytes: 8 * 1024,
  /** Completion items returned at most. */
  completionItems: 1000,
  /** Characters of a stratagem's TARGET, RESTRICTIONS, EFFECT and WHEN texts read (real ones are under 700). */
  stratagemTextChars: 3000,
  /** Characters of one text taken from rules data (a description, a rule; real ones are under 5,000): longer is cut with "…". */
  dataTextChars: 64 * 1024,

  // ---- data files and links
  /** Depth of BattleScribe link chains followed (entry → shared entry → ...; real ones are under 10). */
  linkDepth: 24,
  /** Bytes of one file read from disk (lists, rosters, data files); the size a file reports is not trusted. */
  fileBytes: 20 * 1024 * 1024,
  /** Bytes of one rules-data file (the largest real catalogue is 3 MB, a full Wahapedia CSV under 20 MB). */
  dataFileBytes: 64 * 1024 * 1024,
  /** Characters of one Munitorum Field Manual YAML file (the largest real one is 53 KB), checked before parsing. */
  mfmFileChars: 1024 * 1024,
  /** Characters of one line of the MFM's DATA-CHANGELOG.md read (real: under 800, an attach list); longer is left unread. */
  mfmChangelogLineChars: 4000,
  /** Named entries (units, detachments, enhancements: `name:` keys) of one MFM file (real: under 300), counted before parsing. */
  mfmFileEntries: 5000,
  /** MFM faction files one source may hold (real: 31). */
  mfmFiles: 200,
  /** Sane MFM numbers: points of a unit size, models in it, a wargear or enhancement cost, a detachment's DP. */
  mfmPoints: 5000,
  mfmCost: 500,
  mfmDp: 10,
  /** Data paths one setting may name; more are refused in one message. */
  dataPaths: 64,

  // ---- downloads (auspex data fetch / Download Rules Data)
  /** Bytes one download may bring (the real archives: a BSData repository about 30 MB, a Wahapedia export under 100 MB). */
  downloadBytes: 512 * 1024 * 1024,
  /** Milliseconds one download may take in all, headers and body (a drip of one byte now and then ends here). */
  downloadMs: 15 * 60 * 1000,
  /** Milliseconds without a byte that end a download. */
  downloadIdleMs: 30 * 1000,
} as const;

/** A value clamped into [lo, hi]. */
export function clampTo(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Thrown by the damage engine for a scenario beyond the bounds: its message says which bound and why. */
export class BoundsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoundsError';
  }
}

/** Text of at most `max` characters (for data texts and echoes): a longer one ends in "…". */
export function capText(s: string, max: number = BOUNDS.dataTextChars): string {
  return s.length > max ? s.slice(0, max) + '…' : s;
}
