import {
  DUPLICATE_DISCORD_ID_MESSAGE,
  mergedRating,
  MODES,
  RECORD_MATCH_ERRORS,
  TIER_NAMES,
  tierFor,
  type LeaderboardEntry,
  type Player,
  type PlayerMatchRecord,
  type RecordMatchPlayer,
  type RecordMatchRequest,
  type RecordMatchResponse,
} from '@team/contracts';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// The ELO tracker end to end on a real database: every endpoint, after a sequence of matches
// (overall with stats, a mode match, one without stats), a merge, and a match recorded with
// the merged-away account's Discord ID.

function p(discordId: string, username: string, stats: Partial<RecordMatchPlayer> = {}): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0, ...stats };
}

function body(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[], extra: Partial<RecordMatchRequest> = {}): RecordMatchRequest {
  return { winningTeam: 'team1', team1, team2, ...extra };
}

describe('ELO tracker API', () => {
  let app: TestApp;
  const recorded: RecordMatchResponse[] = [];
  let leaderboardEtag = '';

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function record(request: unknown, headers: Record<string, string> = {}) {
    const response = await app.call('POST', '/api/matches', { json: request, headers });
    expect(response.status).toBe(201);
    return response;
  }
  const change = (match: RecordMatchResponse, playerId: number) =>
    match.participants.find((x) => x.playerId === playerId)!.ratingChange;

  async function players(): Promise<Player[]> {
    const { status, body } = await app.call('GET', '/api/players');
    expect(status).toBe(200);
    return body;
  }
  const byName = (list: Player[], username: string) => list.find((x) => x.username === username)!;

  /** A bad request: its status and message, and nothing appended. */
  async function refused(method: string, path: string, json: unknown, status: number, error: string | RegExp, admin = false) {
    const before = await app.eventCount();
    const response = await app.call(method, path, { json, admin });
    expect(response.status).toBe(status);
    if (typeof error === 'string') expect(response.body.error).toBe(error);
    else expect(response.body.error).toMatch(error);
    expect(await app.eventCount()).toBe(before);
    return response.body;
  }

  test('an empty ladder: zero stats, average ELO 1000, empty lists, every tier at 0, the modes', async () => {
    expect((await app.call('GET', '/api/stats/global')).body).toEqual({ totalPlayers: 0, totalMatches: 0, avgElo: 1000 });
    expect((await app.call('GET', '/api/players')).body).toEqual([]);
    expect((await app.call('GET', '/api/players/top')).body).toEqual([]);
    expect((await app.call('GET', '/api/players/leaderboard')).body).toEqual([]);
    expect((await app.call('GET', '/api/matches/recent')).body).toEqual([]);
    const distribution = (await app.call('GET', '/api/stats/rank-distribution')).body;
    expect(Object.keys(distribution)).toEqual(TIER_NAMES);
    expect(Object.values(distribution).every((n) => n === 0)).toBe(true);
    expect((await app.call('GET', '/api/modes')).body).toEqual(MODES);
  });

  test('POST /api/matches records an overall match with stats: 201, ratings, position header', async () => {
    const response = await record(
      body(
        [p('d-alpha', 'Alpha', { kills: 20, deaths: 10, assists: 4, score: 3000 }), p('d-bravo', 'Bravo', { kills: 12, deaths: 11, assists: 6, score: 2200 })],
        [p('d-charlie', 'Charlie', { kills: 9, deaths: 15, assists: 2, score: 1800 }), p('d-delta', 'Delta', { kills: 10, deaths: 16, assists: 1, score: 1500 })],
      ),
    );
    const answer: RecordMatchResponse = response.body;
    expect(answer.matchId).toBe(1);
    expect(Number(response.headers.get('x-event-position'))).toBe(answer.position);
    expect(answer.participants.map((x) => [x.playerId, x.username, x.team])).toEqual([
      [1, 'Alpha', 'team1'],
      [2, 'Bravo', 'team1'],
      [3, 'Charlie', 'team2'],
      [4, 'Delta', 'team2'],
    ]);
    for (const x of answer.participants) {
      expect(x.ratingBefore).toBe(1000);
      expect(x.ratingAfter).toBe(1000 + x.ratingChange);
      expect(Math.sign(x.ratingChange)).toBe(x.team === 'team1' ? 1 : -1);
    }
    // Alpha outperformed the match, so gains more than the plain 16.
    expect(change(answer, 1)).toBeGreaterThan(16);
    expect(await app.eventCount()).toBe(1);
    recorded.push(answer);
  });

  test('a mode match moves only that mode pool, a match without stats moves overall by plain ELO', async () => {
    // Match 2, Hardpoint: a second account "ALPHA " (a duplicate of Alpha) wins with Bravo.
    const hardpoint = await record(
      body(
        [p('d-charlie', 'Charlie', { kills: 15, deaths: 12, score: 2500, hardpointTime: 60 }), p('d-echo', 'Echo', { kills: 10, deaths: 14, score: 2000, hardpointTime: 30 })],
        [p('d-alpha2', 'ALPHA ', { kills: 18, deaths: 10, score: 2600, hardpointTime: 90 }), p('d-bravo', 'Bravo', { kills: 14, deaths: 11, score: 2400, hardpointTime: 45 })],
        { modeId: 1, winningTeam: 'team2', team1Score: 180, team2Score: 250 },
      ),
    );
    const m2: RecordMatchResponse = hardpoint.body;
    expect(m2.matchId).toBe(2);
    // Everyone starts the Hardpoint pool at 1000, whatever their overall rating.
    expect(m2.participants.every((x) => x.ratingBefore === 1000)).toBe(true);
    recorded.push(m2);

    // Match 3, no stats: the duplicate beats Delta in the overall pool.
    const m3: RecordMatchResponse = (await record(body([p('d-alpha2', 'ALPHA')], [p('d-delta', 'Delta')]))).body;
    expect(m3.participants[0]).toMatchObject({ playerId: 6, ratingBefore: 1000 });
    expect(m3.participants[1]!.ratingBefore).toBe(1000 + change(recorded[0]!, 4));
    recorded.push(m3);

    // Match 4, overall with stats: Alpha beats Echo.
    const m4: RecordMatchResponse = (
      await record(body([p('d-alpha', 'Alpha', { kills: 10, deaths: 5, score: 900 })], [p('d-echo', 'Echo', { kills: 5, deaths: 10, score: 500 })]))
    ).body;
    expect(m4.participants[0]!.ratingBefore).toBe(1000 + change(recorded[0]!, 1));
    expect(m4.participants[1]!.ratingBefore).toBe(1000);
    recorded.push(m4);

    const list = await players();
    const alpha = byName(list, 'Alpha');
    expect(alpha).toEqual({
      id: 1,
      username: 'Alpha',
      discordId: 'd-alpha',
      elo: 1000 + change(recorded[0]!, 1) + change(m4, 1),
      wins: 2,
      losses: 0,
      winRate: 100,
      kdRatio: 2,
      totalKills: 30,
      totalDeaths: 15,
      totalAssists: 4,
      totalMatches: 2,
      avgKills: 15,
      avgDeaths: 7.5,
      avgAssists: 2,
      avgScore: 1950,
      rank: expect.any(Number),
      tier: expect.any(String),
    });
    // Bravo's Hardpoint win left the overall rating alone; the totals count every match.
    const bravo = byName(list, 'Bravo');
    expect(bravo).toMatchObject({ elo: 1000 + change(recorded[0]!, 2), wins: 2, losses: 0, totalMatches: 2, totalKills: 26, totalDeaths: 22, kdRatio: 1.18, avgScore: 2300 });
    const delta = byName(list, 'Delta');
    expect(delta).toMatchObject({ wins: 0, losses: 2, winRate: 0, totalMatches: 2, totalKills: 10, totalDeaths: 16, kdRatio: 0.63, avgKills: 5, avgDeaths: 8, avgScore: 750 });
    const echo = byName(list, 'Echo');
    expect(echo).toMatchObject({ wins: 0, losses: 2, totalKills: 15, totalDeaths: 24, kdRatio: 0.63 });
  });

  test('the leaderboard ranks by ELO, wins, username; a mode board uses that pool and only its players', async () => {
    const board: LeaderboardEntry[] = (await app.call('GET', '/api/players/leaderboard')).body;
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
    for (let i = 1; i < board.length; i++) {
      const [a, b] = [board[i - 1]!, board[i]!];
      expect(a.elo > b.elo || (a.elo === b.elo && a.wins >= b.wins)).toBe(true);
    }
    expect(board.every((e) => e.tier === tierFor(e.elo, e.rank).name)).toBe(true);
    expect(board).toHaveLength(6);

    const hardpoint: LeaderboardEntry[] = (await app.call('GET', '/api/players/leaderboard?mode=1')).body;
    const m2 = recorded[1]!;
    expect(hardpoint.map((e) => [e.id, e.elo]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      m2.participants.map((x) => [x.playerId, x.ratingAfter]).sort((a, b) => a[0]! - b[0]!),
    );
    expect(hardpoint[0]!.elo).toBeGreaterThan(1000);
    expect((await app.call('GET', '/api/players/leaderboard?mode=2')).body).toEqual([]);
    const unknown = await app.call('GET', '/api/players/leaderboard?mode=99');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Mode 99 not found.' });
    expect((await app.call('GET', '/api/players/leaderboard?mode=abc')).status).toBe(400);
  });

  test('the leaderboard is served with an ETag: If-None-Match answers 304 until the ladder moves', async () => {
    const first = await app.call('GET', '/api/players/leaderboard');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await app.call('GET', '/api/players/leaderboard', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    leaderboardEtag = etag;
    const top = await app.call('GET', '/api/players/top');
    expect(top.headers.get('etag')).not.toBe(etag);
  });

  test('a player history lists every match newest first with stats, mode fields, teammates and opponents', async () => {
    const history: PlayerMatchRecord[] = (await app.call('GET', '/api/players/2/matches')).body;
    expect(history.map((h) => h.match.id)).toEqual([2, 1]);
    const [hp, first] = history;
    expect(hp).toMatchObject({
      won: true,
      team: 'team2',
      eloChange: change(recorded[1]!, 2),
      eloAfter: 1000 + change(recorded[1]!, 2),
      kills: 14,
      deaths: 11,
      assists: 0,
      score: 2400,
      hardpointTime: 45,
      captures: null,
      plantsDefuses: null,
      teammates: [{ id: 6, username: 'ALPHA' }],
      opponents: [{ id: 3, username: 'Charlie' }, { id: 5, username: 'Echo' }],
    });
    expect(hp!.match).toEqual({
      id: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      mode: { id: 1, name: 'Hardpoint' },
      winningTeam: 'team2',
      team1Score: 180,
      team2Score: 250,
      map: null,
      participants: [
        { id: expect.any(Number), playerId: 3, team: 'team1', player: { username: 'Charlie' } },
        { id: expect.any(Number), playerId: 5, team: 'team1', player: { username: 'Echo' } },
        { id: expect.any(Number), playerId: 6, team: 'team2', player: { username: 'ALPHA' } },
        { id: expect.any(Number), playerId: 2, team: 'team2', player: { username: 'Bravo' } },
      ],
    });
    expect(first).toMatchObject({ won: true, team: 'team1', eloAfter: 1000 + change(recorded[0]!, 2), match: { mode: null, team1Score: null } });
    // The match without K/D stats shows blanks, not zeros.
    const dup: PlayerMatchRecord[] = (await app.call('GET', '/api/players/6/matches')).body;
    expect(dup[0]).toMatchObject({ kills: null, deaths: null, eloChange: change(recorded[2]!, 6), eloAfter: 1000 + change(recorded[2]!, 6) });

    const bad = await app.call('GET', '/api/players/abc/matches');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'The player id must be a whole number.' });
    const missing = await app.call('GET', '/api/players/9999/matches');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Player not found' });
  });

  test('duplicates (admin) groups usernames ignoring case and spaces, most matches first', async () => {
    expect((await app.call('GET', '/api/players/duplicates')).status).toBe(401);
    const { status, body: groups } = await app.call('GET', '/api/players/duplicates', { admin: true });
    expect(status).toBe(200);
    expect(groups).toHaveLength(1);
    expect(groups[0].username).toBe('Alpha');
    // Alpha (id 1) and ALPHA (id 6) both have 2 matches: the lower id is the suggested primary.
    expect(groups[0].players.map((x: Player) => x.id)).toEqual([1, 6]);
    expect(groups[0].players[0]).toMatchObject({ discordId: 'd-alpha', totalMatches: 2, kdRatio: 2 });
  });

  test('merge refusals: bad body, itself, unknown ids, a shared match; nothing appended', async () => {
    expect((await app.call('POST', '/api/players/merge', { json: { primaryId: 1, duplicateId: 6 } })).status).toBe(401);
    await refused('POST', '/api/players/merge', { primaryId: '1', duplicateId: 6 }, 400, /primaryId and duplicateId must both be player ids/, true);
    await refused('POST', '/api/players/merge', { primaryId: 1, duplicateId: 1 }, 400, 'A player cannot be merged into itself.', true);
    await refused('POST', '/api/players/merge', { primaryId: 1, duplicateId: 404 }, 404, 'Player 404 not found.', true);
    await refused('POST', '/api/players/merge', { primaryId: 1, duplicateId: 2 }, 409,
      'Alpha (#1) and Bravo (#2) both played in match #1, so they cannot be the same person.', true);
  });

  test('a merge moves the history, sums the pools, re-threads ELO-after and leaves a tombstone', async () => {
    const before = await players();
    const alphaBefore = byName(before, 'Alpha');
    const dupBefore = byName(before, 'ALPHA');
    const response = await app.call('POST', '/api/players/merge', { json: { primaryId: 1, duplicateId: 6 }, admin: true });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-event-position'))).toBeGreaterThan(0);
    const merged: Player = response.body;
    expect(merged).toEqual({
      id: 1,
      username: 'Alpha',
      discordId: 'd-alpha',
      elo: mergedRating(alphaBefore.elo, dupBefore.elo),
      wins: 4,
      losses: 0,
      winRate: 100,
      kdRatio: 1.92,
      totalKills: 48,
      totalDeaths: 25,
      totalAssists: 4,
      totalMatches: 4,
      avgKills: 12,
      avgDeaths: 6.3,
      avgAssists: 1,
      avgScore: 1625,
    });

    const history: PlayerMatchRecord[] = (await app.call('GET', '/api/players/1/matches')).body;
    expect(history.map((h) => h.match.id)).toEqual([4, 3, 2, 1]);
    const [m1, m2, m3, m4] = recorded;
    const a1 = change(m1!, 1);
    const d3 = change(m3!, 6);
    // Overall pool in time order: match 1 (Alpha), 3 (the duplicate), 4 (Alpha).
    expect(history.map((h) => h.eloAfter)).toEqual([1000 + a1 + d3 + change(m4!, 1), 1000 + a1 + d3, 1000 + change(m2!, 6), 1000 + a1]);
    expect(history[0]!.eloAfter).toBe(merged.elo);
    // Participants of moved matches now show the primary.
    expect(history[2]!.match.participants.find((x) => x.team === 'team2' && x.playerId === 1)!.player.username).toBe('Alpha');

    const hardpoint: LeaderboardEntry[] = (await app.call('GET', '/api/players/leaderboard?mode=1')).body;
    expect(hardpoint.find((e) => e.id === 1)!.elo).toBe(1000 + change(m2!, 6));
    expect(hardpoint.some((e) => e.id === 6)).toBe(false);

    const moved = await app.call('GET', '/api/players/leaderboard', { headers: { 'if-none-match': leaderboardEtag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(leaderboardEtag);

    const after = await players();
    expect(after.map((x) => x.id)).not.toContain(6);
    expect((await app.call('GET', '/api/stats/global')).body).toMatchObject({ totalPlayers: 5, totalMatches: 4 });
    expect((await app.call('GET', '/api/players/6/matches')).status).toBe(404);
    expect((await app.call('GET', '/api/players/duplicates', { admin: true })).body).toEqual([]);
    await refused('POST', '/api/players/merge', { primaryId: 1, duplicateId: 6 }, 409, 'ALPHA (#6) was already merged into player #1.', true);
  });

  test("a match recorded with the merged-away Discord ID counts for the primary", async () => {
    const alpha = byName(await players(), 'Alpha');
    const m5: RecordMatchResponse = (await record(body([p('d-alpha2', 'Alpha')], [p('d-charlie', 'Charlie')]))).body;
    expect(m5.participants[0]).toMatchObject({ playerId: 1, username: 'Alpha', ratingBefore: alpha.elo });
    recorded.push(m5);
    const after = byName(await players(), 'Alpha');
    expect(after).toMatchObject({ id: 1, discordId: 'd-alpha', elo: alpha.elo + change(m5, 1), totalMatches: 5 });
    expect((await app.call('GET', '/api/stats/global')).body).toMatchObject({ totalPlayers: 5, totalMatches: 5 });
    // Both of one player's Discord IDs in one match are one player twice.
    await refused('POST', '/api/matches', body([p('d-alpha', 'Alpha')], [p('d-alpha2', 'Alpha')]), 400, /belong to the same player/);
  });

  test('stats, top players, rank distribution and recent matches agree with the players', async () => {
    // Four newcomers make nine players, so ranks 6+ fall back to ELO tiers.
    recorded.push((await record(body([p('d-f', 'Foxtrot'), p('d-g', 'Golf')], [p('d-h', 'Hotel'), p('d-i', 'India')]))).body);
    const list = await players();
    expect(list).toHaveLength(9);
    const stats = (await app.call('GET', '/api/stats/global')).body;
    expect(stats).toEqual({
      totalPlayers: 9,
      totalMatches: 6,
      avgElo: Math.round(list.reduce((sum, x) => sum + x.elo, 0) / list.length),
    });
    const board: LeaderboardEntry[] = (await app.call('GET', '/api/players/leaderboard')).body;
    const top = (await app.call('GET', '/api/players/top')).body;
    expect(top).toHaveLength(6);
    expect(top.map((x: Player) => x.id)).toEqual(board.slice(0, 6).map((e) => e.id));
    expect(top[0]).toMatchObject({ id: board[0]!.id, username: board[0]!.username, wins: board[0]!.wins, losses: board[0]!.losses, elo: board[0]!.elo });

    const distribution = (await app.call('GET', '/api/stats/rank-distribution')).body;
    const expected = Object.fromEntries(TIER_NAMES.map((name) => [name, 0]));
    for (const entry of board) expected[entry.tier]! += 1;
    expect(distribution).toEqual(expected);
    expect(distribution.Vengeful).toBe(5);
    expect(Object.values(distribution).reduce((a: number, b) => a + (b as number), 0)).toBe(9);

    const recent = (await app.call('GET', '/api/matches/recent')).body;
    expect(recent.map((m: { id: number }) => m.id)).toEqual([6, 5, 4, 3, 2]);
    expect(recent[0].participants.map((x: { player: { username: string } }) => x.player.username)).toEqual(['Foxtrot', 'Golf', 'Hotel', 'India']);
    expect(recent[3]).toMatchObject({ mode: null, winningTeam: 'team1', team1Score: null, team2Score: null });
  });

  test('every bad match gets its status and message, and nothing is appended', async () => {
    const ok = [p('d-x', 'X')];
    const okTeam2 = [p('d-y', 'Y')];
    await refused('POST', '/api/matches', [], 400, 'The match must be sent as a JSON object.');
    await refused('POST', '/api/matches', body([p('', 'X')], okTeam2), 400, RECORD_MATCH_ERRORS.missingIdentity.message);
    await refused('POST', '/api/matches', body([p('d-x', '  ')], okTeam2), 400, RECORD_MATCH_ERRORS.missingIdentity.message);
    await refused('POST', '/api/matches', body([p('d-x', 'X', { kills: 3, deaths: 1 })], okTeam2), 400, RECORD_MATCH_ERRORS.statsAllOrNone.message);
    await refused(
      'POST',
      '/api/matches',
      body([p('d-x', 'X', { kills: 3, deaths: 1 })], [p('d-y', 'Y', { kills: 2 })]),
      400,
      RECORD_MATCH_ERRORS.statsKillsDeathsMismatch.message,
    );
    await refused('POST', '/api/matches', body(ok, [p('d-x', 'Other')]), 400, DUPLICATE_DISCORD_ID_MESSAGE);
    await refused('POST', '/api/matches', body(ok, okTeam2, { modeId: 42 }), 400, 'Unknown game mode');
    await refused('POST', '/api/matches', body(ok, okTeam2, { modeId: 2, team1Score: 4, team2Score: 1 }), 400,
      "Team 1's score of 4 is above the Control score limit of 3.");
    await refused('POST', '/api/matches', body(ok, okTeam2, { team1Score: 1, team2Score: 3 }), 400, /The winning team \(Team 1\) scored 1, less than/);
    await refused('POST', '/api/matches', body(ok, okTeam2, { winningTeam: 'team3' as never }), 400, 'The winning team must be team1 or team2.');
    await refused('POST', '/api/matches', body([], okTeam2), 400, 'Team 1 needs at least one player.');
    const crowd = Array.from({ length: 26 }, (_, i) => p(`c-${i}`, `C${i}`));
    await refused('POST', '/api/matches', body(crowd, okTeam2), 400, 'Team 1 can have at most 25 players.');
    await refused('POST', '/api/matches', body([p('d-x', 'X', { kills: -1 })], okTeam2), 400, /Kills must be a whole number/);
    const details = await refused('POST', '/api/matches', body([p('d-x', 'X', { score: 1.5 })], okTeam2), 400, /Score must be a whole number/);
    expect(details.details).toEqual(['team1[0].score: Score must be a whole number from 0 to 1,000,000.']);

    const before = await app.eventCount();
    const longKey = await app.call('POST', '/api/matches', { json: body(ok, okTeam2), headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(longKey.status).toBe(400);
    expect(longKey.body.error).toMatch(/Idempotency-Key header must be 1 to 200/);
    expect(await app.eventCount()).toBe(before);
  });

  test('Idempotency-Key: a repeat returns the first answer and appends nothing, even after a restart', async () => {
    const request = body([p('d-k1', 'Kilo')], [p('d-k2', 'Lima')]);
    const key = { 'idempotency-key': 'match-kilo-lima-1' };
    const first = await record(request, key);
    const count = await app.eventCount();
    const again = await record(request, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-event-position')).toBe(first.headers.get('x-event-position'));
    expect(await app.eventCount()).toBe(count);

    const reused = await app.call('POST', '/api/matches', { json: body([p('d-k1', 'Kilo')], [p('d-k3', 'Mike')]), headers: key });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatch(/already used for a different match/);

    // A second process on the same database, started after the fact, knows the key too.
    const other = await startTestApp({ PROJECTOR: 'off' }, app.db);
    try {
      const repeat = await other.call('POST', '/api/matches', { json: request, headers: key });
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual(first.body);
      expect(await app.eventCount()).toBe(count);
    } finally {
      await other.close();
    }
  });
});
