import type { Knex } from 'knex';
import { SNAPSHOT_VERSION } from '../../ladder/ladder.snapshot.js';
import { tableCreator } from '../../infrastructure/create-table-once.js';

/**
 * Bump when what a kept snapshot holds beside the decider's state changes meaning (the
 * decider's own SNAPSHOT_VERSION is part of the key too): older rows are then ignored.
 */
const TIME_TRAVEL_VERSION = 1;
export const KEPT_SNAPSHOT_VERSION = SNAPSHOT_VERSION * 1000 + TIME_TRAVEL_VERSION;
// In public, beside the log: a rebuild swaps the read-model schema, and must not drop these.
const TABLE = 'public.ladder_time_travel_snapshots';

export interface KeptSnapshot {
  /** The position of the last ladder event folded in: the state is the ladder right after it. */
  position: number;
  /** That event's stream revision. */
  revision: number;
  /** serializeState of the decider's state. */
  state: string;
  /** What the time-travel views need beside it (LadderAsOf.serializeExtras). */
  extras: string;
}

/**
 * The ladder as it stood at every `every`-th ladder event, kept for good and indexed by log
 * position (the primary key), so time travel to any point folds at most `every` − 1 events
 * after the nearest one. Like the restart snapshot, a kept snapshot is a cache of the log:
 * dropping the table only costs longer folds until it is filled again.
 */
export class TimeTravelSnapshots {
  // Created on first use, as the restart snapshot's table is: it belongs to the ladder, not
  // to the read-model migrations that a rebuild replays.
  private readonly ensureTable: () => Promise<void>;

  constructor(private readonly knex: Knex) {
    this.ensureTable = tableCreator(
      knex,
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
         position  bigint PRIMARY KEY,
         version   integer NOT NULL,
         revision  integer NOT NULL,
         state     text NOT NULL,
         extras    text NOT NULL,
         saved_at  timestamptz NOT NULL
       )`,
    );
  }

  /** The newest kept snapshot at or before `position`. */
  async nearest(position: number): Promise<KeptSnapshot | null> {
    await this.ensureTable();
    const row = await this.knex(TABLE)
      .select('position', 'revision', 'state', 'extras')
      .where({ version: KEPT_SNAPSHOT_VERSION })
      .andWhere('position', '<=', position)
      .orderBy('position', 'desc')
      .first();
    return row ? { position: Number(row.position), revision: Number(row.revision), state: row.state, extras: row.extras } : null;
  }

  /** Revisions already kept after one position up to another: a fold does not serialise them again. */
  async keptRevisions(afterPosition: number, upToPosition: number): Promise<Set<number>> {
    await this.ensureTable();
    const rows: { revision: number }[] = await this.knex(TABLE)
      .select('revision')
      .where({ version: KEPT_SNAPSHOT_VERSION })
      .andWhere('position', '>', afterPosition)
      .andWhere('position', '<=', upToPosition);
    return new Set(rows.map((r) => Number(r.revision)));
  }

  /** The state at a position never changes, so a second writer of the same one changes nothing. */
  async keep(snapshot: KeptSnapshot): Promise<void> {
    await this.ensureTable();
    await this.knex.raw(
      `INSERT INTO ${TABLE} AS s (position, version, revision, state, extras, saved_at) VALUES (?, ?, ?, ?, ?, now())
       ON CONFLICT (position) DO UPDATE SET version = excluded.version, revision = excluded.revision,
         state = excluded.state, extras = excluded.extras, saved_at = excluded.saved_at
       WHERE s.version <> excluded.version`,
      [snapshot.position, KEPT_SNAPSHOT_VERSION, snapshot.revision, snapshot.state, snapshot.extras],
    );
  }
}
