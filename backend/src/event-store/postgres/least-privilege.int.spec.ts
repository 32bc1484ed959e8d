import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RebuildStatus } from '@team/contracts';
import { connect, createTestDatabase, testServerUrl, type TestDatabase } from '@test-support/database.js';
import path from 'node:path';
import { BUILT_SERVER, spawnBuilt } from '../../../test/support/server-process.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Issue 24 item 3: the owner role migrates the event log (`npm run migrate`, a real process); the
// app runs as a role that may read and append events and nothing more: it cannot UPDATE or
// DELETE an event, TRUNCATE the log, or drop or disable the immutability triggers. The site
// still does everything, a rebuild of the read models included.

const BUILT_MIGRATE = path.join(path.dirname(BUILT_SERVER), 'migrate-main.js');

describe('least privilege: the app role cannot change the event log', () => {
  let db: TestDatabase;
  let owner: Knex;
  let asApp: Knex;
  let app: TestApp;
  const role = `team_app_${randomBytes(4).toString('hex')}`;
  const password = `pw'${randomBytes(6).toString('hex')}"`;

  beforeAll(async () => {
    db = await createTestDatabase();
    owner = connect(db.url, 2);
    await owner.raw(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password.replace(/'/g, "''")}'`);
    const appUrl = new URL(db.url);
    appUrl.username = role;
    appUrl.password = encodeURIComponent(password);

    const migrate = spawnBuilt(BUILT_MIGRATE, { MIGRATION_DATABASE_URL: db.url, DATABASE_URL: appUrl.toString() });
    const code = await migrate.exited;
    expect({ code, output: migrate.output() }).toEqual({ code: 0, output: `Event log migrated; role ${role} may read and append events, not change them.\n` });

    asApp = connect(appUrl.toString(), 2);
    app = await startTestApp({}, { ...db, url: appUrl.toString(), drop: async () => {} });
  });
  afterAll(async () => {
    await app?.close();
    await asApp?.destroy();
    await owner?.destroy();
    await db?.drop();
    const server = connect(testServerUrl(), 1);
    await server.raw(`DROP ROLE IF EXISTS ${role}`).finally(() => server.destroy());
  });

  test('the site runs as the app role: it records, edits, and rebuilds its read models', async () => {
    expect((await asApp.raw('SELECT current_user AS me, usesuper FROM pg_user WHERE usename = current_user')).rows[0]).toEqual({ me: role, usesuper: false });
    const match = await app.call('POST', '/api/matches', {
      json: { winningTeam: 'team1', team1: [{ discordId: '100000000000000001', username: 'Least' }], team2: [{ discordId: '100000000000000002', username: 'Privilege' }] },
    });
    expect(match.status).toBe(201);
    expect((await app.call('POST', '/api/content', { admin: true, json: { page: 'about', section: 'lp', title: '<p>T</p>', content: '' } })).status).toBe(201);
    expect((await app.call('POST', '/api/admin/projections/rebuild', { admin: true })).status).toBe(202);
    let rebuild: RebuildStatus | null = null;
    for (let waited = 0; waited < 30_000 && !rebuild?.finishedAt; waited += 200) {
      rebuild = (await app.call('GET', '/api/admin/operations', { admin: true })).body.rebuild as RebuildStatus;
      if (!rebuild.finishedAt) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rebuild).toMatchObject({ running: false, lastError: null, lastResult: { events: expect.any(Number) } });
    const board = await app.call('GET', '/api/players/leaderboard');
    expect(board.body.map((p: { username: string }) => p.username).sort()).toEqual(['Least', 'Privilege']);
    // The read tables are the app role's own: the rebuild could swap them.
    const owners = await owner.raw(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'read_models'`);
    expect(owners.rows).toEqual([{ tableowner: role }]);
  });

  test.each([
    ['UPDATE an event', `UPDATE public.events SET data = '{}'::jsonb`, /permission denied for table events/],
    ['DELETE an event', 'DELETE FROM public.events', /permission denied for table events/],
    ['TRUNCATE the log', 'TRUNCATE public.events', /permission denied for table events/],
    ['drop the immutability trigger', 'DROP TRIGGER events_no_update ON public.events', /must be owner of (table|relation) events/],
    ['disable the triggers', 'ALTER TABLE public.events DISABLE TRIGGER ALL', /must be owner of table events/],
    ['replace the trigger function', `CREATE OR REPLACE FUNCTION public.events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`, /must be owner of function events_are_immutable/],
    ['drop the stream guard', 'DROP TRIGGER streams_follow_events ON public.streams', /must be owner of (table|relation) streams/],
    ['rewind a stream', 'DELETE FROM public.streams', /permission denied for table streams/],
    ['skip the triggers as a replica', `SET session_replication_role = replica`, /permission denied to set parameter "session_replication_role"/],
  ])('the app role may not %s', async (_, sql, refusal) => {
    const before = await owner('public.events').count({ n: '*' }).first();
    await expect(asApp.raw(sql)).rejects.toThrow(refusal);
    expect(await owner('public.events').count({ n: '*' }).first()).toEqual(before);
  });

  test('the owner still can migrate; the app role alone cannot create the event log', async () => {
    const fresh = await createTestDatabase();
    const url = new URL(fresh.url);
    url.username = role;
    url.password = encodeURIComponent(password);
    const onFresh = connect(url.toString(), 1);
    try {
      await expect(onFresh.raw('CREATE TABLE public.events (x int)')).rejects.toThrow(/permission denied for schema public/);
    } finally {
      await onFresh.destroy();
      await fresh.drop();
    }
  });
});
