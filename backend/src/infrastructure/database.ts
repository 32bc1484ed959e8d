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

const ignore = () => {};

export function createKnex(
  url: string,
  poolMax = 10,
  applicationName = 'team-site',
  searchPath = LIVE_SEARCH_PATH,
  /** Server settings for every session of the pool, as `-c name=value` flags. */
  sessionOptions?: string,
): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: applicationName, ...(sessionOptions ? { options: sessionOptions } : {}) },
    searchPath,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    // knex's default logger prints every lost or refused connection with console.log: an
    // outage would flood stdout with unstructured stack traces beside the JSON logs. The same
    // errors reject the queries that needed the connection, and their callers log them.
    log: { warn: ignore, error: ignore, debug: ignore, deprecate: ignore },
  });
}

/**
 * pg's own errors for a connection lost under a query or a client left broken by one carry no
 * SQLSTATE code, only these messages (knex puts the statement in front of them).
 */
const LOST_CONNECTION_MESSAGE =
  /(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;

/** A session the server ends (a crash of another backend, a shutdown), in case its code is lost on the way. */
const TERMINATED_SESSION_MESSAGE = /terminating connection (because|due to)/;

/** SQLSTATEs of a server going down or coming back: admin_shutdown, crash_shutdown, cannot_connect_now, idle_session_timeout. */
const SHUTDOWN_CODES = ['57P01', '57P02', '57P03', '57P05'];

/** Errors that mean the database cannot be reached (as opposed to a bad statement). */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', ...SHUTDOWN_CODES].includes(code)) {
    return true;
  }
  // Class 08: connection exceptions.
  if (code?.startsWith('08')) return true;
  const { name, message } = (error ?? {}) as { name?: string; message?: unknown };
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && (LOST_CONNECTION_MESSAGE.test(message) || TERMINATED_SESSION_MESSAGE.test(message));
}

/** How deep a chain of `cause`s is followed (an error wrapping a database error, such as EventStoreUnavailableError). */
const MAX_CAUSES = 5;

/** `error` and the errors it wraps (`cause`), nearest first. */
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length <= MAX_CAUSES; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}

/** The disk under the database is full (disk_full, or the operating system's ENOSPC in a message). */
export function isDiskFullError(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const { code, message } = link as { code?: unknown; message?: unknown };
    return code === '53100' || code === 'ENOSPC' || (typeof message === 'string' && /No space left on device/.test(message));
  });
}

/**
 * The database cannot serve now but may again soon, so the caller should try later (503): it
 * cannot be reached, it is going down or coming back after a crash, or it is out of something:
 * class 53 (insufficient resources: disk full, memory, connections) or 58030 (an I/O error of
 * its storage). Wrapped errors count too.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return errorChain(error).some((link) => {
    if (isConnectionError(link)) return true;
    const code = (link as { code?: unknown }).code;
    return typeof code === 'string' && (code.startsWith('53') || code === '58030');
  }) || isDiskFullError(error);
}
