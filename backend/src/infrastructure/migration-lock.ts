import type { Knex } from 'knex';

/** Session advisory lock held while one process migrates a database. */
export const MIGRATION_LOCK_KEY = 7_340_005;

/**
 * Runs `migrate` while this process holds the database's migration lock. knex's migrator
 * checks for its bookkeeping table and then creates it, so two processes starting together
 * (replicas behind a proxy, a projector pair) both try to create it and one fails with
 * 42P07. The lock is a session lock held on a connection of its own, because the migrations
 * run on other connections of the pool; the second process waits, then finds nothing to do.
 */
export async function withMigrationLock<T>(knex: Knex, migrate: () => Promise<T>): Promise<T> {
  const connection = (await knex.client.acquireConnection()) as { query(sql: string, values?: unknown[]): Promise<unknown> };
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await migrate();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
