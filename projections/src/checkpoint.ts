import type { Knex } from 'knex';
import { runPrepared, type PreparedStatement } from './prepared-statements.js';

/**
 * The checkpoint of the live read tables: the projector, the rebuild, health, Operations and
 * read-your-writes all name this row unless a test gives another.
 */
export const READ_MODELS_CHECKPOINT = 'read-models';

/** NOTIFY channel on which each committed checkpoint is announced as `${name}:${position}`. */
export const CHECKPOINT_CHANNEL = 'projector_checkpoint';

export interface ProjectorStatus {
  name: string;
  active: boolean;
  position: number;
  lastError: string | null;
  updatedAt: string | null;
  /** The position the projector cannot get past (its event failed), or null. */
  failingPosition: number | null;
  /** Since when its attempts have failed on that position (ISO-8601), or null when not failing. */
  failingSince: string | null;
}

export async function readCheckpoint(knex: Knex, name: string): Promise<ProjectorStatus | null> {
  const row = await knex('projection_checkpoints').where({ name }).first();
  if (!row) return null;
  return {
    name,
    active: false,
    position: Number(row.position),
    lastError: row.last_error,
    updatedAt: new Date(row.updated_at).toISOString(),
    failingPosition: row.failing_position === null ? null : Number(row.failing_position),
    failingSince: row.failing_since === null ? null : new Date(row.failing_since).toISOString(),
  };
}

/** Creates the checkpoint row at position 0 unless it exists. */
export async function ensureCheckpoint(knex: Knex, name: string): Promise<void> {
  await knex('projection_checkpoints').insert({ name, position: 0 }).onConflict('name').ignore();
}

/** The checkpoint's move and its announcement, one prepared statement (it runs once per batch or inline append). */
const ADVANCE_CHECKPOINT: PreparedStatement = {
  name: 'projector_advance_checkpoint',
  text: `WITH moved AS (
           UPDATE projection_checkpoints
              SET position = $2::bigint, last_error = NULL, failing_position = NULL, failing_since = NULL, updated_at = now()
            WHERE name = $1
        RETURNING name)
         SELECT pg_notify('${CHECKPOINT_CHANNEL}', name || ':' || $2::text) FROM moved`,
};

/**
 * Moves the checkpoint to `position` inside the batch's transaction, clears any recorded
 * failure, and announces it to the processes waiting for read-your-writes.
 */
export async function advanceCheckpoint(trx: Knex.Transaction, name: string, position: number): Promise<void> {
  await runPrepared(trx, ADVANCE_CHECKPOINT, [name, position]);
}

/**
 * Records a failed attempt on the checkpoint row. `failing_since` is kept while the attempts
 * keep failing on the same position, so health can tell a stuck projector from a passing
 * hiccup. Best effort: the database may be what failed.
 */
export async function recordCheckpointFailure(knex: Knex, name: string, error: string | null, position: number | null): Promise<void> {
  await knex('projection_checkpoints')
    .where({ name })
    .update({
      last_error: error,
      failing_since: knex.raw(
        'CASE WHEN failing_since IS NOT NULL AND failing_position IS NOT DISTINCT FROM ?::bigint THEN failing_since ELSE now() END',
        [position],
      ),
      failing_position: position,
      updated_at: knex.fn.now(),
    })
    .catch(() => {});
}
