import type { Knex } from 'knex';
import { readModelProjections, rebuildReadModels, tableChecksums } from '@team/projections';
import { createKnex } from '../../src/infrastructure/database.js';
import { PgNotifications } from '../../src/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store.js';

export interface RebuildComparison {
  /** Per-table checksums of the live read tables before the rebuild. */
  live: Record<string, string>;
  /** The same after replaying the whole log into fresh tables and swapping them in. */
  rebuilt: Record<string, string>;
  /** Events the rebuild replayed. */
  events: number;
}

/**
 * Checksums every read table, rebuilds them all from the log (the same routine as
 * `npm run projections:rebuild`), and checksums them again: equal sums mean the live read
 * models hold exactly what the log says. Call it once the projector has caught up.
 */
export async function compareWithRebuild(databaseUrl: string): Promise<RebuildComparison> {
  const knex = createKnex(databaseUrl, 3, 'rebuild-check');
  const notifications = new PgNotifications(databaseUrl);
  try {
    const store = new PostgresEventStore(knex, notifications);
    const live = await tableChecksums(knex, readModelProjections);
    const result = await rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath: string[]): Knex => createKnex(databaseUrl, 3, 'rebuild-check', searchPath),
      reader: store,
      projections: readModelProjections,
    });
    const rebuilt = await tableChecksums(knex, readModelProjections);
    return { live, rebuilt, events: result.events };
  } finally {
    await notifications.close();
    await knex.destroy();
  }
}
