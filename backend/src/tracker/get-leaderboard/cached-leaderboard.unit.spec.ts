import { plainLeaderboardPool } from './cached-leaderboard.js';

describe('plainLeaderboardPool: which addresses the cached leaderboard takes ahead of Express', () => {
  test.each([
    ['/api/players/leaderboard', null],
    ['/api/players/leaderboard?mode=', null],
    ['/api/players/leaderboard?mode=3', 3],
    ['/api/players/leaderboard?mode=123456789', 123456789],
  ])('%s → pool %p', (url, pool) => {
    expect(plainLeaderboardPool(url)).toBe(pool);
  });

  test.each([
    undefined,
    '/api/players',
    '/api/players/leaderboards',
    '/api/players/leaderboard/',
    '/api/players/leaderboard?',
    '/api/players/leaderboard?asOf=5',
    '/api/players/leaderboard?mode=1&asOf=5',
    '/api/players/leaderboard?mode=1&mode=2',
    '/api/players/leaderboard?mode=abc',
    '/api/players/leaderboard?mode=1%00',
    '/api/players/leaderboard?mode=-1',
    '/api/players/leaderboard?mode=1234567890',
    '/api/players/leaderboard#x',
    '/api/players/leaderboard?limit=10',
    '/api/players/leaderboard?offset=10',
    '/api/players/leaderboard?mode=1&limit=10&offset=0',
  ])('%s is left to the controller', (url) => {
    expect(plainLeaderboardPool(url)).toBeUndefined();
  });
});
