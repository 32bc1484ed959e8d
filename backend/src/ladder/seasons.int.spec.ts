import type {
  AuditPage,
  Player,
  PlayerMatchRecord,
  PlayerSeason,
  RecordMatchPlayer,
  RecordMatchResponse,
  Season,
  SeasonLeaderboardEntry,
  SeasonWriteResponse,
} from '@team/contracts';
import { compareWithRebuild } from '../../test/support/read-model-check.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Seasons end to end on a real database: the boundary drawn by log order, a soft reset that the
// decider then rates from, a void inside a closed season, a merge across seasons, and a
// rebuild that reads the same.

const line = (discordId: string, username: string, kills = 5, deaths = 5): RecordMatchPlayer => ({
  discordId,
  username,
  kills,
  deaths,
  assists: 1,
  score: 100,
});

describe('seasons API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function get<T>(path: string): Promise<T> {
    const response = await app.call('GET', path);
    expect(response.status).toBe(200);
    return response.body;
  }
  async function record(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[]): Promise<RecordMatchResponse> {
    const response = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1, team2 } });
    expect(response.status).toBe(201);
    return response.body;
  }
  async function refused(method: string, path: string, json: unknown, status: number, error: RegExp, admin = true) {
    const before = await app.eventCount();
    const response = await app.call(method, path, { json, admin });
    expect(response.status).toBe(status);
    expect(Object.keys(response.body)).toEqual(['error', ...(response.body.details ? ['details'] : [])]);
    expect(response.body.error).toMatch(error);
    expect(await app.eventCount()).toBe(before);
  }
  const board = (seasonId: number, mode = '') => get<SeasonLeaderboardEntry[]>(`/api/seasons/${seasonId}/leaderboard${mode}`);
  const elo = async (id: number) => (await get<Player[]>('/api/players')).find((p) => p.id === id)!.elo;
  const ids: Record<string, number> = {};
  let closedBoard: SeasonLeaderboardEntry[];

  test('before a SeasonStarted, the first match opens the implicit Season 1', async () => {
    expect(await get<Season[]>('/api/seasons')).toEqual([]);
    const m1 = await record([line('a', 'Alpha', 10, 2), line('b', 'Bravo')], [line('c', 'Charlie'), line('d', 'Delta')]);
    for (const p of m1.participants) ids[p.username] = p.playerId;
    const seasons = await get<Season[]>('/api/seasons');
    expect(seasons).toEqual([{ id: 1, name: 'Season 1', startedAt: expect.any(String), endedAt: null, current: true }]);
    const first = await board(1);
    expect(first.map((e) => e.username)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(first[0]).toMatchObject({ rank: 1, totalMatches: 1, wins: 1, losses: 0, kdRatio: 5, avgScore: 100 });
    expect(first[0]!.peakElo).toBe(first[0]!.elo);
  });

  test('bad season writes are clear 4xx and append nothing', async () => {
    await refused('POST', '/api/admin/seasons', { name: '   ' }, 400, /name: blank/);
    await refused('POST', '/api/admin/seasons', {}, 400, /name: missing/);
    await refused('POST', '/api/admin/seasons', { name: 'x'.repeat(61) }, 400, /at most 60/);
    await refused('POST', '/api/admin/seasons', { name: 'Bad\u0007' }, 400, /control characters/);
    await refused('POST', '/api/admin/seasons', { name: 'S', softResetPercent: 101 }, 400, /softResetPercent: a whole number from 0 to 100/);
    await refused('POST', '/api/admin/seasons', { name: 'S', softResetPercent: -1 }, 400, /softResetPercent/);
    await refused('POST', '/api/admin/seasons', { name: 'S', softResetPercent: 12.5 }, 400, /softResetPercent/);
    await refused('POST', '/api/admin/seasons', { name: 'S', softResetPercent: '50' }, 400, /softResetPercent/);
    await refused('POST', '/api/admin/seasons', { name: 'S' }, 401, /admin key/i, false);
    await refused('PUT', '/api/admin/seasons/9', { name: 'Nine' }, 404, /Season 9 not found/);
    await refused('PUT', '/api/admin/seasons/abc', { name: 'X' }, 400, /season id must be a whole number/);
    await refused('PUT', '/api/admin/seasons/1', { name: '' }, 400, /name: blank/);
    await refused('PUT', '/api/admin/seasons/1', { name: 'S' }, 401, /admin key/i, false);
    expect((await app.call('GET', '/api/seasons/9/leaderboard')).status).toBe(404);
    expect((await app.call('GET', '/api/seasons/x/leaderboard')).status).toBe(400);
    expect((await app.call('GET', '/api/seasons/1/leaderboard?mode=x')).status).toBe(400);
  });

  test('a soft reset moves every rating toward 1000, and the next match is rated from the moved values', async () => {
    const before = new Map<number, number>();
    for (const id of Object.values(ids)) before.set(id, await elo(id));
    closedBoard = await board(1);

    const response = await app.call('POST', '/api/admin/seasons', { json: { name: ' Spring ', softResetPercent: 50 }, admin: true });
    expect(response.status).toBe(201);
    const written = response.body as SeasonWriteResponse;
    expect(written.season).toMatchObject({ id: 2, name: 'Spring', endedAt: null, current: true });
    expect(written.ratingsMoved).toBe(4);
    for (const [id, rating] of before) expect(await elo(id)).toBe(Math.round(rating + ((1000 - rating) * 50) / 100));

    const seasons = await get<Season[]>('/api/seasons');
    expect(seasons.map((s) => [s.id, s.current])).toEqual([[2, true], [1, false]]);
    expect(seasons[1]!.endedAt).toBe(seasons[0]!.startedAt);
    // The closed season's board keeps the ratings it ended with, not the reset ones.
    expect(await board(1)).toEqual(closedBoard);

    // A match exactly at the boundary: recorded after SeasonStarted in the log, so it is season 2's.
    const alphaReset = await elo(ids.Alpha!);
    const m2 = await record([line('a', 'Alpha'), line('e', 'Echo')], [line('b', 'Bravo'), line('f', 'Foxtrot')]);
    ids.Echo = m2.participants.find((p) => p.username === 'Echo')!.playerId;
    ids.Foxtrot = m2.participants.find((p) => p.username === 'Foxtrot')!.playerId;
    expect(m2.participants.find((p) => p.playerId === ids.Alpha)!.ratingBefore).toBe(alphaReset);
    expect(await board(1)).toEqual(closedBoard);
    const second = await board(2);
    expect(second.map((e) => e.username).sort()).toEqual(['Alpha', 'Bravo', 'Echo', 'Foxtrot']);
    expect(second.every((e) => e.totalMatches === 1)).toBe(true);
  });

  test('renaming a season, past or current, shows in the list and the audit log', async () => {
    const response = await app.call('PUT', '/api/admin/seasons/1', { json: { name: 'Founders' }, admin: true });
    expect(response.status).toBe(200);
    expect((response.body as SeasonWriteResponse).season).toMatchObject({ id: 1, name: 'Founders', current: false });
    const audit = await app.call('GET', '/api/admin/events?type=SeasonStarted,SeasonRenamed', { admin: true });
    const summaries = (audit.body as AuditPage).events.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Season #1 renamed from "Season 1" to "Founders"',
        'Season #2 "Spring" started, season #1 ended; soft reset 50%: 4 ratings moved toward 1000',
      ]),
    );
  });

  test('a void inside a closed season changes the current ratings but not its final standings', async () => {
    const bravoBefore = await elo(ids.Bravo!);
    const response = await app.call('POST', '/api/admin/matches/1/void', { json: { reason: 'Wrong lobby' }, admin: true });
    expect(response.status).toBe(200);
    expect(await elo(ids.Bravo!)).not.toBe(bravoBefore);
    expect((await board(1)).map(({ username, elo: rating, wins, totalMatches, rank }) => ({ username, rating, wins, totalMatches, rank }))).toEqual(
      closedBoard.map(({ username, elo: rating, wins, totalMatches, rank }) => ({ username, rating, wins, totalMatches, rank })),
    );
    const audit = await app.call('GET', '/api/admin/events?type=MatchVoided', { admin: true });
    expect((audit.body as AuditPage).events[0]!.summary).toBe('Match #1 voided: Wrong lobby');
  });

  test('a merge across seasons: the current season moves to the primary, the closed one stays as ranked', async () => {
    // Charlie played only in season 1, Echo only in season 2: never in one match.
    const charlieBefore = await elo(ids.Charlie!);
    const echoBefore = await elo(ids.Echo!);
    const merged = await app.call('POST', '/api/players/merge', { json: { primaryId: ids.Charlie, duplicateId: ids.Echo }, admin: true });
    expect(merged.status).toBeLessThan(300);
    expect(await elo(ids.Charlie!)).toBe(charlieBefore + echoBefore - 1000);

    const second = await board(2);
    expect(second.map((e) => e.username).sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Foxtrot']);
    expect(second.find((e) => e.id === ids.Charlie)).toMatchObject({ totalMatches: 1, wins: 1, elo: charlieBefore + echoBefore - 1000 });
    expect((await board(1)).map((e) => e.username)).toEqual(closedBoard.map((e) => e.username));

    // The merged history is re-threaded through the soft reset: its last ELO-after is the rating.
    const history = await get<PlayerMatchRecord[]>(`/api/players/${ids.Charlie}/matches`);
    expect(history[0]!.eloAfter).toBe(await elo(ids.Charlie!));

    const seasons = await get<PlayerSeason[]>(`/api/players/${ids.Charlie}/seasons`);
    expect(seasons.map((s) => s.season.id)).toEqual([2, 1]);
    expect(seasons[0]).toMatchObject({ matches: 1, wins: 1, losses: 0, finalElo: await elo(ids.Charlie!) });
    expect(seasons[1]).toMatchObject({ matches: 1, wins: 0, losses: 1 });
    expect(seasons[1]!.finalElo).toBe(closedBoard.find((e) => e.id === ids.Charlie)!.elo);
    expect((await app.call('GET', '/api/players/999/seasons')).status).toBe(404);
  });

  test('a season with no match yet is not followed by another; a reset since a merge blocks its revert', async () => {
    expect((await app.call('POST', '/api/admin/seasons', { json: { name: 'Summer', softResetPercent: 10 }, admin: true })).status).toBe(201);
    await refused('POST', '/api/admin/seasons', { name: 'Autumn' }, 409, /Summer has no match yet: rename it/);
    await refused(
      'POST',
      '/api/admin/merges/revert',
      { primaryId: ids.Charlie, duplicateId: ids.Echo },
      409,
      /soft reset moved .* since the merge/,
    );
  });

  test('a rebuild of the read models reads exactly the same', async () => {
    const comparison = await compareWithRebuild(app.db.url);
    expect(comparison.rebuilt).toEqual(comparison.live);
    expect(Object.keys(comparison.live)).toEqual(expect.arrayContaining(['ladder_seasons', 'ladder_season_lines', 'ladder_season_final_ratings']));
  });
});

describe('seasons API before any match', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('starting a season before the first match names the first season', async () => {
    const response = await app.call('POST', '/api/admin/seasons', { json: { name: 'Opening' }, admin: true });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ season: { id: 1, name: 'Opening', current: true }, ratingsMoved: 0 });
    const match = await app.call('POST', '/api/matches', {
      json: { winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line('b', 'Bravo')] },
    });
    expect(match.status).toBe(201);
    const seasons = (await app.call('GET', '/api/seasons')).body as Season[];
    expect(seasons).toEqual([expect.objectContaining({ id: 1, name: 'Opening', current: true })]);
    expect(((await app.call('GET', '/api/seasons/1/leaderboard')).body as SeasonLeaderboardEntry[]).map((e) => e.username)).toEqual(['Alpha', 'Bravo']);
  });
});

describe('seasons: modes, names, races and the profile lookup', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const oneVsOne = (winner: RecordMatchPlayer, loser: RecordMatchPlayer) =>
    app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [winner], team2: [loser] } }).then((r) => {
      expect(r.status).toBe(201);
      return r.body as RecordMatchResponse;
    });
  async function refused(method: string, path: string, json: unknown, status: number, error: RegExp) {
    const before = await app.eventCount();
    const response = await app.call(method, path, { json, admin: true });
    expect({ status: response.status, keys: Object.keys(response.body) }).toEqual({ status, keys: ['error', ...(response.body.details ? ['details'] : [])] });
    expect(response.body.error).toMatch(error);
    expect(await app.eventCount()).toBe(before);
  }

  test('a season board refuses mode 0 and an unknown mode with 404, as the leaderboard does', async () => {
    await oneVsOne(line('a', 'Alpha'), line('b', 'Bravo'));
    for (const mode of ['0', '99']) {
      for (const path of [`/api/seasons/1/leaderboard?mode=${mode}`, `/api/players/leaderboard?mode=${mode}`]) {
        const response = await app.call('GET', path);
        expect([path, response.status, response.body]).toEqual([path, 404, { error: `Mode ${mode} not found.` }]);
      }
    }
    expect((await app.call('GET', '/api/seasons/1/leaderboard?mode=1')).status).toBe(200);
  });

  test('a name blank but for format characters, or holding C1 controls or DEL, is a 400', async () => {
    for (const [method, path] of [['POST', '/api/admin/seasons'], ['PUT', '/api/admin/seasons/1']] as const) {
      await refused(method, path, { name: '\u200B\u200F\u2066 \uFEFF' }, 400, /name: blank/);
      await refused(method, path, { name: 'Spring\u0085' }, 400, /name: must not contain control characters/);
      await refused(method, path, { name: 'Spring\u009B1m' }, 400, /control characters/);
      await refused(method, path, { name: 'Spring\u007F' }, 400, /control characters/);
    }
  });

  test('a duplicate name (ignoring case) is a 409; renaming a season to its own name appends nothing', async () => {
    await refused('POST', '/api/admin/seasons', { name: ' season 1 ' }, 409, /A season named "Season 1" already exists/);
    const started = await app.call('POST', '/api/admin/seasons', { json: { name: 'Spring' }, admin: true });
    expect(started.status).toBe(201);
    await refused('PUT', '/api/admin/seasons/2', { name: 'SEASON 1' }, 409, /A season named "Season 1" already exists/);
    await refused('PUT', '/api/admin/seasons/1', { name: 'spring\u200B' }, 409, /A season named "Spring" already exists/);

    for (const name of ['Spring', ' Spring ']) {
      const before = await app.eventCount();
      const same = await app.call('PUT', '/api/admin/seasons/2', { json: { name }, admin: true });
      expect([same.status, same.body.season]).toEqual([200, expect.objectContaining({ id: 2, name: 'Spring', current: true })]);
      expect(await app.eventCount()).toBe(before);
    }
    // Its own name in another case is a rename.
    const recased = await app.call('PUT', '/api/admin/seasons/2', { json: { name: 'SPRING' }, admin: true });
    expect([recased.status, recased.body.season.name]).toEqual([200, 'SPRING']);
  });

  test('two seasons started at once: one 201, one 409, one event appended', async () => {
    await oneVsOne(line('c', 'Charlie'), line('d', 'Delta'));
    const before = await app.eventCount();
    const answers = await Promise.all(
      ['Race A', 'Race B'].map((name) => app.call('POST', '/api/admin/seasons', { json: { name }, admin: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toMatch(/has no match yet: rename it/);
    expect(await app.eventCount()).toBe(before + 1);
  });

  test("a player's seasons: the same lines and ranks as the season boards, found through an index on player_id", async () => {
    // Ties on ELO and wins (ranked by name) in several seasons, and players absent from some.
    await oneVsOne(line('a', 'Alpha'), line('b', 'Bravo'));
    await oneVsOne(line('c', 'charlie'), line('d', 'Delta'));
    await oneVsOne(line('e', 'Echo', 9, 1), line('f', 'Foxtrot'));
    expect((await app.call('POST', '/api/admin/seasons', { json: { name: 'Summer', softResetPercent: 25 }, admin: true })).status).toBe(201);
    await oneVsOne(line('b', 'Bravo'), line('a', 'Alpha'));
    await oneVsOne(line('d', 'Delta'), line('e', 'Echo'));
    // Newcomers level on ELO and wins, ranked by name: caseless first, then exactly, then id.
    await oneVsOne(line('g', 'india'), line('h', 'Hotel'));
    await oneVsOne(line('i', 'Golf'), line('j', 'Juliet'));
    await oneVsOne(line('k', 'golf'), line('l', 'Lima'));

    const seasons = (await app.call('GET', '/api/seasons')).body as Season[];
    const boards = new Map<number, SeasonLeaderboardEntry[]>();
    for (const season of seasons) boards.set(season.id, (await app.call('GET', `/api/seasons/${season.id}/leaderboard`)).body);
    const players = (await app.call('GET', '/api/players')).body as Player[];
    expect(players.length).toBe(12);
    for (const player of players) {
      const expected: PlayerSeason[] = seasons.flatMap((season) => {
        const entry = boards.get(season.id)!.find((e) => e.id === player.id);
        return entry
          ? [{ season, matches: entry.totalMatches, wins: entry.wins, losses: entry.losses, kdRatio: entry.kdRatio, avgScore: entry.avgScore, finalElo: entry.elo, peakElo: entry.peakElo, rank: entry.rank }]
          : [];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect((await app.call('GET', `/api/players/${player.id}/seasons`)).body).toEqual(expected);
    }

    const plan = await app.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        'EXPLAIN SELECT DISTINCT season_id FROM read_models.ladder_season_lines WHERE player_id = 1',
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    // The index scanned must start with player_id (an index that merely contains it is read whole).
    const index = /(?:Scan using|Bitmap Index Scan on) (\w+)/.exec(plan)?.[1];
    const { rows } = await app.knex.raw<{ rows: { indexdef: string }[] }>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'read_models' AND indexname = ?",
      [index ?? ''],
    );
    expect(rows[0]?.indexdef).toMatch(/\(player_id\b/);
  });

  test('a rebuild of the read models reads exactly the same', async () => {
    const comparison = await compareWithRebuild(app.db.url);
    expect(comparison.rebuilt).toEqual(comparison.live);
  });
});
