// `auspex lenses <list> [--json] [--data DIR]... [--no-cache] [--targets JSON] [--when COND,...]`: what the editor's
// lenses show for every unit line of a list, computed by the same core (`features/codeLens.ts` `lensReport`), with
// the rules the army gives each unit applied and said (applied, the conditions, what was not applied and why).
// `--targets` is a JSON array of target profiles shaped as `auspex.damage.targets`; `--when` names the conditions
// that hold (game states, `battleRound=N`, `targetDistance=N`, or a rule by the data's name); any other is false.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import type { LensReportUnit } from '../service/features/codeLens';
import type { BreakdownConditions } from '../service/features/conditions';
import { readSettings, type Settings } from '../service/settings';
import { rulesRouter, RulesRouting } from './check';
import { CliError, CliIO, EXIT_OK } from './io';

/** The game states `--when` names, and the conditions each sets. */
const STATES: Record<string, (c: BreakdownConditions) => void> = {
  charged: (c) => (c.charged = true),
  halfrange: (c) => (c.halfRange = true),
  // The edition's own Heavy condition: remained stationary (10th), unengaged and moved at most 3" (11th).
  stationary: (c) => {
    c.stationary = true;
    c.heavyReady = true;
  },
  targetincover: (c) => (c.cover = true),
  closesttarget: (c) => (c.states = [...(c.states ?? []), 'closestTarget']),
  targetatstartingstrength: (c) => (c.states = [...(c.states ?? []), 'targetAtStartingStrength']),
  targetbelowstartingstrength: (c) => (c.states = [...(c.states ?? []), 'targetBelowStartingStrength']),
  targetbelowhalfstrength: (c) => (c.states = [...(c.states ?? []), 'targetBelowHalfStrength']),
};

/** `--when charged,battleRound=3,Waaagh!` → the conditions. */
export function parseWhen(when: string | undefined): BreakdownConditions {
  const c: BreakdownConditions = {};
  for (const raw of (when ?? '').split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const n = /^(battleRound|targetDistance)\s*=\s*(\d{1,3})$/i.exec(item);
    if (n) {
      if (/^battleRound$/i.test(n[1])) c.battleRound = Number(n[2]);
      else c.targetDistance = Number(n[2]);
      continue;
    }
    if (/^(battleRound|targetDistance)\b/i.test(item)) throw new CliError(`auspex lenses: --when ${item}: give a whole number (battleRound=3, targetDistance=12)`);
    const state = STATES[item.toLowerCase()];
    if (state) state(c);
    else c.rules = [...(c.rules ?? []), item];
  }
  return c;
}

/** `--targets '[{"name":"GEQ","models":10,"T":3,"Sv":5,"W":1}]'` → the profiles, checked as the setting is. */
export function parseTargets(json: string | undefined): Settings['damageTargets'] | undefined {
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw new CliError(`auspex lenses: --targets is not JSON: ${(e as Error).message}`);
  }
  // A null field is an absent one ("invuln": null).
  if (Array.isArray(value)) value = value.map((t) => (t && typeof t === 'object' ? Object.fromEntries(Object.entries(t).filter(([, v]) => v !== null)) : t));
  if (!Array.isArray(value) || value.length === 0) throw new CliError('auspex lenses: --targets takes a JSON array of at least one target profile ({"name", "models", "T", "Sv", "W"}, optional "invuln", "fnp", "keywords")');
  const { settings, problems } = readSettings({ damage: { targets: value } });
  if (problems.length) throw new CliError(`auspex lenses: --targets: ${problems[0].replace(/; using the default$/, '')} (each target needs "name", "models", "T", "Sv", "W"; optional "invuln", "fnp", "keywords")`);
  return settings.damageTargets;
}

export function lensesCommand(files: string[], json: boolean, targetsJson: string | undefined, when: string | undefined, service: LanguageService, io: CliIO, rules?: RulesRouting): number {
  if (files.length !== 1) throw new CliError('auspex lenses: name exactly one list file');
  const targets = parseTargets(targetsJson);
  const conditions = parseWhen(when);
  const [file] = files;
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new CliError(`auspex lenses: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const doc = TextDocument.create(`file://${encodeURI(file)}`, 'army-list', 1, text);
  if (service.parse(doc).units.length === 0) throw new CliError(`auspex lenses: ${file} is not an army list (no unit could be read)`);
  rulesRouter(rules, service)(doc);
  const report = service.lensReport(doc, targets, conditions);
  if ('error' in report) throw new CliError(`auspex lenses: ${file}: ${report.error}`);
  // A rule named in --when that no unit's rules depend on: said, so that a misspelt name is not silently false.
  const named = new Set(report.flatMap((u) => u.conditions.map((c) => c.name.toLowerCase())));
  for (const r of conditions.rules ?? []) if (!named.has(r.toLowerCase())) io.err(`auspex lenses: --when ${r}: no rule of this list's units depends on it\n`);
  io.out(json ? `${JSON.stringify({ units: report }, null, 2)}\n` : lensText(report));
  return EXIT_OK;
}

const fmt = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

/** The text form: per unit line its figures per target (best phase), what its army applied and the conditions. */
function lensText(units: LensReportUnit[]): string {
  const out: string[] = [];
  for (const u of units) {
    out.push(`${u.line}: ${u.name}${u.attacksWith ? ` (attacks with ${u.attacksWith})` : ''}`);
    if (u.note) {
      out.push(`  no figures: ${u.note}`);
      continue;
    }
    const byTarget = new Map<string, LensReportUnit['results']>();
    for (const r of u.results) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r]);
    for (const [target, rs] of byTarget) out.push(`  vs ${target}: ${rs.map((r) => `${r.phase === 'shooting' ? 'Shooting' : 'Fight'} ${fmt(r.damage)} dmg, ${fmt(r.modelsSlain)} slain`).join(' · ')}`);
    for (const a of u.applied) out.push(`  applied (${a.source}) ${a.name}: ${a.effect}`);
    for (const c of u.conditions) out.push(`  condition ${c.name}: ${c.on ? 'on' : 'off'} (${c.rules.join(', ')})`);
    for (const n of u.notApplied) out.push(`  not applied (${n.source}) ${n.name}: ${n.why}`);
  }
  return `${out.join('\n')}\n`;
}
