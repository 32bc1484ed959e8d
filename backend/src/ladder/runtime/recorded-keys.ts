import type { Knex } from 'knex';
import { LADDER_STREAM } from '../ladder.events.js';

/**
 * The Idempotency-Keys with a prefix that the ladder's MatchRecorded events carry, read from the
 * log itself. Keys are honoured for a window (IDEMPOTENCY_WINDOW_HOURS) measured from each
 * match's time, and the demo's and an import's matches are dated weeks or years back: so a
 * rerun of `npm run demo` (`demo-{seed}-`) or of an import (`import:`) asks the log which of its
 * matches exist. The PostgreSQL implementation is below, the KurrentDB one in kurrentdb-ladder-log.ts.
 */
export interface RecordedKeyLog {
  recordedKeys(prefix: string): Promise<Set<string>>;
  /** The same keys, each with the request hash its match was recorded with: an import tells a rerun from another match under a reused key. */
  recordedKeyHashes(prefix: string): Promise<Map<string, string | null>>;
}

export class PostgresRecordedKeyLog implements RecordedKeyLog {
  constructor(private readonly knex: Knex) {}

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
