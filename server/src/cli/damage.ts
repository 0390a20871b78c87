// `auspex damage --json`: one damage scenario on standard input, the exact
// result on standard output. Bad input is a usage error naming the field.
import { computeDamage } from '../service/domain/damage/engine';
import { parseScenario } from '../service/domain/damage/validateScenario';
import { CliError, CliIO, EXIT_OK } from './io';

export function damageCommand(io: CliIO): number {
  let json: unknown;
  try {
    json = JSON.parse(io.readStdin());
  } catch (e) {
    throw new CliError(`auspex damage: standard input is not JSON: ${(e as Error).message}`);
  }
  const parsed = parseScenario(json);
  if ('error' in parsed) throw new CliError(`auspex damage: ${parsed.error}`);
  io.out(JSON.stringify(computeDamage(parsed.scenario), null, 2) + '\n');
  return EXIT_OK;
}
