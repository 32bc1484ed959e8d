import type { Knex } from 'knex';
import type { RebuildProgress, RecordedEvent } from '@team/contracts';
import { applyEvents, type Projection } from './projection.js';
import { READ_MODELS_CHECKPOINT } from './checkpoint.js';
import type { ProjectorReader } from './projector.js';
import { migrateReadModels, READ_MODEL_SCHEMA } from './read-model-schema.js';
import { DeferredIndexes } from './rebuild-indexes.js';
import { RebuildLanes } from './rebuild-lanes.js';
import { LogReadAhead, type RangeReader } from './rebuild-reads.js';
import { SetAsideEvents } from './set-aside-events.js';

/** The wire type of the Operations screen, re-exported for callers of rebuildReadModels. */
export type { RebuildProgress };

/** Batches a rebuild applies at once (each on every read model's connection) while it reads the next. */
const MAX_BATCHES_APPLYING = 2;

/** Held for the whole rebuild: one rebuild at a time per database. */
export const REBUILD_LOCK_KEY = 7_340_003;
export const NEXT_SCHEMA = `${READ_MODEL_SCHEMA}_next`;
/** Where the live tables go at the swap, until they are dropped. */
export const OLD_SCHEMA = `${READ_MODEL_SCHEMA}_old`;

/** A store that can count its events cheaply (PostgreSQL); progress then shows an exact total. */
export interface EventCounter {
  /** Events at or below `position`. */
  countUpTo(position: number): Promise<number>;
}

export interface RebuildOptions {
  /** A connection pool on the live search path (`read_models, public`). */
  liveKnex: Knex;
  /** Opens a pool whose search path is the given schemas (closed by the rebuild). */
  openKnex(searchPath: string[]): Knex;
  /**
   * The log. When it also counts (EventCounter) the progress total is exact; otherwise (KurrentDB,
   * whose positions are byte offsets and which keeps no count) it is estimated from how far
   * through the head's position the rebuild is. A store that reads by position range
   * (RangeReader) is read several stretches ahead (see LogReadAhead).
   */
  reader: ProjectorReader & Partial<EventCounter & RangeReader>;
  projections: readonly Projection[];
  checkpointName?: string;
  batchSize?: number;
  /** Events each read model gathers across batches before applying them (see RebuildLanes). */
  eventsPerApply?: number;
  onProgress?(progress: RebuildProgress): void;
  now?: () => number;
  /**
   * Aborting it (on shutdown) stops the rebuild after the batch being applied: it drops its
   * half-built schema and rejects with RebuildAbortedError. Once the swap has begun it finishes.
   */
  signal?: AbortSignal;
  /** Called once the rebuild holds its lock (a RebuildAlreadyRunningError comes before it, if at all). */
  onLocked?(): void;
}

export class RebuildAlreadyRunningError extends Error {
  constructor() {
    super('A rebuild is already running.');
    this.name = 'RebuildAlreadyRunningError';
  }
}

/** The rebuild was stopped through its signal (a shutdown): the live read models are unchanged. */
export class RebuildAbortedError extends Error {
  constructor() {
    super('The rebuild was stopped before its swap; the live read models are unchanged.');
    this.name = 'RebuildAbortedError';
  }
}

/**
 * Replays the whole log into fresh read tables beside the live ones, then swaps them in
 * with one transaction. Readers keep being served from the live tables throughout and
 * see either the old complete state or the new one, never a half-built one.
 *
 * The swap transaction first takes an exclusive lock on the live checkpoint table, which
 * waits for a running projector batch to commit and holds off the next one. PostgreSQL
 * looks a table name up again after waiting for its lock, so the live projector's next
 * batch finds the new checkpoint (already at the head) instead of applying anything twice.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<{ events: number; seconds: number }> {
  const now = options.now ?? Date.now;
  const name = options.checkpointName ?? READ_MODELS_CHECKPOINT;
  const lockConnection = await options.liveKnex.client.acquireConnection();
  const started = now();
  let next: Knex | null = null;
  /** Whether this rebuild holds the lock, so the next schema is its own to drop on failure. */
  let ownsNextSchema = false;
  let swapped = false;
  const stopIfAborted = () => {
    if (options.signal?.aborted) throw new RebuildAbortedError();
  };
  try {
    stopIfAborted();
    const locked = await lockConnection.query('SELECT pg_try_advisory_lock($1) AS locked', [REBUILD_LOCK_KEY]);
    if (!locked.rows[0].locked) throw new RebuildAlreadyRunningError();
    ownsNextSchema = true;
    options.onLocked?.();

    // Leftovers of a rebuild that died: a half-built next schema (before its swap) or the
    // previous live tables (after its swap, before their drop), which would make the rename fail.
    await options.liveKnex.raw(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE`);
    await options.liveKnex.raw(`DROP SCHEMA IF EXISTS ${OLD_SCHEMA} CASCADE`);
    next = options.openKnex([NEXT_SCHEMA, 'public']);
    await migrateReadModels(next, options.projections, NEXT_SCHEMA);
    await next('projection_checkpoints').insert({ name, position: 0 });

    const head = await options.reader.headPosition();
    const counted = options.reader.countUpTo ? await options.reader.countUpTo(head) : null;
    let done = 0;
    /** The next schema's checkpoint, as `applyBatch` moves it. */
    let position = 0;
    const report = (phase: RebuildProgress['phase']) => {
      const total = counted ?? estimateTotal(done, position, head);
      const seconds = Math.max(0.001, (now() - started) / 1000);
      const rate = done / seconds;
      options.onProgress?.({
        phase,
        done: Math.min(done, total),
        total,
        ratePerSecond: rate,
        secondsLeft: rate > 0 ? Math.max(0, (total - done) / rate) : null,
      });
    };
    report('building');

    // The events set aside now are skipped, as the live projector skipped them. An undone
    // set-aside is applied again here, although the live tables skipped it.
    const setAside = new SetAsideEvents(options.reader);
    await setAside.refresh();
    const kept = (events: readonly RecordedEvent[]) => events.filter((event) => !setAside.has(event.position));

    /** Applies a batch to the next schema and moves its checkpoint past it, in `trx` (the swap's catch-up). */
    const applyBatch = async (trx: Knex.Transaction, events: readonly RecordedEvent[]) => {
      await applyEvents(options.projections, kept(events), trx);
      position = events[events.length - 1]!.position;
      await trx('projection_checkpoints').where({ name }).update({ position, last_error: null, updated_at: trx.fn.now() });
      done += events.length;
    };

    // The load: each read model gathers several batches and applies them on its own connection
    // (RebuildLanes), its secondary indexes built after its load, while the next batch is read.
    const indexes = await DeferredIndexes.drop(next, NEXT_SCHEMA, options.projections);
    const lanes = new RebuildLanes(next, options.projections, indexes, options.eventsPerApply);
    const batchSize = options.batchSize ?? 5000;
    const reads = new LogReadAhead(options.reader, position, head, batchSize);
    /** Batches being applied, oldest first; a bound keeps the read from running far ahead. */
    const applying: Promise<void>[] = [];
    try {
      for (;;) {
        const events = await reads.next();
        if (events.length === 0) break;
        const last = events[events.length - 1]!.position;
        const applied = lanes.add(kept(events)).then(() => {
          // A batch resolves once the apply before it is done, so a short last batch that starts
          // no apply can resolve before the batch ahead of it: the position only moves forward
          // (else the swap's catch-up applies that last batch a second time).
          position = Math.max(position, last);
          done += events.length;
          report('building');
        });
        applied.catch(() => {}); // awaited below, in order
        applying.push(applied);
        if (applying.length >= MAX_BATCHES_APPLYING) await applying.shift();
        if (options.signal?.aborted) break;
      }
      for (const applied of applying.splice(0)) await applied;
      if (!options.signal?.aborted) await lanes.finish();
    } finally {
      await reads.settle(); // no read left running on a pool about to close
      await lanes.settle();
    }
    stopIfAborted();
    await next('projection_checkpoints').where({ name }).update({ position, last_error: null, updated_at: next.fn.now() });
    await vacuumAnalyze(next, NEXT_SCHEMA);

    stopIfAborted();
    report('swapping');
    await next.transaction(async (trx) => {
      await trx.raw(`LOCK TABLE ${READ_MODEL_SCHEMA}.projection_checkpoints IN ACCESS EXCLUSIVE MODE`);
      await setAside.refresh();
      // Events appended since the build caught up: apply them inside the swap.
      for (;;) {
        const events = await options.reader.readAll(position, batchSize);
        if (events.length === 0) break;
        await applyBatch(trx, events);
      }
      await trx.raw(`ALTER SCHEMA ${READ_MODEL_SCHEMA} RENAME TO ${OLD_SCHEMA}`);
      await trx.raw(`ALTER SCHEMA ${NEXT_SCHEMA} RENAME TO ${READ_MODEL_SCHEMA}`);
    });
    swapped = true;
    await next.destroy();
    next = null;
    // Outside the swap: waits for readers still finishing a statement on the old tables.
    await options.liveKnex.raw(`DROP SCHEMA IF EXISTS ${OLD_SCHEMA} CASCADE`);
    report('done');
    return { events: done, seconds: (now() - started) / 1000 };
  } finally {
    await next?.destroy().catch(() => {});
    // Failed or stopped before the swap: the half-built tables go now, still under the lock.
    if (ownsNextSchema && !swapped) {
      await options.liveKnex.raw(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE`).catch(() => {});
    }
    await lockConnection.query('SELECT pg_advisory_unlock($1)', [REBUILD_LOCK_KEY]).catch(() => {});
    await options.liveKnex.client.releaseConnection(lockConnection);
  }
}

/**
 * VACUUM (ANALYZE) of every table in `schema`, once its load is done. Tables created and loaded
 * in one go have no planner statistics and no visibility map until autovacuum comes by, a
 * minute or more after the swap: until then the 1M-match ladder's recent matches read all
 * 8,000,000 lines with a parallel seq scan (450 ms, against 82 ms with statistics), and the
 * covering indexes' index-only scans fetch every heap page (docs/performance.md, "Scale curve").
 */
async function vacuumAnalyze(knex: Knex, schema: string): Promise<void> {
  const tables: { tablename: string }[] = (await knex.raw('SELECT tablename FROM pg_tables WHERE schemaname = ? ORDER BY tablename', [schema])).rows;
  if (tables.length === 0) return;
  await knex.raw(`VACUUM (ANALYZE) ${tables.map(({ tablename }) => `"${schema}"."${tablename}"`).join(', ')}`);
}

/** The events up to `head`, extrapolated from the `done` events read up to `position` (0 until a batch is read). */
function estimateTotal(done: number, position: number, head: number): number {
  if (position <= 0 || head <= 0) return done;
  return Math.max(done, Math.round((done * head) / Math.min(position, head)));
}

/** An order-independent checksum of each table's rows, to compare read models across a rebuild. */
export async function tableChecksums(knex: Knex, projections: readonly Projection[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const row = await knex
      .select(knex.raw(`count(*)::int AS n, coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS sum`))
      .from({ t: table })
      .first();
    sums[table] = `${row.n}:${row.sum}`;
  }
  return sums;
}
