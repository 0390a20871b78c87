// The damage engine's cost bound. One computation (a lens's unit, one breakdown, one
// `auspex damage`) gets a budget of work units (BOUNDS.damageWork, about 1 s); every inner
// loop of the engine spends from it before it runs and a computation that would overrun it is
// refused with a BoundsError instead of freezing the process. Allocations spend too, so
// memory stays bounded by the same figure (8 bytes a unit at most). Spending is also the engine's cancellation
// checkpoint (`../checkpoint.ts`): every CHECK_EVERY units a cancelled request stops.
import { BOUNDS, BoundsError } from '../bounds';
import { checkpoint } from '../checkpoint';

/** Work units between two cancellation checkpoints (about 10 ms of the engine's work). */
const CHECK_EVERY = 1e6;
let sinceCheck = 0;

let left = Infinity;
let limit = Infinity;
let floats = Infinity;

/** Runs `f` with a work budget; nested calls share the outermost budget. */
export function withBudget<T>(f: () => T, work: number = BOUNDS.damageWork): T {
  if (left !== Infinity) return f();
  left = work;
  limit = work;
  floats = BOUNDS.damageFloats;
  try {
    return f();
  } finally {
    left = Infinity;
    limit = Infinity;
    floats = Infinity;
  }
}

/** Spends `n` work units; throws a BoundsError when the budget is exhausted. */
export function spend(n: number): void {
  left -= n;
  if ((sinceCheck += n) >= CHECK_EVERY) {
    sinceCheck = 0;
    checkpoint();
  }
  if (left < 0) {
    left = 0;
    throw new BoundsError(
      `too costly to compute exactly: more than ${limit.toExponential(1)} steps (the bound that keeps one computation under about 1 s); ` +
        'fewer models, attacks or target wounds make it computable',
    );
  }
}

/** Counts `n` numbers kept for the rest of a computation (joint tables, chain states) against BOUNDS.damageFloats. */
export function allocate(n: number): void {
  floats -= n;
  if (floats < 0) {
    floats = 0;
    throw new BoundsError(
      `too large to compute exactly: more than ${BOUNDS.damageFloats.toExponential(1)} numbers held at once (the memory bound of one computation); ` +
        'fewer models, attacks or target wounds make it computable',
    );
  }
}

/** Runs `f` within a budget of `work`; a BoundsError is returned rather than thrown, with the work spent either way. */
export function runBounded<T>(f: () => T, work: number): { value?: T; error?: BoundsError; spent: number } {
  if (left !== Infinity) throw new Error('runBounded inside a budget');
  left = work;
  limit = work;
  floats = BOUNDS.damageFloats;
  try {
    return { value: f(), spent: work - left };
  } catch (e) {
    if (e instanceof BoundsError) return { error: e, spent: work - Math.max(0, left) };
    throw e;
  } finally {
    left = Infinity;
    limit = Infinity;
    floats = Infinity;
  }
}
