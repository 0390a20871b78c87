// The bounds of issue 17 as figures: the worst damage scenario the engine accepts (the largest unit of a
// heavy profile under the work budget, found by bisection) and the largest list that still gets full
// analysis (just under 5,000 lines and 500 units): parse, diagnostics and lenses, cold.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BenchRow, measure } from './harness';
import { BOUNDS, BoundsError } from '../server/src/service/domain/bounds';
import { computeDamage, DamageScenario, ScenarioWeapon } from '../server/src/service/domain/damage/engine';
import { createLanguageService } from '../server/src/service/languageService';
import { parseArmyList } from '../server/src/service/domain/parse';

const W = (o: Partial<ScenarioWeapon>): ScenarioWeapon => ({ name: 'w', type: 'ranged', A: 2, skill: 3, S: 4, AP: -1, D: 1, abilities: [], models: 1, ...o });

/** A heavy profile (D6+3 attacks, D6+2 damage, sustained D3, lethal, Devastating Wounds) fired by `models` models at 10 × W3 with FNP 5+. */
const heavy = (models: number): DamageScenario => ({
  attacker: { weapons: [W({ A: 'D6+3', D: 'D6+2', models, abilities: ['SUSTAINED HITS D3', 'LETHAL HITS', 'DEVASTATING WOUNDS'] })] },
  target: { models: 10, T: 4, Sv: 3, W: 3, fnp: 5 },
});

const accepted = (s: DamageScenario) => {
  try {
    computeDamage(s);
    return true;
  } catch (e) {
    if (e instanceof BoundsError) return false;
    throw e;
  }
};

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

export function run(): BenchRow[] {
  const rows: BenchRow[] = [];
  // Worst accepted damage scenario: bisect the model count of the heavy profile against the work budget.
  let lo = 1;
  let hi: number = BOUNDS.modelsPerWeapon;
  if (accepted(heavy(hi))) lo = hi;
  else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (accepted(heavy(mid))) lo = mid;
      else hi = mid;
    }
  }
  const worst = heavy(lo);
  rows.push(measure(`bounds: worst accepted damage scenario (${lo} models, heavy profile)`, () => computeDamage(worst), { runs: 5, warmup: 1, note: 'with damage distribution; one more model is refused' }));
  const refused = heavy(Math.min(lo + 1, BOUNDS.modelsPerWeapon));
  rows.push(measure('bounds: the next one refused (work budget)', () => accepted(refused), { runs: 5, warmup: 1 }));
  const atBounds: DamageScenario = { attacker: { weapons: Array.from({ length: BOUNDS.weaponsPerScenario }, () => W({ A: BOUNDS.attacks, models: BOUNDS.modelsPerWeapon })) }, target: { models: 200, T: 4, Sv: 3, W: 25 } };
  rows.push(measure('bounds: 100 weapons × 200 models × A100 refused', () => accepted(atBounds), { runs: 5, warmup: 1 }));

  // Largest accepted list: the example's units repeated to just under the list limits.
  const example = fs.readFileSync(path.join(repoRoot(), 'examples', 'claw-of-ascension.army'), 'utf8');
  const at = example.search(/^OTHER DATASHEETS$/m);
  const header = example.slice(0, at);
  const body = example.slice(at).replace(/\s+$/, '') + '\n\n';
  const perBody = parseArmyList(header + body).units.length;
  let text = header;
  let units = 0;
  while ((text + body).split('\n').length < BOUNDS.listLines && units + perBody < BOUNDS.listUnits) {
    text += body;
    units += perBody;
  }
  const lines = text.split('\n').length;
  let v = 0;
  const fresh = () => TextDocument.create(`file:///bench-largest-${++v}.army`, 'army-list', 1, text);
  rows.push(measure(`bounds: largest accepted list, parse (${lines} lines, ${units} units)`, () => parseArmyList(text), { runs: 5, warmup: 1 }));
  rows.push(measure('bounds: largest accepted list, diagnostics (cold)', () => createLanguageService().diagnostics(fresh()), { runs: 5, warmup: 1 }));
  rows.push(measure('bounds: largest accepted list, lenses (cold cache)', () => createLanguageService().codeLenses(fresh()), { runs: 3, warmup: 1 }));
  return rows;
}
