import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';

export interface Migration {
  /** Unique within its migration table; applied in list order, once. */
  name: string;
  up(knex: Knex): Promise<void>;
}

/**
 * A read model's write side: the tables it owns and how each event changes them.
 * `apply` runs inside the projector's batch transaction, together with the checkpoint,
 * so it must use `trx` for every statement and must not recompute decisions the event
 * already records.
 */
export interface Projection {
  readonly name: string;
  /** Tables this projection owns (read by checksums and rebuilds). */
  readonly tables: readonly string[];
  readonly migrations: readonly Migration[];
  canHandle(eventType: string): boolean;
  apply(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
  /**
   * Optional: applies consecutive events of one type in few statements, with exactly the
   * effect of applying them one by one. Busy logs and rebuilds are bound by round trips.
   */
  applyRun?(events: readonly RecordedEvent[], trx: Knex.Transaction): Promise<void>;
}

/**
 * Applies events in log order. Consecutive events of one type go to a projection's
 * `applyRun` together; projections own disjoint tables, so only each one's own order matters.
 */
export async function applyEvents(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  trx: Knex.Transaction,
): Promise<void> {
  for (let start = 0; start < events.length; ) {
    let end = start + 1;
    while (end < events.length && events[end]!.type === events[start]!.type) end++;
    const run = events.slice(start, end);
    for (const projection of projections) {
      if (!projection.canHandle(run[0]!.type)) continue;
      try {
        if (projection.applyRun && run.length > 1) await projection.applyRun(run, trx);
        else for (const event of run) await projection.apply(event, trx);
      } catch (error) {
        // Drivers put the whole statement in the message; the checkpoint's last_error wants the gist.
        const reason = (error as Error).message;
        const gist = reason.length > 300 ? `${reason.slice(0, 140)} … ${reason.slice(-140)}` : reason;
        throw new Error(
          `${projection.name} failed on ${run[0]!.type} at positions ${run[0]!.position}–${run[run.length - 1]!.position}: ${gist}`,
          { cause: error },
        );
      }
    }
    start = end;
  }
}
