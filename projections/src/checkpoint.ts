import type { Knex } from 'knex';

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

/**
 * Moves the checkpoint to `position` inside the batch's transaction, clears any recorded
 * failure, and announces it to the processes waiting for read-your-writes.
 */
export async function advanceCheckpoint(trx: Knex.Transaction, name: string, position: number): Promise<void> {
  await trx('projection_checkpoints')
    .where({ name })
    .update({ position, last_error: null, failing_position: null, failing_since: null, updated_at: trx.fn.now() });
  await trx.raw('SELECT pg_notify(?, ?)', [CHECKPOINT_CHANNEL, `${name}:${position}`]);
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
