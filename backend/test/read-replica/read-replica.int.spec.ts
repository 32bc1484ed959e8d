import knexFactory, { type Knex } from 'knex';
import type { GlobalStats, HealthResponse, LeaderboardEntry, RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import { testServerUrl } from '@test-support/database.js';
import { findReplicaBinaries, startStreamingReplica, type StreamingReplica } from '../support/streaming-replica.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '@test-support/until.js';

// Issue 12 item 3: READ_DATABASE_URL sends read-model queries to a PostgreSQL replica, here a
// real hot standby streaming from the primary. Read-your-writes still holds: a command's
// answer waits until the replica has replayed the projector's checkpoint for its position.
// The replica holds back each commit's replay (APPLY_DELAY_MS), so a read that did not wait
// for it would miss the write it follows.

const APPLY_DELAY_MS = 150;
/**
 * Far above the replica's delay, so a busy machine still answers each write 201; the paused
 * replay below waits it out once (three writes side by side).
 */
const RYW_TIMEOUT_MS = 10_000;
const MAX_LAG = 2;
const NOT_CAUGHT_UP = 'Your change was saved, but the pages have not caught up yet. Refresh in a moment.';

const binaries = await findReplicaBinaries(testServerUrl());
const missing = 'missing' in binaries ? binaries.missing : null;
const suite = missing ? describe.skip : describe;

const match = (winner: string, loser: string): RecordMatchRequest => ({
  winningTeam: 'team1',
  team1: [{ discordId: `${winner}#1`, username: winner, kills: 3, deaths: 1, assists: 0, score: 10 }],
  team2: [{ discordId: `${loser}#1`, username: loser, kills: 1, deaths: 3, assists: 0, score: 5 }],
});


suite(missing ? `read replica (skipped: ${missing})` : 'READ_DATABASE_URL: reads from a streaming replica', () => {
  let replica: StreamingReplica | null = null;
  let app: TestApp | null = null;
  /** A superuser session on the replica's copy of the test database. */
  let onReplica: Knex | null = null;

  beforeAll(async () => {
    replica = await startStreamingReplica(testServerUrl(), binaries as Exclude<typeof binaries, { missing: string }>, {
      applyDelayMs: APPLY_DELAY_MS,
    });
    console.warn(`Read replica: ${replica.story.join(' ')}`);
    onReplica = knexFactory({ client: 'pg', connection: replica.replicaUrl, pool: { min: 0, max: 1 } });
    app = await startTestApp(
      {
        READ_DATABASE_URL: replica.replicaUrl,
        READ_YOUR_WRITES_TIMEOUT_MS: String(RYW_TIMEOUT_MS),
        HEALTH_MAX_LAG: String(MAX_LAG),
      },
      { url: replica.primaryUrl, name: 'replica-primary', drop: async () => {} },
    );
  }, 60_000);

  afterAll(async () => {
    await onReplica?.raw('SELECT pg_wal_replay_resume()').catch(() => {});
    await app?.close().catch(() => {});
    await onReplica?.destroy();
    await replica?.close();
  });

  const stats = async (): Promise<GlobalStats> => (await app!.call('GET', '/api/stats/global')).body;
  const leaderboard = async (): Promise<LeaderboardEntry[]> => (await app!.call('GET', '/api/players/leaderboard')).body;
  const winsOf = (board: LeaderboardEntry[], username: string) => board.find((x) => x.username === username)?.wins ?? 0;
  const matchEvents = async () => Number((await app!.knex('events').where({ type: 'MatchRecorded' }).count({ n: '*' }).first())?.n);

  test('read-your-writes: each 201 is followed at once by reads that show it, though the replica replays late', async () => {
    for (let i = 1; i <= 4; i++) {
      const recorded = await app!.call('POST', '/api/matches', { json: match('Ada', 'Bob') });
      expect(recorded.status).toBe(201);
      const answer: RecordMatchResponse = recorded.body;
      const winner = answer.participants.find((x) => x.username === 'Ada')!;

      expect((await stats()).totalMatches).toBe(i);
      expect((await leaderboard()).find((x) => x.username === 'Ada')).toMatchObject({ elo: winner.ratingAfter, wins: i });
    }
  });

  test("reads use the replica's pool (team-site-read), and only the replica", async () => {
    await app!.call('GET', '/api/players/leaderboard');
    const sessions = async (knex: Knex) =>
      Number(
        (
          await knex.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'team-site-read' AND datname = current_database()")
        ).rows[0].n,
      );
    expect(await sessions(onReplica!)).toBeGreaterThan(0);
    expect(await sessions(app!.knex)).toBe(0);
  });

  test('replay paused: commands answer 503 after the wait, nothing is lost, health shows the lag; resumed, all shows', async () => {
    const before = await stats();
    const eventsBefore = await matchEvents();
    await onReplica!.raw('SELECT pg_wal_replay_pause()');
    await until(
      async () => (await onReplica!.raw('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0].state as string,
      (state) => state === 'paused',
    );

    const started = Date.now();
    const answers = await Promise.all([1, 2, 3].map(() => app!.call('POST', '/api/matches', { json: match('Cy', 'Dee') })));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body.error).toBe(NOT_CAUGHT_UP);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(RYW_TIMEOUT_MS - 50);
    // Saved: in the log and in the primary's read tables; the pages (the replica) do not show it yet.
    expect(await matchEvents()).toBe(eventsBefore + 3);
    expect((await stats()).totalMatches).toBe(before.totalMatches);
    // Read (and cached) while the replica lags: the cache must not keep this board once it replays.
    expect(winsOf(await leaderboard(), 'Cy')).toBe(0);

    const paused = await app!.call('GET', '/api/health');
    expect(paused.status).toBe(503);
    const pausedBody: HealthResponse = paused.body;
    expect(pausedBody).toMatchObject({ status: 'degraded', database: 'up', replica: { reachable: true, lag: 3 } });
    expect(pausedBody.reasons).toContain(`The read replica is 3 events behind the primary's read tables (limit ${MAX_LAG}).`);

    await onReplica!.raw('SELECT pg_wal_replay_resume()');
    expect((await until(stats, (now) => now.totalMatches === before.totalMatches + 3)).totalMatches).toBe(before.totalMatches + 3);
    expect(winsOf(await until(leaderboard, (board) => winsOf(board, 'Cy') === 3), 'Cy')).toBe(3);
    const resumed = await until(
      () => app!.call('GET', '/api/health'),
      (health) => health.status === 200,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'ok', replica: { reachable: true, lag: 0 } });
  });
});
