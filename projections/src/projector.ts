import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import { runMigrations } from './migrations.js';
import { applyEvents, type Projection } from './projection.js';

export const CHECKPOINT_CHANNEL = 'projector_checkpoint';
/** Session advisory lock held by the one active projector of a database. */
export const PROJECTOR_LOCK_KEY = 7_340_002;

export type ProjectorReader = Pick<EventStore, 'readAll' | 'onAppended' | 'headPosition'>;

export interface ProjectorLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface ProjectorOptions {
  knex: Knex;
  reader: ProjectorReader;
  projections: readonly Projection[];
  /** Checkpoint name: one per set of read tables. */
  name?: string;
  batchSize?: number;
  logger?: ProjectorLogger;
  /** How long a standby waits before trying to become the active projector again. */
  standbyRetryMs?: number;
}

export interface ProjectorStatus {
  name: string;
  active: boolean;
  position: number;
  lastError: string | null;
  updatedAt: string | null;
}

const silent: ProjectorLogger = { info: () => {}, error: () => {} };

export const checkpointMigrations = [
  {
    name: '001_projection_checkpoints',
    async up(knex: Knex) {
      await knex.raw(`
        CREATE TABLE projection_checkpoints (
          name       text PRIMARY KEY,
          position   bigint      NOT NULL DEFAULT 0,
          last_error text,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
    },
  },
];

/** The schema the live read tables are in; a rebuild builds `${READ_MODEL_SCHEMA}_next` beside it. */
export const READ_MODEL_SCHEMA = 'read_models';

/**
 * Creates the checkpoint table and every projection's read tables in `schema`. The knex
 * instance's search path must start with that schema, so the projections' unqualified
 * table names land there.
 */
export async function migrateReadModels(
  knex: Knex,
  projections: readonly Projection[],
  schema: string = READ_MODEL_SCHEMA,
): Promise<void> {
  await knex.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await runMigrations(knex, 'read_model_migrations', [
    ...checkpointMigrations,
    ...projections.flatMap((p) => p.migrations.map((m) => ({ name: `${p.name}/${m.name}`, up: m.up }))),
  ], schema);
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
  };
}

/**
 * Applies the global log to the read tables. Each batch of events and the checkpoint that
 * follows it commit in one transaction, so a crash anywhere leaves either the whole batch
 * applied with its checkpoint or neither: no effect is lost or applied twice. The checkpoint
 * row is locked for the batch, so even two projectors that both think they are active
 * cannot apply one event twice; the advisory lock only keeps a standby from doing useless work.
 */
export class Projector {
  readonly name: string;
  private readonly knex: Knex;
  private readonly reader: ProjectorReader;
  private readonly projections: readonly Projection[];
  private readonly batchSize: number;
  private readonly logger: ProjectorLogger;
  private readonly standbyRetryMs: number;
  private running = false;
  private active = false;
  private position = 0;
  private lastError: string | null = null;
  private lockConnection: unknown = null;
  private wake: (() => void) | null = null;
  private pendingWake = false;
  private loop: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private readonly waiters = new Set<{ position: number; resolve: () => void }>();

  constructor(options: ProjectorOptions) {
    this.knex = options.knex;
    this.reader = options.reader;
    this.projections = options.projections;
    this.name = options.name ?? 'read-models';
    this.batchSize = options.batchSize ?? 500;
    this.logger = options.logger ?? silent;
    this.standbyRetryMs = options.standbyRetryMs ?? 2000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopListening = this.reader.onAppended(() => this.signal());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    this.signal();
    await this.loop;
    await this.releaseLock();
  }

  status(): ProjectorStatus {
    return { name: this.name, active: this.active, position: this.position, lastError: this.lastError, updatedAt: null };
  }

  /** Resolves once this projector has applied `position`, or false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Applies one batch; returns how many events it applied. Exposed for tests and rebuilds. */
  async processBatch(): Promise<number> {
    const { applied, last } = await this.knex.transaction(async (trx) => {
      const row = await trx('projection_checkpoints').where({ name: this.name }).forUpdate().first();
      const from = Number(row.position);
      // Read inside the lock: a projector that waited on the row sees the checkpoint the other committed.
      const events = await this.reader.readAll(from, this.batchSize);
      if (events.length === 0) return { applied: 0, last: from };
      await applyEvents(this.projections, events, trx);
      const last = events[events.length - 1]!.position;
      await trx('projection_checkpoints')
        .where({ name: this.name })
        .update({ position: last, last_error: null, updated_at: trx.fn.now() });
      await trx.raw('SELECT pg_notify(?, ?)', [CHECKPOINT_CHANNEL, `${this.name}:${last}`]);
      return { applied: events.length, last };
    });
    if (last > this.position) this.position = last;
    this.lastError = null;
    this.resolveWaiters();
    return applied;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (this.running) {
      try {
        if (!this.active) {
          this.active = await this.tryLock();
          if (!this.active) {
            await this.sleep(this.standbyRetryMs);
            continue;
          }
          this.logger.info('projector active', { name: this.name });
        }
        const applied = await this.processBatch();
        backoff = 250;
        if (applied === 0) await this.sleep(30_000);
      } catch (error) {
        this.lastError = (error as Error).message;
        this.logger.error('projection batch failed', { name: this.name, error: this.lastError });
        await this.knex('projection_checkpoints')
          .where({ name: this.name })
          .update({ last_error: this.lastError, updated_at: this.knex.fn.now() })
          .catch(() => {});
        if (this.lockConnection && !(await this.lockAlive())) {
          this.active = false;
          await this.releaseLock();
        }
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }

  private async tryLock(): Promise<boolean> {
    await this.knex('projection_checkpoints').insert({ name: this.name, position: 0 }).onConflict('name').ignore();
    const connection = await this.knex.client.acquireConnection();
    try {
      const result = await connection.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
        PROJECTOR_LOCK_KEY,
        this.name,
      ]);
      if (result.rows[0].locked) {
        this.lockConnection = connection;
        return true;
      }
    } catch (error) {
      await this.knex.client.releaseConnection(connection);
      throw error;
    }
    await this.knex.client.releaseConnection(connection);
    return false;
  }

  private async lockAlive(): Promise<boolean> {
    try {
      await (this.lockConnection as { query(sql: string): Promise<unknown> }).query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  private async releaseLock(): Promise<void> {
    const connection = this.lockConnection as { query(sql: string, values: unknown[]): Promise<unknown> } | null;
    if (!connection) return;
    this.lockConnection = null;
    this.active = false;
    await connection
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [PROJECTOR_LOCK_KEY, this.name])
      .catch(() => {});
    await this.knex.client.releaseConnection(connection).catch(() => {});
  }

  private resolveWaiters(): void {
    for (const waiter of this.waiters) if (waiter.position <= this.position) waiter.resolve();
  }

  private signal(): void {
    if (this.wake) this.wake();
    else this.pendingWake = true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.pendingWake || !this.running) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
