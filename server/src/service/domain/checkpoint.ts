// Cancellation checkpoints. Long work calls `checkpoint()` at points where stopping loses nothing (the damage
// engine through its work budget, `damage/budget.ts`; a loop over units or pairs); the shell running a request
// (the LSP layer) says how to tell that it was cancelled, with `cancellable`. A cancelled request then stops at its
// next checkpoint with `Cancelled` instead of running to its end. The core stays pure: it never reads a
// cancellation token, a file or a clock itself, and without a shell's probe a checkpoint does nothing.

/** Thrown at a checkpoint once the running request was cancelled: the shell answers RequestCancelled. */
export class Cancelled extends Error {
  constructor() {
    super('the request was cancelled');
    this.name = 'Cancelled';
  }
}

let probe: (() => boolean) | undefined;

/** Runs `f`, its checkpoints asking `isCancelled`; nested calls keep the outer probe too. */
export function cancellable<T>(isCancelled: () => boolean, f: () => T): T {
  const outer = probe;
  probe = outer ? () => outer() || isCancelled() : isCancelled;
  try {
    return f();
  } finally {
    probe = outer;
  }
}

/** Throws `Cancelled` when the request running this work was cancelled. */
export function checkpoint(): void {
  if (probe?.()) throw new Cancelled();
}
