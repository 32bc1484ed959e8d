import type { Knex } from 'knex';
import type { RecordMatchRequest } from '@team/contracts';
import { readModelProjections, rebuildReadModels, tableChecksums } from '@team/projections';
import { createKnex } from '../infrastructure/database.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Found by the scale bench (issue 44): a rebuild of 100,010 events failed in its swap with
// "duplicate key value violates unique constraint ladder_matches_pkey". A batch handed to the
// lanes resolves once the apply before it is done; the last, short batch starts no apply and
// resolved before the batch ahead of it, whose later resolution moved the rebuild's position
// back. The swap's catch-up then read the last batch again from there and applied it twice.

function match(i: number): RecordMatchRequest {
  const line = (id: number) => ({ discordId: String(810_000 + id), username: `Rebuilder ${id}`, kills: 3 + (id % 7), deaths: 2 + (id % 5), assists: id % 3, score: 700 + id * 13 });
  const ids = [0, 1, 2, 3].map((k) => (i * 3 + k * 5) % 17);
  return { winningTeam: i % 2 ? 'team1' : 'team2', team1: [line(ids[0]!), line(ids[1]!)], team2: [line(ids[2]!), line(ids[3]!)] };
}

describe('a rebuild whose last batch is short', () => {
  let app: TestApp;
  let notifications: PgNotifications;
  beforeAll(async () => {
    app = await startTestApp();
    notifications = new PgNotifications(app.db.url);
  });
  afterAll(async () => {
    await notifications.close();
    await app.close();
  });

  test('applies each event once: every full batch starts an apply, the last one (a single event) does not', async () => {
    for (let i = 0; i < 41; i++) expect((await app.call('POST', '/api/matches', { json: match(i) })).status).toBe(201);
    const events = await app.eventCount();
    const before = await tableChecksums(app.knex, readModelProjections);
    // Batches of 10 positions, each lane applying once it holds 10 events: the last batch holds
    // the one event past the last multiple of 10.
    const batchSize = 10;
    expect(events % batchSize).toBe(1);
    const result = await rebuildReadModels({
      liveKnex: app.knex,
      openKnex: (searchPath: string[]): Knex => createKnex(app.db.url, 3, 'rebuild-last-batch', searchPath),
      reader: new PostgresEventStore(app.knex, notifications),
      projections: readModelProjections,
      batchSize,
      eventsPerApply: batchSize,
    });
    expect(result.events).toBe(events);
    expect(await tableChecksums(app.knex, readModelProjections)).toEqual(before);
  });
});
