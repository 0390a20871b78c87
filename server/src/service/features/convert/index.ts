// Converts a parsed list into any export format Auspex reads (issue 26, 33): `writeList(list, format, edition)` →
// the text as that exporter writes it, what the format could not hold and the names written otherwise so that they
// read as themselves (said apart, on standard error or in the editor's message, never inside the list). Pure: one
// module per format over one flattened army (model.ts). Every text is read back (domain/parse) before it is given:
// one that would say something else than the list (a name the format reads as syntax) is refused, with the reason.
import type { ArmyList } from '../../domain/parse/ast';
import type { Edition } from '../../domain/editions/edition';
import { parseArmyList } from '../../domain/parse';
import { Army, DropKind, WriteOptions, armyOf } from './model';
import { Out, Written, finish } from './out';
import { Names } from './names';
import { writeApp } from './app';
import { writeNrGw } from './nrGw';
import { writeNrWtc } from './nrWtc';
import { writeNrTournament } from './nrTournament';
import { writeWarOrgan } from './warOrgan';
import { DefaultGear, writeCompact } from './compact';
import { differs } from './facts';
import type { ConvertFormat } from './formats';

export type { Written, OutLine } from './out';
export type { WriteOptions, DropKind } from './model';
export type { DefaultGear } from './compact';

export { CONVERT_FORMATS, FORMAT_DESCRIPTIONS, isConvertFormat } from './formats';
export type { ConvertFormat } from './formats';

/** A converted list as the editor and the CLI get it: its text, what the format cannot hold and the names written otherwise (said apart, never in the text). */
export interface Converted {
  text: string;
  dropped: string[];
  escaped: string[];
}

export interface ConvertOptions extends WriteOptions {
  /** `compact`: the datasheet's default wargear, to leave it out. */
  defaults?: DefaultGear;
  /** Format Document: Auspex's own lines (comments, plan, OPPONENT) are put back by the caller, not dropped. */
  keepOwnLines?: boolean;
}

/** The lines of `format` for the army (no check). */
export function writeLines(army: Army, format: ConvertFormat, opts: ConvertOptions = {}): Out {
  const out = new Out(new Names({ and: format === 'warorgan' }));
  switch (format) {
    case 'app':
      writeApp(out, army, 'A');
      break;
    case 'app-v2':
      writeApp(out, army, 'B');
      break;
    case 'nr-gw':
      writeNrGw(out, army);
      break;
    case 'nr-wtc':
      writeNrWtc(out, army);
      break;
    case 'nr-tournament':
      writeNrTournament(out, army);
      break;
    case 'warorgan':
      writeWarOrgan(out, army);
      break;
    case 'compact':
      writeCompact(out, army, opts.defaults);
      break;
  }
  return out;
}

/** The list in `format`, in the edition's form (the list's own edition unless given). */
export function writeList(list: ArmyList, format: ConvertFormat, edition: Edition = list.editionShown ?? 10, opts: ConvertOptions = {}): Written {
  const army = armyOf(list, edition, opts);
  const out = writeLines(army, format, opts);
  if (!opts.keepOwnLines) ownLinesDropped(out, list);
  const written = finish(out, army);
  if (!written.refused) {
    const back = parseArmyList(written.text);
    const leave: DropKind[] = [...written.dropKinds, 'comments', 'plan', 'opponent'];
    const d = back.errors.length ? `it would not read back cleanly (${back.errors[0].message})` : differs(list, back, { leave, eleventh: edition === 11 && list.editionShown === 11 });
    if (d) written.refused = `the list would read back differently as ${format}: ${d}`;
  }
  return written;
}

/** Auspex's own lines, which no export holds: said when a conversion leaves them out. */
function ownLinesDropped(out: Out, list: ArmyList): void {
  const n = list.comments.length;
  if (n) out.drop('comments', `${n} comment line${n === 1 ? '' : 's'}`);
  if (list.stratagemPlan) out.drop('plan', 'the STRATAGEMS plan');
  if (list.opponent) out.drop('opponent', 'the OPPONENT line');
}

/** Why a list is not converted (parse errors), or undefined. */
export function convertRefusal(list: ArmyList): string | undefined {
  const blocking = list.errors.filter((e) => e.code !== 'stratagem-syntax');
  if (blocking.length) return `the list has ${blocking.length} parse error(s) (first: ${blocking[0].message}); fix them before converting`;
  if (!list.units.length) return 'the list has no units to convert';
  return undefined;
}
