import { rankPlayers, type LeaderboardEntry, type RecordMatchPlayer, type RecordMatchRequest } from '@team/contracts';
import { listPlayers } from '@team/projections';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { INCREMENTAL_EVENTS, RankingCache } from './ranking-cache.js';

// The overall board after a write (issue 44): the board before it, with only the players the new
// matches name read again, instead of every player read again after each match (0.13 s at 20,000
// players in the scale bench, and growing with them). It must equal a board read whole.

const line = (id: number, kills = 3): RecordMatchPlayer => ({ discordId: `rank-${id}`, username: `Ranked ${id}`, kills, deaths: 2, assists: 1, score: 200 + id });
const match = (ids: number[], i: number): RecordMatchRequest => ({
  winningTeam: i % 2 ? 'team1' : 'team2',
  team1: ids.slice(0, 2).map((id) => line(id, 2 + (i % 5))),
  team2: ids.slice(2).map((id) => line(id)),
});

describe('the ranking cache after writes', () => {
  let app: TestApp;
  let cache: RankingCache;
  beforeAll(async () => {
    app = await startTestApp();
    cache = app.running.app.get(RankingCache);
  });
  afterAll(() => app.close());

  const board = async (): Promise<LeaderboardEntry[]> => {
    const response = await app.call('GET', '/api/players/leaderboard');
    expect(response.status).toBe(200);
    return response.body;
  };
  /** The board as a read of every player ranks it. */
  const wholeBoard = async () => JSON.parse(JSON.stringify(rankPlayers(await listPlayers(app.knex)))) as LeaderboardEntry[];
  const write = async (method: string, path: string, json: unknown) => expect((await app.call(method, path, { json, admin: true })).status).toBeLessThan(300);

  test('a match re-reads only its players, new ones included, and the board equals one read whole', async () => {
    for (let i = 0; i < 6; i++) await write('POST', '/api/matches', match([i, i + 1, i + 2, i + 3], i));
    expect(await board()).toEqual(await wholeBoard());
    const loads = cache.fullLoads;
    // Known players, then two new ones: each board after a write is the one before, updated.
    for (let i = 6; i < 12; i++) {
      await write('POST', '/api/matches', match([i % 4, 4 + (i % 5), 30 + i, 20 + (i % 2)], i));
      expect(await board()).toEqual(await wholeBoard());
    }
    expect(cache.fullLoads).toBe(loads);
  });

  test('a match moves only its players: the others are the objects of the board before, and no entry is made for them', async () => {
    const before = await cache.board('overall');
    await write('POST', '/api/matches', match([0, 1, 2, 3], 1));
    const after = await cache.board('overall');
    expect(after.position).toBeGreaterThan(before.position);
    const earlier = new Map(before.players.map((player) => [player.id, player]));
    const named = new Set(['Ranked 0', 'Ranked 1', 'Ranked 2', 'Ranked 3']);
    for (const player of after.players) {
      if (named.has(player.username)) expect(player).not.toBe(earlier.get(player.id));
      else expect(player).toBe(earlier.get(player.id));
    }
    expect(JSON.parse(JSON.stringify(after.entries()))).toEqual(await wholeBoard());
  });

  test('a merge, a void and a season are read whole (they change players no match line names)', async () => {
    const players = await board();
    const [primary, duplicate] = [players.find((p) => p.username === 'Ranked 20')!, players.find((p) => p.username === 'Ranked 21')!];
    const steps: [string, string, unknown][] = [
      ['POST', '/api/players/merge', { primaryId: primary.id, duplicateId: duplicate.id }],
      ['POST', '/api/admin/matches/3/void', { reason: 'Recorded twice' }],
      ['POST', '/api/admin/seasons', { name: 'Second season', softResetPercent: 50 }],
    ];
    for (const [method, path, json] of steps) {
      const loads = cache.fullLoads;
      await write(method, path, json);
      expect(await board()).toEqual(await wholeBoard());
      expect(cache.fullLoads).toBe(loads + 1);
    }
    expect((await board()).some((p) => p.id === duplicate.id)).toBe(false);
  });

  test(`more than ${INCREMENTAL_EVENTS} events since the board was ranked: every player is read again`, async () => {
    await board();
    const loads = cache.fullLoads;
    for (let i = 0; i <= INCREMENTAL_EVENTS; i++) await write('POST', '/api/matches', match([30 + (i % 7), 40 + (i % 5), 50 + (i % 3), 60], i));
    expect(await board()).toEqual(await wholeBoard());
    expect(cache.fullLoads).toBe(loads + 1);
  }, 120_000);
});
