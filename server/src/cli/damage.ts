// `auspex damage --json`: one damage scenario on standard input, the exact
// result on standard output. Bad input is a usage error naming the field.
import { computeDamage } from '../service/domain/damage/engine';
import { BoundsError } from '../service/domain/bounds';
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
  let result;
  try {
    result = computeDamage(parsed.scenario);
  } catch (e) {
    // Beyond the bounds (a number, a size, the cost): refused with the reason, never a crash or a freeze.
    if (e instanceof BoundsError) throw new CliError(`auspex damage: not computed: ${e.message}`);
    throw e;
  }
  io.out(JSON.stringify(result, null, 2) + '\n');
  return EXIT_OK;
}
