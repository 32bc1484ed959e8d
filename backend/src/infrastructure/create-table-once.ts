import type { Knex } from 'knex';

/**
 * Runs a `CREATE TABLE IF NOT EXISTS` for a table a component owns outside the migrations.
 * Two processes creating it at once make one fail on the catalog's unique index: the other
 * one won, which is just as good. Any other failure rejects, so the caller can try again.
 */
export async function createTableOnce(knex: Knex, ddl: string): Promise<void> {
  try {
    await knex.raw(ddl);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P07') throw error;
  }
}
