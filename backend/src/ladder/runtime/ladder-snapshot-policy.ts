import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { rememberAnswer } from '../idempotency-window.js';
import type { KeyedMatchLog } from './ladder-log.js';
import type { LadderState } from '../ladder.state.js';
import { LadderSnapshotStore } from '../ladder-snapshot-store.js';
import { snapshotParts, type LadderSnapshot } from '../ladder.snapshot.js';

/** A snapshot every this many events: a restart then folds at most this many from the log. */
export const SNAPSHOT_EVERY = 2000;

/**
 * When the ladder's state is snapshotted and how a snapshot is started from. A snapshot is a
 * cache: one that cannot be read or saved only costs a longer load, so failures are logged,
 * never thrown.
 */
export class LadderSnapshotPolicy {
  /** Events between snapshots; tests lower it. */
  every = SNAPSHOT_EVERY;
  /** Revision of the newest snapshot written or read. */
  private revision = -1;
  private readonly store: LadderSnapshotStore;

  constructor(
    knex: Knex,
    private readonly logger: Logger,
    /** Where the window's keyed matches are read back from: the log itself. */
    private readonly keyedMatches: KeyedMatchLog,
  ) {
    this.store = new LadderSnapshotStore(knex);
  }

  /**
   * The newest snapshot, or null when there is none usable. Snapshots keep no Idempotency-Key
   * answers: those of the window that started at `windowStart` are read back from the log.
   */
  async load(windowStart: Date): Promise<LadderSnapshot | null> {
    const snapshot = await this.store.load().catch((error) => {
      this.logger.warn({ err: error }, 'ladder snapshot unreadable; folding the whole log');
      return null;
    });
    if (!snapshot) return null;
    for (const { position, data } of await this.keyedMatches.keyedMatchesSince(windowStart, snapshot.revision)) {
      rememberAnswer(snapshot.state, data, position);
    }
    this.revision = snapshot.revision;
    return snapshot;
  }

  /** Saves the state once `every` events have passed since the last snapshot. */
  maybeSave(state: LadderState, revision: number): void {
    if (revision - this.revision < this.every) return;
    // Taken now, while the state is at `revision`; written in the background, the players'
    // lines from where they are (snapshotParts).
    const serialized = snapshotParts(state);
    this.revision = revision;
    this.store.save(revision, serialized).catch((error) => this.logger.warn({ err: error, revision }, 'ladder snapshot not saved'));
  }

  /** The state was thrown away: the next one is measured from the start again. */
  reset(): void {
    this.revision = -1;
  }
}
