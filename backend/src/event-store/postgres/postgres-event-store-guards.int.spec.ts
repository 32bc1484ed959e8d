import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createKnex } from '../../infrastructure/database.js';
import { PgNotifications } from '../../infrastructure/pg-notifications.js';
import { PostgresEventStore } from './postgres-event-store.js';

// The log is the only data that cannot be rebuilt: the database itself refuses to lose it,
// whatever client connects, not only the store's own code.
describe('the event log guards itself', () => {
  let db: TestDatabase;
  let knex: Knex;
  let notifications: PgNotifications;
  let store: PostgresEventStore;

  const append = (stream: string, expected: number | 'no_stream' | 'any' = 'any') =>
    store.append(stream, [{ id: randomUUID(), type: 'T', data: {} }], expected, {
      correlationId: 'c',
      actor: 'system',
      recordedAt: new Date(),
    });
  const counts = async () => ({
    events: Number((await knex('events').count({ n: '*' }).first())!.n),
    streams: await knex('streams').orderBy('stream_id').select('stream_id', 'revision'),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, 2);
    notifications = new PgNotifications(db.url);
    await PostgresEventStore.migrate(knex);
    store = new PostgresEventStore(knex, notifications);
    await append('a', 'no_stream');
    await append('a', 0);
    await append('b', 'no_stream');
  });
  afterAll(async () => {
    await notifications.close();
    await knex.destroy();
    await db.drop();
  });

  test('TRUNCATE of events or streams is refused', async () => {
    const before = await counts();
    await expect(knex.raw('TRUNCATE public.events')).rejects.toThrow(/events are immutable/);
    await expect(knex.raw('TRUNCATE public.streams')).rejects.toThrow(/streams are guarded/);
    await expect(knex.raw('TRUNCATE public.events, public.streams')).rejects.toThrow(/immutable|guarded/);
    expect(await counts()).toEqual(before);
  });

  test('a stream row cannot be deleted, moved back, renamed, skipped ahead or made up', async () => {
    const before = await counts();
    expect(before.streams).toEqual([
      { stream_id: 'a', revision: 1 },
      { stream_id: 'b', revision: 0 },
    ]);
    await expect(knex('streams').where({ stream_id: 'a' }).delete()).rejects.toThrow(/streams are guarded/);
    await expect(knex('streams').where({ stream_id: 'a' }).update({ revision: 0 })).rejects.toThrow(/streams are guarded/);
    await expect(knex('streams').where({ stream_id: 'a' }).update({ revision: 5 })).rejects.toThrow(/streams are guarded/);
    await expect(knex('streams').where({ stream_id: 'a' }).update({ stream_id: 'c' })).rejects.toThrow(/streams are guarded/);
    await expect(knex('streams').insert({ stream_id: 'ghost', revision: 3 })).rejects.toThrow(/streams are guarded/);
    expect(await counts()).toEqual(before);
  });

  test('appends still work and still detect conflicts after the refusals', async () => {
    const result = await append('a', 1);
    expect(result.nextExpectedRevision).toBe(2);
    await expect(append('a', 1)).rejects.toThrow(/revision/i);
    await append('new-stream', 'no_stream');
    expect((await counts()).streams).toEqual([
      { stream_id: 'a', revision: 2 },
      { stream_id: 'b', revision: 0 },
      { stream_id: 'new-stream', revision: 0 },
    ]);
  });
});
