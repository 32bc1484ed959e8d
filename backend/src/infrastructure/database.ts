import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// pg returns int8 and numeric as strings. Positions, counts and sums here stay far below
// 2^53, so numbers are the honest type for them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Read tables live in their own schema (`read_models`) so a rebuild can build a complete
 * copy beside them and swap it in by renaming schemas; the event log stays in `public`.
 * Unqualified names resolve through the search path.
 */
export const LIVE_SEARCH_PATH = ['read_models', 'public'];

export function createKnex(url: string, poolMax = 10, applicationName = 'team-site', searchPath = LIVE_SEARCH_PATH): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: applicationName },
    searchPath,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

/** Errors that mean the database cannot be reached (as opposed to a bad statement). */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'].includes(code)) {
    return true;
  }
  const name = (error as { name?: string } | null)?.name;
  return name === 'KnexTimeoutError';
}
