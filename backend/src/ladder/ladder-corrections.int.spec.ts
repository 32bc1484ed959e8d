import type {
  LeaderboardEntry,
  MatchRecorded,
  MatchVoided,
  Player,
  PlayerMatchRecord,
  PlayersUnmerged,
  RecordMatchPlayer,
  RecordMatchRequest,
  RecordMatchResponse,
  RevertMergeResponse,
  VoidMatchResponse,
} from '@team/contracts';
import { getOk, matchLine, recordMatch } from '../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Corrections end to end on a real database (docs/product.md#players-and-merges): a voided match, a reverted merge,
// the ladder as it stood at an earlier point of the log, and a rebuild that reads the same.

const p = matchLine;

function body(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[], extra: Partial<RecordMatchRequest> = {}): RecordMatchRequest {
  return { winningTeam: 'team1', team1, team2, ...extra };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ladder corrections API', () => {
  let app: TestApp;
  const matches: RecordMatchResponse[] = [];
  /** Reads taken right after match 1, to compare with the same reads "as of" then. */
  let afterFirst: { position: number; time: string; board: LeaderboardEntry[]; history: PlayerMatchRecord[] };
  /** The board right after match 3, before anything was voided. */
  let afterThird: { position: number; board: LeaderboardEntry[]; hardpoint: LeaderboardEntry[] };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const record = (request: RecordMatchRequest) => recordMatch(app, request);
  const get = <T,>(path: string) => getOk<T>(app, path);
  /** Every player without its rank and tier, which move with everyone else's ratings. */
  const players = async () => (await get<(Player & { rank?: number; tier?: string })[]>('/api/players')).map(({ rank: _r, tier: _t, ...player }) => player);
  const byId = (list: Player[], id: number) => list.find((x) => x.id === id)!;

  /** A refused call: its status and message, and nothing appended. */
  async function refused(method: string, path: string, json: unknown, status: number, error: string | RegExp, admin = true) {
    const before = await app.eventCount();
    const response = await app.call(method, path, { json, admin });
    expect(response.status).toBe(status);
    if (typeof error === 'string') expect(response.body.error).toBe(error);
    else expect(response.body.error).toMatch(error);
    expect(await app.eventCount()).toBe(before);
  }

  /** Ratings per player and pool from the log alone: the start plus every change of a match not voided. */
  async function ratingsFromLog(): Promise<Map<string, number>> {
    const rows: { type: string; data: unknown }[] = await app.knex('events').where({ stream_id: 'ladder' }).orderBy('position');
    const voided = new Set(rows.filter((r) => r.type === 'MatchVoided').map((r) => (r.data as MatchVoided['data']).matchId));
    const ratings = new Map<string, number>();
    for (const row of rows) {
      if (row.type !== 'MatchRecorded') continue;
      const data = row.data as MatchRecorded['data'];
      if (voided.has(data.matchId)) continue;
      for (const line of data.participants) {
        const key = `${line.playerId}:${data.pool}`;
        ratings.set(key, (ratings.get(key) ?? 1000) + line.ratingChange);
      }
    }
    return ratings;
  }

  test('three matches; the board and a history as of the first one equal what was read then', async () => {
    // Alpha (1), Bravo (2) vs Charlie (3), Delta (4), with stats.
    matches.push(
      await record(
        body(
          [p('d-a', 'Alpha', { kills: 10, deaths: 5, assists: 1, score: 1000 }), p('d-b', 'Bravo', { kills: 8, deaths: 6, assists: 2, score: 800 })],
          [p('d-c', 'Charlie', { kills: 6, deaths: 9, assists: 3, score: 600 }), p('d-d', 'Delta', { kills: 5, deaths: 9, assists: 0, score: 500 })],
        ),
      ),
    );
    afterFirst = {
      position: matches[0]!.position,
      time: new Date().toISOString(),
      board: await get('/api/players/leaderboard'),
      history: await get('/api/players/1/matches'),
    };
    await sleep(20);
    // Match 2, Hardpoint: Alpha and Charlie beat Bravo and Delta, with stats.
    matches.push(
      await record(
        body(
          [p('d-a', 'Alpha', { kills: 20, deaths: 2, assists: 4, score: 2500 }), p('d-c', 'Charlie', { kills: 12, deaths: 8, assists: 1, score: 1800 })],
          [p('d-b', 'Bravo', { kills: 4, deaths: 16, assists: 0, score: 900 }), p('d-d', 'Delta', { kills: 6, deaths: 16, assists: 2, score: 1000 })],
          { modeId: 1, team1Score: 250, team2Score: 120 },
        ),
      ),
    );
    // Match 3, overall without stats: Alpha and Delta beat Bravo and Charlie.
    matches.push(await record(body([p('d-a', 'Alpha'), p('d-d', 'Delta')], [p('d-b', 'Bravo'), p('d-c', 'Charlie')])));
    afterThird = {
      position: matches[2]!.position,
      board: await get('/api/players/leaderboard'),
      hardpoint: await get('/api/players/leaderboard?mode=1'),
    };

    expect(await get('/api/players/leaderboard?asOf=' + afterFirst.position)).toEqual(afterFirst.board);
    expect(await get('/api/players/leaderboard?asOf=' + encodeURIComponent(afterFirst.time))).toEqual(afterFirst.board);
    expect(await get(`/api/players/1/matches?asOf=${afterFirst.position}`)).toEqual(afterFirst.history);
    expect(await get(`/api/players?asOf=${afterFirst.position}`)).toEqual(afterFirst.board);
    // The whole log folded shows what the read tables show.
    expect(await get(`/api/players/leaderboard?asOf=${afterThird.position}`)).toEqual(afterThird.board);
    expect(await get(`/api/players/leaderboard?mode=1&asOf=${afterThird.position}`)).toEqual(afterThird.hardpoint);
    for (const id of [1, 2, 3, 4]) {
      expect(await get(`/api/players/${id}/matches?asOf=${afterThird.position}`)).toEqual(await get(`/api/players/${id}/matches`));
    }
    // Before anything happened there is nobody; a bad point is refused.
    expect(await get('/api/players/leaderboard?asOf=0')).toEqual([]);
    expect((await app.call('GET', '/api/players/1/matches?asOf=0')).status).toBe(404);
    for (const bad of ['yesterday', '-1', '2025-13-45T99:00:00Z', '1.5']) {
      const response = await app.call('GET', `/api/players/leaderboard?asOf=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^asOf must be an event position/);
    }
  });

  test('void refusals: no key (401), no reason (400), unknown match (404), bad id (400); nothing appended', async () => {
    await refused('POST', '/api/admin/matches/2/void', { reason: 'Wrong teams' }, 401, /./, false);
    await refused('POST', '/api/admin/matches/2/void', {}, 400, 'A reason is required to void a match (1 to 500 characters).');
    await refused('POST', '/api/admin/matches/2/void', { reason: '   ' }, 400, /A reason is required/);
    await refused('POST', '/api/admin/matches/2/void', { reason: 'x'.repeat(501) }, 400, /A reason is required/);
    await refused('POST', '/api/admin/matches/99/void', { reason: 'Typo' }, 404, 'Match #99 not found.');
    await refused('POST', '/api/admin/matches/abc/void', { reason: 'Typo' }, 400, 'The match id must be a whole number.');
  });

  test('voiding the middle match gives its changes back; later matches keep theirs; totals and histories follow', async () => {
    const before = await players();
    const [m1, m2, m3] = matches as [RecordMatchResponse, RecordMatchResponse, RecordMatchResponse];
    const response = await app.call('POST', '/api/admin/matches/2/void', { json: { reason: 'Played on the wrong map' }, admin: true });
    expect(response.status).toBe(200);
    const answer: VoidMatchResponse = response.body;
    expect(Number(response.headers.get('x-event-position'))).toBe(answer.position);
    expect(answer).toMatchObject({ matchId: 2, reason: 'Played on the wrong map' });
    // Hardpoint's pool: each participant gets its change back, down to the start.
    expect(answer.participants.map((x) => [x.playerId, x.username, x.ratingChange, x.ratingAfter])).toEqual(
      m2.participants.map((x) => [x.playerId, x.username, -x.ratingChange, 1000]),
    );

    // Ratings are the start plus the changes of the matches that still count, as the log says.
    const fromLog = await ratingsFromLog();
    const after = await players();
    for (const player of after) expect(player.elo).toBe(fromLog.get(`${player.id}:overall`) ?? 1000);
    const change = (m: RecordMatchResponse, id: number) => m.participants.find((x) => x.playerId === id)!.ratingChange;
    expect(byId(after, 1).elo).toBe(1000 + change(m1, 1) + change(m3, 1));
    // Nobody has a Hardpoint match left: the mode board is empty.
    expect(await get('/api/players/leaderboard?mode=1')).toEqual([]);

    // Totals lose the match's line.
    expect(byId(after, 1)).toMatchObject({ wins: 2, losses: 0, totalMatches: 2, totalKills: 10, totalDeaths: 5, totalAssists: 1, avgScore: 500 });
    expect(byId(after, 2)).toMatchObject({ wins: 1, losses: 1, totalMatches: 2, totalKills: 8, totalDeaths: 6 });
    expect(byId(before, 1).totalMatches - byId(after, 1).totalMatches).toBe(1);

    // Histories skip it; the later entry's ELO-after is re-threaded.
    const history: PlayerMatchRecord[] = await get('/api/players/1/matches');
    expect(history.map((h) => h.match.id)).toEqual([3, 1]);
    expect(history[0]).toMatchObject({ eloChange: change(m3, 1), eloAfter: byId(after, 1).elo });
    expect((await get<{ id: number }[]>('/api/matches/recent')).map((m) => m.id)).toEqual([3, 1]);
    expect(await get('/api/stats/global')).toMatchObject({ totalPlayers: 4, totalMatches: 2 });
    // The board as of before the void is the board read then.
    expect(await get(`/api/players/leaderboard?asOf=${afterThird.position}`)).toEqual(afterThird.board);
    expect(await get(`/api/players/leaderboard?asOf=${answer.position}`)).toEqual(await get('/api/players/leaderboard'));

    await refused('POST', '/api/admin/matches/2/void', { reason: 'Again' }, 409, 'Match #2 was already voided.');
  });

  test('a merge, a match with the duplicate Discord ID, then a revert: each account gets its own back', async () => {
    // Echo (5) beats Foxtrot (6); "echo" (7), Echo's second account, beats Foxtrot in Hardpoint.
    const m4 = await record(body([p('d-e', 'Echo', { kills: 5, deaths: 1 })], [p('d-f', 'Foxtrot', { kills: 1, deaths: 5 })]));
    const m5 = await record(body([p('d-e2', 'echo')], [p('d-f', 'Foxtrot')], { modeId: 1, team1Score: 250, team2Score: 50 }));
    expect(m5.participants[0]!.playerId).toBe(7);
    const echoHistory: PlayerMatchRecord[] = await get('/api/players/5/matches');
    const dupHistory: PlayerMatchRecord[] = await get('/api/players/7/matches');
    const echoBefore = byId(await players(), 5);
    const dupBefore = byId(await players(), 7);

    await refused('POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 7 }, 409, 'echo (#7) was never merged into Echo (#5).');
    expect((await app.call('POST', '/api/players/merge', { json: { primaryId: 5, duplicateId: 7 }, admin: true })).status).toBe(200);
    // Recorded with the duplicate's Discord ID: it counts for Echo while merged.
    const m6 = await record(body([p('d-e2', 'echo')], [p('d-c', 'Charlie')]));
    expect(m6.participants[0]!.playerId).toBe(5);

    await refused('POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 7 }, 401, /./, false);
    await refused('POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 'x' }, 400, /must both be player ids/);
    await refused('POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 404 }, 404, 'Player 404 not found.');

    const response = await app.call('POST', '/api/admin/merges/revert', { json: { primaryId: 5, duplicateId: 7 }, admin: true });
    expect(response.status).toBe(200);
    const { primary, duplicate }: RevertMergeResponse = response.body;
    const m6Change = m6.participants[0]!.ratingChange;
    expect(primary).toEqual(echoBefore);
    expect(duplicate).toEqual({
      ...dupBefore,
      elo: dupBefore.elo + m6Change,
      wins: 2,
      totalMatches: 2,
      winRate: 100,
    });
    const list = await players();
    expect(byId(list, 5)).toEqual(echoBefore);
    expect(byId(list, 7)).toEqual(duplicate);

    // Each account has its own history again; the duplicate's includes the match recorded with its ID.
    expect(await get('/api/players/5/matches')).toEqual(echoHistory);
    const dupAfter: PlayerMatchRecord[] = await get('/api/players/7/matches');
    expect(dupAfter.map((h) => h.match.id)).toEqual([6, 5]);
    expect(dupAfter.slice(1)).toEqual(dupHistory);
    expect(dupAfter[0]).toMatchObject({ eloChange: m6Change, eloAfter: 1000 + m6Change });
    const hardpoint: LeaderboardEntry[] = await get('/api/players/leaderboard?mode=1');
    expect(hardpoint.map((e) => [e.id, e.elo]).sort()).toEqual([
      [6, 1000 + m5.participants[1]!.ratingChange],
      [7, 1000 + m5.participants[0]!.ratingChange],
    ]);

    // Its Discord ID is its own again.
    const m7 = await record(body([p('d-e2', 'echo')], [p('d-e', 'Echo')]));
    expect(m7.participants.map((x) => [x.playerId, x.ratingBefore])).toEqual([
      [7, duplicate.elo],
      [5, echoBefore.elo],
    ]);
    expect(byId(await players(), 7)).toMatchObject({ totalMatches: 3, elo: duplicate.elo + m7.participants[0]!.ratingChange });

    await refused('POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 7 }, 409, 'This merge was already reverted.');
    const rows: { data: unknown }[] = await app.knex('events').where({ type: 'PlayersUnmerged' });
    expect(rows).toHaveLength(1);
    expect((rows[0]!.data as PlayersUnmerged['data']).movedBackMatchIds).toEqual([5, 6]);
    expect(m4.participants[0]!.playerId).toBe(5);
  });

  test('a rebuild of the read models after voids and reverts reads exactly the same', async () => {
    const paths = [
      '/api/players',
      '/api/players/leaderboard',
      '/api/players/leaderboard?mode=1',
      '/api/players/top',
      '/api/stats/global',
      '/api/stats/rank-distribution',
      '/api/matches/recent',
      ...[1, 2, 3, 4, 5, 6, 7].map((id) => `/api/players/${id}/matches`),
    ];
    const before = await Promise.all(paths.map((path) => get(path)));
    const started = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
    expect(started.status).toBe(202);
    let operations = started.body;
    // Up to 30 s: a busy machine's margin for a rebuild of a few matches.
    for (let i = 0; i < 600; i++) {
      operations = (await app.call('GET', '/api/admin/operations', { admin: true })).body;
      if (!operations.rebuild.running) break;
      await sleep(50);
    }
    expect(operations.rebuild).toMatchObject({ running: false, lastError: null });
    const after = await Promise.all(paths.map((path) => get(path)));
    expect(after).toEqual(before);
    // And the whole log folded agrees with the rebuilt tables.
    const head = operations.head as number;
    expect(await get(`/api/players/leaderboard?asOf=${head}`)).toEqual(before[1]);
    for (const id of [1, 5, 7]) expect(await get(`/api/players/${id}/matches?asOf=${head}`)).toEqual(await get(`/api/players/${id}/matches`));
  });
});
