// `auspex matchup <yours> <theirs> [--json] [--reverse] [--data DIR]... [--edition 10|11]`: every unit of your
// list against every unit of the opponent's, per phase, computed by the same core as the editor's matchup view.
// Text: both directions, each attacker's targets best first. JSON: attacker = yours, defender = theirs; with
// --reverse, attacker = theirs and defender = yours (what they do to you).
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import { matchupText } from '../service/features/matchup';
import { rulesRouter, RulesRouting } from './check';
import { CliError, CliIO, EXIT_OK } from './io';

export function matchupCommand(files: string[], json: boolean, reverse: boolean, service: LanguageService, io: CliIO, rules: RulesRouting): number {
  if (files.length !== 2) throw new CliError('auspex matchup: name two lists: <yours> <theirs>');
  const [yours, theirs] = files.map((file) => {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (e) {
      throw new CliError(`auspex matchup: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const doc = TextDocument.create(`file://${path.resolve(file)}`, 'army-list', 1, text);
    if (service.parse(doc).units.length === 0) throw new CliError(`auspex matchup: ${file} is not an army list (no unit could be read)`);
    return { file, doc };
  });
  const route = rulesRouter(rules, service);
  route(yours.doc);
  route(theirs.doc);
  service.setOpponent(yours.doc.uri, { doc: theirs.doc });
  const m = service.matchup(yours.doc, {}, json ? [reverse ? 'reverse' : 'forward'] : undefined);
  if (!m) throw new CliError('auspex matchup: a list is beyond the size limits (see auspex --help)');
  m.yours.file = yours.file;
  m.theirs.file = theirs.file;
  if (json) {
    const d = reverse ? m.reverse : m.forward;
    const [att, def] = reverse ? [m.theirs, m.yours] : [m.yours, m.theirs];
    const out = {
      edition: m.edition,
      direction: reverse ? 'theirs → yours' : 'yours → theirs',
      attacker: { file: att.file, faction: att.faction ?? null, points: att.points },
      defender: { file: def.file, faction: def.faction ?? null, points: def.points },
      pairs: d.pairs.map((p) => ({
        attacker: p.attacker, attackerIndex: p.attackerIndex, defender: p.defender, defenderIndex: p.defenderIndex, phase: p.phase,
        damage: p.damage, modelsSlain: p.modelsSlain, pWipe: p.pWipe, pointsRemoved: p.pointsRemoved, ...(p.error ? { error: p.error } : {}),
      })),
    };
    io.out(JSON.stringify(out, null, 2) + '\n');
    return EXIT_OK;
  }
  io.out(`${matchupText(m, 'forward')}\n\nWhat they do to you:\n${matchupText(m, 'reverse')}\n`);
  return EXIT_OK;
}
