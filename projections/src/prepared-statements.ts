import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * A statement run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call, and knex builds and compiles nothing. For the hot
 * statements: the event store's append and reads, and the read models' writes of a recorded
 * match. Inside a transaction, `knex` is the transaction: its one connection runs the statement.
 * Table names resolve through the connection's search path when the statement is prepared,
 * and again whenever PostgreSQL invalidates the plan (a rebuild's swap renames the schemas).
 */
export interface PreparedStatement {
  /** Unique per statement text: pg keeps one prepared statement of each name per connection. */
  name: string;
  text: string;
}

/** The pool's own calls: knex takes back a connection that broke (it watches its 'error' and 'end'). */
interface PoolOfClients {
  acquireConnection(): Promise<pg.Client>;
  releaseConnection(connection: pg.Client): Promise<void>;
}

/** Runs `statement` with `values` on a connection of `knex`'s pool and returns its rows. */
export async function runPrepared<Row extends object>(knex: Knex, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const pool = knex.client as unknown as PoolOfClients;
  const connection = await pool.acquireConnection();
  try {
    const result = await connection.query<Row>({ name: statement.name, text: statement.text, values });
    return result.rows;
  } finally {
    await pool.releaseConnection(connection);
  }
}
