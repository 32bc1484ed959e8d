import type { Knex } from 'knex';

/** Session advisory lock held by the one active projector of a database. */
export const PROJECTOR_LOCK_KEY = 7_340_002;

interface LockConnection {
  query(sql: string, values?: unknown[]): Promise<{ rows: { locked?: boolean }[] }>;
}

/**
 * Who holds the lock, for health and Operations: written by the holder on its lock connection
 * right after winning it. In `public`, not beside the checkpoint, because a rebuild swaps the
 * read-model schema and the lease must outlive that.
 */
export const PROJECTOR_LEASES_TABLE = 'public.projector_leases';

export async function migrateProjectorLeases(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS ${PROJECTOR_LEASES_TABLE} (
    name   text PRIMARY KEY,
    worker text NOT NULL,
    since  timestamptz NOT NULL,
    -- The backend holding the lock: a lease left by an earlier holder names nobody.
    pid    integer NOT NULL
  )`);
}

/** The worker that holds a checkpoint's projector lock now, and since when it has. */
export interface ActiveProjector {
  worker: string;
  /** Null in the moment between winning the lock and writing the lease. */
  since: string | null;
}

/**
 * The active projector of checkpoint `name`, or null when no worker holds its lock (all of
 * them stopped or killed: the read tables are not moving). The lock table is the truth, so a
 * killed worker's lease is never reported; the lease only names the holder.
 */
export async function readActiveProjector(knex: Knex, name: string): Promise<ActiveProjector | null> {
  const { rows } = (await knex.raw(
    `SELECT lease.worker, lease.since
       FROM pg_locks held
       LEFT JOIN ${PROJECTOR_LEASES_TABLE} lease ON lease.name = ? AND lease.pid = held.pid
      WHERE held.locktype = 'advisory' AND held.granted
        AND held.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND held.classid = ?::int4::oid AND held.objid = hashtext(?)::oid AND held.objsubid = 2`,
    [name, PROJECTOR_LOCK_KEY, name],
  )) as { rows: { worker: string | null; since: Date | null }[] };
  const row = rows[0];
  if (!row) return null;
  // The lock is held but its holder has not written its lease yet (a moment after winning).
  if (row.worker === null || row.since === null) return { worker: 'starting', since: null };
  return { worker: row.worker, since: new Date(row.since).toISOString() };
}

/**
 * The election of the active projector: a session advisory lock per checkpoint name, held on
 * a pooled connection kept out of the pool while this instance is active. It only keeps a
 * standby from doing useless work; the checkpoint row lock is what keeps events applied once.
 * A worker killed outright loses its session, and with it the lock, as soon as PostgreSQL
 * sees the connection close; a standby retrying every `standbyRetryMs` then takes over.
 */
export class ProjectorLock {
  private connection: LockConnection | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly name: string,
    /** This worker's name in the lease (WORKER_NAME, or host:pid). */
    private readonly worker: string,
  ) {}

  get held(): boolean {
    return this.connection !== null;
  }

  /** True when this instance now holds the lock (and has written its lease); false when another instance does. */
  async tryAcquire(): Promise<boolean> {
    const connection = (await this.knex.client.acquireConnection()) as LockConnection;
    let locked = false;
    try {
      const result = await connection.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [PROJECTOR_LOCK_KEY, this.name]);
      locked = result.rows[0]!.locked === true;
    } catch (error) {
      await this.knex.client.releaseConnection(connection);
      throw error;
    }
    if (!locked) {
      await this.knex.client.releaseConnection(connection);
      return false;
    }
    this.connection = connection;
    try {
      await connection.query(
        `INSERT INTO ${PROJECTOR_LEASES_TABLE} (name, worker, since, pid) VALUES ($1, $2, now(), pg_backend_pid())
         ON CONFLICT (name) DO UPDATE SET worker = excluded.worker, since = excluded.since, pid = excluded.pid`,
        [this.name, this.worker],
      );
    } catch (error) {
      // Never go back to the pool holding the lock: unlock, then let the caller retry later.
      await this.release();
      throw error;
    }
    return true;
  }

  /** Whether the connection holding the lock still answers (a lost session lost the lock). */
  async alive(): Promise<boolean> {
    try {
      await this.connection!.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async release(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    this.connection = null;
    await connection.query('SELECT pg_advisory_unlock($1, hashtext($2))', [PROJECTOR_LOCK_KEY, this.name]).catch(() => {});
    await this.knex.client.releaseConnection(connection).catch(() => {});
  }
}
