import knexFactory, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { READ_MODELS_CHECKPOINT } from '../checkpoint.js';
import { readModelProjections } from '../read-models.js';
import { migrateReadModels } from '../read-model-schema.js';
import { PLAYERS_TABLE } from '../players/player-tables.js';
import { headToHead, matchesBetween } from './head-to-head.queries.js';
import { MATCHES_TABLE, PARTICIPANTS_TABLE, matchesProjection } from './matches.projection.js';
import { ratingHistoryOf } from '@team/contracts';
import { playerMatchHistory, playerRatingHistory, recentMatches, recentMatchTimes } from './matches.queries.js';

// Migration 007 (matches.projection.ts; docs/performance.md, "Scale curve"): on a database made
// before it, the first start builds the covering line indexes and the voided matches' index, asks
// for no replay, and the reads that use them answer as before; a voided match stays out.
describe('the covering line indexes on an existing database', () => {
  let db: TestDatabase;
  let knex: Knex;
  const before007 = readModelProjections.map((projection) =>
    projection === matchesProjection ? { ...projection, migrations: projection.migrations.filter((m) => !m.name.startsWith('007_')) } : projection,
  );
  const indexes = async () =>
    Object.fromEntries(
      (await knex.raw<{ rows: { indexname: string; indexdef: string }[] }>(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'read_models' AND tablename IN (?, ?)`, [MATCHES_TABLE, PARTICIPANTS_TABLE])).rows.map((row) => [
        row.indexname,
        row.indexdef.replace(/^.* USING /, ''),
      ]),
    );
  /** The SQL `work` sends through knex. */
  const statementsOf = async (work: () => Promise<unknown>): Promise<string[]> => {
    const statements: string[] = [];
    const seen = (query: { sql: string }) => statements.push(query.sql);
    knex.on('query', seen);
    try {
      await work();
    } finally {
      knex.off('query', seen);
    }
    return statements;
  };
  const reads = async () => ({
    history: (await playerMatchHistory(knex, 1)).map((record) => ({ id: record.id, match: record.match.id, teammates: record.teammates, opponents: record.opponents })),
    headToHead: await headToHead(knex, 1),
    between: (await matchesBetween(knex, 1, 5)).map((match) => match.matchId),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = knexFactory({ client: 'pg', connection: db.url, searchPath: ['read_models', 'public'], pool: { min: 0, max: 2 } });
    await migrateReadModels(knex, before007);
    await knex('projection_checkpoints').insert({ name: READ_MODELS_CHECKPOINT, position: 40 });
    await knex(PLAYERS_TABLE).insert([1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, discord_id: `d${id}`, username: `Player ${id}`, elo: 1000 })));
    // Six matches of the same eight players, teams shuffled; match 4 voided.
    for (let match = 1; match <= 6; match++) {
      await knex(MATCHES_TABLE).insert({
        id: match, created_at: new Date(Date.UTC(2026, 0, match)), winning_team: 'team1', stats_used: false,
        ...(match === 4 ? { voided_at: new Date(Date.UTC(2026, 1, 1)), void_reason: 'Recorded twice' } : {}),
      });
      const team1 = match % 2 === 0 ? [1, 2, 3, 4] : [1, 5, 6, 7];
      await knex(PARTICIPANTS_TABLE).insert(
        [1, 2, 3, 4, 5, 6, 7, 8].map((player) => {
          const team = team1.includes(player) ? 'team1' : 'team2';
          return { match_id: match, player_id: player, original_player_id: player, team, won: team === 'team1', rating_before: 1000, rating_change: 10, elo_after: 1010 };
        }),
      );
    }
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  test('the first start after it builds them, asks for no replay, and the reads answer as before', async () => {
    const old = await indexes();
    expect(old.ladder_participants_player_idx).toBe('btree (player_id, match_id DESC)');
    expect(old.ladder_matches_voided_idx).toBeUndefined();
    const answered = await reads();
    expect(answered.history.map((record) => record.match)).toEqual([6, 5, 3, 2, 1]);
    expect(answered.between).toEqual([6, 2]);

    await migrateReadModels(knex, readModelProjections);
    expect(await indexes()).toMatchObject({
      ladder_participants_player_idx: 'btree (player_id, match_id DESC) INCLUDE (team, won)',
      ladder_participants_match_idx: 'btree (match_id) INCLUDE (id, player_id, team)',
      ladder_matches_voided_idx: 'btree (id) WHERE (voided_at IS NOT NULL)',
    });
    expect((await knex('projection_checkpoints').first()).replay_required).toBeNull();
    expect(await reads()).toEqual(answered);
  });
  test("the sitemap's newest matches: the ids and times recentMatches gives, read from the matches' index alone", async () => {
    const times = await recentMatchTimes(knex, 4);
    expect(times).toEqual((await recentMatches(knex, 4)).map((match) => ({ id: match.id, createdAt: match.createdAt })));
    expect(times.map((match) => match.id)).toEqual([6, 5, 3, 2]);
    // No line-up: at 1M matches, the thousand newest matches' 8,000 lines and their players' names
    // were most of the sitemap's cost after a write (docs/performance.md, "Scale curve").
    const statements = await statementsOf(() => recentMatchTimes(knex, 1000));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain(MATCHES_TABLE);
    expect(statements[0]).not.toContain(PARTICIPANTS_TABLE);
    expect(statements[0]).not.toContain(PLAYERS_TABLE);
  });
  test("compare's rating history: ratingHistoryOf the player's history, read without line-ups or names", async () => {
    for (const player of [1, 5, 8]) expect(await playerRatingHistory(knex, player)).toEqual(ratingHistoryOf(await playerMatchHistory(knex, player)));
    expect((await playerRatingHistory(knex, 1)).map((point) => point.matchId)).toEqual([1, 2, 3, 5, 6]);
    const statements = await statementsOf(() => playerRatingHistory(knex, 1));
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain(PLAYERS_TABLE);
  });
});
