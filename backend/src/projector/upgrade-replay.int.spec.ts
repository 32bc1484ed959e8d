import type { RecordMatchPlayer, Season, SeasonLeaderboardEntry } from '@team/contracts';
import { migrateReadModels, readModelProjections, tableChecksums } from '@team/projections';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { compareWithRebuild } from '../../test/support/read-model-check.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { until } from '@test-support/until.js';
import { RebuildService } from '../operations/rebuild-projections/rebuild.service.js';

// An upgrade that brings a read model the log should already have filled (here: the seasons
// tables, as on a site that ran the version before seasons). Started on such a database, the
// app must replay the log into it by itself, not leave it holding only what comes next.

const line = (discordId: string, username: string): RecordMatchPlayer => ({ discordId, username, kills: 5, deaths: 3, assists: 1, score: 100 });


describe('a read model added by an upgrade', () => {
  let db: TestDatabase;
  let app: TestApp | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await app?.close();
    await db.drop();
  });

  it('is replayed from the log at the first start, and the rebuild clears the mark', async () => {
    app = await startTestApp({}, db);
    for (let i = 0; i < 3; i++) {
      const response = await app.call('POST', '/api/matches', {
        json: { winningTeam: 'team1', team1: [line('a', 'Alpha'), line('b', 'Bravo')], team2: [line('c', 'Charlie'), line('d', 'Delta')] },
      });
      expect(response.status).toBe(201);
    }
    await app.close();

    // The database as the version before seasons left it: no seasons tables, no record of
    // their migration, the checkpoint past the three matches.
    const seasons = readModelProjections.find((p) => p.name === 'seasons')!;
    const raw = connect(db.url, 1);
    for (const table of seasons.tables) await raw.raw(`DROP TABLE read_models.${table} CASCADE`);
    await raw('read_models.read_model_migrations').where('name', 'like', 'seasons/%').delete();
    await raw.destroy();

    app = await startTestApp({}, db);
    const started = app;
    const season = await until(
      () => started.call('GET', '/api/seasons').then((r) => r.body as Season[]),
      (list) => list.length === 1,
    );
    expect(season).toHaveLength(1);
    const board = (await app.call('GET', `/api/seasons/${season[0]!.id}/leaderboard`)).body as SeasonLeaderboardEntry[];
    expect(board.find((entry) => entry.username === 'Alpha')).toMatchObject({ wins: 3, losses: 0 });

    const mark = await until(
      () => started.knex('projection_checkpoints').where({ name: 'read-models' }).first('replay_required'),
      (row) => row?.replay_required === null,
    );
    expect(mark.replay_required).toBeNull();
    // The swap clears the mark; the rebuild then drops the old tables and lets go of its lock.
    const rebuild = app.running.app.get(RebuildService);
    expect((await until(async () => rebuild.current(), (status) => !status.running)).running).toBe(false);
    const comparison = await compareWithRebuild(db.url);
    expect(comparison.rebuilt).toEqual(comparison.live);
    expect(await tableChecksums(app.knex, readModelProjections)).toEqual(comparison.rebuilt);
  });

  it('a changed handler whose migration asks for a replay marks the checkpoint too', async () => {
    // The read tables as the version before matches/002_voided_matches_kept left them, past a match.
    const older = await startTestApp();
    try {
      const response = await older.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line('c', 'Charlie')] } });
      expect(response.status).toBe(201);
      await older.knex.raw('ALTER TABLE read_models.ladder_matches DROP COLUMN voided_at, DROP COLUMN void_reason');
      await older.knex('read_models.read_model_migrations').where({ name: 'matches/002_voided_matches_kept' }).delete();

      await migrateReadModels(older.knex, readModelProjections);
      const row = await older.knex('projection_checkpoints').where({ name: 'read-models' }).first('replay_required');
      expect(row.replay_required).toBe('new read-model migrations: matches/002_voided_matches_kept');
    } finally {
      await older.close();
    }
  });

  it('is not marked on a new database, whose checkpoint starts at the log\'s start', async () => {
    const fresh = await startTestApp();
    try {
      const row = await fresh.knex('projection_checkpoints').where({ name: 'read-models' }).first('replay_required');
      expect(row?.replay_required ?? null).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
