import type { MatchPage, RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import { compareWithRebuild } from '../../../test/support/read-model-check.js';
import { getOk, matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// GET /api/matches/{id} on a real database: a match's page from the matches read model, a
// voided match kept (marked, with its reason) yet left out of every list and total, merges
// shown under the primary's name, and a rebuild that gives the same tables.

const p = matchLine;

describe('GET /api/matches/{id}', () => {
  let app: TestApp;
  let first: RecordMatchResponse;
  let hardpoint: RecordMatchResponse;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const record = (request: RecordMatchRequest) => recordMatch(app, request);
  const get = <T,>(path: string) => getOk<T>(app, path);
  const page = (id: number) => get<MatchPage>(`/api/matches/${id}`);

  test('a recorded match: date, no mode, both teams with stats and rating before, change and after', async () => {
    first = await record({
      winningTeam: 'team2',
      team1: [p('d-a', 'Alpha', { kills: 10, deaths: 5, assists: 1, score: 1000 })],
      team2: [p('d-b', 'Bravo', { kills: 12, deaths: 4, assists: 3, score: 1400 }), p('d-c', 'Charlie', { kills: 7, deaths: 6, score: 800 })],
    });
    const match = await page(first.matchId);
    const [alpha, bravo, charlie] = first.participants;
    expect(match).toMatchObject({
      id: first.matchId,
      mode: null,
      winningTeam: 'team2',
      team1Score: null,
      team2Score: null,
      statsUsed: true,
      voided: null,
    });
    expect(Date.parse(match.createdAt)).not.toBeNaN();
    expect(match.teams.team1).toEqual([
      {
        playerId: alpha!.playerId,
        username: 'Alpha',
        discordId: 'd-a',
        recordedAs: 'Alpha',
        team: 'team1',
        won: false,
        kills: 10,
        deaths: 5,
        assists: 1,
        score: 1000,
        hardpointTime: null,
        captures: null,
        plantsDefuses: null,
        ratingBefore: 1000,
        ratingChange: alpha!.ratingChange,
        ratingAfter: alpha!.ratingAfter,
      },
    ]);
    expect(match.teams.team2.map((l) => [l.username, l.won, l.ratingBefore, l.ratingChange, l.ratingAfter])).toEqual(
      [bravo!, charlie!].map((x) => [x.username, true, x.ratingBefore, x.ratingChange, x.ratingAfter]),
    );
  });

  test('a mode match with final scores and the mode stat', async () => {
    hardpoint = await record({
      modeId: 1,
      winningTeam: 'team1',
      team1Score: 250,
      team2Score: 180,
      team1: [p('d-a', 'Alpha', { kills: 20, deaths: 8, score: 3000, hardpointTime: 120 })],
      team2: [p('d-d', 'Delta', { kills: 8, deaths: 20, score: 1200, hardpointTime: 40 })],
    });
    const match = await page(hardpoint.matchId);
    expect(match).toMatchObject({ mode: { id: 1, name: 'Hardpoint' }, winningTeam: 'team1', team1Score: 250, team2Score: 180, voided: null });
    expect(match.teams.team1[0]).toMatchObject({ username: 'Alpha', won: true, hardpointTime: 120, ratingBefore: 1000 });
    expect(match.teams.team2[0]).toMatchObject({ username: 'Delta', won: false, hardpointTime: 40, ratingChange: hardpoint.participants[1]!.ratingChange });
  });

  test('unknown id: 404 with the error shape; a bad id: 400; the recent matches keep their route', async () => {
    const missing = await app.call('GET', '/api/matches/999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Match 999 not found.' });
    for (const bad of ['abc', '0', '-1', '1.5', '01', '99999999999']) {
      const response = await app.call('GET', `/api/matches/${bad}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'The match id must be a positive whole number' });
    }
    expect((await get<{ id: number }[]>('/api/matches/recent')).map((m) => m.id)).toEqual([hardpoint.matchId, first.matchId]);
  });

  test('a voided match keeps its page with the reason, and leaves recent matches, histories and totals', async () => {
    const before = await page(hardpoint.matchId);
    const voided = await app.call('POST', `/api/admin/matches/${hardpoint.matchId}/void`, { json: { reason: 'Wrong lobby' }, admin: true });
    expect(voided.status).toBe(200);
    const after = await page(hardpoint.matchId);
    expect(after.voided).toEqual({ at: expect.any(String), reason: 'Wrong lobby' });
    expect(Date.parse(after.voided!.at)).toBeGreaterThanOrEqual(Date.parse(before.createdAt));
    // The page shows what the match was: its stats and the change it made.
    expect({ ...after, voided: null }).toEqual(before);

    expect((await get<{ id: number }[]>('/api/matches/recent')).map((m) => m.id)).toEqual([first.matchId]);
    expect((await get<{ match: { id: number } }[]>('/api/players/1/matches')).map((h) => h.match.id)).toEqual([first.matchId]);
    expect(await get('/api/players/4/matches')).toEqual([]);
    expect(await get('/api/stats/global')).toMatchObject({ totalMatches: 1 });
    expect(await get('/api/players/leaderboard?mode=1')).toEqual([]);
    const board = await get<{ id: number; totalMatches: number }[]>('/api/players/leaderboard');
    expect(board.find((e) => e.id === 1)).toMatchObject({ totalMatches: 1 });
  });

  test("after a merge the primary's name and Discord ID show, on counting and voided matches alike", async () => {
    // "alpha" (Echo's second account) plays a match, and another one that gets voided.
    const counted = await record({ winningTeam: 'team1', team1: [p('d-a2', 'alpha')], team2: [p('d-c', 'Charlie')] });
    const dropped = await record({ winningTeam: 'team2', team1: [p('d-a2', 'alpha')], team2: [p('d-b', 'Bravo')] });
    const duplicateId = counted.participants[0]!.playerId;
    expect((await app.call('POST', `/api/admin/matches/${dropped.matchId}/void`, { json: { reason: 'Smurf check' }, admin: true })).status).toBe(200);
    const merged = await app.call('POST', '/api/players/merge', { json: { primaryId: 1, duplicateId }, admin: true });
    expect(merged.status).toBe(200);

    for (const id of [counted.matchId, dropped.matchId]) {
      const line = (await page(id)).teams.team1[0]!;
      expect([line.playerId, line.username, line.discordId]).toEqual([1, 'Alpha', 'd-a']);
    }
    expect((await page(dropped.matchId)).voided).toMatchObject({ reason: 'Smurf check' });

    // Reverted, each line is its recording account's again.
    expect((await app.call('POST', '/api/admin/merges/revert', { json: { primaryId: 1, duplicateId }, admin: true })).status).toBe(200);
    for (const id of [counted.matchId, dropped.matchId]) {
      const line = (await page(id)).teams.team1[0]!;
      expect([line.playerId, line.username, line.discordId]).toEqual([duplicateId, 'alpha', 'd-a2']);
    }
  });

  test('a match voided while merged names its recording account again once the merge is reverted', async () => {
    // Record with D, merge D into P, void the match, revert the merge: the page names D.
    const played = await record({ winningTeam: 'team1', team1: [p('d-x', 'Xray')], team2: [p('d-d', 'Delta')] });
    const duplicateId = played.participants[0]!.playerId;
    const primaryId = first.participants[2]!.playerId; // Charlie: never in a match with Xray
    expect((await app.call('POST', '/api/players/merge', { json: { primaryId, duplicateId }, admin: true })).status).toBe(200);
    expect((await app.call('POST', `/api/admin/matches/${played.matchId}/void`, { json: { reason: 'Replay' }, admin: true })).status).toBe(200);
    expect((await page(played.matchId)).teams.team1.map((l) => [l.playerId, l.username])).toEqual([[primaryId, 'Charlie']]);

    expect((await app.call('POST', '/api/admin/merges/revert', { json: { primaryId, duplicateId }, admin: true })).status).toBe(200);
    const after = await page(played.matchId);
    expect(after.teams.team1.map((l) => [l.playerId, l.username])).toEqual([[duplicateId, 'Xray']]);
    expect(after.voided).toMatchObject({ reason: 'Replay' });
  });

  test('a rebuild of the read models gives identical tables and the same pages', async () => {
    const ids = [1, 2, 3, 4, 5];
    const pages = await Promise.all(ids.map(page));
    const { live, rebuilt } = await compareWithRebuild(app.db.url);
    expect(rebuilt).toEqual(live);
    expect(await Promise.all(ids.map(page))).toEqual(pages);
  });

  test('the OpenAPI document describes the route', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    const operation = body.paths['/api/matches/{id}'].get;
    expect(operation.summary).toMatch(/One match/);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '404']);
  });
});
