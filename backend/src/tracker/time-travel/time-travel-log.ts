import type { Knex } from 'knex';
import { LADDER_STREAM, type MatchRecorded } from '@team/contracts';

/** A ladder event as time travel folds it. */
export interface LadderLogRow {
  position: number;
  revision: number;
  type: string;
  data: unknown;
}

/**
 * What time travel reads of the log itself: the PostgreSQL implementation is below, the
 * KurrentDB one in kurrentdb-time-travel-log.ts; open-time-travel-log.ts picks one with the store.
 */
export interface TimeTravelLog {
  /** The highest visible position (nothing below it can still appear). */
  head(): Promise<number>;
  /**
   * The end of the prefix of the log recorded at or before `time` (ms): a position at or after
   * the last event of that prefix and before the first event recorded after `time`; null when
   * no event was recorded after it (the point is then the head).
   */
  lastPositionAt(time: number): Promise<number | null>;
  /** Ladder events after a stream revision, up to a position, in order. */
  ladderEvents(afterRevision: number, upToPosition: number, limit: number): Promise<LadderLogRow[]>;
  /** The MatchRecorded data at these positions, by match id. */
  matches(positions: readonly number[]): Promise<Map<number, MatchRecorded['data']>>;
}

/** The Nest token of time travel's TimeTravelLog (open-time-travel-log.ts provides it). */
export const TIME_TRAVEL_LOG = Symbol('TIME_TRAVEL_LOG');

/**
 * What time travel reads of the PostgreSQL log, on its own small pool: each query is served
 * by an index (the primary key on position, `(stream_id, revision)`, `events_recorded_at_idx`),
 * so none of them costs more as the log grows, except the time lookup noted below.
 */
export class PostgresTimeTravelLog implements TimeTravelLog {
  constructor(private readonly knex: Knex) {}

  /** The highest visible position (appends commit in position order, so nothing below it is missing). */
  async head(): Promise<number> {
    const row = await this.knex('public.events').max({ head: 'position' }).first();
    return Number(row?.head ?? 0);
  }

  /**
   * The end of the prefix of the log recorded at or before `time`: the position just before
   * the first event recorded after it, or null when none is (the point is then the head).
   * The planner answers from the recorded_at index; its cost is the number of events after
   * `time`, which is why the resolved point is cached by the caller.
   */
  async lastPositionAt(time: number): Promise<number | null> {
    const row = await this.knex('public.events')
      .min({ first: 'position' })
      .where('recorded_at', '>', new Date(time).toISOString())
      .first();
    return row?.first === null || row?.first === undefined ? null : Number(row.first) - 1;
  }

  async ladderEvents(afterRevision: number, upToPosition: number, limit: number): Promise<LadderLogRow[]> {
    const rows: LadderLogRow[] = await this.knex('public.events')
      .select('position', 'revision', 'type', 'data')
      .where('stream_id', LADDER_STREAM)
      .andWhere('revision', '>', afterRevision)
      .andWhere('position', '<=', upToPosition)
      .orderBy('revision')
      .limit(limit);
    return rows.map((row) => ({ ...row, position: Number(row.position) }));
  }

  async matches(positions: readonly number[]): Promise<Map<number, MatchRecorded['data']>> {
    const found = new Map<number, MatchRecorded['data']>();
    if (positions.length === 0) return found;
    const rows: { data: MatchRecorded['data'] }[] = await this.knex('public.events')
      .select('data')
      .whereRaw('position = ANY(?::bigint[])', [positions as number[]])
      .andWhere('type', 'MatchRecorded');
    for (const { data } of rows) found.set(data.matchId, data);
    return found;
  }
}
