import type { MatchRecorded } from '@team/contracts';

// What the ladder's command side reads of the log itself, beside its stream: never a
// projection. Each log has its implementation (postgres-ladder-log.ts, kurrentdb-ladder-log.ts);
// open-ladder-log.ts picks the one that goes with the opened store.

/** A keyed MatchRecorded as the idempotency window reads it back: its data and its position in the log. */
export interface KeyedMatch {
  position: number;
  data: MatchRecorded['data'];
}

/**
 * The keyed MatchRecorded events recorded after `since`, up to a stream revision, oldest
 * first: what a ladder loaded from a snapshot (which keeps no Idempotency-Key answers) reads
 * to answer repeats within the window.
 */
export interface KeyedMatchLog {
  keyedMatchesSince(since: Date, upToRevision: number): Promise<KeyedMatch[]>;
}

/**
 * The Idempotency-Keys with a prefix that the ladder's MatchRecorded events carry. Keys are
 * honoured for a window (IDEMPOTENCY_WINDOW_HOURS) measured from each match's time, and the
 * demo's and an import's matches are dated weeks or years back: so a rerun of `npm run demo`
 * (`demo-{seed}-`) or of an import (`import:`) asks the log which of its matches exist.
 */
export interface RecordedKeyLog {
  recordedKeys(prefix: string): Promise<Set<string>>;
  /** The same keys, each with the request hash its match was recorded with: an import tells a rerun from another match under a reused key. */
  recordedKeyHashes(prefix: string): Promise<Map<string, string | null>>;
}

export type LadderLog = KeyedMatchLog & RecordedKeyLog;

/** The Nest token of the ladder's LadderLog (open-ladder-log.ts provides it). */
export const LADDER_LOG = Symbol('LADDER_LOG');
