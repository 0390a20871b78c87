// Polling for something the server sends asynchronously (a notification, a log message).

/** Waits until `get` returns a value; throws after `timeoutMs` naming `what` (a string or a function giving it). */
export async function until<T>(get: () => T | undefined, what: string | (() => string), timeoutMs = 10000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
