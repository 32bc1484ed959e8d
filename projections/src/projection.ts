import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';

export interface Migration {
  /** Unique within its migration table; applied in list order, once. */
  name: string;
  up(knex: Knex): Promise<void>;
  /**
   * The read model's rows for events projected before this migration are right only after a
   * replay: the migration adds a table that events fill, or goes with a handler whose effect
   * changed. A read model's first migration implies it. Run on read tables already past the
   * log's start, it marks them for a rebuild (see migrateReadModels).
   */
  replay?: boolean;
}

/**
 * A read model's write side: the tables it owns and how each event changes them.
 * `apply` runs inside the projector's batch transaction, or an inline append's (see
 * inline-projection.ts), together with the checkpoint, so it must use `trx` for every
 * statement and must not recompute decisions the event already records. Inline, it gets
 * the events as they were appended, not read back: it must not rely on anything the store
 * adds on reading.
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
  /**
   * Optional: the event types whose handlers only write in bulk, keyed by primary keys (the
   * run handlers'). A rebuild loads them before building its secondary indexes; any other
   * handled type gets the indexes first (see rebuild-indexes.ts).
   */
  readonly runTypes?: ReadonlySet<string>;
}

/** An event of the union `E` with the given type, as the log hands it over. */
export type RecordedOf<E extends { type: string; data: unknown }, K extends E['type']> = RecordedEvent<Extract<E, { type: K }>>;

/** One handler per event type of `E`: leaving one out fails to compile. */
export type EventHandlers<E extends { type: string; data: unknown }> = {
  [K in E['type']]: (event: RecordedOf<E, K>, trx: Knex.Transaction) => Promise<void>;
};

/** Handlers for runs of consecutive events of one type, for the types worth batching. */
export type RunHandlers<E extends { type: string; data: unknown }> = {
  [K in E['type']]?: (events: readonly RecordedOf<E, K>[], trx: Knex.Transaction) => Promise<void>;
};

export interface ProjectionDefinition<E extends { type: string; data: unknown }> {
  name: string;
  tables: readonly string[];
  migrations: readonly Migration[];
  /** The events the read model cares about, one typed handler each. */
  handlers: EventHandlers<E>;
  runHandlers?: RunHandlers<E>;
}

type AnyHandler = (event: RecordedEvent, trx: Knex.Transaction) => Promise<void>;
type AnyRunHandler = (events: readonly RecordedEvent[], trx: Knex.Transaction) => Promise<void>;

/**
 * Builds a projection from typed handlers per event: every read model dispatches the same
 * way. The handler map is keyed by event type, so the one cast from the log's untyped
 * event to the union member lives here, after the type has been checked.
 */
export function defineProjection<E extends { type: string; data: unknown }>(definition: ProjectionDefinition<E>): Projection {
  const handlers = definition.handlers as unknown as Record<string, AnyHandler>;
  const runHandlers = (definition.runHandlers ?? {}) as Record<string, AnyRunHandler | undefined>;
  const handled = new Set(Object.keys(handlers));
  const apply = async (event: RecordedEvent, trx: Knex.Transaction): Promise<void> => {
    if (handled.has(event.type)) await handlers[event.type]!(event, trx);
  };
  const projection: Projection = {
    name: definition.name,
    tables: definition.tables,
    migrations: definition.migrations,
    canHandle: (type) => handled.has(type),
    apply,
    ...(definition.runHandlers ? { runTypes: new Set(Object.keys(definition.runHandlers)) } : {}),
  };
  if (definition.runHandlers) {
    projection.applyRun = async (events, trx) => {
      const run = runHandlers[events[0]!.type];
      if (run) return run(events, trx);
      for (const event of events) await apply(event, trx);
    };
  }
  return projection;
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
