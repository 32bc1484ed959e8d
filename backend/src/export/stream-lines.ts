import { once } from 'node:events';
import type { Response } from 'express';

/** How long an export waits for a client to take a full buffer before giving up on it. */
export const EXPORT_DRAIN_TIMEOUT_MS = 30_000;

/**
 * Writes `chunks` to the response as they come, waiting for the socket to drain whenever its
 * buffer is full: an export of the whole log never sits in memory, only a page of it. Stops
 * reading (the generator's `finally` runs, releasing its transaction) when the client goes
 * away, or when it stops reading for `drainTimeoutMs`: then the response is destroyed, so a
 * few stalled clients cannot hold every export slot and their connections for good.
 */
export async function streamChunks(
  response: Response,
  chunks: AsyncIterable<string>,
  { drainTimeoutMs = EXPORT_DRAIN_TIMEOUT_MS }: { drainTimeoutMs?: number } = {},
): Promise<void> {
  const closed = once(response, 'close').then(() => 'closed' as const);
  for await (const chunk of chunks) {
    if (response.destroyed) return;
    if (!response.write(chunk)) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<'stalled'>((resolve) => {
        timer = setTimeout(() => resolve('stalled'), drainTimeoutMs);
      });
      const outcome = await Promise.race([once(response, 'drain').then(() => 'drained' as const), closed, stalled]);
      clearTimeout(timer);
      if (outcome === 'stalled') response.destroy();
      if (outcome !== 'drained') return;
    }
  }
  response.end();
}
