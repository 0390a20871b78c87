// `auspex diff --from <data> --to <data> [--faction NAME] [--json]`: what changed
// between two versions of the same rules data source, per faction. The
// comparison is the core's (`domain/rules/diff.ts`); this module loads the two
// folders and prints. Exit 0 when nothing changed, 1 when something did, 2 on
// usage or I/O errors (as `diff` does). Every loader warning is printed, and a
// faction that one version lists but could not load (its file skipped with a
// warning) is not compared: its content is never reported as removed or added.
import { openDataFolder, DataFolder } from '../node/dataFolder';
import { emptyRulesData } from '../service/domain/rules/dataFiles';
import type { RulesData } from '../service/domain/rules/model';
import { describeChange, diffRules, factionMatcher, RulesDiff } from '../service/domain/rules/diff';
import { CliError, CliIO, EXIT_FINDINGS, EXIT_OK } from './io';

/**
 * Loads a folder whole, or only the faction asked for (empty when the folder lacks it); `unread`: the
 * factions the folder lists that did not load (a file skipped with a warning).
 */
export function loadVersion(dir: string, faction: string | undefined, io: CliIO): { data: RulesData; has: boolean; unread: string[] } {
  const folder: DataFolder = openDataFolder(dir);
  if (folder.kind === 'unknown') throw new CliError(`auspex diff: ${folder.warnings[0]?.message ?? `cannot use ${dir}`}`);
  let result;
  let has = true;
  const listing = folder.listFactions();
  let listed = listing.factions.map((f) => f.name);
  if (faction) {
    const match = factionMatcher(faction);
    const name = listing.factions.find((f) => match(f.name))?.name;
    listed = name !== undefined ? [name] : [];
    has = name !== undefined;
    result = name !== undefined ? folder.loadFaction(name) : { data: { ...emptyRulesData(), sources: [{ kind: folder.kind, edition: folder.edition ?? 10, location: folder.dir }] }, warnings: [] };
  } else result = folder.loadAll();
  for (const w of [...listing.warnings, ...result.warnings]) {
    const where = w.message.startsWith(w.source.file) ? '' : `${w.source.file}${w.source.locator ? ` ${w.source.locator}` : ''}: `;
    io.err(`auspex diff: ${w.severity === 'error' ? '' : 'warning: '}${where}${w.message}\n`);
  }
  const loaded = result.data.factions.map((f) => f.name);
  const unread = listed.filter((n) => !loaded.some((l) => factionMatcher(n)(l) || factionMatcher(l)(n)));
  return { data: result.data, has, unread };
}

export function diffCommand(from: string | undefined, to: string | undefined, faction: string | undefined, json: boolean, io: CliIO): number {
  if (!from || !to) throw new CliError('auspex diff: name both versions: --from <data> --to <data>');
  const a = loadVersion(from, faction, io);
  const b = loadVersion(to, faction, io);
  if (faction && !a.has && !b.has) throw new CliError(`auspex diff: neither version has a faction "${faction}"`);
  const diff = diffRules(a.data, b.data, faction);
  // A faction one version could not load is not compared (its items would all read as removed or added).
  const unread = [...a.unread.map((n) => [n, from] as const), ...b.unread.map((n) => [n, to] as const)];
  for (const [n, where] of unread) io.err(`auspex diff: ${n} is not compared: it could not be loaded from ${where} (see the warnings above)\n`);
  diff.factions = diff.factions.filter((f) => !unread.some(([n]) => factionMatcher(n)(f.name) || factionMatcher(f.name)(n)));
  io.out(json ? JSON.stringify(diff, null, 2) + '\n' : diffText(diff));
  return diff.factions.length ? EXIT_FINDINGS : EXIT_OK;
}

export function diffText(diff: RulesDiff): string {
  const ref = (r: RulesDiff['from']) => `${r.source} ${r.location}${r.version ? ` (${r.version})` : ''}`;
  const lines = [`from ${ref(diff.from)}`, `to   ${ref(diff.to)}`];
  for (const f of diff.factions) {
    lines.push('', `${f.name} (${f.changes.length} change${f.changes.length === 1 ? '' : 's'})`);
    for (const c of f.changes) lines.push(`  ${describeChange(c)}`);
  }
  const n = diff.factions.reduce((k, f) => k + f.changes.length, 0);
  lines.push('', n ? `${n} change${n === 1 ? '' : 's'} in ${diff.factions.length} faction${diff.factions.length === 1 ? '' : 's'}` : 'no changes');
  return lines.join('\n') + '\n';
}
