import { type Player, type RecordMatchPlayer, LADDER_STREAM, type MatchRecorded } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Two API processes on one database record matches at the same time. Each keeps the ladder in
// memory; the expected-revision append makes the loser of every race catch up and decide again,
// so no rating update is lost: every rating is the start plus the sum of its changes in the log.

const ROSTER = Array.from({ length: 8 }, (_, i) => ({ discordId: `c-${i}`, username: `Racer${i}` }));

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomMatch(next: () => number, i: number) {
  const shuffled = [...ROSTER].sort(() => next() - 0.5);
  const size = 1 + Math.floor(next() * 3);
  const stats = (): Partial<RecordMatchPlayer> => ({ kills: 1 + Math.floor(next() * 20), deaths: 1 + Math.floor(next() * 20), score: Math.floor(next() * 3000) });
  const player = (r: (typeof ROSTER)[number]): RecordMatchPlayer => ({ ...r, kills: 0, deaths: 0, assists: 0, score: 0, ...stats() });
  return {
    modeId: i % 4 === 3 ? 3 : null,
    winningTeam: next() < 0.5 ? 'team1' : 'team2',
    team1: shuffled.slice(0, size).map(player),
    team2: shuffled.slice(size, size * 2).map(player),
  };
}

describe('ladder with two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ PROJECTOR: 'off' }, a.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('concurrent matches through both processes lose no update', async () => {
    const next = lcg(42);
    const bodies = Array.from({ length: 40 }, (_, i) => randomMatch(next, i));
    const responses = await Promise.all(
      bodies.map((json, i) => (i % 2 === 0 ? a : b).call('POST', '/api/matches', { json })),
    );
    expect(responses.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const matchIds = responses.map((r) => r.body.matchId).sort((x, y) => x - y);
    expect(matchIds).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const rows = await a.knex('events').where({ stream_id: LADDER_STREAM }).orderBy('revision');
    expect(rows.map((r) => r.revision)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const sums = new Map<number, number>();
    const lastAfter = new Map<number, number>();
    for (const row of rows) {
      const data = row.data as MatchRecorded['data'];
      if (data.pool !== 'overall') continue;
      for (const p of data.participants) {
        // Each decision started from the rating the previous one left: nothing was decided on stale state.
        expect(p.ratingBefore).toBe(lastAfter.get(p.playerId) ?? 1000);
        lastAfter.set(p.playerId, p.ratingAfter);
        sums.set(p.playerId, (sums.get(p.playerId) ?? 0) + p.ratingChange);
      }
    }
    for (const app of [a, b]) {
      const players: Player[] = (await app.call('GET', '/api/players')).body;
      expect(players).toHaveLength(ROSTER.length);
      for (const player of players) expect(player.elo).toBe(1000 + (sums.get(player.id) ?? 0));
    }
    const stats = (await b.call('GET', '/api/stats/global')).body;
    expect(stats).toMatchObject({ totalPlayers: 8, totalMatches: 40 });
  });
});
