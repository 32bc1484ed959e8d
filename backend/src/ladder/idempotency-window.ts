import type { Knex } from 'knex';
import { LADDER_STREAM, type MatchRecorded } from './ladder.events.js';

/**
 * The keyed MatchRecorded events recorded after `since`, up to a stream revision, oldest
 * first: what a ladder loaded from a snapshot (which keeps no Idempotency-Key answers) reads
 * to answer repeats within the window. Read from the log itself, never from a projection, and
 * through its recorded_at index, so a restart reads one window's events, not the whole log.
 */
export async function keyedMatchesSince(
  knex: Knex,
  since: Date,
  upToRevision: number,
): Promise<{ position: number; data: MatchRecorded['data'] }[]> {
  const rows: { position: string; data: MatchRecorded['data'] }[] = await knex('public.events')
    .select('position', 'data')
    .where('recorded_at', '>', since)
    .andWhere({ stream_id: LADDER_STREAM, type: 'MatchRecorded' })
    .andWhere('revision', '<=', upToRevision)
    .andWhereRaw(`data->>'idempotencyKey' IS NOT NULL`)
    .orderBy('position');
  return rows.map((row) => ({ position: Number(row.position), data: row.data }));
}
