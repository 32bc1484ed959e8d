/**
 * Reads until `done` holds or `timeoutMs` has passed, and returns the last value read: the
 * test's own expectation on it then says what was missing, instead of a bare timeout.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
