import type { MatchRecorded } from '@team/contracts';
import type { LadderState } from './ladder.state.js';
import { recordMatchResponse } from './record-match/record-match.response.js';

// The idempotency window (IDEMPOTENCY_WINDOW_HOURS): the ladder keeps the answers of one
// window's keyed matches in memory, forgets older ones, and reads the window again from the
// log after loading a snapshot (which keeps none).

/** How long a repeated Idempotency-Key gets its first answer (IDEMPOTENCY_WINDOW_HOURS). */
export const DEFAULT_IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/** Keeps the answer of a keyed MatchRecorded, for repeats of its Idempotency-Key. */
export function rememberAnswer(state: LadderState, data: MatchRecorded['data'], position: number): void {
  if (data.idempotencyKey === null) return;
  // Deleted first so a key reused after its window moves to the end: the map stays oldest first.
  state.answers.delete(data.idempotencyKey);
  state.answers.set(data.idempotencyKey, {
    requestHash: data.requestHash,
    response: recordMatchResponse(data, position),
    recordedAt: Date.parse(data.recordedAt),
  });
}

/**
 * Forgets the Idempotency-Key answers recorded before the window that ends at `now`, so the
 * map holds one window's keys however long the ladder runs. Returns how many it dropped.
 */
export function evictAnswers(state: LadderState, now: Date, windowMs: number): number {
  const cutoff = now.getTime() - windowMs;
  let evicted = 0;
  // Oldest first (see evolve; log order, which is time order up to the clock skew between
  // processes), so the scan stops at the first answer in the window. decide checks the window
  // itself, so an answer kept a little longer never outlives it.
  for (const [key, answer] of state.answers) {
    if (answer.recordedAt > cutoff) break;
    state.answers.delete(key);
    evicted++;
  }
  return evicted;
}
