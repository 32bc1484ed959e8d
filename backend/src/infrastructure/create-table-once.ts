import type { Knex } from 'knex';

/**
 * For a table a component owns outside the migrations: a function that runs its
 * `CREATE TABLE IF NOT EXISTS` on first call and then answers at once. Two processes creating it
 * at once make one fail on the catalog's unique index: the other one won, which is just as good.
 * Any other failure rejects this call and lets the next one try again.
 */
export function tableCreator(knex: Knex, ddl: string): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= knex.raw(ddl).then(
      () => undefined,
      (error: { code?: string }) => {
        if (error.code === '23505' || error.code === '42P07') return;
        ready = null;
        throw error;
      },
    );
    return ready;
  };
}
