// Entry point of dist/cli.js, the `auspex` command. It parses arguments and
// dispatches to one module per command; every command runs on the same
// language-service core as the editor.
import { RulesProvider, usable } from '../node/rulesProvider';
import { cachedDataFolders, cacheRoot, CACHE_EDITIONS } from '../node/dataCache';
import { fetchCommand, statusCommand } from './fetch';
import { createLanguageService } from '../service/languageService';
import { DEFAULT_SETTINGS } from '../service/settings';
import type { Edition, EditionSetting } from '../service/domain/editions';
import { checkCommand } from './check';
import { damageCommand } from './damage';
import { dataCommand } from './data';
import { targetsCommand } from './targets';
import { parseCommand } from './parse';
import { importCommand } from './importRoster';
import { reportCommand } from './report';
import { diffCommand } from './diff';
import { matchupCommand } from './matchup';
import { convertCommand } from './convert';
import { lensesCommand } from './lenses';
import { CliError, CliIO, EXIT_USAGE, processIO } from './io';

const USAGE = `Usage:
  auspex check <files...> [--json] [--data <dir>]... [--edition 10|11] [--against <data>]
      check army lists against the rules data; exit 1 when an error is found;
      --against: say for each points or size finding whether the list matches
      that other version of the data, and each list's total under both
  auspex parse <file> --json
      print the parsed list (format, units, ranges, errors) as JSON
  auspex convert <file> --to app|app-v2|nr-gw|nr-wtc|nr-tournament|warorgan|compact [--edition 10|11]
      print the list in another export format, as that exporter writes it (the list's
      edition chooses the 10th- or 11th-edition form); what the format cannot hold goes to
      standard error; with rules data (--data, the cache), compact leaves out each
      datasheet's default wargear
  auspex import <file.ros|file.rosz|file.json>
      print a BattleScribe roster, or a New Recruit, ListForge or Rosterizer JSON
      roster, as an army list in the official app layout
  auspex damage --json
      read a damage scenario (JSON) on standard input, print the exact result
  auspex data fetch [--edition 10|11] [--from URL|archive]... [--cache DIR]
      download the community rules data of an edition (default 11) into the cache
  auspex data status [--json] [--cache DIR]
      list the cached rules data: edition, source, version, date, size, where
  auspex data [--data <dir>] [--faction NAME] [--json]
      summarise a BattleScribe or Wahapedia data folder (or the cached data)
  auspex targets --data <dir> [--faction NAME] [--json]
      list, per stratagem, the datasheets its TARGET and RESTRICTIONS text admits
  auspex report <files or folders>... [--html FILE] [--json FILE] [--data <dir>]... [--edition 10|11]
      check every list of an event once: one row per list, a summary, an HTML page and JSON;
      exit 1 when any list is not legal or could not be read
  auspex diff --from <data> --to <data> [--faction NAME] [--json]
      what changed between two versions of a rules data source, per faction
      (units, points per size, profiles, weapons, abilities, detachments, enhancements);
      exit 1 when something changed
  auspex matchup <yours> <theirs> [--json] [--reverse] [--data <dir>]... [--edition 10|11]
      every unit of your list against every unit of the opponent's list, per phase
      (expected damage, models slain, points' worth removed, P(wipe)); text: both
      directions; --json: your units attacking (--reverse: theirs attacking yours)
  auspex lenses <file> [--json] [--targets JSON] [--when COND,...] [--data <dir>]...
      what the editor's lenses show for every unit line: expected damage per target
      and phase with the army's rules applied (Leaders, Support units, Enhancements,
      detachment and army rules), what was applied, the conditions, what was not and
      why; --targets: a JSON array of target profiles as auspex.damage.targets;
      --when: the conditions that hold: charged, halfRange, stationary, targetInCover,
      targetAtStartingStrength, closestTarget, battleRound=N, targetDistance=N, or a
      rule by the data's name (Waaagh!, Here Be Loot); any other is false
  auspex --help | --version

--data <dir> (repeatable, first wins) adds a folder of BattleScribe catalogues, a
Wahapedia CSV export or Munitorum Field Manual files to the embedded rules data;
--data 11=<dir> (or 10=<dir>) states the edition its data is for (a Wahapedia
export that does not show it is refused otherwise). After those folders, every command
uses the data \`auspex data fetch\` cached for the list's edition, and reads each
--data folder through the digests it keeps of it in the cache (made again when the
folder's files change); --no-cache turns both off. The cache: --cache DIR, else AUSPEX_CACHE_DIR, else $XDG_CACHE_HOME/auspex
or ~/.cache/auspex.
--edition 10|11 reads every list under that edition (default: what each list shows;
a list showing no sign of the 11th edition is read as 10th).`;

interface Args {
  command?: string;
  positional: string[];
  json: boolean;
  help: boolean;
  version: boolean;
  data: string[];
  faction?: string;
  edition?: EditionSetting;
  from: string[];
  cache?: string;
  noCache: boolean;
  /** `report --html FILE`, `report --json FILE`. */
  html?: string;
  jsonFile?: string;
  to?: string;
  /** `check --against <data>`. */
  against?: string;
  /** `matchup --reverse`. */
  reverse: boolean;
  /** `lenses --targets JSON`. */
  targets?: string;
  /** `lenses --when COND,...`. */
  when?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { positional: [], json: false, help: false, version: false, data: [], from: [], noCache: false, reverse: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new CliError(`auspex: ${a} needs a value`);
      return v;
    };
    // `report` writes its JSON to a file: there --json takes one.
    if (a === '--json' && args.command === 'report') args.jsonFile = value();
    else if (a === '--json') args.json = true;
    else if (a === '--html') args.html = value();
    else if (a === '--to') args.to = value();
    else if (a === '--against') args.against = value();
    else if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--version' || a === '-v') args.version = true;
    else if (a === '--data') args.data.push(value());
    else if (a === '--faction') args.faction = value();
    else if (a === '--from') args.from.push(value());
    else if (a === '--cache') args.cache = value();
    else if (a === '--no-cache') args.noCache = true;
    else if (a === '--reverse' && args.command === 'matchup') args.reverse = true;
    else if (a === '--targets' && args.command === 'lenses') args.targets = value();
    else if (a === '--when' && args.command === 'lenses') args.when = value();
    else if (a === '--edition') {
      const e = value();
      if (e !== '10' && e !== '11') throw new CliError(`auspex: --edition takes 10 or 11, not "${e}"`);
      args.edition = e;
    }
    else if (a.startsWith('-')) throw new CliError(`auspex: unknown option ${a} (see auspex --help)`);
    else if (!args.command) args.command = a;
    else args.positional.push(a);
  }
  return args;
}

/** The exit code; `data fetch` (network) answers a promise of it. */
export function run(argv: string[], io: CliIO = processIO, env: NodeJS.ProcessEnv = process.env): number | Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.version) {
      io.out(`auspex ${VERSION}\n`);
      return 0;
    }
    if (args.help || !args.command) {
      (args.help ? io.out : io.err)(USAGE + '\n');
      return args.help ? 0 : EXIT_USAGE;
    }
    const root = cacheRoot(args.cache, env);
    /** The --data folders, then (unless --no-cache) the cached data of the given editions. */
    const provider = (editions: Edition[], paths = args.data) => {
      const cached = args.noCache ? [] : editions.flatMap((e) => cachedDataFolders(root, e)).map((c) => ({ dir: c.dir, digestDir: `${c.source.versionDir}.digest` }));
      // The --data folders are read through their digests in the cache (node/folderDigest.ts), unless --no-cache.
      const p = new RulesProvider({ paths, cached, digestRoot: args.noCache ? undefined : root });
      // A data folder that cannot be used is an I/O error, said in one line.
      const broken = p.dataFolders.find((f) => !usable(f));
      if (broken) throw new CliError(`auspex: ${broken.warnings[0]?.message ?? `cannot use ${broken.dir}`}`);
      return p;
    };
    const listService = () => createLanguageService({ settings: { ...DEFAULT_SETTINGS, edition: args.edition ?? 'auto' } });
    // One provider per edition the lists are read under, made when a list first needs it.
    const byEdition = new Map<Edition, RulesProvider>();
    const forEdition = (e: Edition) => byEdition.get(e) ?? byEdition.set(e, provider([e])).get(e)!;
    switch (args.command) {
      case 'check': {
        const against = args.against === undefined ? undefined : provider([], [args.against]);
        return checkCommand(args.positional, args.json, listService(), io, forEdition, against);
      }
      case 'report':
        return reportCommand(args.positional, { html: args.html, json: args.jsonFile }, listService(), io, forEdition);
      case 'diff':
        if (args.positional.length) throw new CliError('auspex diff: takes no file; name the versions with --from <data> --to <data>');
        if (args.from.length > 1) throw new CliError('auspex diff: name one --from <data>');
        return diffCommand(args.from[0], args.to, args.faction, args.json, io);
      case 'matchup':
        return matchupCommand(args.positional, args.json, args.reverse, listService(), io, forEdition);
      case 'lenses':
        return lensesCommand(args.positional, args.json, args.targets, args.when, listService(), io, forEdition);
      case 'parse':
        return parseCommand(args.positional, io);
      case 'convert':
        return convertCommand(args.positional, args.to, listService(), io, forEdition);
      case 'import':
        return importCommand(args.positional, io);
      case 'damage':
        if (args.positional.length) throw new CliError('auspex damage: takes no file; pipe the scenario JSON to standard input');
        return damageCommand(io);
      case 'targets':
        return targetsCommand(provider(args.edition && args.edition !== 'auto' ? [Number(args.edition) as Edition] : [10]), args.faction, args.json, io);
      case 'data': {
        const sub = args.positional[0];
        if (sub === 'fetch') {
          if (args.positional.length > 1) throw new CliError(`auspex data fetch: unexpected ${args.positional[1]} (sources are given with --from)`);
          const edition: Edition = args.edition === '10' ? 10 : 11;
          return fetchCommand(root, edition, args.from, io, env);
        }
        if (sub === 'status') return statusCommand(root, args.json, io);
        if (sub !== undefined) throw new CliError(`auspex data: unknown subcommand "${sub}" (fetch, status, or none)`);
        if (args.from.length) throw new CliError('auspex data: --from goes with `auspex data fetch`');
        const editions = args.edition && args.edition !== 'auto' ? [Number(args.edition) as Edition] : CACHE_EDITIONS;
        return dataCommand(provider(editions), args.faction, args.json, io);
      }
      default:
        throw new CliError(`auspex: unknown command "${args.command}" (see auspex --help)`);
    }
  } catch (e) {
    if (e instanceof CliError) {
      io.err(e.message + '\n');
      return EXIT_USAGE;
    }
    throw e;
  }
}

declare const AUSPEX_VERSION: string | undefined;
const VERSION = typeof AUSPEX_VERSION === 'string' ? AUSPEX_VERSION : 'dev';

/**
 * A reader that closed our output (`auspex check ... | head`) ends the command quietly, with the exit
 * code already decided: what it did not read was not wanted. Other stream errors stay loud.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream, exit: (code: number) => void = (c) => process.exit(c)): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    else throw e;
  });
}

if (require.main === module) {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const result = run(process.argv.slice(2));
  // A synchronous command's code is set at once: a closed pipe's EPIPE (a nextTick, before any promise) exits with it.
  if (typeof result === 'number') process.exitCode = result;
  else
    void result.then(
      (code) => (process.exitCode = code),
      (e: unknown) => {
        process.stderr.write(`auspex: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exitCode = EXIT_USAGE;
      },
    );
}
