import { routeOf } from './page-routes.js';

const route = (url: string) => {
  const parsed = new URL(url, 'http://site');
  return routeOf(parsed.pathname, parsed.searchParams);
};

describe('routeOf: which screen a path shows, as the SPA router tells them apart', () => {
  test.each([
    ['/', { kind: 'home' }],
    ['/about', { kind: 'about' }],
    ['/roster/', { kind: 'roster' }],
    ['/tracker', { kind: 'dashboard' }],
    ['/tracker/dashboard', { kind: 'dashboard' }],
    ['/tracker/record-match', { kind: 'record-match' }],
    ['/tracker/players', { kind: 'players' }],
    ['/tracker/players?playerId=', { kind: 'players' }],
    ['/tracker/players?playerId=7', { kind: 'player', id: 7 }],
    ['/tracker/players?id=8', { kind: 'player', id: 8 }],
    ['/tracker/players?playerId=7&id=8', { kind: 'player', id: 7 }],
    ['/tracker/leaderboard', { kind: 'leaderboard', season: null, mode: null }],
    ['/tracker/leaderboard?season=2&mode=1&utm_source=x', { kind: 'leaderboard', season: 2, mode: 1 }],
    ['/tracker/compare?a=1&b=2', { kind: 'compare', a: 1, b: 2 }],
    ['/tracker/compare?a=1', { kind: 'compare', a: 1, b: null }],
    ['/tracker/matches/12', { kind: 'match', id: 12 }],
    ['/tracker/matches/12/', { kind: 'match', id: 12 }],
    ['/tournament-2025', { kind: 'custom', slug: 'tournament-2025' }],
    ['/admin', { kind: 'admin' }],
    ['/admin/', { kind: 'admin' }],
    ['/admin/content', { kind: 'admin' }],
    ['/schedule', { kind: 'schedule' }],
    ['/pages/schedule', { kind: 'custom', slug: 'schedule' }],
    ['/pages/media', { kind: 'custom', slug: 'media' }],
  ])('%s', (url, expected) => {
    expect(route(url)).toEqual(expected);
  });

  test.each([
    '/tracker/matches/abc',
    '/tracker/matches/0',
    '/tracker/matches/012',
    '/tracker/matches/2147483648',
    '/tracker/matches/99999999999',
    '/tracker/matches/1.5',
    '/tracker/matches/',
    '/tracker/players?playerId=abc',
    '/tracker/players?playerId=-1',
    '/tracker/leaderboard?season=x',
    '/tracker/leaderboard?mode=1e3',
    '/tracker/compare?a=1&b=two',
    '/tracker/nope',
    '/tracker/matches/1/extra',
    '/Upper-Case',
    '/under_score',
    '/a/b',
    '/caf%C3%A9',
    // Only a page whose slug became a route is served under /pages/: the rest have one address.
    '/pages/events',
    '/pages/about',
    '/pages/schedule/x',
  ])('%s is a not-found', (url) => {
    expect(route(url)).toEqual({ kind: 'not-found' });
  });
});
