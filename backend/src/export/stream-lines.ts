import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** How long an export waits for a client to take a full buffer before giving up on it. */
export const EXPORT_DRAIN_TIMEOUT_MS = 30_000;

/** How an export's stream ended: sent whole, the client gone, cut for not reading, or cut at its time limit. */
export type StreamOutcome = 'sent' | 'closed' | 'stalled' | 'expired';

export interface StreamLimits {
  drainTimeoutMs?: number;
  /** The export's whole time, however the client reads: past it the response is destroyed. */
  maxMs?: number;
}

/**
 * Writes `chunks` to the response as they come, waiting for the socket to drain whenever its
 * buffer is full: an export of the whole log never sits in memory, only a page of it. Stops
 * (the generator's `finally` runs, releasing its transaction) when the client goes away, when
 * it stops reading for `drainTimeoutMs`, or when the export has run `maxMs`: then the response
 * is destroyed, so a few slow or stalled clients cannot hold every export slot for good. A
 * page still being read when the response closes is not waited for: the slot is given back at
 * once, and the source is closed once that read returns.
 */
export async function streamChunks(
  response: ServerResponse,
  chunks: AsyncIterable<string>,
  { drainTimeoutMs = EXPORT_DRAIN_TIMEOUT_MS, maxMs }: StreamLimits = {},
): Promise<StreamOutcome> {
  let expired = false;
  const deadline =
    maxMs === undefined
      ? undefined
      : setTimeout(() => {
          expired = true;
          response.destroy();
        }, maxMs);
  const closed = once(response, 'close').then(() => 'closed' as const);
  const iterator = chunks[Symbol.asyncIterator]();
  const finish = (outcome: StreamOutcome): StreamOutcome => {
    clearTimeout(deadline);
    return expired ? 'expired' : outcome;
  };
  try {
    for (;;) {
      if (response.destroyed) return finish('closed');
      const next = await Promise.race([iterator.next(), closed]);
      if (next === 'closed') {
        // An async generator takes the return after the read under way: not awaited here.
        void iterator.return?.()?.catch(() => undefined);
        return finish('closed');
      }
      if (next.done) break;
      if (response.destroyed) return finish('closed');
      if (!response.write(next.value)) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<'stalled'>((resolve) => {
          timer = setTimeout(() => resolve('stalled'), drainTimeoutMs);
        });
        const outcome = await Promise.race([once(response, 'drain').then(() => 'drained' as const), closed, stalled]);
        clearTimeout(timer);
        if (outcome === 'stalled') response.destroy();
        if (outcome !== 'drained') {
          await iterator.return?.();
          return finish(outcome);
        }
      }
    }
  } catch (error) {
    clearTimeout(deadline);
    throw error;
  }
  response.end();
  return finish('sent');
}
