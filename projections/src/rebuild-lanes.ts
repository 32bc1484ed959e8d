import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';
import { applyEvents, type Projection } from './projection.js';
import type { DeferredIndexes } from './rebuild-indexes.js';

/**
 * Events a lane gathers before it applies them, by default. The run handlers fold a run in
 * memory before they write (the players' totals: one upsert per player per run, however long
 * the run), so several read batches applied as one cost a fraction of their writes; the bound
 * keeps what is held in memory to a few batches.
 */
export const EVENTS_PER_APPLY = 20_000;

interface Lane {
  projection: Projection;
  /** Events read but not yet applied, in log order. */
  gathered: RecordedEvent[];
  /** The last apply queued on this lane's connection. */
  tail: Promise<void>;
}

/**
 * A rebuild's read models replayed side by side: each projection applies the log in order, in
 * transactions of its own on a connection of its own, while the others apply theirs and the
 * next batch is read. Projections own disjoint tables (see applyEvents), so only each one's own
 * order matters, and a projection only sees the events it handles, which applyRun's contract
 * (the effect of applying them one by one) makes safe to gather across batches. The live
 * projector's one-transaction batches are unchanged.
 *
 * Nothing else writes the rebuild's schema (its lock is held), so the applies commit without
 * waiting for their WAL flush: a crash before the swap leaves a half-built schema that the next
 * rebuild drops anyway.
 */
export class RebuildLanes {
  private readonly lanes: Lane[];

  constructor(
    private readonly knex: Knex,
    projections: readonly Projection[],
    private readonly indexes: DeferredIndexes,
    private readonly eventsPerApply = EVENTS_PER_APPLY,
  ) {
    this.lanes = projections.map((projection) => ({ projection, gathered: [], tail: Promise.resolve() }));
  }

  /**
   * Hands a batch to every lane. A lane that has gathered its bound starts applying it and goes
   * on gathering the next while that runs: the promise waits only for the apply before (so one
   * apply runs while the next is gathered, and no more is held), and rejects with the first
   * failure. A failed lane refuses every later apply.
   */
  add(events: readonly RecordedEvent[]): Promise<void> {
    return this.each((lane) => {
      for (const event of events) if (lane.projection.canHandle(event.type)) lane.gathered.push(event);
      if (lane.gathered.length < this.eventsPerApply) return Promise.resolve();
      const before = lane.tail;
      this.flush(lane).catch(() => {}); // its failure surfaces at the next add or at finish
      return before;
    });
  }

  /**
   * Applies what every lane still holds, then builds the lane's deferred indexes: a read model
   * whose load is over builds them while the others still load. Resolves once all is committed.
   */
  finish(): Promise<void> {
    return this.each(async (lane) => {
      await this.flush(lane);
      await this.indexes.restoreAfterLoad(lane.projection, this.knex);
    });
  }

  /** Settles every queued apply, failed or not: nothing is left running on the connections. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.lanes.map((lane) => lane.tail));
  }

  private async each(work: (lane: Lane) => Promise<void>): Promise<void> {
    await Promise.all(this.lanes.map(work));
  }

  private flush(lane: Lane): Promise<void> {
    const events = lane.gathered;
    if (events.length > 0) {
      lane.gathered = [];
      lane.tail = lane.tail.then(() =>
        this.knex.transaction(async (trx) => {
          await trx.raw('SET LOCAL synchronous_commit = off');
          await this.indexes.beforeApplying(lane.projection, events, trx);
          await applyEvents([lane.projection], events, trx);
        }),
      );
    }
    return lane.tail;
  }
}
