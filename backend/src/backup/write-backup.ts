import path from 'node:path';
import type { Knex } from 'knex';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileWriter,
  backupFileName,
  BackupRefusedError,
  SEQUENCES_SECTION,
  type BackupHeader,
  type BackupSection,
} from './backup-file.js';
import { EVENTS_TABLE, KEPT_TABLES, type KeptTable } from './kept-data.js';

export interface WriteBackupOptions {
  /** The file to write; without it, `dir`/backup-<time>-pos<head>.ndjson.gz. */
  file?: string;
  dir?: string;
  /** The snapshot's time, for the header and the file name. */
  now(): Date;
  /** Aborting it stops the backup between two pages; the half-written file is removed. */
  signal?: AbortSignal;
  /** Rows per keyset page. */
  pageSize?: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  head: number;
  events: number;
  seconds: number;
}

/** A connection of the pool, as pg gives it. */
interface Connection {
  query(sql: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * Writes one backup file of everything the log cannot give back (kept-data.ts), as one snapshot:
 * a single REPEATABLE READ, READ ONLY transaction, so the file holds exactly the events up to
 * its header's head position and the other tables as they were at that moment, however many
 * appends commit meanwhile. Appends make their positions visible in order (the append lock), so
 * no event below the head is missing. Rows are streamed page by page (keyset on each table's
 * key), never all in memory, and written through gzip with backpressure.
 */
export async function writeBackup(knex: Knex, options: WriteBackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const pageSize = options.pageSize ?? 2000;
  const connection: Connection = await knex.client.acquireConnection();
  let writer: BackupFileWriter | null = null;
  try {
    await connection.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // The first statement takes the snapshot every later one reads.
    const head = await readHead(connection);
    const createdAt = options.now();
    const tables = await presentTables(connection);
    const sections: BackupSection[] = [];
    for (const table of tables) sections.push({ name: table.name, rows: await countRows(connection, table.name), columns: await columnsOf(connection, table.name) });
    const sequences = await sequenceRows(connection);
    sections.push({ name: SEQUENCES_SECTION, rows: sequences.length, columns: sequences.length ? Object.keys(JSON.parse(sequences[0]!)) : [] });
    const events = sections[0]!.rows;
    const postgres = (await connection.query('SHOW server_version')).rows[0].server_version as string;
    const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, createdAt: createdAt.toISOString(), head, events, sections, postgres };

    writer = new BackupFileWriter(options.file ?? path.join(options.dir ?? '.', backupFileName(createdAt, head)));
    await writer.write([JSON.stringify(header)]);
    for (const [i, section] of sections.entries()) {
      await writer.write([JSON.stringify({ section: section.name, rows: section.rows })]);
      if (section.name === SEQUENCES_SECTION) {
        await writer.write(sequences);
        continue;
      }
      let written = 0;
      for await (const page of keysetPages(connection, tables[i]!, tables[i]!.pageRows ?? pageSize)) {
        if (options.signal?.aborted) throw new Error('The backup was stopped.');
        written += page.length;
        await writer.write(page);
      }
      if (written !== section.rows) throw new Error(`${section.name} gave ${written} rows where its count said ${section.rows}`);
    }
    await connection.query('COMMIT');
    const bytes = await writer.finish();
    return { file: writer.file, bytes, head, events, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => {});
    await writer?.discard();
    throw error;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

async function readHead(connection: Connection): Promise<number> {
  const { rows } = await connection.query(`SELECT to_regclass('${EVENTS_TABLE}') IS NOT NULL AS present`);
  if (!rows[0].present) throw new BackupRefusedError('This database has no event log (public.events): nothing to back up.');
  const head = await connection.query(`SELECT coalesce(max(position), 0) AS head FROM ${EVENTS_TABLE}`);
  return Number(head.rows[0].head);
}

/** The kept tables this database has: a site that never started has no shared_secrets yet. */
async function presentTables(connection: Connection): Promise<KeptTable[]> {
  const present: KeptTable[] = [];
  for (const table of KEPT_TABLES) {
    const { rows } = await connection.query('SELECT to_regclass($1) IS NOT NULL AS present', [table.name]);
    if (rows[0].present) present.push(table);
  }
  return present;
}

async function countRows(connection: Connection, table: string): Promise<number> {
  return Number((await connection.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
}

export async function columnsOf(connection: Connection, table: string): Promise<string[]> {
  const { rows } = await connection.query(
    'SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum',
    [table],
  );
  return rows.map((row: { attname: string }) => row.attname);
}

/**
 * The sequences of the public schema, with what recreates them: those of no table (the CMS ids)
 * and those of a kept table (the log's positions); a left-out table's own sequence stays with
 * it. pg_sequences gives last_value as null for a sequence never drawn from (and to a role
 * without the right to read it: its start value is then the safe floor, and a restore moves the
 * log's sequence past the head anyway).
 */
async function sequenceRows(connection: Connection): Promise<string[]> {
  const { rows } = await connection.query(
    `SELECT jsonb_build_object(
       'name', format('%I.%I', s.schemaname, s.sequencename), 'data_type', s.data_type::text,
       'start_value', s.start_value, 'min_value', s.min_value, 'max_value', s.max_value,
       'increment_by', s.increment_by, 'cycle', s.cycle,
       'last_value', coalesce(s.last_value, s.start_value), 'is_called', s.last_value IS NOT NULL)::text AS row
     FROM pg_sequences s
     WHERE s.schemaname = 'public'
       AND NOT EXISTS (
         SELECT 1 FROM pg_depend d JOIN pg_class t ON t.oid = d.refobjid
          WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
            AND d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass
            AND format('%I.%I', t.relnamespace::regnamespace, t.relname) <> ALL ($1::text[]))
     ORDER BY s.sequencename`,
    [KEPT_TABLES.map((table) => table.name)],
  );
  return rows.map((row: { row: string }) => row.row);
}

/**
 * A table's rows as row_to_json text (compact, in column order), in pages ordered by its key,
 * each page after the last key of the one before. The next page is asked for before this one is
 * handed over, so the database reads it while this one is compressed.
 */
async function* keysetPages(connection: Connection, table: KeptTable, pageSize: number): AsyncGenerator<string[]> {
  const page = (after?: unknown) => {
    const reading = connection.query(
      `SELECT ${table.key} AS key, row_to_json(t)::text AS row FROM ${table.name} t
       ${after === undefined ? '' : `WHERE ${table.key} > $1`} ORDER BY ${table.key} LIMIT ${pageSize}`,
      after === undefined ? [] : [after],
    );
    reading.catch(() => {}); // awaited below; a page left unread when the backup stops must not go unhandled
    return reading;
  };
  let next = page();
  for (;;) {
    const { rows } = await next;
    const more = rows.length === pageSize;
    if (more) next = page(rows[rows.length - 1].key);
    if (rows.length > 0) yield rows.map((row: { row: string }) => row.row);
    if (!more) return;
  }
}
