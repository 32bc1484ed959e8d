import { once } from 'node:events';
import type { Response } from 'express';

/**
 * Writes `chunks` to the response as they come, waiting for the socket to drain whenever its
 * buffer is full: an export of the whole log never sits in memory, only a page of it. Stops
 * reading (the generator's `finally` runs) when the client goes away.
 */
export async function streamChunks(response: Response, chunks: AsyncIterable<string>): Promise<void> {
  const closed = once(response, 'close').then(() => 'closed' as const);
  for await (const chunk of chunks) {
    if (response.destroyed) return;
    if (!response.write(chunk)) {
      const outcome = await Promise.race([once(response, 'drain').then(() => 'drained' as const), closed]);
      if (outcome === 'closed') return;
    }
  }
  response.end();
}
