import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';
import { runPrepared, type PreparedStatement } from './prepared-statements.js';

/**
 * What an event store calls to project events in the transaction that appends them (as
 * Marten's inline projections do): the append and the read tables' changes commit together,
 * so a command's answer can read its own write at once, and the events are neither read back
 * from the log nor parsed again. The Projector implements it; its loop stays for everything
 * an append does not project (another stream, a read model behind, a rebuild's swap).
 */
export interface InlineProjection {
  /** Whether events appended to this stream are projected in their append's transaction. */
  projects(streamId: string): boolean;
  /**
   * Applies `events`, just appended in `trx` (which holds the log's append lock), and moves
   * the checkpoint past them; or does nothing and returns false, leaving them to the loop.
   * A projection's failure throws InlineProjectionFailedError: the store then appends the
   * events again without projecting them, as the append must not fail for a read model.
   */
  applyInline(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<boolean>;
  /** The transaction that applied events up to `position` inline committed. */
  committedInline(position: number): void;
}

/**
 * Locks the checkpoint row when the read tables are exactly at the log's head before
 * `firstPosition`: no committed event lies between the checkpoint and the events being
 * appended (the append lock keeps any from committing meanwhile). SKIP LOCKED: a projector
 * batch or another inline append holding the row means the loop is busy, so the events are
 * left to it rather than waited for. Under a rebuild's swap (an exclusive lock on the table)
 * the statement waits, and then finds the swapped-in checkpoint by name.
 */
export async function lockCheckpointAtHead(trx: Knex.Transaction, name: string, firstPosition: number): Promise<boolean> {
  return (await runPrepared(trx, LOCK_CHECKPOINT_AT_HEAD, [name, firstPosition])).length === 1;
}

const LOCK_CHECKPOINT_AT_HEAD: PreparedStatement = {
  name: 'projector_lock_checkpoint_at_head',
  text: `SELECT c.position FROM projection_checkpoints c
          WHERE c.name = $1
            AND NOT EXISTS (SELECT 1 FROM public.events e WHERE e.position > c.position AND e.position < $2::bigint)
          FOR UPDATE OF c SKIP LOCKED`,
};

/** A read model failed on events being appended: their append is written again alone, and the loop meets the failure. */
export class InlineProjectionFailedError extends Error {
  constructor(cause: unknown) {
    super(`inline projection failed: ${(cause as Error).message}`, { cause });
  }
}
