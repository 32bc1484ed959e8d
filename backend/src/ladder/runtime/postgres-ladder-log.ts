import type { Knex } from 'knex';
import { LADDER_STREAM, type MatchRecorded } from '@team/contracts';
import type { KeyedMatch, LadderLog } from './ladder-log.js';

/** The ladder's own reads of PostgreSQL's `public.events`, through the log's indexes. */
export class PostgresLadderLog implements LadderLog {
  constructor(private readonly knex: Knex) {}

  /** Reads through the log's recorded_at index, so a restart reads one window's events, not the whole log. */
  async keyedMatchesSince(since: Date, upToRevision: number): Promise<KeyedMatch[]> {
    const rows: { position: string; data: MatchRecorded['data'] }[] = await this.knex('public.events')
      .select('position', 'data')
      .where('recorded_at', '>', since)
      .andWhere({ stream_id: LADDER_STREAM, type: 'MatchRecorded' })
      .andWhere('revision', '<=', upToRevision)
      .andWhereRaw(`data->>'idempotencyKey' IS NOT NULL`)
      .orderBy('position');
    return rows.map((row) => ({ position: Number(row.position), data: row.data }));
  }

  async recordedKeys(prefix: string): Promise<Set<string>> {
    return new Set((await this.recordedKeyHashes(prefix)).keys());
  }

  async recordedKeyHashes(prefix: string): Promise<Map<string, string | null>> {
    // left() rather than LIKE: a prefix may hold % or _.
    const rows: { key: string; hash: string | null }[] = await this.knex('public.events')
      .where({ stream_id: LADDER_STREAM, type: 'MatchRecorded' })
      .whereRaw(`left(data->>'idempotencyKey', ?) = ?`, [prefix.length, prefix])
      .select(this.knex.raw(`data->>'idempotencyKey' AS key, data->>'requestHash' AS hash`));
    return new Map(rows.map((row) => [row.key, row.hash]));
  }
}
