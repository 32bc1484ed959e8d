import type { Knex } from 'knex';
import type { Projection } from './projection.js';

interface IndexDefinition {
  name: string;
  /** `CREATE INDEX … ON schema.table …`, as PostgreSQL gives it back (pg_get_indexdef). */
  definition: string;
}

/**
 * The secondary indexes of a rebuild's fresh tables, dropped before the load and built after it.
 * Keeping an index up row by row costs a bulk load more than building it once from the loaded
 * rows (a sort): measured on 800,000 participant rows, 4.9 s of inserts with their two indexes
 * against 0.7 s of inserts and 1 s of index builds.
 *
 * Only plain indexes are deferred: primary keys, unique indexes and constraints stay,
 * since the bulk handlers upsert through them. A projection whose one-by-one handlers (merges,
 * voids: lookups by player or match) meet an event gets its indexes back first, so such an
 * event never scans a whole table; see `beforeApplying`.
 */
export class DeferredIndexes {
  private constructor(private readonly byProjection: Map<Projection, IndexDefinition[]>) {}

  /** Drops the deferrable indexes of the projections' tables in `schema` and remembers them. */
  static async drop(knex: Knex, schema: string, projections: readonly Projection[]): Promise<DeferredIndexes> {
    const { rows } = await knex.raw<{ rows: { table: string; name: string; definition: string }[] }>(
      `SELECT t.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = ? AND NOT x.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
        ORDER BY i.relname`,
      [schema],
    );
    const byProjection = new Map<Projection, IndexDefinition[]>();
    for (const projection of projections) {
      const mine = rows.filter((row) => projection.tables.includes(row.table));
      if (mine.length === 0) continue;
      byProjection.set(projection, mine.map(({ name, definition }) => ({ name, definition })));
      await knex.raw(mine.map((row) => `DROP INDEX ${schema}."${row.name}"`).join('; '));
    }
    return new DeferredIndexes(byProjection);
  }

  /**
   * Builds the projection's indexes back before a batch that it would apply through a handler
   * other than a bulk one (`Projection.runTypes`): those look rows up by what the indexes cover.
   */
  async beforeApplying(projection: Projection, events: readonly { type: string }[], trx: Knex.Transaction): Promise<void> {
    if (!this.byProjection.has(projection)) return;
    const bulk = projection.runTypes ?? new Set<string>();
    if (events.some((event) => projection.canHandle(event.type) && !bulk.has(event.type))) await this.restore(projection, trx);
  }

  /**
   * Builds the projection's indexes still deferred once its load is done, each on a connection
   * of its own (builds on one table do not block each other), while other read models may still
   * be loading.
   */
  async restoreAfterLoad(projection: Projection, knex: Knex): Promise<void> {
    const indexes = this.byProjection.get(projection) ?? [];
    this.byProjection.delete(projection);
    await Promise.all(indexes.map((index) => knex.transaction((trx) => build(index, trx))));
  }

  private async restore(projection: Projection, trx: Knex.Transaction): Promise<void> {
    const indexes = this.byProjection.get(projection) ?? [];
    this.byProjection.delete(projection);
    for (const index of indexes) await build(index, trx);
  }
}

async function build(index: IndexDefinition, trx: Knex.Transaction): Promise<void> {
  // An index build sorts in maintenance_work_mem; the default 64 MB spills a large table to disk.
  await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await trx.raw(index.definition);
}
