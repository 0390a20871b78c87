// Converts a parsed list into any export format Auspex reads (issue 26): `writeList(list, format, edition)` →
// the text and what the format could not hold (also said in the text's last line, a `#` comment Auspex reads).
// Pure: one module per format over one flattened army (model.ts); the parser (domain/parse) reads every output back.
import type { ArmyList } from '../../domain/parse/ast';
import type { Edition } from '../../domain/editions/edition';
import { WriteOptions, Written, armyOf } from './model';
import { writeApp } from './app';
import { writeAppV2 } from './appV2';
import { writeNrGw } from './nrGw';
import { writeNrTournament } from './nrTournament';
import { writeWarOrgan } from './warOrgan';
import { DefaultGear, writeCompact } from './compact';
import type { ConvertFormat } from './formats';

export type { Written, WriteOptions } from './model';
export type { DefaultGear } from './compact';
export { DROPPED_PREFIX } from './model';

export { CONVERT_FORMATS, FORMAT_DESCRIPTIONS, isConvertFormat } from './formats';
export type { ConvertFormat } from './formats';

export interface ConvertOptions extends WriteOptions {
  /** `compact`: the datasheet's default wargear, to leave it out. */
  defaults?: DefaultGear;
}

/** The list in `format`, in the edition's form (the list's own edition unless given). */
export function writeList(list: ArmyList, format: ConvertFormat, edition: Edition = list.editionShown ?? 10, opts: ConvertOptions = {}): Written {
  const army = armyOf(list, edition, opts);
  switch (format) {
    case 'app':
      return writeApp(list, army, opts.source ?? '');
    case 'app-v2':
      return writeAppV2(army);
    case 'nr-gw':
      return writeNrGw(army);
    case 'nr-tournament':
      return writeNrTournament(army);
    case 'warorgan':
      return writeWarOrgan(army);
    case 'compact':
      return writeCompact(army, opts.defaults);
  }
}

/** Why a list is not converted (parse errors), or undefined. */
export function convertRefusal(list: ArmyList): string | undefined {
  const blocking = list.errors.filter((e) => e.code !== 'stratagem-syntax');
  if (blocking.length) return `the list has ${blocking.length} parse error(s) (first: ${blocking[0].message}); fix them before converting`;
  if (!list.units.length) return 'the list has no units to convert';
  return undefined;
}
