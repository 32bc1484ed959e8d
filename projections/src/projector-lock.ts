import type { Knex } from 'knex';

/** Session advisory lock held by the one active projector of a database. */
export const PROJECTOR_LOCK_KEY = 7_340_002;

interface LockConnection {
  query(sql: string, values?: unknown[]): Promise<{ rows: { locked?: boolean }[] }>;
}

/**
 * The election of the active projector: a session advisory lock per checkpoint name, held on
 * a pooled connection kept out of the pool while this instance is active. It only keeps a
 * standby from doing useless work; the checkpoint row lock is what keeps events applied once.
 */
export class ProjectorLock {
  private connection: LockConnection | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly name: string,
  ) {}

  get held(): boolean {
    return this.connection !== null;
  }

  /** True when this instance now holds the lock; false when another instance does. */
  async tryAcquire(): Promise<boolean> {
    const connection = (await this.knex.client.acquireConnection()) as LockConnection;
    try {
      const result = await connection.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
        PROJECTOR_LOCK_KEY,
        this.name,
      ]);
      if (result.rows[0]!.locked) {
        this.connection = connection;
        return true;
      }
    } catch (error) {
      await this.knex.client.releaseConnection(connection);
      throw error;
    }
    await this.knex.client.releaseConnection(connection);
    return false;
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
