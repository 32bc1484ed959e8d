import type { Knex } from 'knex';
import { copyByteaOut, copyRowIn } from '../infrastructure/copy-binary.js';
import { tableCreator } from '../infrastructure/create-table-once.js';
import { deserializeState, SNAPSHOT_VERSION, type LadderSnapshot, type SerializedLadder, type SnapshotParts } from './ladder.snapshot.js';

// Both tables sit in public, beside the log: a rebuild swaps the read-model schema and must not
// drop them. The ladder owns them and they are not read models, so they are created on first
// use rather than by the read-model migrations.
const LATEST_TABLE = 'public.ladder_snapshots';
const KEPT_TABLE = 'public.ladder_time_travel_snapshots';

/**
 * Bump when what a kept snapshot holds beside the decider's state changes meaning (the
 * decider's own SNAPSHOT_VERSION is part of the key too): older rows are then ignored.
 */
const KEPT_EXTRAS_VERSION = 1;

export const KEPT_SNAPSHOT_VERSION = SNAPSHOT_VERSION * 1000 + KEPT_EXTRAS_VERSION;

/** PostgreSQL's SQLSTATE for a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/** A kept snapshot as it is taken: its lines as snapshotParts gives them. */
export type KeptSnapshotParts = Omit<KeptSnapshot, 'lines'> & Pick<SnapshotParts, 'parts' | 'byteLength'>;

/** The ladder as it stood right after one of its events, kept for time travel. */
export interface KeptSnapshot {
  /** The position of the last ladder event folded in: the state is the ladder right after it. */
  position: number;
  /** That event's stream revision. */
  revision: number;
  /** serializeState of the decider's state: its JSON and its players' lines. */
  state: string;
  lines: Uint8Array;
  /** What the time-travel views need beside it (LadderAsOf.serializeExtras). */
  extras: string;
}

/**
 * The ladder state's snapshots in PostgreSQL, in one store because both hold serializeState's
 * form under one SNAPSHOT_VERSION:
 * - the latest snapshot, so a restart folds only the events since it (load, save);
 * - kept snapshots at the ladder events time travel names (tracker/time-travel/kept-spacing.ts:
 *   every n-th while the log is short, further apart as it grows), indexed by log position, so
 *   time travel to any point folds only the events after the nearest one (nearest, keptRevisions, keep).
 * Each is a cache of the log: losing or ignoring a snapshot only costs a longer fold.
 */
export class LadderSnapshotStore {
  private readonly ensureTables: () => Promise<void>;

  constructor(private readonly knex: Knex) {
    this.ensureTables = tableCreator(
      knex,
      `CREATE TABLE IF NOT EXISTS ${LATEST_TABLE} (
         stream_id text PRIMARY KEY,
         version   integer NOT NULL,
         revision  integer NOT NULL,
         state     text NOT NULL,
         saved_at  timestamptz NOT NULL
       );
       ALTER TABLE ${LATEST_TABLE} ADD COLUMN IF NOT EXISTS lines bytea;
       ALTER TABLE ${LATEST_TABLE} ALTER COLUMN lines SET STORAGE EXTERNAL;
       CREATE TABLE IF NOT EXISTS ${KEPT_TABLE} (
         position  bigint PRIMARY KEY,
         version   integer NOT NULL,
         revision  integer NOT NULL,
         state     text NOT NULL,
         extras    text NOT NULL,
         saved_at  timestamptz NOT NULL
       );
       ALTER TABLE ${KEPT_TABLE} ADD COLUMN IF NOT EXISTS lines bytea`,
    );
  }

  /** The latest snapshot of this SNAPSHOT_VERSION, or null. */
  async load(): Promise<LadderSnapshot | null> {
    await this.ensureTables();
    const row = await this.readRow<{ revision: string | number; state: string }>(LATEST_TABLE, ['revision', 'state'], (query) =>
      query.where({ stream_id: 'ladder', version: SNAPSHOT_VERSION }),
    );
    if (!row) return null;
    // The lines were read into a buffer of this load's own: the state's players view it.
    return { revision: Number(row.revision), state: deserializeState({ state: row.state, lines: row.lines }, true) };
  }

  /**
   * Keeps the newest snapshot: two processes saving at once never move it backwards (the row is
   * locked, and a newer one of this version is kept; of two first snapshots at once, with no row
   * to lock, the first stands: see writeOnce). The row is written by COPY
   * (copyRowIn), its lines streamed from the parts where they are: at 1,000,000 matches one
   * INSERT with the lines as a parameter held a 121 MB buffer, and the driver its copy, and
   * wrote them out on the event loop (docs/performance.md, "Scale curve").
   */
  async save(revision: number, snapshot: SnapshotParts | SerializedLadder): Promise<void> {
    await this.ensureTables();
    const { state, byteLength, parts } = 'parts' in snapshot ? snapshot : { state: snapshot.state, byteLength: snapshot.lines.byteLength, parts: [snapshot.lines] };
    await this.writeOnce(async (trx) => {
      const current = await trx(LATEST_TABLE).where({ stream_id: 'ladder' }).forUpdate().first('version', 'revision');
      if (current && current.version === SNAPSHOT_VERSION && Number(current.revision) >= revision) return;
      await trx(LATEST_TABLE).where({ stream_id: 'ladder' }).delete();
      await copyRowIn(
        trx,
        LATEST_TABLE,
        ['stream_id', 'version', 'revision', 'state', 'lines', 'saved_at'],
        [{ text: 'ladder' }, { int32: SNAPSHOT_VERSION }, { int32: revision }, { text: state }, { parts, byteLength }, { time: new Date() }],
      );
    });
  }

  /** The newest kept snapshot at or before `position`. */
  async nearest(position: number): Promise<KeptSnapshot | null> {
    await this.ensureTables();
    const row = await this.readRow<{ position: string | number; revision: string | number; state: string; extras: string }>(
      KEPT_TABLE,
      ['position', 'revision', 'state', 'extras'],
      (query) => query.where({ version: KEPT_SNAPSHOT_VERSION }).andWhere('position', '<=', position).orderBy('position', 'desc'),
    );
    return row ? { position: Number(row.position), revision: Number(row.revision), state: row.state, lines: row.lines, extras: row.extras } : null;
  }

  /** Where the newest kept snapshot at or before `position` is, without reading the state it holds. */
  async nearestPoint(position: number): Promise<Pick<KeptSnapshot, 'position' | 'revision'> | null> {
    await this.ensureTables();
    const row = await this.knex(KEPT_TABLE)
      .select('position', 'revision')
      .where({ version: KEPT_SNAPSHOT_VERSION })
      .andWhere('position', '<=', position)
      .orderBy('position', 'desc')
      .first();
    return row ? { position: Number(row.position), revision: Number(row.revision) } : null;
  }

  /** Revisions already kept after one position up to another: a fold does not serialise them again. */
  async keptRevisions(afterPosition: number, upToPosition: number): Promise<Set<number>> {
    await this.ensureTables();
    const rows: { revision: number }[] = await this.knex(KEPT_TABLE)
      .select('revision')
      .where({ version: KEPT_SNAPSHOT_VERSION })
      .andWhere('position', '>', afterPosition)
      .andWhere('position', '<=', upToPosition);
    return new Set(rows.map((r) => Number(r.revision)));
  }

  /**
   * The state at a position never changes, so a second writer of the same one changes nothing.
   * Written by COPY like the latest snapshot (save), its lines streamed from the parts.
   */
  async keep(snapshot: KeptSnapshot | KeptSnapshotParts): Promise<void> {
    await this.ensureTables();
    const { parts, byteLength } = 'parts' in snapshot ? snapshot : { parts: [snapshot.lines], byteLength: snapshot.lines.byteLength };
    await this.writeOnce(async (trx) => {
      const current = await trx(KEPT_TABLE).where({ position: snapshot.position }).forUpdate().first('version');
      if (current?.version === KEPT_SNAPSHOT_VERSION) return;
      if (current) await trx(KEPT_TABLE).where({ position: snapshot.position }).delete();
      await copyRowIn(
        trx,
        KEPT_TABLE,
        ['position', 'version', 'revision', 'state', 'lines', 'extras', 'saved_at'],
        [
          { int64: snapshot.position },
          { int32: KEPT_SNAPSHOT_VERSION },
          { int32: snapshot.revision },
          { text: snapshot.state },
          { parts, byteLength },
          { text: snapshot.extras },
          { time: new Date() },
        ],
      );
    });
  }

  /**
   * A write of one snapshot row in a transaction. Two writers of a row that did not exist yet
   * have no row to lock: the second one's COPY finds the first one's key (unique violation), and
   * that row is as good as its own (the same point's state, or a snapshot as new), so it is done.
   */
  private async writeOnce(write: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    try {
      await this.knex.transaction(write);
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
  }

  /**
   * The first row `pick` finds, with `columns`, and its lines read by COPY's binary format
   * (copyByteaOut): 121 MB of lines at 1,000,000 matches arrive as they are stored, not as hex text of
   * twice their size (docs/performance.md, "Scale curve"), and a compressed value is decompressed
   * once. One repeatable-read transaction: the lines are of the row version the first query saw,
   * even while another process saves a newer snapshot.
   */
  private async readRow<Row>(
    table: string,
    columns: string[],
    pick: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  ): Promise<(Row & { lines: Buffer }) | null> {
    return this.knex.transaction(
      async (trx) => {
        const row = await pick(trx(table).select(...columns, 'ctid')).first();
        if (!row) return null;
        const { ctid, ...rest } = row as { ctid: string };
        if (!/^\(\d+,\d+\)$/.test(ctid)) throw new Error(`Unexpected row address ${ctid}`);
        // None (a hand-made row) reads as none, which deserializeState refuses, so the log is folded.
        const lines = (await copyByteaOut(trx, `SELECT lines FROM ${table} WHERE ctid = '${ctid}'`)) ?? Buffer.alloc(0);
        return { ...(rest as Row), lines };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }
}
