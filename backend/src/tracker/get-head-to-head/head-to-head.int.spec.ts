import type { HeadToHead, HeadToHeadEntry, PlayerComparison, RecordMatchPlayer, RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Head-to-head and compare on a real database: records against opponents and beside
// teammates, their order, a voided match left out, a merge whose duplicate's matches count
// for the primary, and the refusals of both calls.

function p(discordId: string, username: string): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 };
}

const ALPHA = p('d-a', 'Alpha');
const BRAVO = p('d-b', 'Bravo');
const CHARLIE = p('d-c', 'Charlie');
const DELTA = p('d-d', 'Delta');
/** A second account of Alpha's, merged into Alpha later. */
const ALPHA_TWO = p('d-a2', 'alpha');

/** Entries as `name matches wins-losses`, easy to read in a failure. */
const lines = (entries: HeadToHeadEntry[]) => entries.map((e) => `${e.player.username} ${e.matches} ${e.wins}-${e.losses}`);

describe('head-to-head and compare API', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function record(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[], winningTeam: 'team1' | 'team2' = 'team1'): Promise<RecordMatchResponse> {
    const request: RecordMatchRequest = { winningTeam, team1, team2 };
    const response = await app.call('POST', '/api/matches', { json: request });
    expect(response.status).toBe(201);
    for (const line of (response.body as RecordMatchResponse).participants) ids[line.username] ??= line.playerId;
    return response.body;
  }
  async function get<T>(path: string): Promise<T> {
    const response = await app.call('GET', path);
    expect(response.status).toBe(200);
    return response.body;
  }
  async function refused(path: string, status: number, error: string) {
    const response = await app.call('GET', path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error });
  }

  test('opponents and teammates: counts, records, order; a voided match is left out', async () => {
    await record([ALPHA, BRAVO], [CHARLIE, DELTA]); // 1: Alpha and Bravo win
    await record([ALPHA, CHARLIE], [BRAVO, DELTA], 'team2'); // 2: Bravo and Delta win
    await record([ALPHA, BRAVO], [CHARLIE, DELTA], 'team2'); // 3: Charlie and Delta win
    await record([ALPHA], [BRAVO]); // 4: Alpha wins
    const voided = await record([ALPHA], [DELTA]); // 5: Alpha wins, then voided
    const voidAnswer = await app.call('POST', `/api/admin/matches/${voided.matchId}/void`, { json: { reason: 'Wrong lobby' }, admin: true });
    expect(voidAnswer.status).toBe(200);

    const alpha = await get<HeadToHead>(`/api/players/${ids.Alpha}/head-to-head`);
    // Delta met 3 times (the voided 4th does not count); Bravo and Charlie twice each, by name.
    expect(lines(alpha.opponents)).toEqual(['Delta 3 1-2', 'Bravo 2 1-1', 'Charlie 2 1-1']);
    expect(lines(alpha.teammates)).toEqual(['Bravo 2 1-1', 'Charlie 1 0-1']);
    expect(alpha.opponents[0]!.player).toEqual({ id: ids.Delta, username: 'Delta' });

    const delta = await get<HeadToHead>(`/api/players/${ids.Delta}/head-to-head`);
    expect(lines(delta.opponents)).toEqual(['Alpha 3 2-1', 'Bravo 2 1-1', 'Charlie 1 1-0']);
    expect(lines(delta.teammates)).toEqual(['Charlie 2 1-1', 'Bravo 1 1-0']);
  });

  test('only the ten met most are listed', async () => {
    const crowd = Array.from({ length: 12 }, (_, i) => p(`d-crowd-${i}`, `Crowd ${String(i).padStart(2, '0')}`));
    await record([p('d-solo', 'Solo')], crowd);
    await record([p('d-solo', 'Solo')], crowd.slice(11));
    const solo = await get<HeadToHead>(`/api/players/${ids.Solo}/head-to-head`);
    expect(solo.opponents).toHaveLength(10);
    expect(lines(solo.opponents).slice(0, 3)).toEqual(['Crowd 11 2 2-0', 'Crowd 00 1 1-0', 'Crowd 01 1 1-0']);
    expect(solo.teammates).toEqual([]);
    const crowdOne = await get<HeadToHead>(`/api/players/${ids['Crowd 00']}/head-to-head`);
    expect(crowdOne.teammates).toHaveLength(10);
    expect(lines(crowdOne.teammates)[0]).toBe('Crowd 01 1 0-1');
  });

  test("after a merge the duplicate's matches count for the primary, and the tombstone is never listed", async () => {
    await record([ALPHA_TWO, BRAVO], [CHARLIE]); // 8: the second account and Bravo win
    const alphaTwoId = ids.alpha!;
    const before = await get<HeadToHead>(`/api/players/${ids.Bravo}/head-to-head`);
    expect(lines(before.teammates)).toEqual(['Alpha 2 1-1', 'alpha 1 1-0', 'Delta 1 1-0']);

    const merge = await app.call('POST', '/api/players/merge', { json: { primaryId: ids.Alpha, duplicateId: alphaTwoId }, admin: true });
    expect(merge.status).toBe(200);

    const alpha = await get<HeadToHead>(`/api/players/${ids.Alpha}/head-to-head`);
    expect(lines(alpha.opponents)).toEqual(['Charlie 3 2-1', 'Delta 3 1-2', 'Bravo 2 1-1']);
    expect(lines(alpha.teammates)).toEqual(['Bravo 3 2-1', 'Charlie 1 0-1']);

    const bravo = await get<HeadToHead>(`/api/players/${ids.Bravo}/head-to-head`);
    expect(lines(bravo.teammates)).toEqual(['Alpha 3 2-1', 'Delta 1 1-0']);
    const charlie = await get<HeadToHead>(`/api/players/${ids.Charlie}/head-to-head`);
    const listed = [...charlie.opponents, ...charlie.teammates].map((entry) => entry.player.id);
    expect(listed).toContain(ids.Alpha);
    expect(listed).not.toContain(alphaTwoId);
    // The tombstone has no head-to-head of its own: its matches are the primary's now.
    await refused(`/api/players/${alphaTwoId}/head-to-head`, 404, `Player ${alphaTwoId} not found.`);
  });

  test('head-to-head refusals: a bad id (400), an unknown player (404)', async () => {
    await refused('/api/players/abc/head-to-head', 400, 'The player id must be a whole number.');
    await refused('/api/players/-1/head-to-head', 400, 'The player id must be a whole number.');
    await refused('/api/players/9999/head-to-head', 404, 'Player 9999 not found.');
  });

  test('compare: summaries as the leaderboard ranks them, both rating histories, matches against each other', async () => {
    const comparison = await get<PlayerComparison>(`/api/players/compare?a=${ids.Alpha}&b=${ids.Delta}`);
    const board = await get<{ id: number }[]>('/api/players/leaderboard');
    expect(comparison.a.player).toEqual(board.find((entry) => entry.id === ids.Alpha));
    expect(comparison.b.player).toEqual(board.find((entry) => entry.id === ids.Delta));

    // Alpha's history holds the merged account's match too; the voided one is gone.
    const alphaHistory = await get<{ match: { id: number }; eloAfter: number }[]>(`/api/players/${ids.Alpha}/matches`);
    expect(comparison.a.ratingHistory.map((point) => point.matchId)).toEqual([1, 2, 3, 4, 8]);
    expect(comparison.a.ratingHistory.at(-1)!.eloAfter).toBe(alphaHistory[0]!.eloAfter);
    expect(comparison.b.ratingHistory.map((point) => point.matchId)).toEqual([1, 2, 3]);
    expect(comparison.a.ratingHistory[0]).toMatchObject({ mode: null, eloChange: expect.any(Number), createdAt: expect.any(String) });

    // Against each other in 1 (Alpha won), 2 and 3 (Delta won); newest first.
    expect(comparison.record).toEqual({ matches: 3, aWins: 1, bWins: 2 });
    expect(comparison.matches.map((match) => [match.matchId, match.winnerId])).toEqual([
      [3, ids.Delta],
      [2, ids.Delta],
      [1, ids.Alpha],
    ]);
    const first = comparison.matches[2]!;
    expect(first.a).toMatchObject({ team: 'team1' });
    expect(first.b).toMatchObject({ team: 'team2' });
    expect(first.a.ratingChange).toBeGreaterThan(0);
    expect(first.b.ratingChange).toBeLessThan(0);

    // Swapped, the same matches from the other side.
    const swapped = await get<PlayerComparison>(`/api/players/compare?a=${ids.Delta}&b=${ids.Alpha}`);
    expect(swapped.record).toEqual({ matches: 3, aWins: 2, bWins: 1 });
    expect(swapped.matches[2]!.a).toEqual(first.b);

    // Teammates only, never opponents: no matches between them.
    const bravoCharlie = await get<PlayerComparison>(`/api/players/compare?a=${ids.Bravo}&b=${ids['Crowd 00']}`);
    expect(bravoCharlie.record).toEqual({ matches: 0, aWins: 0, bWins: 0 });
    expect(bravoCharlie.matches).toEqual([]);
  });

  test('compare refusals: a or b missing, not ids, the same player (400); either unknown or merged away (404)', async () => {
    const required = 'Choose two players to compare: both a and b are required.';
    await refused('/api/players/compare', 400, required);
    await refused(`/api/players/compare?a=${ids.Alpha}`, 400, required);
    await refused(`/api/players/compare?b=${ids.Alpha}`, 400, required);
    await refused(`/api/players/compare?a=${ids.Alpha}&b=`, 400, required);
    await refused(`/api/players/compare?a=x&b=${ids.Alpha}`, 400, 'a and b must be player ids (whole numbers).');
    await refused(`/api/players/compare?a=1&a=2&b=3`, 400, 'a and b must be player ids (whole numbers).');
    await refused(`/api/players/compare?a=${ids.Alpha}&b=${ids.Alpha}`, 400, 'Choose two different players to compare.');
    await refused(`/api/players/compare?a=${ids.Alpha}&b=9999`, 404, 'Player 9999 not found.');
    await refused(`/api/players/compare?a=9998&b=${ids.Alpha}`, 404, 'Player 9998 not found.');
    await refused(`/api/players/compare?a=${ids.Alpha}&b=${ids.alpha}`, 404, `Player ${ids.alpha} not found.`);
  });

  test('both calls are in the OpenAPI document', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/players/{id}/head-to-head', '/api/players/compare']));
    expect(body.paths['/api/players/compare'].get.parameters.map((param: { name: string }) => param.name).sort()).toEqual(['a', 'b']);
  });
});
