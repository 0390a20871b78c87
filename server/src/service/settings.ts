// The one typed declaration of Auspex's settings. package.json's
// contributes.configuration mirrors SETTINGS (a test checks the two agree);
// the server reads them per document and the CLI maps its flags onto them.
import { BOUNDS, capText } from './domain/bounds';
import type { Severity } from './features/diagnostics/codes';
import type { EditionSetting } from './domain/editions/types';

export interface DamageTargetSetting {
  /** Short label shown in the lens ("MEQ", "T4 3+ W2 ×5"). */
  name: string;
  models: number;
  T: number;
  Sv: number;
  invuln?: number;
  W: number;
  fnp?: number;
  keywords?: string[];
}

export interface Settings {
  /** The edition lists are read under: detected from each list (`auto`, 10th when it shows no sign), or forced. */
  edition: EditionSetting;
  /** Folders of BattleScribe catalogues or a Wahapedia export, in precedence order. */
  dataPaths: string[];
  /** Load Legends, Crusade and Boarding Actions content that matched play excludes. */
  dataIncludeNonMatchedPlay: boolean;
  /** Download sources per edition ("10", "11"): URLs or local archive paths replacing the defaults. */
  dataSources: Record<string, string[]>;
  /** Whether the editor checks for a newer version of the downloaded data: never, or once a week. */
  dataAutoUpdate: 'never' | 'weekly';
  damageTargets: DamageTargetSetting[];
  /** Devastating Wounds wording: the current one, or the launch wording that spills over. */
  devastatingWounds: 'current' | 'spill';
  /** CP each player has before the first Command phase. */
  startingCP: number;
  /** Enhancements an army may take when the data does not say. */
  maxEnhancements: number;
  /** Severity override per diagnostic code; "off" hides the code. */
  diagnosticSeverity: Record<string, Severity | 'off'>;
  /** Hovers end with the data's internal source locator ("Source: data/datasheets.json (/datasheets/0)", "row 738"). */
  hoverShowSources: boolean;
  /** Completion also offers Legends datasheets and those the list's faction cannot field in matched play (no price). */
  completionIncludeLegends: boolean;
  traceServer: 'off' | 'messages' | 'verbose';
}

export const DEFAULT_DAMAGE_TARGETS: DamageTargetSetting[] = [
  { name: 'T3 5+ W1 ×10', models: 10, T: 3, Sv: 5, W: 1, keywords: ['INFANTRY'] },
  { name: 'T4 3+ W2 ×5', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] },
  { name: 'T5 2+/4++ W3 ×3', models: 3, T: 5, Sv: 2, invuln: 4, W: 3, keywords: ['INFANTRY'] },
  { name: 'T10 3+ W12', models: 1, T: 10, Sv: 3, W: 12, keywords: ['VEHICLE'] },
  { name: 'T9 2+ W16', models: 1, T: 9, Sv: 2, W: 16, keywords: ['MONSTER'] },
];

export const DEFAULT_SETTINGS: Settings = {
  edition: 'auto',
  dataPaths: [],
  dataIncludeNonMatchedPlay: false,
  dataSources: {},
  dataAutoUpdate: 'never',
  damageTargets: DEFAULT_DAMAGE_TARGETS,
  devastatingWounds: 'current',
  startingCP: 0,
  maxEnhancements: 3,
  diagnosticSeverity: {},
  hoverShowSources: false,
  completionIncludeLegends: false,
  traceServer: 'off',
};

/** How each setting appears in VS Code: key, JSON schema and where it lives in Settings. */
export interface SettingDeclaration {
  key: string;
  field: keyof Settings;
  /** Never `machine` or `machine-overridable`: in a remote window (code-server, SSH, WSL, containers) VS Code hides those from the User settings tab and ignores them in the user's settings.json. */
  scope: 'window' | 'resource' | 'application';
  schema: Record<string, unknown>;
  description: string;
}

const targetSchema = {
  type: 'object',
  required: ['name', 'models', 'T', 'Sv', 'W'],
  properties: {
    name: { type: 'string' },
    models: { type: 'integer', minimum: 1 },
    T: { type: 'integer', minimum: 1 },
    Sv: { type: 'integer', minimum: 2, maximum: 7 },
    invuln: { type: 'integer', minimum: 2, maximum: 6 },
    W: { type: 'integer', minimum: 1 },
    fnp: { type: 'integer', minimum: 2, maximum: 6 },
    keywords: { type: 'array', items: { type: 'string' } },
  },
};

export const SETTINGS: SettingDeclaration[] = [
  {
    key: 'auspex.edition',
    field: 'edition',
    scope: 'resource',
    schema: { type: 'string', enum: ['auto', '10', '11'] },
    description: 'The edition army lists are read and checked under: "auto" detects it from the list (Detachment Points, force dispositions, an Attached Units block, the app\'s v2 footer mean the 11th; a list showing no sign is 10th), or force "10" or "11".',
  },
  {
    key: 'auspex.data.paths',
    field: 'dataPaths',
    scope: 'window',
    schema: { type: 'array', items: { type: 'string' } },
    description: 'Folders holding BattleScribe data (.gst/.cat, or the JSON of BSData wh40k-11e), a Wahapedia CSV export or Munitorum Field Manual YAML files, in precedence order (the MFM always prices 11th-edition units). Each folder counts for its edition only: the one its data shows, or the one written before it ("11=<dir>", "10=<dir>"); a Wahapedia export that shows none must be given so. The embedded (10th-edition) seed data is always loaded.',
  },
  {
    key: 'auspex.data.includeNonMatchedPlay',
    field: 'dataIncludeNonMatchedPlay',
    scope: 'window',
    schema: { type: 'boolean' },
    description: 'Check Legends datasheets without the Legends notice, and also load Crusade and Boarding Actions content, which matched-play lists cannot use.',
  },
  {
    key: 'auspex.data.sources',
    field: 'dataSources',
    // A user setting only: a repository's workspace settings could point the download at a hostile server.
    scope: 'application',
    schema: {
      type: 'object',
      properties: { '10': { type: 'array', items: { type: 'string' } }, '11': { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
    description: 'Where Auspex: Download Rules Data gets each edition\'s data, replacing the defaults (BSData\'s repository archives): URLs or local paths of .zip or .tar.gz archives, e.g. {"10": ["https://mirror.example/wh40k-10e.zip"]}.',
  },
  {
    key: 'auspex.data.autoUpdate',
    field: 'dataAutoUpdate',
    // A user setting only: a repository's workspace settings could point the download at a hostile server.
    scope: 'application',
    schema: { type: 'string', enum: ['never', 'weekly'] },
    description: 'Check for a newer version of the downloaded rules data once a week, in the background ("never": only when you run Auspex: Download Rules Data).',
  },
  {
    key: 'auspex.damage.targets',
    field: 'damageTargets',
    scope: 'resource',
    schema: { type: 'array', items: targetSchema, maxItems: BOUNDS.damageTargets },
    description: 'Target profiles the expected-damage code lenses are computed against.',
  },
  {
    key: 'auspex.rules.devastatingWounds',
    field: 'devastatingWounds',
    scope: 'resource',
    schema: { type: 'string', enum: ['current', 'spill'] },
    description: 'Devastating Wounds: "current" (mortal wounds, excess lost) or "spill" (the launch wording, excess spills over).',
  },
  {
    key: 'auspex.stratagems.startingCP',
    field: 'startingCP',
    scope: 'resource',
    schema: { type: 'integer', minimum: 0 },
    description: 'Command points a player has before the first Command phase, for checking a stratagem plan.',
  },
  {
    key: 'auspex.validation.maxEnhancements',
    field: 'maxEnhancements',
    scope: 'resource',
    schema: { type: 'integer', minimum: 0 },
    description: 'Enhancements an army may include when the rules data does not state the limit.',
  },
  {
    key: 'auspex.diagnostics.severity',
    field: 'diagnosticSeverity',
    scope: 'resource',
    schema: { type: 'object', additionalProperties: { type: 'string', enum: ['error', 'warning', 'information', 'hint', 'off'] } },
    description: 'Severity override per diagnostic code, e.g. {"points-mismatch": "warning"}; "off" hides the code.',
  },
  {
    key: 'auspex.hover.showSources',
    field: 'hoverShowSources',
    scope: 'resource',
    schema: { type: 'boolean' },
    description: 'End hovers with where the rules data came from: the file and its locator (a JSON path, a CSV row). Off by default; the auspex: pages always show it.',
  },
  {
    key: 'auspex.completion.includeLegends',
    field: 'completionIncludeLegends',
    scope: 'resource',
    schema: { type: 'boolean' },
    description: "Completion also offers Warhammer Legends datasheets (Horus Heresy vehicles, for instance) and those the list's faction has no matched-play price for. Off by default: completion offers what the list's faction may field in matched play.",
  },
  {
    key: 'auspex.trace.server',
    field: 'traceServer',
    scope: 'window',
    schema: { type: 'string', enum: ['off', 'messages', 'verbose'] },
    description: 'Traces the communication between VS Code and the Auspex language server.',
  },
];

/**
 * Settings from the client's `auspex` configuration section (nested as VS Code
 * returns it: `{data: {paths: [...]}, ...}`). Values of the wrong type fall back to the default and
 * are reported, so a typo in settings.json never breaks the server.
 */
export function readSettings(config: unknown): { settings: Settings; problems: string[] } {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const problems: string[] = [];
  for (const decl of SETTINGS) {
    const value = lookup(config, decl.key.split('.').slice(1));
    if (value === undefined || value === null) continue;
    if (matches(decl.schema, value)) (settings as unknown as Record<string, unknown>)[decl.field] = value;
    else problems.push(`${decl.key}: ${capText(JSON.stringify(value) ?? '', 200)} is not valid${decl.schema.maxItems !== undefined && Array.isArray(value) && value.length > (decl.schema.maxItems as number) ? ` (${value.length} entries, at most ${decl.schema.maxItems as number})` : ''}; using the default`);
  }
  return { settings, problems };
}

function lookup(config: unknown, path: string[]): unknown {
  let v: unknown = config;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/** A small structural check of the schema subset used above. */
function matches(schema: Record<string, unknown>, value: unknown): boolean {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' && (!schema.enum || (schema.enum as unknown[]).includes(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value) && (schema.minimum === undefined || (value as number) >= (schema.minimum as number)) && (schema.maximum === undefined || (value as number) <= (schema.maximum as number));
    case 'array':
      // The length first: a 20,000-entry array is refused without looking at its items.
      if (Array.isArray(value) && schema.maxItems !== undefined && value.length > (schema.maxItems as number)) return false;
      return Array.isArray(value) && value.every((v) => matches(schema.items as Record<string, unknown>, v));
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const obj = value as Record<string, unknown>;
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      if (((schema.required as string[]) ?? []).some((r) => !(r in obj))) return false;
      return Object.entries(obj).every(([k, v]) => {
        if (!props[k] && schema.additionalProperties === false) return false;
        const s = props[k] ?? (schema.additionalProperties as Record<string, unknown> | undefined);
        return s ? matches(s, v) : true;
      });
    }
    default:
      return true;
  }
}

/** The `contributes.configuration.properties` object package.json must carry. */
export function contributedConfiguration(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of SETTINGS) out[d.key] = { ...d.schema, scope: d.scope, default: DEFAULT_SETTINGS[d.field], description: d.description };
  return out;
}
