import path from 'node:path';
import type { Knex } from 'knex';
import { isNamedKeyRole, NAMED_KEY_ROLES } from '@team/contracts';
import { READ_MODELS_CHECKPOINT, readModelProjections, rebuildReadModels, type RebuildProgress } from '@team/projections';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { APPEND_LOCK_KEY, APPENDED_CHANNEL } from '../event-store/postgres/postgres-event-store.migrations.js';
import { createKnex } from '../infrastructure/database.js';
import { loadFingerprintSecret } from '../infrastructure/fingerprint-secret.js';
import { createMediaBlobsTable } from '../media/media-blobs.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { migrateDatabase } from '../migrate-database.js';
import { BackupRefusedError, damagedBackup, readBackupFile, SEQUENCES_SECTION, type BackupHeader, type BackupSection } from './backup-file.js';
import { EVENTS_TABLE, KEPT_TABLES, STREAMS_TABLE } from './kept-data.js';
import { columnsOf } from './write-backup.js';

export interface RestoreOptions {
  /** The file's header when the caller has verified it already (verifyBackup); otherwise it is verified first. */
  verified?: BackupHeader;
  /** Restore the events up to this position only (to undo what came after it); the other tables as they were. */
  toPosition?: number | null;
  /** Told once the file is verified (unless `verified` was given), before anything is written. */
  onVerified?(header: BackupHeader): void;
  /** Told once the log is restored, before the read models are rebuilt. */
  onLoaded?(loaded: LoadedBackup): void;
  onRebuildProgress?(progress: RebuildProgress): void;
  /** Aborting it stops the rebuild (the restored log stays, marked for a rebuild at the next start). */
  signal?: AbortSignal;
}

export interface LoadedBackup {
  /** Events restored, and the position of the last one (0: none). */
  events: number;
  lastPosition: number;
  seconds: number;
}

export interface RestoreResult {
  header: BackupHeader;
  /** Reading the whole file once before anything is written. */
  verifySeconds: number;
  loaded: LoadedBackup;
  rebuild: { events: number; seconds: number };
  /** The whole restore. */
  seconds: number;
}

/** Rows per INSERT, and the most text one may carry. */
const BATCH_ROWS = 1000;
const BATCH_CHARACTERS = 8_000_000;

/**
 * Restores a backup into an empty site: checks the whole file (format, shape, every row, the
 * checksum) before anything is written, refuses a target whose log has events, then in one
 * transaction (holding the append lock, so a running site appends nothing meanwhile) puts back
 * the events with their positions, revisions, ids, metadata and times, the streams, the other
 * kept tables and the sequences (the log's past its last position in the backup, so positions
 * are never handed out twice), and marks the read models for a replay. Then it rebuilds them;
 * if that is stopped or fails, the mark makes the next start of the site rebuild them.
 */
export async function restoreBackup(knex: Knex, databaseUrl: string, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const toPosition = options.toPosition ?? null;
  const header = options.verified ?? (await verifyBackup(file));
  const verifySeconds = (performance.now() - started) / 1000;
  if (!options.verified) options.onVerified?.(header);
  await refuseUnlessEmpty(knex);
  // What the site's first start makes: the log's tables, the read tables, the fingerprint secret's table.
  await migrateDatabase(knex);
  await loadFingerprintSecret(knex);
  await createMediaBlobsTable(knex);
  await checkColumns(knex, header);

  const loaded = await loadBackup(knex, file, header, toPosition);
  options.onLoaded?.(loaded);
  const rebuild = await rebuildRestored(knex, databaseUrl, options);
  return { header, verifySeconds, loaded, rebuild, seconds: (performance.now() - started) / 1000 };
}

/** Reads the whole file once, row by row, and returns its header only if all of it is sound. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  let header: BackupHeader | null = null;
  let lastPosition = 0;
  for await (const item of readBackupFile(file)) {
    if (item.kind === 'header') {
      header = item.header;
      continue;
    }
    let row: unknown;
    try {
      row = JSON.parse(item.row);
    } catch {
      row = null;
    }
    if (typeof row !== 'object' || row === null) throw damagedBackup(file, `a row of ${item.section.name} is not a JSON object`);
    if (item.section.name === EVENTS_TABLE) {
      const position = (row as { position?: unknown }).position;
      if (!Number.isSafeInteger(position) || (position as number) <= lastPosition || (position as number) > header!.head) {
        throw damagedBackup(file, 'its events are out of order or past its head position');
      }
      lastPosition = position as number;
      refuseOtherAdminRoles(file, row as EventRow);
    }
  }
  if (header!.sections[0]?.name !== EVENTS_TABLE || header!.sections[0].rows !== header!.events) {
    throw damagedBackup(file, 'it does not start with the event log');
  }
  return header!;
}

interface EventRow {
  position: number;
  type?: unknown;
  data?: { role?: unknown; name?: unknown } | null;
}

/**
 * The API creates editor, moderator and recorder keys only (the owner is ADMIN_KEY). A backup
 * with another role was altered; its checksum proves nothing then (anyone who can edit the file
 * can recompute it: docs/operations.md), so the restore refuses it before writing anything. The
 * admin-keys fold would not grant such a role either.
 */
function refuseOtherAdminRoles(file: string, row: EventRow): void {
  if (row.type !== 'AdminKeyCreated') return;
  const role = row.data?.role;
  if (isNamedKeyRole(role)) return;
  const name = typeof row.data?.name === 'string' ? ` "${row.data.name}"` : '';
  const shown = typeof role === 'string' ? `the role ${JSON.stringify(role)}` : 'no role';
  throw new BackupRefusedError(
    `${path.basename(file)} holds an admin key with ${shown} (key${name}, event at position ${row.position}): a backup may only create ${NAMED_KEY_ROLES.slice(0, -1).join(', ')} or ${NAMED_KEY_ROLES.at(-1)} keys (the owner is ADMIN_KEY), so the file was altered: nothing was restored.`,
  );
}

async function refuseUnlessEmpty(knex: Knex | Knex.Transaction): Promise<void> {
  const { rows } = await knex.raw(`SELECT to_regclass('${EVENTS_TABLE}') IS NOT NULL AS present`);
  if (!rows[0].present) return;
  const found = await knex.raw(`SELECT count(*) AS n, coalesce(max(position), 0) AS head FROM ${EVENTS_TABLE}`);
  const { n, head } = found.rows[0] as { n: number; head: number };
  if (Number(n) > 0) {
    throw new BackupRefusedError(
      `The target site already has ${Number(n).toLocaleString('en-US')} events (up to position ${head}): a backup is restored into an empty site only. Nothing was restored.`,
    );
  }
}

/** Every column the backup has must exist in the target: jsonb_populate_recordset would drop the others silently. */
async function checkColumns(knex: Knex, header: BackupHeader): Promise<void> {
  const connection = await knex.client.acquireConnection();
  try {
    for (const section of header.sections.filter((s) => s.name !== SEQUENCES_SECTION)) {
      if (!KEPT_TABLES.some((table) => table.name === section.name)) {
        throw new BackupRefusedError(`The backup holds a table this version does not restore (${section.name}): nothing was restored.`);
      }
      const target = new Set(await columnsOf(connection, section.name));
      const missing = section.columns.filter((column) => !target.has(column));
      if (missing.length > 0) {
        throw new BackupRefusedError(`The backup's ${section.name} has columns this version does not know (${missing.join(', ')}): nothing was restored.`);
      }
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

async function loadBackup(knex: Knex, file: string, header: BackupHeader, toPosition: number | null): Promise<LoadedBackup> {
  const started = performance.now();
  return knex.transaction(async (trx) => {
    // A running site's appends wait for this transaction: none can slip in between the check and the load.
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    await refuseUnlessEmpty(trx);
    let events = 0;
    let batch: string[] = [];
    let characters = 0;
    let batchSection: BackupSection | null = null;
    /** The batch the database is writing while the next one is read from the file. */
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const [section, rows] = [batchSection, batch];
      batch = [];
      characters = 0;
      await writing;
      if (!section || rows.length === 0) return;
      writing = writeRows(trx, section, rows, header, toPosition).then((restored) => {
        events += restored;
      });
      writing.catch(() => {}); // awaited by the next flush, or after the loop
    };
    // Read again, checked again as it goes: if the file changed since it was verified, the
    // generator throws before its end and the transaction rolls back.
    for await (const item of readBackupFile(file)) {
      if (item.kind === 'header') continue;
      if (item.section !== batchSection || batch.length >= BATCH_ROWS || characters >= BATCH_CHARACTERS) await flush();
      batchSection = item.section;
      batch.push(item.row);
      characters += item.row.length;
    }
    await flush();
    await writing;
    // Up to a position, each stream's revision is its newest event up to there.
    if (toPosition !== null) {
      await trx.raw(`INSERT INTO ${STREAMS_TABLE} (stream_id, revision) SELECT stream_id, max(revision) FROM ${EVENTS_TABLE} GROUP BY stream_id`);
    }
    const last = await trx.raw(`SELECT coalesce(max(position), 0) AS last FROM ${EVENTS_TABLE}`);
    await trx('projection_checkpoints')
      .insert({ name: READ_MODELS_CHECKPOINT, position: 0, replay_required: `restored from a backup taken at ${header.createdAt}` })
      .onConflict('name')
      .merge(['replay_required']);
    // A running site's projector starts on the restored events at once instead of at its next poll.
    await trx.raw('SELECT pg_notify(?, ?)', [APPENDED_CHANNEL, '']);
    return { events, lastPosition: Number(last.rows[0].last), seconds: (performance.now() - started) / 1000 };
  });
}

/** Writes one batch of a section's rows; returns how many events it restored. */
async function writeRows(trx: Knex.Transaction, section: BackupSection, rows: string[], header: BackupHeader, toPosition: number | null): Promise<number> {
  if (section.name === SEQUENCES_SECTION) {
    for (const row of rows) await restoreSequence(trx, row, header.head);
    return 0;
  }
  const table = KEPT_TABLES.find((kept) => kept.name === section.name)!;
  // Restored to a position, the streams follow the events restored instead (see loadBackup).
  if (table.name === STREAMS_TABLE && toPosition !== null) return 0;
  const columns = section.columns.map((column) => `"${column}"`).join(', ');
  const json = `[${rows.join(',')}]`;
  if (table.name === EVENTS_TABLE) {
    const result = await trx.raw(
      `INSERT INTO ${table.name} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table.name}, ?::jsonb) WHERE position <= ?`,
      [json, toPosition ?? header.head],
    );
    return result.rowCount as number;
  }
  const updates = section.columns.filter((column) => column !== table.key).map((column) => `"${column}" = excluded."${column}"`);
  const onConflict = table.restore === 'upsert' ? ` ON CONFLICT ("${table.key}") DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}` : '';
  await trx.raw(`INSERT INTO ${table.name} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table.name}, ?::jsonb)${onConflict}`, [json]);
  return 0;
}

/**
 * Makes a sequence as it was (created when the target lacks it) and sets where it stands. The
 * log's own sequence goes to at least the backup's head. A role that may only draw from it (the
 * least-privileged app role, docs/operations.md) cannot set it: it draws up to there instead.
 */
async function restoreSequence(trx: Knex.Transaction, row: string, head: number): Promise<void> {
  const found = await trx.raw(
    `SELECT s.name, s.data_type, split_part(s.name, '.', 1) = 'public' AND s.name ~ '^public\\.[a-z_][a-z0-9_]*$' AS plain,
       format('CREATE SEQUENCE IF NOT EXISTS %s AS %s INCREMENT BY %s MINVALUE %s MAXVALUE %s START WITH %s %s',
              s.name, s.data_type, s.increment_by, s.min_value, s.max_value, s.start_value, CASE WHEN s.cycle THEN 'CYCLE' ELSE 'NO CYCLE' END) AS ddl,
       (CASE WHEN s.name = log.sequence THEN greatest(s.last_value, log.head) ELSE s.last_value END)::text AS target,
       s.is_called OR (s.name = log.sequence AND log.head > 0) AS called
     FROM jsonb_to_record(?::jsonb) AS s(name text, data_type text, start_value bigint, min_value bigint, max_value bigint, increment_by bigint, cycle boolean, last_value bigint, is_called boolean),
          (SELECT pg_get_serial_sequence(?, 'position') AS sequence, ?::bigint AS head) AS log`,
    [row, EVENTS_TABLE, head],
  );
  const sequence = found.rows[0] as { name: string; data_type: string; called: boolean; plain: boolean; ddl: string; target: string };
  if (!sequence.plain || !['smallint', 'integer', 'bigint'].includes(sequence.data_type)) {
    throw new BackupRefusedError(`The backup names a sequence this version does not restore (${sequence.name}): nothing was restored.`);
  }
  await trx.raw(sequence.ddl);
  const access = await trx.raw(
    `SELECT has_sequence_privilege(?, 'UPDATE') AS may_set,
            (SELECT last_value FROM pg_sequences WHERE format('%I.%I', schemaname, sequencename) = ?)::text AS current`,
    [sequence.name, sequence.name],
  );
  const { may_set: maySet, current } = access.rows[0] as { may_set: boolean; current: string | null };
  if (maySet) {
    await trx.raw('SELECT setval(?::regclass, ?::bigint, ?)', [sequence.name, sequence.target, sequence.called]);
    return;
  }
  await trx.raw('SELECT count(nextval(?::regclass)) FROM generate_series(1, ?::bigint - coalesce(?::bigint, 0))', [sequence.name, sequence.target, current]);
}

async function rebuildRestored(knex: Knex, databaseUrl: string, options: RestoreOptions): Promise<{ events: number; seconds: number }> {
  const notifications = new PgNotifications(databaseUrl);
  try {
    return await rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath) => createKnex(databaseUrl, 4, 'team-site-restore', searchPath),
      reader: new PostgresEventStore(knex, notifications),
      projections: readModelProjections,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onRebuildProgress ? { onProgress: options.onRebuildProgress } : {}),
    });
  } finally {
    await notifications.close();
  }
}
