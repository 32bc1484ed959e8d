import type { Knex } from 'knex';

/** pg_advisory_xact_lock's key while a process creates a component's own tables. */
export const TABLE_CREATION_LOCK_KEY = 7_340_007;

/**
 * For a table a component owns outside the migrations: a function that runs its
 * `CREATE TABLE IF NOT EXISTS` on first call and then answers at once. `IF NOT EXISTS` does not
 * make two processes creating it at once safe: the loser fails on the catalog's unique indexes
 * (23505, 42P07, or 42710 for the table's row type), and a second API process starting beside
 * the first exited. So the statements run in one transaction under an advisory lock: the
 * second process waits for the first to commit, then finds every table there. Any failure
 * rejects this call and lets the next one try again.
 */
export function tableCreator(knex: Knex, ddl: string): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= knex
      .transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [TABLE_CREATION_LOCK_KEY]);
        await trx.raw(ddl);
      })
      .then(
        () => undefined,
        (error: unknown) => {
          ready = null;
          throw error;
        },
      );
    return ready;
  };
}
